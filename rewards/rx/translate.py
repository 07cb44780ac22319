r"""Python pattern syntax in, an RE2 program out: the same matches, or a refusal naming what cannot be kept.

Python's own parser reads the pattern (so Python's syntax and flags are the specification); this module writes
the parse tree back out in RE2's syntax. RE2 has no lookaround and no backreference, because both need
backtracking. Single-character lookarounds are kept exactly, without backtracking:

- one the neighbouring pattern already decides (``\s(?<![a-z])``, ``(?<![A-Za-z])(?=[ab])(?:ab|bc)``) is
  dropped: the sets of characters that can stand next to it prove that it always holds;
- one at the end of the match (``answer(?![A-Za-z])``) consumes the character it looks at, and an empty
  *end marker* group records where the match really ends;
- one at the start of the match (``(?<![A-Za-z\\])not``) becomes a *pre-character*: the program consumes
  the character before the match (or starts at the text's start), and a *start marker* records where the
  match really starts. Each class of pre-character gets its own copy of the pattern with the assertion
  decided, so the leftmost match is the same one Python's engine finds.

A unicode ``\b`` is read as the lookaround it amounts to next to a word or non-word character. Anything else
(a lookaround the neighbours cannot decide, a backreference, a repeat count over 1,000) raises
:class:`Untranslatable`, naming the construct: a pattern is never silently changed.

>>> prog = translate(r"(?<![A-Za-z])or(?![A-Za-z])", 0)
>>> prog.pre_char, prog.variant(Lead.AT_START, Trail.CONSUME).source
(True, '()(?:or()(?:[^A-Za-z]|\\z))')
>>> translate(r"(a)\1", 0)
Traceback (most recent call last):
...
rewardcheck.rewards.rx.translate.Untranslatable: a backreference needs backtracking: (a)\1
"""

from __future__ import annotations

import enum
import re
import re._constants as sre
import re._parser as sre_parse
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from . import charsets as cs

__all__ = [
    "Untranslatable",
    "Lead",
    "Trail",
    "Slot",
    "Variant",
    "Program",
    "translate",
    "translate_fresh",
    "MAX_REPEAT_COUNT",
]

MAX_REPEAT_COUNT = 1000  # RE2's limit on a counted repeat
MAX_MOVES = 10_000  # lookaround moves in one sequence (a pattern needing more is refused)
NEVER = r"[^\x00-\x{10ffff}]"  # an empty class: a branch whose assertion is false

_I = sre.SRE_FLAG_IGNORECASE
_M = sre.SRE_FLAG_MULTILINE
_S = sre.SRE_FLAG_DOTALL
_A = sre.SRE_FLAG_ASCII
_L = sre.SRE_FLAG_LOCALE


class Untranslatable(re.error):
    """The pattern holds something RE2 cannot match without backtracking (the message names it)."""

    def __init__(self, reason: str, pattern: str) -> None:
        super().__init__(f"{reason}: {pattern}")
        self.reason = reason


class Lead(enum.Enum):
    """How a match may start: searching from the text's start, searching from a later position (the
    character before it is the pre-character), or anchored at the text's start."""

    SEARCH = "search"
    INNER = "inner"
    AT_START = "at_start"


class Trail(enum.Enum):
    """How a match may end: anywhere (trailing assertions consume the character they look at) or at the
    end of the text (``fullmatch``: a trailing assertion sees the end)."""

    CONSUME = "consume"
    AT_END = "at_end"


@dataclass(frozen=True)
class Slot:
    """What one RE2 group is: a user's group (``index``), or a start or end marker (``index`` 0)."""

    kind: str  # "user", "start", "end"
    index: int = 0


@dataclass(frozen=True)
class Variant:
    source: str
    slots: tuple[Slot, ...]


@dataclass(frozen=True)
class _Near:
    """What can stand on one side of a position: characters, the text's own edge, or (``outside``) the
    match's edge, beyond which the pattern says nothing."""

    chars: cs.Ranges = cs.EMPTY
    text_edge: bool = False
    outside: bool = False
    shared: bool = False  # another lookaround reads the same neighbour: it cannot be consumed for this one

    def join(self, other: _Near) -> _Near:
        return _Near(
            cs.union(self.chars, other.chars),
            self.text_edge or other.text_edge,
            self.outside or other.outside,
            self.shared or other.shared,
        )

    @property
    def only_outside(self) -> bool:
        return self.outside and not self.chars and not self.text_edge and not self.shared


_OUTSIDE = _Near(outside=True)
_END_OF_TEXT = _Near(text_edge=True)


@dataclass
class _Guard:
    """A lookbehind at the start of the match: it passes for the characters ``allowed`` (and at the text's
    start when ``at_text_start``)."""

    allowed: cs.Ranges
    at_text_start: bool


@dataclass
class Program:
    """A translated pattern: its RE2 sources per (lead, trail), built on demand."""

    pattern: str
    flags: int
    groups: int
    groupindex: dict[str, int]
    pre_char: bool  # some lookbehind sits at the match's start
    _tree: Any = field(repr=False)  # None for a program read from the translation cache
    _guards: dict[int, _Guard] = field(default_factory=dict, repr=False)
    _variants: dict[tuple[Lead, Trail], Variant] = field(default_factory=dict, repr=False)
    source_flags: int = 0  # the flags it was compiled with

    def variant(self, lead: Lead, trail: Trail) -> Variant:
        key = (lead, trail)
        v = self._variants.get(key)
        if v is None and self._tree is None:  # cached without this variant: translate after all
            v = self._variants[key] = translate_fresh(self.pattern, self.source_flags).variant(lead, trail)
        if v is None:
            global _memo
            try:
                v = self._variants[key] = _build(self, lead, trail)
            finally:
                _memo = _Memo()
        return v


# ---------------------------------------------------------------------------------------------- sets


def _fold(r: cs.Ranges, flags: int) -> cs.Ranges:
    return cs.case_closure(r) if flags & _I else r


