"""``RewardcheckCallback``: the guard as a ``transformers.TrainerCallback`` (GRPOTrainer, RLOOTrainer, any HF
Trainer). On every log it feeds the metrics to :class:`~bench.guard.monitor.Guard` and applies the configured
actions to the findings; it never raises into the trainer.

>>> cb = RewardcheckCallback(actions=("warn", "stop"))
>>> from transformers import TrainerControl, TrainerState
>>> state, control = TrainerState(), TrainerControl()
>>> for step in range(1, 9):
...     state.global_step = step
...     cb.on_log(None, state, control, logs={"reward": step % 2 / 2, "reward_std": 0.5 if step < 4 else 0.0})
>>> cb.guard.first_stop.signal.name, cb.guard.first_stop.fired_at, control.should_training_stop
('zero_group_variance', 6.0, True)
"""

from __future__ import annotations

import logging
import time
from pathlib import Path
from typing import Any

from transformers import TrainerCallback

from .monitor import Finding, Guard, GuardConfig
from .report import write_guard_report

__all__ = ["RewardcheckCallback"]

logger = logging.getLogger("rewardcheck.guard")


class RewardcheckCallback(TrainerCallback):  # type: ignore[misc]
    """Keyword arguments are :class:`GuardConfig`'s (``actions``, ``stop_on``, ``ignore``, ``warmup_steps``,
    ``report_dir``), or pass ``config=``."""

    def __init__(self, config: GuardConfig | None = None, **kwargs: Any) -> None:
        self.config = config or GuardConfig(**kwargs)
        self.guard = Guard(self.config)
        self.stopped_at: float | None = None
        self.train_seconds = 0.0
        self._started: float | None = None

    # --- trainer events -------------------------------------------------------------------------------
    def on_train_begin(self, args: Any, state: Any, control: Any, **kw: Any) -> None:
        self._started = time.perf_counter()

    def on_log(
        self, args: Any, state: Any, control: Any, logs: dict[str, Any] | None = None, **kw: Any
    ) -> None:
        try:
            if not logs:
                return
            for finding in self.guard.observe(logs, float(getattr(state, "global_step", 0))):
                self._act(finding, control)
        except Exception as exc:  # never into the trainer
            self.guard._error("callback", exc)

    def on_train_end(self, args: Any, state: Any, control: Any, **kw: Any) -> None:
        try:
            if self._started is not None:
                self.train_seconds = time.perf_counter() - self._started
            if "report" in self.config.actions:
                self.write_report()
        except Exception as exc:
            self.guard._error("report", exc)

    # --- actions --------------------------------------------------------------------------------------
    def _act(self, finding: Finding, control: Any) -> None:
        s = finding.signal
        if "warn" in self.config.actions:
            level = "COLLAPSE" if s.critical else "warning"
            logger.warning(
                "rewardcheck guard %s at step %d: %s: %s", level, int(finding.fired_at), s.name, s.evidence
            )
        if finding.stops and "checkpoint" in self.config.actions:
            control.should_save = True
        if finding.stops and "stop" in self.config.actions:
            control.should_training_stop = True
            if self.stopped_at is None:
                self.stopped_at = finding.fired_at
                logger.warning(
                    "rewardcheck guard: stopping training after step %d (%s)", int(finding.fired_at), s.name
                )
        if "report" in self.config.actions:
            self.write_report()

    def write_report(self) -> list[Path]:
        if not self.config.report_dir:
            return []
        return write_guard_report(
            self.guard, Path(self.config.report_dir), self.stopped_at, self.train_seconds
        )
