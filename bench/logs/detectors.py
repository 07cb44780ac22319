"""Collapse detectors over a :class:`TrainingLog`: each returns a :class:`Signal` with its onset and evidence.

Most detectors look for a *tail run*: the stretch from some record to the end of the log over which a
condition holds, longer than the log's own history explains (:func:`rewardcheck.bench.logs.signal.persistent_tail`); its
first step is the onset. A run that recovered before the end is not a collapse. The same detectors run on a
finished log (``rewardcheck logs``) and, step by step, on a growing one (the live guard, :mod:`rewardcheck.bench.guard`).
``critical`` signals mark the run as collapsed; the others are warnings that explain it.

>>> from rewardcheck.bench.logs.records import TrainingLog
>>> rows = [{"step": float(i), "reward": 0.2061 + 0.0005 * (-1) ** i} for i in range(10)]
>>> [s.name for s in detect(TrainingLog("demo", "jsonl", rows))]
['reward_flatline']
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Callable
from typing import Any

from .dynamics import (
    clip_saturation,
    degenerate_outputs,
    entropy_collapse,
    gradient_spikes,
    nonfinite_values,
)
from .gaming import shaping_gamed
from .records import TrainingLog
from .signal import Signal, fmt, persistent_tail
from .signal import fraction_text as _fraction
from .trends import ACCURACY_NAMES, kl_drift, reward_eval_divergence, reward_plateau, variance_share

__all__ = ["Signal", "detect", "DetectorCache", "DETECTORS", "TREND_DETECTORS", "fmt"]


def reward_flatline(log: TrainingLog) -> Signal | None:
    """The total reward stops moving relative to its own level: std <= 1% and range <= 5% of |mean| over
    >= 8 records, or exactly constant over >= 3. Works when the log holds only the flat part."""
    pts = log.series("reward")
    if len(pts) < 3:
        return None
    n = s = s2 = 0.0
    lo, hi = math.inf, -math.inf
    start = None
    for i in range(len(pts) - 1, -1, -1):
        v = pts[i][1]
        n, s, s2 = n + 1, s + v, s2 + v * v
        lo, hi = min(lo, v), max(hi, v)
        mean = s / n
        std = math.sqrt(max(s2 / n - mean * mean, 0.0))
        level = max(abs(mean), 1e-12)
        if hi - lo <= 1e-9 or (std <= 0.01 * level and hi - lo <= 0.05 * level):
            start = i
        else:
            break
    if start is None:
        return None
    window = [v for _, v in pts[start:]]
    constant = max(window) - min(window) <= 1e-9
    if len(window) < (3 if constant else 8):
        return None
    mean = statistics.fmean(window)
    std = statistics.pstdev(window)
    rel = std / max(abs(mean), 1e-12)
    if constant:
        body = f"reward constant at {fmt(mean)} over the last {len(window)} records"
    else:
        body = (
            f"reward flat at {fmt(mean)} (range {fmt(min(window))}-{fmt(max(window))}, std {fmt(std)} = "
            f"{100 * rel:.1f}% of its level) over {len(window)} logged steps"
        )
    before = [v for _, v in pts[:start]]
    if before:
        body += f" (it moved between {fmt(min(before))} and {fmt(max(before))} before)"
    step = pts[start][0]
    first = ", the first logged step" if start == 0 else ""
    return Signal(
        "reward_flatline",
        step,
        f"{body} from {log.step_label(step)}{first}",
        True,
        {"level": mean, "relative_std": rel, "records": len(window)},
    )


def zero_group_variance(log: TrainingLog) -> Signal | None:
    """Every GRPO group scores the same: reward_std ~0, or frac_reward_zero_std >= 0.8, to the end."""
    found: list[Signal] = []
    std = log.series("reward_std")
    if std:
        peak = max(v for _, v in std)
        tol = max(1e-6, 0.02 * peak)
        i = persistent_tail(std, lambda v: v <= tol)
        if i is not None:
            step = std[i][0]
            was = f" (was {fmt(std[0][1])} at {log.step_label(std[0][0])})" if i > 0 else ""
            found.append(
                Signal(
                    "zero_group_variance",
                    step,
                    f"reward_std {fmt(std[-1][1])} from {log.step_label(step)} to the end{was}: every group's rewards "
                    "are equal, so every GRPO advantage is 0",
                    True,
                    {"reward_std": std[-1][1]},
                )
            )
    frac = log.series("frac_reward_zero_std")
    if frac:
        i = persistent_tail(frac, lambda v: v >= 0.8)
        if i is not None:
            step = frac[i][0]
            found.append(
                Signal(
                    "zero_group_variance",
                    step,
                    f"frac_reward_zero_std {fmt(frac[-1][1])} (>= 0.8 from {log.step_label(step)}): most groups give "
                    "zero advantage",
                    True,
                    {"frac_reward_zero_std": frac[-1][1]},
                )
            )
    return min(found, key=lambda s: s.step or 0.0) if found else None


def length_collapse(log: TrainingLog) -> Signal | None:
    """Mean completion length ends below 20% of its peak, or at <= 16 tokens."""
    pts = log.series("completion_length")
    if not pts:
        return None
    peak_i = max(range(len(pts)), key=lambda k: pts[k][1])
    peak = pts[peak_i][1]
    i = persistent_tail(pts, lambda v: v <= 16 or v <= 0.2 * peak)
    if i is None:
        return None
    step, last = pts[i][0], pts[-1][1]
    was = f" (peak {fmt(peak)} at {log.step_label(pts[peak_i][0])})" if peak > 16 else ""
    return Signal(
        "length_collapse",
        step,
        f"completion_length {fmt(last)} tokens from {log.step_label(step)}{was}",
        True,
        {"completion_length": last, "peak": peak},
    )


def truncation_saturation(log: TrainingLog) -> Signal | None:
    """``clipped_ratio`` >= 0.5 to the end: most completions hit max_completion_length (no answer)."""
    pts = log.series("clipped_ratio")
    i = persistent_tail(pts, lambda v: v >= 0.5) if pts else None
    if i is None:
        return None
    step, last = pts[i][0], pts[-1][1]
    return Signal(
        "truncation_saturation",
        step,
        f"completions/clipped_ratio {fmt(last)} (>= 0.5 from {log.step_label(step)}): most completions are cut at "
        "max_completion_length before their answer",
        last >= 0.9,
        {"clipped_ratio": last},
    )


def kl_blowup(log: TrainingLog) -> Signal | None:
    """KL above 1 nat and 100x its early median (GRPO runs usually stay well below 0.1)."""
    pts = log.series("kl")
    if len(pts) < 2:
        return None
    early = statistics.median(v for _, v in pts[: max(1, len(pts) // 10)])
    limit = max(1.0, 100 * abs(early))
    first = next((k for k, (_, v) in enumerate(pts) if v > limit), None)
    if first is None:
        return None
    step = pts[first][0]
    return Signal(
        "kl_blowup",
        step,
        f"kl {fmt(pts[-1][1])} at the end (first above {fmt(limit)} at {log.step_label(step)}; "
        f"{fmt(pts[0][1])} at the start): the policy has left the reference model",
        False,
        {"kl": pts[-1][1], "kl_start": pts[0][1]},
    )


def vanishing_gradient(log: TrainingLog) -> Signal | None:
    """grad_norm ~0 while the loss is not: nothing but the KL term is left to optimise."""
    rows = [r for r in log.records if "grad_norm" in r and "loss" in r]
    pts = [(r["step"], r["grad_norm"] if abs(r["loss"]) >= 1e-3 else math.inf) for r in rows]
    i = persistent_tail(pts, lambda v: v <= 1e-4) if pts else None
    if i is None:
        return None
    tail = rows[i:]
    step = tail[0]["step"]
    evidence = f"grad_norm {fmt(tail[-1]['grad_norm'])} with loss {fmt(tail[-1]['loss'])} from {log.step_label(step)}"
    values: dict[str, Any] = {"grad_norm": tail[-1]["grad_norm"], "loss": tail[-1]["loss"]}
    with_kl = [r for r in tail if r.get("kl", 0) > 0]
    if with_kl:
        ratios = [r["loss"] / r["kl"] for r in with_kl]
        beta = statistics.fmean(ratios)
        if max(ratios) - min(ratios) <= 0.1 * abs(beta):
            evidence += f"; loss = {beta:.3f} x kl: the loss is the KL penalty alone (all advantages are 0)"
            values["loss_over_kl"] = beta
    return Signal("vanishing_gradient", step, evidence, False, values)


def shaping_dominance(log: TrainingLog) -> Signal | None:
    """Accuracy is 0 while a shaping reward pays most of the total: the policy is paid for form alone."""
    comps = log.reward_components
    acc = next((c for c in comps if any(a in c for a in ACCURACY_NAMES)), None)
    shaping = [c for c in comps if c != acc]
    if acc is None or not shaping:
        return None
    rows = [r for r in log.records if f"rewards/{acc}" in r]
    pts = [(r["step"], r[f"rewards/{acc}"]) for r in rows]
    i = persistent_tail(pts, lambda v: abs(v) <= 1e-6)
    if i is None:
        return None
    tail = rows[i:]
    last = tail[-1]
    best = max(shaping, key=lambda c: last.get(f"rewards/{c}", -math.inf))
    value = last.get(f"rewards/{best}")
    if value is None or value <= 0:
        return None
    total = last.get("reward", sum(last.get(f"rewards/{c}", 0.0) for c in comps))
    if total <= 0 or value < 0.5 * total:
        return None
    step = tail[0]["step"]
    share = min(value / total, 9.99)
    return Signal(
        "shaping_dominance",
        step,
        f"{best} = {value:.4g}{_fraction(value)} with {acc} 0 from {log.step_label(step)}: "
        f"{100 * share:.0f}% of the reward {fmt(total)} is paid for form, none for correct answers",
        True,
        {"reward": best, "value": value, "accuracy_reward": acc, "share": share},
    )


def skipped_steps(log: TrainingLog) -> Signal | None:
    """DeepSpeed's fp16 loss scaler skipped optimizer steps (overflow); counted per engine."""
    if not log.skips or not any(s.skipped for s in log.skips):
        return None
    engines = sorted({s.engine for s in log.skips})
    parts, new = [], 0
    for e in engines:
        reports = [s for s in log.skips if s.engine == e]
        first, last = reports[0], reports[-1]
        new += last.skipped - first.skipped
        parts.append(f"engine {e + 1}: skipped={last.skipped} of {last.step} steps")
    step = min(s.step for s in log.skips if s.skipped)
    during = (
        f"{new} more skipped within the log"
        if new
        else f"none newly skipped between step={log.skips[0].step} and step={log.skips[-1].step}"
    )
    return Signal(
        "skipped_steps",
        float(step),
        f"DeepSpeed reports optimizer steps skipped for fp16 overflow ({'; '.join(parts)}); {during}",
        False,
        {"skipped": {f"engine_{e + 1}": max(s.skipped for s in log.skips if s.engine == e) for e in engines}},
    )


