"""Call reward functions safely, as the user wrote them: the calling convention detected (see
:mod:`rewardcheck.bench.invariants.convention`), a wall-clock limit, exceptions as outcomes.

Async rewards are called as TRL's ``GRPOTrainer`` (1.16) calls them: a function declared ``async def``, a
``functools.partial`` of one, or an instance whose ``__call__`` is ``async def`` (:func:`is_async_reward`, the
trainer's ``is_async_callable``) is awaited on an event loop in a daemon thread. A reward the trainer calls
synchronously but that returns a coroutine is awaited here too, so the rest of the check can judge it, and the
outcome says so (:attr:`Awaiting.UNDECLARED`): the trainer would iterate the coroutine and fail.

On the main thread the limit is enforced by a watchdog that signals the main thread (SIGUSR1), so math-verify's
own SIGALRM timeouts keep working inside the call; elsewhere the call runs in a daemon thread that is
abandoned on timeout. A reward stuck inside C code that never returns to Python cannot be interrupted.
"""

from __future__ import annotations

import asyncio
import functools
import inspect
import math
import os
import signal
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Any

from .convention import Convention, call_arguments, detect_convention, other_form

__all__ = ["Awaiting", "CallOutcome", "call_reward", "is_async_reward"]


class Awaiting(Enum):
    """Whether a reward's values came back through a coroutine, and whether the trainer would await it."""

    NO = "returned its values"
    DECLARED = "async: awaited on an event loop, as GRPOTrainer awaits an async function or async __call__"
    UNDECLARED = (
        "returned a coroutine from a synchronous call: awaited here, but GRPOTrainer calls it synchronously "
        "(neither the function nor its __call__ is async def) and fails on the coroutine"
    )


def is_async_reward(func: Callable[..., Any]) -> bool:
    """Whether the trainer awaits ``func``: TRL's rule (partials unwrapped; an async function, or an instance
    whose ``__call__`` is async).

    >>> class Judge:
    ...     async def __call__(self, completions, **kw): return [0.0] * len(completions)
    >>> is_async_reward(Judge()), is_async_reward(functools.partial(Judge())), is_async_reward(len)
    (True, True, False)
    """
    while isinstance(func, functools.partial):
        func = func.func
    # the instance's class holds an `async def __call__` (the instance itself is no coroutine function)
    call = next((vars(k)["__call__"] for k in type(func).__mro__ if "__call__" in vars(k)), None)
    return inspect.iscoroutinefunction(func) or inspect.iscoroutinefunction(call)


_LOOP: dict[str, asyncio.AbstractEventLoop] = {}
_LOOP_LOCK = threading.Lock()


def _forget_loop() -> None:
    # a forked child (linear_time, isolated cases) has no copy of the loop's thread: it starts its own
    _LOOP.clear()
    global _LOOP_LOCK
    _LOOP_LOCK = threading.Lock()


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_forget_loop)


def _event_loop() -> asyncio.AbstractEventLoop:
    """One event loop running in a daemon thread, as the trainer keeps one (started on first use)."""
    with _LOOP_LOCK:
        loop = _LOOP.get("loop")
        if loop is None or loop.is_closed():
            loop = asyncio.new_event_loop()
            ready = threading.Event()

            def run() -> None:
                asyncio.set_event_loop(loop)
                ready.set()
                loop.run_forever()

            threading.Thread(target=run, name="rewardcheck-async-rewards", daemon=True).start()
            ready.wait()
            _LOOP["loop"] = loop
        return loop


def _awaited(value: Any) -> Any:
    """The result of an awaitable, run on the daemon loop (the caller's own loop, if any, is left alone)."""

    async def wrap() -> Any:
        return await value

    future = asyncio.run_coroutine_threadsafe(wrap(), _event_loop())
    try:
        return future.result()
    except BaseException:
        future.cancel()
        raise


class _Deadline(BaseException):
    """Raised inside the reward call when its time is up (BaseException: reward code's `except Exception`
    must not swallow it)."""


