"""A value in a clause a reason word opens is the reason, not the answer, in every language with REASON rows
(WordClass.REASON: "porque", "weil", "parce que", "因为", "karena"): a text that states no other value states
none; a conclusion word after the reason opens the main clause ("Vì 2^5 = 32 nên chọn C")."""

from __future__ import annotations

import pytest
from verdicts import verdict as _verdict

from rewardcheck.rewards.engine.lexicon import LANGUAGE_ROWS, WORDS, WordClass

REASON_LANGUAGES = sorted(
    ["en"] + [lang for lang, rows in LANGUAGE_ROWS.items() if rows.words.get(WordClass.REASON)]
)
OPENINGS = {  # a few words of the language before the reason, so that a gated word is read
    "en": "It works",
    "de": "Das stimmt so",
    "fr": "C'est juste",
    "es": "Es así",
    "pt": "Está certo",
    "it": "È giusto",
    "ru": "Это верно",
    "zh": "这是对的",
    "ar": "هذا صحيح",
    "vi": "Điều này đúng",
    "id": "Itu benar",
}


def _reasons(lang: str) -> tuple[str, ...]:
    rows = WORDS if lang == "en" else LANGUAGE_ROWS[lang].words
    return tuple(rows[WordClass.REASON])


def test_every_reason_language_has_an_opening() -> None:
    assert set(REASON_LANGUAGES) <= set(OPENINGS)


@pytest.mark.parametrize("lang", REASON_LANGUAGES)
def test_a_value_in_a_reason_clause_is_no_answer(lang: str) -> None:
    for word in _reasons(lang):
        text = f"{OPENINGS[lang]}, {word} 2 × 4 = 8."
        assert _verdict(text, "8") != "correct", text


@pytest.mark.parametrize(
    "text",
    [
        "Vì $2^5 = 32$ nên chọn **C**.",
        "因为 2^5 = 32，所以选 C。",
        "Porque 2^5 = 32, entonces la respuesta es C.",
    ],
)
def test_a_conclusion_after_the_reason_opens_the_main_clause(text: str) -> None:
    assert _verdict(text, "C") == "correct", text


@pytest.mark.parametrize(
    "text",
    [
        "The car would travel \\(\\boxed{137}\\) miles.",
        "Le résultat est 137 car 100 + 37 = 137.",
        "La respuesta es 137 porque 100 + 37 = 137.",
    ],
)
def test_the_answer_before_a_reason_stays(text: str) -> None:
    assert _verdict(text, "137") == "correct", text
