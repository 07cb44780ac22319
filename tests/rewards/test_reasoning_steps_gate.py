"""Patched ``reasoning_steps`` pays steps only under a correct answer (the reward fix the cure campaign found:
ungated, GRPO added steps that do "work" without being right and lost accuracy)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rewardcheck import get_reward_funcs


def steps_reward(**extra: object):  # type: ignore[no-untyped-def]
    return get_reward_funcs({"reward_funcs": ["reasoning_steps"], **extra}, {"max_completion_length": 512})[0]


def trace(a: int, b: int, answer: int, extra_steps: int = 0) -> str:
    lines = [f"First, take the number {a}.", f"Next, add {b} to the number {a}."]
    lines += [f"Next, add {k + 1} to the running total." for k in range(extra_steps)]
    lines.append(f"Finally, the answer is {answer}.")
    return "<think>\n" + "\n".join(lines) + "\n</think>\n\\boxed{" + str(answer) + "}"


@settings(max_examples=40, deadline=None, derandomize=True)
@given(a=st.integers(0, 99), b=st.integers(0, 99), off=st.integers(1, 9), extra=st.integers(0, 3))
def test_steps_under_a_wrong_answer_earn_nothing_and_under_a_right_one_they_pay(
    a: int, b: int, off: int, extra: int
) -> None:
    reward = steps_reward()
    gold = f"${a + b}$"
    right, wrong = trace(a, b, a + b, extra), trace(a, b, a + b + off, extra)
    paid = reward([right, wrong], solution=[gold, gold])
    assert paid[1] == 0.0
    assert paid[0] is not None and paid[0] > 0.0
    assert "wrong answer" in reward.explain([wrong], solution=[gold])[0].reason


def test_ungated_is_a_setting_and_pays_steps_whatever_the_answer() -> None:
    reward = steps_reward(reasoning_steps_gate="none")
    gold = "$5$"
    assert reward([trace(2, 3, 9, 1)], solution=[gold]) == [1.0]


def test_without_a_solution_column_the_steps_are_paid_and_the_reason_says_so() -> None:
    reward = steps_reward()
    result = reward.explain([trace(2, 3, 5, 1)])[0]
    assert result.value == 1.0 and "not gated" in result.reason


def test_an_unknown_gate_is_refused() -> None:
    with pytest.raises(ValueError, match="gate"):
        steps_reward(reasoning_steps_gate="sometimes")
