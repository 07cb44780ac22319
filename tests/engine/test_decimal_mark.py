"""A number in groups of three is read as the language the answer is written in writes numbers
(``LanguageRows.decimal_mark``: "1.250 Einwohner" is 1250 in German, "3,500 m" is 3.5 in French); where no
language besides English is evident, the gold decides which separator is which, as before."""

from __future__ import annotations

import pytest

from rewardcheck.rewards.engine import judge
from rewardcheck.rewards.engine.lexicon import LANGUAGE_ROWS

BY_LANGUAGE = [  # (text, the value its language reads, the value the other convention reads)
    ("Die Antwort ist 1.250 Einwohner.", "1250", "1.25"),
    ("La respuesta es 1.250 habitantes.", "1250", "1.25"),
    ("La réponse est 3,500 m.", "3.5", "3500"),
    ("Ответ: 3,500 м", "3.5", "3500"),
    ("La risposta è 1.500 abitanti.", "1500", "1.5"),
    ("A resposta é 2.500 reais.", "2500", "2.5"),
    ("答案是 1,250 元。", "1250", "1.25"),
    ("答えは 1,200円です。", "1200", "1.2"),
]


@pytest.mark.parametrize(("text", "value", "other"), BY_LANGUAGE)
def test_a_grouped_number_is_read_as_its_language_writes_it(text: str, value: str, other: str) -> None:
    assert judge(text, value).verdict.value == "correct", judge(text, value).reason
    got = judge(text, other)
    assert got.verdict.value != "correct", (text, got.reason)


@pytest.mark.parametrize("gold", ["1250", "1.25"])
def test_without_a_language_the_gold_decides(gold: str) -> None:
    assert judge("1.250", gold).verdict.value == "correct"
    assert judge("The answer is 1,250.", gold).verdict.value == "correct"  # English is no evidence


def test_every_language_of_a_known_convention_says_it() -> None:
    marks = {language: rows.decimal_mark for language, rows in LANGUAGE_ROWS.items()}
    assert marks["de"] == marks["fr"] == marks["ru"] == marks["tr"] == ","
    assert marks["zh"] == marks["ja"] == marks["hi"] == "."
    assert set(marks.values()) <= {",", ".", ""}
