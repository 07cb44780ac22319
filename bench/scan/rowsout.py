"""``--rows-out``: one record per scanned row, with every profile's rewards, verdict, answer and reasons.

Written while the scan runs (JSONL line by line, parquet in row groups), so it never holds the dump. The
columns are flat, the same in both formats: ``<profile>/<reward>`` values, ``<profile>/total``,
``<profile>/verdict``, ``<profile>/answer`` and ``<profile>/<reward>/reason``. ``--only`` keeps the rows
that matter: ``disagreements``, ``flag:NAME`` or ``verdict:NAME`` (repeatable: a row is kept if any
filter matches).

>>> keep = parse_only(["flag:truncated", "disagreements"])
>>> keep(["disagreement"], "wrong"), keep([], "correct")
(True, False)
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import IO, Any

from rewardcheck.bench.dumps.rows import DumpRow
from rewardcheck.bench.errors import InputError

from .scoring import ROW_FLAGS, RowScore

__all__ = ["RowsOut", "parse_only", "OnlyError", "row_record", "VERDICTS"]

VERDICTS = ("correct", "wrong", "no_answer", "truncated", "gold_unparseable", "timeout", "error", "unknown")
_BATCH = 2048


class OnlyError(InputError):
    pass


def parse_only(filters: Sequence[str]) -> Callable[[Sequence[str], str], bool]:
    """A predicate on (flags, verdict) from ``--only`` values; no filters keeps every row."""
    tests: list[Callable[[Sequence[str], str], bool]] = []
    for text in filters:
        kind, _, name = text.partition(":")
        if text in ("disagreements", "disagreement"):
            tests.append(lambda flags, verdict: "disagreement" in flags)
        elif kind == "flag" and name in ROW_FLAGS:
            tests.append(lambda flags, verdict, name=name: name in flags)  # type: ignore[misc]
        elif kind == "verdict" and name in VERDICTS:
            tests.append(lambda flags, verdict, name=name: verdict == name)  # type: ignore[misc]
        else:
            raise OnlyError(
                f"--only {text!r}: expected disagreements, flag:NAME ({', '.join(ROW_FLAGS)}) "
                f"or verdict:NAME ({', '.join(VERDICTS)})"
            )
    if not tests:
        return lambda flags, verdict: True
    return lambda flags, verdict: any(t(flags, verdict) for t in tests)


def row_record(row: DumpRow, s: RowScore) -> dict[str, Any]:
    out: dict[str, Any] = {
        "source": row.source,
        "line": row.line,
        "id": row.id,
        "step": row.step,
        "group": json.dumps(list(row.group), ensure_ascii=False) if row.group is not None else None,
        "prompt": row.prompt_text,
        "completion": row.text,
        "gold": row.gold,
        "verdict": s.verdict,
        "answer": s.answer,
        "flags": ",".join(s.flags),
        "degenerate": s.degenerate,
        "truncated": s.truncated,
        "truncation_basis": s.truncation_basis,
        "n_chars": s.n_chars,
        "n_tokens": s.n_tokens,
        "logged_length": row.length,
        "retokenised_length": s.retokenised,
    }
    for profile, rewards in s.rewards.items():
        out[f"{profile}/total"] = s.totals.get(profile)
        if profile in s.verdicts:
            out[f"{profile}/verdict"] = s.verdicts[profile]
            out[f"{profile}/answer"] = s.answers.get(profile)
        for name, value in rewards.items():
            out[f"{profile}/{name}"] = value
            reason = s.reasons.get(profile, {}).get(name)
            if reason is not None:
                out[f"{profile}/{name}/reason"] = reason
    return out


class RowsOut:
    """A JSONL or parquet (by the file's suffix) writer of the rows ``keep(flags, verdict)`` accepts."""

    def __init__(self, path: str | Path, keep: Callable[[Sequence[str], str], bool]) -> None:
        self.path = Path(path)
        self.keep = keep
        self.parquet = self.path.suffix == ".parquet"
        self.written = 0
        self.dropped_columns: set[str] = set()
        self._fh: IO[str] | None = None
        self._batch: list[dict[str, Any]] = []
        self._writer: Any = None
        self._schema: Any = None
        self.path.parent.mkdir(parents=True, exist_ok=True)
        if not self.parquet:
            self._fh = self.path.open("w", encoding="utf-8")

    def add(self, row: DumpRow, s: RowScore) -> None:
        if not self.keep(s.flags, s.verdict):
            return
        record = row_record(row, s)
        self.written += 1
        if self._fh is not None:
            self._fh.write(json.dumps(record, ensure_ascii=False) + "\n")
            return
        self._batch.append(record)
        if len(self._batch) >= _BATCH:
            self._flush()

    def _flush(self) -> None:
        import pyarrow as pa
        import pyarrow.parquet as pq

        if not self._batch:
            return
        if self._schema is None:
            names: dict[str, None] = {}
            for r in self._batch:
                names.update(dict.fromkeys(r))
            table = pa.Table.from_pylist([{k: r.get(k) for k in names} for r in self._batch])
            # a column that is null in the first batch still needs a type that later values fit
            self._schema = pa.schema(
                [pa.field(f.name, pa.string() if pa.types.is_null(f.type) else f.type) for f in table.schema]
            )
            self._writer = pq.ParquetWriter(self.path, self._schema)
        columns = set(self._schema.names)
        for r in self._batch:
            self.dropped_columns.update(k for k in r if k not in columns)
        rows = [
            {k: _fit(r.get(k), self._schema.field(k).type) for k in self._schema.names} for r in self._batch
        ]
        self._writer.write_table(pa.Table.from_pylist(rows, schema=self._schema))
        self._batch = []

    def close(self) -> None:
        if self._fh is not None:
            self._fh.close()
            return
        self._flush()
        if self._writer is None:  # nothing kept: still a valid, empty parquet file
            import pyarrow as pa
            import pyarrow.parquet as pq

            pq.write_table(pa.table({"source": pa.array([], pa.string())}), self.path)
        else:
            self._writer.close()


def _fit(value: Any, typ: Any) -> Any:
    import pyarrow as pa

    if value is None:
        return None
    if pa.types.is_string(typ) and not isinstance(value, str):
        return str(value)
    if pa.types.is_floating(typ) and isinstance(value, int | float):
        return float(value)
    if pa.types.is_integer(typ) and isinstance(value, float):
        return None if value != int(value) else int(value)
    return value
