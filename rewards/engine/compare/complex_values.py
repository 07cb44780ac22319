r"""A complex number written with the letter i on both sides, compared as a complex number.

math-verify reads the letter i as a variable, real in one parse and not in another ("2i" alone, "3 - 2i"),
so ``5(1 + i)`` is not ``5 + 5i`` to it, nor ``0{,}6 - 0{,}8i`` ``\frac{3}{5} - \frac{4}{5}i``. Where the gold
holds the letter i and no other variable, i is the imaginary unit: both sides are numbers, equal when they
agree to ``verify``'s six decimals. Only a credit is decided here; anything else goes on to the rows after.

>>> from ..config import EngineConfig
>>> from ..gold import parse_gold
>>> from ..goldkind import gold_kind
>>> from ..text import AnswerSpan
>>> from .symbolic import parse
>>> g = parse_gold("5 + 5i")
>>> c = Case("x", g, gold_kind(g), AnswerSpan("x", "boxed"), "5(1 + i)", None, EngineConfig(), 0.0)
>>> complex_equal(parse(c)).rule
<Rule.COMPLEX: 'compare.complex'>
"""

from __future__ import annotations

from typing import Any

from ..rules import Rule
from .apart import evaluated
from .case import Case
from .decision import Decision
from .symbolic import verified_values

__all__ = ["complex_equal"]

_PLACES = 1e-6  # verify rounds to six decimals


def complex_equal(case: Case) -> Decision | None:
    """Gold and answer are the same complex number once the letter i is the imaginary unit."""
    gold, answer = verified_values(case)
    if not (gold.ok and answer.ok) or not _has_i(gold.values[0]):
        return None
    g, a = _as_complex(gold.values[0]), _as_complex(answer.values[0])
    if g is None or a is None or abs(g - a) > _PLACES * max(1.0, abs(g)):
        return None
    why = "the same complex number, the letter i read as the imaginary unit on both sides"
    return Decision.of(True, why, Rule.COMPLEX, "inline")


def _has_i(v: Any) -> bool:
    from sympy import Expr

    return isinstance(v, Expr) and any(s.name == "i" for s in v.free_symbols)


def _as_complex(v: Any) -> complex | None:
    """``v`` with every variable named i as the imaginary unit, evaluated; None when another variable is
    left or the value is not a finite number."""
    from sympy import Expr, I

    if not isinstance(v, Expr) or any(s.name != "i" for s in v.free_symbols):
        return None
    return evaluated(v.xreplace({s: I for s in v.free_symbols}))
