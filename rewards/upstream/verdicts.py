"""The engine's verdict vocabulary on upstream results, so a reader takes the verdict from the data.

Upstream open-r1 returns bare floats; the reasons our reimplementations add are our own text, and so is the
verdict each result carries in ``details["verdict"]`` (the same key and values as the patched rewards). The
values and reasons stay upstream's; only this field is added.

>>> verdict_details(answer_verdict(False, []))
{'verdict': 'no_answer'}
>>> [str(raised_verdict(e, a)) for e, a in ((TimeoutError(), ["4"]), (ValueError(), ["4"]), (ValueError(), []))]
['timeout', 'error', 'no_answer']
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..engine.verdict import Verdict

__all__ = ["Verdict", "answer_verdict", "raised_verdict", "verdict_details"]


def answer_verdict(correct: bool, answer: Sequence[Any]) -> Verdict:
    """correct, else no_answer when nothing was extracted, else wrong."""
    if correct:
        return Verdict.CORRECT
    return Verdict.WRONG if answer else Verdict.NO_ANSWER


def raised_verdict(exc: BaseException, answer: Sequence[Any]) -> Verdict:
    """A guarded ``verify`` that raised: a timeout, else no_answer when nothing was extracted, else error."""
    if isinstance(exc, TimeoutError):
        return Verdict.TIMEOUT
    return Verdict.ERROR if answer else Verdict.NO_ANSWER


def verdict_details(verdict: Verdict) -> dict[str, str]:
    return {"verdict": str(verdict)}
