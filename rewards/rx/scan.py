r"""One linear pass that cuts a text into tokens: a :class:`Scanner` runs one pattern (an alternation of token
shapes, no groups) from left to right with RE2 and returns the character spans of its matches as two flat
lists. The caller tells the kinds apart by the characters (a token's first character mostly decides it).

Why not ``finditer``: google-re2's iterator builds a match object and re-decodes offsets for each match, and
RE2 needs a slower engine to report groups; a tokeniser makes hundreds of matches per completion. Without
groups RE2 answers from its DFA: under a microsecond a token.

The pattern is in Python's syntax and goes through rx's translator (Unicode classes as Python reads them); a
scanner refuses groups and lookarounds (``Untranslatable``): a token is decided by its own characters.

>>> s = Scanner(r"\d+|[^\W\d_]+|\S")
>>> s.scan("x = 42 km")
([0, 2, 4, 7], [1, 3, 6, 9])
>>> starts, ends = s.scan("ответ: 42")
>>> ["ответ: 42"[a:b] for a, b in zip(starts, ends)]
['ответ', ':', '42']
"""

from __future__ import annotations

from re2 import _re2 as _binding

from .cache import cached_program
from .matching import _options
from .translate import Lead, Trail, Untranslatable, translate

__all__ = ["Scanner"]

_UNANCHORED = _binding.RE2.Anchor.UNANCHORED


class Scanner:
    """A group-free pattern; :meth:`scan` gives the (start, end) of each match, in order."""

    __slots__ = ("pattern", "flags", "_re2")

    def __init__(self, pattern: str, flags: int = 0) -> None:
        program = cached_program(pattern, int(flags)) or translate(
            pattern, flags
        )  # shipped translations first
        variant = program.variant(Lead.SEARCH, Trail.CONSUME)
        if program.groups or program.pre_char or variant.slots:
            raise Untranslatable(
                "a scanner has no groups and no lookaround (a token is its own characters)", pattern
            )
        self.pattern = pattern
        self.flags = int(flags)
        self._re2 = _binding.RE2(variant.source.encode("utf-8"), _options())
        if not self._re2.ok():  # pragma: no cover - the translator only emits RE2 syntax
            raise Untranslatable(f"RE2 refused the translation ({self._re2.error()})", pattern)

    def scan(self, text: str, pos: int = 0, endpos: int | None = None) -> tuple[list[int], list[int]]:
        """The (starts, ends) of the matches in ``text[pos:endpos]``, left to right (character offsets)."""
        piece = text[pos:endpos]
        data = piece.encode("utf-8", "surrogatepass")
        ascii_text = len(data) == len(piece)
        match = self._re2.Match
        to_chars = _binding.BytesToCharLen
        starts: list[int] = []
        ends: list[int] = []
        b, end = 0, len(data)
        char_at, byte_at = pos, 0  # the last offset converted (non-ASCII texts)
        while b <= end:
            b0, b1 = match(_UNANCHORED, data, b, end)[0]
            if b0 < 0:
                break
            if ascii_text:
                starts.append(pos + b0)
                ends.append(pos + b1)
            else:
                c0 = char_at + to_chars(data, byte_at, b0)
                char_at, byte_at = c0 + to_chars(data, b0, b1), b1
                starts.append(c0)
                ends.append(char_at)
            b = b1 if b1 > b0 else b1 + 1
        return starts, ends
