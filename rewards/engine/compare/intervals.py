r"""An interval against an interval gold, both with exact ends: compared end by end, with no sympy.

An end is an exact value (:func:`~rewardcheck.rewards.engine.exact.exact_value`) or an infinity; a bracket at
an infinite end says nothing (``[-\infty, 2]`` is ``(-\infty, 2]``). Anything else (a union, a degenerate or
reversed interval, an end with a radical) is left to sympy (``None``).

>>> interval("(3003, 3004]"), interval("[-\\infty, \\frac{1}{2})")
((False, Fraction(3003, 1), Fraction(3004, 1), True), (False, -inf, Fraction(1, 2), False))
>>> interval("(1, \\sqrt{2})") is None, interval("(2, 1)") is None, interval("(1, 2) \\cup (3, 4)") is None
(True, True, True)
"""

from __future__ import annotations

import math
from fractions import Fraction

from ..exact import exact_value
from ..rules import Rule
from .case import Case
from .decision import Decision

__all__ = ["interval", "exact_interval"]

_INFINITIES = {
    "\\infty": math.inf,
    "+\\infty": math.inf,
    "-\\infty": -math.inf,
    "∞": math.inf,
    "-∞": -math.inf,
}

End = Fraction | float  # an exact value, or an infinity


def _end(text: str) -> End | None:
    t = text.strip().replace(" ", "")
    return _INFINITIES[t] if t in _INFINITIES else exact_value(t)


def interval(norm: str) -> tuple[bool, End, End, bool] | None:
    """``(closed at the left, left end, right end, closed at the right)`` of an interval written ``(a, b]``, or
    ``None`` (see the module doc)."""
    t = norm.strip()
    if len(t) < 5 or t[0] not in "[(" or t[-1] not in "])" or any(ch in t[1:-1] for ch in "[]()"):
        return None
    parts = t[1:-1].split(",")
    if len(parts) != 2:
        return None
    lo, hi = _end(parts[0]), _end(parts[1])
    if lo is None or hi is None or not lo < hi:
        return None
    return (t[0] == "[" and lo != -math.inf, lo, hi, t[-1] == "]" and hi != math.inf)


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