def ppo_no_signal(log: TrainingLog, flat: Signal | None) -> Signal | None:
    """PPO actor loss oscillating around zero while the reward is flat: updates have no direction."""
    if flat is None or flat.step is None:
        return None
    vals = [v for s, v in log.series("act_loss") if s >= flat.step]
    if len(vals) < 8:
        return None
    mean, std = statistics.fmean(vals), statistics.pstdev(vals)
    flips = sum(1 for a, b in zip(vals, vals[1:], strict=False) if (a > 0) != (b > 0))
    if std == 0 or abs(mean) > 0.5 * std or flips < 0.2 * (len(vals) - 1):
        return None
    return Signal(
        "ppo_no_signal",
        flat.step,
        f"act_loss {mean:+.3f} +- {std:.3f} over {len(vals)} steps, changing sign {flips} times, while the reward "
        "is flat: the policy gradient has no consistent direction",
        True,
        {"act_loss_mean": mean, "act_loss_std": std, "sign_changes": flips},
    )


DETECTORS: tuple[Callable[[TrainingLog], Signal | None], ...] = (
    reward_flatline,
    zero_group_variance,
    length_collapse,
    truncation_saturation,
    kl_blowup,
    vanishing_gradient,
    shaping_dominance,
    shaping_gamed,
    skipped_steps,
    entropy_collapse,
    clip_saturation,
    reward_plateau,
    kl_drift,
    variance_share,
    reward_eval_divergence,
    gradient_spikes,
    nonfinite_values,
    degenerate_outputs,
)


