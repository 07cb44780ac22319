"""``RewardcheckCallback``: the guard as a ``transformers.TrainerCallback`` (GRPOTrainer, RLOOTrainer, any HF
Trainer). On every log it feeds the metrics to :class:`~bench.guard.monitor.Guard` and applies the configured
actions to the findings; it never raises into the trainer. With ``log_completions=True`` TRL writes each log's
completions table after the callbacks have seen that log, so the table of step N is read at the next log and
added to step N (:meth:`~bench.guard.monitor.Guard.add_completions`) before that log is observed.

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

PENDING_LOGS = 3  # logged steps whose completions table is still awaited


class RewardcheckCallback(TrainerCallback):  # type: ignore[misc]
    """Keyword arguments are :class:`GuardConfig`'s (``actions``, ``stop_on``, ``ignore``, ``warmup_steps``,
    ``report_dir``), or pass ``config=``."""

    def __init__(self, config: GuardConfig | None = None, **kwargs: Any) -> None:
        self.config = config or GuardConfig(**kwargs)
        self.guard = Guard(self.config)
        self.stopped_at: float | None = None
        self.completions_read = 0
        self._pending: list[float] = []
        self._read: set[float] = set()
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
            step = float(getattr(state, "global_step", 0))
            if self.config.read_completions and getattr(args, "log_completions", False):
                self._read_completions(Path(str(args.output_dir)) / "completions", step)
            for finding in self.guard.observe(logs, step):
                self._act(finding, control)
        except Exception as exc:  # never into the trainer
            self.guard._error("callback", exc)

    def on_train_end(self, args: Any, state: Any, control: Any, **kw: Any) -> None:
        try:
            if self._started is not None:
                self.train_seconds = time.perf_counter() - self._started
            if self.config.read_completions and getattr(args, "log_completions", False):
                # the last log's table is written after its callbacks: read it for the final report
                self._read_completions(Path(str(args.output_dir)) / "completions", -1.0)
            if "report" in self.config.actions:
                self.write_report()
        except Exception as exc:
            self.guard._error("report", exc)

    def _read_completions(self, folder: Path, step: float) -> None:
        """Fold the completions tables of the steps logged before this one into those steps (TRL writes a
        step's table right after its log), then remember this step for the next log."""
        from rewardcheck.bench.logs.completions import read_table, table_metrics

        started = time.perf_counter()
        try:
            for pending in list(self._pending):
                path = folder / f"completions_{int(pending):05d}.parquet"
                if not path.is_file():
                    continue
                self._pending.remove(pending)
                self._read.add(pending)
                columns, table = read_table(path)
                self.guard.add_completions(table_metrics(table, columns=columns), pending)
                self.completions_read += 1
        except Exception as exc:
            self.guard._error("completions", exc)
        finally:
            # a table that never came (logging without generation) is given up after a few logs
            if step >= 0 and step not in self._read and step not in self._pending:
                self._pending = [*self._pending[-(PENDING_LOGS - 1) :], step]
            self.guard.seconds += time.perf_counter() - started

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
