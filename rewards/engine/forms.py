r"""Rewrite an answer (or gold) into the form the comparison reads: string work only, bounded, no sympy.

A column vector is its tuple, a one-variable inequality is its interval (whatever the variable is called),
a function equation names its variable like the gold does, trailing unit text is dropped, and a number
written in a base (``1101_2``) is its digits and base.

>>> as_tuple(r"\begin{pmatrix} 1 \\ 2 \end{pmatrix}"), as_interval("t>2"), as_interval(r"-1 \le y < 3")
('(1, 2)', '(2, \\infty)', '[-1, 3)')
>>> rename_function_variable("g(t)=2t+1", "g(x)=2x+1"), strip_units(r"50 \mbox{ cm}^2")
('g(x)=2x+1', '50')
>>> base_number("1101_2"), base_number(r"3012_{4}"), base_number("12")
(('1101', 2), ('3012', 4), None)
"""

from __future__ import annotations

import re

__all__ = ["as_tuple", "as_interval", "rename_function_variable", "strip_units", "base_number", "canonical"]

MAX_FORM_CHARS = 300  # longer strings are left as they are (every rewrite below is a bounded scan)

_COLUMN = re.compile(r"\\begin\{([pbv]matrix)\}(.*)\\end\{\1\}", re.DOTALL)
_REL = r"(?:<|>|\\le(?:q)?(?![a-z])|\\ge(?:q)?(?![a-z])|\\leqslant|\\geqslant|≤|≥)"
_ONE_SIDED = re.compile(rf"([a-zA-Z])\s*({_REL})\s*([^<>=≤≥]+)|([^<>=≤≥]+?)\s*({_REL})\s*([a-zA-Z])")
_TWO_SIDED = re.compile(rf"([^<>=≤≥]+?)\s*({_REL})\s*([a-zA-Z])\s*({_REL})\s*([^<>=≤≥]+)")
_FUNC_EQ = re.compile(r"([a-zA-Z])\(([a-zA-Z])\)\s*=\s*(.+)", re.DOTALL)
_UNITS = re.compile(
    r"(?:\s|\\[,;! ])*\\(?:mbox|text|textnormal|mathrm)\{\s*[A-Za-z][A-Za-z .]*\}(?:\s*\^\s*\{?\s*[23]\s*\}?)?\s*$"
)
_BASE = re.compile(r"([0-9A-Za-z]+)_\{?\(?(\d{1,2})\)?\}?")


def as_tuple(s: str) -> str:
    """A column vector ``\\begin{pmatrix} a \\\\ b \\end{pmatrix}`` as the tuple ``(a, b)``; else ``s``."""
    m = _COLUMN.fullmatch(s.strip()[:MAX_FORM_CHARS])
    if m is None or "&" in m.group(2):
        return s
    rows = [r.strip() for r in m.group(2).split("\\\\")]
    rows = [r for r in rows if r]
    return f"({', '.join(rows)})" if rows else s


def _is_less(rel: str) -> bool:
    return rel in ("<", "≤") or rel.startswith("\\le")


def _strict(rel: str) -> bool:
    return rel in ("<", ">")


def as_interval(s: str) -> str:
    """A one-variable inequality as an interval: ``t>2`` -> ``(2, \\infty)``, ``1 < x \\le 2`` -> ``(1, 2]``."""
    t = s.strip()
    if len(t) > MAX_FORM_CHARS or not re.search(_REL, t):
        return s
    m = _TWO_SIDED.fullmatch(t)
    if m is not None and _is_less(m.group(2)) == _is_less(m.group(4)):
        lo, hi = (m.group(1), m.group(5)) if _is_less(m.group(2)) else (m.group(5), m.group(1))
        lo_rel, hi_rel = (m.group(2), m.group(4)) if _is_less(m.group(2)) else (m.group(4), m.group(2))
        if re.search(r"[a-zA-Z]", re.sub(r"\\[a-zA-Z]+", "", lo + hi)):
            return s
        left = "(" if _strict(lo_rel) else "["
        right = ")" if _strict(hi_rel) else "]"
        return f"{left}{lo.strip()}, {hi.strip()}{right}"
    m = _ONE_SIDED.fullmatch(t)
    if m is None:
        return s
    if m.group(1) is not None:
        rel, bound, var_left = m.group(2), m.group(3), True
    else:
        bound, rel, var_left = m.group(4), m.group(5), False
    if re.search(r"[a-zA-Z]", re.sub(r"\\[a-zA-Z]+", "", bound)):
        return s  # the bound holds a variable: not a one-variable inequality
    below = _is_less(rel) == var_left  # var < bound
    bracket = ")" if _strict(rel) else "]"
    if below:
        return f"(-\\infty, {bound.strip()}{bracket}"
    return f"{'(' if _strict(rel) else '['}{bound.strip()}, \\infty)"


def rename_function_variable(answer: str, gold: str) -> str:
    """``g(t)=2t+1`` against a gold ``g(x)=...``: the answer with its variable renamed to the gold's."""
    a = _FUNC_EQ.fullmatch(answer.strip()[:MAX_FORM_CHARS])
    g = _FUNC_EQ.fullmatch(gold.strip()[:MAX_FORM_CHARS])
    if a is None or g is None or a.group(1) != g.group(1) or a.group(2) == g.group(2):
        return answer
    old, new = a.group(2), g.group(2)
    if re.search(rf"(?<![a-zA-Z\\]){new}(?![a-zA-Z])", a.group(3)):
        return answer  # the new name is already used in the body
    body = re.sub(rf"(?<![a-zA-Z\\]){old}(?![a-zA-Z])", new, a.group(3))
    return f"{a.group(1)}({new})={body}"


def strip_units(s: str) -> str:
    """``50 \\mbox{ cm}^2`` -> ``50``: trailing unit words (and a square or cube of them) dropped."""
    if len(s) > MAX_FORM_CHARS:
        return s
    out = _UNITS.sub("", s).strip()
    return out or s


def base_number(s: str) -> tuple[str, int] | None:
    """``1101_2`` -> ("1101", 2): digits written in a base 2..36 (digits valid for the base); else None."""
    m = _BASE.fullmatch(s.strip()[:MAX_FORM_CHARS])
    if m is None:
        return None
    digits, base = m.group(1), int(m.group(2))
    if not 2 <= base <= 36:
        return None
    try:
        int(digits, base)
    except ValueError:
        return None
    return digits.upper(), base


def canonical(s: str) -> str:
    """Every rewrite that applies to one string on its own (tuple, interval)."""
    return as_interval(as_tuple(s))
