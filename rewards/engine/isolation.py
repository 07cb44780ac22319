r"""Run risky sympy work in a killable worker process under a work budget, from any thread.

A worker is a plain ``python -m rewardcheck.rewards.engine.worker`` subprocess talking over two private pipes. Unlike
multiprocessing's spawn/forkserver it never re-imports the caller's ``__main__`` (a training script that
imports torch would make every restart cost seconds), it can be started from a daemonic pool worker, and it
inherits no lock from a caller's thread. A worker killed at a deadline is replaced at once in the
background, and every killed worker is reaped (waited for) in the background, so none is left a zombie.

**A verdict depends on its input alone (issue 30).** :meth:`WorkerPool.run` decides before any work what
it can: a ``check_strings`` pair in the exact canonical grammar is compared by
:mod:`~rewardcheck.rewards.engine.canonical` (no worker, no sympy), a power tower or factorial of integers
against a small exact value is wrong by size (:mod:`~rewardcheck.rewards.engine.magnitude`), and an expression that
:mod:`~rewardcheck.rewards.engine.admission` refuses raises :class:`NotAdmitted` ("too large to compare").
The rest runs in a worker under a work budget: the call's limit (the judge's ``EngineConfig.timeout_s``, set
per thread by :func:`mathcore.deadline <rewardcheck.rewards.engine.mathcore.deadline>`) counted as the
worker's own CPU time (:mod:`~rewardcheck.rewards.engine.budget`); past it, :class:`OverBudgetTimeout`
(verdict ``timeout``). Queueing and the machine's load do not count. Wall time is only the safety net:
:func:`budget.stall_after <rewardcheck.rewards.engine.budget.stall_after>` of the budget (8x), times one more
for every ``max_workers`` calls ahead of this one (each bounded by its own budget), waiting for a slot or a
starting worker included; past it the worker is killed and the call raises :class:`MachineStalled` (verdict
``error``, reason "machine stalled", counter ``machine_stalled``), never a silent 0. So no trainer thread
waits without bound, and a GIL-holding or hanging worker is killed. The one-off first start of a pool's first
worker (importing sympy) is waited for off the clock (up to :data:`FIRST_START_LIMIT_S`).

**An outcome over the budget is kept (issue 44).** The work counter decides the same way on any machine, so
the pool keeps (:attr:`WorkerPool.over_budget`, at most :data:`~rewardcheck.rewards.cache_bounds.OVER_BUDGET`
entries) each input the worker found over its budget, by (work, budget): a gold whose own work passed it
(the worker's first phase, :mod:`~rewardcheck.rewards.engine.gold_work`) for every answer to that gold, and
any other call's arguments. The next such call raises the same :class:`OverBudgetTimeout`, with the same
message, without a worker (counter ``over_budget_known``). A "machine stalled" is never kept: it is the
machine's, not the input's.

Counters (:func:`counters`): ``exact_canonical``, ``not_admitted``, ``over_budget`` (``gold_over_budget``
of them the gold's own work), ``over_budget_known``, ``machine_stalled``, ``isolated_calls``,
``worker_kills``, ``worker_starts``... :data:`MARGIN_S` is kept for callers that read it; no limit is
enforced with it any more.

A worker is recycled after ``recycle_after`` calls, which bounds the memory that sympy's and the LaTeX
parser's caches take inside it.

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
from collections.abc import Hashable
from multiprocessing.connection import Connection
from typing import Any

from rewardcheck.rewards.cache_bounds import OVER_BUDGET, Fifo

from .admission import admit
from .budget import quantise, stall_after
from .canonical import compare
from .magnitude import differs_by_size

__all__ = [
    "IsolationTimeout",
    "IsolationError",
    "NotAdmitted",
    "OverBudgetTimeout",
    "MachineStalled",
    "set_work_budget",
    "work_budget_s",
    "WorkerPool",
    "default_pool",
    "counters",
    "queued_s",
    "reap_all",
    "MARGIN_S",
]

_COUNTS: Counter[str] = Counter()
_LOCAL = threading.local()


def queued_s() -> float:
    """Seconds this thread has spent waiting for a slot or a starting worker so far (a statistic: the limit
    counts that wait, see the module docstring)."""
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
    """No verdict within the limits: the judge's verdict ``timeout`` (reward None)."""


class NotAdmitted(IsolationTimeout):
    """Admission refused the input before any work: "too large to compare" (same input, same decision)."""


class OverBudgetTimeout(IsolationTimeout):
    """The worker's CPU-time work counter passed the call's budget."""


class IsolationError(RuntimeError):
    """The isolated call failed: the judge's verdict ``error``."""


