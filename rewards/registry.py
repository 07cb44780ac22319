"""Profiles and the drop-in ``get_reward_funcs`` for open-r1's ``grpo.py`` and TRL's ``GRPOTrainer``.

A *profile* names a reward implementation: ``openr1@e4ac3ae`` and ``openr1@1416fa0`` reproduce upstream
(bugs included), ``patched`` fixes every known fault.

>>> funcs = get_reward_funcs({"reward_funcs": ["accuracy", "format"]}, profile="openr1@e4ac3ae")
>>> [f.__name__ for f in funcs]
['accuracy_reward', 'format_reward']
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

from .args import RewardArgs
from .result import RewardFunc

__all__ = ["PROFILES", "DEFAULT_PROFILE", "UnknownRewardError", "build_registry", "get_reward_funcs"]

# profile name -> module exposing ``build_registry(RewardArgs) -> dict[str, RewardFunc]``
PROFILES: dict[str, str] = {
    "openr1@e4ac3ae": "rewards.upstream.openr1_e4ac3ae",
    "openr1@1416fa0": "rewards.upstream.openr1_1416fa0",
    "patched": "rewards.patched.registry",
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


def get_reward_funcs(script_args: Any = None, profile: str = DEFAULT_PROFILE) -> list[RewardFunc]:
    """The list open-r1's ``grpo.py`` passes to ``GRPOTrainer(reward_funcs=...)``, in ``reward_funcs`` order."""
    args = RewardArgs.from_any(script_args)
    registry = build_registry(args, profile)
    missing = [f for f in args.reward_funcs if f not in registry]
    if missing:
        raise UnknownRewardError(
            f"unknown reward function(s) {', '.join(map(repr, missing))} for profile {resolve_profile(profile)!r}; "
            f"valid: {', '.join(sorted(registry))}"
        )
    return [registry[f] for f in args.reward_funcs]
