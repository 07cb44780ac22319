r"""A gold's own work, apart from its answer's: the worker runs a ``check_strings`` call in two phases.

A GRPO group judges one gold against 16 completions. A gold whose own work does not end within the budget
(``benchmarks.load_invariance.HANGING_GOLD``: sympy's ``simplify`` of it runs for minutes, and math-verify's
symbolic comparison simplifies it with every answer) made each of them pay the whole work budget again. So
the worker (:mod:`.worker`) runs :func:`check_in_phases`: first :func:`gold_phase` (the gold parsed, then
each parsed value simplified), then the pair (the answer parsed, ``verify``), each phase under the call's
whole work budget, counted as CPU time (:mod:`.budget`). A gold phase past the budget raises
:class:`GoldOverBudget`: an outcome of the gold and the budget alone, which the caller keeps
(:class:`~.isolation.WorkerPool`'s ``over_budget``), so the next answer to that gold is decided without a
worker, the same way.

The phases have a budget each so that the pair's budget does not depend on what this worker did before:
:data:`DONE` keeps a finished gold phase with the CPU seconds it took (at most
:data:`~rewardcheck.rewards.cache_bounds.GOLD_WORK` golds), the next answer to that gold skips it, and a later
call whose budget is below that cost is over it, as a fresh run would be. A call does at most two budgets of
work; the wall-clock safety net (:func:`~.budget.stall_after`, eight budgets) stays several times that.

>>> from .budget import cpu_budget
>>> with cpu_budget(30.0):
...     check_in_phases("2x+1", "1+2x", False, 30.0)
('correct', '2*x + 1', '2*x + 1')
>>> DONE.get(("2x+1", False))[0].shown
'2*x + 1'
"""

from __future__ import annotations

import time

from sympy import Basic
from sympy.matrices import MatrixBase

from rewardcheck.rewards.cache_bounds import GOLD_WORK, Fifo

from . import mathcore
from .budget import OverBudget, cpu_budget, over_budget_message
from .mathcore import Parsed

__all__ = ["DONE", "GoldOverBudget", "check_in_phases", "gold_phase"]

DONE: Fifo[tuple[Parsed, float]] = Fifo(GOLD_WORK)  # (gold, prose) -> (its parse, CPU seconds the phase took)


class GoldOverBudget(OverBudget):
    """The gold's own work passed the budget, before any of the answer's."""


def _simplify_each(parsed: Parsed) -> None:
    # The step math-verify's symbolic comparison takes through the gold with any answer it does not decide
    # sooner (``simplify(gold - answer)``); its result is not kept, only whether it ends within the budget.
    for value in parsed.values:
        if isinstance(value, (Basic, MatrixBase)):
            try:
                value.simplify()
            except Exception:  # noqa: BLE001 - a value sympy cannot simplify costs what it cost
                pass


def gold_phase(gold: str, prose: bool, budget_s: float) -> Parsed:
    """The gold parsed and its values simplified, once per gold in this process; raises :class:`OverBudget`
    (from the running :func:`~.budget.cpu_budget`, or here for a kept cost above ``budget_s``)."""
    done = DONE.get((gold, prose))
    if done is not None:
        parsed, cost = done
        if cost > budget_s:
            raise OverBudget(over_budget_message(budget_s))
        return parsed
    start = time.process_time()
    parsed = mathcore.gold_value(gold, prose)
    if parsed.ok:
        _simplify_each(parsed)
    DONE.put((gold, prose), (parsed, time.process_time() - start))
    return parsed


def check_in_phases(
    gold: str, answer: str, prose: bool, budget_s: float
) -> tuple[str, str | None, str | None]:
    """:func:`mathcore.check_strings <.mathcore.check_strings>` in two phases of ``budget_s`` CPU seconds
    each; :class:`GoldOverBudget` when the gold's phase passes it, :class:`OverBudget` when the answer's does.
    Called in the worker's main thread (the budget is a signal timer)."""
    try:
        with cpu_budget(budget_s):
            g = gold_phase(gold, prose, budget_s)
    except OverBudget as exc:
        raise GoldOverBudget(f"the gold is {exc}") from None
    with cpu_budget(budget_s):
        return mathcore.check_parsed(g, answer)
