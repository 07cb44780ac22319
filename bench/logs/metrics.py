"""A logged entry (one metrics dict) as a :class:`~rewardcheck.bench.logs.records.TrainingLog` record: the
one place that names metrics, reads their values (:func:`~rewardcheck.bench.numbers.as_number`) and finishes a
log (steps filled in, an empty log refused). Every log reader -- text lines, ``trainer_state.json``, CSV,
TensorBoard, TRL completions tables, the live guard -- builds its records here.

>>> log = TrainingLog("live", "trainer-callback", [])
>>> record_metrics({"loss": float("nan"), "reward": 0.5}, log, 7.0), log.records, log.nonfinite
(True, [{'reward': 0.5, 'step': 7.0}], [(7.0, 'loss', nan)])
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from rewardcheck.bench.errors import InputError
from rewardcheck.bench.numbers import as_number

from .keys import canonical_key, eval_key
from .records import TrainingLog

__all__ = [
    "EXPECTED",
    "LogFormatError",
    "add_entry",
    "finish_log",
    "entry_metrics",
    "eval_metrics",
    "record_metrics",
]

EXPECTED = (
    "HF Trainer/TRL metric dicts one per line ({'loss': ..., 'reward': ..., 'rewards/<f>': ...}), JSON lines with "
    "metric keys (TRL or wandb-history.jsonl), a trainer_state.json with 'log_history', TensorBoard event files, "
    "a CSV with a 'step' column, TRL log_completions Parquet tables (completions_*.parquet), or DeepSpeed-Chat "
    "step-3 output ('epoch: E|step: S|ppo_ep: ..|act_loss: ..' and 'average reward score: X')"
)


class LogFormatError(InputError):
    """A log that cannot be read; the message names the file (and line) and what was expected."""


def finish_log(log: TrainingLog, source: str, lines: int) -> TrainingLog:
    if not log.records:
        what = f"{lines} line(s), {log.unknown_lines} unrecognised"
        if log.skips or log.memory_gb:
            what += "; only DeepSpeed step/memory lines, no rewards or losses"
        raise LogFormatError(f"{source}: no usable training metrics ({what}). Expected {EXPECTED}")
    if all("step" not in r for r in log.records):
        log.step_is_index = True
    for i, r in enumerate(log.records, start=1):
        r.setdefault(
            "step", float(i) if log.step_is_index else (log.records[i - 2]["step"] + 1 if i > 1 else 1.0)
        )
    # non-finite values were noted against their record's position; now that every record has a step, use it
    log.nonfinite = [
        (log.records[min(int(i), len(log.records) - 1)]["step"], name, v) for i, name, v in log.nonfinite
    ]
    return log


def entry_metrics(
    entry: Mapping[Any, Any], log: TrainingLog, where: float | None = None
) -> dict[str, float] | None:
    """The entry's training metrics as a record (``None`` if it has none). A NaN/Inf value is counted in
    ``log.ignored`` and noted in ``log.nonfinite`` against the position the record will take; an entry whose
    only training metrics are non-finite still becomes a record, so the NaN keeps its step."""
    record: dict[str, float] = {}
    explicit_step = None
    bad: list[tuple[str, float]] = []
    for key, value in entry.items():
        name = canonical_key(str(key))
        if name is None:
            continue
        num = as_number(value)
        if num is None or not math.isfinite(num):
            log.ignored[f"non-numeric or non-finite value for {name!r}"] += 1
            if num is not None:
                bad.append((name, num))
            continue
        if name == "step":
            if str(key) != "_step":
                explicit_step = num
            record.setdefault("step", num)
            continue
        record[name] = num
    if explicit_step is not None:
        record["step"] = explicit_step
    if not (set(record) - {"step", "epoch", "learning_rate"}) and not bad:
        return None
    at = float(len(log.records)) if where is None else where
    log.nonfinite += [(at, name, v) for name, v in bad]
    return record


def add_entry(entry: Mapping[Any, Any], log: TrainingLog, what: str) -> bool:
    """Add one logged entry: its training metrics as a record (True), else its eval metrics to ``log.evals``,
    else a count of ``"<what> without training metrics"`` in ``log.ignored``."""
    record = entry_metrics(entry, log)
    if record is not None:
        log.records.append(record)
        return True
    if not eval_metrics(entry, log):
        log.ignored[f"{what} without training metrics"] += 1
    return False


def record_metrics(entry: Mapping[str, Any], log: TrainingLog, step: float) -> bool:
    """Append one live metrics dict (a Trainer ``on_log``) at ``step``: training metrics as a record, eval
    metrics to ``log.evals``, NaN/Inf to ``log.nonfinite`` with this step. False when it held nothing usable."""
    record = entry_metrics(entry, log, where=step)
    if record is None:
        return eval_metrics({**entry, "step": step}, log)
    record["step"] = step
    log.records.append(record)
    return True


def eval_metrics(entry: Mapping[Any, Any], log: TrainingLog) -> bool:
    """Append the entry's evaluation metrics (with its step, when it has one) to ``log.evals``."""
    record: dict[str, float] = {}
    for key, value in entry.items():
        name = eval_key(str(key))
        num = as_number(value)
        if name is not None and num is not None and math.isfinite(num):
            record[name] = num
        elif canonical_key(str(key)) == "step" and num is not None:
            record.setdefault("step", num)
    if not (set(record) - {"step"}):
        return False
    log.evals.append(record)
    return True
