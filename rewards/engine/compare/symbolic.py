r"""The last rows: a gold only sympy could read, an answer no parser reads, and the symbolic comparison (in
process for a pre-screened ordinary expression, in the killable worker for anything risky).

>>> from ..config import EngineConfig
>>> from ..gold import parse_gold
>>> from ..goldkind import gold_kind
>>> from ..text import AnswerSpan
>>> g = parse_gold("x^2")
>>> operator_run(Case("x^2", g, gold_kind(g), AnswerSpan("2****", "boxed"), "2****", None, EngineConfig(), 0.0)).rule
<Rule.UNREADABLE_ANSWER: 'compare.unreadable_answer'>
"""

from __future__ import annotations

from dataclasses import replace

from rewardcheck.rewards import rx

from ..exact import too_large
from ..gold import GoldStatus
from ..letters import keep_letters, lost_letters
from ..mathcore import Parsed, parse_value, verify_parsed
from ..prescreen import risk
from ..rules import Rule
from ..verdict import Verdict
from .case import Case
from .decision import Decision
from .isolated import isolated

__all__ = [
    "gold_unparseable",
    "in_worker",
    "operator_run",
    "parse",
    "symbolic",
    "unparsed_answer",
    "verified_values",
]

_OPERATOR_RUN = rx.compile(r"\*{3,}|\+{3,}|/{3,}|\^{3,}|={3,}|,{3,}|;{3,}")
_IN_WORKER = frozenset({GoldStatus.RISKY, GoldStatus.PROSE})  # golds parsed only in the worker


def gold_unparseable(case: Case) -> Decision | None:
    """A gold sympy cannot read, that no row above matched by its normal form: nothing to score against."""
    g = case.gold
    if g.status is not GoldStatus.UNPARSEABLE:
        return None
    why = f"gold {case.gold_text[:60]!r} does not parse ({g.how}{': ' + g.note if g.note else ''})"
    return Decision(Verdict.GOLD_UNPARSEABLE, why, Rule.GOLD_UNPARSEABLE, "gold")


def operator_run(case: Case) -> Decision | None:
    """``2****``, ``3,,,,``: no parser reads it as a value; no worker needed."""
    if _OPERATOR_RUN.search(case.answer):
        why = f"answer {case.answer[:60]!r} does not parse as math (a run of operators)"
        return Decision.of(False, why, Rule.UNREADABLE_ANSWER)
    return None


def in_worker(case: Case) -> Decision | None:
    """A risky answer (past the pre-screen, or an exact value too large) or a gold only the worker parses:
    compared in the killable worker."""
    answer, g = case.answer, case.gold
    risky = risk(answer, case.config.max_inline_chars) or (
        "exact value too large" if too_large(answer) else None
    )
    if g.status in _IN_WORKER or risky is not None:
        return isolated(g, answer, risky or f"gold {g.note or g.status}", case.config.timeout_s, case.t0)
    return None


def parse(case: Case) -> Case:
    """The answer parsed by math-verify in process (``Case.parsed``)."""
    return replace(case, parsed=parse_value(case.answer))


def unparsed_answer(case: Case) -> Decision | None:
    """An answer math-verify does not read."""
    if case.parsed is None or not case.parsed.ok:
        why = f"answer {case.answer[:60]!r} does not parse as math"
        return Decision.of(False, why, Rule.UNREADABLE_ANSWER, "inline")
    return None


def verified_values(case: Case) -> tuple[Parsed, Parsed]:
    """The parses ``verify`` is given, gold then answer: a one-letter variable a parse read as a unit ("2m")
    and dropped is parsed again with it kept."""
    parsed = case.parsed if case.parsed is not None else parse_value(case.answer)  # set by the parse row
    gold_values = case.gold.values()
    for source, which in ((case.gold.expr, "gold"), (case.answer, "answer")):
        current = gold_values if which == "gold" else parsed
        if lost_letters(source, current):
            again = keep_letters(source)
            if again.ok and not lost_letters(source, again):
                gold_values, parsed = (again, parsed) if which == "gold" else (gold_values, again)
    return gold_values, parsed


def symbolic(case: Case) -> Decision:
    """``verify(gold, answer)`` on :func:`verified_values`."""
    ok = verify_parsed(*verified_values(case))
    if ok:
        return Decision(Verdict.CORRECT, "verify(gold, answer) is True", Rule.SYMBOLIC, "inline")
    return Decision(Verdict.WRONG, f"verify(gold, answer) is {ok}", Rule.SYMBOLIC, "inline")
