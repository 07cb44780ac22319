r"""Tuples, intervals and matrices compared element by element, when the answer writes a decimal.

>>> elementwise_equal("(0.6, 2.6667]", "(\\frac{3}{5}, \\frac{8}{3}]"), elementwise_equal("(0.6, 2.6]", "(\\frac{3}{5}, \\frac{8}{3}]")
(True, False)
"""

from __future__ import annotations

from rewardcheck.rewards import rx

from ..exact import exact_value
from ..text import SIZING_SPACE, normalise, strip_math_delimiters
from .rounding import rounded_decimal

__all__ = ["MAX_ELEMENTS", "elementwise_equal"]

_MATRIX_BODY = rx.compile(r"\\begin\{pmatrix\}(.*)\\end\{pmatrix\}")
MAX_ELEMENTS = 64


def _elements(s: str) -> tuple[str, list[str]] | None:
    """A bracketed tuple or interval (``(0.6,2.6667]``) or a pmatrix as (its shape, its elements), or
    ``None``. Only flat ones (no brackets inside an element), at most ``MAX_ELEMENTS``."""
    s = SIZING_SPACE.sub("", strip_math_delimiters(s)).strip()
    m = _MATRIX_BODY.fullmatch(s[1:-1] if s[:1] == "(" and s[-1:] == ")" else s) or _MATRIX_BODY.fullmatch(s)
    if m is not None:
        rows = m.group(1).split("\\\\")
        cells = [r.split("&") for r in rows]
        flat = [c for r in cells for c in r][: MAX_ELEMENTS + 1]
        if all(len(r) == 1 for r in cells):
            return (
                "()",
                flat,
            )  # a column vector reads as the tuple of its entries (as ``canonical`` writes it)
        return "m" + ",".join(str(len(r)) for r in cells), flat
    if len(s) > 2 and s[0] in "([" and s[-1] in ")]" and not any(c in s[1:-1] for c in "()[]"):
        return s[0] + s[-1], s[1:-1].split(",")[: MAX_ELEMENTS + 1]
    return None


def elementwise_equal(answer: str, gold: str) -> bool:
    """Two tuples, intervals or matrices of the same shape whose elements are each equal: exactly, or the
    answer's decimal is the gold's exact value rounded at its precision (``(0.6, 2.6667]`` for
    ``(\\frac{3}{5}, \\frac{8}{3}]``); only when some element of the answer is a decimal (else sympy decides)."""
    if "." not in answer:
        return False
    a, g = _elements(answer), _elements(gold)
    if a is None or g is None or a[0] != g[0] or len(a[1]) != len(g[1]) or len(a[1]) > MAX_ELEMENTS:
        return False
    for x, y in zip(a[1], g[1], strict=True):
        x, y = normalise(x), normalise(y)
        vx, vy = exact_value(x), exact_value(y)
        if vx is None or vy is None:
            return False
        if vx != vy and not rounded_decimal(x, vx, vy):
            return False
    return True
