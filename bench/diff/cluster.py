"""Disagreements between verifiers, clustered by what each verifier said, each cluster shown by its
smallest member next to its minimal pair (the same template with the right answer).

>>> value_verdict(1.0), value_verdict(0.0), value_verdict(None)
('correct', 'wrong', 'skip')
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .inputs import DiffInput

__all__ = ["Cluster", "value_verdict", "cluster_disagreements"]


def value_verdict(value: float | None) -> str:
    """The verdict word of one reward value: ``correct`` (>= 0.5), ``wrong``, or ``skip`` (no value)."""
    if value is None:
        return "skip"
    return "correct" if value >= 0.5 else "wrong"


@dataclass
class Cluster:
    """Inputs of one family on which the verifiers split the same way."""

    family: str
    verdicts: dict[str, str]  # verifier -> verdict
    members: list[DiffInput] = field(default_factory=list)
    pair: DiffInput | None = None
    pair_verdicts: dict[str, str] = field(default_factory=dict)

    @property
    def example(self) -> DiffInput:
        return min(self.members, key=lambda m: (len(m.completion), m.id))

    def to_dict(self) -> dict[str, Any]:
        ex = self.example
        return {
            "family": self.family,
            "count": len(self.members),
            "verdicts": self.verdicts,
            "example": {"id": ex.id, "completion": ex.completion, "gold": ex.gold, "prompt": ex.prompt},
            "pair": None
            if self.pair is None
            else {"id": self.pair.id, "completion": self.pair.completion, "verdicts": self.pair_verdicts},
            "members": [m.id for m in self.members],
        }


def cluster_disagreements(inputs: list[DiffInput], verdicts: dict[str, list[str]]) -> list[Cluster]:
    """Clusters of the inputs whose verdicts differ between verifiers, largest first."""
    names = list(verdicts)
    by_id = {x.id: i for i, x in enumerate(inputs)}
    groups: dict[tuple[str, tuple[str, ...]], Cluster] = {}
    for i, x in enumerate(inputs):
        row = tuple(verdicts[n][i] for n in names)
        if len(set(row)) <= 1:
            continue
        key = (x.family, row)
        if key not in groups:
            groups[key] = Cluster(x.family, dict(zip(names, row, strict=True)))
        groups[key].members.append(x)
    for c in groups.values():
        ex = c.example
        j = by_id.get(ex.pair) if ex.pair is not None else None
        if j is not None:
            c.pair = inputs[j]
            c.pair_verdicts = {n: verdicts[n][j] for n in names}
    return sorted(groups.values(), key=lambda c: (-len(c.members), c.family))
