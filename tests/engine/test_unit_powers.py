"""A square or a cube written onto the unit of a value ("40 cm2", "24 cm^3", "16\\pi\\,\\text{cm}^2", "36 м2") is
the unit's power, no value of its own: the value before it is the answer, in every language of the lexicon."""

from __future__ import annotations

import pytest
from answer_labels import LABELS
from verdicts import verdict as _verdict

POWERED_UNITS = ["cm2", "cm^2", "cm^3", "cm3", "m^{2}", "\\text{cm}^2", "\\,\\text{m}^3", "м2", "km²"]


@pytest.mark.parametrize("lang", sorted(LABELS))
@pytest.mark.parametrize("unit", POWERED_UNITS)
def test_the_value_before_a_powered_unit_is_the_answer(lang: str, unit: str) -> None:
    text = f"8 × 5 = 40\n{LABELS[lang]} 40 {unit}"
    assert _verdict(text, "40") == "correct", text
    for gold in ("2", "3", "41"):
        assert _verdict(text, gold) != "correct", (text, gold)


@pytest.mark.parametrize(
    "text",
    [
        "Área = 8 × 5 = 40\n40 cm2",
        "V = 2 × 5 × 4 = 40\n40 cm^3",
        "Antwort: A = 40\\,\\text{cm}^2",
        "Площадь равна 40 м2.",
        "L'aire vaut donc 40 m^2.",
        "Diện tích là 40 cm^2.",
    ],
)
def test_in_the_closing_lines_of_a_solution(text: str) -> None:
    assert _verdict(text, "40") == "correct", text


@pytest.mark.parametrize(
    ("text", "gold"),
    [
        ("x^2 = 16, so x = 4", "4"),  # a power of a variable is the equation's, not a unit's
        ("The area is 3^2 = 9", "9"),
        ("The answer is 5 cm and 2", "5"),  # a number after a word and a space is a value of its own
    ],
)
def test_powers_that_are_no_unit_stay(text: str, gold: str) -> None:
    assert _verdict(text, gold) == "correct", text


def test_a_lone_power_after_a_word_is_still_read() -> None:
    # no value stands before the unit: "cm2" alone states 2 (read, and wrong against 40)
    assert _verdict("The answer is cm2.", "40") != "correct"
