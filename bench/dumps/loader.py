"""Stream every input of a scan as rows and counted skips, joining gold answers from a separate file.

Rows are read lazily (a dump is never held whole): :class:`DumpStream` yields :class:`DumpRow` objects and
counts what it skipped, by reason, with the first examples kept for the report.

>>> import tempfile, os
>>> d = tempfile.mkdtemp()
>>> _ = open(os.path.join(d, "c.jsonl"), "w").write('{"prompt": "p", "completion": "c"}\\n{"prompt": 1\\n')
>>> _ = open(os.path.join(d, "g.jsonl"), "w").write('{"prompt": "p", "solution": "$3$"}\\n')
>>> stream = DumpStream([os.path.join(d, "c.jsonl")], gold_file=os.path.join(d, "g.jsonl"))
>>> [r.gold for r in stream], stream.rows_total, stream.skipped_by_reason()
(['$3$'], 2, {'invalid_json': 1})
"""

from __future__ import annotations

import dataclasses
import itertools
from collections import Counter
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rewardcheck.bench.errors import InputError
from rewardcheck.bench.tables import (
    DUMP_SUFFIXES,
    PLAIN_SUFFIXES,
    detect_format,
    iter_records,
    table_reward_columns,
)

from .rows import DumpRow, FieldMap, RowError, Skip

__all__ = ["DumpStream", "Loaded", "expand_inputs", "load_dumps", "read_gold_file", "SKIP_EXAMPLES"]

SKIP_EXAMPLES = 50  # skipped rows quoted in the report (all are counted)
_MAX_COLUMNS = 200  # distinct column names remembered for error messages


def read_gold_file(path: str | Path, fields: FieldMap) -> tuple[dict[str, str], dict[str, str]]:
    """Gold answers by id and by prompt text from a JSONL / JSON / CSV file (same column names as the dump)."""
    p = Path(path)
    if not p.is_file():
        raise InputError(f"{p}: gold file not found")
    mapping = FieldMap(
        prompt=fields.prompt, gold=fields.gold, id=fields.id, completion="__none__", reward_columns=()
    )
    by_id: dict[str, str] = {}
    by_prompt: dict[str, str] = {}
    for line, record in iter_records(p):
        if isinstance(record, RowError):
            raise InputError(f"{p}:{line}: {record}")
        row = mapping.to_row({**record, "__none__": ""}, str(p), line)
        if row.gold is None:
            raise InputError(
                f"{p}:{line}: gold file record has no gold answer (field {fields.gold or 'solution'!r})"
            )
        if row.id is not None:
            by_id[row.id] = row.gold
        if row.prompt is not None:
            by_prompt[row.prompt_text] = row.gold
    return by_id, by_prompt


def expand_inputs(paths: list[str]) -> list[Path]:
    """Files to read: each file as given; a folder contributes its TRL ``completions/*.parquet`` if it has
    any (the trainer's ``output_dir`` or the ``completions`` folder itself), else every dump file in it."""
    files: list[Path] = []
    for raw in paths:
        p = Path(raw)
        if p.is_file():
            files.append(p)
            continue
        if not p.is_dir():
            raise InputError(f"{p}: no such file or directory")
        found = _folder_files(p)
        # A trainer's output_dir saved as checkpoint-*/ folders: every checkpoint's dumps, in step order.
        checkpoints = sorted(
            (c for c in p.glob("checkpoint-*") if c.is_dir()), key=lambda c: (_checkpoint_step(c), c.name)
        )
        for c in checkpoints:
            found.extend(_folder_files(c))
        if not found:
            raise InputError(f"{p}: folder holds no dump files ({', '.join(PLAIN_SUFFIXES)}, or .gz of them)")
        files.extend(found)
    return files


def _checkpoint_step(folder: Path) -> int:
    tail = folder.name.removeprefix("checkpoint-")
    return int(tail) if tail.isdigit() else -1


def _folder_files(p: Path) -> list[Path]:
    """A folder's TRL ``completions/*.parquet`` if it has any, else every dump file directly in it."""
    for folder in (p / "completions", p):
        parquets = sorted(folder.glob("*.parquet")) if folder.is_dir() else []
        if parquets:
            return parquets
    return sorted(f for f in p.iterdir() if f.is_file() and f.name.endswith(DUMP_SUFFIXES))


