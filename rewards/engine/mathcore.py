r"""The math-verify calls the engine makes, with math-verify's own SIGALRM timeouts always disabled.

SIGALRM only works on the main thread of the main interpreter, so ``parsing_timeout=None`` and
``timeout_seconds=None`` everywhere: the wall-clock limit is enforced by :mod:`rewardcheck.rewards.engine.isolation`
(a killable worker process), and in the caller's process these functions only ever see expressions of the
pre-screen's in-process grammar (:mod:`rewardcheck.rewards.engine.prescreen`: the rule, by construction).

In the caller's process one thread at a time runs sympy (the GIL serialises it anyway). The work there is
bounded by the in-process grammar, so a thread waits for that slot as long as it takes other threads' bounded
work, up to the wall-clock safety net only (:func:`deadline`), past which it raises
:class:`~rewardcheck.rewards.engine.isolation.MachineStalled` (verdict error, "machine stalled", counted apart):
load never turns a verdict into a timeout. The slot serves threads first come, first served, and the net
grows with the threads ahead (each holds the slot for one bounded step). Cache hits take no slot.

A value parse must cover the whole expression: ``2\sqrt{2}`` read as ``2`` is a mis-parse, not a value.

>>> parse_value(r"2\sqrt{2}").shown
'2*sqrt(2)'
>>> parse_value(r"1<x<2").ok, check(r"\frac{\pi}{4}", r"\dfrac{\pi}{4}")
(True, True)
"""

from __future__ import annotations

import logging
import threading
import time
from collections import deque
from collections.abc import Callable, Hashable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from functools import cache
from typing import Any, Generic, TypeVar

from rewardcheck.rewards import rx
from rewardcheck.rewards.cache_bounds import PROSE_PARSES, VALUE_PARSES, VERIFIES
from rewardcheck.rewards.two_stage_parse import install as install_two_stage
from rewardcheck.rewards.two_stage_parse import sll_first

from .budget import quantise, stall_after
from .isolation import MachineStalled, count, set_work_budget, work_budget_s
from .plain_latex import plain_value
from .text import normalise

__all__ = ["Parsed", "parse_value", "check", "check_strings", "check_parsed", "gold_value", "deadline"]


class _FairSlot:
    """A re-entrant lock that serves waiting threads first come, first served: a thread's wait is bounded by
    the bounded work of the threads ahead of it (a plain lock can starve one thread under contention)."""

    def __init__(self) -> None:
        self._cond = threading.Condition(threading.Lock())
        self._owner: int | None = None
        self._depth = 0
        self._queue: deque[object] = deque()

    def waiting(self) -> int:
        return len(self._queue) + (self._owner is not None)

    def acquire(self, timeout: float | None = None) -> bool:
        me = threading.get_ident()
        with self._cond:
            if self._owner == me:
                self._depth += 1
                return True
            ticket = object()
            self._queue.append(ticket)
            if not self._cond.wait_for(lambda: self._owner is None and self._queue[0] is ticket, timeout):
                self._queue.remove(ticket)
                self._cond.notify_all()
                return False
            self._queue.popleft()
            self._owner, self._depth = me, 1
            return True

    def release(self) -> None:
        with self._cond:
            self._depth -= 1
            if self._depth == 0:
                self._owner = None
                self._cond.notify_all()


_SLOT = _FairSlot()
_LOCAL = threading.local()
V = TypeVar("V")


@contextmanager
def deadline(at: float | None) -> Iterator[None]:
    """Give this thread's calls a work budget of ``at - now`` seconds (``at`` in ``time.monotonic()``; the
    judge passes its start + its limit). The budget, not ``at``, decides: isolated work runs under it as CPU
    time (:func:`~rewardcheck.rewards.engine.isolation.set_work_budget`), and waiting for the in-process
    sympy slot is bounded only by the wall-clock safety net (:func:`~rewardcheck.rewards.engine.budget.stall_after`
    of the budget), past which the call fails with "machine stalled"."""
    now = time.monotonic()
    previous = getattr(_LOCAL, "at", None), getattr(_LOCAL, "stall_at", None)
    budget = None if at is None else quantise(at - now)
    previous_budget = set_work_budget(budget)
    _LOCAL.at = at
    _LOCAL.stall_at = None if budget is None else now + stall_after(budget)
    try:
        yield
    finally:
        _LOCAL.at, _LOCAL.stall_at = previous
        set_work_budget(previous_budget)


@contextmanager
def _slot() -> Iterator[None]:
    budget = getattr(_LOCAL, "stall_at", None) and work_budget_s(0.0)
    if not budget:
        _SLOT.acquire()
    elif not _SLOT.acquire(timeout=stall_after(budget) * (1 + _SLOT.waiting())):
        count("machine_stalled")
        raise MachineStalled("machine stalled: in-process sympy busy in other threads past the safety net")
    try:
        yield
    finally:
        _SLOT.release()


