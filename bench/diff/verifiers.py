"""The verifiers ``rewardcheck diff`` compares, each a named accuracy function called as the user would.

``patched``, ``openr1@e4ac3ae``, ``openr1@1416fa0``: this project's accuracy under each profile;
``math-verify``: the library alone, ``verify(parse(gold), parse(completion))`` with its defaults;
``trl``: ``trl.rewards.accuracy_reward`` (when TRL is installed); ``verl``: verl's math scorer
``verl.utils.reward_score.math.compute_score`` (when verl is installed). Any callable works too.

>>> sorted(available())[:2]
['math-verify', 'openr1@1416fa0']
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence
from typing import Any

from rewardcheck.bench.errors import InputError

__all__ = ["KNOWN", "UnknownVerifier", "available", "resolve"]

KNOWN: tuple[str, ...] = ("patched", "openr1@e4ac3ae", "openr1@1416fa0", "math-verify", "trl", "verl")


class UnknownVerifier(InputError):
    """A verifier name that is not known or whose package is not installed."""


def _profile(name: str) -> Callable[..., Any]:
    from rewardcheck.rewards import build_registry

    func = build_registry({}, name)["accuracy"]
    return func  # type: ignore[no-any-return]


def _math_verify() -> Callable[..., Any]:
    from math_verify import parse, verify

    def math_verify_accuracy(
        completions: Sequence[str], solution: Sequence[str], **kwargs: Any
    ) -> list[float | None]:
        out: list[float | None] = []
        for text, gold in zip(completions, solution, strict=True):
            g = parse(gold, parsing_timeout=None)
            if not g:
                out.append(None)  # nothing to compare against
                continue
            out.append(float(verify(g, parse(text, parsing_timeout=None), timeout_seconds=None)))
        return out

    return math_verify_accuracy


def _trl() -> Callable[..., Any]:
    from trl.rewards import accuracy_reward

    return accuracy_reward  # type: ignore[no-any-return]


def _verl() -> Callable[..., Any]:
    module = importlib.import_module("verl.utils.reward_score.math")

    def verl_math_accuracy(
        completions: Sequence[str], solution: Sequence[str], **kwargs: Any
    ) -> list[float | None]:
        return [float(module.compute_score(c, g)) for c, g in zip(completions, solution, strict=True)]

    return verl_math_accuracy


_BUILDERS: dict[str, Callable[[], Callable[..., Any]]] = {
    "patched": lambda: _profile("patched"),
    "openr1@e4ac3ae": lambda: _profile("openr1@e4ac3ae"),
    "openr1@1416fa0": lambda: _profile("openr1@1416fa0"),
    "math-verify": _math_verify,
    "trl": _trl,
    "verl": _verl,
}


def resolve(spec: str | Callable[..., Any]) -> tuple[str, Callable[..., Any]]:
    """``(name, function)`` for a known verifier name or any reward callable."""
    if callable(spec):
        return getattr(spec, "__name__", repr(spec)), spec
    if spec not in _BUILDERS:
        raise UnknownVerifier(f"unknown verifier {spec!r}; known: {', '.join(KNOWN)}")
    try:
        return spec, _BUILDERS[spec]()
    except ImportError as exc:
        raise UnknownVerifier(f"verifier {spec!r} is not installed ({exc})") from None


def available() -> list[str]:
    """The known verifiers whose packages are installed here."""
    out = []
    for name in KNOWN:
        try:
            resolve(name)
        except UnknownVerifier:
            continue
        out.append(name)
    return out
