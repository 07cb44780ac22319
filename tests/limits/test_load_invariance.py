"""Issue 30: a verdict depends on its input alone. The 52-case set of ``benchmarks.load_invariance`` (fresh
inputs per thread) is scored one call at a time, then from 8 threads while 4 busy processes load the cores:
every verdict and reason must be the same.

This cannot fail from load by design: the exact canonical forms and admission decide from the text alone,
sympy in the worker runs under a CPU-time budget (its own work, not the machine's), and wall time is only the
"machine stalled" safety net, which this test moves out of reach (``STALL_FACTOR``; the net has its own test
in ``tests/limits/test_budget.py``) and asserts never fired. No assertion reads a clock. The busy processes
are bounded in time and always killed.
"""

from __future__ import annotations

import pytest

from benchmarks.load_invariance import busy_processes, cases, score_alone, score_threaded
from rewardcheck.rewards.engine import budget, counters, default_pool

LIMIT_S = 1.0
THREADS = 8
# each thread a third of the set (threads 0-2 cover it all), fresh constants per thread: the test stays short
ROUNDS = [cases(k)[k % 3 :: 3] for k in range(THREADS)]


@pytest.fixture(autouse=True)
def _no_safety_net(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(budget, "STALL_FACTOR", 1000.0)


def _delta(before: dict[str, int], key: str) -> int:
    return counters().get(key, 0) - before.get(key, 0)


def test_verdicts_from_8_threads_under_load_equal_the_idle_ones() -> None:
    assert default_pool().wait_ready(120.0)
    alone = score_alone(ROUNDS, LIMIT_S)
    before = counters()
    with busy_processes(4, 120.0) as procs:
        loaded = score_threaded(ROUNDS, LIMIT_S, THREADS)
        assert all(p.poll() is None for p in procs)  # the load was there for the whole threaded pass
    stalled = [
        (c.family, y)
        for cs, ys in zip(ROUNDS, loaded, strict=True)
        for c, y in zip(cs, ys, strict=True)
        if "stalled" in y[1]
    ]
    assert _delta(before, "machine_stalled") == 0, stalled
    changed = [
        (c.family, x, y)
        for cs, xs, ys in zip(ROUNDS, alone, loaded, strict=True)
        for c, x, y in zip(cs, xs, ys, strict=True)
        if x != y
    ]
    assert changed == []
    # the set has both outcomes of every kind it claims to cover
    verdicts = {c.family: x[0] for r in (0, 1, 2) for c, x in zip(ROUNDS[r], alone[r], strict=True)}
    assert verdicts["long polynomial, other term order"] == "correct"
    assert verdicts["long polynomial, one coefficient wrong"] == "wrong"
    assert verdicts["factorial times letter"] == "correct"  # 5!\,x for 120x: never None again
    assert verdicts["interval, wrong end"] == "wrong" and verdicts["set, other order"] == "correct"
    assert verdicts["power tower"] == "wrong"  # 9^{9^{9^{9}}} against 5: an exact decision by size


def test_tower_gamma_and_hanging_gold_end_by_their_work_or_admission_decision() -> None:
    # From 8 threads at once: the tower and Gamma are refused by admission before any work, the hanging
    # gold stops at its CPU-time work budget in the worker's own process; the decision says which, not a clock.
    assert default_pool().wait_ready(120.0)
    hard = [
        c
        for c in cases(0)
        if c.family in ("power tower, symbolic gold", "Gamma", "Gamma gold", "hanging gold")
    ]
    before = counters()
    with busy_processes(4, 120.0):
        got = score_threaded([hard] * THREADS, 0.3, THREADS)
    for row in got:
        for case, (verdict, reason) in zip(hard, row, strict=True):
            assert verdict == "timeout", (case.family, reason)
            if case.family == "hanging gold":
                assert "over its work budget of 0.3 s of CPU" in reason
            else:
                assert "too large to compare" in reason
    assert _delta(before, "not_admitted") == THREADS * (len(hard) - 1)
    # the hanging gold's own work is over its budget: worked out in a worker at least once, then known (issue
    # 44: kept per gold and budget), whichever thread came first
    assert _delta(before, "over_budget") + _delta(before, "over_budget_known") == THREADS
    assert _delta(before, "machine_stalled") == 0