class _Cached(Generic[V]):
    """A bounded memo (first in, first out) whose hits take no lock and whose misses run in the slot."""

    def __init__(self, fn: Callable[..., V], maxsize: int) -> None:
        self._fn = fn
        self.maxsize = maxsize  # read at every insert: a test may lower it
        self._data: dict[Hashable, V] = {}
        self._lock = threading.Lock()
        self.__doc__ = fn.__doc__
        self.__wrapped__ = fn

    def __call__(self, *args: Any) -> V:
        try:
            return self._data[args]
        except KeyError:
            pass
        with _slot():
            value = self._fn(*args)
        with self._lock:
            self._data[args] = value
            while len(self._data) > self.maxsize:
                del self._data[next(iter(self._data))]
        return value

    def __len__(self) -> int:
        return len(self._data)

    def cache_clear(self) -> None:
        with self._lock:
            self._data.clear()


class _DropTimeoutWarning(logging.Filter):
    # We disable math-verify's signal timeouts on purpose and provide our own (see module docstring).
    def filter(self, record: logging.LogRecord) -> bool:
        return "Timeout is disabled" not in record.getMessage()


for _name in ("math_verify.parser", "math_verify.grader"):
    logging.getLogger(_name).addFilter(_DropTimeoutWarning())


@cache
def _math_verify() -> Any:
    """math-verify (and with it sympy and latex2sympy), imported on the first parse: a process that never
    parses (a scan of integer answers, a worker's start) pays no sympy import (about 0.3 s)."""
    import math_verify

    install_two_stage()
    return math_verify


@cache
def _configs() -> tuple[list[Any], list[Any]]:
    """The extraction configs of a value parse: LaTeX (boxes read, units dropped), then a plain expression."""
    from latex2sympy2_extended import NormalizationConfig

    mv = _math_verify()
    latex = mv.LatexExtractionConfig(
        boxed_match_priority=0,
        normalization_config=NormalizationConfig(
            basic_latex=True, units=True, malformed_operators=False, nits=True, boxed="all", equations=False
        ),
    )
    return [latex], [mv.ExprExtractionConfig()]


# latex2sympy does not read the shorthand `\sqrt2` / `\frac12` that models write
_SHORT_SQRT_FRAC = rx.compile(r"\\sqrt\s*(\d|[a-zA-Z](?![a-zA-Z]))|\\[dt]?frac\s*(\d)\s*(\d)")
_HALF_SHORT_FRAC = rx.compile(r"\\([dt]?frac)\s*(\d)\s*\{|\\([dt]?frac)\s*(\{[^{}]*\})\s*(\d)")


def _unshort_sqrt_frac(m: rx.Match) -> str:
    if m.group(1) is not None:
        return f"\\sqrt{{{m.group(1)}}}"
    return f"\\frac{{{m.group(2)}}}{{{m.group(3)}}}"


def _unshort_frac(m: rx.Match) -> str:
    if m.group(1) is not None:
        return f"\\{m.group(1)}{{{m.group(2)}}}{{"
    return f"\\{m.group(3)}{m.group(4)}{{{m.group(5)}}}"


_TRIG_POWER = rx.compile(r"\\(sin|cos|tan|sec|csc|cot)\s*\^\s*\{?(\d)\}?\s*([a-zA-Z])(?![a-zA-Z])")


def _text(value: Any, fallback: V) -> str | V:
    """``str(value)``, or ``fallback`` for an integer past Python's 4,300-digit ``str()`` limit (sympy
    evaluates ``\\Gamma(100000)`` to one: the worker used to report that as an error verdict)."""
    try:
        return str(value)
    except ValueError:
        return fallback


@dataclass(frozen=True)
class Parsed:
    """A math-verify parse (the list ``verify`` takes) and the string it matched; empty when it failed."""

    values: tuple[Any, ...]
    matched: str | None
    note: str = ""

    @property
    def ok(self) -> bool:
        return bool(self.values)

    @property
    def shown(self) -> str | None:
        if not self.values:
            return None
        return _text(self.values[0], "<a number too long to print>")


# What may follow a parsed value without changing it: degrees, percent, ordinal suffixes, words in \text{}.
_NOT_MATH = rx.compile(
    r"\^\s*\{?\s*\\circ\s*\}?|°|\\%|%|\^\s*\{\s*(?:\\mathrm\{|\\text\{)?\s*(?:st|nd|rd|th)\s*\}?\s*\}"
    r"|\\(?:text|mathrm|textbf|mbox)\s*\{[^{}]*\}|\\[,;!: ]|[\s.~]"
)


def _covers(matched: str, source: str) -> bool:
    """False when the parse kept only a strict prefix of the source and the rest is math (``2\\sqrt{2}`` read
    as ``2``); a rest of units, degrees or words (``45^\\circ``, ``12^{th}\\text{ grade}``) is fine."""
    m, s = normalise(matched), normalise(source)
    if not (len(m) < len(s) and s.startswith(m)):
        return True
    return not _NOT_MATH.sub("", s[len(m) :])


