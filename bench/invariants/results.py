"""What a check returns: per-invariant results with shrunk, readable counterexamples."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

__all__ = ["Counterexample", "InvariantResult"]


def _fmt(v: float | None) -> str:
    if v is None:
        return "None"
    if isinstance(v, float) and not math.isfinite(v):
        return repr(v)
    return f"{v:.4g}" if isinstance(v, int | float) else repr(v)


def _short(text: str, limit: int = 160) -> str:
    r = repr(text)
    return r if len(r) <= limit else f"{r[: limit - 30]}…{r[-24:]}"


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

    @property
    def solution(self) -> str | None:
        return self.solutions[0] if self.solutions else None

    def render(self) -> str:
        lines = [f"  why: {self.note}", f"  found by: {self.source}"]
        names = list(self.scores)
        for i, text in enumerate(self.completions):
            label = self.labels[i] if i < len(self.labels) else f"#{i}"
            parts = [f"{n}={_fmt(self.scores[n][i])}" for n in names if i < len(self.scores[n])]
            if len(names) > 1 and i < len(self.total):
                parts.append(f"total={_fmt(self.total[i])}")
            tokens = (
                f", {self.token_counts[i]} tokens" if self.token_counts and i < len(self.token_counts) else ""
            )
            sol = self.solutions[i] if i < len(self.solutions) else None
            lines.append(f"  [{label}] completion={_short(text)}")
            lines.append(f"      solution={sol!r}, {len(text)} chars{tokens} -> {', '.join(parts)}")
        return "\n".join(lines)

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

    def render(self) -> str:
        status = "holds" if self.holds else ("skipped" if self.skipped else "FAILS")
        head = f"{self.name}: {status} ({self.examples_run} examples) - {self.message}"
        if self.holds:
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
            "message": self.message,
            "examples_run": self.examples_run,
            "skipped": self.skipped,
            "seconds": round(self.seconds, 3),
            "counterexample": self.counterexample.to_dict() if self.counterexample else None,
            "counterexamples": [c.to_dict() for c in self.counterexamples],
        }
