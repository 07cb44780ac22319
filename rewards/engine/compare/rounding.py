r"""A decimal that is the gold rounded: coarser than a decimal gold, or an exact gold at its own precision.

>>> from fractions import Fraction
>>> rounded_decimal("0.33", Fraction(33, 100), Fraction(1, 3)), rounded_decimal("0.3", Fraction(3, 10), Fraction(1, 3))
(True, False)
"""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction

from rewardcheck.rewards import rx

__all__ = ["coarser_rounding", "rounded_decimal"]

_DECIMAL = rx.compile(r"-?(\d*)\.(\d+)")


def _decimals(s: str) -> str | None:
    """The decimals of ``s`` when it is a plain decimal, a digit before its point (``-1.27`` -> ``27``)."""
    m = _DECIMAL.fullmatch(s)
    return m.group(2) if m is not None and m.group(1) else None


def coarser_rounding(answer: str, gold: str) -> bool:
    r"""A decimal gold (itself a measurement or a rounded figure, ``1.27\%``, ``165.47``) answered with the
    gold rounded half-up to fewer decimals (``1.3\%``, ``165.5``), or to an integer of three digits or more
    (``118\%`` for ``117.95\%``); both with a percent sign or both without; never one significant digit.

    >>> coarser_rounding("1.3\\%", "1.27\\%"), coarser_rounding("0.3", "0.33"), coarser_rounding("12", "11.6")
    (True, False, False)
    """
    pa, pg = answer.endswith("%"), gold.endswith("%")
    if pa != pg:
        return False
    if pa:
        answer, gold = answer.rstrip("%").removesuffix("\\"), gold.rstrip("%").removesuffix("\\")
    da, dg = _decimals(answer), _decimals(gold)
    if dg is None:
        return False
    whole = answer.removeprefix("-")
    if da is None and len(whole) >= 3 and whole.isdecimal():  # "118" for 117.95: three digits or more
        return Decimal(gold).quantize(Decimal(1), rounding=ROUND_HALF_UP) == Decimal(answer)
    if da is None or not 1 <= len(da) < len(dg):
        return False
    if len(answer.lstrip("-").replace(".", "").lstrip("0")) < 2:
        return False  # "0.3" for 0.33: one significant digit is a guess, not a rounding
    step = Decimal(1).scaleb(-len(da))
    return Decimal(gold).quantize(step, rounding=ROUND_HALF_UP) == Decimal(answer)


def rounded_decimal(text: str, answer: Fraction, gold: Fraction) -> bool:
    """An inexact decimal for an exact gold is credited when the gold has no finite decimal expansion (its
    denominator has a prime factor other than 2 and 5), the answer is the gold rounded to the answer's
    decimals (|answer - gold| <= half a unit of its last place), and it carries the gold's own precision: at
    least one significant digit more than the gold's denominator has, and never fewer than two. So 0.33 and
    0.333 pay for 1/3, 0.3 (too coarse), 0.34 (not the gold rounded) and 0.66 for 2/3 (cut, not rounded) do
    not; 0.13 for 1/8 does not (0.125 is exact, so an exact gold with a finite decimal needs that decimal);
    an integer (33 for 100/3) claims exactness and is compared exactly."""
    m = _DECIMAL.fullmatch(text)
    if m is None:
        return False
    den = gold.denominator
    for p in (2, 5):
        while den % p == 0:
            den //= p
    if den == 1:
        return False
    decimals = len(m.group(2))
    significant = len((m.group(1) + m.group(2)).lstrip("0"))
    if significant < max(2, len(str(gold.denominator)) + 1):
        return False
    return abs(answer - gold) * 2 * 10**decimals <= 1
