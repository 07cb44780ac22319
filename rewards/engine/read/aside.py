r"""Asides after the answer. A line opened by an aside word ("Fun fact:", "Hinweis:", "推广：", "ちなみに、") after a
stated value remarks on the problem, whatever numbers it holds: the answer is read before it
(:func:`aside_line`), unless it unsays or restates the answer ("Note: I forgot the tax, so the answer is 15").
A last statement that only supposes ("If you also need the perimeter, it would be 20 cm."), or asks a question of
its own ("Vuoi che proviamo un esercizio simile con due persone?"), says nothing of the answer stated before it:
its values are refused where they stand (:mod:`.stance`), and the statement before it, when it states a value in
words, still commits (:func:`aside`, :func:`states_value`).

The default holds for any language: a supposition is read by the lexicon's supposition words, a question by its
question mark. Neither is an aside when it, or what follows it, doubts or turns (a word of the lexicon: "is it",
"maybe", "wrong", "but", "unclear which"), nor a short question ("Or 46?"), nor one that asks the answer's
own value again ("Is 45 right?").

>>> from rewardcheck.rewards.engine.read.window import Window
>>> from rewardcheck.rewards.engine.read.stance import Stances
>>> w = Window.of("So the area is 24 cm². (If you also need the perimeter, it would be 20 cm.)")
>>> s = Stances(w)
>>> aside(w, [w.candidates[1]], s), states_value(w, w.candidates[0])
(True, True)
>>> w = Window.of("So the area is 24 cm². Or is it 20?")
>>> aside(w, [w.candidates[1]], Stances(w))
False
"""

from __future__ import annotations

from collections.abc import Sequence

from rewardcheck.rewards.engine.lexicon import WordClass as W

from .finders import STRENGTH, Candidate, StatementKind
from .marks import Mark, unspaced_word
from .stance import Stance, Stances
from .tokens import SENTENCE_ENDS, TokenKind
from .window import Window

__all__ = [
    "aside",
    "aside_line",
    "states_value",
    "ends_sentence",
    "MIN_ASIDE_QUESTION_WORDS",
    "MAX_ASIDES",
]

MIN_ASIDE_QUESTION_WORDS = 6  # a question of its own is a sentence; "Or is it 46?" and "Czy to 15?" doubt
MIN_ASIDE_QUESTION_CHARS = 10  # the same in Han and kana, written unspaced ("9人の場合も計算しましょうか？")
MIN_STATED_CHARS = 4  # unspaced letters around a value that make a sentence of it ("枚ずつになります")
MAX_ASIDES = 2  # asides read past to the statement before them ("Note: ... if ... would ... Want more?")
# a question with one of these doubts a value, whatever else it asks
# an aside or what follows it with one of these doubts or turns against the value before it
_DOUBTS = frozenset({W.QUESTION, W.HEDGE, W.RETRACTION, W.CORRECTION, W.WRONG, W.CONTRAST, W.UNDETERMINED})
_PREDICATE = frozenset({W.COPULA, W.ANSWER_ANCHOR, W.CONCLUSION, W.RESULT_VERB, W.DERIVATION})
_QUESTION_ENDS = frozenset("?？؟")


def aside(w: Window, in_statement: Sequence[Candidate], stances: Stances) -> bool:
    """Is the statement of ``in_statement`` (every value refused) an aside: a supposition, or a question of its
    own (see the module doc)?"""
    if not ends_sentence(w, in_statement[-1].statement):
        return False  # "if total(n) == 70:" in code, a line that opens more: no aside of prose
    first, last = w.statement_tokens(in_statement[-1].statement)
    t = w.tokens
    if any(m.classes & _DOUBTS for m in w.marks_in(t.starts[first], len(w.source))):
        return False  # "Sin embargo, si el 5 fuera el diámetro, ... No está claro cuál usar.": a doubt
    refusals = [r for c in in_statement for r in stances.of(c)]
    if any(r.stance is Stance.SUPPOSED for r in refusals):
        return True
    if not refusals or any(r.stance is not Stance.QUESTIONED for r in refusals):
        return False
    if not t.texts[last] or t.texts[last][-1] not in _QUESTION_ENDS:
        return False  # asked by a question word, not a question of its own
    words = [
        t.texts[k] for k in range(first, last + 1) if t.kinds[k] is TokenKind.WORD and len(t.texts[k]) > 1
    ]
    unspaced = sum(len(x) for x in words if unspaced_word(x))  # a Han or kana run is one token of many words
    return len(words) >= MIN_ASIDE_QUESTION_WORDS or unspaced >= MIN_ASIDE_QUESTION_CHARS


