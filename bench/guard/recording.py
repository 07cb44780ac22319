"""A thin recording wrapper for a TRL reward function: passes every call through unchanged and logs, through
TRL's ``log_metric`` hook, the share of the batch that the scan's degenerate-output classifier flags
(``guard/degenerate_rate``), which the guard's detectors then see with the other metrics.

>>> r = RecordingReward(lambda completions, **kw: [0.0] * len(completions))
>>> r(["", "The answer is \\\\boxed{2}"]), r.history[-1]["degenerate_rate"]
([0.0, 0.0], 0.5)
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Sequence
from typing import Any

from rewardcheck.rewards.completions import completion_texts

__all__ = ["RecordingReward"]

logger = logging.getLogger("rewardcheck.guard")


class RecordingReward:
    """Wrap ``func`` (TRL reward signature); keeps its ``__name__`` so TRL logs it under the same key."""

    def __init__(self, func: Callable[..., list[float | None]], keep: int = 1000) -> None:
        self.func = func
        self.__name__ = getattr(func, "__name__", type(func).__name__)
        self.keep = keep
        self.history: list[dict[str, float]] = []
        self.errors = 0
        self.seconds = 0.0

    def __call__(self, completions: Sequence[Any], **kwargs: Any) -> list[float | None]:
        values = self.func(completions, **kwargs)
        started = time.perf_counter()
        try:
            self._record(completions, values, kwargs)
        except Exception as exc:  # recording must never change or break the reward call
            if not self.errors:
                logger.warning(
                    "rewardcheck guard: recording failed (%s: %s); skipped", type(exc).__name__, exc
                )
            self.errors += 1
        finally:
            self.seconds += time.perf_counter() - started
        return values

    def _record(
        self, completions: Sequence[Any], values: Sequence[float | None], kwargs: dict[str, Any]
    ) -> None:
        from rewardcheck.rewards.degenerate import degenerate_kind

        texts = completion_texts(completions)
        prompts = completion_texts(kwargs.get("prompts") or [""] * len(texts))
        kinds = [degenerate_kind(t, p) for t, p in zip(texts, prompts, strict=False)]
        scored = [v for v in values if v is not None]
        stats = {
            "n": float(len(texts)),
            "degenerate_rate": sum(k is not None for k in kinds) / max(len(texts), 1),
            "mean": sum(scored) / len(scored) if scored else float("nan"),
        }
        self.history.append(stats)
        del self.history[: -self.keep]
        log_metric = kwargs.get("log_metric")
        if callable(log_metric):
            log_metric("guard/degenerate_rate", stats["degenerate_rate"])