# Warnings whose trend statistics cost O(points^2); the live guard re-runs them only when the log has grown.
TREND_DETECTORS = frozenset({reward_plateau, kl_drift, reward_eval_divergence})
REUSE_GROWTH = 0.05


class DetectorCache:
    """Lets a log that grows one record at a time skip re-running :data:`TREND_DETECTORS` until it has grown
    by ``REUSE_GROWTH`` of its length (at least one record); a pure function of record counts, so a replay of
    the same metrics gives the same signals at the same steps."""

    def __init__(self) -> None:
        self._last: dict[Callable[[TrainingLog], Signal | None], tuple[int, Signal | None]] = {}

    def run(self, d: Callable[[TrainingLog], Signal | None], log: TrainingLog) -> Signal | None:
        n = len(log.records)
        if d in TREND_DETECTORS and d in self._last:
            seen, result = self._last[d]
            if seen <= n < seen + max(1, int(REUSE_GROWTH * seen)):
                return result
        result = d(log)
        self._last[d] = (n, result)
        return result


def detect(log: TrainingLog, cache: DetectorCache | None = None) -> list[Signal]:
    """Every signal found, in detector order (the PPO check runs on the flatline's window)."""
    run = cache.run if cache is not None else (lambda d, lg: d(lg))
    signals = [s for s in (run(d, log) for d in DETECTORS) if s is not None]
    flat = next((s for s in signals if s.name == "reward_flatline"), None)
    ppo = ppo_no_signal(log, flat)
    if ppo is not None:
        signals.append(ppo)
    return signals
