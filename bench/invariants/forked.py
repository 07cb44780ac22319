"""Run one scoring call in a forked child and kill it at its limit: the one limit that holds for a reward stuck
in C code holding the GIL (a backtracking regex), which no thread, signal handler or watchdog of the calling
process can interrupt.

>>> out = in_fork(lambda: sum(range(10)), limit_s=10.0)
>>> out.value, out.killed
(45, False)
"""

from __future__ import annotations

import os
import pickle
import select
import signal
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

__all__ = ["ForkOutcome", "in_fork", "can_fork"]


@dataclass(frozen=True)
class ForkOutcome:
    value: Any = None
    error: str | None = None
    killed: bool = False  # past the limit: the child was killed
    seconds: float = 0.0  # the call's own time in the child (the limit's wall time when killed)


def can_fork() -> bool:
    return hasattr(os, "fork")


def in_fork(fn: Callable[[], Any], limit_s: float) -> ForkOutcome:
    """``fn()`` in a child process; its value (pickled back), its exception, or ``killed`` past ``limit_s``."""
    read_end, write_end = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: call, report, leave without running the parent's exit handlers
        os.close(read_end)
        start = time.perf_counter()
        try:
            payload: tuple[str, Any, float] = ("value", fn(), 0.0)
        except BaseException as exc:  # reported to the parent, which decides
            payload = ("error", f"{type(exc).__name__}: {exc}", 0.0)
        payload = (payload[0], payload[1], time.perf_counter() - start)
        try:
            data = pickle.dumps(payload)
        except Exception as exc:
            data = pickle.dumps(("error", f"unpicklable result: {exc}", payload[2]))
        with os.fdopen(write_end, "wb") as f:
            f.write(data)
        os._exit(0)
    os.close(write_end)
    chunks = []
    deadline = time.monotonic() + limit_s
    with os.fdopen(read_end, "rb") as f:
        while True:
            left = deadline - time.monotonic()
            ready, _, _ = select.select([f], [], [], max(0.0, left))
            if not ready:
                os.kill(pid, signal.SIGKILL)
                os.waitpid(pid, 0)
                return ForkOutcome(killed=True, seconds=limit_s)
            chunk = os.read(f.fileno(), 1 << 20)
            if not chunk:
                break
            chunks.append(chunk)
    os.waitpid(pid, 0)
    if not chunks:
        return ForkOutcome(error="the child exited without a result")
    kind, value, seconds = pickle.loads(b"".join(chunks))
    if kind == "error":
        return ForkOutcome(error=value, seconds=seconds)
    return ForkOutcome(value=value, seconds=seconds)
