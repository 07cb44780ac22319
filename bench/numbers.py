"""The one rule for reading a logged value as a number, shared by dumps, training logs and completions tables.

A number is an ``int`` or ``float`` (NaN and infinities included: callers decide what a non-finite value
means), a ``bool`` (``True`` is 1.0, ``False`` 0.0: what a reward function returning a bool pays in TRL, which
sums rewards as floats), or text that Python's ``float`` reads (surrounding spaces allowed). Anything else
(``None``, other text, lists, dicts) is not a number: ``None``.

>>> as_number(1), as_number(True), as_number(" 0.5 "), as_number("nan") != as_number("nan")
(1.0, 1.0, 0.5, True)
>>> as_number(None), as_number("high"), as_number([1])
(None, None, None)
>>> as_finite("inf"), as_finite(2)
(None, 2.0)
"""

from __future__ import annotations

import math
from typing import Any

__all__ = ["as_number", "as_finite"]


def as_number(value: Any) -> float | None:
    """``value`` as a float, or ``None`` when it is not a number (module doc)."""
    if isinstance(value, int | float):  # bool is an int: True -> 1.0
        try:
            return float(value)
        except OverflowError:  # an int past float's range
            return math.copysign(math.inf, value)
    if isinstance(value, str):
        try:
            return float(value)
        except ValueError:
            return None
    return None


def as_finite(value: Any) -> float | None:
    """``value`` as a finite float, or ``None`` when it is not a number or is NaN or infinite."""
    number = as_number(value)
    return number if number is not None and math.isfinite(number) else None
