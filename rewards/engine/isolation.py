"""Run risky sympy work in a killable worker process, so a hard wall-clock limit holds from any thread.

A worker is a plain ``python -m rewards.engine.worker`` subprocess talking over two private pipes. Unlike
multiprocessing's spawn/forkserver it never re-imports the caller's ``__main__`` (a training script that
imports torch would make every restart cost seconds), it can be started from a daemonic pool worker, and it
inherits no lock from a caller's thread. A worker killed at a deadline is replaced at once in the
background.

Capacity follows the callers' concurrency: each concurrent caller gets a worker of its own (an idle one, or
one started for it, up to ``max_workers``, by default the number of CPUs; further callers queue), and the
limit starts when the worker is ready, so time spent queueing for capacity or waiting for a start is never
charged to an answer (a verdict must not depend on how loaded the machine is). A worker is recycled after ``recycle_after`` calls, which bounds the memory that
sympy's and the LaTeX parser's caches take inside it.

>>> pool = WorkerPool(size=1)
>>> pool.run("check_strings", ("4", "2+2"), timeout_s=30.0)    # doctest: +SKIP
('correct', '4', '4')
"""

from __future__ import annotations

import atexit
import os
import subprocess
import sys
import threading
import time
from collections import Counter
from multiprocessing.connection import Connection
from typing import Any

__all__ = ["IsolationTimeout", "IsolationError", "WorkerPool", "default_pool", "counters", "queued_s"]

_COUNTS: Counter[str] = Counter()
_LOCAL = threading.local()


def queued_s() -> float:
    """Seconds this thread has spent queueing for a worker so far (callers subtract it from elapsed time)."""
    return float(getattr(_LOCAL, "queued", 0.0))


_COUNT_LOCK = threading.Lock()


def count(event: str, n: int = 1) -> None:
    # No lock: the hot path counts every verdict, and a lost increment under a thread race is harmless.
    _COUNTS[event] += n


def counters() -> dict[str, int]:
    """Process-wide event counts: isolated calls, timeouts, worker kills and starts, pre-screen hits..."""
    with _COUNT_LOCK:
        return dict(_COUNTS)


class IsolationTimeout(Exception):  # not TimeoutError: that is an OSError, caught as a dead pipe
    pass


class IsolationError(RuntimeError):
    pass


_ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
# Our folder goes first on the worker's sys.path: a caller's cwd or PYTHONPATH may hold another `rewards`
# (open-r1's src/open_r1/rewards.py), which `python -m rewards.engine.worker` would import instead.
_BOOT = (
    f"import sys; sys.path.insert(0, {_ROOT!r}); from rewards.engine.worker import serve; "
    "serve(int(sys.argv[1]), int(sys.argv[2]))"
)


def _worker_env() -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(p for p in (_ROOT, env.get("PYTHONPATH", "")) if p)
    return env


