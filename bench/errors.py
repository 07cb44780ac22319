"""The bench's input errors, each defined once: a file the user named (or a bundled corpus) cannot be used.

>>> str(InputError("dump.jsonl:3: field 'completion' is missing"))
"dump.jsonl:3: field 'completion' is missing"
"""

from __future__ import annotations

__all__ = ["InputError", "CorpusError"]


class InputError(ValueError):
    """A whole input that cannot be used; the message names the file and, where it applies, the line and
    the field (``file:line: field 'x' is missing``). Commands turn it into a usage error (exit status 2)."""


class CorpusError(InputError):
    """A corpus (the attack corpus, the simulate texts) is missing or holds no usable row."""
