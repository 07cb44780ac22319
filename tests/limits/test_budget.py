"""Issue 30: work budgets and the safety net. The worker's budget counts CPU time (work), an overrun is the
decision "over its work budget"; the wall-clock net is several times the budget and reports "machine
stalled" as an error verdict, counted apart, never a silent 0. Every assertion reads a decision, not a clock.
"""

from __future__ import annotations

import importlib

import pytest

from rewardcheck.rewards.engine import EngineConfig, Verdict, budget, clear_caches, counters, judge
from rewardcheck.rewards.engine.budget import OverBudget, cpu_budget, quantise, stall_after
from rewardcheck.rewards.engine.isolation import MachineStalled, OverBudgetTimeout, WorkerPool

HANGING_GOLD = importlib.import_module("benchmarks.load_invariance").HANGING_GOLD
T = "<think>\nok\n</think>\n"


def _spin() -> None:
    while True:
        sum(range(1000))


def test_cpu_budget_stops_python_work_and_no_except_exception_swallows_it() -> None:
    def swallowing() -> None:
        try:
            _spin()
        except Exception:  # what sympy and math-verify do around their work
            pass

    with pytest.raises(OverBudget, match="work budget of 0.05 s"), cpu_budget(0.05):
        swallowing()
    with cpu_budget(5.0):  # work within the budget is not interrupted, and the timer is cleared after
        assert sum(range(10)) == 45


def test_budget_is_quantised_and_the_net_is_several_times_it() -> None:
    assert quantise(1.99999) == quantise(2.0) == 2.0  # a limit read a few microseconds late: the same budget
    assert stall_after(2.0) == budget.STALL_FACTOR * 2.0 and budget.STALL_FACTOR >= 4


def test_the_worker_stops_at_its_work_budget() -> None:
    pool = WorkerPool(size=1, max_workers=1)
    try:
        assert pool.wait_ready(60.0)
        before = counters().get("over_budget", 0)
        with pytest.raises(OverBudgetTimeout, match="over its work budget of 0.3 s of CPU"):
            pool.run("check_strings", (HANGING_GOLD, r"\log_2 8"), timeout_s=0.3)
        assert counters().get("over_budget", 0) == before + 1
        assert pool.run("check_strings", ("4", "2.0+2"), timeout_s=1.0)[0] == "correct"  # worker still serves
    finally:
        pool.close()


def test_the_safety_net_is_an_error_verdict_machine_stalled(monkeypatch: pytest.MonkeyPatch) -> None:
    # The net made smaller than the budget can take (0.5 x 0.4 s of wall time for 0.4 s of CPU): it fires,
    # kills the worker, and the judge reports an error with the reason, counted as machine_stalled.
    monkeypatch.setattr(budget, "STALL_FACTOR", 0.5)
    before = counters()
    pool = WorkerPool(size=1, max_workers=1)
    try:
        assert pool.wait_ready(60.0)
        with pytest.raises(MachineStalled, match="machine stalled"):
            pool.run("check_strings", (HANGING_GOLD, r"\log_2 8"), timeout_s=0.4)
    finally:
        pool.close()
    clear_caches()  # a gold known over its budget (issue 44) would be decided without a worker
    j = judge(T + r"\boxed{\log_2 8}", HANGING_GOLD, config=EngineConfig(timeout_s=0.4))
    assert j.verdict is Verdict.ERROR and "machine stalled" in j.reason and j.accuracy is None
    assert counters().get("machine_stalled", 0) - before.get("machine_stalled", 0) == 2
    assert counters().get("worker_kills", 0) - before.get("worker_kills", 0) == 2