class _Worker:
    def __init__(self) -> None:
        self.ready = threading.Event()
        self.failed: str | None = None
        self.proc: subprocess.Popen[bytes] | None = None
        self.to_worker: Connection | None = None
        self.from_worker: Connection | None = None
        self.calls = 0
        threading.Thread(target=self._start, daemon=True, name="rewardcheck-verify-start").start()

    def _start(self) -> None:
        try:
            req_r, req_w = os.pipe()
            res_r, res_w = os.pipe()
            self.proc = subprocess.Popen(
                [sys.executable, "-c", _BOOT, str(req_r), str(res_w)],
                pass_fds=(req_r, res_w),
                stdin=subprocess.DEVNULL,
                close_fds=True,
                env=_worker_env(),
            )
            os.close(req_r)
            os.close(res_w)
            self.to_worker = Connection(req_w, readable=False)
            self.from_worker = Connection(res_r, writable=False)
            if not self.from_worker.poll(120.0) or self.from_worker.recv() != "ready":
                raise IsolationError("worker did not report ready")
            count("worker_starts")
        except Exception as exc:
            self.failed = f"{type(exc).__name__}: {exc}"
            self.kill()
        finally:
            self.ready.set()

    def kill(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.kill()
            try:
                self.proc.wait(timeout=2.0)
            except subprocess.TimeoutExpired:
                pass
        for conn in (self.to_worker, self.from_worker):
            if conn is not None:
                conn.close()


FIRST_START_LIMIT_S = 60.0  # importing sympy in a fresh worker on a loaded machine
# One worker per concurrent caller up to the number of CPUs: more processes would share the same cores and
# push each other's work past the limit, which is the load-dependent verdict this pool exists to prevent.
DEFAULT_MAX_WORKERS = int(os.environ.get("REWARDCHECK_MAX_WORKERS", "0")) or max(
    2, min(16, os.cpu_count() or 2)
)
RECYCLE_AFTER = 2000


def spare_default() -> bool:
    # Two idle workers by default: one serves the next caller while a killed one is being replaced.
    return os.environ.get("REWARDCHECK_SPARE_WORKERS", "2") != "1"


class WorkerPool:
    """Persistent workers, one per concurrent caller up to ``max_workers``; a call that overruns its limit
    kills its worker. ``size`` is how many idle workers are kept beyond the current callers' needs."""

    def __init__(
        self,
        size: int = 2,
        max_workers: int | None = None,
        capacity_wait_s: float = FIRST_START_LIMIT_S,
        recycle_after: int = RECYCLE_AFTER,
    ) -> None:
        self.size = size
        self.max_workers = max(1, max_workers or max(size, 2, DEFAULT_MAX_WORKERS))
        self.capacity_wait_s = capacity_wait_s
        self.recycle_after = recycle_after
        self.spare = 2 if size > 1 or spare_default() else 1
        self._idle: list[_Worker] = []
        self._lock = threading.Lock()
        self._slots = threading.BoundedSemaphore(self.max_workers)
        self._pid = os.getpid()
        # Kept for callers that never warm up (a scan worker); every start is now waited for off the clock.
        self.first_start_off_clock = False
        atexit.register(self.close)

    def close(self) -> None:
        """Stop the idle workers (at interpreter exit, so no worker outlives its parent's session)."""
        if os.getpid() != self._pid:
            return  # a forked child does not own its parent's workers
        with self._lock:
            idle, self._idle = self._idle, []
        for worker in idle:
            worker.ready.wait(5.0)
            worker.kill()

    def warm_up(self) -> None:
        """Start workers in the background until ``spare`` are idle, so a risky input does not wait for one
        (a worker killed at a deadline is replaced here while the spare serves the next caller)."""
        with self._lock:
            while len(self._idle) < self.spare:
                self._idle.append(_Worker())

    def wait_ready(self, timeout_s: float = 60.0) -> bool:
        """Block until the warmed-up worker has started (benchmarks: keep its start out of timed passes)."""
        self.warm_up()
        with self._lock:
            workers = list(self._idle)
        return all(w.ready.wait(timeout_s) for w in workers)

    def live_workers(self) -> list[int]:
        """Process ids of the idle workers (the fuzzer checks none leaks)."""
        with self._lock:
            return [w.proc.pid for w in self._idle if w.proc is not None and w.proc.poll() is None]

    def _take(self) -> _Worker:
        with self._lock:
            ready = [w for w in self._idle if w.ready.is_set()]
            if ready or self._idle:
                worker = (ready or self._idle)[-1]
                self._idle.remove(worker)
                return worker
        return _Worker()

    def _give_back(self, worker: _Worker) -> None:
        if worker.calls >= self.recycle_after:
            worker.kill()  # bounded memory: sympy and ANTLR caches live as long as the worker
            self.warm_up()
            count("worker_recycles")
            return
        with self._lock:
            self._idle.append(worker)

    def run(self, name: str, args: tuple[Any, ...], timeout_s: float) -> Any:
        """``mathcore.<name>(*args)`` in a worker; ``IsolationTimeout`` past ``timeout_s`` seconds of work
        (waiting for a free or starting worker is not counted, up to ``capacity_wait_s``)."""
        queued = time.monotonic()
        if not self._slots.acquire(timeout=self.capacity_wait_s):
            count("timeouts_waiting_for_worker")
            raise IsolationTimeout(f"no verify worker free within {self.capacity_wait_s:.0f} s")
        try:
            worker = self._take()
            self.first_start_off_clock = False
            if not worker.ready.wait(self.capacity_wait_s):
                self._give_back(worker)  # still starting: the next caller gets it
                count("timeouts_waiting_for_worker")
                raise IsolationTimeout(f"verify worker not started within {self.capacity_wait_s:.0f} s")
            if worker.failed:
                raise IsolationError(f"cannot start verify worker: {worker.failed}")
            count("isolated_calls")
            waited = time.monotonic() - queued
            count("queued_ms", int(1000 * waited))
            _LOCAL.queued = queued_s() + waited
            deadline = time.monotonic() + max(0.0, timeout_s)
            assert worker.to_worker is not None and worker.from_worker is not None
            try:
                worker.to_worker.send((name, args))
                worker.calls += 1
                if not worker.from_worker.poll(max(0.0, deadline - time.monotonic())):
                    count("timeouts")
                    count("worker_kills")
                    worker.kill()
                    self.warm_up()  # replace it now, off the caller's clock
                    raise IsolationTimeout(f"verify did not finish within {timeout_s:.2f} s; worker killed")
                status, value = worker.from_worker.recv()
            except (EOFError, OSError, BrokenPipeError) as exc:
                worker.kill()
                self.warm_up()
                raise IsolationError(f"verify worker died: {type(exc).__name__}") from None
            self._give_back(worker)
            if status != "ok":
                raise IsolationError(str(value))
            return value
        finally:
            self._slots.release()


_POOL: WorkerPool | None = None
_POOL_LOCK = threading.Lock()


def default_pool() -> WorkerPool:
    """The process-wide pool (a forked child gets its own: pipes are not shared across processes)."""
    global _POOL
    with _POOL_LOCK:
        if _POOL is None or _POOL._pid != os.getpid():
            _POOL = WorkerPool(size=max(1, min(4, (os.cpu_count() or 2) // 2)))  # capacity: max_workers
        return _POOL