def _category(cat: Any, flags: int) -> cs.Ranges:
    ascii_only = bool(flags & _A)
    table = {
        sre.CATEGORY_DIGIT: (cs.ascii_digit if ascii_only else cs.digit, False),
        sre.CATEGORY_NOT_DIGIT: (cs.ascii_digit if ascii_only else cs.digit, True),
        sre.CATEGORY_SPACE: (cs.ascii_space if ascii_only else cs.space, False),
        sre.CATEGORY_NOT_SPACE: (cs.ascii_space if ascii_only else cs.space, True),
        sre.CATEGORY_WORD: (cs.ascii_word if ascii_only else cs.word, False),
        sre.CATEGORY_NOT_WORD: (cs.ascii_word if ascii_only else cs.word, True),
    }
    base, negated = table[cat]
    r = base()
    return cs.complement(r) if negated else r


def _class_ranges(items: list[Any], flags: int) -> cs.Ranges:
    negate = False
    pairs: list[cs.Ranges] = []
    categories: list[cs.Ranges] = []  # closed under case already: never folded
    for op, av in items:
        if op is sre.NEGATE:
            negate = True
        elif op is sre.LITERAL:
            pairs.append(cs.single(av))
        elif op is sre.RANGE:
            pairs.append(((av[0], av[1]),))
        elif op is sre.CATEGORY:
            categories.append(_category(av, flags))
    r = cs.union(_fold(cs.union(*pairs), flags), *categories)
    return cs.complement(r) if negate else r


class _Memo:
    """Per-translation memo of what an item can match, keyed by the item's identity (the item is kept, so
    its identity is never reused while the memo lives)."""

    def __init__(self) -> None:
        self.table: dict[tuple[int, int, str], tuple[Any, Any]] = {}

    def get(self, item: Any, flags: int, what: str) -> Any:
        hit = self.table.get((id(item), flags, what))
        return hit[1] if hit is not None and hit[0] is item else _MISSING

    def put(self, item: Any, flags: int, what: str, value: Any) -> Any:
        self.table[(id(item), flags, what)] = (item, value)
        return value


_MISSING = object()
_memo = _Memo()


def _char_set(item: tuple[Any, Any], flags: int) -> cs.Ranges | None:
    """The characters a one-character item matches, or ``None`` when it is not one character wide."""
    hit = _memo.get(item, flags, "set")
    if hit is not _MISSING:
        return hit  # type: ignore[no-any-return]
    return _memo.put(item, flags, "set", _char_set_of(item, flags))  # type: ignore[no-any-return]


def _char_set_of(item: tuple[Any, Any], flags: int) -> cs.Ranges | None:
    op, av = item
    if op is sre.LITERAL:
        return _fold(cs.single(av), flags)
    if op is sre.NOT_LITERAL:
        return cs.complement(_fold(cs.single(av), flags))
    if op is sre.ANY:
        return cs.ANYTHING if flags & _S else cs.complement(cs.single("\n"))
    if op is sre.IN:
        return _class_ranges(av, flags)
    if op is sre.SUBPATTERN and av[0] is None and len(av[3]) == 1:
        return _char_set(av[3][0], _flags_in(flags, av))
    return None


def _flags_in(flags: int, av: Any) -> int:
    return (flags | av[1]) & ~av[2]


# ----------------------------------------------------------------------------- neighbours of a position


@dataclass(frozen=True)
class _Edge:
    chars: cs.Ranges
    text_edge: bool
    passes: bool  # the item can match nothing: what lies beyond it is a neighbour too
    reads: bool = False  # a lookaround reading the neighbour on this side


_TRANSPARENT = _Edge(cs.EMPTY, False, True)


def _edge(item: tuple[Any, Any], flags: int, last: bool) -> _Edge:
    """The characters ``item`` can end with (``last``) or begin with, and whether it can match empty."""
    what = "last" if last else "first"
    hit = _memo.get(item, flags, what)
    if hit is not _MISSING:
        return hit  # type: ignore[no-any-return]
    return _memo.put(item, flags, what, _edge_of(item, flags, last))  # type: ignore[no-any-return]


def _edge_of(item: tuple[Any, Any], flags: int, last: bool) -> _Edge:
    op, av = item
    single = _char_set(item, flags) if op is not sre.SUBPATTERN else None
    if single is not None:
        return _Edge(single, False, False)
    if op is sre.SUBPATTERN:
        return _seq_edge(av[3], _flags_in(flags, av), last)
    if op is sre.BRANCH:
        parts = [_seq_edge(alt, flags, last) for alt in av[1]]
        return _Edge(
            cs.union(*(p.chars for p in parts)),
            any(p.text_edge for p in parts),
            any(p.passes for p in parts),
            any(p.reads for p in parts),
        )
    if op in (sre.MAX_REPEAT, sre.MIN_REPEAT):
        lo, hi, sub = av
        if hi == 0:
            return _TRANSPARENT
        inner = _seq_edge(sub, flags, last)
        return _Edge(inner.chars, inner.text_edge, lo == 0 or inner.passes, inner.reads)
    if op is sre.AT:
        return _anchor_edge(av, flags, last)
    if op in (sre.ASSERT, sre.ASSERT_NOT):
        return _Edge(cs.EMPTY, False, True, True)  # it reads the place it stands at: nothing may consume it
    raise _Refused(_refusal(op))


_READS_BOTH = _Edge(cs.EMPTY, False, True, True)


def _anchor_edge(at: Any, flags: int, last: bool) -> _Edge:
    newline = cs.single("\n")
    if last:  # what stands before the position after the anchor
        if at is sre.AT_BEGINNING_STRING or (at is sre.AT_BEGINNING and not flags & _M):
            return _Edge(cs.EMPTY, True, False)
        if at is sre.AT_BEGINNING:
            return _Edge(newline, True, False)
        return _READS_BOTH  # an anchor beside a lookaround: neither may consume the character they share
    if at is sre.AT_END_STRING:
        return _Edge(cs.EMPTY, True, False)
    if at is sre.AT_END:  # "$": the text's end, or a newline (the last one, without MULTILINE)
        return _Edge(newline, True, False, reads=not flags & _M)
    return _READS_BOTH


def _seq_edge(items: list[Any], flags: int, last: bool) -> _Edge:
    chars: list[cs.Ranges] = []
    text_edge = reads = False
    for item in reversed(items) if last else items:
        e = _edge(item, flags, last)
        chars.append(e.chars)
        text_edge = text_edge or e.text_edge
        reads = reads or e.reads
        if not e.passes:
            return _Edge(cs.union(*chars), text_edge, False, reads)
    return _Edge(cs.union(*chars), text_edge, True, reads)


def _beyond(e: _Edge, outer: _Near) -> _Near:
    near = _Near(e.chars, e.text_edge, False, e.reads)
    return near.join(outer) if e.passes else near


