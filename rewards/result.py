"""Reward results that carry their reason, and the thin TRL-shaped layer on top of them.

Every reward in this package is written as a *scorer*: a function that takes exactly what TRL passes
(``completions`` plus dataset columns as keyword arguments) and returns one :class:`RewardResult` per
completion. :func:`trl_reward` turns a scorer into the plain function TRL's ``GRPOTrainer`` calls, which
returns bare floats (or ``None`` to skip a sample) and keeps the scorer reachable as ``.explain``.

>>> def always_half(completions, **kwargs):
...     return [RewardResult(0.5, "constant") for _ in completions]
>>> f = trl_reward("half_reward", always_half)
>>> f(["a", "b"]), f.__name__, f.explain(["a"])[0].reason
([0.5, 0.5], 'half_reward', 'constant')
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

__all__ = ["RewardResult", "Scorer", "RewardFunc", "trl_reward", "explain"]


@dataclass(frozen=True)
class RewardResult:
    """One completion's reward with the reason it was paid.

    ``value`` is ``None`` when the sample must be skipped (TRL ignores ``None`` in its weighted sum).
    ``answer`` and ``gold`` are the extracted final answer and gold answer where the reward looked at them.
    """

    value: float | None
    reason: str
    answer: str | None = None
    gold: str | None = None
    details: Mapping[str, Any] = field(default_factory=dict)


# ``scorer(completions, **columns) -> list[RewardResult]``; columns such as ``solution`` are often positional
# in upstream signatures, so the type stays loose.
Scorer = Callable[..., list[RewardResult]]


class RewardFunc(Protocol):
    """What TRL calls: ``f(completions, **columns) -> list[float | None]``, with ``.explain`` for reasons."""

    __name__: str
    explain: Scorer

    def __call__(self, completions: Sequence[Any], **kwargs: Any) -> list[float | None]: ...


def trl_reward(name: str, scorer: Scorer, doc: str | None = None) -> RewardFunc:
    """Wrap ``scorer`` as a TRL reward function named ``name`` (the name TRL logs as ``rewards/<name>``)."""

    def reward(completions: Sequence[Any], **kwargs: Any) -> list[float | None]:
        return [r.value for r in scorer(completions, **kwargs)]

    reward.__name__ = name
    reward.__qualname__ = name
    reward.__doc__ = doc or getattr(scorer, "__doc__", None)
    reward.explain = scorer  # type: ignore[attr-defined]
    return reward  # type: ignore[return-value]


def explain(func: Callable[..., Any], completions: Sequence[Any], **kwargs: Any) -> list[RewardResult]:
    """Results with reasons for any reward function; a foreign function gets a generic reason."""
    scorer = getattr(func, "explain", None)
    if scorer is not None:
        return list(scorer(completions, **kwargs))
    values = func(completions, **kwargs)
    return [
        RewardResult(None if v is None else float(v), "value from a reward function without reasons")
        for v in values
    ]
