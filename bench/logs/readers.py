"""Parse a training log file into a :class:`TrainingLog`, whatever stack wrote it.

Recognised, line by line (formats may be mixed, e.g. a console capture):
- HF Trainer / TRL console lines: a python dict per line, ``{'loss': 0.0, 'reward': 0.9, ...}``;
- JSON lines with metric keys (TRL's or wandb's ``wandb-history.jsonl``: ``train/...`` keys, ``_step``);
- DeepSpeed-Chat step 3: ``epoch: E|step: S|ppo_ep: P|act_loss: ..|cri_loss: ..|unsuper_loss: ..`` followed by
  ``average reward score: X``; DeepSpeed's ``step=N, skipped=K, lr=[..]`` and ``MemAllocated=..GB`` lines.
A whole-file JSON object with ``log_history`` is read as HF ``trainer_state.json``; TensorBoard event files
(``events.out.tfevents.*``, via :mod:`rewardcheck.bench.logs.tensorboard`) and CSV files with a ``step`` column
(``experiments.repro``'s ``metrics.csv``) are read whole, and so are TRL's ``log_completions`` Parquet tables
(:mod:`rewardcheck.bench.logs.completions`: one file, or a folder of ``completions_*.parquet``). A folder is read through
its ``trainer_state.json``, the newest ``checkpoint-*/trainer_state.json``, its wandb history, or its event
files; completions tables beside them (``completions/``) add their per-step metrics where the log has none. Other lines are counted
as unknown and ignored; a file with no usable record raises :class:`LogFormatError` saying what was expected.

>>> log = read_text("{'loss': 0.1, 'reward': 0.5, 'rewards/accuracy_reward': 0.2}\\nhello", source="demo")
>>> log.format, log.records[0]["rewards/accuracy"], log.unknown_lines, log.step_is_index
('trl-console', 0.2, 1, True)
"""

from __future__ import annotations

import ast
import csv
import io
import json
import math
from collections import Counter
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from rewardcheck.bench.numbers import as_number
from rewardcheck.bench.tables import is_parquet
from rewardcheck.bench.tables import read_text as read_file_text
from rewardcheck.rewards import rx

from .completions import completion_files, merge_completions, read_completions
from .keys import canonical_key
from .metrics import (
    EXPECTED,
    LogFormatError,
    add_entry,
    entry_metrics,
    eval_metrics,
    finish_log,
    record_metrics,
)
from .records import SkipReport, TrainingLog
from .tensorboard import event_files, read_event_scalars

__all__ = ["LogFormatError", "read_log", "read_text", "record_metrics", "EXPECTED"]

_DS_STEP = rx.compile(r"epoch:\s*(-?\d+)\s*\|\s*step:\s*(\d+)\s*\|(.*)")
_DS_REWARD = rx.compile(
    r"average reward score:\s*([-+]?(?:\d+\.?\d*(?:[eE][-+]?\d+)?|nan|inf))", rx.IGNORECASE
)
_DS_SKIP = rx.compile(r"\bstep=(\d+),\s*skipped=(\d+),\s*lr=\[([^\]]*)\]")
_DS_MEM = rx.compile(r"\bMemAllocated=([\d.]+)\s*GB")
_DS_MEM_STEP = rx.compile(r"global_step=(\d+)")


def read_log(path: str | Path) -> TrainingLog:
    """Read a log file, or a folder holding ``trainer_state.json`` / ``wandb-history.jsonl``."""
    p = Path(path)
    if p.is_dir():
        main = _read_folder(p)
        tables = completion_files(p)
        if (
            main is not None and tables
        ):  # an output_dir: the trainer's log, enriched by its completions tables
            merge_completions(main, read_completions(tables, source=str(p)))
            return main
        if main is not None:
            return main
        if tables:
            return read_completions(tables, source=str(p))
        raise LogFormatError(
            f"{p}: a folder without trainer_state.json, checkpoint-*/trainer_state.json, wandb-history.jsonl, "
            "TensorBoard event files or TRL completions tables (completions/completions_*.parquet)"
        )
    if not p.is_file():
        raise LogFormatError(f"{p}: no such log file")
    if p.name.startswith("events.out.tfevents."):
        return read_tensorboard([p], source=str(p))
    try:
        if p.stat().st_size and is_parquet(p):  # a TRL completions table, gzipped or not
            return read_completions([p], source=str(p))
        text = read_file_text(p, errors="replace")  # gzipped or not, a BOM dropped
    except OSError as exc:
        raise LogFormatError(f"{p}: cannot read: {exc}") from None
    first = text.split("\n", 1)[0]
    if p.name.removesuffix(".gz").endswith(".csv") or (
        "," in first and "step" in [c.strip() for c in first.split(",")]
    ):
        return read_csv_text(text, source=str(p))
    return read_text(text, source=str(p))