class _Refused(Exception):
    def __init__(self, reason: str) -> None:
        self.reason = reason


def _refusal(op: Any) -> str:
    if op in (sre.GROUPREF, sre.GROUPREF_EXISTS):
        return "a backreference needs backtracking"
    if op in (sre.ATOMIC_GROUP, sre.POSSESSIVE_REPEAT):
        return "an atomic group or possessive repeat has no RE2 form"
    return f"{op} has no RE2 form"


# ---------------------------------------------------------------------------------------------- emission


def _lit(cp: int) -> str:
    ch = chr(cp)
    if ch.isascii() and ch.isalnum():
        return ch
    if 0x20 < cp < 0x7F:
        return "\\" + ch
    return f"\\x{{{cp:x}}}"


def _ranges_body(r: cs.Ranges) -> str:
    return "".join(_lit(lo) if lo == hi else f"{_lit(lo)}-{_lit(hi)}" for lo, hi in r)


_SPACE_BODY = (
    r"\t-\r\x{1c}-\x{20}\x{85}\x{a0}\x{1680}\x{2000}-\x{200a}\x{2028}\x{2029}\x{202f}\x{205f}\x{3000}"
)


def _category_body(cat: Any, flags: int) -> str:
    if flags & _A:
        positive = {
            sre.CATEGORY_DIGIT: "0-9",
            sre.CATEGORY_SPACE: r"\t-\r\x{20}",
            sre.CATEGORY_WORD: "0-9A-Z_a-z",
        }
    else:
        positive = {
            sre.CATEGORY_DIGIT: r"\p{Nd}",
            sre.CATEGORY_SPACE: _SPACE_BODY,
            sre.CATEGORY_WORD: r"\p{L}\p{N}_",
        }
    if cat in positive:
        return positive[cat]
    if cat is sre.CATEGORY_NOT_DIGIT and not flags & _A:
        return r"\P{Nd}"
    return _ranges_body(_category(cat, flags))  # a negated class inside a class: its ranges


def _class_body(items: list[Any], flags: int) -> tuple[bool, str]:
    negate = False
    body = []
    for op, av in items:
        if op is sre.NEGATE:
            negate = True
        elif op is sre.LITERAL:
            body.append(_lit(av))
        elif op is sre.RANGE:
            body.append(f"{_lit(av[0])}-{_lit(av[1])}")
        elif op is sre.CATEGORY:
            body.append(_category_body(av, flags))
        else:
            raise _Refused(f"{op} in a character class has no RE2 form")
    return negate, "".join(body)


def _one_char(item: tuple[Any, Any], flags: int, complement: bool) -> str:
    """RE2 for a one-character item (or for the characters it does not match)."""
    op, av = item
    if op is sre.SUBPATTERN:
        inner = _flags_in(flags, av)
        return _scoped(_one_char(av[3][0], inner, complement), flags, inner)
    if op is sre.LITERAL:
        return f"[^{_lit(av)}]" if complement else _lit(av)
    if op is sre.NOT_LITERAL:
        return _lit(av) if complement else f"[^{_lit(av)}]"
    if op is sre.ANY:
        if flags & _S:
            return NEVER if complement else r"(?s:.)"
        return r"\n" if complement else r"[^\n]"
    negate, body = _class_body(av, flags)
    return f"[{body}]" if negate == complement else f"[^{body}]"


def _scoped(text: str, outer: int, inner: int) -> str:
    if (outer ^ inner) & _I:
        return f"(?{'i' if inner & _I else '-i'}:{text})"
    return text


