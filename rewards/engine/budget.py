r"""Work budgets: sympy's work is counted in CPU seconds of the worker process that does it, not in wall time.

A verdict must depend on its input alone. Wall time counts the machine's load (other processes, other
threads, queueing); the CPU time a worker process spends on one parse + verify counts only that work. The
isolated worker (:mod:`rewardcheck.rewards.engine.worker`) runs each call under :func:`cpu_budget`: a
``SIGPROF`` timer on the process's own CPU time (``ITIMER_PROF``) that raises :class:`OverBudget`, a
``BaseException`` so that no ``except Exception`` inside sympy or math-verify swallows it. Work that C code
does without returning to Python (big integers, factorials) cannot be interrupted there: admission
(:mod:`rewardcheck.rewards.engine.admission`) refuses the sizes that could do that before any work.

Wall time is only the safety net (:func:`stall_after`): :data:`STALL_FACTOR` times the budget, waiting for a
worker included. Past it the call is an error with the reason "machine stalled", counted apart.

>>> with cpu_budget(5.0):
...     sum(range(1000))
499500
>>> stall_after(2.0)
16.0
"""

from __future__ import annotations

import math
import signal
import threading
from collections.abc import Iterator
from contextlib import contextmanager

__all__ = [
    "OverBudget",
    "cpu_budget",
    "over_budget_message",
    "stall_after",
    "quantise",
    "STALL_FACTOR",
    "MIN_BUDGET_S",
]

# At load 8 on 2 cores a process gets about a quarter of a core: its work takes ~4x its CPU time in wall
# time. Twice that again before the net fires.
STALL_FACTOR = 8.0
MIN_BUDGET_S = 0.1


class OverBudget(BaseException):  # noqa: N818 - a budget signal, not an error
    """The work of one call passed its CPU budget (raised inside the worker by the profiling timer)."""


def over_budget_message(seconds: float) -> str:
    """What :class:`OverBudget` says for a budget of ``seconds`` (one wording, whoever raises it).

    >>> over_budget_message(2.0)
    'over its work budget of 2 s of CPU'
    """
    return f"over its work budget of {seconds:g} s of CPU"


def quantise(budget_s: float) -> float:
    """The budget rounded to a tenth of a second (at least :data:`MIN_BUDGET_S`): a budget read a few
    microseconds late, ``1.99999`` for a 2 s limit, is the same budget.

    >>> quantise(1.99999), quantise(0.0), quantise(2.04)
    (2.0, 0.1, 2.0)
    """
    return max(MIN_BUDGET_S, round(budget_s, 1))


def stall_after(budget_s: float) -> float:
    """Wall-clock seconds after which a call with this work budget counts as "machine stalled"."""
    return STALL_FACTOR * quantise(budget_s)


@contextmanager
def cpu_budget(seconds: float) -> Iterator[None]:
    """Raise :class:`OverBudget` in this (main) thread once the process has used ``seconds`` more CPU time.

    Outside the main thread (no signals there) the block runs unbudgeted: only the worker's main loop uses it.
    """
    if threading.current_thread() is not threading.main_thread() or not hasattr(signal, "setitimer"):
        yield
        return
    armed = [True]

    def on_prof(signum: int, frame: object) -> None:
        if armed[0]:
            armed[0] = False
            raise OverBudget(over_budget_message(seconds))

    previous = signal.signal(signal.SIGPROF, on_prof)
    signal.setitimer(signal.ITIMER_PROF, max(1e-3, seconds) if math.isfinite(seconds) else 0.0)
    try:
        yield
    finally:
        armed[0] = False
        signal.setitimer(signal.ITIMER_PROF, 0.0)
        signal.signal(signal.SIGPROF, previous)
