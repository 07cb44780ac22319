"""The :class:`Signal` a detector returns, number formatting, and the persistence test every tail-run detector
shares.

A *tail run* is the stretch from some record to the end of the log over which a condition holds; its first
step is the onset. A tail run counts only when it is longer than chance: at least ``MIN_RUN`` records and, with
``q`` the (smoothed) share of earlier records for which the condition held, ``q ** k < ALPHA``. A healthy run
near chance accuracy has a few zero-accuracy batches in a row; a collapse has many more than its own history
explains. (Judged against the whole history, a late stretch of a run that has long been collapsing, broken by
single good batches, may not count: the guard has fired by then, and the offline diagnosis names the cause
from the other signals.) The live guard and ``rewardcheck logs`` both go through this test, so neither fires on one bad batch.

>>> pts = [(float(i), v) for i, v in enumerate([0.3, 0.2, 0.4, 0.3, 0.0, 0.0, 0.0])]
>>> persistent_tail(pts, lambda v: v == 0.0)
4
>>> persistent_tail(pts[:6], lambda v: v == 0.0) is None  # two zeros after four non-zeros: chance
True
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

__all__ = ["Signal", "fmt", "fraction_text", "tail_run", "persistent_tail", "MIN_RUN", "ALPHA"]

MIN_RUN = 3
ALPHA = 0.01


@dataclass(frozen=True)
class Signal:
    name: str
    step: float | None
    evidence: str
    critical: bool
    values: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "step": self.step,
            "evidence": self.evidence,
            "critical": self.critical,
            **self.values,
        }


def fmt(v: float) -> str:
    if v == 0:
        return "0"
    if abs(v) < 1e-3 or abs(v) >= 1e5:
        return f"{v:.2g}"
    return f"{v:.4g}"


def fraction_text(v: float) -> str:
    f = Fraction(v).limit_denominator(6)
    return f" ({f.numerator}/{f.denominator})" if f.denominator > 1 and abs(float(f) - v) < 1e-3 else ""


def tail_run(points: Sequence[tuple[float, float]], holds: Callable[[float], bool]) -> int | None:
    """Index where the final run of points satisfying ``holds`` starts, or None if the last point fails."""
    start = None
    for i in range(len(points) - 1, -1, -1):
        if not holds(points[i][1]):
            break
        start = i
    return start


def persistent_tail(
    points: Sequence[tuple[float, float]],
    holds: Callable[[float], bool],
    min_run: int = MIN_RUN,
    alpha: float = ALPHA,
) -> int | None:
    """Start of the tail run when it is longer than the log's own history explains (module doc), else None."""
    start = tail_run(points, holds)
    if start is None:
        return None
    k = len(points) - start
    if k < min_run:
        return None
    held = sum(1 for _, v in points[:start] if holds(v))
    q = (held + 1) / (start + 2)
    return start if q**k < alpha else None
