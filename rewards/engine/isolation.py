"""Run risky sympy work in a killable worker process, so a hard wall-clock limit holds from any thread.

A worker is a plain ``python -m rewards.engine.worker`` subprocess talking over two private pipes. Unlike
multiprocessing's spawn/forkserver it never re-imports the caller's ``__main__`` (a training script that
imports torch would make every restart cost seconds), it can be started from a daemonic pool worker, and it
inherits no lock from a caller's thread. A worker killed at a deadline is replaced at once in the
background; callers never block past their deadline, even while a worker is still starting.

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

__all__ = ["IsolationTimeout", "IsolationError", "WorkerPool", "default_pool", "counters"]

_COUNTS: Counter[str] = Counter()
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


def _worker_env() -> dict[str, str]:
    # The caller may import `rewards` through a sys.path entry (a checkout, pytest's rootdir): hand it on.
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(p for p in (root, env.get("PYTHONPATH", "")) if p)
    return env


class _Worker:
    def __init__(self) -> None:
        self.ready = threading.Event()
        self.failed: str | None = None
        self.proc: subprocess.Popen[bytes] | None = None
        self.to_worker: Connection | None = None
        self.from_worker: Connection | None = None
        threading.Thread(target=self._start, daemon=True, name="rewardcheck-verify-start").start()

    def _start(self) -> None:
        try:
            req_r, req_w = os.pipe()
            res_r, res_w = os.pipe()
            self.proc = subprocess.Popen(
                [sys.executable, "-m", "rewards.engine.worker", str(req_r), str(res_w)],
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


class WorkerPool:
    """Up to ``size`` persistent workers; a call that overruns its deadline kills its worker."""

    def __init__(self, size: int = 2) -> None:
        self.size = size
        self._idle: list[_Worker] = []
        self._lock = threading.Lock()
        self._slots = threading.BoundedSemaphore(size)
        self._pid = os.getpid()
        # Set by callers that never warm up (a scan worker): the first worker's start is then a one-time
        # cost of the process, waited for off the completion's clock instead of timing that completion out.
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
        """Start one worker in the background so the first risky input does not wait for it."""
        with self._lock:
            if not self._idle:
                self._idle.append(_Worker())

    def wait_ready(self, timeout_s: float = 60.0) -> bool:
        """Block until the warmed-up worker has started (benchmarks: keep its start out of timed passes)."""
        self.warm_up()
        with self._lock:
            workers = list(self._idle)
        return all(w.ready.wait(timeout_s) for w in workers)

    def _take(self) -> _Worker:
        with self._lock:
            if self._idle:
                return self._idle.pop()
        return _Worker()

    def _give_back(self, worker: _Worker) -> None:
        with self._lock:
            self._idle.append(worker)

    def run(self, name: str, args: tuple[Any, ...], timeout_s: float) -> Any:
        """``mathcore.<name>(*args)`` in a worker; ``IsolationTimeout`` past ``timeout_s`` seconds."""
        deadline = time.monotonic() + timeout_s
        if not self._slots.acquire(timeout=max(0.0, timeout_s)):
            count("timeouts_waiting_for_worker")
            raise IsolationTimeout(f"no verify worker free within {timeout_s:.2f} s")
        try:
            worker = self._take()
            if self.first_start_off_clock:
                self.first_start_off_clock = False
                worker.ready.wait(FIRST_START_LIMIT_S)
                deadline = time.monotonic() + timeout_s
            if not worker.ready.wait(max(0.0, deadline - time.monotonic())):
                self._give_back(worker)  # still starting: the next caller gets it
                count("timeouts_waiting_for_worker")
                raise IsolationTimeout(f"verify worker not started within {timeout_s:.2f} s")
            if worker.failed:
                raise IsolationError(f"cannot start verify worker: {worker.failed}")
            count("isolated_calls")
            assert worker.to_worker is not None and worker.from_worker is not None
            try:
                worker.to_worker.send((name, args))
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
            _POOL = WorkerPool(size=max(1, min(4, (os.cpu_count() or 2) // 2)))
        return _POOL
