r"""Rows that compare the answer's value without sympy: a self-contradicting chain, words for a number, "or"
inside one answer, decimal commas, the normal form, second readings, elements, integers, exact values and
their roundings.

>>> from ..config import EngineConfig
>>> from ..gold import parse_gold
>>> from ..goldkind import gold_kind
>>> from ..text import AnswerSpan
>>> g = parse_gold("0042")
>>> integer(Case("42", g, gold_kind(g), AnswerSpan("42", "boxed"), "42", None, EngineConfig(), 0.0, norm="42"))
Decision(verdict=<Verdict.CORRECT: 'correct'>, reason='integer answer equals integer gold', rule=<Rule.INTEGER: 'compare.integer'>, path='fast')
"""

from __future__ import annotations

from fractions import Fraction

from rewardcheck.rewards import rx

from ..exact import exact_value
from ..forms import strip_units
from ..isolation import count
from ..lexicon import WordClass, alternation
from ..number_phrases import counted_fraction
from ..rules import Rule
from ..text import normalise
from .case import Case
from .decision import Decision
from .elements import elementwise_equal
from .numbers import (
    comma_decimal,
    comma_decimal_gold,
    digits,
    grouped_readings,
    is_integer,
    named_value,
    number_gold,
    percent_values,
)
from .readings import readings
from .rounding import coarser_rounding, rounded_decimal

__all__ = [
    "coarser",
    "comma_decimal_equal",
    "comma_for_point",
    "contradiction",
    "counted",
    "decimal_not_gold",
    "elementwise",
    "exact_equal",
    "exact_rounded",
    "grouped_number",
    "integer",
    "normal_form",
    "or_inside",
    "percent",
    "prose_for_number",
    "reading",
]

_OR_INSIDE = rx.compile(
    r"\\text\{\s*or\s*\}|(?<![a-zA-Z\\])or(?![a-zA-Z])|\\lor|\\vee|"
    + alternation(WordClass.ALTERNATIVE, exclude=("to", "between", "either", "\\pm", "\\mp")),
    rx.IGNORECASE,
)
_PROSE = rx.compile(r"[A-Za-z \t\n:;,.!?'\"()*-]+")  # no digit, no backslash, no operator
_MATH_WORD = rx.compile(
    r"\b(?:pi|e|i|inf|infty|infinity|tau|phi|nan)\b", rx.IGNORECASE
)  # words sympy reads as values
_EXACT_EQUAL = "exact value equals the gold's exact value"


def contradiction(case: Case) -> Decision | None:
    """An equation chain that contradicts itself (``2+2 = 5 = 4``) states no value."""
    if not case.contradicts:
        return None
    return Decision.of(False, "the equation chain contradicts itself", Rule.READ_SELF_CONTRADICTION)


def _has_word(s: str) -> bool:
    """Two ASCII letters in a row somewhere in ``s``: a word, not a lone variable."""
    return any(s[k : k + 2].isascii() and s[k : k + 2].isalpha() for k in range(len(s) - 1))


def prose_for_number(case: Case) -> Decision | None:
    """Plain words with no digit and no math (number words were read before) never equal a number: decided
    here, not by sympy ("Answer: Answer: ..." is no value)."""
    a = case.answer
    if number_gold(case.gold) and _PROSE.fullmatch(a) and _has_word(a) and not _MATH_WORD.search(a):
        return Decision.of(False, "the answer is words, not a number", Rule.PROSE_FOR_NUMBER)
    return None


def or_inside(case: Case) -> Decision | None:
    """Two alternatives in one answer ("3 or 4"), unless the gold is a list or says "or" itself."""
    g = case.gold
    if _OR_INSIDE.search(case.answer) and not g.multi and not _OR_INSIDE.search(g.expr):
        return Decision.of(False, "two alternatives in one answer ('or')", Rule.READ_OR_INSIDE)
    return None


def comma_for_point(case: Case) -> Decision | None:
    """A gold written with a decimal comma (``1,22``) answered with the decimal point (``1.22``)."""
    if comma_decimal_gold(case.answer, case.gold):
        return Decision.of(True, "the gold's decimal comma is the answer's decimal point", Rule.COMMA_DECIMAL)
    return None


