r"""Compiled patterns and their matches, with the interface of Python's ``re.Pattern`` and ``re.Match``, run
by RE2: no backtracking, so every call is linear in the text it reads.

>>> p = Pattern(r"(?<![A-Za-z])(?P<w>or)(?![A-Za-z])", 0)
>>> m = p.search("color or not")
>>> m.group(), m.span(), m["w"]
('or', (6, 8), 'or')
>>> p.sub("/", "or, color or")
'/, color /'
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any
from weakref import WeakSet

from re2 import Options
from re2 import _re2 as _binding

from .cache import cached_program
from .templates import parse_template
from .translate import Lead, Program, Trail, Untranslatable, Variant, translate

__all__ = ["Pattern", "Match", "MAX_MEM", "compile_all"]

MAX_MEM = 64 << 20  # RE2's memory for one program (its DFA cache falls back to a linear NFA past it)

_UNANCHORED = _binding.RE2.Anchor.UNANCHORED
_ANCHOR_START = _binding.RE2.Anchor.ANCHOR_START
_ANCHOR_BOTH = _binding.RE2.Anchor.ANCHOR_BOTH
_NULL = (-1, -1)


def _options() -> Options:
    o = Options()
    o.max_mem = MAX_MEM
    o.log_errors = False
    return o


class _Compiled:
    __slots__ = ("re2", "slots", "ngroups")

    def __init__(self, variant: Variant, pattern: str) -> None:
        self.re2 = _binding.RE2(variant.source.encode("utf-8"), _options())
        if not self.re2.ok():
            raise Untranslatable(f"RE2 refused the translation ({self.re2.error()})", pattern)
        self.slots = variant.slots


class _Text:
    """A text as RE2 reads it (UTF-8), with character <-> byte offsets read incrementally."""

    __slots__ = ("text", "data", "ascii", "_b", "_c")

    def __init__(self, text: str) -> None:
        self.text = text
        self.data = text.encode("utf-8", "surrogatepass")
        self.ascii = len(self.data) == len(text)
        self._b = 0
        self._c = 0

    def to_byte(self, c: int) -> int:
        if self.ascii:
            return c
        if c < self._c:
            self._b = self._c = 0
        self._b += _binding.CharLenToBytes(self.data, self._b, c - self._c)
        self._c = c
        return self._b

    def to_char(self, b: int) -> int:
        if self.ascii:
            return b
        if b < self._b:
            self._b = self._c = 0
        self._c += _binding.BytesToCharLen(self.data, self._b, b)
        self._b = b
        return self._c


_last_text: _Text | None = None


def _text_of(text: str) -> _Text:
    global _last_text  # one text is usually searched by many patterns in a row
    t = _last_text
    if t is not None and t.text is text:
        return _fresh(t)
    t = _Text(text)
    _last_text = t
    return _fresh(t)


def _fresh(t: _Text) -> _Text:
    """A cursor of its own over an already encoded text (so two threads never share offsets)."""
    c = _Text.__new__(_Text)
    c.text, c.data, c.ascii, c._b, c._c = t.text, t.data, t.ascii, 0, 0
    return c


class Pattern:
    """A pattern in Python's syntax, matched by RE2 (see :mod:`.translate` for what is kept and how)."""

    __slots__ = ("pattern", "flags", "groups", "groupindex", "_program", "_compiled", "__weakref__")

    def __init__(self, pattern: str, flags: int = 0) -> None:
        program = cached_program(pattern, int(flags)) or translate(pattern, flags)
        self.pattern = pattern
        self.flags = program.flags
        self.groups = program.groups
        self.groupindex = dict(program.groupindex)
        self._program: Program = program
        self._compiled: dict[tuple[Lead, Trail], _Compiled] = {}
        # compiled for RE2 on first use: a module's patterns cost nothing at import that a run never matches
        _MADE.add(self)

    def __repr__(self) -> str:
        return f"rx.compile({self.pattern!r}, {self.flags})"

    def __reduce__(self) -> tuple[Any, ...]:
        return Pattern, (self.pattern, self.flags)

    def __copy__(self) -> Pattern:
        return self

    def __deepcopy__(self, memo: Any) -> Pattern:
        return self

    def _variant(self, lead: Lead, trail: Trail) -> _Compiled:
        key = (lead, trail)
        c = self._compiled.get(key)
        if c is None:
            c = self._compiled[key] = _Compiled(self._program.variant(lead, trail), self.pattern)
        return c

    # -- one match -------------------------------------------------------------------------------------

    def _match(self, anchor: Any, t: _Text, pos: int, endpos: int, trail: Trail) -> Match | None:
        pre = self._program.pre_char
        if anchor is _UNANCHORED:
            lead = Lead.SEARCH if pos == 0 else Lead.INNER
        else:
            lead = Lead.AT_START if pos == 0 else Lead.INNER
        if not pre:
            lead = Lead.SEARCH
        c = self._variant(lead, trail)
        start = t.to_byte(pos - 1 if pre and pos > 0 else pos)
        stop = t.to_byte(endpos)
        data = t.data if stop == len(t.data) else t.data[:stop]
        spans = c.re2.Match(anchor, data, start, stop)
        if spans[0] == _NULL:
            return None
        return Match._make(self, t, pos, endpos, spans, c.slots)

    def _bounds(self, string: str, pos: int, endpos: int | None) -> tuple[_Text, int, int]:
        if not isinstance(string, str):
            raise TypeError(f"expected str, got {type(string).__name__}")
        n = len(string)
        pos = min(max(pos, 0), n)
        endpos = n if endpos is None else min(max(endpos, 0), n)
        return _text_of(string), pos, endpos

    def search(self, string: str, pos: int = 0, endpos: int | None = None) -> Match | None:
        t, pos, endpos = self._bounds(string, pos, endpos)
        if pos > endpos:
            return None
        return self._match(_UNANCHORED, t, pos, endpos, Trail.CONSUME)

    def match(self, string: str, pos: int = 0, endpos: int | None = None) -> Match | None:
        t, pos, endpos = self._bounds(string, pos, endpos)
        if pos > endpos:
            return None
        return self._match(_ANCHOR_START, t, pos, endpos, Trail.CONSUME)

    def fullmatch(self, string: str, pos: int = 0, endpos: int | None = None) -> Match | None:
        t, pos, endpos = self._bounds(string, pos, endpos)
        if pos > endpos:
            return None
        return self._match(_ANCHOR_BOTH, t, pos, endpos, Trail.AT_END)

    # -- every match -----------------------------------------------------------------------------------

    def _iter(self, string: str, pos: int = 0, endpos: int | None = None) -> Iterator[Match]:
        """Matches left to right. After an empty match the next one is searched from the next character
        (Python's engine may first try a longer, lower-priority match at the same place: the one difference,
        and only for patterns that can match nothing)."""
        t, pos, endpos = self._bounds(string, pos, endpos)
        at = pos
        empty_at = -1
        while at <= endpos:
            m = self._match(_UNANCHORED, t, at, endpos, Trail.CONSUME)
            if m is None:
                return
            s, e = m.span()
            if s == e == empty_at:
                if at >= endpos:
                    return
                m = self._match(_UNANCHORED, t, at + 1, endpos, Trail.CONSUME)
                if m is None:
                    return
                s, e = m.span()
            yield m
            at = e
            empty_at = e if s == e else -1

    def finditer(self, string: str, pos: int = 0, endpos: int | None = None) -> Iterator[Match]:
        return self._iter(string, pos, endpos)

    def findall(self, string: str, pos: int = 0, endpos: int | None = None) -> list[Any]:
        out: list[Any] = []
        for m in self._iter(string, pos, endpos):
            if self.groups == 0:
                out.append(m.group())
            elif self.groups == 1:
                out.append(m.group(1) or "")
            else:
                out.append(m.groups(""))
        return out

    def subn(self, repl: str | Callable[[Match], str], string: str, count: int = 0) -> tuple[str, int]:
        if callable(repl):
            fn = repl
        else:
            pieces = parse_template(repl, tuple(sorted(self.groupindex.items())), self.groups)
            if len(pieces) == 1 and isinstance(pieces[0], str):
                literal = pieces[0]

                def fn(m: Match) -> str:
                    return literal

            else:

                def fn(m: Match) -> str:
                    return m._expand(pieces)

        out: list[str] = []
        last = 0
        n = 0
        for m in self._iter(string):
            s, e = m.span()
            out.append(string[last:s])
            out.append(fn(m))
            last = e
            n += 1
            if count and n >= count:
                break
        if n == 0:
            return string, 0
        out.append(string[last:])
        return "".join(out), n

    def sub(self, repl: str | Callable[[Match], str], string: str, count: int = 0) -> str:
        return self.subn(repl, string, count)[0]

    def split(self, string: str, maxsplit: int = 0) -> list[str | Any]:
        out: list[str | Any] = []
        last = 0
        n = 0
        for m in self._iter(string):
            s, e = m.span()
            out.append(string[last:s])
            out.extend(m.groups())
            last = e
            n += 1
            if maxsplit and n >= maxsplit:
                break
        out.append(string[last:])
        return out


