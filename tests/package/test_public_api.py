"""The public face: ``rewardcheck`` exports what users call, lazily, and the CLI lists only user commands."""

from __future__ import annotations

import subprocess
import sys

import pytest

import rewardcheck
from rewardcheck.cli import COMMANDS, build_parser

USER_COMMANDS = ("scan", "check", "check_reward", "diff", "logs", "simulate", "probe_rm")


def test_import_is_cheap() -> None:
    # a trainer imports rewardcheck before anything else: neither sympy nor transformers may come with it
    code = "import sys, rewardcheck; print(sorted(m for m in ('sympy', 'transformers', 'rewardcheck.bench') if m in sys.modules))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


@pytest.mark.parametrize(
    "name",
    [
        "get_reward_funcs",
        "judge",
        "check_reward",
        "check_composite",
        "guarded",
        "RewardcheckCallback",
        "accuracy_reward",
        "format_reward",
        "tag_count_reward",
        "reasoning_steps_reward",
        "len_reward",
        "get_cosine_scaled_reward",
        "get_repetition_penalty_reward",
        "get_soft_overlong_punishment",
    ],
)
def test_every_public_name_resolves(name: str) -> None:
    assert name in rewardcheck.__all__
    assert callable(getattr(rewardcheck, name))


def test_unknown_name_is_an_attribute_error() -> None:
    with pytest.raises(AttributeError, match="no attribute 'nope'"):
        _ = rewardcheck.nope  # type: ignore[attr-defined]


def test_rewards_by_upstream_name_are_the_patched_ones() -> None:
    assert rewardcheck.accuracy_reward.__name__ == "accuracy_reward"
    text = "<think>\nFirst, add 1 and 2 to get 3.\n</think>\nThe answer is $\\boxed{3}$."
    assert rewardcheck.accuracy_reward([text, "First, Finally,"], solution=["$3$", "$3$"]) == [1.0, 0.0]
    assert rewardcheck.reasoning_steps_reward(["First, Finally,"]) == [0.0]  # the seed exploit earns nothing


def test_judge_gives_the_verdict_and_its_reason() -> None:
    j = rewardcheck.judge("<think>\nok\n</think>\n\\boxed{\\dfrac{1}{2}}", "0.5")
    assert (j.verdict.value, j.answer) == ("correct", "\\dfrac{1}{2}")
    assert j.reason
    refused = rewardcheck.judge("It is not \\boxed{4}.", "4")
    assert refused.verdict.value != "correct" and refused.reason


def test_cli_lists_only_user_commands() -> None:
    assert COMMANDS == USER_COMMANDS
    helptext = build_parser().format_help()
    for maintainer in ("perf", "fixtures"):
        assert f"    {maintainer} " not in helptext