@dataclass(frozen=True)
class CallOutcome:
    values: list[float | None] | None
    error: str | None
    seconds: float
    convention: Convention | None = None  # how the call was made (None: not called)
    timed_out: bool = False
    tried: Convention | None = None  # the convention of the call that timed out or raised
    awaiting: Awaiting = Awaiting.NO


_ACTIVE: dict[str, Any] = {"token": None}
_INSTALLED = False
_PREVIOUS: Any = None


def _on_signal(signum: int, frame: Any) -> None:
    token = _ACTIVE.get("token")
    if token is not None and token.get("fired") and not token.get("done"):
        raise _Deadline()  # again on every signal until the call has ended (see fire)
    if callable(_PREVIOUS):
        _PREVIOUS(signum, frame)


def _install() -> bool:
    global _INSTALLED, _PREVIOUS
    if _INSTALLED:
        return True
    if threading.current_thread() is not threading.main_thread() or not hasattr(signal, "pthread_kill"):
        return False
    _PREVIOUS = signal.signal(signal.SIGUSR1, _on_signal)  # kept installed: a late signal must never kill us
    _INSTALLED = True
    return True


def _run_with_limit(fn: Callable[[], Any], limit_s: float) -> Any:
    if threading.current_thread() is threading.main_thread() and _install():
        token: dict[str, Any] = {"fired": False, "done": False}
        main_id = threading.get_ident()

        def fire() -> None:
            token["fired"] = True
            # Python swallows an exception raised in a gc callback or a __del__ ("unraisable"), so one
            # signal can be lost: keep signalling until the call has ended.
            while not token["done"]:
                signal.pthread_kill(main_id, signal.SIGUSR1)
                time.sleep(0.05)

        timer = threading.Timer(limit_s, fire)
        timer.daemon = True
        _ACTIVE["token"] = token
        timer.start()
        try:
            return fn()
        finally:
            token["done"] = True
            timer.cancel()
            _ACTIVE["token"] = None
    box = _in_thread(fn, limit_s)
    if "seconds" not in box:
        raise _Deadline()
    if "error" in box:
        raise box["error"]
    return box.get("value")


def _in_thread(fn: Callable[[], Any], wait_s: float) -> dict[str, Any]:
    """Run ``fn`` in a daemon thread, waiting up to ``wait_s``: ``{"value" or "error", "seconds"}`` when it
    ended, ``{}`` while it still runs (the thread is abandoned)."""
    box: dict[str, Any] = {}

    def target() -> None:
        start = time.perf_counter()
        try:
            box["value"] = fn()
        except BaseException as exc:  # reported to the caller's thread
            box["error"] = exc
        box["seconds"] = time.perf_counter() - start

    worker = threading.Thread(target=target, daemon=True)
    worker.start()
    worker.join(wait_s)
    return box if "seconds" in box else {}


def _call_once(func: Callable[..., Any], args: tuple[Any, ...], kw: dict[str, Any]) -> tuple[Any, Awaiting]:
    """One call as the trainer makes it; an awaitable result is awaited (and how is recorded)."""
    out = func(*args, **kw)
    if not inspect.isawaitable(out):
        return out, Awaiting.NO
    return _awaited(out), Awaiting.DECLARED if is_async_reward(func) else Awaiting.UNDECLARED


def _invoke(
    func: Callable[..., Any],
    conv: Convention,
    completions: Sequence[str],
    kwargs: dict[str, Any],
    limit_s: float,
) -> tuple[Any, Awaiting]:
    args, kw = call_arguments(conv, completions, kwargs)
    out: tuple[Any, Awaiting] = _run_with_limit(lambda: _call_once(func, args, kw), limit_s)
    return out


# What a reward written for the other completion form raises: ``"text"[0]["content"]`` (TypeError), a
# string method on a message list (AttributeError), ``""[0]`` (IndexError), a message without the key.
_WRONG_FORM = (TypeError, AttributeError, IndexError, KeyError)