def states_value(w: Window, c: Candidate) -> bool:
    """Does ``c``'s statement state a value in words ("So the area is 24 cm².", "Luca impiega 45 minuti.") or as
    the answer (a box, a label), not only compute one ("7,5 × 6 = 45")?"""
    if c.strength >= STRENGTH[StatementKind.LABELLED]:
        return True
    if not ends_sentence(w, c.statement):
        return False
    first, last = w.statement_tokens(c.statement)
    t = w.tokens
    begin = t.starts[first]
    if any(m.classes & _PREDICATE for m in w.marks_in(begin, c.start)):
        return True
    outside = range(first, c.first), range(c.last + 1, last + 1)
    words = [
        t.texts[k] for span in outside for k in span if t.kinds[k] is TokenKind.WORD and len(t.texts[k]) > 1
    ]
    unspaced = sum(len(x) for x in words if unspaced_word(x))  # "1人12枚ずつになります。"
    return len(words) >= 2 or unspaced >= MIN_STATED_CHARS


_CLOSING = frozenset({TokenKind.CLOSE, TokenKind.EMPHASIS, TokenKind.MATH, TokenKind.TAG, TokenKind.NEWLINE})


def ends_sentence(w: Window, statement: int) -> bool:
    """Does the statement end as a sentence of prose does (".", "?", "।", "。", past closing brackets and
    emphasis), not as a line of code or a heading that opens more ("for n in range(1, 100):")?"""
    _, last = w.statement_tokens(statement)
    t = w.tokens
    while last >= 0 and t.kinds[last] in _CLOSING:
        last -= 1
    return last >= 0 and t.kinds[last] is TokenKind.SENTENCE_END


# an aside with one of these is no aside: it takes back, corrects or states the answer
_UNSAYING = frozenset(
    {W.ANSWER_ANCHOR, W.CORRECTION, W.RETRACTION, W.ERROR_MENTION, W.WRONG, W.REDO, W.UNDETERMINED}
)
_OPENER_ENDS = frozenset({TokenKind.CLAUSE_END, TokenKind.SENTENCE_END})
MAX_DENIAL_GAP = (
    2  # tokens between an answer word and the negation that denies it ("not the answer", "cevabı değildir")
)


def _unsays(w: Window, start: int, end: int) -> bool:
    """Does ``[start, end)`` take back, correct or state an answer (``_UNSAYING``)? An answer word it denies
    ("36 is not the answer", "sorunun cevabı değildir", "不是答案") states none."""
    marks = w.marks_in(start, end)
    for n, m in enumerate(marks):
        if not m.classes & _UNSAYING:
            continue
        if m.classes & _UNSAYING == {W.ANSWER_ANCHOR} and _denied(w, marks, n):
            continue
        return True
    return False


def _denied(w: Window, marks: Sequence[Mark], n: int) -> bool:
    """Is the answer word ``marks[n]`` denied by a negator right before it or a negated predicate right after?"""
    before, after = marks[n - 1] if n else None, marks[n + 1] if n + 1 < len(marks) else None
    m = marks[n]
    if before is not None and W.NEGATOR in before.classes:
        if w.tokens.tokens_between(before.end, m.start) <= MAX_DENIAL_GAP:
            return True
    return (
        after is not None
        and W.NEGATED_PREDICATE in after.classes
        and w.tokens.tokens_between(m.end, after.start) <= MAX_DENIAL_GAP
    )


