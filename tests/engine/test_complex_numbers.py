"""A complex number written with the letter i (math-verify reads it as a variable, real in one parse and not
in another): where the gold holds i and no other variable, both sides are compared as complex numbers
(``compare/complex_values.py``), in any spelling: factored, with decimal commas, a chain's last member."""

from __future__ import annotations

import pytest

from rewardcheck.rewards.engine import judge


@pytest.mark.parametrize(
    ("answer", "gold", "other"),
    [
        ("5(1 + i)", "5 + 5i", "5 + 4i"),
        ("0{,}6 - 0{,}8i", "\\frac{3}{5} - \\frac{4}{5}i", "\\frac{3}{5} + \\frac{4}{5}i"),
        ("0.6 - 0.8i", "\\frac{3}{5} - \\frac{4}{5}i", "\\frac{4}{5} - \\frac{3}{5}i"),
        ("\\frac{-3+4i}{5}", "-\\frac{3}{5} + \\frac{4}{5}i", "-\\frac{3}{5} - \\frac{4}{5}i"),
        ("\\frac{1 + 4i + 4i^2}{5}", "-\\frac{3}{5} + \\frac{4}{5}i", "\\frac{3}{5} + \\frac{4}{5}i"),
        ("i(2 - 3i)", "3 + 2i", "3 - 2i"),
    ],
)
def test_the_same_complex_number_in_another_spelling_is_paid(answer: str, gold: str, other: str) -> None:
    text = f"Donc $z = {answer}$."
    assert judge(text, gold).verdict.value == "correct", text
    assert judge(text, other).verdict.value == "wrong", text


def test_a_chain_ends_on_its_value() -> None:
    text = "$$\\frac{1+2i}{1-2i} = \\frac{(1+2i)^2}{5} = \\frac{-3+4i}{5}$$"
    assert judge(text, "-\\frac{3}{5} + \\frac{4}{5}i").verdict.value == "correct"


@pytest.mark.parametrize(("answer", "gold"), [("2i + x", "2i + x"), ("3 + 2j", "3 + 2i")])
def test_other_variables_are_left_to_verify(answer: str, gold: str) -> None:
    j = judge(f"So $z = {answer}$.", gold)
    assert j.rule != "compare.complex"