@dataclass
class _Emission:
    program: Program
    lead: Lead | None  # None: the first pass, which only finds the guards
    trail: Trail
    resolution: dict[int, bool]  # guard id -> whether it passes in this copy
    slots: list[Slot] = field(default_factory=list)
    markers: bool = True  # False inside a consumed lookahead
    met: int = 0  # guards met so far: every copy walks the tree in the same order, so this names a guard

    def group(self, slot: Slot) -> None:
        self.slots.append(slot)

    def seq(self, items: list[Any], before: _Near, after: _Near, flags: int) -> str:
        items = list(items)
        if any(_looks_inside(item) for item in items):
            for _ in range(MAX_MOVES):  # each step settles or moves one lookaround
                split = _split_one(items, before, after, flags)
                if split is None:
                    break
                items = split
        afters, prevs = _neighbours(items, before, after, flags)
        for i, item in enumerate(items):
            if afters[i].only_outside and _consumes_at_end(item, flags) and _has_look(items[i + 1 :]):
                raise _Refused("two lookarounds at the end of the match")
        return "".join(self.item(item, prevs[i], afters[i], flags) for i, item in enumerate(items))

    def item(self, item: tuple[Any, Any], before: _Near, after: _Near, flags: int) -> str:
        op, av = item
        if op in (sre.LITERAL, sre.NOT_LITERAL, sre.ANY, sre.IN):
            return _one_char(item, flags, complement=False)
        if op is sre.SUBPATTERN:
            gid, add, delete, sub = av
            inner = _flags_in(flags, av)
            if inner & _L:
                raise _Refused("LOCALE matching has no RE2 form")
            if gid is not None:
                self.group(Slot("user", gid))
            body = self.seq(sub, before, after, inner)
            body = _scoped(body, flags, inner)
            return f"({body})" if gid is not None else f"(?:{body})"
        if op is sre.BRANCH:
            return "(?:" + "|".join(self.seq(alt, before, after, flags) for alt in av[1]) + ")"
        if op in (sre.MAX_REPEAT, sre.MIN_REPEAT):
            return self.repeat(op, av, before, after, flags)
        if op is sre.AT:
            return self.anchor(item, before, after, flags)
        if op in (sre.ASSERT, sre.ASSERT_NOT):
            return self.assertion(item, before, after, flags)
        raise _Refused(_refusal(op))

    def repeat(self, op: Any, av: Any, before: _Near, after: _Near, flags: int) -> str:
        lo, hi, sub = av
        if lo > MAX_REPEAT_COUNT or (hi is not sre.MAXREPEAT and hi > MAX_REPEAT_COUNT):
            raise _Refused(f"a repeat count over {MAX_REPEAT_COUNT} (RE2's limit)")
        if hi is sre.MAXREPEAT or hi > 1:  # a later pass stands next to an earlier one
            if _nullable(list(sub), flags) and _has_look(list(sub)):
                raise _Refused("a repeat of a lookaround that can match nothing")
            if _nullable(list(sub), flags) and _has_group(list(sub)):
                raise _Refused(
                    "a repeat that can match nothing around a group (engines differ on its last pass)"
                )
            own_last = _seq_edge(sub, flags, last=True)
            own_first = _seq_edge(sub, flags, last=False)
            before = before.join(_Near(own_last.chars, own_last.text_edge))
            after = after.join(_Near(own_first.chars, own_first.text_edge))
        body = self.seq(sub, before, after, flags)
        count = {(0, 1): "?", (0, sre.MAXREPEAT): "*", (1, sre.MAXREPEAT): "+"}.get((lo, hi))
        if count is None:
            count = f"{{{lo},}}" if hi is sre.MAXREPEAT else (f"{{{lo}}}" if lo == hi else f"{{{lo},{hi}}}")
        lazy = "?" if op is sre.MIN_REPEAT else ""
        return f"(?:{body}){count}{lazy}"

    def anchor(self, item: tuple[Any, Any], before: _Near, after: _Near, flags: int) -> str:
        at = item[1]
        if at is sre.AT_BEGINNING_STRING:
            return r"\A"
        if at is sre.AT_END_STRING:
            return r"\z"
        if at is sre.AT_BEGINNING:
            return r"(?m:^)" if flags & _M else r"\A"
        if at is sre.AT_END:
            if flags & _M:
                return r"(?m:$)"
            return self.dollar(after)
        if at in (sre.AT_BOUNDARY, sre.AT_NON_BOUNDARY):
            return self.boundary(at is sre.AT_BOUNDARY, item, before, after, flags)
        raise _Refused(f"the anchor {at} has no RE2 form")

    def dollar(self, after: _Near) -> str:
        """Python's ``$`` without MULTILINE: the text's end, or just before a newline that ends the text."""
        if after.only_outside:
            if self.trail is Trail.AT_END:
                return ""
            return self.end_marker() + r"(?:\n\z|\z)"
        if not after.outside and not after.chars:
            return ""  # only the text's end can follow: "$" holds
        raise _Refused("a '$' followed by more pattern")

    def end_marker(self) -> str:
        if not self.markers:
            return ""
        self.group(Slot("end"))
        return "()"

    def boundary(self, word_edge: bool, item: Any, before: _Near, after: _Near, flags: int) -> str:
        if flags & _A:
            return r"\b" if word_edge else r"\B"  # RE2's boundary is the ASCII one: exact here
        words = cs.word()

        def side(n: _Near) -> bool | None:
            if n.outside:
                return None
            if cs.is_subset(n.chars, words) and not n.text_edge and n.chars:
                return True
            if cs.is_empty(cs.intersect(n.chars, words)):
                return False
            return None

        left, right = side(before), side(after)
        if left is not None and right is not None:
            if (left != right) == word_edge:
                return ""
            return NEVER  # this path cannot match
        w = ((sre.IN, [(sre.CATEGORY, sre.CATEGORY_WORD)]),)
        if left is not None:  # the boundary is a lookahead: a word character next, or not
            want_word = (not left) == word_edge
            look = (sre.ASSERT if want_word else sre.ASSERT_NOT, (1, list(w)))
            return self.assertion(look, before, after, flags & ~_I)
        if right is not None:
            want_word = (not right) == word_edge
            look = (sre.ASSERT if want_word else sre.ASSERT_NOT, (-1, list(w)))
            return self.assertion(look, before, after, flags & ~_I)
        raise _Refused(r"a unicode \b between two undecided neighbours")

    def assertion(self, item: tuple[Any, Any], before: _Near, after: _Near, flags: int) -> str:
        op, (direction, sub) = item
        negative = op is sre.ASSERT_NOT
        single = _char_set(sub[0], flags) if len(sub) == 1 else None
        if direction < 0:
            if single is None:
                raise _Refused("a lookbehind wider than one character")
            return self.lookbehind(single, negative, before)
        if single is not None:
            decided = _decide(single, negative, after)
            if decided is True:
                return ""
            if decided is False:
                return NEVER  # this path cannot match
            if after.only_outside:
                return self.trailing(sub[0], single, negative, flags)
            raise _Refused(
                f"a lookahead its neighbours do not decide ({_look_text(item, flags)} before {_describe(after)})"
            )
        if not negative and after.only_outside:
            if self.trail is Trail.AT_END:
                return NEVER  # a positive lookahead at the text's end sees nothing
            marker = self.end_marker()
            keep, self.markers = self.markers, False
            try:
                body = self.seq(sub, before, _OUTSIDE, flags)
            finally:
                self.markers = keep
            return f"{marker}(?:{body})"
        raise _Refused("a lookahead wider than one character inside the pattern")

    def trailing(self, sub: tuple[Any, Any], allowed: cs.Ranges, negative: bool, flags: int) -> str:
        if self.trail is Trail.AT_END:
            return "" if negative else NEVER
        marker = self.end_marker()
        cls = _one_char(sub, flags, complement=negative)
        return f"{marker}(?:{cls}|\\z)" if negative else f"{marker}{cls}"

    def lookbehind(self, chars: cs.Ranges, negative: bool, before: _Near) -> str:
        decided = _decide(chars, negative, before)
        if decided is True:
            return ""
        if decided is False:
            return NEVER  # this path cannot match
        if not before.only_outside:
            raise _Refused(f"a lookbehind its neighbours do not decide (after {_describe(before)})")
        key = self.met
        self.met += 1
        if self.lead is None:  # the first pass: note the guard, decide it per copy later
            allowed = cs.complement(chars) if negative else chars
            self.program._guards[key] = _Guard(allowed, at_text_start=negative)
            return ""
        return "" if self.resolution[key] else NEVER


def _neighbours(items: list[Any], before: _Near, after: _Near, flags: int) -> tuple[list[_Near], list[_Near]]:
    """What can stand after and before each item of a sequence."""
    n = len(items)
    afters: list[_Near] = [after] * n
    nxt = after
    for i in range(n - 1, -1, -1):
        afters[i] = nxt
        nxt = _beyond(_edge(items[i], flags, last=False), nxt)
    prevs: list[_Near] = [before] * n
    prev = before
    for i in range(n):
        prevs[i] = prev
        prev = _beyond(_edge(items[i], flags, last=True), prev)
    return afters, prevs


