"""Milder reward gaming: the policy settles on a short template that the shaping rewards pay in full, while
the accuracy reward stays flat near chance. Nothing is exactly 0 or constant (a correct answer now and then,
a little group variance left), so the collapse detectors stay quiet; the run still learns nothing.

:func:`shaping_gamed` looks for a tail run (:func:`rewardcheck.bench.logs.signal.persistent_tail`, at least
``MIN_RECORDS`` records) of mean completion lengths at most ``SHORT`` of the starting length, and over that
tail asks for: a template (the batch's max - min length, median over the last ``MIN_RECORDS`` records, at most
``TEMPLATE_SPREAD`` of the mean; a log without min/max lengths must instead have shrunk to ``SHORT_NO_SPREAD``
of the start); shaping
rewards paying on average at least ``SHAPING_SHARE`` of the positive reward, and not falling (Mann-Kendall);
an accuracy reward that is not rising (Mann-Kendall).

>>> rows = [{"step": float(i), "completion_length": 140.0 if i < 20 else 34.0,
...          "completion_length_min": 30.0 if i < 20 else 33.0, "completion_length_max": 190.0 if i < 20 else 38.0,
...          "rewards/accuracy": 0.06 + 0.03 * (i % 3 == 0), "rewards/reasoning_steps": 0.8 if i < 20 else 1.0,
...          "reward": 1.0} for i in range(1, 61)]
>>> s = shaping_gamed(TrainingLog("demo", "jsonl", rows))
>>> s.name, s.step, s.values["shaping"]
('shaping_gamed', 20.0, ['reasoning_steps'])
"""

from __future__ import annotations

import statistics

from .records import TrainingLog
from .signal import Signal, fmt, persistent_tail
from .trends import ACCURACY_NAMES
from .trendstats import mann_kendall

__all__ = [
    "shaping_gamed",
    "SHAPING_SHARE",
    "SHORT",
    "SHORT_NO_SPREAD",
    "TEMPLATE_SPREAD",
    "MIN_RECORDS",
    "CORRECTNESS_NAMES",
]

SHAPING_SHARE = 0.75  # shaping pays >= 3/4 of the positive reward: accuracy at most a third of it
SHORT = 0.5  # mean completion at most half its starting length
SHORT_NO_SPREAD = 0.35  # without min/max lengths, the shrink alone must be stronger to call it a template
TEMPLATE_SPREAD = 0.75  # (max - min) / mean: committed real attempts > 1.2, templates < 0.6
MIN_RECORDS = 10  # a settled state, not a few short batches (the patched runs have at most 3 in a row)
START_RECORDS = 3  # the starting length: median of the first records, before GRPO has moved it
# Rewards that pay for correct answers (cosine is accuracy scaled by length): not shaping, but they count in
# the total the shaping share is taken of.
CORRECTNESS_NAMES = (*ACCURACY_NAMES, "cosine")


def _split(log: TrainingLog) -> tuple[str | None, list[str], list[str]]:
    """(accuracy reward, shaping rewards, every component) by name."""
    comps = log.reward_components
    acc = next((c for c in comps if any(a in c for a in ACCURACY_NAMES)), None)
    shaping = [c for c in comps if not any(a in c for a in CORRECTNESS_NAMES)]
    return acc, shaping, comps


def _share(r: dict[str, float], shaping: list[str], comps: list[str]) -> float | None:
    """Shaping rewards' share of the positive per-function means (None when nothing is paid)."""
    if not all(f"rewards/{c}" in r for c in comps):
        return None
    paid = sum(max(r[f"rewards/{c}"], 0.0) for c in comps)
    if paid <= 1e-9:
        return None
    return sum(max(r[f"rewards/{c}"], 0.0) for c in shaping) / paid


