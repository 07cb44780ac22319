"""Issue 22, findings 4 and 6, as issue 30 leaves them: no trainer thread queues without bound, from any
number of threads, and killed workers are reaped (no zombie, no leaked worker).

Load-proof by construction: verdicts come from the exact forms, admission and the worker's CPU-time budget;
the wall-clock safety net ("machine stalled") is asserted through its decision, with the net made small
(``budget.STALL_FACTOR``) where a test needs it to fire, and out of reach where a test needs it silent.
No assertion here reads a clock.
"""

from __future__ import annotations

import threading
import time
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import psutil
import pytest

from rewardcheck.rewards.adapters.verl import compute_score
from rewardcheck.rewards.engine import EngineConfig, Verdict, budget, counters, default_pool, isolation, judge
from rewardcheck.rewards.engine.isolation import MARGIN_S, IsolationTimeout, MachineStalled, WorkerPool

LIMIT_S = 1.0
T = "<think>\nok\n</think>\n"
# sympy's nc_simplify ran for minutes on this gold against \log_2 8 (issue 22): a worker busy for its budget
HANGING_GOLD = r"\frac{\gcd(12, 18)}{(\frac12)^{\angle ABC}}\cdot \frac{1}{2}\cdot 3+4i\times\left( \frac{1}{2} \right)/0.5"
OUTSIDE_EXACT = ("4", "2.0+2")  # a decimal: not decided by the exact forms, so verified in a worker


def _long_correct(k: int) -> tuple[str, str]:
    # a fresh (never cached) sum of twelve terms, answered in another order: decided by the exact forms
    terms = [f"\\frac{{{k + i}}}{{{i + 2}}}x" for i in range(12)]
    return T + f"\\boxed{{{'+'.join(terms)}}}", "+".join(reversed(terms))


def _tower(k: int) -> tuple[str, str]:
    return T + f"\\boxed{{{k + 2}^{{{k + 2}^{{{k + 2}^{{9}}}}}}}}", "5x"  # "5" would be wrong by size


@pytest.mark.parametrize("threads", [8, 24])
def test_many_threads_get_work_decided_verdicts(threads: int, monkeypatch: pytest.MonkeyPatch) -> None:
    # Before: from 8 threads, long correct answers came back timeout (12 of 24 paid). Now the long answers
    # are decided exactly and the towers refused by admission: the verdicts of one thread, whatever the load.
    monkeypatch.setattr(budget, "STALL_FACTOR", 1000.0)  # the net out of reach: verdicts only
    assert default_pool().wait_ready(60.0)
    barrier = threading.Barrier(threads)
    cfg = EngineConfig(timeout_s=LIMIT_S)

    def work(t: int) -> list[tuple[int, str, str]]:
        barrier.wait()
        out = []
        for i in range(4):
            k = 10_000 * threads + 100 * t + i
            text, gold = (_long_correct if i % 2 == 0 else _tower)(k)
            if i == 3:
                verdict = str(compute_score("math", text, gold, {"timeout_s": LIMIT_S})["verdict"])
                reason = ""
            else:
                j = judge(text, gold, config=cfg)
                verdict, reason = j.verdict.value, j.reason
            out.append((i, verdict, reason))
        return out

    with ThreadPoolExecutor(threads) as ex:
        calls = [c for r in ex.map(work, range(threads)) for c in r]
    assert {v for i, v, _ in calls if i % 2 == 0} == {"correct"}
    assert {v for i, v, _ in calls if i % 2 == 1} == {"timeout"}
    assert all("too large to compare" in r for i, _, r in calls if i == 1)


