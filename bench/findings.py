r"""The checker's report as a user reads it: one finding per fault, worst first, each with its smallest
counterexample shown whole, the value paid against the value expected, and one line on what to change.

Every counterexample of every failed invariant carries a :class:`~rewardcheck.bench.invariants.faults.Fault`;
counterexamples of the same fault (say "correct answer unpaid", found by ``equivalence`` and by
``final_answer``) are one finding, shown by the smallest of them, so a report fits a screen however many
counterexamples the searches found (the JSON document keeps them all).

>>> from rewardcheck.bench.invariants.faults import Fault
>>> from rewardcheck.bench.invariants.results import Counterexample, InvariantResult
>>> cx = Counterexample(["\\boxed{\\frac{1}{2}}"], ["$\\frac{1}{2}$"], {"acc": [0.0]}, [0.0], "acc: 1/2 unpaid",
...                     ["canonical"], fault=Fault.of("correct answer unpaid", paid=0.0, expected=1.0, at=0))
>>> result = InvariantResult("equivalence", "...", False, cx, "1 counterexample", 1, [cx])
>>> print("\n".join(finding_lines(findings([result]))))
1. correct answer unpaid: paid 0.0, expected 1.0
   gold '$\\frac{1}{2}$'; completion [canonical], whole: '\\boxed{\\frac{1}{2}}'
   why: acc: 1/2 unpaid
   fix: read the whole final answer (nested braces such as \frac{1}{2}) and compare values, not strings
   found by: equivalence x1; shown: the smallest, from hypothesis
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from .invariants.faults import Fault
from .invariants.results import Counterexample, InvariantResult, whole_text

__all__ = ["FaultFinding", "findings", "finding_lines"]


@dataclass
class FaultFinding:
    """One fault: the smallest counterexample that shows it and where else it was seen."""

    fault: Fault
    example: Counterexample
    invariants: dict[str, int] = field(default_factory=dict)  # invariant -> counterexamples of this fault

    @property
    def count(self) -> int:
        return sum(self.invariants.values())

    def to_dict(self) -> dict[str, Any]:
        return {
            **self.fault.to_dict(),
            "headline": self.fault.headline,
            "invariants": self.invariants,
            "counterexample": self.example.to_dict(),
        }


def _key(fault: Fault, invariant: str) -> str:
    # an invariant that does not measure a payment is its own fault
    return fault.title if fault.expected != "" else f"{invariant}: {fault.title}"


def findings(results: Sequence[InvariantResult]) -> list[FaultFinding]:
    """Every failed invariant's counterexamples grouped by fault, worst first (rank, then how often seen)."""
    by_key: dict[str, FaultFinding] = {}
    for r in results:
        if r.holds:
            continue
        for cx in r.counterexamples or ([r.counterexample] if r.counterexample else []):
            fault = cx.fault or Fault.of(f"{r.name} fails", paid=None, expected="")
            key = _key(fault, r.name)
            found = by_key.get(key)
            if found is None:
                found = by_key[key] = FaultFinding(fault, cx)
            elif cx.size < found.example.size:
                found.fault, found.example = fault, cx
            found.invariants[r.name] = found.invariants.get(r.name, 0) + 1
    order = list(by_key.values())
    order.sort(key=lambda f: (f.fault.rank, -f.count))
    return order


def _others(cx: Counterexample, at: int) -> str:
    """The other completions of the call, by label and pay: the context of the fault (the right answer's pay)."""
    parts = []
    for i in range(len(cx.completions)):
        if i == at:
            continue
        label = cx.labels[i] if i < len(cx.labels) else f"#{i}"
        paid = [cx.paid(n, i) for n in cx.scores if n not in cx.failures]  # a failed call is in the headline
        if paid:
            parts.append(f"[{label}] " + ", ".join(paid))
    return "; ".join(parts)


def finding_lines(found: Sequence[FaultFinding]) -> list[str]:
    """The findings as numbered blocks of about five lines each."""
    lines: list[str] = []
    for n, f in enumerate(found, start=1):
        cx, fault = f.example, f.fault
        at = fault.at if 0 <= fault.at < len(cx.completions) else 0
        label = cx.labels[at] if at < len(cx.labels) else f"#{at}"
        gold = cx.solutions[at] if at < len(cx.solutions) else None
        lines.append(f"{n}. {fault.headline}")
        lines.append(f"   gold {gold!r}; completion [{label}], whole: {whole_text(cx.completions[at])}")
        others = _others(cx, at)
        if others:
            lines.append(f"   beside it: {others}")
        lines.append(f"   why: {cx.note}")
        if fault.fix:
            lines.append(f"   fix: {fault.fix}")
        seen = ", ".join(f"{name} x{k}" for name, k in f.invariants.items())
        lines.append(f"   found by: {seen}; shown: the smallest, from {cx.source}")
    return lines
