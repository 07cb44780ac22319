"""Send the same inputs through several verifiers and collect the disagreements: the core of
``rewardcheck diff`` and of ``check_reward(..., against=[...])``.

>>> report = run_diff(["patched", "math-verify"], generated_inputs()[:3])     # doctest: +SKIP
>>> report.clusters[0].verdicts                                                 # doctest: +SKIP
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from rewardcheck.bench.errors import InputError
from rewardcheck.bench.invariants.calling import call_reward
from rewardcheck.bench.invariants.convention import Convention

from .cluster import Cluster, cluster_disagreements, value_verdict
from .inputs import DiffInput
from .verifiers import resolve

__all__ = ["DiffReport", "run_diff"]

_BATCH = 64


@dataclass
class DiffReport:
    verifiers: list[str]
    inputs: list[DiffInput]
    values: dict[str, list[float | None]]
    verdicts: dict[str, list[str]]
    clusters: list[Cluster]
    calling: dict[str, str] = field(default_factory=dict)
    errors: dict[str, str] = field(default_factory=dict)
    skipped: list[str] = field(default_factory=list)

    @property
    def disagreements(self) -> int:
        return sum(len(c.members) for c in self.clusters)

    def agreement(self, a: str, b: str) -> float:
        same = sum(x == y for x, y in zip(self.verdicts[a], self.verdicts[b], strict=True))
        return same / max(1, len(self.inputs))

    def to_dict(self) -> dict[str, Any]:
        return {
            "verifiers": self.verifiers,
            "calling": self.calling,
            "errors": self.errors,
            "inputs": len(self.inputs),
            "disagreements": self.disagreements,
            "skipped_inputs": self.skipped,
            "verdict_counts": {
                n: {v: vs.count(v) for v in sorted(set(vs))} for n, vs in self.verdicts.items()
            },
            "clusters": [c.to_dict() for c in self.clusters],
        }


def _score(
    func: Callable[..., Any], inputs: Sequence[DiffInput], time_limit_s: float
) -> tuple[list[float | None], str | None, str | None]:
    values: list[float | None] = []
    convention: Convention | None = None
    error = None
    for start in range(0, len(inputs), _BATCH):
        chunk = inputs[start : start + _BATCH]
        columns = {"solution": [x.gold for x in chunk], "prompts": [x.prompt for x in chunk]}
        outcome = call_reward(
            func, [x.completion for x in chunk], columns, time_limit_s * len(chunk), convention
        )
        convention = convention or outcome.convention
        if outcome.values is None:
            error = outcome.error
            values += [None] * len(chunk)
            continue
        values += outcome.values
    return values, error, convention.describe() if convention is not None else None


def run_diff(
    verifiers: Sequence[str | Callable[..., Any]],
    inputs: Sequence[DiffInput],
    *,
    time_limit_s: float = 4.0,
    skipped: Sequence[str] = (),
) -> DiffReport:
    """Every input through every verifier; verdicts are correct (>= 0.5), wrong, skip (None) or error."""
    if len(verifiers) < 2:
        raise InputError("a diff needs at least two verifiers")
    if not inputs:
        raise InputError("a diff needs at least one input")
    names: list[str] = []
    values: dict[str, list[float | None]] = {}
    verdicts: dict[str, list[str]] = {}
    calling: dict[str, str] = {}
    errors: dict[str, str] = {}
    for spec in verifiers:
        name, func = resolve(spec)
        base, n = name, 2
        while name in values:
            name, n = f"{base}_{n}", n + 1
        names.append(name)
        vals, error, conv = _score(func, inputs, time_limit_s)
        values[name] = vals
        verdicts[name] = ["error" if error and v is None else value_verdict(v) for v in vals]
        if conv is not None:
            calling[name] = conv
        if error is not None:
            errors[name] = error
    clusters = cluster_disagreements(list(inputs), verdicts)
    return DiffReport(names, list(inputs), values, verdicts, clusters, calling, errors, list(skipped))
