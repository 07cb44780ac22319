"""The protocol's decisions (PROTOCOL.md, 6 and 7) as typed results, each with its tests and intervals.

A GRPO run here is the summary's dict (``arm``, ``start_name``, ``collapsed``, ``dead``, ``start``/``end``
evaluations); a PPO run is its :func:`signature` dict.

>>> t = share_test(5, 10, 0, 10)
>>> round(t.p, 4), t.upstream_higher
(0.0325, True)
"""

from __future__ import annotations

import enum
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .protocol import ALPHA, fisher_exact, newcombe, wilson

__all__ = [
    "ShareTest",
    "share_test",
    "P1",
    "decide_p1",
    "Teaching",
    "P2",
    "decide_p2",
    "P3Estimate",
    "estimate_p3",
    "HoldsReading",
    "holds",
    "Cure",
    "decide_cure",
    "STOP_NOT_BEFORE",
    "HOLD_SEEDS",
]

STOP_NOT_BEFORE = 30  # a stop before this step is no cure: the run never trained
HOLD_SEEDS = 8  # of 10


@dataclass(frozen=True)
class ShareTest:
    """Upstream's collapse share against patched's: Fisher's two-sided p and the difference's interval."""

    up_k: int
    up_n: int
    pt_k: int
    pt_n: int
    p: float
    difference: tuple[float, float, float]

    @property
    def upstream_higher(self) -> bool:
        return self.up_n > 0 and self.pt_n > 0 and self.up_k / self.up_n > self.pt_k / self.pt_n

    @property
    def significant(self) -> bool:
        return self.upstream_higher and self.p < ALPHA

    def line(self) -> str:
        d, lo, hi = self.difference
        return (
            f"upstream {self.up_k} of {self.up_n} [{wilson(self.up_k, self.up_n)[0]:.2f}, "
            f"{wilson(self.up_k, self.up_n)[1]:.2f}], patched {self.pt_k} of {self.pt_n}; "
            f"difference {d:+.2f} [{lo:+.2f}, {hi:+.2f}], Fisher p {self.p:.4f}"
        )


def share_test(up_k: int, up_n: int, pt_k: int, pt_n: int) -> ShareTest:
    return ShareTest(
        up_k, up_n, pt_k, pt_n, fisher_exact(up_k, up_n, pt_k, pt_n), newcombe(up_k, up_n, pt_k, pt_n)
    )


@dataclass(frozen=True)
class P1:
    per_start: dict[str, ShareTest]
    pooled: ShareTest
    patched_collapsed: int
    patched_dead: int
    supported: bool
    why: str


def decide_p1(
    upstream: Sequence[Mapping[str, Any]], patched: Sequence[Mapping[str, Any]], starts: Sequence[str]
) -> P1:
    """Supported when upstream collapses more often than patched at p < 0.05 on each start and pooled, and
    patched shows no collapsed and no accuracy-dead run."""

    def count(runs: Sequence[Mapping[str, Any]], start: str | None = None) -> tuple[int, int]:
        sel = [r for r in runs if start is None or r["start_name"] == start]
        return sum(bool(r["collapsed"]) for r in sel), len(sel)

    per_start = {s: share_test(*count(upstream, s), *count(patched, s)) for s in starts}
    pooled = share_test(*count(upstream), *count(patched))
    pt_collapsed = sum(bool(r["collapsed"]) for r in patched)
    pt_dead = sum(bool(r["dead"]) for r in patched)
    failed = [f"start {s}" for s, t in per_start.items() if not t.significant]
    if not pooled.significant:
        failed.append("pooled")
    why = []
    if failed:
        why.append("no significant excess of upstream collapses on " + ", ".join(failed))
    if pt_collapsed:
        why.append(f"patched collapsed in {pt_collapsed} runs")
    if pt_dead:
        why.append(f"patched's accuracy died in {pt_dead} runs")
    return P1(per_start, pooled, pt_collapsed, pt_dead, not why, "; ".join(why) or "every condition holds")


class Teaching(enum.Enum):
    PATCHED = "patched teaches more"
    UPSTREAM = "upstream teaches more"
    NONE = "no difference shown"
    DISAGREE = "not shown: the criteria point different ways"


@dataclass(frozen=True)
class P2:
    finished: tuple[float, float, float]
    t1: float
    greedy: float
    reading: Teaching


def _mean_gain(runs: Sequence[Mapping[str, Any]], key: str) -> float:
    def acc(e: Mapping[str, Any]) -> float:
        return float(e["accuracy"] if key == "t1" else e["greedy_stats"]["accuracy"])

    return sum(acc(r["end"]) - acc(r["start"]) for r in runs) / max(1, len(runs))


