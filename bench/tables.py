"""The one table reader: JSONL, JSON, CSV, parquet and wandb ``*.table.json``, each maybe gzipped.

Every command that reads a table of records reads it here: scan's dumps, diff's dumps, logs' CSV metrics and
TRL completions tables, probe-rm's preference files.

Any of them may be gzipped (``.gz``, detected by its magic bytes) and may start with a UTF-8 BOM; a JSONL
line may hold several records back to back (a dump written without newlines is one huge line). The format
is detected from the file's content (``--format`` overrides it). Every reader yields
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
import gzip
import io
import json
import math
import zlib
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

from .errors import InputError
from .jsonl import RowError, is_gzip, iter_jsonl, open_bytes

__all__ = [
    "FORMATS",
    "DUMP_SUFFIXES",
    "PLAIN_SUFFIXES",
    "RowError",
    "detect_format",
    "iter_records",
    "open_bytes",
    "is_gzip",
    "is_parquet",
    "read_text",
    "read_parquet",
    "table_reward_columns",
]

FORMATS = ("jsonl", "json", "csv", "parquet", "wandb")
PLAIN_SUFFIXES = (".jsonl", ".json", ".csv", ".parquet", ".table.json")
DUMP_SUFFIXES: tuple[str, ...] = PLAIN_SUFFIXES + tuple(f"{x}.gz" for x in PLAIN_SUFFIXES)
_BOM = "\ufeff"


def read_text(path: str | Path, errors: str = "strict") -> str:
    """The whole file as text: decompressed when gzipped, a UTF-8 BOM dropped; a damaged gzip file is an
    :class:`~rewardcheck.bench.errors.InputError` naming the file. ``errors`` as for ``bytes.decode``."""
    p = Path(path)
    with open_bytes(p) as fh:
        try:
            return fh.read().decode("utf-8", errors=errors).removeprefix(_BOM)
        except (OSError, EOFError) as exc:
            raise InputError(f"{p}: damaged gzip file: {exc}") from None


def _readable_head(p: Path, size: int = 1 << 16) -> bytes:
    """Up to ``size`` bytes of the file, decompressed; a damaged gzip gives what precedes the damage."""
    chunks: list[bytes] = []
    try:
        with open_bytes(p) as fh:
            while sum(map(len, chunks)) < size:
                chunk = fh.read(4096)
                if not chunk:
                    break
                chunks.append(chunk)
    except (EOFError, OSError, zlib.error) as exc:
        if not chunks:
            raise InputError(f"{p}: damaged gzip file, nothing readable: {exc}") from None
    return b"".join(chunks)[:size]


def is_parquet(path: str | Path) -> bool:
    """Whether the file (gzipped or not) is a parquet file, by its magic bytes."""
    return _readable_head(Path(path), 4) == b"PAR1"


def detect_format(path: str | Path) -> str:
    """``parquet`` by magic bytes; a ``.jsonl`` / ``.ndjson`` name (``.gz`` too) is ``jsonl`` and a ``.csv``
    name ``csv`` whatever the first line holds; otherwise ``wandb`` for a ``{"columns", "data"}`` object,
    ``json`` for an array or a single object, ``jsonl`` when the first line, or a later line of the sniffed
    head, is an object of its own (a broken first line is then a counted skip, not a CSV header); ``csv``
    otherwise."""
    p = Path(path)
    head = _readable_head(p)
    if head[:4] == b"PAR1":
        return "parquet"
    text = head.decode("utf-8", errors="replace").lstrip("\ufeff \t\r\n")
    if not text:
        raise InputError(f"{p}: empty file")
    name = p.name.lower().removesuffix(".gz")
    if name.endswith((".jsonl", ".ndjson")):
        return "jsonl"
    if name.endswith(".csv"):
        return "csv"
    if text.startswith("["):
        return "json"
    if text.startswith("{"):
        first = text.split("\n", 1)[0]
        try:
            obj, end = json.JSONDecoder().raw_decode(first)
        except ValueError:  # JSONDecodeError, or an integer past Python's digit limit
            obj, end = None, 0
        if isinstance(obj, Mapping):
            return "wandb" if _is_table(obj) and not first[end:].strip() else "jsonl"
        try:  # a pretty-printed document, or a first line longer than the sniffed head
            whole = json.loads(read_text(p))
        except (ValueError, UnicodeDecodeError):
            return "jsonl"  # a JSONL file whose first line is broken: read it line by line and report
        return "wandb" if isinstance(whole, Mapping) and _is_table(whole) else "json"
    if any(_is_object_line(line) for line in text.split("\n")[1:-1]):
        return "jsonl"
    return "csv"


def _is_object_line(line: str) -> bool:
    line = line.strip()
    if not line.startswith("{"):
        return False
    try:
        obj, _ = _DECODE(line)
    except ValueError:
        return False
    return isinstance(obj, Mapping)


_DECODE = json.JSONDecoder().raw_decode


def _is_table(obj: Mapping[str, Any]) -> bool:
    return isinstance(obj.get("columns"), list) and isinstance(obj.get("data"), list)


def iter_records(
    path: str | Path, fmt: str | None = None
) -> Iterator[tuple[int, Mapping[str, Any] | RowError]]:
    p = Path(path)
    fmt = fmt or detect_format(p)
    readers = {"jsonl": iter_jsonl, "json": _json, "csv": _csv, "parquet": _parquet, "wandb": _wandb}
    if fmt not in readers:
        raise InputError(f"unknown input format {fmt!r}; valid: {', '.join(FORMATS)}")
    return readers[fmt](p)


def _load_json(p: Path) -> Any:
    try:
        return json.loads(read_text(p))
    except UnicodeDecodeError as exc:
        raise InputError(f"{p}: not UTF-8 text ({exc.reason})") from None
    except json.JSONDecodeError as exc:
        raise InputError(f"{p}:{exc.lineno}: invalid JSON: {exc.msg} (column {exc.colno})") from None
    except ValueError as exc:  # an integer literal past Python's digit limit
        raise InputError(f"{p}: a value cannot be read: {exc}"[:300]) from None


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
        fh = io.TextIOWrapper(open_bytes(p), newline="", encoding="utf-8-sig")
        header_line = fh.readline()
    except UnicodeDecodeError as exc:
        raise InputError(f"{p}: not UTF-8 text ({exc.reason})") from None
    with fh:
        header = next(csv.reader([header_line]), [])
        if not header_line.strip() and not fh.read(1):
            raise InputError(f"{p}: empty file")
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
        except ValueError:  # not JSON, or an integer past Python's digit limit: keep the text
            return value
    if value[:1] == "[" and value.rstrip().endswith("]"):
        try:  # a conversational prompt/completion written as JSON
            parsed = json.loads(value)
        except ValueError:
            return value
        if (
            isinstance(parsed, list)
            and parsed
            and all(isinstance(m, Mapping) and "content" in m for m in parsed)
        ):
            return parsed
    return value


def _parquet_file(p: Path) -> Any:
    """A ``pyarrow.parquet.ParquetFile`` over the file (gzipped or not); a damaged one is an InputError."""
    import pyarrow.parquet as pq

    try:
        return pq.ParquetFile(gzip.open(p, "rb") if is_gzip(p) else p)
    except Exception as exc:  # pyarrow raises ArrowInvalid / OSError for a damaged file
        raise InputError(f"{p}: unreadable parquet file: {exc}") from None


def _parquet(p: Path) -> Iterator[tuple[int, Mapping[str, Any] | RowError]]:
    reader = _parquet_file(p)
    number = 0
    # Batch by batch: a large parquet file is never held whole.
    for batch in reader.iter_batches(batch_size=1024):
        for record in batch.to_pylist():
            number += 1
            yield number, record


def read_parquet(path: str | Path) -> tuple[list[str], dict[str, list[Any]]]:
    """(column names in file order, column -> values) of a whole parquet file, gzipped or not."""
    table = _parquet_file(Path(path)).read()
    return list(table.column_names), table.to_pydict()


def table_reward_columns(path: str | Path, fmt: str, known: set[str]) -> tuple[str, ...] | None:
    """The logged reward columns of a TRL table (parquet or wandb): every numeric column TRL wrote between
    ``completion`` and ``advantage`` (one per reward function, named after it). ``None`` for other formats."""
    if fmt == "parquet":
        import pyarrow as pa

        schema = _parquet_file(Path(path)).schema_arrow
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
