"""Call reward functions safely: TRL-style keyword arguments, a wall-clock limit, exceptions as outcomes.

On the main thread the limit is enforced by a watchdog that signals the main thread (SIGUSR1), so math-verify's
own SIGALRM timeouts keep working inside the call; elsewhere the call runs in a daemon thread that is
abandoned on timeout. A reward stuck inside C code that never returns to Python cannot be interrupted.
"""

from __future__ import annotations

import inspect
import math
import signal
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

__all__ = ["CallOutcome", "call_reward", "accepted_kwargs"]


class _Deadline(BaseException):
    """Raised inside the reward call when its time is up (BaseException: reward code's `except Exception`
    must not swallow it)."""


@dataclass(frozen=True)
class CallOutcome:
    values: list[float | None] | None
    error: str | None
    seconds: float


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


def accepted_kwargs(func: Callable[..., Any], kwargs: dict[str, Any]) -> dict[str, Any]:
    """``kwargs`` narrowed to what ``func`` accepts (all of them when it takes ``**kwargs``)."""
    try:
        params = inspect.signature(func).parameters
    except (TypeError, ValueError):
        return kwargs
    if any(p.kind is inspect.Parameter.VAR_KEYWORD for p in params.values()):
        return kwargs
    return {k: v for k, v in kwargs.items() if k in params}


def call_reward(
    func: Callable[..., Any], completions: Sequence[Any], kwargs: dict[str, Any], limit_s: float
) -> CallOutcome:
    """Call ``func(completions, **kwargs)`` as TRL does and check the shape of what comes back."""
    start = time.perf_counter()
    kw = accepted_kwargs(func, kwargs)
    try:
        raw = _run_with_limit(lambda: func(list(completions), **kw), limit_s)
    except _Deadline:
        return CallOutcome(None, f"did not return within {limit_s:g} s", time.perf_counter() - start)
    except KeyboardInterrupt:
        raise
    except BaseException as exc:  # a reward that raises is a finding, never a crash of the checker
        return CallOutcome(
            None, f"raised {type(exc).__name__}: {str(exc)[:200]}", time.perf_counter() - start
        )
    seconds = time.perf_counter() - start
    try:
        values = list(raw)
    except TypeError:
        return CallOutcome(None, f"returned {type(raw).__name__}, not a list", seconds)
    if len(values) != len(completions):
        return CallOutcome(None, f"returned {len(values)} values for {len(completions)} completions", seconds)
    out: list[float | None] = []
    for v in values:
        if v is None:
            out.append(None)
            continue
        if not isinstance(v, int | float) and not hasattr(v, "__float__"):
            return CallOutcome(None, f"returned {v!r} ({type(v).__name__}), not a float or None", seconds)
        f = float(v)
        if not math.isfinite(f):
            return CallOutcome(None, f"returned a non-finite value {f!r}", seconds)
        out.append(f)
    return CallOutcome(out, None, seconds)
