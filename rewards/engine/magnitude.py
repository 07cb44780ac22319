r"""Exact decisions without computing: a power tower or a factorial of positive integers is far bigger than a
small exact value, so the two differ, whatever the tower's exact digits.

Admission (:mod:`rewardcheck.rewards.engine.admission`) refuses ``9^{9^{9^{9}}}`` before any work; against
a gold such as ``5`` that would leave the answer unjudged (None). :func:`differs_by_size` decides it instead:
a lower bound of the tower's size in bits, computed on the exponents' bounds and never on the value, is past
the gold's size. Only integer literals ``>= 2``, ``^``, ``!`` and brackets are read; anything else is not
decided here.

>>> differs_by_size(r"9^{9^{9^{9}}}", "5"), differs_by_size(r"(10^{10})!", r"\frac{7}{2}")
(True, True)
>>> differs_by_size(r"1^{9^{9^{9}}}", "1"), differs_by_size("x^{9^{9}}", "5")
(False, False)
"""

from __future__ import annotations

import math

from rewardcheck.rewards import rx

from .exact import exact_value
from .text import SIZING_SPACE

__all__ = ["lower_bits", "differs_by_size"]

CAP = 1e18  # bits: a bound past this is "past any gold that exact values read"
_TOKEN = rx.compile(r"\s+|\d+|[\^{}()!]|\\left|\\right")


class _Unread(Exception):
    pass


class _Reader:
    def __init__(self, s: str) -> None:
        self.toks = [t for t in _TOKEN.findall(s) if t.strip() and t not in ("\\left", "\\right")]
        if "".join(self.toks) != SIZING_SPACE.sub("", s):
            raise _Unread(s)
        self.i = 0

    def peek(self) -> str | None:
        return self.toks[self.i] if self.i < len(self.toks) else None

    def take(self) -> str:
        tok = self.peek()
        if tok is None:
            raise _Unread("end")
        self.i += 1
        return tok

    def power(self) -> float:
        """log2 lower bound of ``atom ('^' power)?`` (right-associative)."""
        base = self.postfix()
        if self.peek() != "^":
            return base
        self.take()
        exponent = self.power_arg()
        if base < 1.0:  # a base below 2: no useful bound
            raise _Unread("small base")
        value = CAP if exponent > 60 else 2.0**exponent  # the exponent's value is at least 2^exponent-bits
        return min(CAP, value * base)

    def power_arg(self) -> float:
        if self.peek() == "{":
            self.take()
            v = self.power()
            if self.take() != "}":
                raise _Unread("}")
            return v
        return self.postfix_digit()

    def postfix_digit(self) -> float:
        tok = self.take()
        if not tok.isdigit() or len(tok) > 1:  # x^23 is x^2 * 3 in LaTeX (and x^20 is 0): not read here
            raise _Unread(tok)
        return _bits(int(tok))

    def postfix(self) -> float:
        v = self.atom()
        while self.peek() == "!":
            self.take()
            # n! >= 2^(n-1) for n >= 1; n >= 2^v here
            v = CAP if v > 60 else min(CAP, 2.0**v - 1)
        return v

    def atom(self) -> float:
        tok = self.take()
        if tok.isdigit():
            return _bits(int(tok))
        close = {"{": "}", "(": ")"}.get(tok)
        if close is None:
            raise _Unread(tok)
        v = self.power()
        if self.take() != close:
            raise _Unread(close)
        return v


def _bits(n: int) -> float:
    """log2 of ``n`` rounded down to whole bits (a lower bound); below 1 for 0 and 1."""
    return float(n.bit_length() - 1) if n >= 2 else 0.0


def lower_bits(expr: str) -> float | None:
    """A lower bound of ``log2(value)`` for a tower/factorial of integer literals, or None when not read."""
    try:
        r = _Reader(expr)
        v = r.power()
        if r.peek() is not None:
            return None
        return v
    except (_Unread, OverflowError, ValueError):
        return None


def differs_by_size(big: str, small: str) -> bool:
    """True when ``big`` is a tower/factorial of positive integers provably larger in size than the exact
    value of ``small`` (so the two are different numbers); False when that cannot be shown."""
    bound = lower_bits(big)
    if bound is None or bound < 64:
        return False
    value = exact_value(small)
    if value is None:
        return False
    size = max(abs(value.numerator), 1).bit_length() - math.floor(math.log2(value.denominator))
    return bound > size + 2
