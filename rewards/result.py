"""Reward results that carry their reason, and the thin TRL-shaped layer on top of them.

Every reward in this package is written as a *scorer*: a function that takes exactly what TRL passes
(``completions`` plus dataset columns as keyword arguments) and returns one :class:`RewardResult` per
completion. :func:`trl_reward` turns a scorer into the plain function TRL's ``GRPOTrainer`` calls, which
returns bare floats (or ``None`` to skip a sample) and keeps the scorer reachable as ``.explain``.

A reward function also accepts upstream's positional call shapes (``accuracy_reward(completions, solution)``,
open-r1's ``soft_overlong_punishment_reward(completion_ids)``), shows them in its signature (``inspect.signature``
names ``solution`` and ``completion_ids`` where upstream does, for tools that read it to find the gold column),
and pickles by *recipe*: a module-level function by its name, a factory's product as "call this factory with
these arguments again", so it can be sent to a spawned process or a Ray worker without shipping a closure.
Pickles name modules ``rewardcheck.rewards.*``, the one name this package has (a ``rewards.py`` of the
user's, such as open-r1's, cannot take it).

>>> def always_half(completions, **kwargs):
...     return [RewardResult(0.5, "constant") for _ in completions]
>>> f = trl_reward("half_reward", always_half)
>>> f(["a", "b"]), f.__name__, f.explain(["a"])[0].reason
([0.5, 0.5], 'half_reward', 'constant')
>>> import inspect
>>> list(inspect.signature(trl_reward("accuracy_reward", always_half)).parameters)
['completions', 'solution', 'kwargs']
"""

from __future__ import annotations

import functools
import importlib
import inspect
import pickle
import sys
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, TypeVar

from .completions import check_completions
from .parser_cache import note_parses

__all__ = [
    "RewardResult",
    "Scorer",
    "RewardFunc",
    "RewardFunction",
    "trl_reward",
    "reward_factory",
    "explain",
    "POSITIONAL",
    "IDS_OR_COMPLETIONS",
]


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

# Upstream's positional parameters per reward name (open-r1 1416fa0 src/open_r1/rewards.py); any other name
# takes ``completions`` only. open-r1's soft overlong punishment takes the ids first (no ``completions``).
POSITIONAL: Mapping[str, tuple[str, ...]] = {
    "accuracy_reward": ("completions", "solution"),
    "cosine_scaled_reward": ("completions", "solution"),
    "len_reward": ("completions", "solution"),
}


# A first parameter that takes token ids (open-r1's soft overlong punishment) or completions, by content.
IDS_OR_COMPLETIONS = "completions|completion_ids"


def _looks_like_ids(value: Any) -> bool:
    if isinstance(value, str) or not isinstance(value, Sequence) or not value:
        return False
    first = value[0]
    return (
        not isinstance(first, str)
        and isinstance(first, Sequence)
        and all(isinstance(t, int) for t in list(first)[:8])
        and not any(isinstance(t, Mapping) for t in first)
    )


# Annotations of the visible signature: what TRL passes under each name (upstream annotates the same way).
_ANNOTATIONS: Mapping[str, Any] = {
    "completions": list[str] | list[list[dict[str, str]]],
    "solution": list[str],
    "completion_ids": list[list[int]],
}


def _signature(params: tuple[str, ...], defaults: Mapping[str, Any]) -> inspect.Signature:
    """``(completions, solution, **kwargs)`` and the like: the parameters upstream names, then ``**kwargs``
    for every other TRL column. A first parameter that takes ids or completions shows as ``completion_ids``
    (open-r1's and TRL's name for it); ``defaults`` gives optional ones (TRL's ``log_extra=None``)."""
    shown = [p if p != IDS_OR_COMPLETIONS else "completion_ids" for p in params]
    kind = inspect.Parameter.POSITIONAL_OR_KEYWORD
    empty = inspect.Parameter.empty
    return inspect.Signature(
        [
            inspect.Parameter(p, kind, default=defaults.get(p, empty), annotation=_ANNOTATIONS.get(p, Any))
            for p in shown
        ]
        + [inspect.Parameter("kwargs", inspect.Parameter.VAR_KEYWORD, annotation=Any)],
        return_annotation=list[float | None],
    )


class RewardFunc(Protocol):
    """What TRL calls: ``f(completions, **columns) -> list[float | None]``, with ``.explain`` for reasons."""

    __name__: str

    def explain(self, *args: Any, **kwargs: Any) -> list[RewardResult]: ...

    def __call__(self, *args: Any, **kwargs: Any) -> list[float | None]: ...


