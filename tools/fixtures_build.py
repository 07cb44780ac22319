"""Rebuild the derived fixtures (truncated variants, example dumps) from ``fixtures/golden/golden.jsonl``.

Everything here is a pure function of the golden records and the bundled Qwen tokenizer, so a rebuild
reproduces the committed files byte for byte; ``check`` proves it. Expected *upstream* values are not
derived here: they come from running open-r1's own code (:mod:`tools.fixtures_upstream`).

>>> from pathlib import Path
>>> report = check(Path("fixtures"))                 # doctest: +SKIP
>>> report.ok, report.differing                      # doctest: +SKIP
(True, [])
"""

from __future__ import annotations

import hashlib
import io
import json
import math
import tempfile
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rewardcheck.bench.errors import InputError
from rewardcheck.bench.jsonl import read_jsonl as bench_read_jsonl

__all__ = [
    "GOLDEN",
    "TRUNCATED",
    "DERIVED_FILES",
    "TRUNCATION_PLAN",
    "DUMP_GROUPS",
    "DUMP_REWARDS",
    "FixtureError",
    "BuildReport",
    "read_jsonl",
    "jsonl_bytes",
    "truncated_variants",
    "dump_files",
    "derived_files",
    "build",
    "check",
]

GOLDEN = Path("golden/golden.jsonl")
TRUNCATED = Path("golden/truncated.jsonl")
QWEN_EOS_ID = 151645
# max_completion_length -> how many variants; only completions longer than the limit are cut.
TRUNCATION_PLAN: dict[int, int] = {256: 80, 1024: 50, 4096: 30}
# (step, Qwen2.5-Math item prefix): four complete 8-sample groups of one prompt each (num_generations=8).
DUMP_GROUPS: tuple[tuple[int, str], ...] = ((1, "72#"), (1, "28#"), (2, "58#"), (2, "20#"))
# The seed run's reward set (fixtures/configs/openr1-seed.yaml): registry name -> the name TRL logs.
DUMP_REWARDS: dict[str, str] = {
    "accuracy": "accuracy_reward",
    "format": "format_reward",
    "reasoning_steps": "reasoning_steps_reward",
    "cosine": "cosine_scaled_reward",
}
DUMP_PROFILE = "openr1@e4ac3ae"
NUM_GENERATIONS = 8
DERIVED_FILES: tuple[Path, ...] = (
    TRUNCATED,
    Path("dumps/completions.jsonl"),
    Path("dumps/trl/completions/completions_00001.parquet"),
    Path("dumps/trl/completions/completions_00002.parquet"),
    Path("dumps/trl/gold.jsonl"),
    Path("dumps/wandb/completions.table.json"),
)


class FixtureError(InputError):
    """A fixture file that cannot be read: names the file, line and field (an :class:`InputError`)."""


@dataclass
class BuildReport:
    written: list[Path] = field(default_factory=list)
    differing: list[Path] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.differing


REQUIRED_GOLDEN_FIELDS = (
    "id",
    "source_repo",
    "licence",
    "completion_format",
    "problem",
    "gold",
    "completion",
    "verdict",
    "expected",
)


def read_jsonl(path: Path, required: Sequence[str] = ()) -> list[dict[str, Any]]:
    """JSON objects, one per line (:func:`rewardcheck.bench.jsonl.read_jsonl`); a bad line, a missing field or a missing
    file raises :class:`FixtureError` as ``file:line: ...``."""
    return bench_read_jsonl(path, required, FixtureError)


def jsonl_bytes(records: Iterable[Mapping[str, Any]]) -> bytes:
    return "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in records).encode("utf-8")


def _stable_rank(*parts: object) -> str:
    return hashlib.sha256("\x1f".join(map(str, parts)).encode("utf-8")).hexdigest()


