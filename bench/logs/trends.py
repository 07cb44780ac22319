"""Trend detectors (Mann-Kendall and Theil-Sen from :mod:`rewardcheck.bench.logs.trendstats`, no fixed window): reward
plateau with drained group variance, KL drift, each reward component's share of the reward variance, and
training reward vs evaluation divergence.

>>> from rewardcheck.bench.logs.records import TrainingLog
>>> rows = [{"step": float(i), "kl": 0.02 * i} for i in range(1, 80)]
>>> kl_drift(TrainingLog("demo", "jsonl", rows)).name
'kl_drift'
"""

from __future__ import annotations

import statistics

from .records import TrainingLog
from .signal import Signal, fmt, persistent_tail
from .trendstats import mann_kendall, theil_sen

__all__ = ["reward_plateau", "kl_drift", "variance_share", "reward_eval_divergence", "ACCURACY_NAMES"]

ACCURACY_NAMES = ("accuracy", "correct", "math", "answer")
KL_DRIFT_NATS = 1.0  # Theil-Sen rise over the run
STD_DRAINED = 0.1  # group reward std down to a tenth of its early level
EVAL_DROP = 0.1  # eval metric down by a tenth of its first value


def _accuracy(names: list[str]) -> str | None:
    return next((c for c in names if any(a in c for a in ACCURACY_NAMES)), None)


def reward_plateau(log: TrainingLog) -> Signal | None:
    """The reward shows no Mann-Kendall trend over the second half of the log while the group reward std has
    drained to a tenth of its early level: learning has stopped, not converged (a warning)."""
    pts = log.series("reward")
    std = log.values("reward_std")
    if len(pts) < 20 or len(std) < 20:
        return None
    half = pts[len(pts) // 2 :]
    early = statistics.median(std[: max(3, len(std) // 4)])
    late = statistics.median(std[len(std) // 2 :])
    if early <= 0 or late > STD_DRAINED * early:
        return None
    trend = mann_kendall([v for _, v in half])
    if trend.direction != 0:
        return None
    step = half[0][0]
    return Signal(
        "reward_plateau",
        step,
        f"reward without a trend from {log.step_label(step)} (Mann-Kendall p {trend.p:.2f} over {len(half)} logs) "
        f"while the median reward_std fell from {fmt(early)} to {fmt(late)}: the groups no longer separate",
        False,
        {"mk_p": trend.p, "reward_std_early": early, "reward_std_late": late},
    )


def kl_drift(log: TrainingLog) -> Signal | None:
    """KL to the reference rises by at least ``KL_DRIFT_NATS`` over the log, measured as the Theil-Sen slope
    times the span (the median pairwise slope: a few spiking batches do not make a drift; a warning)."""
    pts = log.series("kl")
    if len(pts) < 10 or pts[-1][1] < KL_DRIFT_NATS:  # cheap gate before the O(n^2) statistic
        return None
    xs, ys = [s for s, _ in pts], [v for _, v in pts]
    slope = theil_sen(xs, ys)
    rise = slope * (xs[-1] - xs[0])
    if rise < KL_DRIFT_NATS:
        return None
    half = ys[0] + rise / 2
    step = next(s for s, v in pts if v >= half)
    return Signal(
        "kl_drift",
        step,
        f"kl rising {fmt(slope)}/step (Theil-Sen; +{fmt(rise)} nats over the log), past {fmt(half)} from "
        f"{log.step_label(step)}: the policy drifts from the reference",
        False,
        {"slope": slope, "rise": rise},
    )


def variance_share(log: TrainingLog) -> Signal | None:
    """The accuracy reward carries none of the reward variance while a shaping reward carries most of it (per
    record, from the logged ``rewards/<f>/std``): GRPO ranks completions by form alone (a warning).
    Shares are std_f^2 / sum of std^2 (unit weights, covariances left out)."""
    comps = [c for c in log.reward_components if log.has(f"rewards_std/{c}")]
    acc = _accuracy(comps)
    shaping = [c for c in comps if c != acc]
    if acc is None or not shaping:
        return None
    keys = [f"rewards_std/{c}" for c in comps]
    k_acc = f"rewards_std/{acc}"

    def top_share(r: dict[str, float]) -> float | None:
        """Share of the top shaping reward when accuracy carries <= 1%, else 0; None without accuracy std."""
        if k_acc not in r:
            return None
        var = [r.get(k, 0.0) ** 2 for k in keys]
        total = sum(var)
        if total <= 1e-12 or r[k_acc] ** 2 > 0.01 * total:
            return 0.0
        return max(v for k, v in zip(keys, var, strict=True) if k != k_acc) / total

    # cache key names the components: a log that gains a reward function later gets fresh marks
    marks = log.derived("variance_share:" + ",".join(keys), top_share)
    i = persistent_tail(marks, lambda v: v >= 0.5)
    if i is None:
        return None
    step = marks[i][0]
    tail = log.records[-(len(marks) - i) :] if len(marks) == len(log.records) else []
    named = [max(shaping, key=lambda c: r.get(f"rewards_std/{c}", 0.0)) for r in tail] or shaping[:1]
    best = max(set(named), key=named.count)
    share = statistics.fmean(v for _, v in marks[i:])
    return Signal(
        "variance_share",
        step,
        f"{acc} carries none of the reward variance from {log.step_label(step)} ({len(marks) - i} logs) while "
        f"{best} carries {100 * share:.0f}% of it: the advantages rank completions by {best}, not by correctness",
        False,
        {"accuracy_reward": acc, "reward": best, "share": share},
    )


def reward_eval_divergence(log: TrainingLog) -> Signal | None:
    """Training reward rises (Mann-Kendall) while the logged evaluation reward or accuracy falls (Theil-Sen
    over >= 5 evaluations, a drop of at least ``EVAL_DROP`` of its first value): the policy is learning the
    reward, not the task (a warning)."""
    if len(log.evals) < 5:
        return None
    names = [k for k in log.evals[-1] if k != "step"]
    target = "reward" if "reward" in names else _accuracy([n.removeprefix("rewards/") for n in names])
    if target is None:
        return None
    key = target if target == "reward" else f"rewards/{target}"
    ev = log.eval_series(key)
    train = log.series("reward")
    if len(ev) < 5 or len(train) < 10:
        return None
    tr_trend = mann_kendall([v for _, v in train])
    if tr_trend.direction <= 0:
        return None
    xs, ys = [s for s, _ in ev], [v for _, v in ev]
    drop = -theil_sen(xs, ys) * (xs[-1] - xs[0])
    if drop < EVAL_DROP * max(abs(ys[0]), 1e-6):
        return None
    peak = max(range(len(ev)), key=lambda k: ev[k][1])
    step = ev[peak][0]
    return Signal(
        "reward_eval_divergence",
        step,
        f"training reward rising (Mann-Kendall z {tr_trend.z:.1f}) while eval {key} falls by {fmt(drop)} "
        f"(Theil-Sen) after its best {fmt(ev[peak][1])} at {log.step_label(step)}",
        False,
        {"eval_metric": key, "eval_drop": drop, "eval_best": ev[peak][1]},
    )
