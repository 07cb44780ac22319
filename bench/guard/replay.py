"""Replay a recorded run's per-step metrics through the guard, as if it were training: the way to check a
guard's firing step without training (CI), or to ask where the guard would have stopped an old run.

``metrics.csv`` is :mod:`experiments.repro`'s per-step file (a ``step`` column and every value TRL logged); any
log ``rewardcheck logs`` reads works through :func:`replay_log`.

>>> g = replay_rows([{"step": float(i), "reward": i % 2 / 4, "reward_std": 0.0 if i > 5 else 0.3} for i in range(1, 12)])
>>> g.first_stop.signal.name, g.first_stop.fired_at
('zero_group_variance', 8.0)
"""

from __future__ import annotations

import csv
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from rewardcheck.bench.logs.records import TrainingLog

from .monitor import Guard, GuardConfig

__all__ = ["replay_rows", "replay_csv", "replay_log"]

NOT_METRICS = (
    "step",
    "seconds",
)  # experiments.repro's own columns: the step, and wall-clock time since the start


def replay_rows(
    rows: Iterable[Mapping[str, Any]], config: GuardConfig | None = None, source: str = "replay"
) -> Guard:
    """Feed each row (a ``step`` plus metrics) to a fresh guard; stop where a stopping finding fires when the
    config's actions include ``stop``, as the trainer would."""
    guard = Guard(config or GuardConfig(), source=source)
    for row in rows:
        step = float(row["step"])
        new = guard.observe({k: v for k, v in row.items() if k not in NOT_METRICS}, step)
        if "stop" in guard.config.actions and any(f.stops for f in new):
            break
    return guard


def replay_csv(path: str | Path, config: GuardConfig | None = None) -> Guard:
    with Path(path).open(newline="") as handle:
        rows = [{k: float(v) for k, v in r.items() if v not in ("", None)} for r in csv.DictReader(handle)]
    missing = next((i for i, r in enumerate(rows, start=2) if "step" not in r), None)
    if missing is not None:
        raise ValueError(f"{path}: line {missing}: no 'step' value")
    return replay_rows(rows, config, source=str(path))


def replay_log(log: TrainingLog, config: GuardConfig | None = None) -> Guard:
    """Replay a log already read by :func:`rewardcheck.bench.logs.read_log` (canonical names read back unchanged)."""
    return replay_rows(log.records, config, source=log.source)