def grouped_number(case: Case) -> Decision | None:
    """A number in groups of three (``1.250``, ``1'234``, ``3,500``) whose reading under one convention is the
    gold's exact value: the gold decides which separator is the thousands one, and the reason says which."""
    g = case.gold
    if g.multi or not (number_gold(g) or exact_value(g.norm) is not None):
        return None  # a number, or an exact value ("0,125" for 1/8)
    readings = grouped_readings(named_value(strip_units(case.answer).strip()))
    gold = exact_value(g.norm) if readings else None
    for value, how in readings if gold is not None else ():
        if exact_value(value) == gold:
            return Decision.of(
                True, f"{case.answer.strip()!r} read with {how}: the gold decides", Rule.GROUPED, "exact"
            )
    return None


def percent(case: Case) -> Decision | None:
    """A percentage for a plain number gold: the gold is the percentage's number (a gold stated without its
    sign, "what percent ...?": 12.5) or its value (0.125); anything else is left to the rows after."""
    g = case.gold
    if g.multi:
        return None
    if "%" in g.expr:
        return _same_percentage(case) or _percentage_number(case)
    if not number_gold(g):
        return None
    values = percent_values(case.answer)
    gold = exact_value(g.norm) if values else None
    for value in (exact_value(v) for v in values) if gold is not None else ():
        if value is not None and value == gold:
            return Decision.of(
                True, "the percentage's number is the gold (stated without its sign)", Rule.PERCENT, "exact"
            )
        if value is not None and value / 100 == gold:
            return Decision.of(True, "the percentage is the gold's value", Rule.PERCENT, "exact")
    return None


def _same_percentage(case: Case) -> Decision | None:
    """A percentage gold (``1000\\%``) answered with the same percentage in a local number style (``1,000%``,
    ``1.000 %``): the gold's number decides the reading, as for a plain number."""
    golds, answers = percent_values(case.gold.norm), percent_values(case.answer.strip())
    # the number written as the gold writes it is left to the rows after (normal form, decimal comma)
    same = _percent_number(case.answer) == _percent_number(case.gold.norm)
    gold = exact_value(golds[0]) if len(golds) == 1 and not same else None
    for value in answers if gold is not None else ():
        if exact_value(value) == gold:
            why = (
                f"the percentage's number is the gold percentage's ({case.answer.strip()!r} read as {value}%)"
            )
            return Decision.of(True, why, Rule.PERCENT, "exact")
    return None


def _percentage_number(case: Case) -> Decision | None:
    """A percentage gold (``12.5\\%``) answered by its number without the sign, the word for it in any
    language left out by the read ("12.5 percent", "12,5 Prozent", "12.5 por ciento"): as a plain number gold
    is paid the percentage's number, the other way round."""
    golds = percent_values(case.gold.norm)
    answer = _percent_number(case.answer)
    if len(golds) != 1 or answer != case.answer.strip() or "%" in answer:
        return None  # the answer writes a sign of its own: the row before reads it
    value, gold = exact_value(comma_decimal(answer, case.gold) or answer), exact_value(golds[0])
    if value is None or gold is None or value != gold or gold <= 1:
        return None  # "0.25" for 0.25%: a number up to 1 may be the fraction itself (25%), not paid
    return Decision.of(
        True, "the answer is the gold percentage's number, stated without its sign", Rule.PERCENT, "exact"
    )


def _percent_number(s: str) -> str:
    return s.strip().removesuffix("\\%").removesuffix("%").strip()


def normal_form(case: Case) -> Decision | None:
    """The answer's normal form is the gold's: the fast path."""
    if case.norm == case.gold.norm and case.gold.norm:
        count("fast_path")
        return Decision.of(True, "normalised answer equals normalised gold", Rule.NORMALISED, "fast")
    return None


