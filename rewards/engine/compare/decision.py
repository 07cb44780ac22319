"""What a compare row decides, and the :class:`~..verdict.Judgement` a decision (or a read-stage exit) makes.

>>> d = Decision.of(True, "integer answer equals integer gold", Rule.INTEGER, "fast")
>>> d.verdict.value, d.rule.value, d.path
('correct', 'compare.integer', 'fast')
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from ..gold import GoldParse
from ..isolation import count
from ..rules import Rule
from ..text import AnswerSpan
from ..verdict import Judgement, Verdict

__all__ = ["Decision", "judgement"]


@dataclass(frozen=True)
class Decision:
    """A row's decision: the verdict (correct or wrong; the isolated row may also time out, fail, or find the
    gold unparseable), the reason a person reads, the rule that decided, and the path it took."""

    verdict: Verdict
    reason: str
    rule: Rule
    path: str = "text"

    @classmethod
    def of(cls, same: bool, reason: str, rule: Rule, path: str = "text") -> Decision:
        """Correct when ``same``, else wrong."""
        return cls(Verdict.CORRECT if same else Verdict.WRONG, reason, rule, path)


def judgement(
    verdict: Verdict,
    reason: str,
    span: AnswerSpan | None,
    gold: GoldParse | None,
    path: str,
    t0: float,
    rule: Rule,
) -> Judgement:
    """The judgement of one verdict, counted; a list answer to a list gold is shown as its list."""
    count(f"verdict_{verdict.value}")
    shown = span.answer if span is not None else None
    if span is not None and span.alternatives and gold is not None and (gold.multi or gold.both_signs):
        shown = ", ".join(span.alternatives)
    return Judgement(
        verdict,
        reason,
        answer=shown,
        gold=gold.shown if gold is not None else None,
        path=path,
        elapsed_s=time.monotonic() - t0,
        rule=rule.value,
    )
