r"""An interval written ``(a, b]`` whose ends are exact values or infinities, read without sympy.

A bracket at an infinite end says nothing (``[-\\infty, 2]`` is ``(-\\infty, 2]``). Anything else (a union, a
degenerate or reversed interval, an end with a radical) is no such interval (``None``).

>>> interval("(3003, 3004]"), interval("[-\\infty, \\frac{1}{2})")
((False, Fraction(3003, 1), Fraction(3004, 1), True), (False, -inf, Fraction(1, 2), False))
>>> interval("(1, \\sqrt{2})") is None, interval("(2, 1)") is None, interval("(1, 2) \\cup (3, 4)") is None
(True, True, True)
"""

from __future__ import annotations

import math
from fractions import Fraction

from .exact import exact_value

__all__ = ["interval", "End"]

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