def _one_char_look(item: tuple[Any, Any], flags: int) -> tuple[int, bool, cs.Ranges] | None:
    """(direction, negative, characters) of a one-character lookaround, else None."""
    op, av = item
    if op not in (sre.ASSERT, sre.ASSERT_NOT) or len(av[1]) != 1:
        return None
    chars = _char_set(av[1][0], flags)
    return None if chars is None else (av[0], op is sre.ASSERT_NOT, chars)


def _as_look(item: tuple[Any, Any], before: _Near, after: _Near, flags: int) -> tuple[Any, Any] | None:
    """A unicode word boundary next to a decided side, as the one-character lookaround it amounts to."""
    op, av = item
    if op is not sre.AT or av not in (sre.AT_BOUNDARY, sre.AT_NON_BOUNDARY) or flags & _A:
        return None
    word_edge = av is sre.AT_BOUNDARY
    w = [(sre.IN, [(sre.CATEGORY, sre.CATEGORY_WORD)])]
    left, right = _wordness(before), _wordness(after)
    if left is not None and right is None:
        want_word = (not left) == word_edge
        return (sre.ASSERT if want_word else sre.ASSERT_NOT, (1, w))
    if right is not None and left is None:
        want_word = (not right) == word_edge
        return (sre.ASSERT if want_word else sre.ASSERT_NOT, (-1, w))
    return None


def _wordness(n: _Near) -> bool | None:
    """Is every neighbour a word character (True), none (False), or some of each / unknown (None)?"""
    if n.outside:
        return None
    words = cs.word()
    if n.chars and not n.text_edge and cs.is_subset(n.chars, words):
        return True
    if cs.is_empty(cs.intersect(n.chars, words)):
        return False
    return None


def _split_one(items: list[Any], before: _Near, after: _Near, flags: int) -> list[Any] | None:
    r"""Move one lookaround its neighbours do not decide to where they do, keeping every path and the order a
    backtracking engine tries them in. Returns the new sequence, or None when nothing is left to move.

    - A lookaround that holds on every path but the one where the pattern beside it matches nothing and the
      match ends (or starts) there stays only on that path: ``word(?![A-Za-z])\s*`` becomes
      ``word(?:\s+|(?![A-Za-z]))``.
    - A lookahead moves into what follows it (a lookbehind into what precedes it): it restricts the one
      character it looks at (``(?![a-z])\s`` -> ``\s``, ``(?![a-z])[0-9a-z]`` -> ``[0-9]``), enters a group or
      each branch of an alternation, and splits a repeat that may match nothing into "one or more" and "none"
      (the rest of the sequence is copied behind each, so the lookahead keeps its place).
    - The same lookahead ending every branch of an alternation moves out behind it (a lookbehind opening
      every branch, in front of it).
    """
    afters0, prevs0 = _neighbours(items, before, after, flags)
    for i, item in enumerate(items):  # a word boundary next to a decided side is a lookaround: say so
        converted = _as_look(item, prevs0[i], afters0[i], flags)
        if converted is not None:
            return items[:i] + [converted] + items[i + 1 :]
    merged = _merged(items, flags)
    if merged is not None:
        return merged
    hoisted = _hoist(items, flags)
    if hoisted is not None:
        return hoisted
    afters, prevs = _neighbours(items, before, after, flags)
    spread = _spread(items, afters, prevs, flags)
    if spread is not None:
        return spread
    for i, item in enumerate(items):
        node = item
        look = _one_char_look(item, flags)
        if look is None:
            converted = _as_look(item, prevs[i], afters[i], flags)
            if converted is None:
                continue
            node = converted
            look = _one_char_look(node, flags)
            assert look is not None
        direction, negative, chars = look
        near = afters[i] if direction > 0 else prevs[i]
        if near.only_outside or _decide(chars, negative, near) is not None:
            continue  # settled where it is: dropped, or an edge of the match
        beside = items[i + 1 :] if direction > 0 else items[:i]
        consuming = any(op not in (sre.AT, sre.ASSERT, sre.ASSERT_NOT) for op, _ in beside)
        if consuming and near.outside and _decide(chars, negative, _Near(near.chars, near.text_edge)) is True:
            if direction > 0:
                return items[:i] + [(sre.BRANCH, (None, _paths(items[i + 1 :], [node])))]
            return [(sre.BRANCH, (None, _paths(items[:i], [node])))] + items[i + 1 :]
        if direction > 0 and i + 1 < len(items):
            return items[:i] + _push_forward(node, items[i + 1], items[i + 2 :], chars, negative, flags)
        if direction < 0 and i > 0:
            return _push_back(node, items[i - 1], items[: i - 1], chars, negative, flags) + items[i + 1 :]
    return None


def _consumes_at_end(item: tuple[Any, Any], flags: int) -> bool:
    """Would this item, at the match's end, read the character after it (a lookahead, a plain ``$``)?"""
    op, av = item
    if op in (sre.ASSERT, sre.ASSERT_NOT):
        return av[0] > 0
    return op is sre.AT and av is sre.AT_END and not flags & _M


def _merged(items: list[Any], flags: int) -> list[Any] | None:
    """Two one-character lookarounds side by side, looking the same way: one lookaround for both."""
    for i in range(len(items) - 1):
        a, b = _one_char_look(items[i], flags), _one_char_look(items[i + 1], flags)
        if a is None or b is None or a[0] != b[0]:
            continue
        allowed_a = cs.complement(a[2]) if a[1] else a[2]
        allowed_b = cs.complement(b[2]) if b[1] else b[2]
        both = cs.intersect(allowed_a, allowed_b)
        negative = a[1] and b[1]  # only then may the text's edge stand there too
        chars = cs.complement(both) if negative else both
        cls: list[Any] = [(sre.LITERAL, lo) if lo == hi else (sre.RANGE, (lo, hi)) for lo, hi in chars]
        if not cls:
            cls = [(sre.NEGATE, None), (sre.RANGE, (0, cs.MAX_CODE_POINT))]
        node = (
            sre.ASSERT_NOT if negative else sre.ASSERT,
            (a[0], [(sre.SUBPATTERN, (None, 0, _I, [(sre.IN, cls)]))]),
        )
        return items[:i] + [node] + items[i + 2 :]
    return None


