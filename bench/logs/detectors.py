"""Collapse detectors over a :class:`TrainingLog`: each returns a :class:`Signal` with its onset and evidence.

Most detectors look for a *tail run*: the stretch from some record to the end of the log over which a
condition holds; its first step is the onset. A run that recovered before the end is not a collapse.
``critical`` signals mark the run as collapsed; the others are warnings that explain it.

>>> from bench.logs.records import TrainingLog
>>> rows = [{"step": float(i), "reward": 0.2061 + 0.0005 * (-1) ** i} for i in range(10)]
>>> [s.name for s in detect(TrainingLog("demo", "jsonl", rows))]
['reward_flatline']
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from .records import TrainingLog

__all__ = ["Signal", "detect", "DETECTORS", "fmt"]

ACCURACY_NAMES = ("accuracy", "correct", "math", "answer")


@dataclass(frozen=True)
class Signal:
    name: str
    step: float | None
    evidence: str
    critical: bool
    values: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "step": self.step,
            "evidence": self.evidence,
            "critical": self.critical,
            **self.values,
        }


def fmt(v: float) -> str:
    if v == 0:
        return "0"
    if abs(v) < 1e-3 or abs(v) >= 1e5:
        return f"{v:.2g}"
    return f"{v:.4g}"


def _fraction(v: float) -> str:
    f = Fraction(v).limit_denominator(6)
    return f" ({f.numerator}/{f.denominator})" if f.denominator > 1 and abs(float(f) - v) < 1e-3 else ""


def _tail_run(points: Sequence[tuple[float, float]], holds: Callable[[float], bool]) -> int | None:
    """Index where the final run of points satisfying ``holds`` starts, or None if the last point fails."""
    start = None
    for i in range(len(points) - 1, -1, -1):
        if not holds(points[i][1]):
            break
        start = i
    return start


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
        i = _tail_run(std, lambda v: v <= tol)
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
        i = _tail_run(frac, lambda v: v >= 0.8)
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
    i = _tail_run(pts, lambda v: v <= 16 or v <= 0.2 * peak)
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
    i = _tail_run(pts, lambda v: v >= 0.5) if pts else None
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
    i = _tail_run(pts, lambda v: v <= 1e-4) if pts else None
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
    i = _tail_run(pts, lambda v: abs(v) <= 1e-6)
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
    skipped_steps,
)


def detect(log: TrainingLog) -> list[Signal]:
    """Every signal found, in detector order (the PPO check runs on the flatline's window)."""
    signals = [s for s in (d(log) for d in DETECTORS) if s is not None]
    flat = next((s for s in signals if s.name == "reward_flatline"), None)
    ppo = ppo_no_signal(log, flat)
    if ppo is not None:
        signals.append(ppo)
    return signals
