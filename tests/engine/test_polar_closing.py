"""A text that closes on a label and a yes or a no word of its language ("Risposta: sì.", "Trả lời: Đúng.",
"**Answer:** Yes") answered a yes/no question: the value of the reasoning before it was its data, not an
answer, against a numeric gold (``polar_answer.labelled_polar``). A question on the value before the label
("Is it 13? Answer: yes.") and a labelled value are read as before."""

from __future__ import annotations

import pytest
from answer_labels import LABELS
from verdicts import verdict as _verdict

from rewardcheck.rewards.engine.lexicon import LANGUAGE_ROWS, WORDS, WordClass

YES_NO = {  # one yes and one no word per language, each a row of its AFFIRMATION / NEGATIVE_ANSWER class
    "en": ("Yes", "No"),
    "fr": ("Oui", "Non"),
    "es": ("Sí", "No"),
    "de": ("Ja", "Nein"),
    "it": ("Sì", "No"),
    "pt": ("Sim", "Não"),
    "ru": ("Да", "Нет"),
    "ja": ("はい", "いいえ"),
    "ko": ("예", "아니요"),
    "ar": ("نعم", "لا"),
    "vi": ("Đúng", "Không"),
    "id": ("Iya", "Tidak"),
    "tr": ("Evet", "Hayır"),
    "zh": ("是", "否"),
    "hi": ("हाँ", "नहीं"),
}


def _rows(lang: str, word_class: WordClass) -> set[str]:
    rows = WORDS if lang == "en" else LANGUAGE_ROWS[lang].words
    return {w.casefold() for w in rows.get(word_class, ())}


@pytest.mark.parametrize("lang", sorted(YES_NO))
def test_the_words_are_rows_of_the_lexicon(lang: str) -> None:
    yes, no = YES_NO[lang]
    assert yes.casefold() in _rows(lang, WordClass.AFFIRMATION)
    assert no.casefold() in _rows(lang, WordClass.NEGATIVE_ANSWER)


@pytest.mark.parametrize("lang", sorted(YES_NO))
def test_a_labelled_yes_or_no_closes_on_no_value(lang: str) -> None:
    for word in YES_NO[lang]:
        text = f"60 : 4 = 15.\n{LABELS[lang]} {word}."
        assert _verdict(text, "60") != "correct", text
        assert _verdict(text, "15") != "correct", text


@pytest.mark.parametrize("lang", sorted(YES_NO))
def test_a_labelled_value_is_read(lang: str) -> None:
    assert _verdict(f"60 : 4 = 15.\n{LABELS[lang]} 15.", "15") == "correct"


def test_a_polar_gold_is_still_answered_by_the_word() -> None:
    assert _verdict("29 is prime.\nAnswer: Yes.", "Yes") == "correct"
    assert _verdict("29 is prime.\nAnswer: Yes.", "No") != "correct"