class DumpStream:
    """The rows of every input, read on demand; ``peek(n)`` looks ahead without losing anything.

    Counters (``rows_total``, ``skips``, ``columns``) are final once the stream has been consumed.
    """

    def __init__(
        self,
        paths: list[str],
        *,
        fmt: str | None = None,
        fields: FieldMap | None = None,
        gold_file: str | None = None,
    ) -> None:
        self.fields = fields or FieldMap()
        self.fmt = fmt
        self.paths = expand_inputs(paths)
        self.files: list[tuple[str, str]] = []
        self.skip_counts: Counter[str] = Counter()
        self.skip_examples: list[Skip] = []
        self.rows_total = 0
        self.rows_yielded = 0
        self.columns: Counter[str] = Counter()  # rows in which each column was present
        self.gold = read_gold_file(gold_file, self.fields) if gold_file is not None else None
        self._formats = [self._format(p) for p in self.paths]  # a bad file fails before any scoring
        self._rows = self._generate()
        self._peeked: list[DumpRow] = []

    @staticmethod
    def _format_of(path: Path, fmt: str | None) -> str:
        try:
            return fmt or detect_format(path)
        except OSError as exc:
            raise InputError(f"{path}: cannot read: {exc.strerror or exc}") from None

    def _format(self, path: Path) -> str:
        return self._format_of(path, self.fmt)

    def skip(self, source: str, line: int, reason: str, message: str) -> None:
        # one example per reason: a column missing from every row is told once, with its count
        first = self.skip_counts[reason] == 0
        self.skip_counts[reason] += 1
        if first and len(self.skip_examples) < SKIP_EXAMPLES:
            self.skip_examples.append(Skip(source, line, reason, message))

    def skipped_by_reason(self) -> dict[str, int]:
        return dict(sorted(self.skip_counts.items()))

    @property
    def skipped(self) -> int:
        return sum(self.skip_counts.values())

    def peek(self, n: int) -> list[DumpRow]:
        """The next ``n`` rows (fewer at the end), still to be yielded by iteration."""
        if len(self._peeked) < n:
            self._peeked.extend(itertools.islice(self._rows, n - len(self._peeked)))
        return self._peeked[:n]

    def __iter__(self) -> Iterator[DumpRow]:
        peeked, self._peeked = self._peeked, []
        yield from peeked
        yield from self._rows

    def _generate(self) -> Iterator[DumpRow]:
        fields = self.fields
        known = {
            name
            for name in (fields.prompt, fields.completion, fields.gold, fields.ids, fields.id, fields.step)
            if name is not None
        } | {"step", "prompt", "completion", "advantage", "solution", "completion_ids", "id"}
        if fields.length is not None:
            known.add(fields.length)
        for path, file_fmt in zip(self.paths, self._formats, strict=True):
            self.files.append((str(path), file_fmt))
            file_fields = fields
            if fields.reward_columns is None:
                columns = table_reward_columns(path, file_fmt, known)
                if columns is not None:
                    file_fields = dataclasses.replace(fields, reward_columns=columns)
            for line, record in iter_records(path, file_fmt):
                self.rows_total += 1
                if isinstance(record, RowError):
                    self.skip(str(path), line, record.reason, str(record))
                    continue
                self._count_columns(record)
                try:
                    row = file_fields.to_row(record, str(path), line)
                except RowError as exc:
                    self.skip(str(path), line, exc.reason, str(exc))
                    continue
                if row.gold is None and self.gold is not None:
                    _join_gold(row, *self.gold)
                if row.gold is None:
                    self.skip(
                        row.source,
                        row.line,
                        "missing_gold",
                        f"no gold answer (field {fields.gold or 'solution'!r}); map it with --gold-field "
                        "or join one with --gold-file",
                    )
                    continue
                self.rows_yielded += 1
                yield row

    def _count_columns(self, record: Mapping[str, Any]) -> None:
        for key in record:
            if key in self.columns or len(self.columns) < _MAX_COLUMNS:
                self.columns[str(key)] += 1

    def columns_found(self) -> str:
        """``a, b, c`` (the columns the dump's records hold, most frequent first) for error messages."""
        if not self.columns:
            return "none"
        return ", ".join(name for name, _ in self.columns.most_common())


def _join_gold(row: DumpRow, by_id: Mapping[str, str], by_prompt: Mapping[str, str]) -> None:
    gold: Any = by_id.get(row.id) if row.id is not None else None
    if gold is None and row.prompt is not None:
        gold = by_prompt.get(row.prompt_text)
    row.gold = gold


@dataclass
class Loaded:
    """A whole dump in memory (small inputs, tests): the rows and the first skips (all are counted)."""

    rows: list[DumpRow] = field(default_factory=list)
    skips: list[Skip] = field(default_factory=list)
    files: list[tuple[str, str]] = field(default_factory=list)
    rows_total: int = 0


def load_dumps(
    paths: list[str], *, fmt: str | None = None, fields: FieldMap | None = None, gold_file: str | None = None
) -> Loaded:
    """Every input row becomes a :class:`DumpRow` or a counted :class:`Skip`; nothing disappears."""
    stream = DumpStream(paths, fmt=fmt, fields=fields, gold_file=gold_file)
    rows = list(stream)
    return Loaded(rows, list(stream.skip_examples), list(stream.files), stream.rows_total)
