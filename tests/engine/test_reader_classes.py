"""Wordings of issue 37's classes, each in several forms: a computation chain with no label (its result, a
unit after it), a value stated then discarded, "X, not Y", a multiple-choice letter given with its value, a
set or pair stated in words; and the false credits: a box that is supposed, or reported from someone else."""

from __future__ import annotations

import pytest

from rewardcheck.rewards.engine import judge


def verdict(closing: str, gold: str) -> str:
    return judge(f"<think>Work it out step by step.</think>\n{closing}", gold).verdict.value


PAID = [
    ("Area = 4 \\times 5 = 20 cm²", "20", "21"),
    ("The area is length times width: 4 × 5 = 20 cm^2.", "20", "4"),
    ("3 + 4 = 7, 7 * 2 = 14", "14", "7"),
    ("Distance = 60 \\cdot 2 = 120 km", "120", "60"),
    ("We had 15 at first, but that counted a corner twice; removing it gives 12.", "12", "15"),
    ("My first count was 30, but two were duplicates, so the total is 28.", "28", "30"),
    ("The answer is 12, not 15.", "12", "15"),
    ("The answer is 12 (not 15).", "12", "15"),
    ("The answer is (C) 24.", "C", "B"),
    ("(C) 24", "C", "A"),
    ("Option D, which is 24.", "D", "C"),
    ("\\boxed{(B) 7}", "B", "C"),
    ("The answer is (C) 24.", "24", "23"),
    ("x lies strictly between -1 and 4.", "(-1,4)", "[-1,4]"),
    ("The solution set is all x between 2 and 5, inclusive.", "[2,5]", "(2,5)"),
    ("So x = 3 and y = -1.", "(3,-1)", "(-1,3)"),
    ("Therefore a = 2 and b = 5.", "(2,5)", "(5,2)"),
    ("The vertex has x-coordinate 3 and y-coordinate -1.", "(3,-1)", "(3,1)"),
    ("The answer is 7, since 3 + 4 = 7.", "7", "3"),
    # the problem's own modal and a theory it poses are no supposition and no other source
    ("The car would travel \\(\\boxed{137 \\frac{1}{2}}\\) miles in 2 hours.", "137\\frac{1}{2}", "137"),
    ("According to Daniel's theory, \\boxed{9} customers would buy it.", "9", "8"),
    ("So the fewest coins we could have had is $\\boxed{224}$.", "224", "223"),
    (
        "So the number of ways if the word must start and end with a vowel is \\(\\boxed{720}\\).",
        "720",
        "721",
    ),
    ("The answer is 12 because 3 times 4 is 12.", "12", "3"),
    ("所以答案是 **45** 元。", "45", "44"),
    ("因此一共有 36 个。", "36", "35"),
]


@pytest.mark.parametrize(("closing", "gold", "other"), PAID)
def test_the_stated_value_is_paid_and_only_it(closing: str, gold: str, other: str) -> None:
    assert verdict(closing, gold) == "correct", closing
    assert verdict(closing, other) != "correct", closing


NOT_ASSERTED = [
    ("Were the answer \\boxed{5}, the sum would be odd.", "5"),
    ("If the answer were \\boxed{5}, the sum would be odd. It is 6.", "5"),
    ("Suppose the answer is \\boxed{5}; then 2x would be 10, a contradiction.", "5"),
    ("The answer key says \\boxed{5}, but I get 7.", "5"),
    ("My friend claims \\boxed{5}.", "5"),
    ("According to the answer key, \\boxed{5}. I get 7.", "5"),
    ("According to the textbook, \\boxed{5}.", "5"),
    ("The total is 15, but it would be 12 without the fee.", "12"),
    ("E = mc^2", "E"),
]


@pytest.mark.parametrize(("closing", "gold"), NOT_ASSERTED)
def test_a_supposed_or_reported_value_is_never_paid(closing: str, gold: str) -> None:
    assert verdict(closing, gold) != "correct", closing


def test_a_turn_that_only_supposes_keeps_the_first_value() -> None:
    assert verdict("The total is 15, but it would be 12 without the fee.", "15") == "correct"
