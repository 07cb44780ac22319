"""The user's suite: their own bench/ and rewards.py, and rewardcheck's plugin fixture, in one session."""

from __future__ import annotations

import sys

import pytest


def test_own_bench_package_is_theirs() -> None:
    import bench.timing

    assert bench.timing.label() == "user bench"


def test_own_rewards_module_is_theirs() -> None:
    import rewards

    assert rewards.get_reward_funcs(None)[0](["42"], solution=["$42$"]) == [1.0]


def test_plugin_fixture_checks_their_reward(check_reward) -> None:  # type: ignore[no-untyped-def]
    import rewards

    report = check_reward(rewards.accuracy_reward, kind="accuracy", max_examples=4)
    with pytest.raises(AssertionError, match=r"invariants judged: \d+ fail"):
        report.assert_ok()


def test_rewardcheck_lives_under_one_name() -> None:
    import bench
    import rewardcheck.bench
    import rewardcheck.rewards
    import rewards

    assert "site-packages" in str(rewardcheck.rewards.__file__)
    assert "site-packages" in str(rewardcheck.bench.__file__)
    assert "site-packages" not in str(bench.__file__) and "site-packages" not in str(rewards.__file__)
    assert sys.modules["bench"] is bench and sys.modules["rewards"] is rewards


def exact_text_reward(completions: list[str], solution: list[str], **kwargs: object) -> list[float]:
    return [1.0 if gold.strip("$") in text else 0.0 for text, gold in zip(completions, solution, strict=True)]


def test_patched_accuracy_holds(check_reward) -> None:  # type: ignore[no-untyped-def]
    from rewardcheck import accuracy_reward

    check_reward(accuracy_reward, kind="accuracy", max_examples=4, invariants=["well_formed"]).assert_ok()
