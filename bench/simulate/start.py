"""A real run's starting state, read from its log, for ``rewardcheck simulate --start-from LOG``.

Reads the first ``records`` records of a training log (any format ``rewardcheck logs`` reads, or the
tiny-LM reproduction's ``metrics.csv``) and averages the mean completion length (tokens, as TRL logs it)
and the accuracy reward; the marker rate is read from an ``openr1`` ``reasoning_steps`` mean when present
(upstream pays ``min(1, markers / 3)``, so the mean over three slots is the per-slot rate when few
completions carry more than three markers).

>>> import tempfile, pathlib
>>> d = pathlib.Path(tempfile.mkdtemp())
>>> _ = (d / "metrics.csv").write_text("step,completions/mean_length,rewards/accuracy_reward/mean\\n1,90,0.25\\n2,110,0.35\\n")
>>> s = read_start(d / "metrics.csv", records=2)
>>> s.completion_tokens, s.accuracy
(100.0, 0.3)
"""

from __future__ import annotations

import csv
import statistics
from dataclasses import dataclass
from pathlib import Path

from rewardcheck.bench.errors import InputError

__all__ = ["StartState", "StartError", "read_start"]


class StartError(InputError):
    """The log holds no usable starting record; the message names the file and the missing field."""


@dataclass(frozen=True)
class StartState:
    source: str
    records: int
    completion_tokens: float
    accuracy: float | None
    marker_rate: float | None = None


_CSV_KEYS = {
    "completion_tokens": ("completions/mean_length", "completion_length"),
    "accuracy": ("rewards/accuracy_reward/mean", "rewards/accuracy_reward", "repro/accuracy"),
    "reasoning_steps": ("rewards/reasoning_steps_reward/mean", "rewards/reasoning_steps_reward"),
}


def _from_csv(path: Path, records: int) -> dict[str, list[float]]:
    with path.open(newline="") as handle:
        rows = list(csv.DictReader(handle))
    out: dict[str, list[float]] = {k: [] for k in _CSV_KEYS}
    for row in rows[:records]:
        for key, names in _CSV_KEYS.items():
            for name in names:
                if row.get(name) not in (None, ""):
                    out[key].append(float(row[name]))
                    break
    return out


def _from_log(path: Path, records: int) -> dict[str, list[float]]:
    from rewardcheck.bench.logs.readers import read_log

    log = read_log(path)
    first = log.records[:records]
    return {
        "completion_tokens": [r["completion_length"] for r in first if "completion_length" in r],
        "accuracy": [r["rewards/accuracy"] for r in first if "rewards/accuracy" in r],
        "reasoning_steps": [r["rewards/reasoning_steps"] for r in first if "rewards/reasoning_steps" in r],
    }


def read_start(path: str | Path, records: int = 1) -> StartState:
    """The mean of the first ``records`` records' completion length and accuracy (see module doc)."""
    p = Path(path)
    if records <= 0:
        raise StartError(f"{p}: --start-records must be positive, got {records}")
    if not p.exists():
        raise StartError(f"{p}: log not found")
    values = _from_csv(p, records) if p.suffix == ".csv" else _from_log(p, records)
    if not values["completion_tokens"]:
        raise StartError(f"{p}: no completion length (completion_length) in the first {records} record(s)")
    acc = values["accuracy"]
    steps = values["reasoning_steps"]
    return StartState(
        source=str(p),
        records=len(values["completion_tokens"]),
        completion_tokens=statistics.fmean(values["completion_tokens"]),
        accuracy=statistics.fmean(acc) if acc else None,
        marker_rate=statistics.fmean(steps) if steps else None,
    )