def _looks_inside(item: tuple[Any, Any]) -> bool:
    """Does the item hold a lookaround or an anchor anywhere (memoised)?"""
    hit = _memo.get(item, 0, "looks")
    if hit is not _MISSING:
        return hit  # type: ignore[no-any-return]
    return _memo.put(item, 0, "looks", _has_look([item]))  # type: ignore[no-any-return]


def _has_group(items: list[Any]) -> bool:
    for op, av in items:
        if op is sre.SUBPATTERN and (av[0] is not None or _has_group(list(av[3]))):
            return True
        if op is sre.BRANCH and any(_has_group(list(a)) for a in av[1]):
            return True
        if op in (sre.MAX_REPEAT, sre.MIN_REPEAT) and _has_group(list(av[2])):
            return True
    return False


def _has_look(items: list[Any]) -> bool:
    for op, av in items:
        if op in (sre.ASSERT, sre.ASSERT_NOT, sre.AT):
            return True
        if op is sre.BRANCH and any(_has_look(list(a)) for a in av[1]):
            return True
        if op is sre.SUBPATTERN and _has_look(list(av[3])):
            return True
        if op in (sre.MAX_REPEAT, sre.MIN_REPEAT) and _has_look(list(av[2])):
            return True
    return False


def _undecided(item: tuple[Any, Any], near: _Near, flags: int) -> bool:
    look = _one_char_look(item, flags)
    if look is None:
        return item[0] is sre.AT and item[1] in (sre.AT_BOUNDARY, sre.AT_NON_BOUNDARY) and not flags & _A
    return _decide(look[2], look[1], near) is None and not near.only_outside


def _ends_looking(seq: list[Any], after: _Near, flags: int) -> bool:
    """Does ``seq`` end (perhaps inside trailing alternations or groups) with a lookahead ``after`` leaves
    undecided?"""
    if not seq:
        return False
    op, av = seq[-1]
    if _looks_ahead(seq[-1], flags):
        return _undecided(seq[-1], after, flags)
    if op is sre.BRANCH:
        return any(_ends_looking(list(a), after, flags) for a in av[1])
    if op is sre.SUBPATTERN and not av[1] and not av[2]:
        return _ends_looking(list(av[3]), after, flags)
    return False


def _starts_looking(seq: list[Any], before: _Near, flags: int) -> bool:
    """Does ``seq`` open (perhaps inside leading alternations or groups) with a lookbehind ``before`` leaves
    undecided?"""
    if not seq:
        return False
    op, av = seq[0]
    look = _one_char_look(seq[0], flags)
    if look is not None:
        return look[0] < 0 and _undecided(seq[0], before, flags)
    if op is sre.BRANCH:
        return any(_starts_looking(list(a), before, flags) for a in av[1])
    if op is sre.SUBPATTERN and not av[1] and not av[2]:
        return _starts_looking(list(av[3]), before, flags)
    return False


def _spread(items: list[Any], afters: list[_Near], prevs: list[_Near], flags: int) -> list[Any] | None:
    """A lookaround at the edge of one branch that its neighbours outside the alternation must decide: what
    follows the alternation is copied into every branch (``(?:a(?!b)|c)d`` -> ``(?:a(?!b)d|cd)``, the same
    paths in the same order), and a one-character item before it likewise (``x(?:(?<!x)a|b)`` ->
    ``(?:x(?<!x)a|xb)``), so the lookaround meets its neighbour in one sequence."""
    for i, (op, av) in enumerate(items):
        if op is not sre.BRANCH:
            continue
        alts = [list(a) for a in av[1]]
        if i + 1 < len(items) and any(_ends_looking(a, afters[i], flags) for a in alts):
            return items[:i] + [(sre.BRANCH, (None, [a + items[i + 1 :] for a in alts]))]
        if i > 0 and any(_starts_looking(a, prevs[i], flags) for a in alts):
            prev = items[i - 1]
            if _char_set(prev, flags) is not None:
                return items[: i - 1] + [(sre.BRANCH, (None, [[prev] + a for a in alts]))] + items[i + 1 :]
            if prev[0] is sre.BRANCH:
                tail = items[i:]
                return items[: i - 1] + [(sre.BRANCH, (None, [list(p) + tail for p in prev[1][1]]))]
    return None


def _same_look(a: tuple[Any, Any], b: tuple[Any, Any]) -> bool:
    return a[0] is b[0] and a[0] in (sre.ASSERT, sre.ASSERT_NOT) and repr(a[1]) == repr(b[1])


def _hoist(items: list[Any], flags: int) -> list[Any] | None:
    """An alternation whose every branch ends with the same one-character lookahead (or opens with the same
    lookbehind): the lookaround written once, behind (in front of) it. The engine tries the branches in the
    same order and checks the same thing at the same place."""
    for i, (op, av) in enumerate(items):
        if op is sre.SUBPATTERN and not av[1] and not av[2] and av[3]:
            gid, add, delete, sub = av
            sub = list(sub)
            tail, head = sub[-1], sub[0]
            if _looks_ahead(tail, flags):  # it leaves the group: the same place
                return items[:i] + [(sre.SUBPATTERN, (gid, 0, 0, sub[:-1])), tail] + items[i + 1 :]
            if _one_char_look(head, flags) is not None and head[1][0] < 0:
                return items[:i] + [head, (sre.SUBPATTERN, (gid, 0, 0, sub[1:]))] + items[i + 1 :]
        if op in (sre.MAX_REPEAT, sre.MIN_REPEAT) and av[0] == 0 and av[1] == 1 and av[2]:
            sub = list(av[2])
            if _looks_ahead(sub[-1], flags):  # "(?:X(?!a))?Y" is "X(?!a)Y" or "Y", tried in that order
                taken, skipped = sub + items[i + 1 :], items[i + 1 :]
                alts = [taken, skipped] if op is sre.MAX_REPEAT else [skipped, taken]
                return items[:i] + [(sre.BRANCH, (None, alts))]
        if op is not sre.BRANCH:
            continue
        alts = [list(a) for a in av[1]]
        if not alts or any(not a for a in alts):
            continue
        last = alts[0][-1]
        # only where a neighbour waits on that side (else copying the neighbours in would undo it)
        if (
            i + 1 < len(items)
            and _one_char_look(last, flags) is not None
            and last[1][0] > 0
            and all(_same_look(a[-1], last) for a in alts)
        ):
            return items[:i] + [(sre.BRANCH, (None, [a[:-1] for a in alts])), last] + items[i + 1 :]
        first = alts[0][0]
        if (
            i > 0
            and _one_char_look(first, flags) is not None
            and first[1][0] < 0
            and all(_same_look(a[0], first) for a in alts)
        ):
            return items[:i] + [first, (sre.BRANCH, (None, [a[1:] for a in alts]))] + items[i + 1 :]
    return None


