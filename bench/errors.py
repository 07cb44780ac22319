"""The bench's input errors under one root: a file the user named (or a bundled corpus) cannot be used.

:class:`InputError` names the file, the line and the field where it can (``file:line: field 'x': what``); every
user-input error of the bench is one (``ConfigError``, ``LogFormatError``, ``ProfileError``, ``RowError`` ...),
so a command turns any of them into a usage error (exit status 2) with one ``except InputError``.

>>> str(InputError("dump.jsonl:3: field 'completion' is missing"))
"dump.jsonl:3: field 'completion' is missing"
>>> err = InputError("is missing", path="dump.jsonl", line=3, field="completion")
>>> str(err), (err.path, err.line, err.field)
("dump.jsonl:3: field 'completion' is missing", ('dump.jsonl', 3, 'completion'))
"""

from __future__ import annotations

from pathlib import Path

__all__ = ["InputError", "CorpusError"]


class InputError(ValueError):
    """A whole input that cannot be used. The message names the file and, where it applies, the line and the
    field: given as ``path``, ``line`` and ``field`` they are also kept as attributes and written in front of
    the message (``file:line: field 'x' ...``). Commands turn it into a usage error (exit status 2)."""

    def __init__(
        self,
        message: str,
        *,
        path: str | Path | None = None,
        line: int | None = None,
        field: str | None = None,
    ) -> None:
        self.path = None if path is None else str(path)
        self.line = line
        self.field = field
        where = "" if path is None else f"{path}:" + ("" if line is None else f"{line}:") + " "
        what = message if field is None else f"field {field!r} {message}"
        super().__init__(where + what)


class CorpusError(InputError):
    """A corpus (the attack corpus, the simulate texts) is missing or holds no usable row."""
