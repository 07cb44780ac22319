"""What a counterexample shows a user must fix: a :class:`Fault` names the fault, what the function paid against
what it should have paid, which completion of the counterexample shows it, and one line on what to change.

Faults are ranked by what they cost a training run (:data:`RANKS`, worst first): a correct answer left unpaid
removes the learning signal itself; a wrong, degenerate or free answer paid is an exploit the policy will
find; an underpaid equivalent form or a failed call distorts the signal; the rest are inconsistencies.

>>> f = Fault.of("correct answer unpaid", paid=0.0, expected=1.0, at=0)
>>> f.headline, f.rank
('correct answer unpaid: paid 0.0, expected 1.0', 0)
>>> Fault.of("attack paid", paid=1.0, expected="0.0").fix
'judge the one committed final answer: refuse negated, hedged, echoed, answer-less or misplaced ones'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

__all__ = ["Fault", "RANKS", "FIXES", "fmt_value"]

# title -> (rank: 0 is worst, the one line on what to change)
RANKS: dict[str, tuple[int, str]] = {
    "correct format unpaid": (
        0,
        "accept the R1 layout however the template opened <think> (pre-filled or not) and whatever whitespace "
        "surrounds the tags",
    ),
    "format paid without content": (
        1,
        "pay the format only around real content: non-empty reasoning and a stated answer inside the tags",
    ),
    "correct answer unpaid": (
        0,
        "read the whole final answer (nested braces such as \\frac{1}{2}) and compare values, not strings",
    ),
    "correct final answer unpaid": (
        0,
        "judge the last answer after the reasoning (a self-correction counts), not the first \\boxed{} in the text",
    ),
    "free reward": (
        1,
        "return None (skip the sample) when the gold cannot be parsed, never a positive reward",
    ),
    "attack paid": (
        1,
        "judge the one committed final answer: refuse negated, hedged, echoed, answer-less or misplaced ones",
    ),
    "non-final answer paid": (
        1,
        "judge only the final answer after the reasoning; two different answers offered commit to neither",
    ),
    "reading blows up on a repeated piece": (
        1,
        "match in linear time (RE2: rewardcheck.rewards.rx) or read a bounded final region: a backtracking "
        "regex with nested or adjacent quantifiers takes exponential time on a long run of one piece",
    ),
    "repeated filler changes the reward": (
        2,
        "treat a run of whitespace or punctuation as one: it is layout, not content",
    ),
    "content-free output paid": (
        1,
        "pay nothing to output without content: no answer, whitespace, 'idk', the prompt echoed, tags alone",
    ),
    "paid against a perturbed gold": (
        1,
        "compare the whole answer with the whole gold (a substring, prefix or digit-set match pays wrong answers)",
    ),
    "markup changes the pay": (2, "read the answer the same whatever markup surrounds it"),
    "degenerate output paid": (
        1,
        "pay nothing to empty, tag-only, repeated or echoed output (rewardcheck.guarded wraps any reward)",
    ),
    "near miss paid as the correct answer": (
        1,
        "compare exactly: a tolerance, a prefix or a substring match pays wrong answers",
    ),
    "equivalent answer underpaid": (2, "compare values (0.5 = 1/2 = \\dfrac12, x = 3 = 3), not strings"),
    "call failed": (3, "return a float or None for every completion, within the time limit, without raising"),
    "timed out": (3, "bound the reward's parsing time (or return None when it runs out); never hang"),
}
FIXES = {title: fix for title, (_, fix) in RANKS.items()}
_OTHER = 4  # any other invariant's failure: an inconsistency


def fmt_value(v: Any) -> str:
    """A paid or expected value as the report shows it: floats as written, ``None`` as ``None (skipped)``."""
    if v is None:
        return "None (skipped)"
    if isinstance(v, float):
        return f"{v:.4g}" if v != int(v) else f"{v:.1f}"
    return str(v)


@dataclass(frozen=True)
class Fault:
    """One fault: ``paid`` by the function (a value, or what a failed call did), ``expected`` (a value or a
    condition such as ``< 1.0``), ``at`` the completion of the counterexample that shows it (-1: the call)."""

    title: str
    paid: Any
    expected: Any
    at: int = -1
    rank: int = _OTHER
    fix: str = ""

    @classmethod
    def of(cls, title: str, paid: Any, expected: Any, at: int = -1, fix: str | None = None) -> Fault:
        rank, default_fix = RANKS.get(title, (_OTHER, ""))
        return cls(title, paid, expected, at, rank, fix if fix is not None else default_fix)

    @property
    def headline(self) -> str:
        if self.expected == "":  # an invariant that does not measure a payment: its note says the rest
            return self.title
        if self.title in ("timed out", "call failed"):
            return f"{self.title}: {self.paid}"
        return f"{self.title}: paid {fmt_value(self.paid)}, expected {fmt_value(self.expected)}"

    def to_dict(self) -> dict[str, Any]:
        return {
            "title": self.title,
            "paid": self.paid,
            "expected": self.expected,
            "at": self.at,
            "rank": self.rank,
            "fix": self.fix,
        }
