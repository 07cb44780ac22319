"""Trend statistics written for the detectors: the Mann-Kendall test and the Theil-Sen slope.

Mann-Kendall asks whether a series rises or falls more often than chance (no window, no level); Theil-Sen
gives the slope as the median of pairwise slopes, robust to the spikes GRPO batches have. Long series are
thinned evenly to ``MAX_POINTS`` so a test costs the same at step 50 and step 5000.

>>> t = mann_kendall([1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0])
>>> t.direction, round(t.p, 4) < 0.001
(1, True)
>>> theil_sen([0.0, 1.0, 2.0], [1.0, 3.0, 5.0])
2.0
>>> mann_kendall([1.0, 1.0, 1.0, 1.0]).direction
0
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

__all__ = ["Trend", "mann_kendall", "theil_sen", "thin", "MAX_POINTS"]

MAX_POINTS = 120


@dataclass(frozen=True)
class Trend:
    s: int  # Mann-Kendall S: concordant minus discordant pairs
    z: float
    p: float  # two-sided p-value (normal approximation, tie-corrected variance)
    n: int

    @property
    def direction(self) -> int:
        """+1 rising, -1 falling, 0 no significant trend at the 5% level."""
        if self.p >= 0.05 or self.s == 0:
            return 0
        return 1 if self.s > 0 else -1


def thin(values: Sequence[float], limit: int = MAX_POINTS) -> list[float]:
    """At most ``limit`` evenly spaced values, first and last kept."""
    n = len(values)
    if n <= limit:
        return list(values)
    return [values[round(i * (n - 1) / (limit - 1))] for i in range(limit)]


def mann_kendall(values: Sequence[float]) -> Trend:
    xs = np.asarray(thin(values), dtype=float)
    n = len(xs)
    s = int(np.triu(np.sign(xs[None, :] - xs[:, None]), k=1).sum())
    _, counts = np.unique(xs, return_counts=True)
    t = counts.astype(float)
    var = float(n * (n - 1) * (2 * n + 5) - (t * (t - 1) * (2 * t + 5)).sum()) / 18
    if n < 3 or var <= 0:
        return Trend(s, 0.0, 1.0, n)
    z = (s - 1) / math.sqrt(var) if s > 0 else (s + 1) / math.sqrt(var) if s < 0 else 0.0
    p = math.erfc(abs(z) / math.sqrt(2))
    return Trend(s, z, p, n)


def theil_sen(xs: Sequence[float], ys: Sequence[float]) -> float:
    """Median of the pairwise slopes (0.0 for fewer than two distinct x)."""
    x = np.asarray(thin(xs), dtype=float)
    y = np.asarray(thin(ys), dtype=float)
    i, j = np.triu_indices(len(x), k=1)
    dx = x[j] - x[i]
    keep = dx != 0
    if not keep.any():
        return 0.0
    return float(np.median((y[j] - y[i])[keep] / dx[keep]))
