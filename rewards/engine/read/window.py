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
from dataclasses import dataclass, field

from rewardcheck.rewards.engine.lexicon import WordClass

from .finders import Candidate, find_candidates
from .marks import Mark, find_marks
from .structure import Structure, layout_of
from .tokens import TokenKind, Tokens, tokenize

__all__ = ["Window", "MAX_CLAUSE_MARKS", "MAX_CLAUSE_TOKENS"]

MAX_CLAUSE_MARKS = 32  # lexicon phrases read in a value's clause on either side (a clause of prose has a few)
MAX_CLAUSE_TOKENS = 160  # and tokens: a clause of prose is a few dozen


@dataclass(frozen=True, slots=True)
class Window:
    source: str
    start: int
    tokens: Tokens
    structure: Structure
    marks: list[Mark]
    mark_starts: list[int]
    candidates: list[Candidate]
    candidate_starts: list[int]  # in text order: the candidates in a span are a bisection, not a scan
    word_rank: list[int]  # per token, the word tokens before it: words between two offsets by subtraction
    open_end: bool = False  # the text may have been cut where it ends (EngineConfig.unfinished_value)
    # the marks of one word class and their starts, built on first use: a per-candidate question about one
    # class is a bisection, not a scan of every mark of a long statement
    class_index: dict[WordClass, tuple[list[int], list[Mark]]] = field(default_factory=dict)

    @classmethod
    def of(cls, source: str, start: int = 0, end: int | None = None, open_end: bool = False) -> Window:
        tokens = tokenize(source, start, end)
        structure = layout_of(tokens)
        marks = find_marks(tokens)
        candidates = find_candidates(tokens, structure, marks)
        rank, words = [0] * (len(tokens) + 1), 0
        for i, k in enumerate(tokens.kinds):
            rank[i] = words
            words += k is TokenKind.WORD
        rank[len(tokens)] = words
        starts = [c.start for c in candidates]
        return cls(
            source,
            start,
            tokens,
            structure,
            marks,
            [m.start for m in marks],
            candidates,
            starts,
            rank,
            open_end,
        )

    # ---- spans -----------------------------------------------------------------------------------------
    def marks_in(self, start: int, end: int) -> list[Mark]:
        """The marks that start in ``[start, end)``."""
        i = bisect.bisect_left(self.mark_starts, start)
        j = bisect.bisect_left(self.mark_starts, end)
        return self.marks[i:j]

    def marks_of(self, word_class: WordClass, start: int, end: int) -> list[Mark]:
        """The marks of ``word_class`` that start in ``[start, end)``."""
        starts, marks = self._of_class(word_class)
        return marks[bisect.bisect_left(starts, start) : bisect.bisect_left(starts, end)]

    def _of_class(self, word_class: WordClass) -> tuple[list[int], list[Mark]]:
        """The marks of ``word_class`` with their starts, in text order (built once per class)."""
        index = self.class_index.get(word_class)
        if index is None:
            of_class = [m for m in self.marks if word_class in m.classes]
            index = self.class_index[word_class] = ([m.start for m in of_class], of_class)
        return index

    def first_mark_of(self, word_class: WordClass, start: int, end: int) -> Mark | None:
        """The first mark of ``word_class`` that starts in ``[start, end)`` (no list: asked per candidate)."""
        starts, marks = self._of_class(word_class)
        i = bisect.bisect_left(starts, start)
        return marks[i] if i < len(marks) and starts[i] < end else None

    def next_candidate(self, offset: int) -> Candidate | None:
        """The first candidate that starts at or after ``offset``."""
        i = bisect.bisect_left(self.candidate_starts, offset)
        return self.candidates[i] if i < len(self.candidates) else None

    def count_candidates(self, start: int, end: int) -> int:
        """How many candidates start in ``[start, end)`` (a bisection: no list is built)."""
        return bisect.bisect_left(self.candidate_starts, end) - bisect.bisect_left(
            self.candidate_starts, start
        )

    def candidates_in(self, start: int, end: int) -> list[Candidate]:
        """The candidates that start in ``[start, end)``."""
        i = bisect.bisect_left(self.candidate_starts, start)
        j = bisect.bisect_left(self.candidate_starts, end)
        return self.candidates[i:j]

    def value(self, c: Candidate) -> str:
        return self.source[c.start : c.end].strip()

    def statement_tokens(self, statement: int) -> tuple[int, int]:
        bounds = self.structure.statement_bounds
        return bounds[statement] if 0 <= statement < len(bounds) else (0, self.tokens.n - 1)

    def clause_start(self, c: Candidate) -> int:
        """Where the clause of ``c`` starts: after the last clause end or contrast word before it, in its
        statement."""
        t, s = self.tokens, self.structure
        first, last = self.statement_tokens(c.statement)
        at = t.starts[first] if first < t.n else self.start
        if first < c.first:
            # the clause end before the candidate's first token, looked up from the token before it
            i = c.first - 1 if c.first - 1 <= last else last
            end = i if t.kinds[i] is TokenKind.CLAUSE_END and not s.inside[i] else s.clause_end_before[i]
            if end >= first:
                at = t.ends[end]
        # a clause is read at most MAX_CLAUSE_MARKS phrases back from its value: every row that reads the
        # clause is then bounded per value (a pumped clause of thousands of phrases and values was read whole
        # for every one of its values: quadratic)
        i = bisect.bisect_left(self.mark_starts, c.start)
        if i - MAX_CLAUSE_MARKS > 0 and self.mark_starts[i - MAX_CLAUSE_MARKS] > at:
            at = self.mark_starts[i - MAX_CLAUSE_MARKS]
        if c.first > MAX_CLAUSE_TOKENS:  # and as many tokens (a pumped clause may hold no phrase at all)
            at = max(at, t.starts[c.first - MAX_CLAUSE_TOKENS])
        contrast = self.last_mark_of(WordClass.CONTRAST, at, c.start)
        return contrast.end if contrast is not None else at  # after the last contrast word ("..., but 8")

    def last_mark_of(self, word_class: WordClass, start: int, end: int) -> Mark | None:
        """The last mark of ``word_class`` that starts in ``[start, end)`` (``None`` when none does)."""
        starts, marks = self._of_class(word_class)
        i = bisect.bisect_left(starts, end) - 1
        return marks[i] if i >= 0 and starts[i] >= start else None

    def previous_clause_start(self, clause_start: int) -> int | None:
        """Where the clause before the one starting at ``clause_start`` starts, in the same statement
        (``None`` at a statement's first clause)."""
        t, s = self.tokens, self.structure
        i = t.index_at(clause_start) - 1
        j = s.break_at_or_before[i] if i >= 0 else -1
        if j < 0 or t.kinds[j] is not TokenKind.CLAUSE_END:
            return None  # a sentence end or a line break: the clause opens its statement
        k = s.break_at_or_before[j - 1] if j > 0 else -1
        return t.ends[k] if k >= 0 else t.starts[0]

    def clause_end_offset(self, c: Candidate) -> int:
        """Where the clause of ``c`` ends: at the next clause end or the statement's end, at most
        ``MAX_CLAUSE_MARKS`` phrases and ``MAX_CLAUSE_TOKENS`` tokens after the value (see :meth:`clause_start`)."""
        t, s = self.tokens, self.structure
        _, last = self.statement_tokens(c.statement)
        end = t.ends[last] if last < t.n else len(self.source)
        if c.last < last:
            nxt = s.clause_end_after[c.last]
            if c.last < nxt <= last:
                end = t.starts[nxt]
        if c.last + MAX_CLAUSE_TOKENS < t.n:
            end = min(end, t.ends[c.last + MAX_CLAUSE_TOKENS])
        i = bisect.bisect_left(self.mark_starts, c.end) + MAX_CLAUSE_MARKS
        return min(end, self.mark_starts[i]) if i < len(self.mark_starts) else end

    def value_free_tail(self, c: Candidate) -> int:
        """Where the text after ``c`` that holds no other value ends in its statement (the statement's end, or
        the next value's start)."""
        _, last = self.statement_tokens(c.statement)
        end = self.tokens.ends[last] if last < self.tokens.n else len(self.source)
        nxt = self.candidates_in(c.end, end)
        return nxt[0].start if nxt else end

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
            t.texts[x]
            for x in range(t.index_at(start), t.index_at(end))
            if t.kinds[x] is TokenKind.WORD and t.starts[x] >= start
        ]

    def lead_in(self, c: Candidate, n: int = 3) -> int:
        """Where the text that leads into ``c`` starts: its statement, and up to ``n`` statements before it that
        hold no value ("It is not the case that:\n<answer>", "Candidates: <answer>")."""
        first, _ = self.statement_tokens(c.statement)
        at = self.tokens.starts[first] if first < self.tokens.n else self.start
        for k in range(c.statement - 1, max(-1, c.statement - 1 - n), -1):
            f, last = self.statement_tokens(k)
            s0, s1 = self.tokens.starts[f], self.tokens.ends[last]
            if self.candidates_in(s0, s1):
                break
            at = s0
        return at

    def words_between(self, start: int, end: int) -> int:
        t = self.tokens
        i, j = t.index_at(start), t.index_at(end)
        if i >= j:
            return 0
        cut = t.kinds[i] is TokenKind.WORD and t.starts[i] < start  # a word that starts before ``start``
        return self.word_rank[j] - self.word_rank[i] - cut

    def tokens_between(self, start: int, end: int) -> int:
        t = self.tokens
        return max(0, t.index_at(end) - t.index_at(start))