class MachineStalled(IsolationError):
    """The wall-clock safety net fired (several times the work budget): verdict ``error``, reason "machine
    stalled", counted as ``machine_stalled``. It never decides a verdict on an input's merits."""


def set_work_budget(budget_s: float | None) -> float | None:
    """Set this thread's work budget (the judge's per-call limit, read by :func:`work_budget_s`); returns the
    previous one so a caller can restore it."""
    previous: float | None = getattr(_LOCAL, "budget", None)
    _LOCAL.budget = budget_s
    return previous


def work_budget_s(default: float) -> float:
    """This thread's work budget, or ``default`` when none is set."""
    budget = getattr(_LOCAL, "budget", None)
    return default if budget is None else float(budget)


# The folder that holds the ``rewardcheck`` package this process runs: the worker imports the same one, also
# when this process runs from a checkout that is not installed.
_ROOT = os.path.dirname(os.path.dirname(os.path.abspath(sys.modules["rewardcheck"].__file__ or "")))
_BOOT = "import sys; from rewardcheck.rewards.engine.worker import serve; serve(int(sys.argv[1]), int(sys.argv[2]))"


def _worker_env() -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(p for p in (env.get("PYTHONPATH", ""), _ROOT) if p)
    return env


_REAPERS: list[threading.Thread] = []
_REAPERS_LOCK = threading.Lock()


def _reap_later(proc: subprocess.Popen[bytes]) -> None:
    """Wait for a killed worker in a background thread: the caller's clock does not pay for the exit of a
    process that may hold gigabytes, and no killed worker stays a zombie."""

    def wait() -> None:
        try:
            proc.wait()
        except Exception:  # noqa: BLE001 - nothing more to do for a process we cannot wait for
            pass

    th = threading.Thread(target=wait, daemon=True, name="rewardcheck-verify-reap")
    th.start()
    with _REAPERS_LOCK:
        _REAPERS[:] = [t for t in _REAPERS if t.is_alive()] + [th]


def reap_all(timeout_s: float = 10.0) -> bool:
    """Wait (up to ``timeout_s``) until every killed worker has been reaped; True when none is left."""
    deadline = time.monotonic() + timeout_s
    with _REAPERS_LOCK:
        reapers = list(_REAPERS)
    for th in reapers:
        th.join(max(0.0, deadline - time.monotonic()))
    return not any(th.is_alive() for th in reapers)


class _Worker:
    def __init__(self) -> None:
        self.ready = threading.Event()
        self.failed: str | None = None
        self.proc: subprocess.Popen[bytes] | None = None
        self.to_worker: Connection | None = None
        self.from_worker: Connection | None = None
        self._closed = False  # the connections were closed (once, by the first kill)
        self.calls = 0
        self._lock = threading.Lock()
        self._killed = False
        threading.Thread(target=self._start, daemon=True, name="rewardcheck-verify-start").start()

    def _start(self) -> None:
        try:
            req_r, req_w = os.pipe()
            res_r, res_w = os.pipe()
            with self._lock:
                if self._killed:  # closed before it started (pool closed at exit)
                    for fd in (req_r, req_w, res_r, res_w):
                        os.close(fd)
                    raise IsolationError("pool closed")
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
        """SIGKILL without waiting (reaped in the background); idempotent, safe while still starting."""
        with self._lock:
            self._killed = True
            proc = self.proc
            # Taken under the lock: two killers (the safety net, the pool closing, a failed start) must not
            # close one descriptor twice, which raises EBADF or closes a descriptor reused meanwhile.
            conns = [] if self._closed else [c for c in (self.to_worker, self.from_worker) if c is not None]
            self._closed = True
        if proc is not None and proc.poll() is None:
            try:
                proc.kill()
            except OSError:
                pass
            _reap_later(proc)
        for conn in conns:
            try:
                conn.close()
            except OSError:
                pass  # already closed by the other end's teardown: nothing left to release


FIRST_START_LIMIT_S = 60.0  # importing sympy in a fresh worker on a loaded machine
MARGIN_S = 0.5  # measured bound past ``timeout_s`` for a call, from its caller's side (module docstring)
# One worker per concurrent caller up to the number of CPUs: more processes would share the same cores and
# push each other's work past the limit.
DEFAULT_MAX_WORKERS = int(os.environ.get("REWARDCHECK_MAX_WORKERS", "0")) or max(
    2, min(16, os.cpu_count() or 2)
)
RECYCLE_AFTER = 2000


def spare_default() -> bool:
    # Two idle workers by default: one serves the next caller while a killed one is being replaced.
    return os.environ.get("REWARDCHECK_SPARE_WORKERS", "2") != "1"