def _looks_ahead(item: tuple[Any, Any], flags: int) -> bool:
    """A one-character lookahead, or a word boundary (which may turn out to be one)."""
    look = _one_char_look(item, flags)
    if look is not None:
        return look[0] > 0
    return item[0] is sre.AT and item[1] in (sre.AT_BOUNDARY, sre.AT_NON_BOUNDARY) and not flags & _A


def _class_items(item: tuple[Any, Any]) -> tuple[bool, list[Any]] | None:
    """(negated, members) of a plain one-character item, for writing a class that adds to it."""
    op, av = item
    if op is sre.LITERAL:
        return False, [(sre.LITERAL, av)]
    if op is sre.NOT_LITERAL:
        return True, [(sre.LITERAL, av)]
    if op is sre.IN:
        negated = bool(av) and av[0][0] is sre.NEGATE
        return negated, list(av[1:] if negated else av)
    return None


def _restricted(
    item: tuple[Any, Any], chars: cs.Ranges, negative: bool, flags: int, look: tuple[Any, Any] | None = None
) -> tuple[Any, Any]:
    """A one-character item, only the characters the lookaround lets through (case already folded in)."""
    if negative and look is not None:
        # "[^X]" behind "(?!Y)" is "[^XY]": written as a class of both, so no wide class is spelled out
        mine, theirs = _class_items(item), _class_items(look[1][1][0])
        if mine is not None and theirs is not None and mine[0] and not theirs[0]:
            return (sre.IN, [(sre.NEGATE, None)] + mine[1] + theirs[1])
    own = _char_set(item, flags)
    assert own is not None
    keep = cs.intersect(own, cs.complement(chars) if negative else chars)
    if not keep:
        return (sre.IN, [(sre.NEGATE, None), (sre.RANGE, (0, cs.MAX_CODE_POINT))])
    cls = [(sre.LITERAL, lo) if lo == hi else (sre.RANGE, (lo, hi)) for lo, hi in keep]
    return (sre.SUBPATTERN, (None, 0, _I, [(sre.IN, cls)]))


def _push_forward(
    look: Any, head: Any, rest: list[Any], chars: cs.Ranges, negative: bool, flags: int
) -> list[Any]:
    op, av = head
    if _char_set(head, flags) is not None:
        return [_restricted(head, chars, negative, flags, look)] + rest
    if op is sre.ASSERT and av[0] > 0:  # "(?!a)(?=X)" is "(?=(?!a)X)": the same place, read once
        return [(sre.ASSERT, (1, [look] + list(av[1])))] + rest
    if op is sre.BRANCH:
        if any(
            _nullable(list(alt), flags) for alt in av[1]
        ):  # it may come out the other side: take the rest along
            return [(sre.BRANCH, (None, [[look] + list(alt) + rest for alt in av[1]]))]
        return [(sre.BRANCH, (None, [[look] + list(alt) for alt in av[1]]))] + rest
    if op is sre.SUBPATTERN:
        gid, add, delete, sub = av
        if add or delete or _nullable(list(sub), _flags_in(flags, av)):
            raise _Refused("a lookahead in front of a group that can match nothing or changes flags")
        return [(sre.SUBPATTERN, (gid, add, delete, [look] + list(sub)))] + rest
    if op in (sre.MAX_REPEAT, sre.MIN_REPEAT):
        lo, hi, sub = av
        if hi == 0 or _nullable(list(sub), flags) or _has_look(list(sub)):
            raise _Refused(
                "a lookahead in front of a repeat of something that can match nothing or looks around"
            )
        once = (sre.SUBPATTERN, (None, 0, 0, [look] + list(sub)))
        more = (op, (max(lo - 1, 0), hi if hi is sre.MAXREPEAT else hi - 1, sub))
        if lo >= 1:
            return [once, more] + rest
        taken = [once, more] + rest
        skipped = [look] + rest
        return [(sre.BRANCH, (None, [taken, skipped] if op is sre.MAX_REPEAT else [skipped, taken]))]
    raise _Refused("a lookahead in front of a construct it cannot enter")


def _push_back(
    look: Any, prev: Any, before: list[Any], chars: cs.Ranges, negative: bool, flags: int
) -> list[Any]:
    op, av = prev
    if _char_set(prev, flags) is not None:
        return before + [_restricted(prev, chars, negative, flags, look)]
    if op is sre.BRANCH:
        return before + [(sre.BRANCH, (None, [list(alt) + [look] for alt in av[1]]))]
    if op is sre.SUBPATTERN:
        gid, add, delete, sub = av
        if add or delete or _nullable(list(sub), _flags_in(flags, av)):
            raise _Refused("a lookbehind behind a group that can match nothing or changes flags")
        return before + [(sre.SUBPATTERN, (gid, add, delete, list(sub) + [look]))]
    if op in (sre.MAX_REPEAT, sre.MIN_REPEAT):
        lo, hi, sub = av
        if hi == 0 or _nullable(list(sub), flags) or _has_look(list(sub)):
            raise _Refused("a lookbehind behind a repeat of something that can match nothing or looks around")
        more = (op, (max(lo - 1, 0), hi if hi is sre.MAXREPEAT else hi - 1, sub))
        once = (sre.SUBPATTERN, (None, 0, 0, list(sub) + [look]))
        if lo >= 1:
            return before + [more, once]
        # "none" keeps the lookbehind where the repeat stood: the same place, the same neighbours
        taken = [more, once]
        skipped = [look]
        return before + [(sre.BRANCH, (None, [taken, skipped] if op is sre.MAX_REPEAT else [skipped, taken]))]
    raise _Refused("a lookbehind behind a construct it cannot enter")