def aside_line(w: Window, stances: Stances) -> tuple[int, int] | None:
    r"""The span of a line that opens with an aside word, after a value stated before it, when the line holds no
    answer of its own (``None``: there is none). What follows the line is read as it stands.

    >>> w = Window.of("Ответ: 400.\nВообще, сумма первых n нечётных чисел равна n², при n = 50 это 2500.")
    >>> start, end = aside_line(w, Stances(w))
    >>> w.source[start:end][:8], w.source[end:]
    ('Вообще, ', '')
    """
    t = w.tokens
    notes = w.marks_of(W.NOTE, w.start, len(w.source))
    for m in sorted(w.marks_of(W.ASIDE, w.start, len(w.source)) + notes, key=lambda m: m.start):
        first, _ = w.statement_tokens(w.structure.statement[t.index_at(m.start)])
        begin = t.starts[first]
        if w.words_between(begin, m.start) > MAX_OPENER_WORDS or not w.candidates_in(w.start, begin):
            continue  # "Petite anecdote :", "Kleiner Hinweis:": a word may qualify the opener
        after = t.index_at(m.end)
        while after < t.n and t.kinds[after] is TokenKind.EMPHASIS:
            after += 1
        if not m.phrase.endswith((":", "：")) and (after >= t.n or t.kinds[after] not in _OPENER_ENDS):
            continue  # "Note that 12 ...", "In general the answer": a word of the sentence, no opener
        line_end = _remark_end(w.source, t.starts[after] if after < t.n else len(w.source))
        inside = w.candidates_in(begin, line_end)
        if any(c.strength >= STRENGTH[StatementKind.LABELLED] for c in inside):
            return None  # "Note: recounting gives \boxed{14}.": a value stated as the answer is read as it stands
        if _unsays(w, m.end, line_end):
            return None
        conclusions = w.marks_of(W.CONCLUSION, m.end, line_end) if m in notes else []
        if conclusions and any(stances.committed(c) for c in inside if c.start > conclusions[0].end):
            return None  # "Note: we forgot the tax, so the total is 15."
        return begin, line_end
    return None


_OPENING_BRACKETS, _CLOSING_BRACKETS = "(（", ")）"


def bracketed_remark(w: Window) -> tuple[int, int] | None:
    r"""The span of the text's last line when it is a remark in round brackets after a value stated before it
    ("... **81**.\n\n(Modusnya 80, tetapi yang ditanyakan adalah rata-rata.)", "（253 不是质数。）"), holding no
    answer of its own and taking nothing back (``None``: the text ends otherwise). The answer is read before it.

    >>> w = Window.of("So the mean is **81**.\n(The mode is 80, but the question asks for the mean.)")
    >>> start, end = bracketed_remark(w)
    >>> w.source[start:end][:9]
    '(The mode'
    """
    text = w.source.rstrip()
    begin = text.rfind("\n", w.start) + 1
    line = text[begin:]
    if not (line[:1] in _OPENING_BRACKETS and line.rstrip(".。")[-1:] in _CLOSING_BRACKETS):
        return None
    if not w.candidates_in(w.start, begin) or line.count("(") + line.count("（") != 1:
        return None  # nothing stated before it, or brackets of math inside: "(2, 3)" may be the answer
    inside = w.candidates_in(begin, len(text))
    if any(c.strength >= STRENGTH[StatementKind.LABELLED] for c in inside):
        return None
    if _unsays(w, begin, len(text)):
        return None  # "(Actually, it is 82.)": a correction in brackets is read as it stands
    return begin, len(text)


def _remark_end(source: str, at: int) -> int:
    """Where a remark from ``at`` ends: its line, and each next line while a line ends without a sentence end
    (a remark running on over a display line: "附注：前 20 项之和为\\n$$...$$\\n这只是顺带一提。"); a blank line
    ends it."""
    while True:
        end = source.find("\n", at)
        if end < 0:
            return len(source)
        line = source[at:end].rstrip()
        if not line or line[-1] in SENTENCE_ENDS or source.startswith("\n", end + 1):
            return end
        at = end + 1


MAX_OPENER_WORDS = 1  # words before an aside word that still opens its line
MIN_TABLE_LINES = 2  # a header and a row at least: one line with bars is no table


