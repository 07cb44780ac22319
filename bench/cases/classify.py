"""The degenerate-output classifier; it lives in :mod:`rewards.degenerate` (re-exported here unchanged).

>>> classify_degenerate("the " * 40)
'repetition'
"""

from __future__ import annotations

from rewards.degenerate import DEGENERATE_LABELS, classify_degenerate

__all__ = ["DEGENERATE_LABELS", "classify_degenerate"]
