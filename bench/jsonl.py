r"""The one JSONL reader: gzip by magic bytes, a UTF-8 BOM, records written back to back, ``file:line`` errors.

Two ways to read, one parser:

- :func:`iter_jsonl` is lenient, for dumps where every row counts: it yields ``(line, record)`` pairs where a
  record that cannot be read is a :class:`RowError` carrying a counted ``reason`` (``invalid_json``,
  ``not_an_object``, ``number_too_long``, ``bad_encoding``); blank lines are not rows.
- :func:`read_jsonl` is strict, for files the project or the user wrote by hand: the first bad line raises
  :class:`~bench.errors.InputError` naming the file, the line and the field.

>>> import os, tempfile
>>> path = os.path.join(tempfile.mkdtemp(), "d.jsonl")
>>> _ = open(path, "w").write('{"a": 1}\n\nnot json\n')
>>> [(n, type(r).__name__) for n, r in iter_jsonl(path)]
[(1, 'dict'), (3, 'RowError')]
>>> read_jsonl(path)
Traceback (most recent call last):
...
rewardcheck.bench.errors.InputError: ...d.jsonl:3: invalid JSON: Expecting value (column 1)
"""

from __future__ import annotations

import gzip
import json
import zlib
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from typing import IO, Any

from .errors import InputError

__all__ = ["RowError", "iter_jsonl", "numbered_jsonl", "read_jsonl", "open_bytes", "is_gzip"]

_GZIP = b"\x1f\x8b"
_BOM = "\ufeff"
_DECODER = json.JSONDecoder()


class RowError(InputError):
    """A row that cannot be read or scored; ``reason`` is the counted category, the message says what."""

    def __init__(self, reason: str, message: str) -> None:
        super().__init__(message)
        self.reason = reason


def is_gzip(path: str | Path) -> bool:
    with Path(path).open("rb") as fh:
        return fh.read(2) == _GZIP


def open_bytes(path: str | Path) -> IO[bytes]:
    """The file's bytes, decompressed when it is gzip (by magic, whatever its name)."""
    p = Path(path)
    if is_gzip(p):
        return gzip.open(p, "rb")  # type: ignore[return-value]
    return p.open("rb")


def iter_jsonl(path: str | Path) -> Iterator[tuple[int, Mapping[str, Any] | RowError]]:
    """Every record of the file with its 1-based line; unreadable ones as :class:`RowError`. A gzip stream that
    ends early or breaks (a job killed while writing) yields what it holds up to the damage, then one
    ``damaged_gzip`` error for the rest."""
    p = Path(path)
    number = 0
    try:
        with open_bytes(p) as fh:
            for number, raw in enumerate(fh, start=1):
                try:
                    line = raw.decode("utf-8")
                except UnicodeDecodeError as exc:
                    yield number, RowError("bad_encoding", f"not UTF-8 ({exc.reason} at byte {exc.start})")
                    continue
                if number == 1:
                    line = line.removeprefix(_BOM)
                yield from _line_records(number, line)
    except (OSError, EOFError, zlib.error) as exc:  # a damaged gzip stream: what came before it counts
        yield (
            number + 1,
            RowError(
                "damaged_gzip",
                f"the gzip stream is damaged after line {number}, the rest is unreadable: {exc}",
            ),
        )


def _line_records(number: int, line: str) -> Iterator[tuple[int, Mapping[str, Any] | RowError]]:
    """Every record of one line: usually one, several when records were written back to back."""
    pos, end = 0, len(line)
    while True:
        while pos < end and line[pos] in " \t\r\n":
            pos += 1
        if pos >= end:
            return
        try:
            obj, pos = _DECODER.raw_decode(line, pos)
        except json.JSONDecodeError as exc:
            yield number, RowError("invalid_json", f"invalid JSON: {exc.msg} (column {exc.colno})")
            return
        except ValueError as exc:  # an integer literal past Python's 4,300-digit conversion limit
            yield number, RowError("number_too_long", f"a value cannot be read: {exc}"[:200])
            return
        if not isinstance(obj, Mapping):
            yield number, RowError("not_an_object", f"expected a JSON object, got {type(obj).__name__}")
            return
        yield number, obj


def numbered_jsonl(
    path: str | Path, required: Sequence[str] = (), error: type[InputError] = InputError
) -> Iterator[tuple[int, dict[str, Any]]]:
    """``(line, record)`` for every record; the first bad line, a record without one of the ``required``
    fields, or a missing file raises ``error`` (an :class:`InputError`) as ``file:line: ...``."""
    p = Path(path)
    if not p.is_file():
        raise error("no such file", path=p)
    for number, record in iter_jsonl(p):
        if isinstance(record, RowError):
            raise error(str(record), path=p, line=number)
        for key in required:
            if key not in record:
                raise error("is missing", path=p, line=number, field=key)
        yield number, dict(record)


def read_jsonl(
    path: str | Path, required: Sequence[str] = (), error: type[InputError] = InputError
) -> list[dict[str, Any]]:
    """Every record as a dict, strictly (see :func:`numbered_jsonl`)."""
    return [record for _, record in numbered_jsonl(path, required, error)]
