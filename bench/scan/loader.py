"""Read every input of a scan into rows and counted skips, joining gold answers from a separate file.

>>> import tempfile, os
>>> d = tempfile.mkdtemp()
>>> _ = open(os.path.join(d, "c.jsonl"), "w").write('{"prompt": "p", "completion": "c"}\\n{"prompt": 1\\n')
>>> _ = open(os.path.join(d, "g.jsonl"), "w").write('{"prompt": "p", "solution": "$3$"}\\n')
>>> loaded = load_dumps([os.path.join(d, "c.jsonl")], gold_file=os.path.join(d, "g.jsonl"))
>>> loaded.rows_total, [r.gold for r in loaded.rows], [s.reason for s in loaded.skips]
(2, ['$3$'], ['invalid_json'])
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .readers import InputError, detect_format, expand_inputs, iter_records, table_reward_columns
from .rows import DumpRow, FieldMap, RowError, Skip

__all__ = ["Loaded", "load_dumps", "read_gold_file"]


@dataclass
class Loaded:
    rows: list[DumpRow] = field(default_factory=list)
    skips: list[Skip] = field(default_factory=list)
    files: list[tuple[str, str]] = field(default_factory=list)  # (path, detected format)

    @property
    def rows_total(self) -> int:
        return len(self.rows) + len(self.skips)

    def skip(self, row: DumpRow, reason: str, message: str) -> None:
        self.skips.append(Skip(row.source, row.line, reason, message))

    def skipped_by_reason(self) -> dict[str, int]:
        return dict(sorted(Counter(s.reason for s in self.skips).items()))


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


def load_dumps(
    paths: list[str], *, fmt: str | None = None, fields: FieldMap | None = None, gold_file: str | None = None
) -> Loaded:
    """Every input row becomes a :class:`DumpRow` or a counted :class:`Skip`; nothing disappears."""
    fields = fields or FieldMap()
    loaded = Loaded()
    known = {
        name
        for name in (fields.prompt, fields.completion, fields.gold, fields.ids, fields.id, fields.step)
        if name is not None
    } | {"step", "prompt", "completion", "advantage", "solution", "completion_ids", "id"}
    for path in expand_inputs(paths):
        try:
            file_fmt = fmt or detect_format(path)
        except OSError as exc:
            raise InputError(f"{path}: cannot read: {exc.strerror}") from None
        loaded.files.append((str(path), file_fmt))
        file_fields = fields
        if fields.reward_columns is None:
            columns = table_reward_columns(path, file_fmt, known)
            if columns is not None:
                file_fields = dataclasses.replace(fields, reward_columns=columns)
        for line, record in iter_records(path, file_fmt):
            if isinstance(record, RowError):
                loaded.skips.append(Skip(str(path), line, record.reason, str(record)))
                continue
            try:
                loaded.rows.append(file_fields.to_row(record, str(path), line))
            except RowError as exc:
                loaded.skips.append(Skip(str(path), line, exc.reason, str(exc)))
    if gold_file is not None:
        _join_gold(loaded, *read_gold_file(gold_file, fields))
    kept = []
    for row in loaded.rows:
        if row.gold is None:
            loaded.skip(
                row,
                "missing_gold",
                f"no gold answer (field {fields.gold or 'solution'!r}); map it with --gold-field or join one with --gold-file",
            )
        else:
            kept.append(row)
    loaded.rows = kept
    return loaded


def _join_gold(loaded: Loaded, by_id: Mapping[str, str], by_prompt: Mapping[str, str]) -> None:
    for row in loaded.rows:
        if row.gold is not None:
            continue  # the dump's own gold wins
        gold: Any = by_id.get(row.id) if row.id is not None else None
        if gold is None and row.prompt is not None:
            gold = by_prompt.get(row.prompt_text)
        row.gold = gold
