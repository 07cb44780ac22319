r"""What kind of value a gold is: the compare stage picks its rows by it.

>>> from .gold import parse_gold
>>> gold_kind(parse_gold("42")), gold_kind(parse_gold("[1, 3)")), gold_kind(parse_gold(r"\text{Evelyn}"))
(<GoldKind.NUMBER: 'number'>, <GoldKind.INTERVAL: 'interval'>, <GoldKind.TEXT: 'text'>)
>>> gold_kind(parse_gold("1101_2")), gold_kind(parse_gold("N/A")), gold_kind(parse_gold("4:30 p.m."))
(<GoldKind.BASE_N: 'base_n'>, <GoldKind.UNPARSEABLE: 'unparseable'>, <GoldKind.CLOCK: 'clock'>)
"""

from __future__ import annotations

from enum import StrEnum

from rewardcheck.rewards import rx

from .choices import OWN_LETTERS
from .clock import clock_gold
from .forms import has_equation, proposition
from .gold import GoldParse, GoldStatus

__all__ = ["GoldKind", "gold_kind"]


class GoldKind(StrEnum):
    NUMBER = "number"  # an integer or decimal written out
    EXPRESSION = "expression"  # anything sympy reads as one value (fractions, radicals, polynomials)
    INTERVAL = "interval"  # an interval, a union of them, or an inequality
    SET = "set"  # several values: a list, a set, several boxes in one gold
    TUPLE = "tuple"  # an ordered pair or labelled tuple
    MATRIX = "matrix"
    EQUATION = "equation"  # ``y = 2x + 3``: compared as an equation
    PROPOSITION = "proposition"  # a quantified statement, compared as written
    TEXT = "text"  # a word or two
    CHOICE = "choice"  # a multiple-choice letter
    CLOCK = "clock"  # a time of day
    BASE_N = "base_n"  # digits in a base other than ten
    UNPARSEABLE = "unparseable"  # nothing to score against: the judge gives None


_INTERVAL = rx.compile(r"^[(\[].*,.*[)\]]$|\\cup|\\le|\\ge|<|>|\\infty")
_CHOICE = rx.compile(r"^\(?\\?(?:text\{)?\(?[A-Ea-e]\)?\}?$")


def gold_kind(g: GoldParse) -> GoldKind:
    """The kind of ``g`` (one linear look at its normal form; the parse itself is ``gold.parse_gold``'s)."""
    if g.status is GoldStatus.BASE:
        return GoldKind.BASE_N
    if g.status is GoldStatus.TEXT:
        return GoldKind.TEXT
    if clock_gold(g.raw) is not None:
        return GoldKind.CLOCK
    # Golds with no value at all (``GoldParse.no_value``: a placeholder, an empty gold, a worked solution with
    # no answer found). A gold sympy cannot read but that has a normal form (``4t`` in some spellings) is still
    # compared by its normal form first, and gives None only when that does not decide.
    if g.status is GoldStatus.UNPARSEABLE and (not g.norm or g.no_value):
        return GoldKind.UNPARSEABLE
    norm = g.norm
    if proposition(g.expr) is not None:
        return GoldKind.PROPOSITION
    if "matrix" in norm or "\\begin{array" in norm:
        return GoldKind.MATRIX
    if g.is_number:
        return GoldKind.NUMBER
    if _CHOICE.match(norm) or norm.strip("() ") in OWN_LETTERS:
        return GoldKind.CHOICE  # "C", "(C)", or a language's own letter ("Б" is B)
    if _INTERVAL.search(norm):
        return GoldKind.INTERVAL
    if has_equation(g.expr):
        return GoldKind.EQUATION
    if norm.startswith("(") and g.multi:
        return GoldKind.TUPLE
    if g.multi:
        return GoldKind.SET
    return GoldKind.EXPRESSION
