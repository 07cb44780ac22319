"""The drop-in registry: profile names, script-args forms, upstream names, clear errors."""

from __future__ import annotations

from dataclasses import dataclass, field

import pytest

import rewardcheck.rewards as rewards
from rewardcheck.rewards import PROFILES, RewardArgs, UnknownRewardError, build_registry, get_reward_funcs

UPSTREAM_NAMES = {
    "accuracy": "accuracy_reward",
    "format": "format_reward",
    "reasoning_steps": "reasoning_steps_reward",
    "cosine": "cosine_scaled_reward",
    "repetition_penalty": "repetition_penalty_reward",
    "length": "len_reward",
    "tag_count": "tag_count_reward",
    "soft_overlong_punishment": "soft_overlong_punishment_reward",
}


@dataclass
class FakeGRPOScriptArguments:
    """The fields of open-r1's GRPOScriptArguments that the registry reads (plus unrelated ones)."""

    dataset_name: str = "open-r1/OpenR1-Math-220k"
    reward_funcs: list[str] = field(default_factory=lambda: ["accuracy", "format", "cosine"])
    cosine_min_value_wrong: float = -1.0
    cosine_max_value_wrong: float = -0.5
    cosine_min_value_correct: float = 0.5
    cosine_max_value_correct: float = 1.0
    cosine_max_len: int = 1000
    repetition_n_grams: int = 3
    repetition_max_penalty: float = -1.0
    max_completion_len: int = 16384
    soft_punish_cache: int = 4096


@pytest.mark.parametrize("profile", ["openr1@e4ac3ae", "openr1@1416fa0"])
def test_object_and_dict_give_the_same_functions(profile: str) -> None:
    obj = FakeGRPOScriptArguments()
    from_obj = get_reward_funcs(obj, profile=profile)
    from_dict = get_reward_funcs(vars(obj), profile=profile)
    assert [f.__name__ for f in from_obj] == ["accuracy_reward", "format_reward", "cosine_scaled_reward"]
    assert [f.__name__ for f in from_dict] == [f.__name__ for f in from_obj]
    completions = [[{"role": "assistant", "content": "The answer is $\\boxed{4}$" + " pad" * 100}]]
    assert from_obj[2](completions, solution=["$4$"]) == from_dict[2](completions, solution=["$4$"])


@pytest.mark.parametrize("profile", list(PROFILES))
def test_every_registered_function_carries_its_upstream_name(profile: str) -> None:
    registry = build_registry({}, profile)
    for key, func in registry.items():
        assert func.__name__ == UPSTREAM_NAMES[key], (profile, key)
        assert callable(func.explain)


def test_e4ac3ae_has_only_the_rewards_of_that_commit() -> None:
    assert set(build_registry({}, "openr1@e4ac3ae")) == {
        "accuracy",
        "format",
        "reasoning_steps",
        "cosine",
        "repetition_penalty",
    }


def test_unknown_reward_lists_the_valid_ones() -> None:
    with pytest.raises(UnknownRewardError) as info:
        get_reward_funcs({"reward_funcs": ["accuracy", "acuracy"]}, profile="openr1@1416fa0")
    message = str(info.value)
    assert "'acuracy'" in message and "tag_count" in message and "openr1@1416fa0" in message


def test_unknown_profile_is_a_clear_error() -> None:
    with pytest.raises(ValueError, match="valid profiles: openr1@e4ac3ae, openr1@1416fa0, patched"):
        get_reward_funcs({"reward_funcs": ["accuracy"]}, profile="openr1@nope")


def test_short_commit_aliases_resolve() -> None:
    a = get_reward_funcs({"reward_funcs": ["format"]}, profile="e4ac3ae")[0]
    b = get_reward_funcs({"reward_funcs": ["format"]}, profile="openr1@e4ac3ae")[0]
    assert a is b


def test_cosine_config_reaches_the_factory() -> None:
    text = ["no answer here " * 10]
    short = get_reward_funcs({"reward_funcs": ["cosine"], "cosine_max_len": 100}, profile="openr1@e4ac3ae")[0]
    long = get_reward_funcs({"reward_funcs": ["cosine"], "cosine_max_len": 100000}, profile="openr1@e4ac3ae")[
        0
    ]
    assert short(text, solution=["$1$"]) != long(text, solution=["$1$"])


def test_reward_args_defaults_are_open_r1_cli_defaults() -> None:
    args = RewardArgs.from_any(None)
    assert (args.cosine_min_value_wrong, args.cosine_max_value_wrong) == (0.0, -0.5)
    assert (args.cosine_min_value_correct, args.cosine_max_value_correct, args.cosine_max_len) == (
        0.5,
        1.0,
        1000,
    )
    assert args.reward_funcs == ("accuracy", "format", "tag_count")


def test_module_registry_mirrors_default_profile() -> None:
    registry = rewards.REWARD_FUNCS_REGISTRY
    assert set(registry) == set(build_registry({}, rewards.DEFAULT_PROFILE))