def _round_robin(records: list[dict[str, Any]], key: str, n: int) -> list[dict[str, Any]]:
    """Up to ``n`` records, alternating between the values of ``key`` (sorted) so every source is drawn."""
    buckets: dict[str, list[dict[str, Any]]] = {}
    for r in records:
        buckets.setdefault(str(r[key]), []).append(r)
    queues = [buckets[k] for k in sorted(buckets)]
    picked: list[dict[str, Any]] = []
    while len(picked) < n and any(queues):
        for q in queues:
            if q and len(picked) < n:
                picked.append(q.pop(0))
    return picked


def truncated_variants(golden: Sequence[Mapping[str, Any]], tokenizer: Any) -> list[dict[str, Any]]:
    """Golden completions cut where TRL would cut them: the first N token ids, no EOS, text = their decode.

    For each ``max_completion_length`` in :data:`TRUNCATION_PLAN`, completions with more than N tokens are
    ranked by a hash of (id, N) and drawn round-robin over sources.
    """
    ids_of = {r["id"]: tokenizer(r["completion"], add_special_tokens=False)["input_ids"] for r in golden}
    out: list[dict[str, Any]] = []
    for limit, count in TRUNCATION_PLAN.items():
        longer = sorted(
            (dict(r) for r in golden if len(ids_of[r["id"]]) > limit),
            key=lambda r: _stable_rank(r["id"], limit),
        )
        for r in sorted(_round_robin(longer, "source_repo", count), key=lambda r: r["id"]):
            full = ids_of[r["id"]]
            ids = list(full[:limit])
            out.append(
                {
                    "id": f"{r['id']}@{limit}",
                    "base_id": r["id"],
                    "source_repo": r["source_repo"],
                    "licence": r["licence"],
                    "completion_format": r["completion_format"],
                    "max_completion_length": limit,
                    "gold": r["gold"],
                    "completion": tokenizer.decode(ids, skip_special_tokens=True),
                    "completion_ids": ids,
                    "verdict": "truncated",
                    "verdict_note": f"cut at {limit} of {len(full)} Qwen tokens, no EOS (base verdict: {r['verdict']})",
                }
            )
    return out


