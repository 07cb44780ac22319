"""Call reward functions safely, as the user wrote them: the calling convention detected (see
:mod:`bench.invariants.convention`), a wall-clock limit, exceptions as outcomes.

On the main thread the limit is enforced by a watchdog that signals the main thread (SIGUSR1), so math-verify's
own SIGALRM timeouts keep working inside the call; elsewhere the call runs in a daemon thread that is
abandoned on timeout. A reward stuck inside C code that never returns to Python cannot be interrupted.
"""

from __future__ import annotations

import math
import signal
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from .convention import Convention, call_arguments, detect_convention, other_form

__all__ = ["CallOutcome", "call_reward"]


class _Deadline(BaseException):
    """Raised inside the reward call when its time is up (BaseException: reward code's `except Exception`
    must not swallow it)."""


@dataclass(frozen=True)
class CallOutcome:
    values: list[float | None] | None
    error: str | None
    seconds: float
    convention: Convention | None = None  # how the call was made (None: not called)


_ACTIVE: dict[str, Any] = {"token": None}
_INSTALLED = False
_PREVIOUS: Any = None


def _on_signal(signum: int, frame: Any) -> None:
    token = _ACTIVE.get("token")
    if token is not None and token.get("fired") and not token.get("done"):
        token["done"] = True
        raise _Deadline()
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
            if not token["done"]:
                token["fired"] = True
                signal.pthread_kill(main_id, signal.SIGUSR1)

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
    box: dict[str, Any] = {}

    def target() -> None:
        try:
            box["value"] = fn()
        except BaseException as exc:  # reported to the caller's thread
            box["error"] = exc

    worker = threading.Thread(target=target, daemon=True)
    worker.start()
    worker.join(limit_s)
    if worker.is_alive():
        raise _Deadline()
    if "error" in box:
        raise box["error"]
    return box.get("value")


def _invoke(
    func: Callable[..., Any],
    conv: Convention,
    completions: Sequence[str],
    kwargs: dict[str, Any],
    limit_s: float,
) -> Any:
    args, kw = call_arguments(conv, completions, kwargs)
    return _run_with_limit(lambda: func(*args, **kw), limit_s)


def call_reward(
    func: Callable[..., Any],
    completions: Sequence[str],
    kwargs: dict[str, Any],
    limit_s: float,
    convention: Convention | None = None,
) -> CallOutcome:
    """Call ``func`` on plain-text ``completions`` with TRL's columns (``solution``, ``prompts``,
    ``completion_ids``) as ``convention`` says, and check the shape of what comes back.

    Without a ``convention`` (the first call) it is detected from the signature; a ``TypeError`` from the
    first form tried is retried once in the other form (plain strings <-> conversational messages) and the
    outcome carries the convention that worked, which the caller keeps for later calls.
    """
    start = time.perf_counter()
    conv = convention or detect_convention(func)
    try:
        try:
            raw = _invoke(func, conv, completions, kwargs, limit_s)
        except TypeError:
            if convention is not None:
                raise
            retry = other_form(conv)
            raw = _invoke(func, retry, completions, kwargs, limit_s)  # the first form's error is expected
            conv = retry
    except _Deadline:
        return CallOutcome(None, f"did not return within {limit_s:g} s", time.perf_counter() - start, conv)
    except KeyboardInterrupt:
        raise
    except BaseException as exc:  # a reward that raises is a finding, never a crash of the checker
        tried = "" if convention is not None else f" (called {conv.describe()}; the other form failed too)"
        return CallOutcome(
            None,
            f"raised {type(exc).__name__}: {str(exc)[:200]}{tried}",
            time.perf_counter() - start,
            None if convention is None else conv,
        )
    seconds = time.perf_counter() - start
    try:
        values = list(raw)
    except TypeError:
        return CallOutcome(None, f"returned {type(raw).__name__}, not a list", seconds, conv)
    if len(values) != len(completions):
        return CallOutcome(
            None, f"returned {len(values)} values for {len(completions)} completions", seconds, conv
        )
    out: list[float | None] = []
    for v in values:
        if v is None:
            out.append(None)
            continue
        if not isinstance(v, int | float) and not hasattr(v, "__float__"):
            return CallOutcome(
                None, f"returned {v!r} ({type(v).__name__}), not a float or None", seconds, conv
            )
        f = float(v)
        if not math.isfinite(f):
            return CallOutcome(None, f"returned a non-finite value {f!r}", seconds, conv)
        out.append(f)
    return CallOutcome(out, None, seconds, conv)
