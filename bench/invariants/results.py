"""What a check returns: per-invariant results with shrunk, readable counterexamples."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from .faults import Fault

__all__ = ["Counterexample", "InvariantResult", "Status", "whole_text"]


class Status(Enum):
    """An invariant's verdict. ``CANNOT_JUDGE``: no case it ran could show the property either way (the reward
    never paid the right answer it is measured against), so it neither holds nor fails."""

    HOLDS = "holds"
    FAILS = "fails"
    CANNOT_JUDGE = "cannot judge"


def _fmt(v: float | None) -> str:
    if v is None:
        return "None"
    if isinstance(v, float) and not math.isfinite(v):
        return repr(v)
    return f"{v:.4g}" if isinstance(v, int | float) else repr(v)


def whole_text(text: str, limit: int = 2000) -> str:
    """The completion whole (an attack's point may be at its end); only a huge one (the 1 MB heavy cases) is
    shown as its head and tail with its length."""
    r = repr(text)
    if len(r) <= limit:
        return r
    return f"{r[: limit // 2]} … [{len(text)} chars] … {r[-limit // 4 :]}"


@dataclass
class Counterexample:
    """The inputs that break an invariant and every score involved (``total`` is the weighted sum)."""

    completions: list[str]
    solutions: list[str | None]
    scores: dict[str, list[float | None]]
    total: list[float | None]
    note: str
    labels: list[str] = field(default_factory=list)
    prompts: list[str] | None = None
    token_counts: list[int] | None = None
    source: str = "hypothesis"  # "hypothesis" (shrunk) or "case:<name>" (a fixed case)
    failures: dict[str, str] = field(default_factory=dict)  # function -> what its failed call did
    fault: Fault | None = None  # what the user must fix (set by the invariant's runner)

    @property
    def solution(self) -> str | None:
        return self.solutions[0] if self.solutions else None

    def render(self) -> str:
        lines = [f"  why: {self.note}", f"  found by: {self.source}"]
        names = list(self.scores)
        for i, text in enumerate(self.completions):
            label = self.labels[i] if i < len(self.labels) else f"#{i}"
            parts = [self.paid(n, i) for n in names if i < len(self.scores[n])]
            if len(names) > 1 and i < len(self.total):
                parts.append(f"total={_fmt(self.total[i])}")
            tokens = (
                f", {self.token_counts[i]} tokens" if self.token_counts and i < len(self.token_counts) else ""
            )
            sol = self.solutions[i] if i < len(self.solutions) else None
            lines.append(f"  [{label}] completion={whole_text(text)}")
            lines.append(f"      solution={sol!r}, {len(text)} chars{tokens} -> {', '.join(parts)}")
        return "\n".join(lines)

    def paid(self, name: str, i: int) -> str:
        """``name=0.5``, or what the call did when it failed (``name timed out after 4 s; returned [0.0] ...``)."""
        if name in self.failures:
            return f"{name} {self.failures[name]}"
        return f"{name}={_fmt(self.scores[name][i])}"

    @property
    def size(self) -> int:
        """Characters in the completions and golds: the smallest counterexample of a fault is shown."""
        return sum(len(c) for c in self.completions) + sum(len(s or "") for s in self.solutions)

    def to_dict(self) -> dict[str, Any]:
        return {
            "completions": self.completions,
            "solutions": self.solutions,
            "scores": self.scores,
            "total": self.total,
            "note": self.note,
            "labels": self.labels,
            "prompts": self.prompts,
            "token_counts": self.token_counts,
            "source": self.source,
            "failures": self.failures,
            "fault": self.fault.to_dict() if self.fault is not None else None,
        }


@dataclass
class InvariantResult:
    name: str
    description: str
    holds: bool
    counterexample: Counterexample | None
    message: str
    examples_run: int
    # Every distinct failure found (one per searched sub-case, e.g. per answer family); the first is
    # ``counterexample``.
    counterexamples: list[Counterexample] = field(default_factory=list)
    skipped: str | None = None
    seconds: float = 0.0
    # why no case could judge the property (then ``holds`` is False and there is no counterexample)
    cannot_judge: str | None = None

    @property
    def status(self) -> Status:
        if self.cannot_judge is not None:
            return Status.CANNOT_JUDGE
        return Status.HOLDS if self.holds else Status.FAILS

    def render(self) -> str:
        status = {Status.HOLDS: "holds", Status.FAILS: "FAILS", Status.CANNOT_JUDGE: "CANNOT JUDGE"}[
            self.status
        ]
        if self.skipped and self.status is Status.FAILS:
            status = "skipped"
        head = f"{self.name}: {status} ({self.examples_run} examples) - {self.message}"
        if self.status is not Status.FAILS:
            return head
        blocks = [head, f"  property: {self.description}"]
        for i, cx in enumerate(
            self.counterexamples or ([self.counterexample] if self.counterexample else [])
        ):
            blocks.append(f" counterexample {i + 1}:")
            blocks.append(cx.render())
        return "\n".join(blocks)

    def to_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "description": self.description,
            "holds": self.holds,
            "status": self.status.value,
            "cannot_judge": self.cannot_judge,
            "message": self.message,
            "examples_run": self.examples_run,
            "skipped": self.skipped,
            "seconds": round(self.seconds, 3),
            "counterexample": self.counterexample.to_dict() if self.counterexample else None,
            "counterexamples": [c.to_dict() for c in self.counterexamples],
        }
