r"""A window of text read once: its tokens, structure, lexicon marks and candidates, with the positional
questions the override rows ask (the clause a value stands in, the marks in a span, words between two
offsets). Every answer is built from one window; nothing re-reads the text.

>>> w = Window.of("So the total is 12, not 15.")
>>> [w.source[c.start:c.end] for c in w.candidates]
['12', '15']
>>> w.source[w.clause_start(w.candidates[1]):w.candidates[1].start]
' not '
"""

from __future__ import annotations

import bisect
from dataclasses import dataclass

from rewardcheck.rewards.engine.lexicon import WordClass

from .finders import Candidate, find_candidates
from .marks import Mark, find_marks
from .structure import Structure, layout_of
from .tokens import TokenKind, Tokens, tokenize

__all__ = ["Window"]


@dataclass(frozen=True, slots=True)
class Window:
    source: str
    start: int
    tokens: Tokens
    structure: Structure
    marks: list[Mark]
    mark_starts: list[int]
    candidates: list[Candidate]
    open_end: bool = False  # the text may have been cut where it ends (EngineConfig.unfinished_value)

    @classmethod
    def of(cls, source: str, start: int = 0, end: int | None = None, open_end: bool = False) -> Window:
        tokens = tokenize(source, start, end)
        structure = layout_of(tokens)
        marks = find_marks(tokens)
        candidates = find_candidates(tokens, structure, marks)
        return cls(source, start, tokens, structure, marks, [m.start for m in marks], candidates, open_end)

    # ---- spans -----------------------------------------------------------------------------------------
    def marks_in(self, start: int, end: int) -> list[Mark]:
        """The marks that start in ``[start, end)``."""
        i = bisect.bisect_left(self.mark_starts, start)
        j = bisect.bisect_left(self.mark_starts, end)
        return self.marks[i:j]

    def value(self, c: Candidate) -> str:
        return self.source[c.start : c.end].strip()

    def statement_tokens(self, statement: int) -> tuple[int, int]:
        bounds = self.structure.statement_bounds
        return bounds[statement] if 0 <= statement < len(bounds) else (0, len(self.tokens) - 1)

    def clause_start(self, c: Candidate) -> int:
        """Where the clause of ``c`` starts: after the last clause end or contrast word before it, in its
        statement."""
        t, s = self.tokens, self.structure
        first, _ = self.statement_tokens(c.statement)
        at = t.starts[first] if first < len(t) else self.start
        for i in range(c.first - 1, first - 1, -1):
            if t.kinds[i] is TokenKind.CLAUSE_END and not s.inside[i]:
                at = t.ends[i]
                break
        for m in self.marks_in(at, c.start):
            if WordClass.CONTRAST in m.classes:
                at = m.end
        return at

    def previous_clause_start(self, clause_start: int) -> int | None:
        """Where the clause before the one starting at ``clause_start`` starts, in the same statement
        (``None`` at a statement's first clause)."""
        t, s = self.tokens, self.structure
        i = t.index_at(clause_start) - 1
        while i >= 0 and t.kinds[i] is not TokenKind.CLAUSE_END:
            if t.kinds[i] in (TokenKind.SENTENCE_END, TokenKind.NEWLINE) and not s.inside[i]:
                return None
            i -= 1
        if i < 0:
            return None
        j = i - 1
        while j >= 0:
            if (
                t.kinds[j] in (TokenKind.CLAUSE_END, TokenKind.SENTENCE_END, TokenKind.NEWLINE)
                and not s.inside[j]
            ):
                return t.ends[j]
            j -= 1
        return t.starts[0] if len(t) else None

    def clause_end_offset(self, c: Candidate) -> int:
        """Where the clause of ``c`` ends: at the next clause end or the statement's end."""
        t, s = self.tokens, self.structure
        _, last = self.statement_tokens(c.statement)
        for i in range(c.last + 1, last + 1):
            k = t.kinds[i]
            if k is TokenKind.NEWLINE and i < last:
                continue  # a line break inside a statement (around a display) ends no clause
            if k in (TokenKind.CLAUSE_END, TokenKind.SENTENCE_END, TokenKind.NEWLINE) and not s.inside[i]:
                return t.starts[i]
        return t.ends[last] if last < len(t) else len(self.source)

    def value_free_tail(self, c: Candidate) -> int:
        """Where the text after ``c`` that holds no other value ends in its statement (the statement's end, or
        the next value's start)."""
        _, last = self.statement_tokens(c.statement)
        end = self.tokens.ends[last] if last < len(self.tokens) else len(self.source)
        nxt = [x.start for x in self.candidates if c.end <= x.start < end]
        return min(nxt) if nxt else end

    def statements_after(self, c: Candidate, n: int) -> list[tuple[int, int]]:
        """The character spans of the ``n`` statements after the one ``c`` stands in."""
        bounds = self.structure.statement_bounds
        out = []
        for first, last in bounds[c.statement + 1 : c.statement + 1 + n]:
            out.append((self.tokens.starts[first], self.tokens.ends[last]))
        return out

    def words_in(self, start: int, end: int) -> list[str]:
        """The word tokens that start in ``[start, end)``."""
        t = self.tokens
        return [
            t.text(x)
            for x in range(t.index_at(start), t.index_at(end))
            if t.kinds[x] is TokenKind.WORD and t.starts[x] >= start
        ]

    def lead_in(self, c: Candidate, n: int = 3) -> int:
        """Where the text that leads into ``c`` starts: its statement, and up to ``n`` statements before it that
        hold no value ("It is not the case that:\n<answer>", "Candidates: <answer>")."""
        first, _ = self.statement_tokens(c.statement)
        at = self.tokens.starts[first] if first < len(self.tokens) else self.start
        for k in range(c.statement - 1, max(-1, c.statement - 1 - n), -1):
            f, last = self.statement_tokens(k)
            s0, s1 = self.tokens.starts[f], self.tokens.ends[last]
            if any(s0 <= x.start < s1 for x in self.candidates):
                break
            at = s0
        return at

    def words_between(self, start: int, end: int) -> int:
        t = self.tokens
        i, j = t.index_at(start), t.index_at(end)
        return sum(1 for x in range(i, j) if t.kinds[x] is TokenKind.WORD and t.starts[x] >= start)

    def tokens_between(self, start: int, end: int) -> int:
        t = self.tokens
        return max(0, t.index_at(end) - t.index_at(start))
