r"""Rows that refuse two values too far apart for ``verify`` to call them equal, without sympy's ``simplify``.

``verify`` rounds a float to six decimals before it compares (``float_rounding=6``), and otherwise asks
``simplify`` whether the difference is zero. ``simplify`` keeps a value, so two numbers whose values differ by
more than rounding can close are unequal whatever their form: deciding that numerically saves the slowest step
of the compare (tens of milliseconds for ``\frac{3\sqrt{3}}{1004}`` against ``\frac{1003\sqrt{1003}}{1004}``).
Only a refusal is decided here; an equality is still proved by the rows after.

>>> from ..config import EngineConfig
>>> from ..gold import parse_gold
>>> from ..goldkind import gold_kind
>>> from ..text import AnswerSpan
>>> from .symbolic import parse
>>> g = parse_gold("\\frac{1003\\sqrt{1003}}{1004}")
>>> c = Case("x", g, gold_kind(g), AnswerSpan("x", "boxed"), "\\frac{3\\sqrt{3}}{1004}", None, EngineConfig(), 0.0)
>>> numbers_apart(parse(c)).rule
<Rule.NUMBERS_APART: 'compare.numbers_apart'>
"""

from __future__ import annotations

import cmath
from fractions import Fraction
from itertools import product
from typing import Any

from ..rules import Rule
from .case import Case
from .decision import Decision
from .symbolic import verified_values

__all__ = ["decimal_apart", "numbers_apart", "evaluated"]

# Rounding each side to six decimals moves it at most 5e-7: values further apart than 1e-5 never meet. The
# relative bound keeps a float's last digits (15 significant ones) out of the decision.
_ABSOLUTE = 1e-5
_RELATIVE = 1e-8
_EVALF_DIGITS = 20
# Where a variable is set to show that an expression varies: generic values, away from the poles and roots
# that small integers and simple fractions hit.
_POINTS = (0.3719, 0.6143)
_MAX_VARIABLES = 3


def _far(a: complex, b: complex) -> bool:
    gap = abs(a - b)
    return gap > _ABSOLUTE and gap > _RELATIVE * max(1.0, abs(a), abs(b))


def _far_exact(a: Fraction, b: Fraction) -> bool:
    """:func:`_far` in exact arithmetic (an exact value may be past a float's range)."""
    gap = abs(a - b)
    return gap > Fraction(_ABSOLUTE) and gap > Fraction(_RELATIVE) * max(Fraction(1), abs(a), abs(b))


def decimal_apart(case: Case) -> Decision | None:
    """A decimal gold (an exact one was decided above) and an exact answer further apart than rounding closes.
    An angle is left to sympy (it may read degrees as radians), and so is a percent."""
    if case.exact is None or case.degrees or "%" in case.norm or "%" in case.gold.norm:
        return None
    answer, gold = case.exact
    if not _far_exact(Fraction(answer), Fraction(gold)):
        return None
    why = "the answer's exact value is further from the decimal gold than six-decimal rounding closes"
    return Decision.of(False, why, Rule.NUMBERS_APART, "exact")


def evaluated(v: Any, subs: dict[Any, float] | None = None) -> complex | None:
    """``v`` (its variables set by ``subs``) evaluated to a finite number, or None (no number, no value)."""
    try:
        z = complex(v.evalf(_EVALF_DIGITS, subs=subs))
    except (TypeError, ValueError, OverflowError, ArithmeticError, AttributeError):
        return None
    return z if cmath.isfinite(z) else None


def _value(v: Any) -> complex | None:
    """A number with no variable, evaluated; None for anything else (a variable, a set, a relation, a
    matrix, infinity)."""
    from sympy import Expr  # loaded by the parse that made ``v``

    return evaluated(v) if isinstance(v, Expr) and v.is_number else None


def _at(v: Any, point: float) -> complex | None:
    """``v`` with its variables set to values near ``point`` (each its own), evaluated."""
    return evaluated(v, {x: point + k / 7 for k, x in enumerate(sorted(v.free_symbols, key=str))})


def _varies(v: Any) -> bool:
    """``v`` is an expression in a few variables whose value changes with them, so no number equals it
    (``1/(1-x)``): two points where it takes values far apart prove it."""
    from sympy import Expr, Symbol

    # a bare letter goes to verify's own symbol rules (the letter e is Euler's number there)
    if not isinstance(v, Expr) or isinstance(v, Symbol) or not 0 < len(v.free_symbols) <= _MAX_VARIABLES:
        return False
    one, two = _at(v, _POINTS[0]), _at(v, _POINTS[1])
    return one is not None and two is not None and _far(one, two)


def _differ(g: Any, a: Any) -> bool:
    """Two expressions in a few variables that take values far apart at one generic point (each variable
    set by its name, the same on both sides): their difference is not zero there, so ``simplify`` (which keeps
    values) cannot make it zero, and ``verify``'s other tests (the same string, a number rounded) do not
    apply to an expression with a variable. A bare letter is left to ``verify``'s symbol rules."""
    from sympy import Expr, Symbol

    if not (isinstance(g, Expr) and isinstance(a, Expr)) or isinstance(g, Symbol) or isinstance(a, Symbol):
        return False
    names = sorted({str(x) for x in g.free_symbols | a.free_symbols})
    if not 0 < len(names) <= _MAX_VARIABLES or not (g.free_symbols and a.free_symbols):
        return False
    # by name: a variable that cancels on one side only (``\frac{2yx}{x}`` against ``2y``) gets one value
    value = {name: _POINTS[0] + k / 7 for k, name in enumerate(names)}
    one, two = _by_name(g, value), _by_name(a, value)
    return one is not None and two is not None and _far(one, two)


def _by_name(v: Any, value: dict[str, float]) -> complex | None:
    """``v`` with each variable set to its name's value, evaluated."""
    return evaluated(v, {x: value[str(x)] for x in v.free_symbols})


def _pair_apart(g: Any, a: Any) -> bool:
    """``verify``'s pair ``(g, a)`` is certainly false: two different strings, a string against an
    expression (never compared), two numbers far apart, a number against an expression that varies, or two
    expressions in the same variables that differ at a point."""
    if isinstance(g, str) or isinstance(a, str):
        return not (isinstance(g, str) and isinstance(a, str) and g.strip() == a.strip())
    vg, va = _value(g), _value(a)
    if vg is not None and va is not None:
        return _far(vg, va)
    return (vg is not None and _varies(a)) or (va is not None and _varies(g)) or _differ(g, a)


def numbers_apart(case: Case) -> Decision | None:
    """Every pair ``verify`` would try is two numbers far apart, a number against an expression that varies, or
    a pair it never matches: unequal."""
    gold, answer = verified_values(case)
    if not (gold.ok and answer.ok) or not all(
        _pair_apart(g, a) for g, a in product(gold.values, answer.values)
    ):
        return None
    why = (
        "the answer's value is further from the gold's than six-decimal rounding closes, or one side varies"
        " with a variable and the other is a number (evaluated numerically)"
    )
    return Decision.of(False, why, Rule.NUMBERS_APART, "inline")
