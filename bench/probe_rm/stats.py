"""Small rank statistics used by the probe report (no scipy needed).

>>> auc([3.0, 4.0], [1.0, 2.0]), auc([1.0], [1.0])
(1.0, 0.5)
>>> round(spearman([1, 2, 3, 4], [10, 20, 30, 40]) or 0, 6)
1.0
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

__all__ = ["auc", "spearman", "percentile", "median"]


def auc(positive: Sequence[float], negative: Sequence[float]) -> float:
    """P(positive > negative) + P(tie)/2 over all pairs: the ROC AUC of separating the two samples."""
    if not positive or not negative:
        return float("nan")
    p = np.asarray(positive, dtype=float)[:, None]
    n = np.asarray(negative, dtype=float)[None, :]
    return float((p > n).mean() + 0.5 * (p == n).mean())


def _ranks(values: Sequence[float]) -> np.ndarray:
    arr = np.asarray(values, dtype=float)
    order = arr.argsort(kind="mergesort")
    ranks = np.empty(len(arr), dtype=float)
    ranks[order] = np.arange(len(arr), dtype=float)
    for v in np.unique(arr):  # ties share their average rank
        idx = arr == v
        ranks[idx] = ranks[idx].mean()
    return ranks


def spearman(x: Sequence[float], y: Sequence[float]) -> float | None:
    """Spearman rank correlation; ``None`` when either side is constant or there are fewer than 3 points."""
    if len(x) != len(y) or len(x) < 3:
        return None
    rx, ry = _ranks(x), _ranks(y)
    if rx.std() == 0 or ry.std() == 0:
        return None
    return float(np.corrcoef(rx, ry)[0, 1])


def percentile(values: Sequence[float], q: float) -> float:
    return float(np.percentile(np.asarray(values, dtype=float), q)) if len(values) else float("nan")


def median(values: Sequence[float]) -> float:
    return percentile(values, 50)
