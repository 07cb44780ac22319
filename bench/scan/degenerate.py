"""The probe classifier's verdict on one completion, as the short kind name a scan reports.

Delegates to ``bench.probes.catalogue.classify_degenerate(text, prompt)`` (the bench core's classifier:
empty, tags only, markers only, repetition, prompt echo) and reads its answer whatever its shape: ``None``
or a falsy result means "not degenerate"; a string is the kind; an object gives its ``kind`` (or
``name``) attribute, unless its ``degenerate`` attribute says no.

>>> degenerate_kind("", "What is 1+1?") is not None
True
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import Any

__all__ = ["degenerate_kind", "classifier_available"]


@lru_cache(maxsize=1)
def _classifier() -> Callable[[str, str], Any] | None:
    try:
        from bench.probes.catalogue import classify_degenerate
    except ImportError:
        return None
    return classify_degenerate  # type: ignore[no-any-return]


def classifier_available() -> bool:
    return _classifier() is not None


@lru_cache(maxsize=4096)  # collapsed runs repeat the same degenerate output many times
def degenerate_kind(text: str, prompt: str = "") -> str | None:
    classify = _classifier()
    if classify is None:
        return "empty" if not text.strip() else None  # the one kind that needs no classifier
    result = classify(text, prompt)
    if result is None or result is False:
        return None
    if isinstance(result, str):
        return result or None
    if getattr(result, "degenerate", True) is False:
        return None
    kind = getattr(result, "kind", None) or getattr(result, "name", None)
    if kind is None:
        return "degenerate" if result else None
    return str(getattr(kind, "value", kind))
