r"""Rows of the gold kinds compared on their own terms: a choice letter, a clock time, a quantified
statement, digits in a base, a word.

>>> from ..config import EngineConfig
>>> from ..gold import parse_gold
>>> from ..goldkind import gold_kind
>>> from ..text import AnswerSpan
>>> g = parse_gold("1101_2")
>>> base_n(Case("1101_2", g, gold_kind(g), AnswerSpan("1101", "boxed"), "1101", None, EngineConfig(), 0.0))
Decision(verdict=<Verdict.CORRECT: 'correct'>, reason='digits in base 2: the same', rule=<Rule.BASE: 'compare.base_n'>, path='text')
"""

from __future__ import annotations

from ..choices import choice_letter
from ..clock import clock_answer, clock_gold, same_time
from ..forms import base_number, proposition
from ..rules import Rule
from ..text import normalise
from .case import Case
from .decision import Decision
from .numbers import UNIT_TEXT
from .text import INFINITE_WORDS, INFINITY, text_norm

__all__ = ["base_n", "choice", "clock", "statement", "word"]


def choice(case: Case) -> Decision | None:
    """A multiple-choice gold: the letter the answer gives (or is labelled with) against the gold's."""
    # the answer as read ("③"), before a value's own forms were written out ("3")
    given = choice_letter(case.answer) or choice_letter(case.span.answer or "") or case.span.label
    if not given:
        return None
    gold = choice_letter(case.gold.norm)
    return Decision.of(given == gold, f"choice letter {given} against {gold}", Rule.CHOICE)


def clock(case: Case) -> Decision:
    """A time of day, compared as the minute of the day."""
    when = clock_gold(case.gold_text)
    same = when is not None and same_time(clock_answer(case.answer), when)
    why = f"clock time compared as the minute of the day: {'the same' if same else 'different'}"
    return Decision.of(same, why, Rule.CLOCK)


def statement(case: Case) -> Decision | None:
    """A quantified statement on either side: compared as written."""
    said, meant = proposition(case.answer), proposition(case.gold.expr)
    if said is None and meant is None:
        return None
    same = said == meant
    why = f"quantified statement compared as written: {'the same' if same else 'different'}"
    return Decision.of(same, why, Rule.PROPOSITION)


def base_n(case: Case) -> Decision:
    """Digits in a base other than ten: the answer's digits (its own base subscript read) against the gold's."""
    g, answer = case.gold, case.answer
    written = base_number(UNIT_TEXT.sub("", normalise(answer)))
    digits = written[0] if written is not None and written[1] == g.base else normalise(answer).upper()
    same = digits.lstrip("0") == g.norm.lstrip("0")
    return Decision.of(same, f"digits in base {g.base}: {'the same' if same else 'different'}", Rule.BASE)


def word(case: Case) -> Decision:
    """A word gold, compared as normalised text ("infinitely many" is answered by the symbol too)."""
    g = case.gold
    same = text_norm(case.answer) == g.norm or (
        g.norm.replace(" ", "") in INFINITE_WORDS and normalise(case.answer) in INFINITY
    )
    why = f"word gold compared as normalised text: {'equal' if same else 'different'}"
    return Decision.of(same, why, Rule.TEXT)