class Match:
    """One match: the interface of ``re.Match`` (groups by number or name, spans in characters)."""

    __slots__ = ("re", "string", "pos", "endpos", "_spans")

    re: Pattern
    string: str
    pos: int
    endpos: int
    _spans: list[tuple[int, int]]

    @classmethod
    def _make(cls, pattern: Pattern, t: _Text, pos: int, endpos: int, raw: Any, slots: Any) -> Match:
        m = cls.__new__(cls)
        m.re, m.string, m.pos, m.endpos = pattern, t.text, pos, endpos
        start, end = raw[0]
        users: list[tuple[int, int]] = [_NULL] * (pattern.groups + 1)
        marked_start = marked_end = -1
        for slot, span in zip(slots, raw[1:], strict=False):
            if span == _NULL:
                continue
            if slot.kind == "user":
                users[slot.index] = span
            elif slot.kind == "start":
                marked_start = span[0]
            else:
                marked_end = span[0]
        if marked_start >= 0:
            start = marked_start
        if marked_end >= 0:
            end = marked_end
        users[0] = (start, end)
        if t.ascii:  # a group around a consumed look-around character ends where the match does
            m._spans = [_NULL if s < 0 else (max(s, start), min(e, end)) for s, e in users]
        else:
            m._spans = _sorted_conversion(t, users, start, end)
        return m

    def __repr__(self) -> str:
        return f"<rx.Match object; span={self.span()!r}, match={self.group()!r}>"

    def __bool__(self) -> bool:
        return True

    def _index(self, g: int | str) -> int:
        if isinstance(g, str):
            try:
                return self.re.groupindex[g]
            except KeyError:
                raise IndexError("no such group") from None
        if not 0 <= g <= self.re.groups:
            raise IndexError("no such group")
        return g

    def _group(self, g: int | str, default: Any = None) -> Any:
        s, e = self._spans[self._index(g)]
        return default if s < 0 else self.string[s:e]

    def group(self, *groups: int | str) -> Any:
        if not groups:
            return self._group(0)
        if len(groups) == 1:
            return self._group(groups[0])
        return tuple(self._group(g) for g in groups)

    def __getitem__(self, g: int | str) -> Any:
        return self._group(g)

    def groups(self, default: Any = None) -> tuple[Any, ...]:
        return tuple(self._group(i, default) for i in range(1, self.re.groups + 1))

    def groupdict(self, default: Any = None) -> dict[str, Any]:
        return {name: self._group(i, default) for name, i in self.re.groupindex.items()}

    def start(self, g: int | str = 0) -> int:
        return self._spans[self._index(g)][0]

    def end(self, g: int | str = 0) -> int:
        return self._spans[self._index(g)][1]

    def span(self, g: int | str = 0) -> tuple[int, int]:
        return self._spans[self._index(g)]

    @property
    def regs(self) -> tuple[tuple[int, int], ...]:
        return tuple(self._spans)

    @property
    def lastindex(self) -> int | None:
        best: tuple[int, int, int] | None = None
        for i in range(1, len(self._spans)):
            s, e = self._spans[i]
            if s >= 0 and (best is None or (e, -s, i) > best):
                best = (e, -s, i)
        return None if best is None else best[2]

    @property
    def lastgroup(self) -> str | None:
        i = self.lastindex
        if i is None:
            return None
        for name, j in self.re.groupindex.items():
            if j == i:
                return name
        return None

    def expand(self, template: str) -> str:
        return self._expand(
            parse_template(template, tuple(sorted(self.re.groupindex.items())), self.re.groups)
        )

    def _expand(self, pieces: tuple[str | int, ...]) -> str:
        return "".join(p if isinstance(p, str) else (self._group(p) or "") for p in pieces)


def _sorted_conversion(t: _Text, users: list[tuple[int, int]], start: int, end: int) -> list[tuple[int, int]]:
    """Byte spans to character spans for a non-ASCII text, reading the offsets in increasing order once."""
    wanted = sorted({o for s, e in users if s >= 0 for o in (max(s, start), min(e, end))})
    fresh = _fresh(t)
    chars = {b: fresh.to_char(b) for b in wanted}
    out: list[tuple[int, int]] = []
    for s, e in users:
        if s < 0:
            out.append(_NULL)
        else:
            out.append((chars[max(s, start)], chars[min(e, end)]))
    return out


_MADE: WeakSet[Pattern] = WeakSet()  # every pattern alive, for :func:`compile_all`


def compile_all() -> int:
    """Compile every pattern alive for RE2 now (a process about to fork workers: each inherits them compiled
    instead of compiling its own); the number compiled."""
    made = list(_MADE)
    for p in made:
        p._variant(Lead.SEARCH, Trail.CONSUME)
    return len(made)
