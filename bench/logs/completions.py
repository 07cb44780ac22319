"""TRL's ``log_completions`` tables as per-step metrics, so the detectors run on them.

TRL 1.16's ``GRPOTrainer`` with ``log_completions=True`` writes, at every log, one Parquet file
``<output_dir>/completions/completions_<global_step:05d>.parquet`` (pandas ``DataFrame.to_parquet``) holding its
latest generation batch, one row per completion, columns in this order: ``step`` (int, the same on every row),
``prompt`` and ``completion`` (text, or a conversation: a list of ``{"role", "content"}`` messages), one float
column per reward function named as TRL logs it (the function's ``__name__``; NaN where it returned None), any
columns a reward added through ``log_extra``, and ``advantage`` (the advantage TRL trained on).

From one table :func:`table_metrics` derives, under TRL's own metric names (so they read like a TRL log):
``rewards/<f>/mean`` and ``/std``, ``reward`` and ``reward_std`` (the unweighted sum of the reward columns:
the table holds no weights), ``group_reward_std`` (mean std within each prompt's group), ``frac_reward_zero_std``
(groups whose advantages are all 0, which is weight-aware; from the rewards when there is no advantage),
``completions/mean_length``, ``min_length``, ``max_length`` (tokens with a tokenizer, else words and punctuation
marks: ``\\w+|[^\\w\\s]``) and ``guard/degenerate_rate`` (the scan's degenerate-output classifier). A group is a
run of consecutive rows with the same prompt, as TRL lays out each prompt's ``num_generations`` completions.

>>> m = table_metrics({"step": [3] * 4, "prompt": ["p", "p", "q", "q"], "completion": ["a b", "a", "", "c"],
...                    "accuracy_reward": [1.0, 0.0, 0.0, 0.0], "advantage": [0.7, -0.7, 0.0, 0.0]})
>>> m["rewards/accuracy_reward/mean"], m["frac_reward_zero_std"], m["completions/max_length"]
(0.25, 0.5, 2.0)
"""

from __future__ import annotations

import json
import statistics
from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

from rewardcheck.bench.numbers import as_finite, as_number
from rewardcheck.bench.tables import read_parquet
from rewardcheck.rewards import rx
from rewardcheck.rewards.completions import completion_text

from .metrics import entry_metrics, finish_log
from .records import TrainingLog

__all__ = [
    "COMPLETIONS_GLOB",
    "LAYOUT",
    "completion_files",
    "table_metrics",
    "read_table",
    "read_completions",
    "merge_completions",
]

COMPLETIONS_GLOB = "completions_*.parquet"
LAYOUT = ("step", "prompt", "completion", "<reward columns>", "<log_extra columns>", "advantage")
NOT_REWARDS = frozenset({"step", "prompt", "completion", "advantage", "image", "images"})
_WORDS = rx.compile(r"\w+|[^\w\s]")
ZERO = 1e-6  # an advantage (or a group's reward spread) this small is 0: TRL's torch.isclose tolerance


def completion_files(path: Path) -> list[Path]:
    """The completions tables at ``path`` (a ``.parquet`` file, a ``completions/`` folder, or an output_dir
    holding one), in step order; empty when there are none."""
    if path.is_file():
        return [path] if path.name.removesuffix(".gz").endswith(".parquet") else []
    for folder in (path, path / "completions"):
        files = sorted(folder.glob(COMPLETIONS_GLOB), key=_file_step)
        if files:
            return files
    return []


def _file_step(p: Path) -> int:
    digits = p.stem.rsplit("_", 1)[-1]
    return int(digits) if digits.isdigit() else -1


def _text(value: Any) -> str:
    if value is None:
        return ""
    try:
        return completion_text(value)
    except (TypeError, ValueError):
        return str(value)


def _count(text: str, tokenizer: Any | None) -> float:
    if tokenizer is not None:
        return float(len(tokenizer(text, add_special_tokens=False)["input_ids"]))
    return float(len(_WORDS.findall(text)))


def _reward_columns(columns: Sequence[str], table: Mapping[str, Sequence[Any]]) -> list[str]:
    """Numeric columns between ``completion`` and ``advantage`` (TRL writes the rewards first, then any
    ``log_extra`` columns, whose text values rule them out)."""
    names = list(columns)
    lo = names.index("completion") + 1 if "completion" in names else 0
    hi = names.index("advantage") if "advantage" in names else len(names)
    out = []
    for name in names[lo:hi]:
        values = table[name]
        if name in NOT_REWARDS or not values:
            continue
        if all(v is None or not isinstance(v, str) and as_number(v) is not None for v in values):
            out.append(name)
    return out