def _dump_rows(golden: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
    rows: list[dict[str, Any]] = []
    for step, prefix in DUMP_GROUPS:
        group = sorted(
            (
                r
                for r in golden
                if str(r.get("item_index", "")).startswith(prefix)
                and r["source_repo"] == "QwenLM/Qwen2.5-Math"
            ),
            key=lambda r: int(str(r["item_index"]).split("#")[1]),
        )
        if len(group) != NUM_GENERATIONS:
            raise FixtureError(
                f"{GOLDEN}: dump group {prefix} has {len(group)} records, expected {NUM_GENERATIONS}"
            )
        rows.extend({"step": step, **dict(r)} for r in group)
    return rows


def _advantages(totals: Sequence[float]) -> list[float]:
    """TRL 1.16's default (scale_rewards="group"): (r - group mean) / (Bessel std + 1e-4), in float64."""
    out: list[float] = []
    for start in range(0, len(totals), NUM_GENERATIONS):
        group = totals[start : start + NUM_GENERATIONS]
        mean = sum(group) / len(group)
        std = math.sqrt(sum((x - mean) ** 2 for x in group) / (len(group) - 1))
        out.extend((x - mean) / (std + 1e-4) for x in group)
    return out


def _reward_columns(rows: Sequence[Mapping[str, Any]]) -> dict[str, list[float | None]]:
    return {
        logged: [r["expected"][DUMP_PROFILE][name] for r in rows] for name, logged in DUMP_REWARDS.items()
    }


def _parquet_bytes(rows: Sequence[Mapping[str, Any]]) -> bytes:
    import pyarrow as pa
    import pyarrow.parquet as pq

    rewards = _reward_columns(rows)
    totals = [sum(0.0 if v is None else v for v in vals) for vals in zip(*rewards.values(), strict=True)]
    table = pa.table(
        {
            "step": pa.array([r["step"] for r in rows], pa.int64()),
            "prompt": [[{"role": "user", "content": r["problem"]}] for r in rows],
            "completion": [[{"role": "assistant", "content": r["completion"]}] for r in rows],
            **{
                name: pa.array([math.nan if v is None else v for v in vals], pa.float64())
                for name, vals in rewards.items()
            },
            "advantage": pa.array(_advantages(totals), pa.float64()),
        }
    )
    buf = io.BytesIO()
    pq.write_table(table, buf)
    return buf.getvalue()


def dump_files(golden: Sequence[Mapping[str, Any]], tokenizer: Any) -> dict[Path, bytes]:
    """The example dumps in the three input formats, all from the same 32 golden rows (4 prompts x 8)."""
    rows = _dump_rows(golden)
    first_group = {r["id"] for r in rows[:NUM_GENERATIONS]}
    jsonl_rows = []
    for r in rows:
        row: dict[str, Any] = {
            "id": r["id"],
            "step": r["step"],
            "prompt": r["problem"],
            "completion": r["completion"],
            "solution": r["gold"],
        }
        if r["id"] in first_group:  # some rows carry TRL's completion_ids (finished: EOS kept)
            row["completion_ids"] = tokenizer(r["completion"], add_special_tokens=False)["input_ids"] + [
                QWEN_EOS_ID
            ]
        jsonl_rows.append(row)
    files = {Path("dumps/completions.jsonl"): jsonl_bytes(jsonl_rows)}
    for step in sorted({r["step"] for r in rows}):
        files[Path(f"dumps/trl/completions/completions_{step:05d}.parquet")] = _parquet_bytes(
            [r for r in rows if r["step"] == step]
        )
    seen: dict[str, str] = {}
    for r in rows:
        seen.setdefault(r["problem"], r["gold"])
    files[Path("dumps/trl/gold.jsonl")] = jsonl_bytes({"prompt": p, "solution": s} for p, s in seen.items())
    rewards = _reward_columns(rows)
    totals = [sum(0.0 if v is None else v for v in vals) for vals in zip(*rewards.values(), strict=True)]
    advantages = _advantages(totals)
    columns = ["step", "prompt", "completion", *rewards, "advantage"]
    data = [
        [r["step"], r["problem"], r["completion"], *(rewards[c][i] for c in rewards), advantages[i]]
        for i, r in enumerate(rows)
    ]
    table = {"_type": "table", "columns": columns, "data": data, "ncols": len(columns), "nrows": len(data)}
    files[Path("dumps/wandb/completions.table.json")] = (
        json.dumps(table, ensure_ascii=False, indent=1) + "\n"
    ).encode("utf-8")
    return files


def derived_files(root: Path, tokenizer: Any = None) -> dict[Path, bytes]:
    """Relative path -> content of every derived fixture, computed from ``root/golden/golden.jsonl``."""
    if tokenizer is None:
        from rewardcheck.bench.tokenizers import qwen_tokenizer

        tokenizer = qwen_tokenizer()
    golden = read_jsonl(root / GOLDEN, REQUIRED_GOLDEN_FIELDS)
    files = {TRUNCATED: jsonl_bytes(truncated_variants(golden, tokenizer))}
    files.update(dump_files(golden, tokenizer))
    return files


def build(root: Path, out: Path | None = None, tokenizer: Any = None) -> BuildReport:
    """Write the derived fixtures under ``out`` (default: ``root`` itself)."""
    out = root if out is None else out
    report = BuildReport()
    for rel, content in derived_files(root, tokenizer).items():
        target = out / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(content)
        report.written.append(rel)
    return report


def check(root: Path, tokenizer: Any = None) -> BuildReport:
    """Rebuild into a temporary folder and list the committed derived files that differ (or are missing)."""
    report = BuildReport()
    with tempfile.TemporaryDirectory(prefix="rewardcheck-fixtures-") as tmp:
        built = build(root, Path(tmp), tokenizer)
        for rel in built.written:
            committed = root / rel
            if not committed.is_file() or committed.read_bytes() != (Path(tmp) / rel).read_bytes():
                report.differing.append(rel)
            report.written.append(rel)
    return report