def _parse_value(expr: str) -> Parsed:
    """Parse one answer/gold expression (no surrounding prose) as LaTeX, then as a plain expression.

    Cached per process by string: a GRPO group repeats its gold and often its answers."""
    count("parses")
    expr = _SHORT_SQRT_FRAC.sub(_unshort_sqrt_frac, expr.strip())  # \sqrt2, \frac12
    expr = _HALF_SHORT_FRAC.sub(_unshort_frac, expr)  # \frac5{8}, \frac{5}8
    expr = _TRIG_POWER.sub(r"\\\1^{\2}(\3)", expr)
    if not expr:
        return Parsed((), None, "empty")
    fast = _plain(expr)
    if fast is not None:
        return fast
    latex, plain = _configs()
    for config, source in ((latex, f"${expr}$"), (plain, expr)):
        with sll_first():  # latex2sympy's own values, in a third of its time (see two_stage_parse)
            values = _math_verify().parse(
                source,
                extraction_config=config,
                extraction_mode="first_match",
                fallback_mode="no_fallback",
                parsing_timeout=None,  # type: ignore[arg-type]
            )
        if not values:
            continue
        matched = _text(values[-1], expr)  # a huge integer value: the parse read the whole source
        if not _covers(matched, expr):
            continue  # a prefix parse is a mis-parse; try the next reading
        return Parsed(tuple(values), matched)
    return Parsed((), None, "neither LaTeX nor a plain expression covers the whole string")


def _plain(expr: str) -> Parsed | None:
    """A value in plain LaTeX read without the LaTeX grammar (:mod:`.plain_latex`: the value math-verify's
    parse gives it), when math-verify's normalisation leaves its text as it is (a unit, ``\\dfrac`` or
    ``\\left`` leaves the parse to math-verify)."""
    value = plain_value(expr)
    if value is None:
        return None
    from latex2sympy2_extended.math_normalization import normalize_latex

    if normalize_latex(expr, _configs()[0][0].normalization_config) != expr:
        return None
    return Parsed((value,), _text(value, expr))


parse_value = _Cached(_parse_value, VALUE_PARSES)


def _parse_prose(text: str) -> Parsed:
    """Parse a worked solution without ``\\boxed``: math-verify's anchored extraction over the prose (only in
    the isolated worker: a prose gold is never in the in-process grammar)."""
    with sll_first():
        values = _math_verify().parse(
            text, extraction_mode="first_match", fallback_mode="no_fallback", parsing_timeout=None
        )
    return Parsed(tuple(values), _text(values[-1], None) if values else None)


parse_prose = _Cached(_parse_prose, PROSE_PARSES)


def parse_prose_matched(text: str) -> str | None:
    """The LaTeX that math-verify extracts from a worked solution, as text (a worker function: the caller
    gets a string back, never a sympy object that unpickling would rebuild in its own process)."""
    parsed = parse_prose(text)
    return parsed.matched if parsed.ok else None


def remaining_s(default: float) -> float:
    """Seconds left before this thread's :func:`deadline`, or ``default`` when none is set (a statistic:
    isolated work runs under the thread's work budget, see :func:`deadline`)."""
    at = getattr(_LOCAL, "at", None)
    return default if at is None else at - time.monotonic()


def check(gold: str, answer: str) -> bool:
    """Does ``answer`` equal ``gold``? Parses both (expressions, not prose) and calls ``verify(gold, answer)``."""
    return check_strings(gold, answer)[0] == "correct"


def _verify(gold: Parsed, answer: Parsed) -> bool:
    return bool(_math_verify().verify(list(gold.values), list(answer.values), timeout_seconds=None))


_verify_cached = _Cached(_verify, VERIFIES)


def verify_parsed(gold: Parsed, answer: Parsed) -> bool:
    """``verify(gold, answer)`` in that order, cached by the pair (same answer in a group is verified once);
    matrices are unhashable, so those pairs are verified without the cache."""
    try:
        hash((gold, answer))
    except TypeError:
        with _slot():
            return _verify(gold, answer)
    return _verify_cached(gold, answer)


def check_strings(gold: str, answer: str, gold_is_prose: bool = False) -> tuple[str, str | None, str | None]:
    """The unit of work the isolated worker runs: ``(outcome, gold_shown, answer_shown)`` with outcome
    ``correct``, ``wrong``, ``gold_unparseable`` or ``answer_unparseable`` (the worker runs its two halves,
    :func:`gold_value` and :func:`check_parsed`, each under its own budget: :mod:`.gold_work`)."""
    return check_parsed(gold_value(gold, gold_is_prose), answer)


def gold_value(gold: str, gold_is_prose: bool = False) -> Parsed:
    """The gold's half of :func:`check_strings`: a worked solution's extracted answer, or the value."""
    return parse_prose(gold) if gold_is_prose else parse_value(gold)


def check_parsed(g: Parsed, answer: str) -> tuple[str, str | None, str | None]:
    """The answer's half of :func:`check_strings`, against the gold's parse."""
    if not g.ok:
        return "gold_unparseable", None, None
    a = parse_value(answer)
    if not a.ok:
        return "answer_unparseable", g.shown, None
    ok = verify_parsed(g, a)
    return ("correct" if ok else "wrong"), g.shown, a.shown
