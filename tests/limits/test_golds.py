"""Issue 22, finding 5: every reward gives a verdict, never raises, on any gold type it accepts (integers past
Python's 4,300-digit ``str()`` limit included)."""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction
from typing import Any

import pytest

from rewardcheck.rewards import build_registry
from rewardcheck.rewards.adapters.verl import compute_score
from rewardcheck.rewards.patched.correctness import MAX_GOLD_DIGITS, safe_gold_text

T = "<think>\nok\n</think>\n\\boxed{5}"
REG = build_registry({"cosine_count_chars": True}, "patched")
GOLDS: list[Any] = [
    10**4300,
    10**5000,
    -(10**5000) - 7,
    10 ** (MAX_GOLD_DIGITS + 10),
    [10**5000, 5],
    (5, 10**4300),
    5,
    5.0,
    float("nan"),
    Fraction(5),
    Decimal("5"),
    True,
    None,
    "5",
]


def test_len_reward_with_an_int_gold_past_the_digit_limit() -> None:
    # was: ValueError: Exceeds the limit (4300 digits) for integer string conversion
    out = REG["length"](completions=[T, T + " "], solution=[10**4300] * 2, completion_ids=[[1] * 7, [1] * 9])
    assert out == [0.0, 0.0] or all(v is None or -1.0 <= v <= 1.0 for v in out)


def test_verl_compute_score_with_an_int_gold_past_the_digit_limit() -> None:
    out = compute_score("math", T, 10**5000)
    assert out["verdict"] == "wrong" and out["score"] == 0.0
    assert compute_score("math", T, [10**5000, 5])["verdict"] == "correct"  # a list of golds: the second


@pytest.mark.parametrize("gold", GOLDS, ids=lambda g: type(g).__name__)
def test_no_reward_raises_on_any_gold_type(gold: Any) -> None:
    for name, f in REG.items():
        if name == "soft_overlong_punishment":
            continue  # takes no gold
        values = f(completions=[T], solution=[gold], completion_ids=[[1] * 7])
        assert len(values) == 1, name
    out = compute_score("math", T, gold)
    assert isinstance(out["verdict"], str) and out["score"] in (0.0, 1.0)


def test_gold_text_is_exact_and_bounded() -> None:
    assert safe_gold_text(10**5000) == "1" + "0" * 5000
    assert safe_gold_text(-(10**4300)) == "-1" + "0" * 4300
    assert safe_gold_text(10 ** (MAX_GOLD_DIGITS + 1)) == "an integer gold too long to write out"
    assert safe_gold_text((1, "x")) == "(1, x)"