class RewardFunction:
    """A named, explainable, picklable reward function (what :func:`trl_reward` returns)."""

    def __init__(
        self,
        name: str,
        scorer: Scorer,
        doc: str | None = None,
        params: tuple[str, ...] | None = None,
        defaults: Mapping[str, Any] | None = None,
    ) -> None:
        self.__name__ = self.__qualname__ = name
        self.__doc__ = doc or getattr(scorer, "__doc__", None)
        self.__module__ = getattr(scorer, "__module__", __name__)
        self.scorer = scorer
        self.params = params if params is not None else POSITIONAL.get(name, ("completions",))
        self.__signature__ = _signature(self.params, defaults or {})
        # (module, factory qualname, args, kwargs) when a factory built this function; see reward_factory
        self.recipe: tuple[str, str, tuple[Any, ...], dict[str, Any]] | None = None

    def _bind(self, args: tuple[Any, ...], kwargs: dict[str, Any]) -> dict[str, Any]:
        if len(args) > len(self.params):
            raise TypeError(
                f"{self.__name__}() takes {len(self.params)} positional argument(s) "
                f"({', '.join(self.params)}) but {len(args)} were given"
            )
        for pname, value in zip(self.params, args, strict=False):
            if pname == IDS_OR_COMPLETIONS:
                pname = "completion_ids" if _looks_like_ids(value) else "completions"
            if pname in kwargs:
                raise TypeError(f"{self.__name__}() got multiple values for argument {pname!r}")
            kwargs[pname] = value
        if "completions" in kwargs:
            check_completions(kwargs["completions"], self.__name__)
            note_parses(len(kwargs["completions"]))  # bounds the LaTeX parser's DFA cache
        return kwargs

    def explain(self, *args: Any, **kwargs: Any) -> list[RewardResult]:
        """One :class:`RewardResult` (value and reason) per completion."""
        return self.scorer(**self._bind(args, kwargs))

    def __call__(self, *args: Any, **kwargs: Any) -> list[float | None]:
        return [r.value for r in self.explain(*args, **kwargs)]

    def __repr__(self) -> str:
        return f"<reward {self.__name__} from {self.__module__}>"

    def __reduce__(self) -> tuple[Any, ...]:
        if self.recipe is not None:
            factory_module, qualname, args, kwargs = self.recipe
            return (_rebuild, (factory_module, qualname, args, kwargs))
        module = sys.modules.get(self.__module__)
        for attr, value in vars(module).items() if module is not None else ():
            if value is self:
                return (_lookup, (self.__module__, attr))
        raise pickle.PicklingError(
            f"reward {self.__name__} was built outside a reward_factory and is not a module global: "
            "it cannot be rebuilt in another process"
        )


def _lookup(module: str, attr: str) -> Any:
    return getattr(importlib.import_module(module), attr)


def _rebuild(module: str, qualname: str, args: tuple[Any, ...], kwargs: dict[str, Any]) -> Any:
    return _lookup(module, qualname)(*args, **kwargs)


F = TypeVar("F", bound=Callable[..., Any])


def reward_factory(factory: F) -> F:
    """Mark a module-level factory whose product pickles as "call ``factory(*args, **kwargs)`` again"."""

    @functools.wraps(factory)
    def build(*args: Any, **kwargs: Any) -> Any:
        func = factory(*args, **kwargs)
        if isinstance(func, RewardFunction):
            func.recipe = (factory.__module__, factory.__qualname__, args, kwargs)
        return func

    return build  # type: ignore[return-value]


def trl_reward(
    name: str,
    scorer: Scorer,
    doc: str | None = None,
    params: tuple[str, ...] | None = None,
    defaults: Mapping[str, Any] | None = None,
) -> RewardFunc:
    """Wrap ``scorer`` as a TRL reward function named ``name`` (the name TRL logs as ``rewards/<name>``);
    ``params`` are the positional parameters (upstream's by default), ``defaults`` their optional values."""
    return RewardFunction(name, scorer, doc, params, defaults)


def explain(func: Callable[..., Any], completions: Sequence[Any], **kwargs: Any) -> list[RewardResult]:
    """Results with reasons for any reward function; a foreign function gets a generic reason."""
    scorer = getattr(func, "explain", None)
    if scorer is not None:
        return list(scorer(completions=completions, **kwargs))
    values = func(completions=completions, **kwargs)
    return [
        RewardResult(None if v is None else float(v), "value from a reward function without reasons")
        for v in values
    ]
