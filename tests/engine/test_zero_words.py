"""A word that says there are none, standing as an answer of its own after an answer label or as its whole
statement (WordClass.ZERO_WORD: "**Answer: nobody**", "Ответ: никто", "¿Cuántos reprobaron? Ninguno."), is the
value 0 in every language of the lexicon; such a word inside a sentence names no value."""

from __future__ import annotations

import pytest
from answer_labels import LABELS, phrases_of
from verdicts import verdict as _verdict

from rewardcheck.rewards.engine.lexicon import WordClass


@pytest.mark.parametrize("lang", sorted(LABELS))
def test_a_labelled_zero_word_is_zero(lang: str) -> None:
    for word in phrases_of(lang, WordClass.ZERO_WORD)[:3]:
        text = f"12 - 12 = 0\n**{LABELS[lang]} {word}**"
        assert _verdict(text, "0") == "correct", text
        assert _verdict(text, "12") != "correct", text


@pytest.mark.parametrize(
    ("text", "gold"),
    [
        ("Revisando la lista, los 25 estudiantes aprobaron.\n¿Cuántos reprobaron? Ninguno.", "0"),
        ("All 15 came on time. How many were late? None.", "0"),
    ],
)
def test_a_zero_word_alone_is_zero(text: str, gold: str) -> None:
    assert _verdict(text, gold) == "correct", text


@pytest.mark.parametrize(
    ("text", "gold"),
    [
        ("Nobody was left standing, so 12 chairs were used.", "12"),
        ("None of the 3 options fits, so the answer is 7.", "7"),
    ],
)
def test_a_zero_word_inside_a_sentence_names_no_value(text: str, gold: str) -> None:
    assert _verdict(text, gold) == "correct", text
