"""Bound the ANTLR DFA cache inside latex2sympy2_extended's LaTeX parser.

The generated lexer and parser keep their DFA states and prediction contexts in class attributes that
grow with every distinct input and are never freed (about 87% of the RSS growth over 10^5 distinct answers).
:func:`note_parses` counts parses and swaps in fresh, empty caches every ``RESET_EVERY``; a parse already
running keeps the caches it started with, so a reset is safe from any thread.

>>> reset_dfa_cache() >= 0
True
"""

from __future__ import annotations

import threading

from .cache_bounds import ANTLR_RESET_EVERY

__all__ = ["reset_dfa_cache", "note_parses", "RESET_EVERY"]

RESET_EVERY = ANTLR_RESET_EVERY  # read at every count: benchmarks.rss --no-reset sets it here
_lock = threading.Lock()
_since_reset = 0


def _generated_classes() -> list[type]:
    import importlib

    classes: list[type] = []
    for version in ("antlr4_13_2", "antlr4_11_0", "antlr4_9_3"):
        for name in ("PSParser", "PSLexer"):
            try:
                module = importlib.import_module(f"latex2sympy2_extended.gen.{version}.{name}")
            except Exception:  # noqa: BLE001 - a generated module for another antlr runtime may not import
                continue
            cls = getattr(module, name, None)
            if cls is not None and hasattr(cls, "decisionsToDFA"):
                classes.append(cls)
    return classes


def reset_dfa_cache() -> int:
    """Give every generated parser and lexer fresh caches; returns how many classes were reset."""
    from antlr4.dfa.DFA import DFA
    from antlr4.PredictionContext import PredictionContextCache

    from .two_stage_parse import reset as reset_two_stage

    reset_two_stage()  # the engine's SLL stage keeps its own DFA (two_stage_parse)
    classes = _generated_classes()
    for cls in classes:
        atn = cls.atn  # type: ignore[attr-defined]
        cls.decisionsToDFA = [DFA(s, i) for i, s in enumerate(atn.decisionToState)]  # type: ignore[attr-defined]
        if hasattr(cls, "sharedContextCache"):
            cls.sharedContextCache = PredictionContextCache()  # type: ignore[attr-defined]
    return len(classes)


def note_parses(n: int = 1) -> None:
    """Count ``n`` more parses; reset the caches once ``RESET_EVERY`` have been made since the last reset."""
    global _since_reset
    with _lock:
        _since_reset += n
        due = _since_reset >= RESET_EVERY
        if due:
            _since_reset = 0
    if due:
        reset_dfa_cache()
