"""A fraction written denominator first with a part-of word (``WordClass.PART_OF``: "分之", "分の", "분의")
inside a box or math delimiters is the fraction, whatever writes its two sides: digits, Han numerals, or a
language's letters for them ("3분의 2", "삼분의 이"). Running text already read it; a box took it as text.
"""

from __future__ import annotations

import pytest

from rewardcheck.rewards.engine import judge

_WRAPS = [
    "答案是\\boxed{{{v}}}。",
    "答えは$\\boxed{{{v}}}$です。",
    "답은 $\\boxed{{{v}}}$입니다.",
    "Final: ${v}$",
]
_TWO_THIRDS = [
    "3分之2",
    "3分の2",
    "3분의 2",
    "3분의2",
    "三分之二",
    "三分の二",
    "삼분의 이",
    "3分之二",
    "三分の2",
]


@pytest.mark.parametrize("wrap", _WRAPS)
@pytest.mark.parametrize("value", _TWO_THIRDS)
def test_a_fraction_written_denominator_first_in_a_box_is_the_fraction(wrap: str, value: str) -> None:
    text = wrap.format(v=value)
    assert judge(text, "\\frac{2}{3}").verdict.value == "correct", text
    assert judge(text, "\\frac{3}{2}").verdict.value == "wrong", text
    assert judge(text, "2").verdict.value == "wrong", text


@pytest.mark.parametrize(
    ("value", "gold"),
    [("百分之五十", "50\\%"), ("100分之5", "5\\%"), ("4分之1", "0.25"), ("12분의 5", "\\frac{5}{12}")],
)
def test_hundredths_and_other_golds(value: str, gold: str) -> None:
    assert judge(f"答案是\\boxed{{{value}}}。", gold).verdict.value == "correct"


@pytest.mark.parametrize("value", ["0분의 1", "分之3", "3分之", "3분의 x"])
def test_a_side_that_is_no_number_is_no_fraction(value: str) -> None:
    assert judge(f"답은 $\\boxed{{{value}}}$입니다.", "\\frac{1}{3}").verdict.value != "correct"


def test_running_text_still_reads_it() -> None:
    assert judge("따라서 답은 3분의 2입니다.", "\\frac{2}{3}").verdict.value == "correct"
