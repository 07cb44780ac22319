"""A one-letter SI unit symbol written onto a number ("26m", "5s", "3L", "36m²") is the number's unit when the
gold is a number, in any language's sentence around it; a letter that names a quantity ("5x", "3t") stays a
variable, and a gold that holds the letter is compared as written."""

from __future__ import annotations

import pytest
from answer_labels import LABELS
from verdicts import verdict as _verdict


@pytest.mark.parametrize("lang", sorted(LABELS))
@pytest.mark.parametrize("value", ["26m", "26 m", "26m²", "26m^2", "26g", "26s", "26h", "26L", "26V", "26N"])
def test_a_unit_symbol_onto_the_number_is_its_unit(lang: str, value: str) -> None:
    text = f"{LABELS[lang]} {value}"
    assert _verdict(text, "26") == "correct", text
    assert _verdict(text, "27") != "correct", text  # the number still decides
    assert _verdict(text, "2.6") != "correct", text


@pytest.mark.parametrize(
    "text",
    [
        "The height is 26m.",
        "Die Höhe beträgt 26m.",
        "高さは26mです。",
        "따라서 높이는 26m입니다.",
        "Высота равна 26m.",
        "La durée est de 26s.",
        "Il volume è 26L.",
        "\\boxed{26m}",
    ],
)
def test_in_sentences_of_any_language(text: str) -> None:
    assert _verdict(text, "26") == "correct", text


@pytest.mark.parametrize("value", ["26x", "26t", "26n", "26k", "26a"])
def test_a_letter_that_names_a_quantity_stays_a_variable(value: str) -> None:
    assert _verdict(f"The answer is {value}.", "26") != "correct", value


def test_a_gold_with_the_letter_compares_as_written() -> None:
    assert _verdict("The answer is 26m.", "26m") == "correct"
    assert _verdict("The answer is 26.", "26m") != "correct"
