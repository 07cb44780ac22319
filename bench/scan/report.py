"""Aggregate a scan into the numbers a person (or CI) acts on, and gate them with ``--fail-on`` thresholds.

>>> parse_threshold("degenerate=0.05"), parse_threshold("zero_std_groups@patched=0.2")
(Threshold(flag='degenerate', rate=0.05, profile=None), Threshold(flag='zero_std_groups', rate=0.2, profile='patched'))
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from .loader import Loaded
from .profiles import LOGGED, ProfileSpec
from .scoring import GROUP_FLAGS, ROW_FLAGS, GroupScore, RowScore

__all__ = ["Threshold", "ThresholdError", "parse_threshold", "ScanReport", "build_report", "THRESHOLD_NAMES"]

THRESHOLD_NAMES = (*ROW_FLAGS, *GROUP_FLAGS, "skipped")


class ThresholdError(ValueError):
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


def _stats(values: Sequence[float | None]) -> dict[str, Any]:
    present = [v for v in values if v is not None and math.isfinite(v)]
    n = len(present)
    mean = sum(present) / n if n else None
    std = math.sqrt(sum((v - mean) ** 2 for v in present) / n) if n and mean is not None else None
    return {"mean": mean, "std": std, "none": len(values) - n, "n": len(values)}


@dataclass
class ScanReport:
    data: dict[str, Any]
    failures: list[str] = field(default_factory=list)

    @property
    def exit_status(self) -> int:
        return 1 if self.failures else 0

    def to_dict(self) -> dict[str, Any]:
        return {**self.data, "fail_on": self.failures, "exit_status": self.exit_status}


def build_report(
    loaded: Loaded,
    specs: Sequence[ProfileSpec],
    scores: Sequence[RowScore],
    groups: Sequence[GroupScore],
    *,
    thresholds: Sequence[Threshold] = (),
    max_examples: int = 10,
    notes: Sequence[str] = (),
) -> ScanReport:
    profiles = [s.name for s in specs]
    rewards: dict[str, dict[str, Any]] = {}
    for p in profiles:
        names = sorted({k for s in scores for k in s.rewards.get(p, {})}, key=_reward_order)
        rewards[p] = {
            name: _stats([s.rewards.get(p, {}).get(name) for s in scores if p in s.rewards]) for name in names
        }
        rewards[p]["total"] = _stats([s.totals.get(p) for s in scores if p in s.totals])
    flags = {f: sum(f in s.flags for s in scores) for f in ROW_FLAGS}
    scored = len(scores)
    multi = [g for g in groups if len(g.indices) >= 2]
    group_flags = {
        "zero_std_groups": {p: sum(bool(g.zero_std.get(p)) for g in multi) for p in profiles},
        "best_degenerate": {p: sum(bool(g.best_degenerate.get(p)) for g in multi) for p in profiles},
    }
    pairs: Counter[str] = Counter()
    for s in scores:
        known = {p: round(v) for p, v in s.accuracy.items() if v is not None and math.isfinite(v)}
        names = sorted(known)
        for i, a in enumerate(names):
            for b in names[i + 1 :]:
                if known[a] != known[b]:
                    pairs[f"{a} vs {b}"] += 1
    data: dict[str, Any] = {
        "files": [{"path": p, "format": f} for p, f in loaded.files],
        "rows_total": loaded.rows_total,
        "rows_scored": scored,
        "rows_skipped": loaded.skipped_by_reason(),
        "skipped_examples": [str(s) for s in loaded.skips[:50]],
        "profiles": [
            {"name": s.name, "reward_funcs": list(s.funcs), "weights": list(s.weights), "note": s.note}
            for s in specs
        ],
        "rewards": rewards,
        "flags": flags,
        "flag_rates": {f: (c / scored if scored else 0.0) for f, c in flags.items()},
        "shaping_no_answer_by_profile": {p: sum(p in s.no_answer_paid for s in scores) for p in profiles},
        "paid_unparseable_gold_by_profile": {p: sum(p in s.free_gold_paid for s in scores) for p in profiles},
        "disagreement_pairs": dict(sorted(pairs.items())),
        "verdicts": dict(Counter(s.verdict for s in scores).most_common()),
        "degenerate_kinds": dict(Counter(s.degenerate for s in scores if s.degenerate).most_common()),
        "truncation_basis": dict(Counter(s.truncation_basis for s in scores)),
        "groups": {"total": len(groups), "with_2_or_more": len(multi), **group_flags},
        "worst_examples": _worst(loaded, scores, max_examples),
        "notes": list(notes),
    }
    report = ScanReport(data)
    report.failures = _gate(data, thresholds, profiles)
    return report


def _reward_order(name: str) -> tuple[int, str]:
    order = ("accuracy", "format", "tag_count", "reasoning_steps", "cosine", "length", "repetition_penalty")
    return (order.index(name), name) if name in order else (len(order), name)


def _worst(loaded: Loaded, scores: Sequence[RowScore], limit: int) -> list[dict[str, Any]]:
    """Flagged rows the rewards paid most for: degenerate or answerless output first, then disagreements."""
    serious = (
        "degenerate",
        "shaping_no_answer",
        "paid_unparseable_gold",
        "disagreement",
        "timeout",
        "reward_error",
    )

    def rank(s: RowScore) -> tuple[int, float]:
        tier = 0 if ("degenerate" in s.flags or "shaping_no_answer" in s.flags) else 1
        paid = max((t for t in s.totals.values() if t is not None), default=float("-inf"))
        return (tier, -paid)

    flagged = sorted((s for s in scores if set(s.flags) & set(serious)), key=rank)[:limit]
    out = []
    for s in flagged:
        row = loaded.rows[s.index]
        text = row.text
        out.append(
            {
                "where": row.where,
                "step": row.step,
                "id": row.id,
                "prompt": row.prompt_text[:300],
                "gold": row.gold,
                "completion": text if len(text) <= 600 else text[:300] + " … " + text[-280:],
                "n_chars": s.n_chars,
                "n_tokens": s.n_tokens,
                "verdict": s.verdict,
                "answer": s.answer,
                "degenerate": s.degenerate,
                "flags": s.flags,
                "rewards": s.rewards,
                "totals": s.totals,
                "reasons": s.reasons,
            }
        )
    return out


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
