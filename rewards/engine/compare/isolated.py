"""The symbolic comparison in the killable worker, under what is left of the judge's limit.

>>> timeout_reason(NotAdmitted("a power tower"), "timeout after 1 s")
'too large to compare: a power tower'
"""

from __future__ import annotations

import time

from ..gold import GoldParse, GoldStatus
from ..isolation import IsolationError, IsolationTimeout, NotAdmitted, count, default_pool
from ..rules import Rule
from ..verdict import Verdict
from .decision import Decision

__all__ = ["TOO_LARGE", "isolated", "timeout_reason"]

TOO_LARGE = "too large to compare"


def timeout_reason(exc: IsolationTimeout, timed: str) -> str:
    """The reason for a verdict ``timeout``: admission's refusal is the same for the same input, so it carries
    no elapsed time ("too large to compare: a power tower"); a timeout says how long it waited.

    >>> timeout_reason(NotAdmitted("a power tower"), "timeout after 1 s")
    'too large to compare: a power tower'
    >>> timeout_reason(IsolationTimeout("worker busy"), "timeout after 1 s")
    'timeout after 1 s: worker busy'
    """
    if isinstance(exc, NotAdmitted):
        why = str(exc)
        return why if why.startswith(TOO_LARGE) else f"{TOO_LARGE}: {why}"
    return f"{timed}: {exc}"


def isolated(g: GoldParse, answer: str, why: str, timeout_s: float, t0: float) -> Decision:
    """Gold and answer parsed and verified in the worker; ``why`` says why they went there (for the reason)."""
    count("prescreen_isolated")
    remaining = timeout_s - (time.monotonic() - t0)
    try:
        outcome, _, _ = default_pool().run(
            "check_strings", (g.expr, answer, g.status is GoldStatus.PROSE), remaining
        )
    except IsolationTimeout as exc:
        reason = timeout_reason(exc, f"timeout after {timeout_s:g} s ({why})")
        return Decision(Verdict.TIMEOUT, reason, Rule.TIMEOUT, "isolated")
    except IsolationError as exc:
        return Decision(Verdict.ERROR, f"isolated verify failed ({why}): {exc}", Rule.ERROR, "isolated")
    if outcome == "gold_unparseable":
        reason = f"gold {g.expr[:60]!r} does not parse (isolated)"
        return Decision(Verdict.GOLD_UNPARSEABLE, reason, Rule.GOLD_UNPARSEABLE, "isolated")
    if outcome == "answer_unparseable":
        reason = f"answer {answer[:60]!r} does not parse as math (isolated: {why})"
        return Decision(Verdict.WRONG, reason, Rule.UNREADABLE_ANSWER, "isolated")
    if outcome == "correct":
        # counted as it always was: once for the worker's credit, once more for the credit (or its refusal)
        count(f"verdict_{Verdict.CORRECT.value}")
        return Decision(
            Verdict.CORRECT, f"verify(gold, answer) is True (isolated: {why})", Rule.ISOLATED, "isolated"
        )
    reason = f"verify(gold, answer) is {outcome == 'correct'} (isolated: {why})"
    return Decision(Verdict.WRONG, reason, Rule.ISOLATED, "isolated")