def _tried(settled: Convention | None, conv: Convention, first: str | None) -> str:
    """How a failed call was made, for its message: nothing once a convention is settled."""
    if settled is not None:
        return ""
    return f" (called with [{conv.describe()}]" + (f"; {first})" if first else ")")


def call_reward(
    func: Callable[..., Any],
    completions: Sequence[str],
    kwargs: dict[str, Any],
    limit_s: float,
    convention: Convention | None = None,
) -> CallOutcome:
    """Call ``func`` on plain-text ``completions`` with TRL's columns (``solution``, ``prompts``,
    ``completion_ids``) as ``convention`` says, and check the shape of what comes back.

    Without a ``convention`` (the first call) it is detected from the signature; a ``TypeError`` (or
    another error a wrong completion form raises) from the first form tried is retried once in the other
    form (plain strings <-> conversational messages). The
    outcome carries a convention only when a call *returned* in it, and the caller keeps that one for later
    calls: a call that raised or ran out of time decides nothing, so the next call detects and retries again
    (a reward that hangs on its first input, in the right form or the retried one, is still called right).
    """
    start = time.perf_counter()
    conv = convention or detect_convention(func)
    # on a first call, what the form tried first raised (the wrong form's error is expected)
    first: str | None = None
    try:
        try:
            raw, awaiting = _invoke(func, conv, completions, kwargs, limit_s)
        except _WRONG_FORM as exc:
            if convention is not None:
                raise
            first = f"the first try with [{conv.describe()}] raised {type(exc).__name__}: {str(exc)[:100]}"
            conv = other_form(conv)
            raw, awaiting = _invoke(func, conv, completions, kwargs, limit_s)
    except _Deadline:
        return CallOutcome(
            None,
            f"did not return within {limit_s:g} s{_tried(convention, conv, first)}",
            time.perf_counter() - start,
            convention,
            timed_out=True,
            tried=conv,
        )
    except KeyboardInterrupt:
        raise
    except BaseException as exc:  # a reward that raises is a finding, never a crash of the checker
        return CallOutcome(
            None,
            f"raised {type(exc).__name__}: {str(exc)[:200]}{_tried(convention, conv, first)}",
            time.perf_counter() - start,
            convention,
        )
    seconds = time.perf_counter() - start
    try:
        values = list(raw)
    except TypeError:
        return CallOutcome(
            None, f"returned {type(raw).__name__}, not a list", seconds, conv, awaiting=awaiting
        )
    if len(values) != len(completions):
        return CallOutcome(
            None,
            f"returned {len(values)} values for {len(completions)} completions",
            seconds,
            conv,
            awaiting=awaiting,
        )
    out: list[float | None] = []
    for v in values:
        if v is None:
            out.append(None)
            continue
        if not isinstance(v, int | float) and not hasattr(v, "__float__"):
            return CallOutcome(
                None,
                f"returned {v!r} ({type(v).__name__}), not a float or None",
                seconds,
                conv,
                awaiting=awaiting,
            )
        f = float(v)
        if not math.isfinite(f):
            return CallOutcome(None, f"returned a non-finite value {f!r}", seconds, conv, awaiting=awaiting)
        out.append(f)
    return CallOutcome(out, None, seconds, conv, awaiting=awaiting)


def late_call(
    func: Callable[..., Any],
    conv: Convention,
    completions: Sequence[str],
    kwargs: dict[str, Any],
    grace_s: float,
) -> tuple[Any, float] | None:
    """What a call that timed out returns when it is let run: the same call again in a daemon thread, never
    interrupted, waited for up to ``grace_s``; ``(returned value or raised exception, seconds)``, or ``None``
    when it still has not returned (the thread is abandoned)."""
    args, kw = call_arguments(conv, completions, kwargs)
    box = _in_thread(lambda: _call_once(func, args, kw)[0], grace_s)
    if not box:
        return None
    return box.get("value", box.get("error")), box["seconds"]
