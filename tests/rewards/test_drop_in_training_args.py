"""open-r1's drop-in keeps its promises (issue 28): ``get_reward_funcs(script_args, training_args)`` reads the
completion limit and the system prompt from the training config, and says so when it cannot."""

from __future__ import annotations

import warnings
from types import SimpleNamespace

import pytest

from rewardcheck import get_reward_funcs
from rewardcheck.rewards.registry import TruncationUnknownWarning

CUT = "<think>\nadding the numbers gives 3\n</think>\nThe answer is \\boxed{3}."
R1_PROMPT = (
    "You are a helpful AI Assistant that provides well-reasoned and detailed responses. You first think about "
    "the reasoning process as an internal monologue and then provide the user with the answer. Respond in the "
    "following format: <think>\n...\n</think>\n<answer>\n...\n</answer>"
)


@pytest.mark.parametrize(
    "training_args",
    [
        {"max_completion_length": 8},
        SimpleNamespace(max_completion_length=8, num_generations=4, system_prompt=None),
    ],
    ids=["mapping", "grpo-config-like object"],
)
def test_a_completion_cut_at_the_limit_is_not_paid(training_args: object) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error", TruncationUnknownWarning)
        (accuracy,) = get_reward_funcs({"reward_funcs": ["accuracy"]}, training_args)
    assert accuracy([CUT], solution=["$3$"], completion_ids=[[7] * 8]) == [0.0]
    assert accuracy([CUT], solution=["$3$"], completion_ids=[[7] * 5]) == [1.0]
    reason = accuracy.explain([CUT], solution=["$3$"], completion_ids=[[7] * 8])[0].reason
    assert "truncat" in reason


def test_script_args_win_over_the_training_config() -> None:
    (accuracy,) = get_reward_funcs(
        {"reward_funcs": ["accuracy"], "max_completion_length": 100}, {"max_completion_length": 8}
    )
    assert accuracy([CUT], solution=["$3$"], completion_ids=[[7] * 8]) == [1.0]


def test_an_unknown_limit_is_said_not_silent() -> None:
    with pytest.warns(TruncationUnknownWarning, match="max_completion_length is unknown"):
        get_reward_funcs({"reward_funcs": ["accuracy"]})
    with warnings.catch_warnings():
        warnings.simplefilter("error", TruncationUnknownWarning)
        get_reward_funcs({"reward_funcs": ["accuracy"]}, profile="openr1@1416fa0")  # upstream never knew it


@pytest.mark.parametrize(
    "prompt, tagged_pays, untagged_pays",
    [
        (R1_PROMPT, 1.0, 0.0),
        ("Put your final answer within \\boxed{}.", 1.0, 1.0),
        (None, 1.0, 1.0),
    ],
    ids=["open-r1 recipe: <answer> asked", "boxed prompt: R1 layout", "no prompt known: R1 layout"],
)
def test_format_follows_the_layout_the_system_prompt_asks_for(
    prompt: str | None, tagged_pays: float, untagged_pays: float
) -> None:
    (fmt,) = get_reward_funcs(
        {"reward_funcs": ["format"]}, {"max_completion_length": 512, "system_prompt": prompt}
    )
    tagged = "<think>\nwork\n</think>\n<answer>\n3\n</answer>"
    untagged = "<think>\nwork\n</think>\nThe answer is $\\boxed{3}$."
    assert fmt([tagged, untagged]) == [tagged_pays, untagged_pays]


def test_the_layout_setting_overrides_the_prompt() -> None:
    (fmt,) = get_reward_funcs(
        {"reward_funcs": ["format"], "format_answer_tags": False},
        {"max_completion_length": 512, "system_prompt": R1_PROMPT},
    )
    assert fmt(["<think>\nwork\n</think>\nThe answer is $\\boxed{3}$."]) == [1.0]


def test_a_wrong_answer_without_tags_is_not_paid_more_than_upstream_under_the_recipe() -> None:
    args = {"reward_funcs": ["accuracy", "format", "tag_count"]}
    train = {"max_completion_length": 512, "system_prompt": R1_PROMPT}
    wrong = "<think>\nI think it is 4.\n</think>\nThe answer is 4."
    patched = sum(f([wrong], solution=["$3$"])[0] or 0.0 for f in get_reward_funcs(args, train))
    upstream = sum(
        f([wrong], solution=["$3$"])[0] or 0.0
        for f in get_reward_funcs(args, train, profile="openr1@1416fa0")
    )
    assert patched <= upstream, (patched, upstream)


def test_the_old_positional_profile_still_works_with_a_deprecation_warning() -> None:
    with pytest.warns(DeprecationWarning, match="profile"):
        funcs = get_reward_funcs({"reward_funcs": ["format"]}, "openr1@e4ac3ae")
    assert funcs[0].__name__ == "format_reward"
