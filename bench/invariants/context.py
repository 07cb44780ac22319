"""The reward under test (one function or a weighted composite), the batch it is called with, and the shared
settings every invariant reads."""

from __future__ import annotations

import os
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from enum import Enum
from typing import Any, TypeVar

from hypothesis import HealthCheck, Phase, Verbosity, find, settings
from hypothesis import strategies as st
from hypothesis.errors import NoSuchExample, Unsatisfiable

from rewardcheck.bench.strategies.golds import DOLLAR, AsWritten, GoldFormat
from rewardcheck.bench.strategies.tokens import Tokens

from .calling import Awaiting, call_reward, late_call
from .convention import Convention
from .results import Counterexample

__all__ = ["Batch", "Depth", "Scored", "Subject", "CheckContext", "Search", "default_max_examples"]

T = TypeVar("T")


@dataclass(frozen=True)
class Batch:
    """One reward call: completions plus the dataset columns TRL passes as keyword arguments."""

    completions: tuple[str, ...]
    solutions: tuple[str | None, ...]
    prompts: tuple[str, ...]
    completion_ids: tuple[tuple[int, ...], ...] | None = None
    labels: tuple[str, ...] = ()

    def kwargs(self) -> dict[str, Any]:
        kw: dict[str, Any] = {"solution": list(self.solutions), "prompts": list(self.prompts)}
        if self.completion_ids is not None:
            kw["completion_ids"] = [list(ids) for ids in self.completion_ids]
        return kw


@dataclass
class Scored:
    batch: Batch
    scores: dict[str, list[float | None]]
    total: list[float | None]
    error: str | None = None
    seconds: float = 0.0
    # per function whose call failed: what it did (``timed out after 4 s; returned [0.0] after 5.1 s``)
    failures: dict[str, str] = field(default_factory=dict)

    def counterexample(self, note: str, source: str = "hypothesis") -> Counterexample:
        ids = self.batch.completion_ids
        return Counterexample(
            completions=list(self.batch.completions),
            solutions=list(self.batch.solutions),
            scores={k: list(v) for k, v in self.scores.items()},
            total=list(self.total),
            note=note,
            labels=list(self.batch.labels),
            prompts=list(self.batch.prompts),
            token_counts=[len(i) for i in ids] if ids is not None else None,
            source=source,
            failures=dict(self.failures),
        )


@dataclass
class Subject:
    """Named reward functions with weights; a single function is a composite of one with weight 1."""

    funcs: dict[str, Callable[..., Any]]
    weights: dict[str, float]
    time_limit_s: float = 4.0
    _cache: dict[Any, Scored] = field(default_factory=dict, repr=False)
    calls: int = 0
    late_calls: int = 0  # timed-out calls let run again to see what they return (at most LATE_CALLS)
    # name -> the calling convention that worked on the first successful call (kept for every later call)
    conventions: dict[str, Convention] = field(default_factory=dict)
    # name -> how its values came back (plainly, awaited as the trainer awaits it, or a coroutine it would not)
    awaiting: dict[str, Awaiting] = field(default_factory=dict)

    @classmethod
    def of(
        cls,
        funcs: Sequence[Callable[..., Any]],
        weights: Sequence[float] | None = None,
        time_limit_s: float = 4.0,
    ) -> Subject:
        weights = list(weights) if weights is not None else [1.0] * len(funcs)
        if len(weights) != len(funcs):
            raise ValueError(f"{len(weights)} weights for {len(funcs)} reward functions")
        named: dict[str, Callable[..., Any]] = {}
        w: dict[str, float] = {}
        for func, weight in zip(funcs, weights, strict=True):
            name = getattr(func, "__name__", type(func).__name__)
            base, n = name, 2
            while name in named:
                name, n = f"{base}_{n}", n + 1
            named[name] = func
            w[name] = float(weight)
        return cls(named, w, time_limit_s)

    @property
    def is_composite(self) -> bool:
        return len(self.funcs) > 1

    def score_fresh(self, batch: Batch) -> Scored:
        """Call again even when the batch was scored before (for the determinism check)."""
        return self._score(batch)

    def score(self, batch: Batch) -> Scored:
        if batch in self._cache:
            return self._cache[batch]
        scored = self._score(batch)
        if len(self._cache) < 20000:
            self._cache[batch] = scored
        return scored

    def _score(self, batch: Batch) -> Scored:
        scores: dict[str, list[float | None]] = {}
        failures: dict[str, str] = {}
        error = None
        seconds = 0.0
        limit = self.time_limit_s * max(1, len(batch.completions))
        for name, func in self.funcs.items():
            self.calls += 1
            outcome = call_reward(func, batch.completions, batch.kwargs(), limit, self.conventions.get(name))
            if outcome.convention is not None and name not in self.conventions:
                self.conventions[name] = outcome.convention
            if outcome.convention is not None:
                self.awaiting.setdefault(name, outcome.awaiting)
            seconds += outcome.seconds
            if outcome.error is not None:
                error = f"{name} {outcome.error}"
                failures[name] = self._failure(func, batch, outcome, limit)
                scores[name] = [None] * len(batch.completions)
                continue
            assert outcome.values is not None
            scores[name] = outcome.values
        total: list[float | None] = []
        for i in range(len(batch.completions)):
            parts = [self.weights[n] * v[i] for n, v in scores.items() if v[i] is not None]  # type: ignore[operator]
            total.append(sum(parts) if parts else None)  # TRL's nansum; all-None rows are skipped
        return Scored(batch, scores, total, error, seconds, failures)

    def _failure(self, func: Callable[..., Any], batch: Batch, outcome: Any, limit: float) -> str:
        """What a failed call did, for the report: a timeout says what the call returns when let run (the
        first LATE_CALLS timeouts only: each costs up to the limit again)."""
        if not outcome.timed_out:
            return str(outcome.error).split(" (called with", 1)[0]
        what = f"timed out after {limit:g} s"
        if self.late_calls >= LATE_CALLS or outcome.tried is None:
            return what
        self.late_calls += 1
        grace = 2 * limit + 2.0
        late = late_call(func, outcome.tried, batch.completions, batch.kwargs(), grace)
        if late is None:
            return f"{what}; called again without a limit, still running after {grace:g} s"
        value, seconds = late
        if isinstance(value, BaseException):
            return f"{what}; raised {type(value).__name__} after {seconds:.1f} s"
        return f"{what}; returned {_values(value)} after {seconds:.1f} s"


