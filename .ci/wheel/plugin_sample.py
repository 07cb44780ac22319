"""A user's test file: the pytest plugin comes from the installed wheel's ``pytest11`` entry point."""

from __future__ import annotations

import pytest


def exact_text_reward(completions: list[str], solution: list[str], **kwargs: object) -> list[float]:
    return [1.0 if gold.strip("$") in text else 0.0 for text, gold in zip(completions, solution, strict=True)]


def test_broken_reward_is_caught(check_reward) -> None:  # type: ignore[no-untyped-def]
    report = check_reward(exact_text_reward, kind="accuracy", max_examples=4)
    with pytest.raises(AssertionError, match="invariants fail"):
        report.assert_ok()


def test_patched_accuracy_holds(check_reward) -> None:  # type: ignore[no-untyped-def]
    from rewardcheck import accuracy_reward

    check_reward(accuracy_reward, kind="accuracy", max_examples=4, invariants=["well_formed"]).assert_ok()
