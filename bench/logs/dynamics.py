"""Optimisation-health detectors: entropy collapse, clip saturation, gradient spikes, NaN/Inf.

>>> from rewardcheck.bench.logs.records import TrainingLog
>>> rows = [{"step": float(i), "entropy": 0.3 if i < 10 else 0.05} for i in range(16)]
>>> entropy_collapse(TrainingLog("demo", "jsonl", rows)).step
10.0
"""

from __future__ import annotations

import statistics

from .records import TrainingLog
from .signal import Signal, fmt, persistent_tail
from .trendstats import mann_kendall

__all__ = ["entropy_collapse", "clip_saturation", "gradient_spikes", "nonfinite_values", "degenerate_outputs"]

ENTROPY_FRACTION = 0.5  # entropy at or below half its starting level
CLIP_RATIO_LIMIT = 0.2  # a fifth of the tokens' probability ratios clipped: updates far too large
SPIKE_FACTOR = 10.0  # grad_norm ten times the run's median
DEGENERATE_LIMIT = 0.5  # half of a batch flagged by the scan's degenerate-output classifier


def entropy_collapse(log: TrainingLog) -> Signal | None:
    """Policy entropy (TRL logs ``entropy``) falls to half its starting level and stays there, with a falling
    Mann-Kendall trend: the policy is collapsing onto a few outputs."""
    pts = log.series("entropy")
    k0 = max(3, min(10, len(pts) // 4))
    if len(pts) < k0 + 3:
        return None
    base = statistics.median(v for _, v in pts[:k0])
    if base <= 0:
        return None
    i = persistent_tail(pts, lambda v: v <= ENTROPY_FRACTION * base)
    if i is None:
        return None
    trend = mann_kendall([v for _, v in pts])
    if trend.direction >= 0:
        return None
    step, last = pts[i][0], pts[-1][1]
    return Signal(
        "entropy_collapse",
        step,
        f"entropy {fmt(last)} from {log.step_label(step)}, at most half its starting {fmt(base)} (median of the "
        f"first {k0} logs), falling (Mann-Kendall z {trend.z:.1f}): the policy is collapsing onto a few outputs",
        True,
        {"entropy": last, "baseline": base, "mk_z": trend.z},
    )


def clip_saturation(log: TrainingLog) -> Signal | None:
    """Every completion cut at max_completion_length and earning nothing (``completions/clipped_ratio`` 1 with
    reward 0: the short-max-length pattern; critical), or a fifth of the tokens' PPO ratios clipped
    (``clip_ratio/*``; the updates are too large for the trust region; a warning)."""
    pts = log.derived("clip_saturation", _cut_and_unpaid)
    i = persistent_tail(pts, lambda v: v == 1.0) if pts else None
    if i is not None:
        step = pts[i][0]
        return Signal(
            "clip_saturation",
            step,
            f"completions/clipped_ratio 1 with reward 0 from {log.step_label(step)}: every completion is cut at "
            "max_completion_length before its answer and earns nothing, so no group has an advantage",
            True,
            {"kind": "completion_length", "clipped_ratio": log.series("clipped_ratio")[-1][1]},
        )
    found: list[Signal] = []
    for name in ("clip_ratio", "clip_ratio_low", "clip_ratio_high"):
        series = log.series(name)
        j = persistent_tail(series, lambda v: v >= CLIP_RATIO_LIMIT) if series else None
        if j is not None:
            step, last = series[j][0], series[-1][1]
            found.append(
                Signal(
                    "clip_saturation",
                    step,
                    f"{name} {fmt(last)} (>= {CLIP_RATIO_LIMIT} from {log.step_label(step)}): a large share of the "
                    "token probability ratios is clipped, the policy moves further per step than the trust region "
                    "allows (lower the learning rate or take fewer steps per generation batch)",
                    False,
                    {"kind": name, "clip_ratio": last},
                )
            )
    return min(found, key=lambda s: s.step or 0.0) if found else None


def _cut_and_unpaid(r: dict[str, float]) -> float | None:
    if "clipped_ratio" not in r or "reward" not in r:
        return None
    return 1.0 if r["clipped_ratio"] >= 0.99 and abs(r["reward"]) <= 1e-6 else 0.0


def gradient_spikes(log: TrainingLog) -> Signal | None:
    """grad_norm above ``SPIKE_FACTOR`` times the run's median: an unstable update (a warning)."""
    pts = log.series("grad_norm")
    if len(pts) < 10:
        return None
    median = statistics.median(v for _, v in pts)
    if median <= 0:
        return None
    spikes = [(s, v) for s, v in pts if v > SPIKE_FACTOR * median]
    if not spikes:
        return None
    worst = max(spikes, key=lambda p: p[1])
    return Signal(
        "gradient_spike",
        spikes[0][0],
        f"{len(spikes)} grad_norm spike(s) above {SPIKE_FACTOR:g}x the median {fmt(median)}, the first at "
        f"{log.step_label(spikes[0][0])}, the largest {fmt(worst[1])} at {log.step_label(worst[0])}",
        False,
        {"spikes": len(spikes), "median": median, "largest": worst[1]},
    )


def nonfinite_values(log: TrainingLog) -> Signal | None:
    """A NaN or Inf in any training metric: the run has diverged numerically from that step."""
    if not log.nonfinite:
        return None
    step = min(s for s, _, _ in log.nonfinite)
    names = sorted({name for _, name, _ in log.nonfinite})
    return Signal(
        "nonfinite",
        step,
        f"{len(log.nonfinite)} NaN/Inf value(s) in {', '.join(names)}, the first at {log.step_label(step)}",
        True,
        {"count": len(log.nonfinite), "metrics": names},
    )


def degenerate_outputs(log: TrainingLog) -> Signal | None:
    """Half or more of each batch is a degenerate output (empty, tags or step markers only, repetition, prompt
    echo) by the scan's classifier, as logged by :class:`rewardcheck.bench.guard.RecordingReward`."""
    pts = log.series("degenerate_rate")
    i = persistent_tail(pts, lambda v: v >= DEGENERATE_LIMIT) if pts else None
    if i is None:
        return None
    step, last = pts[i][0], pts[-1][1]
    return Signal(
        "degenerate_outputs",
        step,
        f"{100 * last:.0f}% of the batch flagged degenerate by the scan's classifier (>= {100 * DEGENERATE_LIMIT:.0f}% "
        f"from {log.step_label(step)}): the policy writes outputs that carry no answer",
        True,
        {"degenerate_rate": last},
    )