LATE_CALLS = 2


def _values(value: Any) -> str:
    try:
        return repr([None if v is None else float(v) for v in value])
    except (TypeError, ValueError):
        return repr(value)[:80]


def default_max_examples() -> int:
    """Examples per search: a third of the loaded hypothesis profile (ci: 30 -> 10), at least 5."""
    if os.environ.get("REWARDCHECK_HYPOTHESIS") == "thorough":
        return 100
    current = settings.default
    return max(5, (current.max_examples if current is not None else 30) // 3)


@dataclass
class Search:
    """Outcome of one hypothesis search for a violation."""

    example: Any
    note: str | None
    runs: int


class Depth(Enum):
    """How far a check searches: ``QUICK`` (the default: a few seconds on a plain function) or ``DEEP`` (every
    pumped case, three times the examples per search, every gold format for every gold-sensitive probe)."""

    QUICK = "quick"
    DEEP = "deep"


@dataclass
class CheckContext:
    subject: Subject
    kind: str
    max_completion_length: int
    tokens: Tokens
    prefill_think: bool = False
    max_examples: int = 10
    seed: int = 0
    heavy_cases: bool = True
    bounds: tuple[float, float] | None = None
    prompt: str = "What is 1 + 2? Put your final answer in \\boxed{}."
    other_prompt: str = "Compute 10 - 7. Put your final answer in \\boxed{}."
    # Reward calls a search may spend before it stops shrinking (math-verify costs milliseconds per call).
    call_budget: int = 80
    # answer templates the reward credits, found once per check (bench.invariants.goldchoice)
    templates: tuple[Any, ...] | None = None
    # How golds are written (bench.strategies.golds): every value a case holds is rendered in ``gold_format``;
    # the gold-sensitive probes also try every other format under which the reward pays the right answer.
    gold_format: GoldFormat = DOLLAR
    gold_formats: tuple[GoldFormat, ...] = (DOLLAR,)
    gold_declared: bool = False  # named by the user or read from their golds: other formats' cases stay out
    user_values: tuple[str, ...] = ()  # the values of the user's sample golds
    # whether the reward paid the right answer anywhere the gold choice looked (None: not looked)
    reference_paid: bool | None = None
    gold_choice: Any = None  # the GoldChoice, for the report
    depth: Depth = Depth.QUICK

    def gold(self, gold: str | AsWritten, fmt: GoldFormat | None = None) -> str:
        """A case's gold as the reward sees it: a value rendered in ``fmt`` (default: the check's format), or
        an :class:`AsWritten` gold unchanged."""
        if isinstance(gold, AsWritten):
            return gold.text
        return (fmt or self.gold_format).render(gold)

    def search(
        self,
        strategy: st.SearchStrategy[T],
        violation: Callable[[T], str | None],
        max_examples: int | None = None,
    ) -> Search:
        """Find an example for which ``violation`` returns a reason, shrunk by hypothesis to a minimal one
        (``max_examples``: this search's examples, else the check's)."""
        runs = 0
        start_calls = self.subject.calls
        seen: dict[str, bool] = {}
        last: list[Any] = []

        def condition(example: T) -> bool:
            nonlocal runs
            key = repr(example)
            if key in seen:
                return seen[key]  # replays (hypothesis re-runs the final example) must agree
            if self.subject.calls - start_calls > self.call_budget:
                return False  # budget spent: keep the best example found so far
            runs += 1
            failed = violation(example) is not None
            seen[key] = failed
            if failed:
                last[:] = [example]
            return failed

        cfg = settings(
            max_examples=max_examples or self.max_examples,
            deadline=None,
            database=None,
            phases=[Phase.generate, Phase.shrink],
            suppress_health_check=list(HealthCheck),
            verbosity=Verbosity.quiet,
        )
        try:
            found = find(strategy, condition, settings=cfg, random=random.Random(self.seed))
        except (NoSuchExample, Unsatisfiable):
            return Search(None, None, runs)
        except (
            Exception
        ):  # e.g. a reward that is not deterministic confuses the shrinker: keep the last failure
            if not last:
                raise
            found = last[0]
        return Search(found, violation(found), runs)
