r"""Cheap string checks that decide whether an expression may be handed to sympy in this process.

sympy has no interruption point: ``9^{9^{9^{9}}}`` evaluates a number with billions of digits, deeply nested
braces recurse through the LaTeX parser. Anything that looks like that goes to the isolated worker, which is
killed at the deadline; ordinary answers (numbers, fractions, radicals, short expressions) stay in process.

>>> risk(r"\frac{\pi}{4}") is None
True
>>> risk(r"9^{9^{9^{9}}}")
'power tower'
>>> risk("{" * 50 + "}" * 50)
'brace depth 50 > 6'
>>> risk(r"((10^{999})^{999})^{999}")
'power of a power'
>>> risk(r"\frac{2-3\omega+\omega^{-1994}}{2(1-\omega)(1-\omega^2)}")
'huge exponent'
"""

from __future__ import annotations

import re

__all__ = ["risk", "MAX_BRACE_DEPTH"]

MAX_BRACE_DEPTH = 6
_TOWER = re.compile(r"\^\s*\{[^{}]*\^|\^\s*[\w.]+\s*\^|\^\s*\{[^{}]*\{[^{}]*\}[^{}]*\^|\*\*[^*]*\*\*")
# A sign before the digits counts too: ``\omega^{-1994}`` made sympy's cancel run for minutes in a real scan.
_BIG_EXPONENT = re.compile(r"\^\s*\{?\s*-?\s*\d{4,}|\*\*\s*\(?-?\s*\d{4,}|\\(?:exp|e)\s*\{?\s*-?\s*\d{4,}")
_HEAVY = re.compile(r"!|\\(?:binom|sum|prod|int|lim|begin|operatorname|mod|pmod)|\\(?:d|t)?binom|\d{25,}")


# A power whose base closes a bracket that holds another power: ``(a^b)^c`` is a tower in brackets.
_POWER_OF_POWER = re.compile(r"(?:\^|\*\*)[^()]*\)\s*(?:\^|\*\*)")
_EXPONENT = re.compile(r"(?:\^|\*\*)\s*\{?\s*\(?\s*-?\s*(\d+)")


def _stacked_powers(expr: str) -> str | None:
    exponents = [len(d) for d in _EXPONENT.findall(expr)]
    if not exponents:
        return None
    if _POWER_OF_POWER.search(expr) and max(exponents) >= 2:
        return "power of a power"
    if len(exponents) >= 2 and max(exponents) >= 3:
        return "several large powers"
    return None


def _depth(s: str) -> int:
    depth = deepest = 0
    for ch in s:
        if ch == "{" or ch == "(":
            depth += 1
            deepest = max(deepest, depth)
        elif ch == "}" or ch == ")":
            depth -= 1
    return deepest


def risk(expr: str, max_chars: int = 120) -> str | None:
    """Why ``expr`` must not be evaluated in process, or ``None`` when it is ordinary."""
    if len(expr) > max_chars:
        return f"{len(expr)} chars > {max_chars}"
    depth = _depth(expr)
    if depth > MAX_BRACE_DEPTH:
        return f"brace depth {depth} > {MAX_BRACE_DEPTH}"
    if _TOWER.search(expr):
        return "power tower"
    if _BIG_EXPONENT.search(expr):
        return "huge exponent"
    stacked = _stacked_powers(expr)
    if stacked is not None:
        return stacked
    if _HEAVY.search(expr):
        return "factorial, big operator or very long number"
    return None
