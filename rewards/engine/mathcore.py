r"""The math-verify calls the engine makes, with math-verify's own SIGALRM timeouts always disabled.

SIGALRM only works on the main thread of the main interpreter, so ``parsing_timeout=None`` and
``timeout_seconds=None`` everywhere: the wall-clock limit is enforced by :mod:`rewardcheck.rewards.engine.isolation`
(a killable worker process), and in the caller's process these functions only ever see expressions of the
pre-screen's in-process grammar (:mod:`rewardcheck.rewards.engine.prescreen`: the rule, by construction).

In the caller's process one thread at a time runs sympy (the GIL serialises it anyway): a thread waits for
that slot no later than the deadline that :func:`deadline` set for it (the judge sets its call's limit) and
raises :class:`~rewards.engine.isolation.IsolationTimeout` past it, so from any number of threads a call's
in-process sympy work adds at most one bounded parse + verify beyond its limit. Cache hits take no slot.

A value parse must cover the whole expression: ``2\sqrt{2}`` read as ``2`` is a mis-parse, not a value.

>>> parse_value(r"2\sqrt{2}").shown
'2*sqrt(2)'
>>> parse_value(r"1<x<2").ok, check(r"\frac{\pi}{4}", r"\dfrac{\pi}{4}")
(True, True)
"""

from __future__ import annotations

import logging
import re
import threading
import time
from collections.abc import Callable, Hashable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from latex2sympy2_extended import NormalizationConfig
from math_verify import ExprExtractionConfig, LatexExtractionConfig, parse, verify

from .isolation import IsolationTimeout, count
from .text import normalise

__all__ = ["Parsed", "parse_value", "check", "check_strings", "deadline"]

_SLOT = threading.RLock()
_LOCAL = threading.local()
V = TypeVar("V")


@contextmanager
def deadline(at: float | None) -> Iterator[None]:
    """In this thread, wait for the in-process sympy slot no later than ``at`` (``time.monotonic()``)."""
    previous = getattr(_LOCAL, "at", None)
    _LOCAL.at = at
    try:
        yield
    finally:
        _LOCAL.at = previous


@contextmanager
def _slot() -> Iterator[None]:
    at = getattr(_LOCAL, "at", None)
    if at is None:
        _SLOT.acquire()
    elif time.monotonic() >= at or not _SLOT.acquire(timeout=max(0.0, at - time.monotonic())):
        count("timeouts_waiting_inline")
        raise IsolationTimeout("in-process sympy busy in other threads until the deadline")
    try:
        yield
    finally:
        _SLOT.release()


class _Cached(Generic[V]):
    """A bounded memo (first in, first out) whose hits take no lock and whose misses run in the slot."""

    def __init__(self, fn: Callable[..., V], maxsize: int) -> None:
        self._fn = fn
        self._maxsize = maxsize
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
            while len(self._data) > self._maxsize:
                del self._data[next(iter(self._data))]
        return value

    def cache_clear(self) -> None:
        with self._lock:
            self._data.clear()


class _DropTimeoutWarning(logging.Filter):
    # We disable math-verify's signal timeouts on purpose and provide our own (see module docstring).
    def filter(self, record: logging.LogRecord) -> bool:
        return "Timeout is disabled" not in record.getMessage()


for _name in ("math_verify.parser", "math_verify.grader"):
    logging.getLogger(_name).addFilter(_DropTimeoutWarning())

_LATEX = [
    LatexExtractionConfig(
        boxed_match_priority=0,
        normalization_config=NormalizationConfig(
            basic_latex=True, units=True, malformed_operators=False, nits=True, boxed="all", equations=False
        ),
    )
]
_EXPR = [ExprExtractionConfig()]
# latex2sympy does not read the shorthand `\sqrt2` / `\frac12` that models write
_SHORT_SQRT = re.compile(r"\\sqrt\s*(\d|[a-zA-Z](?![a-zA-Z]))")
_SHORT_FRAC = re.compile(r"\\[dt]?frac\s*(\d)\s*(\d)")
_HALF_SHORT_FRAC = re.compile(r"\\([dt]?frac)\s*(\d)\s*\{|\\([dt]?frac)\s*(\{[^{}]*\})\s*(\d)")


def _unshort_frac(m: re.Match[str]) -> str:
    if m.group(1) is not None:
        return f"\\{m.group(1)}{{{m.group(2)}}}{{"
    return f"\\{m.group(3)}{m.group(4)}{{{m.group(5)}}}"


_TRIG_POWER = re.compile(r"\\(sin|cos|tan|sec|csc|cot)\s*\^\s*\{?(\d)\}?\s*([a-zA-Z])(?![a-zA-Z])")


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
_NOT_MATH = re.compile(
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
    expr = _SHORT_FRAC.sub(r"\\frac{\1}{\2}", _SHORT_SQRT.sub(r"\\sqrt{\1}", expr.strip()))
    expr = _HALF_SHORT_FRAC.sub(_unshort_frac, expr)  # \frac5{8}, \frac{5}8
    expr = _TRIG_POWER.sub(r"\\\1^{\2}(\3)", expr)
    if not expr:
        return Parsed((), None, "empty")
    for config, source in ((_LATEX, f"${expr}$"), (_EXPR, expr)):
        values = parse(
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


parse_value = _Cached(_parse_value, 65536)


def _parse_prose(text: str) -> Parsed:
    """Parse a worked solution without ``\\boxed``: math-verify's anchored extraction over the prose (only in
    the isolated worker: a prose gold is never in the in-process grammar)."""
    values = parse(text, extraction_mode="first_match", fallback_mode="no_fallback", parsing_timeout=None)
    return Parsed(tuple(values), _text(values[-1], None) if values else None)


parse_prose = _Cached(_parse_prose, 4096)


def parse_prose_matched(text: str) -> str | None:
    """The LaTeX that math-verify extracts from a worked solution, as text (a worker function: the caller
    gets a string back, never a sympy object that unpickling would rebuild in its own process)."""
    parsed = parse_prose(text)
    return parsed.matched if parsed.ok else None


def remaining_s(default: float) -> float:
    """Seconds left before this thread's :func:`deadline`, or ``default`` when none is set."""
    at = getattr(_LOCAL, "at", None)
    return default if at is None else at - time.monotonic()


def check(gold: str, answer: str) -> bool:
    """Does ``answer`` equal ``gold``? Parses both (expressions, not prose) and calls ``verify(gold, answer)``."""
    return check_strings(gold, answer)[0] == "correct"


def _verify(gold: Parsed, answer: Parsed) -> bool:
    return bool(verify(list(gold.values), list(answer.values), timeout_seconds=None))


_verify_cached = _Cached(_verify, 65536)


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
    ``correct``, ``wrong``, ``gold_unparseable`` or ``answer_unparseable``."""
    g = parse_prose(gold) if gold_is_prose else parse_value(gold)
    if not g.ok:
        return "gold_unparseable", None, None
    a = parse_value(answer)
    if not a.ok:
        return "answer_unparseable", g.shown, None
    ok = verify_parsed(g, a)
    return ("correct" if ok else "wrong"), g.shown, a.shown