def _read_folder(p: Path) -> TrainingLog | None:
    """The training log a folder holds, or None."""
    for name in ("trainer_state.json", "wandb-history.jsonl", "files/wandb-history.jsonl"):
        if (p / name).is_file():
            return read_log(p / name)
    checkpoints = [c for c in p.glob("checkpoint-*") if (c / "trainer_state.json").is_file()]
    if checkpoints:  # HF saves the whole log_history in each checkpoint: the newest has it all
        newest = max(
            checkpoints,
            key=lambda c: int(c.name.rsplit("-", 1)[1]) if c.name.rsplit("-", 1)[1].isdigit() else -1,
        )
        return read_log(newest / "trainer_state.json")
    events = event_files(p)
    return read_tensorboard(events, source=str(p)) if events else None


def read_tensorboard(files: list[Path], source: str) -> TrainingLog:
    """Scalars of one or more event files, one record per step (train and eval tags split as elsewhere)."""
    log = TrainingLog(source, "tensorboard", [])
    by_step: dict[int, dict[str, float]] = {}
    for f in files:
        scalars, cut = read_event_scalars(f)
        if cut:
            log.ignored[f"event file cut short inside a record ({f.name})"] += 1
        for step, tag, value in scalars:
            by_step.setdefault(step, {})[tag] = value
    for step in sorted(by_step):
        entry: dict[str, Any] = {**by_step[step], "step": step}
        record = entry_metrics(entry, log)
        has_eval = eval_metrics(entry, log)  # TensorBoard merges a step's train and eval tags
        if record is not None:
            log.records.append(record)
        elif not has_eval:
            log.ignored["step without training metrics"] += 1
    return finish_log(log, source, lines=len(by_step))


def read_csv_text(text: str, source: str) -> TrainingLog:
    """A CSV with a header row (``step`` plus metric columns, as ``experiments.repro`` writes ``metrics.csv``)."""
    log = TrainingLog(source, "csv", [])
    reader = csv.DictReader(io.StringIO(text))
    if not reader.fieldnames or "step" not in reader.fieldnames:
        raise LogFormatError(
            f"{source}: line 1: a CSV log needs a 'step' column; header is {reader.fieldnames}"
        )
    lines = 1
    for lineno, row in enumerate(reader, start=2):
        lines = lineno
        if as_number(row.get("step")) is None:
            log.ignored["CSV row without a numeric step"] += 1
            continue
        entry = {k: v for k, v in row.items() if k is not None and k != "seconds" and v not in ("", None)}
        add_entry(entry, log, "CSV row")
    return finish_log(log, source, lines=lines)


def read_text(text: str, source: str = "<text>") -> TrainingLog:
    stripped = text.strip()
    if (
        stripped.startswith("{")
        and "\n" in stripped
        or stripped.startswith("{")
        and "log_history" in stripped
    ):
        try:
            whole = json.loads(stripped)
        except json.JSONDecodeError:
            whole = None
        if isinstance(whole, Mapping) and "log_history" in whole:
            return _trainer_state(whole, source)
    return _lines(text, source)


def _trainer_state(state: Mapping[str, Any], source: str) -> TrainingLog:
    history = state["log_history"]
    if not isinstance(history, list):
        raise LogFormatError(
            f"{source}: field 'log_history' must be a list of metric dicts, got {type(history).__name__}"
        )
    log = TrainingLog(source, "trainer_state", [])
    for i, entry in enumerate(history):
        if not isinstance(entry, Mapping):
            log.ignored[f"log_history entry not a dict (first at index {i})"] += 1
            continue
        add_entry(entry, log, "log_history entry")
    return finish_log(log, source, lines=len(history))


