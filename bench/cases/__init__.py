"""Probe catalogue (named inputs with expected behaviour) and the degenerate-output classifier."""

from __future__ import annotations

from .classify import DEGENERATE_LABELS, classify_degenerate

__all__ = ["DEGENERATE_LABELS", "classify_degenerate"]
