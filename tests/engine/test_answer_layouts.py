"""Layouts around an answer that state nothing of their own: a leading "therefore" sign ("\\therefore x_1 = 1,
x_2 = 2"), a system's solution in a ``cases`` block, a set-builder set that names the real line as its
domain ("\\{x \\mid -1 < x < 4, x \\in \\mathbb{R}\\}", "\\{x \\in \\mathbb{R} \\mid ...\\}")."""

from __future__ import annotations

import pytest

from rewardcheck.rewards.engine import judge


@pytest.mark.parametrize(
    ("text", "gold", "other"),
    [
        ("$\\therefore x_1 = 1,\\ x_2 = 2$", "\\{1, 2\\}", "\\{1, 3\\}"),
        ("$\\Rightarrow x = 4$", "4", "5"),
        ("$$\\begin{cases} x = 2 \\\\ y = -3 \\end{cases}$$", "(2, -3)", "(2, 3)"),
        ("$$\\begin{cases} a = 1, \\\\ b = 5 \\end{cases}$$", "(1, 5)", "(5, 1)"),
        ("Himpunan penyelesaian: $\\{x \\mid -1 < x < 4,\\ x \\in \\mathbb{R}\\}$.", "(-1, 4)", "(-1, 5)"),
        ("$\\{x \\in \\mathbb{R} \\mid -1 < x < 4\\}$", "(-1, 4)", "[-1, 4]"),
        ("$\\{x \\mid x \\in \\R, x \\ge 2\\}$", "[2, \\infty)", "(2, \\infty)"),
    ],
)
def test_a_layout_that_states_nothing_is_read_through(text: str, gold: str, other: str) -> None:
    assert judge(text, gold).verdict.value == "correct", text
    assert judge(text, other).verdict.value == "wrong", text


def test_a_cases_block_of_conditions_stays_as_it_is() -> None:
    text = "$$f(x) = \\begin{cases} x & x > 0 \\\\ 0 & x \\le 0 \\end{cases}$$"
    assert judge(text, "(2, -3)").verdict.value != "correct"


def test_a_german_result_verb_between_a_number_and_the_box_offers_no_choice() -> None:
    text = "Löse $-9 < 3x \\le 6$:\nDivision durch 3 liefert\n$$\\boxed{-3 < x \\le 2}$$"
    assert judge(text, "(-3, 2]").verdict.value == "correct"
