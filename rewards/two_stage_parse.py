"""Two-stage prediction for the engine's own LaTeX parses: ANTLR's SLL prediction first, its full LL
prediction only for an input where SLL reports a syntax error.

latex2sympy2_extended (1.11.0) parses with ANTLR's default LL prediction, whose full-context step
(``ParserATNSimulator.execATNWithFullContext``) took most of a parse's time on the hard-pairs benchmark and
is never cached. ANTLR documents what SLL prediction guarantees (``antlr4.atn.PredictionMode.SLL``, runtime
4.13.2): the parser "will either return a correct parse tree (i.e. the same parse tree that would be
returned with the LL prediction mode), or it will report a syntax error", where LL may still succeed. So an
SLL syntax error is retried with LL, and every parse ends with LL's tree or LL's error: the values are
latex2sympy's own (``tests/engine/test_two_stage_parse.py`` compares both on every expression the engine's
fixtures give and on generated ones).

Two boundaries keep the rest of the process untouched:

- only a parse made inside :func:`sll_first` takes the SLL stage (a context variable, so per thread): a
  peer that calls math-verify or latex2sympy in the same process (open-r1's reward, a benchmark's baseline)
  parses exactly as it would without rewardcheck;
- the SLL stage predicts with its own DFA cache, never the parser class's (SLL mode drops precedence
  predicates when it looks for conflicts, so its states are kept apart from the ones LL reads), and
  :func:`reset` empties it with the class caches (:mod:`.parser_cache`).

>>> from latex2sympy2_extended.latex2sympy2 import latex2sympy
>>> with sll_first():
...     fast = latex2sympy(r"x^2+2x+1")
>>> fast == latex2sympy(r"x^2+2x+1"), stages()["sll_then_ll"] >= 1
(True, True)
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from enum import Enum
from functools import cache
from typing import Any

__all__ = ["sll_first", "install", "reset", "stages"]


class _Stage(Enum):
    NONE = "none"  # a parse made outside sll_first: latex2sympy's own LL, untouched
    SLL = "sll"
    LL = "ll"


_ON: ContextVar[bool] = ContextVar("rewardcheck_sll_first", default=False)
_STAGE: ContextVar[_Stage] = ContextVar("rewardcheck_parse_stage", default=_Stage.NONE)
_lock = threading.Lock()
_dfa: dict[type, Any] = {}  # parser class -> (its DFA list, its context cache) for the SLL stage
_counts = {"sll": 0, "sll_then_ll": 0}


class _SLLSyntaxError(Exception):
    """SLL prediction found no viable alternative: the input is retried with LL."""


@cache
def _bail_listener() -> Any:
    """One listener for every SLL parse (it holds no state): built once, not a class per parse."""
    from antlr4.error.ErrorListener import ErrorListener

    class _Bail(ErrorListener):  # type: ignore[misc]
        def syntaxError(
            self, recognizer: Any, offendingSymbol: Any, line: int, column: int, msg: str, e: Any
        ) -> None:  # noqa: N802,N803,E501 - ANTLR's signature
            raise _SLLSyntaxError(msg)

    return _Bail()


def _sll_caches(cls: type) -> Any:
    with _lock:
        caches = _dfa.get(cls)
        if caches is None:
            from antlr4.dfa.DFA import DFA
            from antlr4.PredictionContext import PredictionContextCache

            atn = cls.atn  # type: ignore[attr-defined]
            caches = _dfa[cls] = (
                [DFA(s, i) for i, s in enumerate(atn.decisionToState)],
                PredictionContextCache(),
            )
        return caches


def _to_sll(parser: Any) -> Any:
    from antlr4.atn.ParserATNSimulator import ParserATNSimulator
    from antlr4.atn.PredictionMode import PredictionMode

    dfa, contexts = _sll_caches(type(parser))
    parser._interp = ParserATNSimulator(parser, parser.atn, dfa, contexts)
    parser._interp.predictionMode = PredictionMode.SLL
    parser.removeErrorListeners()
    parser.addErrorListener(_bail_listener())
    return parser


def install() -> None:
    """Wrap latex2sympy's parser factory and parse once per process (idempotent); a parse outside
    :func:`sll_first` goes straight to the original methods."""
    from latex2sympy2_extended import latex2sympy2 as module

    cls = module._Latex2Sympy
    with _lock:
        if getattr(cls.parse, "_rewardcheck_two_stage", False):
            return
        create_parser, parse = cls.create_parser, cls.parse

        def two_stage_create_parser(self: Any, latex_str: str) -> Any:
            parser = create_parser(self, latex_str)
            return _to_sll(parser) if _STAGE.get() is _Stage.SLL else parser

        def two_stage_parse(self: Any, latex_str: str) -> Any:
            if not _ON.get():
                return parse(self, latex_str)
            token = _STAGE.set(_Stage.SLL)
            try:
                _counts["sll"] += 1
                return parse(self, latex_str)
            except _SLLSyntaxError:
                _counts["sll_then_ll"] += 1
            finally:
                _STAGE.reset(token)
            token = _STAGE.set(_Stage.LL)
            try:
                return parse(self, latex_str)
            finally:
                _STAGE.reset(token)

        two_stage_parse._rewardcheck_two_stage = True  # type: ignore[attr-defined]
        cls.create_parser = two_stage_create_parser
        cls.parse = two_stage_parse


@contextmanager
def sll_first() -> Iterator[None]:
    """Parses made in this block (this thread) take the SLL stage first."""
    install()
    token = _ON.set(True)
    try:
        yield
    finally:
        _ON.reset(token)


def reset() -> None:
    """Empty the SLL stage's DFA caches (they grow with distinct inputs, as the class caches do)."""
    with _lock:
        _dfa.clear()


def stages() -> dict[str, int]:
    """Parses that took the SLL stage, and those of them retried with LL (a statistic: not locked)."""
    return dict(_counts)