def shaping_gamed(log: TrainingLog) -> Signal | None:
    """Shaping rewards pay for a short template while accuracy stays flat (module doc; critical)."""
    acc, shaping, comps = _split(log)
    if acc is None or not shaping:
        return None
    lengths = log.series("completion_length")
    if len(lengths) < START_RECORDS + MIN_RECORDS:
        return None
    start = statistics.median(v for _, v in lengths[:START_RECORDS])
    if start <= 0:
        return None

    def mark(r: dict[str, float]) -> float | None:
        """1 where the completion is short against the start, else 0 (the share is judged over the tail:
        one batch with a few correct answers lowers it without ending the template)."""
        if "completion_length" not in r:
            return None
        return 1.0 if r["completion_length"] <= SHORT * start else 0.0

    # the starting length is fixed once START_RECORDS are logged, so the per-record marks can be cached
    marks = log.derived(f"shaping_gamed@{start}", mark)
    i = persistent_tail(marks, lambda v: v == 1.0, min_run=MIN_RECORDS)
    if i is None:
        return None
    onset = marks[i][0]
    tail_lengths = [v for st, v in lengths if st >= onset]
    length = statistics.median(tail_lengths)
    # template-ness is judged on the latest records: the tail's first short batches may still be mixed
    recent = [r for r in log.records[-MIN_RECORDS:] if r["step"] >= onset]
    spreads = [
        (r["completion_length_max"] - r["completion_length_min"]) / r["completion_length"]
        for r in recent
        if "completion_length_max" in r and "completion_length_min" in r and r.get("completion_length", 0) > 0
    ]
    spread = statistics.median(spreads) if len(spreads) > MIN_RECORDS // 2 else None
    if spread is not None and spread > TEMPLATE_SPREAD:
        return None
    if spread is None and statistics.median(tail_lengths[-MIN_RECORDS:]) > SHORT_NO_SPREAD * start:
        return None
    # per-record shares are cached like the marks (the key names the components)
    all_shares = log.derived("shaping_share:" + ",".join(comps), lambda r: _share(r, shaping, comps))
    shares = [v for st, v in all_shares if st >= onset]
    if len(shares) < MIN_RECORDS or statistics.fmean(shares) < SHAPING_SHARE:
        return None
    if mann_kendall(shares).direction < 0:  # shaping's share falling: answers are taking over
        return None
    acc_pts = log.series(f"rewards/{acc}")
    accuracy = [v for st, v in acc_pts if st >= onset]
    trend = mann_kendall(accuracy)
    if trend.direction > 0:  # accuracy rising: a policy learning to be concise, not a gamed one
        return None
    early = [v for _, v in acc_pts[: max(START_RECORDS, min(10, len(acc_pts) // 10))]]
    means = {
        c: statistics.fmean([v for st, v in log.series(f"rewards/{c}") if st >= onset] or [0.0])
        for c in shaping
    }
    named = [c for c in shaping if means[c] > 0.05] or shaping
    pays = ", ".join(f"{c} {fmt(means[c])}" for c in named)
    form = (
        f"max - min length in a batch {fmt(spread)} of the mean over the last {len(recent)} logs"
        if spread is not None
        else "no min/max lengths logged"
    )
    return Signal(
        "shaping_gamed",
        onset,
        f"from {log.step_label(onset)} ({len(tail_lengths)} logs) completions are a short template, median {fmt(length)} "
        f"tokens vs {fmt(start)} at the start ({form}); the shaping rewards pay {100 * statistics.fmean(shares):.0f}% "
        f"of the reward ({pays}) while {acc} stays flat at {fmt(statistics.fmean(accuracy))} (it was "
        f"{fmt(statistics.fmean(early))} at the start; Mann-Kendall p {trend.p:.2f}): the policy is paid for form, "
        "not for answers",
        True,
        {
            "accuracy_reward": acc,
            "shaping": named,
            "share": statistics.fmean(shares),
            "accuracy": statistics.fmean(accuracy),
            "accuracy_start": statistics.fmean(early),
            "completion_length": length,
            "start_length": start,
            "length_spread": spread,
        },
    )
