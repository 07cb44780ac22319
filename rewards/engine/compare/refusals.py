"""Refusals: an equal value that is not paid. A row's credit passes the refusals the row names, in order:
the prompt's own expression handed back (``refuse.echo``), an answer not in final form when
``EngineConfig.allow_unevaluated`` does not pay one (``refuse.unevaluated``).

>>> [r.rule.value for r in (ECHO, UNEVALUATED)]
['refuse.echo', 'refuse.unevaluated']
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ..rules import Rule
from ..verdict import Verdict
from .case import Case
from .decision import Decision
from .echo import echo
from .final_form import final_form, unevaluated_policy

__all__ = ["ECHO", "UNEVALUATED", "Refusal", "refuse"]


@dataclass(frozen=True)
class Refusal:
    """One refusal: its rule, and the reason it refuses a credit (on the credit's path), or ``None``."""

    rule: Rule
    reason: Callable[[Case], str | None]


def _echoed(case: Case) -> str | None:
    if echo(case.answer, case.prompt, case.gold.norm):
        return "the answer is the prompt's own expression, unevaluated"
    return None


def _not_final(case: Case) -> str | None:
    not_final = None if unevaluated_policy(case.config, case.prompt) else final_form(case.answer, case.gold)
    return None if not_final is None else f"{not_final} (EngineConfig.allow_unevaluated)"


ECHO = Refusal(Rule.ECHO, _echoed)
UNEVALUATED = Refusal(Rule.UNEVALUATED, _not_final)


def refuse(case: Case, decision: Decision, refusals: tuple[Refusal, ...]) -> Decision:
    """A correct ``decision`` refused by the first of ``refusals`` that applies; any other decision as it is."""
    if decision.verdict is not Verdict.CORRECT:
        return decision
    for refusal in refusals:
        why = refusal.reason(case)
        if why is not None:
            return Decision(Verdict.WRONG, why, refusal.rule, decision.path)
    return decision
