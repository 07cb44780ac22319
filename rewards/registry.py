"""Profiles and the drop-in ``get_reward_funcs`` for open-r1's ``grpo.py`` and TRL's ``GRPOTrainer``.

A *profile* names a reward implementation: ``openr1@e4ac3ae`` and ``openr1@1416fa0`` reproduce upstream
(bugs included), ``patched`` fixes every known fault.

>>> funcs = get_reward_funcs({"reward_funcs": ["accuracy", "format"]}, profile="openr1@e4ac3ae")
>>> [f.__name__ for f in funcs]
['accuracy_reward', 'format_reward']
"""

from __future__ import annotations

import importlib
import warnings
from collections.abc import Callable
from typing import Any

from .args import RewardArgs
from .result import RewardFunc

__all__ = [
    "PROFILES",
    "DEFAULT_PROFILE",
    "TruncationUnknownWarning",
    "UnknownRewardError",
    "build_registry",
    "get_reward_funcs",
]

# profile name -> module exposing ``build_registry(RewardArgs) -> dict[str, RewardFunc]``
PROFILES: dict[str, str] = {
    "openr1@e4ac3ae": "rewardcheck.rewards.upstream.openr1_e4ac3ae",
    "openr1@1416fa0": "rewardcheck.rewards.upstream.openr1_1416fa0",
    "patched": "rewardcheck.rewards.patched.registry",
}
ALIASES = {
    "e4ac3ae": "openr1@e4ac3ae",
    "openr1@e4ac3ae070e43d7923f806c4e66c45e32ea52969": "openr1@e4ac3ae",
    "1416fa0": "openr1@1416fa0",
    "openr1@1416fa0cf21595d2083b399a2a0bbddd7f6e9563": "openr1@1416fa0",
    "openr1@main": "openr1@1416fa0",
    "upstream": "openr1@1416fa0",
}
DEFAULT_PROFILE = "patched"


class UnknownRewardError(KeyError):
    def __str__(self) -> str:
        return str(self.args[0])


def resolve_profile(profile: str) -> str:
    name = ALIASES.get(profile, profile)
    if name not in PROFILES:
        raise ValueError(f"unknown reward profile {profile!r}; valid profiles: {', '.join(PROFILES)}")
    return name


def build_registry(script_args: Any = None, profile: str = DEFAULT_PROFILE) -> dict[str, RewardFunc]:
    """Name -> reward function for ``profile``, configured from ``script_args`` (object, dict or None)."""
    name = resolve_profile(profile)
    module = importlib.import_module(PROFILES[name])
    builder: Callable[[RewardArgs], dict[str, RewardFunc]] = module.build_registry
    return builder(RewardArgs.from_any(script_args))


class TruncationUnknownWarning(UserWarning):
    """``get_reward_funcs`` could not learn ``max_completion_length``: truncation is read from the text."""


def get_reward_funcs(
    script_args: Any = None, training_args: Any = None, profile: str = DEFAULT_PROFILE
) -> list[RewardFunc]:
    """The list open-r1's ``grpo.py`` passes to ``GRPOTrainer(reward_funcs=...)``, in ``reward_funcs`` order.

    ``training_args`` (TRL's or open-r1's ``GRPOConfig``, or a mapping) supplies what open-r1 keeps in the
    training config: ``max_completion_length`` (so that a completion cut at the limit is judged cut),
    ``num_generations`` and ``system_prompt`` (the layout the patched ``format`` asks for). Without it, and
    without ``max_completion_length`` in ``script_args``, the patched profile warns that truncation is read
    from the text alone.

    >>> fs = get_reward_funcs({"reward_funcs": ["accuracy"]}, {"max_completion_length": 4})
    >>> fs[0](["\\boxed{3}"], solution=["$3$"], completion_ids=[[5, 6, 7, 8]])
    [0.0]
    """
    if isinstance(training_args, str):  # the 0.1 signature: get_reward_funcs(script_args, profile)
        warnings.warn(
            "get_reward_funcs(script_args, profile) is get_reward_funcs(script_args, training_args, "
            "profile=...) since 0.2: pass the profile by keyword",
            DeprecationWarning,
            stacklevel=2,
        )
        profile, training_args = training_args, None
    args = RewardArgs.from_any(script_args)
    if training_args is not None:
        args = args.with_training(training_args)
    registry = build_registry(args, profile)
    missing = [f for f in args.reward_funcs if f not in registry]
    if missing:
        raise UnknownRewardError(
            f"unknown reward function(s) {', '.join(map(repr, missing))} for profile {resolve_profile(profile)!r}; "
            f"valid: {', '.join(sorted(registry))}"
        )
    if resolve_profile(profile) == "patched" and args.max_completion_length is None:
        warnings.warn(
            "rewardcheck: max_completion_length is unknown, so a completion cut at the limit is judged from "
            "its text alone (a cut that still shows an answer is paid); pass the training config: "
            "get_reward_funcs(script_args, training_args)",
            TruncationUnknownWarning,
            stacklevel=2,
        )
    return [registry[f] for f in args.reward_funcs]
