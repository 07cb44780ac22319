"""One comparison as the compare rows read it: the answer (as each rewrite leaves it), the gold and its kind.

>>> from ..config import EngineConfig
>>> from ..gold import parse_gold
>>> from ..goldkind import gold_kind
>>> from ..text import AnswerSpan
>>> g = parse_gold("4")
>>> c = Case("4", g, gold_kind(g), AnswerSpan("4", "boxed"), "4", None, EngineConfig(), 0.0)
>>> c.answer, c.kind.value, c.norm
('4', 'number', '')
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from ..config import EngineConfig
from ..gold import GoldParse
from ..goldkind import GoldKind
from ..mathcore import Parsed
from ..text import AnswerSpan

__all__ = ["Case"]


@dataclass(frozen=True)
class Case:
    """``gold_text`` is the gold as given, ``gold`` its parse (a rewrite may pair it with the answer: a new
    parse), ``kind`` the kind of the gold as given (rows are picked by it); ``answer`` the answer's text as the
    rewrites so far leave it. The fields after ``t0`` are set by a rewrite row, and read only by rows after it:
    ``contradicts`` (the answer's equation chain contradicts itself), ``decimal_comma`` (the answer's decimal
    comma was read as a point), ``norm`` (the answer normalised), ``exact`` (the exact values of answer and
    gold, when both have one), ``degrees`` (``exact`` read past a degree sign), ``parsed`` (the answer parsed by
    math-verify)."""

    gold_text: str
    gold: GoldParse
    kind: GoldKind
    span: AnswerSpan
    answer: str
    prompt: str | None
    config: EngineConfig
    t0: float
    contradicts: bool = False
    decimal_comma: bool = False
    norm: str = ""
    exact: tuple[Fraction, Fraction] | None = None  # (answer, gold)
    degrees: bool = False
    parsed: Parsed | None = None
