"""Aggregate a scan into the numbers a person (or CI) acts on, and gate them with ``--fail-on`` thresholds.

>>> parse_threshold("degenerate=0.05"), parse_threshold("zero_std_groups@patched=0.2")
(Threshold(flag='degenerate', rate=0.05, profile=None), Threshold(flag='zero_std_groups', rate=0.2, profile='patched'))
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from rewardcheck.bench.dumps.loader import DumpStream
from rewardcheck.bench.errors import InputError
from rewardcheck.bench.profiles import LOGGED, ProfileSpec

from .aggregate import Running, ScanAggregate
from .examples import example_record
from .runner import Grouping
from .scoring import GROUP_FLAGS, ROW_FLAGS

__all__ = ["Threshold", "ThresholdError", "parse_threshold", "ScanReport", "build_report", "THRESHOLD_NAMES"]

THRESHOLD_NAMES = (*ROW_FLAGS, *GROUP_FLAGS, "skipped")


class ThresholdError(InputError):
    pass


@dataclass(frozen=True)
class Threshold:
    """Fail when ``flag``'s rate exceeds ``rate`` (for one profile, or the worst profile when none is named)."""

    flag: str
    rate: float
    profile: str | None = None


def parse_threshold(text: str) -> Threshold:
    name, sep, value = text.partition("=")
    flag, _, profile = name.strip().partition("@")
    if not sep or flag not in THRESHOLD_NAMES:
        raise ThresholdError(
            f"--fail-on {text!r}: expected NAME[@PROFILE]=RATE with NAME one of {', '.join(THRESHOLD_NAMES)}"
        )
    try:
        rate = float(value)
    except ValueError:
        raise ThresholdError(f"--fail-on {text!r}: the rate {value!r} is not a number") from None
    if not 0.0 <= rate <= 1.0:
        raise ThresholdError(f"--fail-on {text!r}: the rate must be a fraction in [0, 1]")
    return Threshold(flag, rate, profile or None)


@dataclass
class ScanReport:
    data: dict[str, Any]
    failures: list[str] = field(default_factory=list)
    gated: bool = False  # a --fail-on threshold was given: only then is the gate's outcome shown

    @property
    def exit_status(self) -> int:
        return 1 if self.failures else 0

    def to_dict(self) -> dict[str, Any]:
        return {**self.data, "fail_on": self.failures, "exit_status": self.exit_status}


def build_report(
    stream: DumpStream,
    specs: Sequence[ProfileSpec],
    agg: ScanAggregate,
    *,
    thresholds: Sequence[Threshold] = (),
    notes: Sequence[str] = (),
    grouping: Grouping | None = None,
) -> ScanReport:
    """The report of a consumed stream and its aggregate (no timings in it: equal runs give equal reports)."""
    profiles = [s.name for s in specs]
    rewards: dict[str, dict[str, Any]] = {}
    for p in profiles:
        by = agg.stats.get(p, {})
        names = sorted((k for k in by if k != "total"), key=_reward_order)
        rewards[p] = {name: by[name].to_dict() for name in names}
        rewards[p]["total"] = by["total"].to_dict() if "total" in by else Running().to_dict()
    scored = agg.rows_scored
    flags = {f: agg.flags.get(f, 0) for f in ROW_FLAGS}
    lengths: dict[str, Any] = {"logged": agg.logged_lengths}
    if agg.length_diff.present:
        lengths.update(
            {
                "compared": agg.length_diff.present,
                "mean_retokenised_minus_logged": agg.length_diff.mean,
                "mean_abs_difference": agg.length_abs.mean,
                "max_abs_difference": agg.length_max_abs,
                "rows_differing": agg.length_differs,
            }
        )
    data: dict[str, Any] = {
        "files": [{"path": p, "format": f} for p, f in stream.files],
        "rows_total": stream.rows_total,
        "rows_scored": scored,
        "rows_skipped": stream.skipped_by_reason(),
        "skipped_examples": [str(s) for s in stream.skip_examples],
        "columns_found": [name for name, _ in stream.columns.most_common()],
        "profiles": [
            {"name": s.name, "reward_funcs": list(s.funcs), "weights": list(s.weights), "note": s.note}
            for s in specs
        ],
        "rewards": rewards,
        "flags": flags,
        "flag_rates": {f: (c / scored if scored else 0.0) for f, c in flags.items()},
        "shaping_no_answer_by_profile": {p: agg.no_answer_paid.get(p, 0) for p in profiles},
        "paid_unparseable_gold_by_profile": {p: agg.free_gold_paid.get(p, 0) for p in profiles},
        "disagreement_pairs": dict(sorted(agg.pairs.items())),
        "verdicts": dict(agg.verdicts.most_common()),
        "degenerate_kinds": dict(agg.degenerate.most_common()),
        "truncation_basis": dict(agg.basis),
        "lengths": lengths,
        "groups": {
            "total": agg.groups,
            "with_2_or_more": agg.multi,
            "zero_std_groups": {p: agg.zero_std.get(p, 0) for p in profiles},
            "best_degenerate": {p: agg.best_degenerate.get(p, 0) for p in profiles},
            "split": grouping.split if grouping is not None else 0,
        },
        "by_step": {str(k): v.to_dict() for k, v in sorted(agg.by_step.items())},
        "worst_examples": [example_record(s, r) for s, r in agg.examples.pick()],
        "notes": list(notes),
    }
    report = ScanReport(data, gated=bool(thresholds))
    report.failures = _gate(data, thresholds, profiles)
    return report


def _reward_order(name: str) -> tuple[int, str]:
    order = ("accuracy", "format", "tag_count", "reasoning_steps", "cosine", "length", "repetition_penalty")
    return (order.index(name), name) if name in order else (len(order), name)


def _gate(data: dict[str, Any], thresholds: Sequence[Threshold], profiles: Sequence[str]) -> list[str]:
    failures = []
    scored = data["rows_scored"]
    multi = data["groups"]["with_2_or_more"]
    for t in thresholds:
        if t.profile is not None and t.profile not in profiles:
            failures.append(f"{t.flag}@{t.profile}: profile not scored in this run")
            continue
        if t.flag == "skipped":
            total = data["rows_total"]
            rates = {"all": (sum(data["rows_skipped"].values()) / total) if total else 0.0}
        elif t.flag in GROUP_FLAGS:
            counts = data["groups"][t.flag]
            chosen = [t.profile] if t.profile else list(counts)
            rates = {p: (counts.get(p, 0) / multi if multi else 0.0) for p in chosen}
        elif t.flag == "shaping_no_answer" and t.profile:
            rates = {
                t.profile: data["shaping_no_answer_by_profile"].get(t.profile, 0) / scored if scored else 0.0
            }
        else:
            rates = {"all": data["flag_rates"][t.flag]}
        if not rates:
            continue
        where, worst = max(rates.items(), key=lambda kv: kv[1])
        if worst > t.rate:
            label = "" if where == "all" else f" ({where})"
            failures.append(f"{t.flag}{label}: rate {worst:.3f} > threshold {t.rate:g}")
    return failures


def logged_profile_present(specs: Sequence[ProfileSpec]) -> bool:
    return any(s.name == LOGGED for s in specs)