def _lines(text: str, source: str) -> TrainingLog:
    log = TrainingLog(source, "unknown", [])
    kinds: Counter[str] = Counter()
    ds_last: dict[str, float] | None = None
    first_bad: str | None = None
    lines = text.splitlines()
    for lineno, raw in enumerate(lines, start=1):
        line = raw.strip().strip("`")
        if not line:
            continue
        m = _DS_STEP.search(line)
        if m:
            record = {"epoch": float(m.group(1)), "step": float(m.group(2))}
            for part in m.group(3).split("|"):
                key, sep, value = part.partition(":")
                name = canonical_key(key)
                num = as_number(value) if sep else None
                if name and num is not None:
                    record[name] = num
            log.records.append(record)
            ds_last = record
            kinds["deepspeed-chat"] += 1
            continue
        m = _DS_REWARD.search(line)
        if m:
            value = float(m.group(1))
            if ds_last is not None and "reward" not in ds_last:
                ds_last["reward"] = value
            else:  # a reward line without its step line: keep it, numbered after the last step seen
                step = (ds_last["step"] + 1) if ds_last else float(len(log.records) + 1)
                ds_last = {"step": step, "reward": value}
                log.records.append(ds_last)
            kinds["deepspeed-chat"] += 1
            continue
        m = _DS_SKIP.search(line)
        if m:
            step, skipped = int(m.group(1)), int(m.group(2))
            engine = sum(1 for s in log.skips if s.step == step)
            log.skips.append(SkipReport(step, skipped, engine, lineno))
            kinds["deepspeed"] += 1
            continue
        m = _DS_MEM.search(line)
        if m:
            s = _DS_MEM_STEP.search(line)
            log.memory_gb.append((int(s.group(1)) if s else lineno, float(m.group(1))))
            kinds["deepspeed"] += 1
            continue
        if "{" in line and "}" in line:
            body = line[line.index("{") : line.rindex("}") + 1]
            parsed, kind, why = _parse_mapping(body)
            if parsed is None:
                log.ignored["unparseable dict line"] += 1
                first_bad = first_bad or f"line {lineno}: {why}"
                continue
            if not add_entry(parsed, log, "dict line"):
                continue
            kinds["wandb-history" if any(str(k).startswith("train/") for k in parsed) else kind] += 1
            continue
        log.unknown_lines += 1
    log.format = "+".join(k for k, _ in kinds.most_common()) or "unknown"
    if not log.records and first_bad:
        raise LogFormatError(
            f"{source}: no usable training metrics; first malformed record at {first_bad}. Expected {EXPECTED}"
        )
    return finish_log(log, source, lines=len(lines))


def _parse_mapping(body: str) -> tuple[Mapping[Any, Any] | None, str, str]:
    """A dict line as JSON (``jsonl``) or as a python literal (``trl-console``); nan/inf allowed in both."""
    try:
        value = json.loads(body)
        if isinstance(value, Mapping):
            return value, "jsonl", ""
    except json.JSONDecodeError:
        pass
    try:
        tree = ast.parse(body, mode="eval")
        value = _literal(tree.body)
    except (SyntaxError, ValueError) as exc:
        return None, "", f"not a JSON or python dict ({type(exc).__name__}: {str(exc)[:80]})"
    if not isinstance(value, Mapping):
        return None, "", "not a mapping"
    return value, "trl-console", ""


_NAMES = {"nan": math.nan, "inf": math.inf, "None": None, "True": True, "False": False, "NaN": math.nan}


def _literal(node: ast.AST) -> Any:
    """``ast.literal_eval`` plus the bare ``nan`` / ``inf`` that python prints for float metrics."""
    if isinstance(node, ast.Name) and node.id in _NAMES:
        return _NAMES[node.id]
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub | ast.UAdd):
        inner = _literal(node.operand)
        if isinstance(inner, int | float):
            return -inner if isinstance(node.op, ast.USub) else inner
        raise ValueError("unary sign on a non-number")
    if isinstance(node, ast.Dict):
        return {
            _literal(k): _literal(v) for k, v in zip(node.keys, node.values, strict=True) if k is not None
        }
    if isinstance(node, ast.List | ast.Tuple):
        return [_literal(e) for e in node.elts]
    if (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id == "tensor"
        and node.args
    ):
        return _literal(node.args[0])  # {'loss': tensor(0.1)} from some trainer prints
    if isinstance(node, ast.Constant):
        return node.value
    raise ValueError(f"unsupported expression {type(node).__name__}")