class WorkerPool:
    """Persistent workers, at most ``max_workers`` busy at once; a call that overruns its limit kills its
    worker. ``size`` is how many idle workers are kept beyond the current callers' needs."""

    def __init__(
        self,
        size: int = 2,
        max_workers: int | None = None,
        capacity_wait_s: float = FIRST_START_LIMIT_S,
        recycle_after: int = RECYCLE_AFTER,
    ) -> None:
        self.size = size
        self.max_workers = max(1, max_workers or max(size, 2, DEFAULT_MAX_WORKERS))
        self.capacity_wait_s = capacity_wait_s  # the longest wait for the first start of the first worker
        self.recycle_after = recycle_after
        self.spare = 2 if size > 1 or spare_default() else 1
        self._idle: list[_Worker] = []
        self._lock = threading.Lock()
        self._slots = threading.BoundedSemaphore(self.max_workers)
        self._pid = os.getpid()
        self._closed = False
        self._in_flight = 0
        # Set once a worker of this pool has reported ready: from then on no start is waited for off the clock.
        self._started = threading.Event()
        # Kept for the registry's lazy mode (scan processes): the first start is off the clock either way.
        self.first_start_off_clock = False
        # (work, budget) -> the worker's message, for inputs over their work budget (module docstring)
        self.over_budget: Fifo[str] = Fifo(OVER_BUDGET)
        atexit.register(self.close)

    def close(self) -> None:
        """Stop the idle workers and reap every killed one (at interpreter exit, so no worker outlives its
        parent's session). The pool stays usable: its next start is a first start again."""
        if os.getpid() != self._pid:
            return  # a forked child does not own its parent's workers
        with self._lock:
            idle, self._idle = self._idle, []
            self._closed = True
        for worker in idle:
            worker.kill()
        reap_all(5.0)
        with self._lock:
            self._closed = False  # a later call may use the pool again (tests close and reuse it)
            self._started.clear()

    def warm_up(self) -> None:
        """Start workers in the background until ``spare`` are idle, so a risky input does not wait for one
        (a worker killed at a deadline is replaced here while the spare serves the next caller)."""
        with self._lock:
            while len(self._idle) < self.spare:
                self._idle.append(_Worker())

    def wait_ready(self, timeout_s: float = 60.0) -> bool:
        """Block until the warmed-up workers have started (benchmarks: keep starts out of timed passes)."""
        self.warm_up()
        with self._lock:
            workers = list(self._idle)
        ok = all(w.ready.wait(timeout_s) for w in workers)
        if ok and any(not w.failed for w in workers):
            self._started.set()
        return ok

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
            if not self._closed:
                self._idle.append(worker)
                return
        worker.kill()

    def _stalled(self, what: str) -> MachineStalled:
        count("machine_stalled")
        return MachineStalled(f"machine stalled: {what}")

    def run(self, name: str, args: tuple[Any, ...], timeout_s: float) -> Any:
        """``mathcore.<name>(*args)`` under a work budget (see the module docstring).

        Before any work: ``check_strings`` pairs in the canonical grammar are decided exactly here
        (:mod:`~rewardcheck.rewards.engine.canonical`), and an input that admission refuses raises
        :class:`NotAdmitted`. Then the call runs in a worker with a CPU budget of :func:`work_budget_s`
        (``timeout_s`` when no judge set one): past it, :class:`OverBudget`. Only past the wall-clock safety
        net (:func:`budget.stall_after` of the budget, waiting included) :class:`MachineStalled`."""
        budget_s = quantise(work_budget_s(timeout_s))
        if name == "check_strings":
            decided = _decide_exactly(args)
            if decided is not None:
                return decided
        _admit(name, args)
        gold_key, call_key = _work_keys(name, args, budget_s)
        for key in (gold_key, call_key):  # in the worker's order: the gold's own work first
            known = self.over_budget.get(key) if key is not None else None
            if known is not None:
                count("timeouts")
                count("over_budget_known")
                raise OverBudgetTimeout(known)
        called = time.monotonic()
        with self._lock:
            ahead = self._in_flight  # calls holding or waiting for a slot: each bounded by its own budget
            self._in_flight += 1
        try:
            status, value = self._run(
                name, args, budget_s, called, called + stall_after(budget_s) * (1 + ahead // self.max_workers)
            )
        finally:
            with self._lock:
                self._in_flight -= 1
        if status in ("over_budget", "gold_over_budget"):
            count("timeouts")
            count("over_budget")
            if status == "gold_over_budget":
                count("gold_over_budget")
            key = gold_key if status == "gold_over_budget" else call_key
            if key is not None:
                self.over_budget.put(key, str(value))
            raise OverBudgetTimeout(str(value))
        if status != "ok":
            raise IsolationError(str(value))
        return value

    def _run(
        self, name: str, args: tuple[Any, ...], budget_s: float, called: float, stall_at: float
    ) -> tuple[str, Any]:
        """The worker's reply ``(status, value)``; raises :class:`MachineStalled` or :class:`IsolationError`
        when there is none."""
        if not self._started.is_set():
            # The one-off first start (importing sympy): waited for off the clock.
            self.warm_up()
            with self._lock:
                starting = list(self._idle)
            waited_from = time.monotonic()
            for w in starting:
                if (
                    w.ready.wait(max(0.0, waited_from + self.capacity_wait_s - time.monotonic()))
                    and not w.failed
                ):
                    self._started.set()
                    break
            stall_at += time.monotonic() - waited_from
        if not self._slots.acquire(timeout=max(0.0, stall_at - time.monotonic())):
            raise self._stalled(f"no verify worker free within {stall_at - called:.1f} s")
        try:
            worker = self._take()
            if not worker.ready.wait(max(0.0, stall_at - time.monotonic())):
                self._give_back(worker)  # still starting: the next caller gets it
                raise self._stalled(f"no verify worker started within {stall_at - called:.1f} s")
            if worker.failed:
                self.warm_up()
                raise IsolationError(f"cannot start verify worker: {worker.failed}")
            self._started.set()
            count("isolated_calls")
            waited = time.monotonic() - called
            count("queued_ms", int(1000 * waited))
            _LOCAL.queued = queued_s() + waited
            assert worker.to_worker is not None and worker.from_worker is not None
            try:
                worker.to_worker.send((name, args, budget_s))
                worker.calls += 1
                if not worker.from_worker.poll(max(0.0, stall_at - time.monotonic())):
                    count("worker_kills")
                    worker.kill()
                    self.warm_up()  # replace it now, off the caller's clock
                    raise self._stalled(
                        f"no answer within {stall_at - called:.1f} s for a work budget of {budget_s:g} s; "
                        "worker killed"
                    )
                status, value = worker.from_worker.recv()
            except (EOFError, OSError, BrokenPipeError) as exc:
                worker.kill()
                self.warm_up()
                raise IsolationError(f"verify worker died: {type(exc).__name__}") from None
            self._give_back(worker)
            return status, value
        finally:
            self._slots.release()


def _decide_exactly(args: tuple[Any, ...]) -> tuple[str, str, str] | None:
    """A ``check_strings`` outcome decided by the canonical forms, without a worker; None when undecided."""
    gold, answer = str(args[0]), str(args[1])
    if len(args) > 2 and args[2]:
        return None  # a worked-solution gold: its answer is extracted by math-verify in the worker
    decided = compare(gold, answer)
    if decided is None:
        if differs_by_size(answer, gold) or differs_by_size(gold, answer):
            count("exact_magnitude")  # a tower or factorial far past the other side's exact value
            return "wrong", gold, answer
        return None
    count("exact_canonical")
    return ("correct" if decided.same else "wrong"), gold, answer


def _work_keys(name: str, args: tuple[Any, ...], budget_s: float) -> tuple[Hashable | None, Hashable | None]:
    """The keys of :attr:`WorkerPool.over_budget` for this call: its gold's own work (``check_strings``
    only) and the whole call; None where the arguments cannot be a key."""
    try:
        hash(args)
    except TypeError:
        return None, None
    gold = (
        ("gold", str(args[0]), len(args) > 2 and bool(args[2]), budget_s) if name == "check_strings" else None
    )
    return gold, (name, args, budget_s)


def _admit(name: str, args: tuple[Any, ...]) -> None:
    """Raise :class:`NotAdmitted` when admission refuses an expression of this call (prose is not measured:
    math-verify extracts its answer under the work budget)."""
    prose = name.startswith("parse_prose") or (name == "check_strings" and len(args) > 2 and bool(args[2]))
    exprs = [a for k, a in enumerate(args[:2]) if isinstance(a, str) and not (prose and k == 0)]
    for expr in exprs:
        decision = admit(expr)
        if not decision.admitted:
            count("not_admitted")
            raise NotAdmitted(decision.reason)


_POOL: WorkerPool | None = None
_POOL_LOCK = threading.Lock()


def default_pool() -> WorkerPool:
    """The process-wide pool (a forked child gets its own: pipes are not shared across processes)."""
    global _POOL
    with _POOL_LOCK:
        if _POOL is None or _POOL._pid != os.getpid():
            _POOL = WorkerPool(size=max(1, min(4, (os.cpu_count() or 2) // 2)))  # capacity: max_workers
        return _POOL