def _nullable(items: list[Any], flags: int = 0) -> bool:
    """Can ``items`` match without consuming a character (anchors and lookarounds consume none)?"""
    for op, av in items:
        if op in (sre.AT, sre.ASSERT, sre.ASSERT_NOT):
            continue
        if op is sre.BRANCH:
            if not any(_nullable(list(a)) for a in av[1]):
                return False
        elif op is sre.SUBPATTERN:
            if not _nullable(list(av[3])):
                return False
        elif op in (sre.MAX_REPEAT, sre.MIN_REPEAT):
            if av[0] > 0 and not _nullable(list(av[2])):
                return False
        else:
            return False
    return True


def _paths(items: list[Any], base: list[Any]) -> list[list[Any]]:
    """``items`` (which can match nothing) as alternatives in the order a backtracking engine tries them,
    its one empty path replaced by ``base``."""
    if not items:
        return [list(base)]
    head, rest = items[0], list(items[1:])
    op, av = head
    if op in (sre.AT, sre.ASSERT, sre.ASSERT_NOT):
        return [[head] + alt for alt in _paths(rest, base)]
    if op in (sre.MAX_REPEAT, sre.MIN_REPEAT):
        lo, hi, sub = av
        if lo != 0 or hi == 0 or _nullable(list(sub), 0):
            raise _Refused("a lookaround beside a repeat that can match nothing in several ways")
        taken = [(op, (1, hi, sub))] + rest
        skipped = _paths(rest, base)
        return [taken] + skipped if op is sre.MAX_REPEAT else skipped + [taken]
    if op is sre.BRANCH:
        out: list[list[Any]] = []
        for alt in av[1]:
            whole = list(alt) + rest
            if _nullable(list(alt), 0):
                out.extend(_paths(whole, base))
            else:
                out.append(whole)
        return out
    if op is sre.SUBPATTERN and av[0] is None and not av[1] and not av[2]:
        return _paths(list(av[3]) + rest, base)
    raise _Refused("a lookaround beside a group that can match nothing")


def _look_text(item: tuple[Any, Any], flags: int) -> str:
    op, (direction, sub) = item
    sign = ("=" if op is sre.ASSERT else "!") if direction > 0 else ("<=" if op is sre.ASSERT else "<!")
    return f"(?{sign}{_one_char(sub[0], flags, complement=False)})"


def _describe(near: _Near) -> str:
    shown = _ranges_body(near.chars[:6]) + ("..." if len(near.chars) > 6 else "")
    extra = (" or the text's edge" if near.text_edge else "") + (
        " or the match's edge" if near.outside else ""
    )
    return f"[{shown}]{extra}"


def _decide(chars: cs.Ranges, negative: bool, near: _Near) -> bool | None:
    """Whether an assertion on the neighbour ``near`` always holds (True), never holds (False), or depends
    on text outside the pattern (None)."""
    if near.outside:
        return None
    hit = not cs.is_empty(cs.intersect(near.chars, chars))
    miss = near.text_edge or not cs.is_subset(near.chars, chars)
    if negative:
        return True if not hit else (False if not miss else None)
    return True if not miss else (False if not hit else None)


# ------------------------------------------------------------------------------------------- programs


def translate(pattern: str, flags: int) -> Program:
    """Parse ``pattern`` with Python's parser and prepare its RE2 program (raises :class:`Untranslatable`)."""
    return translate_fresh(pattern, flags)


def translate_fresh(pattern: str, flags: int) -> Program:
    """:func:`translate` (the name the translation cache's fallback calls)."""
    if not isinstance(pattern, str):
        raise TypeError("rx patterns are str")
    global _memo
    try:
        return _translate(pattern, int(flags))
    except _Refused as refused:
        raise Untranslatable(refused.reason, pattern) from None
    finally:
        _memo = _Memo()  # identities are only stable within one translation


@cache
def _translate(pattern: str, flags: int) -> Program:
    tree = sre_parse.parse(pattern, flags)
    state = tree.state
    program = Program(
        pattern=pattern,
        flags=state.flags,
        groups=state.groups - 1,
        groupindex=dict(state.groupdict),
        pre_char=False,
        _tree=tree,
        source_flags=flags,
    )
    first = _Emission(program, lead=None, trail=Trail.CONSUME, resolution={})
    first.seq(list(tree), _OUTSIDE, _OUTSIDE, state.flags)
    program.pre_char = bool(program._guards)
    program.variant(Lead.SEARCH, Trail.CONSUME)  # refuse at compile time, not at first use
    return program


def _cells(guards: dict[int, _Guard]) -> list[cs.Ranges]:
    cells = [cs.ANYTHING]
    for g in guards.values():
        nxt = []
        for c in cells:
            for part in (cs.intersect(c, g.allowed), cs.intersect(c, cs.complement(g.allowed))):
                if part:
                    nxt.append(part)
        cells = nxt
    return cells


def _build(program: Program, lead: Lead, trail: Trail) -> Variant:
    tree = list(program._tree)
    flags = program.flags
    if not program.pre_char:
        e = _Emission(program, lead, trail, resolution={})
        return Variant(_prefix(flags) + e.seq(tree, _OUTSIDE, _OUTSIDE, flags), tuple(e.slots))
    guards = program._guards
    # One copy of the pattern per set of decided guards; the text's start is a cell of its own.
    copies: list[tuple[dict[int, bool], list[str]]] = []  # resolution, pre-character alternatives
    if lead is not Lead.INNER:
        copies.append(({k: g.at_text_start for k, g in guards.items()}, [r"\A"]))
    if lead is not Lead.AT_START:
        for cell in _cells(guards):
            probe = cell[0][0]
            res = {k: any(lo <= probe <= hi for lo, hi in g.allowed) for k, g in guards.items()}
            for r, pres in copies:
                if r == res:
                    pres.append(f"[{_ranges_body(cell)}]")
                    break
            else:
                copies.append((res, [f"[{_ranges_body(cell)}]"]))
    slots: list[Slot] = []
    branches = []
    for res, pres in copies:
        e = _Emission(program, lead, trail, resolution=res)
        e.group(Slot("start"))
        body = e.seq(tree, _OUTSIDE, _OUTSIDE, flags)
        pre = "" if lead is Lead.AT_START else ("(?-i:" + "|".join(pres) + ")")
        branches.append(f"{pre}()(?:{body})")
        slots.extend(e.slots)
    source = branches[0] if len(branches) == 1 else "(?:" + "|".join(branches) + ")"
    return Variant(_prefix(flags) + source, tuple(slots))


def _prefix(flags: int) -> str:
    return "(?i)" if flags & _I else ""
