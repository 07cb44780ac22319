"""Sets of characters as sorted code-point ranges, for deciding what an assertion in a pattern can see.

The translator (:mod:`.translate`) drops a lookaround only when these sets prove it always holds. The
Unicode classes (``\\d``, ``\\w``, ``\\s``) are read from Python's own ``re`` once, on first use, so a decision
agrees with what Python's engine would have done.

>>> letters = from_ranges([(ord("A"), ord("Z")), (ord("a"), ord("z"))])
>>> contains(letters, "q"), contains(letters, "1"), is_empty(intersect(letters, digit()))
(True, False, True)
"""

from __future__ import annotations

import re
from functools import cache

__all__ = [
    "Ranges",
    "MAX_CODE_POINT",
    "EMPTY",
    "ANYTHING",
    "from_ranges",
    "single",
    "union",
    "intersect",
    "complement",
    "is_empty",
    "is_subset",
    "contains",
    "digit",
    "word",
    "space",
    "ascii_digit",
    "ascii_word",
    "ascii_space",
    "case_closure",
]

MAX_CODE_POINT = 0x10FFFF
Ranges = tuple[tuple[int, int], ...]  # disjoint, sorted, inclusive, never adjacent
EMPTY: Ranges = ()
ANYTHING: Ranges = ((0, MAX_CODE_POINT),)


def from_ranges(pairs: list[tuple[int, int]] | tuple[tuple[int, int], ...]) -> Ranges:
    """Normalise any (lo, hi) pairs into a :data:`Ranges` (sorted, merged)."""
    out: list[tuple[int, int]] = []
    for lo, hi in sorted(pairs):
        if out and lo <= out[-1][1] + 1:
            if hi > out[-1][1]:
                out[-1] = (out[-1][0], hi)
        else:
            out.append((lo, hi))
    return tuple(out)


def single(char: str | int) -> Ranges:
    cp = char if isinstance(char, int) else ord(char)
    return ((cp, cp),)


def union(*sets: Ranges) -> Ranges:
    nonempty = [s for s in sets if s]
    if len(nonempty) <= 1:
        return nonempty[0] if nonempty else EMPTY
    return from_ranges([r for s in nonempty for r in s])


def complement(s: Ranges) -> Ranges:
    out: list[tuple[int, int]] = []
    at = 0
    for lo, hi in s:
        if lo > at:
            out.append((at, lo - 1))
        at = hi + 1
    if at <= MAX_CODE_POINT:
        out.append((at, MAX_CODE_POINT))
    return tuple(out)


def intersect(a: Ranges, b: Ranges) -> Ranges:
    out: list[tuple[int, int]] = []
    i = j = 0
    while i < len(a) and j < len(b):
        lo = max(a[i][0], b[j][0])
        hi = min(a[i][1], b[j][1])
        if lo <= hi:
            out.append((lo, hi))
        if a[i][1] < b[j][1]:
            i += 1
        else:
            j += 1
    return tuple(out)


def is_empty(s: Ranges) -> bool:
    return not s


def is_subset(a: Ranges, b: Ranges) -> bool:
    return is_empty(intersect(a, complement(b)))


def contains(s: Ranges, char: str) -> bool:
    cp = ord(char)
    return any(lo <= cp <= hi for lo, hi in s)


@cache
def _every_character() -> str:
    # Surrogates cannot stand in a str that is searched; no pattern can match one in real text either.
    return "".join(map(chr, range(0xD800))) + "".join(map(chr, range(0xE000, MAX_CODE_POINT + 1)))


@cache
def _python_class(pattern: str) -> Ranges:
    """The code points Python's ``re`` matches with a one-character ``pattern`` (read once, ~0.1 s)."""
    pairs: list[tuple[int, int]] = []
    for m in re.finditer(pattern + "+", _every_character()):
        run = m.group()
        start = ord(run[0])
        prev = start
        for ch in run[1:]:  # a run may jump the surrogate gap
            cp = ord(ch)
            if cp != prev + 1:
                pairs.append((start, prev))
                start = cp
            prev = cp
        pairs.append((start, prev))
    return from_ranges(pairs)


def digit() -> Ranges:
    return _python_class(r"\d")


def word() -> Ranges:
    return _python_class(r"\w")


def space() -> Ranges:
    return _python_class(r"\s")


def ascii_digit() -> Ranges:
    return ((0x30, 0x39),)


def ascii_word() -> Ranges:
    return from_ranges([(0x30, 0x39), (0x41, 0x5A), (0x5F, 0x5F), (0x61, 0x7A)])


def ascii_space() -> Ranges:
    return from_ranges([(0x09, 0x0D), (0x20, 0x20)])


# Characters whose case partner lies in ASCII (Python's and RE2's case-insensitive matching both fold them):
# the Kelvin sign, the long s, and the dotted/dotless i.
_FOLD_INTO_ASCII = {"k": "\u212a", "s": "\u017f", "i": "\u0130\u0131"}
MAX_FOLDED_RANGE = 4096  # a wider explicit range folds to everything


@cache
def case_closure(s: Ranges) -> Ranges:
    """``s`` with every character's case partners added: what a class matches under IGNORECASE.

    An over-approximation (a wide range folds to everything): it is used to prove that an assertion always
    holds, so a wider set can only make the translator refuse a pattern, never drop an assertion that matters.
    """
    extra: list[tuple[int, int]] = []
    for lo, hi in s:
        if hi - lo > MAX_FOLDED_RANGE:
            return ANYTHING  # too wide to fold one by one: everything (an over-approximation, as promised)
        for cp in range(lo, hi + 1):
            ch = chr(cp)
            for partner in {ch.lower(), ch.upper(), ch.casefold()}:
                if len(partner) == 1:
                    extra.append((ord(partner), ord(partner)))
            for more in _FOLD_INTO_ASCII.get(ch.lower(), ""):
                extra.append((ord(more), ord(more)))
            if ch in "\u212a\u017f\u0130\u0131":
                base = {"\u212a": "k", "\u017f": "s", "\u0130": "i", "\u0131": "i"}[ch]
                extra.extend(((ord(base), ord(base)), (ord(base.upper()), ord(base.upper()))))
    return union(s, tuple(extra))
