"""The probe classifier's verdict on one completion, as the short kind name a scan reports.

Re-exports :func:`rewardcheck.rewards.degenerate.degenerate_kind` (empty, tags only, markers only, repetition, prompt echo,
boxed loop), where the classifier lives so that reward wrappers can use it without importing ``bench``.

>>> degenerate_kind("", "What is 1+1?") is not None
True
"""

from __future__ import annotations

from rewardcheck.rewards.degenerate import degenerate_kind

__all__ = ["degenerate_kind", "classifier_available"]


def classifier_available() -> bool:
    return True
