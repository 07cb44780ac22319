"""Isolation capacity follows the callers' concurrency: answers that need the isolated worker, called from
8 threads, asyncio tasks or a process pool, get the same verdicts as from one thread (none times out
waiting), and a timeout is never remembered."""

from __future__ import annotations

import asyncio
import multiprocessing
import threading
import time
from concurrent.futures import ThreadPoolExecutor

from rewardcheck.rewards import build_registry
from rewardcheck.rewards.engine import clear_memos, counters, default_pool, judge

# Each needs the isolated worker (factorial, binomial, sum) and is correct. Symbolic golds: for a numeric gold an
# unevaluated `5!` is refused by policy (EngineConfig.allow_unevaluated) before any isolation is needed.
RISKY = [
    (r"<think>\nfive factorial times x\n</think>\n\boxed{5!\,x}", "120x"),
    (r"<think>\nchoose two of five, times y\n</think>\n\boxed{\binom{5}{2} y}", "10y"),
    (r"<think>\nx to the sum of one to four\n</think>\n\boxed{x^{\sum_{k=1}^{4} k}}", "x^{10}"),
    (r"<think>\nfour factorial, halved, times x\n</think>\n\boxed{\frac{4!}{2} x}", "12x"),
]
THREADS = 8


def _verdicts(pairs: list[tuple[str, str]]) -> list[str]:
    return [judge(t.replace("\\n", "\n"), g).verdict.value for t, g in pairs]


def test_eight_threads_get_the_verdicts_of_one_thread() -> None:
    assert default_pool().wait_ready(60.0)
    clear_memos()
    alone = _verdicts(RISKY)
    assert alone == ["correct"] * len(RISKY)
    before = counters().get("timeouts_waiting_for_worker", 0) + counters().get("timeouts", 0)
    barrier = threading.Barrier(THREADS)

    def call(_: int) -> list[str]:
        barrier.wait()
        clear_memos()
        return _verdicts(RISKY)

    with ThreadPoolExecutor(THREADS) as ex:
        results = list(ex.map(call, range(THREADS)))
    assert results == [alone] * THREADS
    after = counters().get("timeouts_waiting_for_worker", 0) + counters().get("timeouts", 0)
    assert after == before


def test_asyncio_tasks_get_the_same_verdicts() -> None:
    async def main() -> list[list[str]]:
        return list(await asyncio.gather(*(asyncio.to_thread(_verdicts, RISKY) for _ in range(THREADS))))

    clear_memos()
    assert asyncio.run(main()) == [["correct"] * len(RISKY)] * THREADS


def _score_in_pool_worker(_: int) -> list[float | None]:
    acc = build_registry({}, "patched")["accuracy"]
    texts = [t.replace("\\n", "\n") for t, _ in RISKY]
    return acc(texts, solution=[g for _, g in RISKY])


def test_daemonic_pool_workers_verify_instead_of_timing_out() -> None:
    # multiprocessing.Pool workers are daemonic (verl's process-pool reward managers use such workers):
    # the isolated worker is a plain subprocess, which a daemonic process may start. Load-proof by
    # construction: the factorial and binomial products are decided by the exact canonical forms, the sum in
    # the exponent by a worker under a CPU-time budget (its work, not the machine's load), and waiting for a
    # worker is bounded only by the "machine stalled" safety net, never by the limit.
    ctx = multiprocessing.get_context("spawn")
    t0 = time.monotonic()
    with ctx.Pool(2) as pool:
        results = pool.map(_score_in_pool_worker, range(4))
    assert results == [[1.0] * len(RISKY)] * 4, f"{results} after {time.monotonic() - t0:.1f} s"


def test_a_timeout_is_not_remembered() -> None:
    bomb = r"<think>\nok then\n</think>\n\boxed{9^{9^{9^{9}}}}".replace("\\n", "\n")
    from rewardcheck.rewards.engine import EngineConfig

    cfg = EngineConfig(timeout_s=0.5)
    first = judge(bomb, "5x", config=cfg)  # a number gold: wrong by size
    assert first.verdict.value == "timeout" and "too large to compare" in first.reason
    refused = counters().get("not_admitted", 0)
    second = judge(bomb, "5x", config=cfg)
    # re-run: admission decides again (no memo), the same way
    assert second.verdict.value == "timeout" and counters().get("not_admitted", 0) == refused + 1
    assert second.reason == first.reason
