"""rewardcheck's reward functions: faithful open-r1 profiles and patched rewards that drop into TRL.

>>> from rewardcheck.rewards import get_reward_funcs
>>> [f.__name__ for f in get_reward_funcs({"reward_funcs": ["accuracy"]}, profile="openr1@1416fa0")]
['accuracy_reward']
"""

from __future__ import annotations

if __name__ == "rewards":  # the old top-level name: refuse, rather than load a second copy of every module
    raise ImportError(
        "rewardcheck's rewards package is rewardcheck.rewards since 0.2: 'import rewardcheck.rewards' "
        "(the top-level name 'rewards' is left to your own code)"
    )

from typing import Any

from .args import RewardArgs
from .registry import DEFAULT_PROFILE, PROFILES, UnknownRewardError, build_registry, get_reward_funcs
from .result import RewardFunc, RewardResult, explain, trl_reward

__all__ = [
    "DEFAULT_PROFILE",
    "PROFILES",
    "REWARD_FUNCS_REGISTRY",
    "RewardArgs",
    "RewardFunc",
    "RewardResult",
    "UnknownRewardError",
    "build_registry",
    "explain",
    "get_reward_funcs",
    "trl_reward",
]


def __getattr__(name: str) -> Any:
    # Built lazily: the patched registry imports the answer engine, which import of `rewards` must not pay for.
    if name == "REWARD_FUNCS_REGISTRY":
        return build_registry(None, DEFAULT_PROFILE)
    raise AttributeError(name)