def test_a_call_that_cannot_get_a_worker_is_stopped_by_the_safety_net(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    pool = WorkerPool(size=1, max_workers=1)
    try:
        assert pool.wait_ready(60.0)
        busy = threading.Thread(target=lambda: _swallow(pool, HANGING_GOLD, 5.0), daemon=True)
        busy.start()
        while pool._in_flight == 0:  # the only slot is taken (a work budget of 5 s of CPU)
            time.sleep(0.01)
        monkeypatch.setattr(budget, "STALL_FACTOR", 1.0)  # net: 1 x 0.5 s x (1 + one call ahead)
        before = counters().get("machine_stalled", 0)
        with pytest.raises(MachineStalled, match="machine stalled: no verify worker free"):
            pool.run("check_strings", OUTSIDE_EXACT, timeout_s=0.5)
        assert counters().get("machine_stalled", 0) == before + 1
    finally:
        pool.close()


def _swallow(pool: WorkerPool, gold: str, timeout_s: float) -> None:
    try:
        pool.run("check_strings", (gold, r"\log_2 8"), timeout_s=timeout_s)
    except (IsolationTimeout, isolation.IsolationError):
        pass


def test_only_the_first_start_is_off_the_clock(monkeypatch: pytest.MonkeyPatch) -> None:
    original = isolation._Worker._start

    def slow_start(self: isolation._Worker) -> None:
        time.sleep(2.0)
        original(self)

    monkeypatch.setattr(isolation._Worker, "_start", slow_start)
    monkeypatch.setattr(budget, "STALL_FACTOR", 1.0)  # a net of 0.9 s: far below the 2 s start
    pool = WorkerPool(size=1, max_workers=1)
    try:
        # the pool's first start is a one-off per process: waited for, then the call gets its whole net
        assert pool.run("check_strings", OUTSIDE_EXACT, timeout_s=0.9)[0] == "correct"
        with pool._lock:
            idle, pool._idle = pool._idle, []
        for w in idle:  # as if every worker had been killed by the net
            w.kill()
        with pytest.raises(MachineStalled, match="no verify worker started"):
            pool.run("check_strings", OUTSIDE_EXACT, timeout_s=0.9)  # a replacement start is within the net
    finally:
        pool.close()


def _worker_pids(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Record the pid of every worker started from now on."""
    pids: list[int] = []
    original = isolation._Worker._start

    def recording(self: isolation._Worker) -> None:
        original(self)
        if self.proc is not None:
            pids.append(self.proc.pid)

    monkeypatch.setattr(isolation._Worker, "_start", recording)
    return pids


def _left(pids: list[int]) -> list[str]:
    left = []
    for pid in pids:
        try:
            status = psutil.Process(pid).status()
        except psutil.NoSuchProcess:
            continue
        left.append(f"{pid} {status}")
    return left


def test_killed_workers_are_reaped_and_none_is_left(monkeypatch: pytest.MonkeyPatch) -> None:
    pids = _worker_pids(monkeypatch)
    pool = WorkerPool(size=2, max_workers=2)
    assert pool.wait_ready(60.0)
    monkeypatch.setattr(budget, "STALL_FACTOR", 0.5)  # the net (0.5 x 0.4 s wall) fires before the CPU budget
    for _ in range(3):  # three kills by the net, each replaced in the background
        assert pool.wait_ready(60.0)
        _swallow(pool, HANGING_GOLD, 0.4)
    assert isolation.reap_all(10.0)
    killed = [p for p in pids if p not in pool.live_workers()]
    assert len(killed) >= 3
    assert _left(killed) == []  # neither running nor a zombie
    pool.close()
    assert _left(pids) == []
    zombies = [c.pid for c in psutil.Process().children() if c.status() == psutil.STATUS_ZOMBIE]
    assert zombies == []


def test_a_worker_slow_to_exit_is_still_reaped(monkeypatch: pytest.MonkeyPatch) -> None:
    # The old kill waited 2 s for the exit and then gave up: a worker that took longer to die (gigabytes
    # to free on a loaded machine) stayed a zombie; the verl fuzz counted two. Simulate the slow exit.
    import subprocess

    pids = _worker_pids(monkeypatch)
    original_wait = subprocess.Popen.wait

    def slow_wait(self: subprocess.Popen[bytes], timeout: float | None = None) -> int:
        if timeout is not None and self.pid in pids:
            raise subprocess.TimeoutExpired(self.args, timeout)
        return original_wait(self, timeout)

    monkeypatch.setattr(subprocess.Popen, "wait", slow_wait)
    pool = WorkerPool(size=1, max_workers=1)
    assert pool.wait_ready(60.0)
    monkeypatch.setattr(budget, "STALL_FACTOR", 0.5)
    _swallow(pool, HANGING_GOLD, 0.4)
    pool.close()
    isolation.reap_all(10.0)
    time.sleep(0.2)
    assert _left(pids) == []


def test_verl_adapter_counts_queueing_against_its_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    # compute_score used to subtract queue time from its one limit per response
    class _Slow:
        def run(self, name: str, args: tuple[Any, ...], timeout_s: float) -> Any:
            time.sleep(min(timeout_s, 0.4))  # every gold waits 0.4 s for a worker, then answers "wrong"
            isolation._LOCAL.queued = isolation.queued_s() + 0.4
            return ("wrong", None, None)

    import importlib

    monkeypatch.setattr(
        importlib.import_module("rewardcheck.rewards.engine.compare.isolated"), "default_pool", _Slow
    )
    t0 = time.monotonic()
    out = compute_score(
        "math", T + r"\boxed{\sum_{k=1}^{3} k}", ["5", "6", "7", "8", "9"], {"timeout_s": 1.0}
    )
    assert time.monotonic() - t0 < 1.0 + MARGIN_S
    assert out["verdict"] in (Verdict.TIMEOUT.value, Verdict.WRONG.value)