def trailing_table(w: Window) -> tuple[int, int] | None:
    r"""The span of a Markdown table that ends the window after a value stated before it and restates the
    working: its last number was stated before it ("... = 270 ÷ 3 = 90.\n| 합계 | 270 |"), so the answer is read
    before it (``None``: no such table ends the window; "| Intersection point | (2, 3) |" states the answer).

    >>> w = Window.of("120 : 3 = 40, Ben bekommt 40.\n\n| Kind | Murmeln |\n|---|---|\n| Summe | 120 |\n")
    >>> start, end = trailing_table(w)
    >>> w.source[start:end].split("\n")[0]
    '| Kind | Murmeln |'
    """
    source = w.source
    end = len(source.rstrip())
    if end <= w.start or source[end - 1] != "|":
        return None
    start, lines, at = end, 0, end
    while at > w.start:  # the lines from the end up, while each is blank or a row between bars
        line_start = max(source.rfind("\n", w.start, at) + 1, w.start)
        row = source[line_start:at]
        bare = row.strip()
        if bare:
            if not (bare.startswith("|") and bare.endswith("|")):
                break
            start, lines = line_start + len(row) - len(row.lstrip()), lines + 1
        at = line_start - 1  # the line break before it
    before, rows = w.candidates_in(w.start, start), w.candidates_in(start, end)
    if lines < MIN_TABLE_LINES or not before or not rows:
        return None
    # a table whose last value the text has not stated before it states it ("| Intersection point | (2, 3) |"):
    # the answer, read as it stands; one that restates the working ("| Total | 270 |") is an aside
    t = w.tokens
    stated = {
        t.texts[k] for k in range(t.index_at(w.start), t.index_at(start)) if t.kinds[k] is TokenKind.NUMBER
    }
    cells = [c.strip() for c in source[start:end].rsplit("\n", 1)[-1].split("|") if c.strip()]
    return (start, end) if cells and _digits(cells[-1]) in stated else None


def _digits(value: str) -> str:
    """A value's number as its tokens write it, without units or spacing ("30 €" and "30" read the same)."""
    return "".join(ch for ch in value if ch in "0123456789.,")


MAX_PRIOR_NUMBERS = 1024  # tokens before a condition looked up for the numbers the text has stated


def supposes_other_data(w: Window, in_statement: Sequence[Candidate]) -> bool:
    """Does the statement of ``in_statement`` open with a condition on a number the text has not stated before
    it, where it has stated some ("42 ÷ 3 = 14 a testa. Se i bambini fossero solo 2, ne avrebbero 21.", "Kalau
    kuenya ada 80, tiap kotak berisi 10.")? It supposes other data: an aside after the answer."""
    first, last = w.statement_tokens(in_statement[0].statement)
    t = w.tokens
    m = _opening_condition(w, in_statement[0].statement)
    if m is None:
        return False
    # the condition ends at its clause end, or at "then" ("यदि हम दोनों को जोड़ें तो 30": the 30 is the result)
    ends = [k for k in range(t.index_at(m.end), last + 1) if t.kinds[k] is TokenKind.CLAUSE_END]
    then = w.first_mark_of(W.CONCLUSION, m.end, t.ends[last])
    stop = min([*ends[:1], *([t.index_at(then.start)] if then is not None else [])], default=None)
    if stop is None:
        return False  # no bound on the condition: its numbers cannot be told from the result's
    own = {t.texts[k] for k in range(t.index_at(m.end), stop) if t.kinds[k] is TokenKind.NUMBER}
    lo = max(t.index_at(w.start), first - MAX_PRIOR_NUMBERS)
    prior = {t.texts[k] for k in range(lo, first) if t.kinds[k] is TokenKind.NUMBER}
    return bool(own) and bool(prior) and not own <= prior


def opens_with_condition(w: Window, statement: int) -> bool:
    """Does the statement open with a condition ("If he stays for 12+5 hours, he will pay 1550 pesos.")? A list
    of cases reads its last case, not one before it."""
    return _opening_condition(w, statement) is not None


def _opening_condition(w: Window, statement: int) -> Mark | None:
    """The condition word that opens the statement ("If", "Se", "Kalau"), or ``None``."""
    first, last = w.statement_tokens(statement)
    t = w.tokens
    m = w.first_mark_of(W.CONDITIONAL, t.starts[first], t.ends[last])
    return m if m is not None and not w.words_between(t.starts[first], m.start) else None
