r"""An interval against an interval gold, both with exact ends (:mod:`..interval_ends`): compared end by end,
with no sympy; anything else is left to sympy.

>>> interval("(3003, 3004]")
(False, Fraction(3003, 1), Fraction(3004, 1), True)
"""

from __future__ import annotations

from ..exact import exact_value
from ..interval_ends import interval
from ..rules import Rule
from .case import Case
from .decision import Decision

__all__ = ["interval", "exact_interval"]


def exact_interval(case: Case) -> Decision | None:
    """An interval gold with exact ends: an interval answer with exact ends is it when its ends and brackets
    are the gold's; an exact number is not an interval."""
    gold = interval(case.gold.norm)
    if gold is None:
        return None
    answer = interval(case.norm)
    if answer is None:
        if exact_value(case.norm) is None:
            return None
        return Decision.of(False, "an exact number against an interval gold", Rule.INTERVAL, "exact")
    same = answer == gold
    why = f"interval compared end by end and bracket by bracket: {'the same' if same else 'different'}"
    return Decision.of(same, why, Rule.INTERVAL, "exact")
