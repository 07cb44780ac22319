"""Which reward implementations a scan scores with, built the way open-r1 + TRL build them.

A scan scores every row under several *profiles*: the upstream open-r1 commits, ``patched``, and ``logged``
(the rewards the dump itself recorded, read, not recomputed). Reward names are open-r1's registry keys;
logged columns are matched to them by TRL's naming (``accuracy_reward``, ``cosine_scaled_reward``, ...).

>>> logged_key("cosine_scaled_reward"), logged_key("rewards/accuracy_reward"), logged_key("my_fn")
('cosine', 'accuracy', 'my_fn')
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from rewardcheck.bench.errors import InputError
from rewardcheck.rewards.args import RewardArgs
from rewardcheck.rewards.registry import build_registry, get_reward_funcs, resolve_profile
from rewardcheck.rewards.result import RewardFunc

__all__ = [
    "LOGGED",
    "DEFAULT_FUNCS",
    "ProfileSpec",
    "ProfileError",
    "ProfileUnavailable",
    "ProfileLacksReward",
    "logged_key",
    "default_profiles",
    "build_profile",
    "SAFE_COSINE",
]

LOGGED = "logged"
DEFAULT_FUNCS = ("accuracy", "format", "reasoning_steps", "cosine")  # the open-r1 seed run's reward set
# Factory defaults of open-r1's cosine reward (short wrong answers paid least); used when `patched` rejects
# the CLI defaults' inverted wrong-answer branch.
SAFE_COSINE = {"cosine_min_value_wrong": -1.0, "cosine_max_value_wrong": -0.5}

_TRL_NAMES = {
    "cosine_scaled": "cosine",
    "len": "length",
    "soft_overlong_punishment": "soft_overlong_punishment",
    "acc": "accuracy",  # verl's correctness column
}


class ProfileError(InputError):
    """A profile or reward name that cannot be built; a usage error."""


class ProfileUnavailable(ProfileError):
    """The profile's module cannot be imported (a default profile is then left out with a note)."""


class ProfileLacksReward(ProfileError):
    """The profile has no implementation of a reward the run uses (e.g. an upstream commit older than it)."""


def logged_key(column: str) -> str:
    """The registry key a logged reward column stands for (TRL logs ``f.__name__``)."""
    name = column.removeprefix("rewards/")
    name = name.removesuffix("/mean")
    name = name.removesuffix("_reward") if name != "reward" else name
    return _TRL_NAMES.get(name, name)


def _reward_args(args: Mapping[str, Any], tokenizer: Any = None) -> RewardArgs:
    # A scan process may never meet a risky answer: start the isolated verify worker only if one does.
    return RewardArgs.from_any({"isolation_warm_up": False, **args}, tokenizer=tokenizer)


def default_profiles(has_logged: bool) -> list[str]:
    return ([LOGGED] if has_logged else []) + ["openr1@e4ac3ae", "openr1@1416fa0", "patched"]


@dataclass
class ProfileSpec:
    """A buildable profile: picklable so that process-pool workers can rebuild it."""

    name: str
    funcs: tuple[str, ...]
    weights: tuple[float, ...]
    args: Mapping[str, Any] = field(default_factory=dict)
    note: str | None = None  # e.g. why patched was built with other cosine values than the config's

    def build(self, tokenizer: Any = None) -> list[tuple[str, RewardFunc]]:
        registry = build_registry(_reward_args(self.args, tokenizer), self.name)
        return [(name, registry[name]) for name in self.funcs]


def resolve(name: str) -> str:
    """The profile's full name (``openr1`` -> its pinned commit); an unknown one is a :class:`ProfileError`."""
    try:
        return resolve_profile(name)
    except ValueError as exc:
        raise ProfileError(str(exc)) from None


def profile_funcs(args: Any, profile: str) -> list[RewardFunc]:
    """``get_reward_funcs(args, profile)``; a configuration the profile refuses is a :class:`ProfileError`."""
    try:
        return get_reward_funcs(args, profile=profile)
    except ValueError as exc:
        raise ProfileError(f"profile {profile!r} cannot be built: {exc}") from None


def build_profile(
    name: str, funcs: Sequence[str], weights: Sequence[float] | None, args: Mapping[str, Any]
) -> ProfileSpec:
    """Check that ``name`` builds with ``funcs``; ``patched`` refusing an unsafe cosine configuration is
    retried with the factory's safe cosine values and the refusal kept as a note."""
    resolved = resolve(name)
    w = tuple(float(x) for x in weights) if weights is not None else (1.0,) * len(funcs)
    if len(w) != len(funcs):
        raise ProfileError(f"--reward-weights has {len(w)} values for {len(funcs)} reward functions")
    spec = ProfileSpec(resolved, tuple(funcs), w, dict(args))
    try:
        registry = build_registry(_reward_args(args), resolved)
    except ImportError as exc:
        raise ProfileUnavailable(
            f"profile {resolved!r} is not available in this installation ({exc})"
        ) from None
    except ValueError as exc:
        if resolved != "patched":
            raise ProfileError(f"profile {resolved!r} cannot be built: {exc}") from None
        spec.args = {**args, **SAFE_COSINE}
        spec.note = (
            f"patched refused this configuration ({exc}); scored with cosine wrong-answer branch -1.0 / -0.5"
        )
        registry = build_registry(_reward_args(spec.args), resolved)
    missing = [f for f in funcs if f not in registry]
    if missing:
        raise ProfileLacksReward(
            f"profile {resolved!r} has no reward function(s) {', '.join(map(repr, missing))}; valid: {', '.join(sorted(registry))}"
        )
    return spec
