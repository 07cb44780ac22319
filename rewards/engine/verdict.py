"""What the answer engine decides about one completion, with the reason a person can read.

>>> j = Judgement(Verdict.CORRECT, "normalised answer equals normalised gold", answer="4", gold="4")
>>> j.verdict.value, j.is_scored, j.accuracy
('correct', True, 1.0)
>>> Judgement(Verdict.TIMEOUT, "verify exceeded 2.0 s").accuracy is None
True
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

__all__ = ["Verdict", "Judgement", "UNSCORED"]


class Verdict(StrEnum):
    CORRECT = "correct"
    WRONG = "wrong"
    NO_ANSWER = "no_answer"
    TRUNCATED = "truncated"
    GOLD_UNPARSEABLE = "gold_unparseable"
    TIMEOUT = "timeout"
    ERROR = "error"


# Verdicts that say nothing about the policy: rewards that need correctness skip the sample (None).
UNSCORED = frozenset({Verdict.GOLD_UNPARSEABLE, Verdict.TIMEOUT, Verdict.ERROR})


@dataclass(frozen=True)
class Judgement:
    """One completion judged against its gold.

    ``answer`` is the final answer as extracted (``None`` when none was found), ``gold`` the gold answer as
    parsed; ``path`` says how the verdict was reached (``fast``, ``inline``, ``isolated``, ``prescreen``...);
    ``rule`` is the stable id of the rule that decided it (``rules.Rule``: ``compare.integer``,
    ``refuse.echo``, ``read.hedged``...), the field to branch on instead of ``reason``; ``unread`` counts the
    characters before the bounded read (``EngineConfig.max_read_chars``) that were not read.
    """

    verdict: Verdict
    reason: str
    answer: str | None = None
    gold: str | None = None
    path: str = ""
    elapsed_s: float = 0.0
    rule: str = ""
    unread: int = 0  # characters of the final-answer region beyond EngineConfig.max_read_chars (not read)

    @property
    def is_scored(self) -> bool:
        return self.verdict not in UNSCORED

    @property
    def accuracy(self) -> float | None:
        if not self.is_scored:
            return None
        return 1.0 if self.verdict is Verdict.CORRECT else 0.0