def counted(case: Case) -> Decision | None:
    """Digits and a fraction noun ("3 quarters") against an exact gold: the gold picks the reading, the fraction
    (3/4) or a count of things (3), and the reason names the one it picked."""
    pair = counted_fraction(case.answer) if len(case.answer) <= 40 else None
    gold = exact_value(case.gold.norm) if pair is not None else None
    if pair is None or gold is None:
        return None
    n, d = pair
    if gold == Fraction(n, d):
        return Decision.of(
            True, f"{case.answer.strip()!r} read as the fraction {n}/{d}: the gold", Rule.READING
        )
    if gold == n:
        return Decision.of(True, f"{case.answer.strip()!r} read as a count, {n}: the gold", Rule.READING)
    return Decision.of(False, f"{case.answer.strip()!r} is neither {n}/{d} nor {n}", Rule.READING)


def reading(case: Case) -> Decision | None:
    """A number read in a second spelling (:func:`.readings.readings`) decides."""
    decided = readings(case.answer, case.norm, case.gold, case.prompt)
    if decided is None:
        return None
    same, why = decided
    return Decision.of(same, why, Rule.READING, "exact")


def elementwise(case: Case) -> Decision | None:
    """Tuples, intervals or matrices equal element by element, a decimal element as the gold's rounding."""
    if elementwise_equal(case.answer, case.gold.expr):
        why = "every element equals the gold's, exactly or as its rounding"
        return Decision.of(True, why, Rule.ELEMENTWISE, "exact")
    return None


def integer(case: Case) -> Decision | None:
    """Two integers of any length: compared as digit strings, no sympy and no int() (AIME/GSM8K answers, and
    golds past Python's 4,300-digit conversion limit)."""
    g = case.gold
    if not (is_integer(case.norm.replace("{,}", "")) and is_integer(g.norm.replace("{,}", ""))):
        return None
    count("fast_path")
    if digits(case.norm) == digits(g.norm):
        return Decision.of(True, "integer answer equals integer gold", Rule.INTEGER, "fast")
    return Decision.of(False, "integer answer differs from integer gold", Rule.INTEGER, "fast")


def coarser(case: Case) -> Decision | None:
    """A decimal gold answered with the gold rounded to fewer decimals (:func:`.rounding.coarser_rounding`)."""
    g = case.gold
    if "." in g.norm and coarser_rounding(strip_units(case.norm), normalise(strip_units(g.expr))):
        return Decision.of(True, "the decimal gold rounded to the answer's decimals", Rule.ROUNDED, "exact")
    return None


def comma_decimal_equal(case: Case) -> Decision | None:
    """The answer's decimal comma, read as a point, gives the gold's exact value."""
    if case.exact is not None and case.decimal_comma and case.exact[0] == case.exact[1]:
        return Decision.of(True, _EXACT_EQUAL, Rule.COMMA_DECIMAL, "exact")
    return None


def exact_equal(case: Case) -> Decision | None:
    """The answer's exact value is the gold's."""
    if case.exact is not None and case.exact[0] == case.exact[1]:
        why = _EXACT_EQUAL + (" (an angle read as its number of degrees)" if case.degrees else "")
        return Decision.of(True, why, Rule.EXACT, "exact")
    return None


def exact_rounded(case: Case) -> Decision | None:
    """A decimal that is an exact gold rounded at the gold's own precision (:func:`.rounding.rounded_decimal`)."""
    if case.exact is not None and rounded_decimal(case.norm, *case.exact):
        why = "the gold rounded to the answer's decimals, at the gold's own precision"
        return Decision.of(True, why, Rule.ROUNDED, "exact")
    return None


def decimal_not_gold(case: Case) -> Decision | None:
    """An exact gold (no decimal point): an exact answer that is not it, nor it rounded (the rows above), is
    not. (A decimal gold goes on: sympy decides.)"""
    if case.exact is not None and "." not in case.gold.norm:
        why = (
            "the angle's number of degrees is neither the exact gold nor the gold rounded"
            if case.degrees
            else "decimal answer is neither the exact gold nor the gold rounded"
        )
        return Decision.of(False, why, Rule.DECIMAL_NOT_GOLD, "exact")
    return None