def decide_p2(
    patched: Sequence[Mapping[str, Any]],
    upstream: Sequence[Mapping[str, Any]],
    finished: tuple[float, float, float],
) -> P2:
    """``finished``: patched's finished-attempt gain minus upstream's, with its interval. A side teaches more
    when that interval excludes 0 and neither the T=1 nor the greedy gain difference points the other way."""
    t1 = _mean_gain(patched, "t1") - _mean_gain(upstream, "t1")
    greedy = _mean_gain(patched, "greedy") - _mean_gain(upstream, "greedy")
    _, lo, hi = finished
    if lo > 0:
        reading = Teaching.PATCHED if t1 >= 0 and greedy >= 0 else Teaching.DISAGREE
    elif hi < 0:
        reading = Teaching.UPSTREAM if t1 <= 0 and greedy <= 0 else Teaching.DISAGREE
    else:
        reading = Teaching.NONE
    return P2(finished, t1, greedy, reading)


@dataclass(frozen=True)
class P3Estimate:
    """An ablation's collapse share against upstream's on start A (an estimate: no mechanism is decided)."""

    arm: str
    k: int
    n: int
    against_upstream: tuple[float, float, float]
    p: float


def estimate_p3(
    upstream_a: Sequence[Mapping[str, Any]], arm: str, runs: Sequence[Mapping[str, Any]]
) -> P3Estimate:
    k, n = sum(bool(r["collapsed"]) for r in runs), len(runs)
    ku, nu = sum(bool(r["collapsed"]) for r in upstream_a), len(upstream_a)
    return P3Estimate(arm, k, n, newcombe(k, n, ku, nu), fisher_exact(k, n, ku, nu))


class HoldsReading(enum.Enum):
    HOLDS = "holds"
    STOPPED_EARLY = "stopped before step 30"
    ACCURACY = "gold accuracy fell"
    GIBBERISH = "gibberish"
    NO_TWIN = "no unguarded twin"
    TWIN_HEALTHY = "its unguarded twin never showed the signature"


def holds(run: Mapping[str, Any], twin: Mapping[str, Any] | None) -> HoldsReading:
    """One D2 cure run against its unguarded twin (same setting and seed): it holds when it trained at least
    30 steps before any stop, kept gold accuracy within 0.05 of its start, is not gibberish, and the twin shows
    the seed's signature (flat score and gibberish) at its end, after any stop of this run."""
    stopped = run.get("stopped_at")
    if stopped is not None and stopped < STOP_NOT_BEFORE:
        return HoldsReading.STOPPED_EARLY
    if run["accuracy"][1] < run["accuracy"][0] - 0.05:
        return HoldsReading.ACCURACY
    if run["gibberish"]:
        return HoldsReading.GIBBERISH
    if twin is None:
        return HoldsReading.NO_TWIN
    if not (twin["flat"] and twin["gibberish"]):
        return HoldsReading.TWIN_HEALTHY
    return HoldsReading.HOLDS


@dataclass(frozen=True)
class Cure:
    name: str
    readings: dict[int, HoldsReading]
    held: int
    seeds: int
    false_alarm: bool | None  # the guard fired on the healthy run (None: not a guard, or no healthy run)
    verdict: str


def decide_cure(
    name: str,
    runs: Mapping[int, Mapping[str, Any]],
    twins: Mapping[int, Mapping[str, Any]],
    healthy: Mapping[str, Any] | None,
    guard: bool,
) -> Cure:
    """A cure holds when at least 8 of its 10 seeds hold; a guard also must stay quiet on the healthy run
    (a run of the healthy setting that the judge finds healthy)."""
    readings = {seed: holds(r, twins.get(seed)) for seed, r in sorted(runs.items())}
    held = sum(v is HoldsReading.HOLDS for v in readings.values())
    false_alarm: bool | None = None
    verdict = "holds" if held >= HOLD_SEEDS else "does not hold"
    if guard:
        healthy_ok = (
            healthy is not None
            and not healthy["gibberish"]
            and healthy["accuracy"][1] >= healthy["accuracy"][0] - 0.05
        )
        false_alarm = None if healthy is None else healthy.get("stopped_at") is not None
        if not healthy_ok:
            verdict += "; the false-alarm check is not made (no healthy run)"
            if held >= HOLD_SEEDS:
                verdict = "not shown: the false-alarm check is not made (no healthy run)"
        elif false_alarm:
            verdict = "does not hold: the guard fired on the healthy run"
    return Cure(name, readings, held, len(readings), false_alarm, verdict)
