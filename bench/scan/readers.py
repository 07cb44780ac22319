"""Read completion dumps: JSONL, JSON, CSV, TRL ``completions/*.parquet`` and wandb ``*.table.json``.

The format is detected from the file's content (``--format`` overrides it). Every reader yields
``(line, record)`` pairs, where ``record`` is a mapping or a :class:`RowError`; line numbers are 1-based
file lines for JSONL and CSV, and 1-based row numbers for JSON arrays, parquet files and wandb tables.

>>> import tempfile, os
>>> path = os.path.join(tempfile.mkdtemp(), "d.jsonl")
>>> _ = open(path, "w").write('{"prompt": "p", "completion": "c"}\\nnot json\\n')
>>> detect_format(path), [(n, type(r).__name__) for n, r in iter_records(path)]
('jsonl', [(1, 'dict'), (2, 'RowError')])
"""

from __future__ import annotations

import csv
import json
import math
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

from .rows import RowError

__all__ = ["FORMATS", "InputError", "detect_format", "expand_inputs", "iter_records", "table_reward_columns"]

FORMATS = ("jsonl", "json", "csv", "parquet", "wandb")
_SUFFIXES = (".jsonl", ".json", ".csv", ".parquet", ".table.json")


class InputError(ValueError):
    """A whole input that cannot be read (missing, unreadable, not any known format): a usage error."""


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
        for folder in (p / "completions", p):
            parquets = sorted(folder.glob("*.parquet")) if folder.is_dir() else []
            if parquets:
                files.extend(parquets)
                break
        else:
            found = sorted(f for f in p.iterdir() if f.is_file() and f.name.endswith(_SUFFIXES))
            if not found:
                raise InputError(f"{p}: folder holds no dump files ({', '.join(_SUFFIXES)})")
            files.extend(found)
    return files


def detect_format(path: str | Path) -> str:
    """``parquet`` by magic bytes; ``wandb`` for a ``{"columns", "data"}`` object; ``json`` for an array or
    a single object; ``jsonl`` when the first line is an object of its own; ``csv`` otherwise."""
    p = Path(path)
    with p.open("rb") as fh:
        head = fh.read(1 << 16)
    if head[:4] == b"PAR1":
        return "parquet"
    text = head.decode("utf-8", errors="replace").lstrip("\ufeff \t\r\n")
    if text.startswith("["):
        return "json"
    if text.startswith("{"):
        first = text.split("\n", 1)[0]
        try:
            obj = json.loads(first)
        except json.JSONDecodeError:
            obj = None
        if isinstance(obj, Mapping):
            return "wandb" if _is_table(obj) else "jsonl"
        try:
            whole = json.loads(p.read_text(encoding="utf-8"))
        except (json.JSONDecodeError, UnicodeDecodeError):
            return "jsonl"  # a JSONL file whose first line is broken: read it line by line and report
        return "wandb" if isinstance(whole, Mapping) and _is_table(whole) else "json"
    return "csv"


def _is_table(obj: Mapping[str, Any]) -> bool:
    return isinstance(obj.get("columns"), list) and isinstance(obj.get("data"), list)


def iter_records(
    path: str | Path, fmt: str | None = None
) -> Iterator[tuple[int, Mapping[str, Any] | RowError]]:
    p = Path(path)
    fmt = fmt or detect_format(p)
    readers = {"jsonl": _jsonl, "json": _json, "csv": _csv, "parquet": _parquet, "wandb": _wandb}
    if fmt not in readers:
        raise InputError(f"unknown input format {fmt!r}; valid: {', '.join(FORMATS)}")
    return readers[fmt](p)


def _jsonl(p: Path) -> Iterator[tuple[int, Mapping[str, Any] | RowError]]:
    with p.open("rb") as fh:
        for number, raw in enumerate(fh, start=1):
            try:
                line = raw.decode("utf-8")
            except UnicodeDecodeError as exc:
                yield number, RowError("bad_encoding", f"not UTF-8 ({exc.reason} at byte {exc.start})")
                continue
            if not line.strip():
                continue  # blank lines are not rows
            try:
                obj = json.loads(line)
            except json.JSONDecodeError as exc:
                yield number, RowError("invalid_json", f"invalid JSON: {exc.msg} (column {exc.colno})")
                continue
            if not isinstance(obj, Mapping):
                yield number, RowError("not_an_object", f"expected a JSON object, got {type(obj).__name__}")
                continue
            yield number, obj


def _load_json(p: Path) -> Any:
    try:
        return json.loads(p.read_text(encoding="utf-8"))
    except UnicodeDecodeError as exc:
        raise InputError(f"{p}: not UTF-8 text ({exc.reason})") from None
    except json.JSONDecodeError as exc:
        raise InputError(f"{p}:{exc.lineno}: invalid JSON: {exc.msg} (column {exc.colno})") from None


