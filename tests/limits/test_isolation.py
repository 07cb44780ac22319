"""The hard wall-clock limit: sympy bombs from a worker thread and an asyncio task come back as None.

The elapsed-time assertions are the contract's upper bound (``timeout_s`` plus slack), not performance
claims; performance is measured by ``benchmarks/perf.py``.
"""

from __future__ import annotations

import asyncio
import threading
import time

import pytest

from rewardcheck.rewards.engine import EngineConfig, Verdict, counters, default_pool, judge
from rewardcheck.rewards.engine.prescreen import risk
from rewardcheck.rewards.registry import build_registry

BOMB = r"\boxed{9^{9^{9^{9}}}}"
LIMIT_S = 3.0


@pytest.fixture(scope="module")
def accuracy():
    reg = build_registry({"reward_timeout_s": 1.5}, "patched")
    assert default_pool().wait_ready(60.0)  # start-up of the worker is not what is measured here
    return reg["accuracy"]


def test_bomb_from_a_worker_thread_returns_none_in_time(accuracy) -> None:
    out: dict[str, object] = {}

    def work() -> None:
        t0 = time.monotonic()
        out["value"] = accuracy([BOMB], solution=["5x"])  # a number gold: wrong by size
        out["elapsed"] = time.monotonic() - t0

    before = counters().get("not_admitted", 0)
    th = threading.Thread(target=work)
    th.start()
    th.join(120)
    assert not th.is_alive()
    assert out["value"] == [None]
    # refused by admission from its text, before any work: the same decision at any load (no clock read)
    assert counters().get("not_admitted", 0) == before + 1


def test_bomb_from_an_asyncio_task_returns_none_in_time(accuracy) -> None:
    async def reward() -> tuple[list[float | None], float]:
        t0 = time.monotonic()
        value = accuracy([BOMB], solution=["6x"])  # called directly inside the event loop's thread
        return value, time.monotonic() - t0

    async def main() -> tuple[list[float | None], float]:
        return await asyncio.wait_for(asyncio.create_task(reward()), LIMIT_S + 5)

    before = counters().get("not_admitted", 0)
    value, _ = asyncio.run(main())
    assert value == [None] and counters().get("not_admitted", 0) == before + 1


def test_process_stays_usable_after_timeouts(accuracy) -> None:
    accuracy([BOMB], solution=["7x"])
    assert accuracy(
        [r"<think>ok</think> \boxed{2}", r"<think>ok</think> \boxed{3}"], solution=["2", "2"]
    ) == [1.0, 0.0]
    # the killed worker is replaced: a risky but harmless answer is verified in isolation again
    # (`2^{3^{1}}` for 8 is now read exactly in process; a sum goes to the worker)
    j = judge(
        r"<think>ok</think> \boxed{\sum_{k=1}^{3} k}",
        r"\sum_{j=1}^{3} j",
        config=EngineConfig(timeout_s=20.0),
    )
    assert j.verdict is Verdict.CORRECT and j.path == "isolated"


@pytest.mark.parametrize(
    "answer",
    ["{" * 500 + "1" + "}" * 500, "1" * 1_000_000, r"10^{10^{10^{10}}}"],
    ids=["500-nested-braces", "1MB-number", "tower"],
)
def test_adversarial_answers_are_bounded(answer: str) -> None:
    cfg = EngineConfig(timeout_s=1.0)
    j = judge(f"<think>x</think> \\boxed{{{answer}}}", "1", config=cfg)
    # bounded by admission and the exact forms' work budget, decided from the text (no clock read)
    if j.verdict is Verdict.TIMEOUT:
        assert "too large to compare" in j.reason or "over its work budget" in j.reason, j.reason
    # never paid: a timeout (None), a wrong answer, or (1 MB: no box closes within reach) no answer at all
    assert j.verdict in (Verdict.TIMEOUT, Verdict.WRONG, Verdict.ERROR, Verdict.TRUNCATED, Verdict.NO_ANSWER)
    assert j.accuracy in (None, 0.0)


def test_ordinary_answers_never_pay_for_isolation() -> None:
    before = counters().get("isolated_calls", 0)
    for ans, gold in [
        ("3", "3"),
        (r"\frac{3}{4}", "0.75"),
        (r"2\sqrt{2}", r"\sqrt{8}"),
        ("x^2+1", "1+x^2"),
        (r"\pi/4", r"\frac{\pi}{4}"),
    ]:
        assert judge(f"<think>x</think> \\boxed{{{ans}}}", gold).verdict is Verdict.CORRECT
    assert counters().get("isolated_calls", 0) == before


@pytest.mark.parametrize(
    ("expr", "risky"),
    [
        ("42", False),
        (r"\frac{\pi}{4}", False),
        ("x^2+y^2", False),
        (r"9^{9^{9}}", True),
        ("2^{99999}", True),
        ("100!", True),
        ("{" * 10 + "}" * 10, True),
        ("1" * 200, True),
        ("x^{-2}", False),
        # a real scan row: sympy's cancel ran for minutes on this in process
        (r"\frac{2-3\omega+\omega^{-1994}}{2(1-\omega)(1-\omega^2)}", True),
    ],
)
def test_prescreen(expr: str, risky: bool) -> None:
    assert (risk(expr) is not None) is risky


def _bomb_in_child() -> tuple[list[float | None], float, list[float | None]]:
    from rewardcheck.rewards.engine import default_pool as pool
    from rewardcheck.rewards.registry import build_registry as build

    acc = build({"reward_timeout_s": 1.5}, "patched")["accuracy"]
    pool().wait_ready(60.0)
    t0 = time.monotonic()
    value = acc([BOMB], solution=["5x"])
    elapsed = time.monotonic() - t0
    return value, elapsed, acc([r"<think>ok</think> \boxed{5}"], solution=["5"])


def test_bomb_inside_a_process_pool_worker() -> None:
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    with ProcessPoolExecutor(max_workers=1, mp_context=multiprocessing.get_context("spawn")) as ex:
        value, elapsed, after = ex.submit(_bomb_in_child).result(timeout=120)
    assert value == [None] and after == [1.0]


def test_the_first_start_is_never_charged_to_the_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    # Every worker start is made to take 2 s. Charged to a call with a 0.9 s limit it would time that call
    # out: a pool's first start (importing sympy) is a one-off per process, waited for off the clock. Any
    # later wait (a replacement start, a busy pool) is charged: tests/limits/test_queueing.py.
    from rewardcheck.rewards.engine import isolation

    original = isolation._Worker._start

    def slow_start(self: isolation._Worker) -> None:
        time.sleep(2.0)
        original(self)

    monkeypatch.setattr(isolation._Worker, "_start", slow_start)
    for lazy in (False, True):
        pool = isolation.WorkerPool(size=1)
        pool.first_start_off_clock = lazy
        try:
            before = counters().get("queued_ms", 0)
            # a decimal is not decided by the exact forms: verified in the (slow-starting) worker
            assert pool.run("check_strings", ("4", "2.0+2"), timeout_s=0.9)[0] == "correct"
            assert counters().get("queued_ms", 0) - before >= 1500  # the start was counted as queueing
        finally:
            pool.close()


def test_scan_style_registry_starts_no_worker_until_needed() -> None:
    from rewardcheck.rewards import build_registry
    from rewardcheck.rewards.engine import default_pool

    pool = default_pool()
    pool.close()
    build_registry({"isolation_warm_up": False}, "patched")
    assert pool._idle == [] and pool.first_start_off_clock is True
    build_registry({}, "patched")  # the default warms workers up for training: one and a spare
    assert len(pool._idle) == pool.spare == 2