def _groups(prompts: Sequence[Any]) -> list[range]:
    """Runs of consecutive rows with the same prompt."""
    keys = [json.dumps(p, sort_keys=True, default=str) if not isinstance(p, str) else p for p in prompts]
    out, start = [], 0
    for i in range(1, len(keys) + 1):
        if i == len(keys) or keys[i] != keys[start]:
            out.append(range(start, i))
            start = i
    return out


def table_metrics(
    table: Mapping[str, Sequence[Any]],
    tokenizer: Any | None = None,
    degenerate: bool = True,
    columns: Sequence[str] | None = None,
) -> dict[str, float]:
    """One completions table (column name -> values) as one step's metrics, in TRL's names (module doc)."""
    columns = list(columns or table)
    n = len(table.get("completion", ()))
    if n == 0:
        return {}
    metrics: dict[str, float] = {}
    if table.get("step"):
        step = as_finite(table["step"][0])
        if step is not None:
            metrics["step"] = step
    rewards = _reward_columns(columns, table)
    totals = [0.0] * n
    scored = [False] * n
    for name in rewards:
        values = [as_finite(v) for v in table[name]]
        present = [v for v in values if v is not None]
        if present:
            metrics[f"rewards/{name}/mean"] = statistics.fmean(present)
            metrics[f"rewards/{name}/std"] = statistics.stdev(present) if len(present) > 1 else 0.0
        for i, v in enumerate(values):
            if v is not None:
                totals[i] += v
                scored[i] = True
    groups = _groups(table.get("prompt") or [""] * n)
    total = [t for t, s in zip(totals, scored, strict=True) if s]
    if total:
        metrics["reward"] = statistics.fmean(total)
        metrics["reward_std"] = statistics.stdev(total) if len(total) > 1 else 0.0
        spreads = [
            statistics.pstdev(vals) if len(vals) > 1 else 0.0
            for g in groups
            if (vals := [totals[i] for i in g if scored[i]])
        ]
        if spreads:
            metrics["group_reward_std"] = statistics.fmean(spreads)
    advantage = [as_finite(v) for v in table.get("advantage", ())]
    if advantage and all(a is not None for a in advantage):
        zero = [all(abs(advantage[i] or 0.0) <= ZERO for i in g) for g in groups]
    else:
        zero = [max(totals[i] for i in g) - min(totals[i] for i in g) <= ZERO for g in groups]
    metrics["frac_reward_zero_std"] = sum(zero) / len(zero)
    texts = [_text(c) for c in table["completion"]]
    lengths = [_count(t, tokenizer) for t in texts]
    metrics["completions/mean_length"] = statistics.fmean(lengths)
    metrics["completions/min_length"] = min(lengths)
    metrics["completions/max_length"] = max(lengths)
    if degenerate:
        from rewardcheck.rewards.degenerate import degenerate_kind

        prompts = [_text(p) for p in table.get("prompt") or [""] * n]
        flagged = sum(degenerate_kind(t, p) is not None for t, p in zip(texts, prompts, strict=True))
        metrics["guard/degenerate_rate"] = flagged / n
    return metrics


def read_table(path: Path) -> tuple[list[str], dict[str, list[Any]]]:
    """(column names in file order, column -> values) of one Parquet file (gzipped or not)."""
    return read_parquet(path)


def read_completions(
    files: Iterable[Path],
    source: str,
    tokenizer: Any | None = None,
    on_error: Callable[[Path, Exception], None] | None = None,
) -> TrainingLog:
    """A :class:`TrainingLog` with one record per completions table (format ``trl-completions``)."""
    log = TrainingLog(source, "trl-completions", [])
    files = list(files)
    for f in files:
        try:
            columns, table = read_table(f)
        except Exception as exc:  # a half-written or foreign file: counted, the rest still read
            if on_error is not None:
                on_error(f, exc)
            log.ignored[f"unreadable Parquet file ({type(exc).__name__})"] += 1
            continue
        if "completion" not in table:
            log.ignored["Parquet file without a 'completion' column"] += 1
            continue
        entry = table_metrics(table, tokenizer, columns=columns)
        if "step" not in entry and _file_step(f) >= 0:
            entry["step"] = float(_file_step(f))
        record = entry_metrics(entry, log)
        if record is not None:
            log.records.append(record)
    log.records.sort(key=lambda r: r.get("step", 0.0))
    return finish_log(log, source, lines=len(files))


def merge_completions(log: TrainingLog, completions: TrainingLog) -> int:
    """Add each completions record's metrics to ``log``'s record at the same step, only where the trainer
    logged no value of its own (TRL's logged lengths are exact tokens); returns the records enriched. For a log
    just read (its series not yet cached)."""
    by_step = {r["step"]: r for r in log.records}
    enriched = 0
    for r in completions.records:
        target = by_step.get(r["step"])
        if target is None:
            continue
        new = {k: v for k, v in r.items() if k not in target}
        if new:
            target.update(new)
            enriched += 1
    if enriched:
        log.format += "+trl-completions"
    return enriched