def _json(p: Path) -> Iterator[tuple[int, Mapping[str, Any] | RowError]]:
    data = _load_json(p)
    if isinstance(data, Mapping):
        if _is_table(data):
            yield from _table(p, data)
            return
        lists = [k for k in ("rows", "records", "completions", "data") if isinstance(data.get(k), list)]
        if not lists:
            raise InputError(
                f"{p}: a JSON object must hold a list of records under 'rows', 'records' or 'completions'"
            )
        data = data[lists[0]]
    if not isinstance(data, list):
        raise InputError(f"{p}: expected a JSON array of records, got {type(data).__name__}")
    for number, obj in enumerate(data, start=1):
        if isinstance(obj, Mapping):
            yield number, obj
        else:
            yield number, RowError("not_an_object", f"record {number} is {type(obj).__name__}, not an object")


def _wandb(p: Path) -> Iterator[tuple[int, Mapping[str, Any] | RowError]]:
    data = _load_json(p)
    if not isinstance(data, Mapping) or not _is_table(data):
        raise InputError(f'{p}: a wandb table must be an object with "columns" and "data" lists')
    yield from _table(p, data)


def _table(p: Path, data: Mapping[str, Any]) -> Iterator[tuple[int, Mapping[str, Any] | RowError]]:
    columns = [str(c) for c in data["columns"]]
    for number, values in enumerate(data["data"], start=1):
        if not isinstance(values, list) or len(values) != len(columns):
            got = len(values) if isinstance(values, list) else type(values).__name__
            yield number, RowError("bad_row_shape", f"row has {got} values for {len(columns)} columns")
            continue
        yield number, dict(zip(columns, values, strict=True))


def _csv(p: Path) -> Iterator[tuple[int, Mapping[str, Any] | RowError]]:
    try:
        fh = p.open(newline="", encoding="utf-8")
        header_line = fh.readline()
    except UnicodeDecodeError as exc:
        raise InputError(f"{p}: not UTF-8 text ({exc.reason})") from None
    with fh:
        header = next(csv.reader([header_line]), [])
        if not header:
            raise InputError(f"{p}:1: CSV file has no header row")
        reader = csv.reader(fh)
        line = 2
        while True:
            try:
                values = next(reader)
            except StopIteration:
                break
            except (csv.Error, UnicodeDecodeError) as exc:
                yield line, RowError("bad_csv", f"unreadable CSV row: {exc}")
                line = reader.line_num + 2
                continue
            start, line = line, reader.line_num + 2
            if not values or not any(v.strip() for v in values):
                continue
            if len(values) != len(header):
                yield (
                    start,
                    RowError("bad_row_shape", f"row has {len(values)} fields, the header has {len(header)}"),
                )
                continue
            yield start, {k: _csv_value(k, v) for k, v in zip(header, values, strict=True)}


def _csv_value(key: str, value: str) -> Any:
    """CSV cells are text: empty means missing, and list-valued columns (ids, conversations) are JSON."""
    if value == "":
        return None
    if value[:1] in "[{" and key not in ("completion", "response", "output", "prompt", "problem"):
        try:
            return json.loads(value)
        except json.JSONDecodeError:
            return value
    if value[:1] == "[" and value.rstrip().endswith("]"):
        try:  # a conversational prompt/completion written as JSON
            parsed = json.loads(value)
        except json.JSONDecodeError:
            return value
        if (
            isinstance(parsed, list)
            and parsed
            and all(isinstance(m, Mapping) and "content" in m for m in parsed)
        ):
            return parsed
    return value


def _parquet(p: Path) -> Iterator[tuple[int, Mapping[str, Any] | RowError]]:
    import pyarrow.parquet as pq

    try:
        table = pq.read_table(p)
    except Exception as exc:  # pyarrow raises ArrowInvalid / OSError for a damaged file
        raise InputError(f"{p}: unreadable parquet file: {exc}") from None
    yield from enumerate(table.to_pylist(), start=1)


def table_reward_columns(path: str | Path, fmt: str, known: set[str]) -> tuple[str, ...] | None:
    """The logged reward columns of a TRL table (parquet or wandb): every numeric column TRL wrote between
    ``completion`` and ``advantage`` (one per reward function, named after it). ``None`` for other formats."""
    if fmt == "parquet":
        import pyarrow as pa
        import pyarrow.parquet as pq

        try:
            schema = pq.read_schema(path)
        except Exception as exc:  # pyarrow raises ArrowInvalid / OSError for a damaged file
            raise InputError(f"{path}: unreadable parquet file: {exc}") from None
        return tuple(
            f.name
            for f in schema
            if f.name not in known and (pa.types.is_floating(f.type) or pa.types.is_integer(f.type))
        )
    if fmt == "wandb":
        data = _load_json(Path(path))
        columns = [str(c) for c in data.get("columns", [])]
        rows = [r for r in data.get("data", []) if isinstance(r, list) and len(r) == len(columns)]

        def numeric(v: Any) -> bool:
            return (
                v is None
                or (isinstance(v, int | float) and not isinstance(v, bool))
                or (isinstance(v, float) and math.isnan(v))
            )

        return tuple(
            c for i, c in enumerate(columns) if c not in known and rows and all(numeric(r[i]) for r in rows)
        )
    return None
