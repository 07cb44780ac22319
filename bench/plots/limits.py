"""Axis limits and histogram bins that fit the data, in plain Python (tested without matplotlib).

A plotting library's defaults serve smooth, varied data; a report's data is often degenerate: a share that is
zero at every step, one logged step, rewards that only take the values 0 and 1. These rules give such data an
axis a reader recognises.

>>> value_span([0.0, 0.0], share=True)
(0.0, 1.0)
>>> value_span([1, 1], integer=True)
(0.0, 2.0)
>>> histogram_edges([0.29, 0.5, 1.08], bins=20)[:3]
[0.25, 0.3, 0.35]
>>> histogram_edges([0, 1, 1, 2])
[-0.5, 0.5, 1.5, 2.5]
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from typing import Any

from rewardcheck.bench.numbers import as_finite

__all__ = ["all_integers", "finite", "histogram_edges", "nice_step", "padded", "value_span"]

_NICE = (1.0, 2.0, 2.5, 5.0, 10.0)


def finite(values: Iterable[Any]) -> list[float]:
    """The values that are finite numbers, as floats, by the kit's one rule for a logged value
    (:func:`~rewardcheck.bench.numbers.as_finite`): a NaN loss or a missing reward is not plotted."""
    return [f for v in values if (f := as_finite(v)) is not None]


def all_integers(values: Iterable[float]) -> bool:
    """True when every value is a whole number (steps, counts): such an axis gets whole-number ticks."""
    vs = list(values)
    return bool(vs) and all(float(v).is_integer() for v in vs)


def nice_step(raw: float) -> float:
    """The smallest round step (1, 2, 2.5 or 5 times a power of ten) not below ``raw``.

    >>> nice_step(0.0394), nice_step(3), nice_step(0.1)
    (0.05, 5.0, 0.1)
    """
    if not math.isfinite(raw) or raw <= 0:
        return 1.0
    scale = 10.0 ** math.floor(math.log10(raw))
    # the 1e-9: a raw step that is already round (0.1 read as 0.1000000001 after division) stays itself
    return next(m * scale for m in _NICE if m * scale >= raw * (1 - 1e-9))


def _around(value: float, *, integer: bool) -> tuple[float, float]:
    """An axis around one constant value: its neighbours for whole numbers, one unit of its magnitude
    either side otherwise (so the value sits mid-axis among round ticks, not at the top of a 1e-12 span)."""
    if integer:
        return value - 1.0, value + 1.0
    if value == 0:
        return -1.0, 1.0
    unit = 10.0 ** math.floor(math.log10(abs(value)))
    return value - unit, value + unit


def value_span(
    values: Iterable[Any],
    *,
    share: bool = False,
    from_zero: bool = False,
    integer: bool = False,
) -> tuple[float, float]:
    """The unpadded axis range for ``values``.

    ``share``: a fraction, always shown on 0..1 (widened only if the data leaves it), so an all-zero share
    reads as "none" rather than as a line in an empty span. ``from_zero``: a count or rate whose axis must
    include 0. ``integer``: whole numbers (steps); a single one gets its neighbours. Empty data gives 0..1.
    """
    vs = finite(values)
    if share:
        return min([0.0, *vs]), max([1.0, *vs])
    if not vs:
        return 0.0, 1.0
    lo, hi = min(vs), max(vs)
    if from_zero:
        lo, hi = min(lo, 0.0), max(hi, 0.0)
        if lo == hi:  # all zero: a count or rate of nothing, on the positive side
            return 0.0, 1.0
    if lo == hi:
        return _around(lo, integer=integer)
    return lo, hi


def padded(
    span: tuple[float, float], fraction: float = 0.04, *, keep_low: bool = False
) -> tuple[float, float]:
    """``span`` widened by ``fraction`` of its width on each side, so a line at the limit is not drawn on the
    frame; ``keep_low`` leaves the lower limit (a bar chart stands on its zero)."""
    lo, hi = span
    pad = (hi - lo) * fraction
    return (lo if keep_low else lo - pad), hi + pad


def _round(x: float, step: float) -> float:
    # edges as a person writes them (0.3, not 0.30000000000000004): two digits below the step's
    digits = max(0, 2 - math.floor(math.log10(step)))
    return round(x, digits) + 0.0  # + 0.0: no "-0.0" edge


def histogram_edges(values: Iterable[Any], bins: int = 20) -> list[float]:
    """Bin edges on round numbers covering ``values``: at most about ``bins`` bins of a round width
    (1, 2, 2.5 or 5 times a power of ten), each value in the bin ``[edge, next edge)``. Whole numbers
    spanning no more than ``bins`` get one bin each, centred on the number."""
    vs = finite(values)
    if not vs:
        return [0.0, 1.0]
    lo, hi = min(vs), max(vs)
    if all_integers(vs) and hi - lo <= bins:
        return [k - 0.5 for k in range(int(lo), int(hi) + 2)]
    if lo == hi:
        lo, hi = _around(lo, integer=False)
    step = nice_step((hi - lo) / bins)
    first = math.floor(lo / step) * step
    # count: the maximum falls inside the last bin, not on its closing edge
    edges = [_round(first + i * step, step) for i in range(math.floor((hi - first) / step) + 2)]
    # rounding an edge to its decimal spelling can move it past a value within float noise of it
    if edges[0] > lo:
        edges.insert(0, _round(edges[0] - step, step))
    if edges[-1] <= hi:
        edges.append(_round(edges[-1] + step, step))
    return edges
