"""Run the compare table: the first row that decides gives the judgement.

>>> from ..config import EngineConfig
>>> from ..gold import parse_gold
>>> from ..goldkind import gold_kind
>>> from ..text import AnswerSpan
>>> g = parse_gold("12")
>>> compare(Case("12", g, gold_kind(g), AnswerSpan("12", "boxed"), "12", None, EngineConfig(), 0.0)).rule
'compare.normalised'
"""

from __future__ import annotations

from ..verdict import Judgement
from .case import Case
from .decision import Decision, judgement
from .refusals import refuse
from .rules import RULES, Check

__all__ = ["compare", "decide"]


def decide(case: Case) -> tuple[Case, Decision]:
    """The first decision of a row of ``RULES`` (the last row always decides), past its refusals, with the
    case as the rewrites before it left it."""
    for row in RULES:
        if case.kind not in row.kinds:
            continue
        if not isinstance(row, Check):
            case = row.apply(case)
            continue
        decision = row.decide(case)
        if decision is not None:
            return case, refuse(case, decision, row.refusals)
    raise AssertionError(
        "the last compare row decides"
    )  # RULES ends with compare.symbolic, which always does


def compare(case: Case) -> Judgement:
    """The judgement of ``case``: its gold shown as the deciding row read it (a pairing may rewrite it)."""
    case, d = decide(case)
    return judgement(d.verdict, d.reason, case.span, case.gold, d.path, case.t0, d.rule)
