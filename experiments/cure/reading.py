"""The figures the first campaign's reading rests on (issue 36), recomputed from its per-run files.

``python -m experiments.cure reading fixtures/runs/cure`` prints: collapses under the rule committed before
the runs (``length+boxed+std``) and under the one added after them (``answer``); T=1, finished-attempt and
greedy accuracy and length at start and end per arm; upstream against patched per seed at 5e-5; the
reasoning_steps gate's effect at 3e-4 with an interval; DeepSpeed-Chat scores, accuracy and the guarded run's
repeated answer; and the holes in the record (truncated runs).

>>> round(finished_accuracy({"accuracy": 0.3, "truncated_rate": 0.25}), 6)
0.4
"""

from __future__ import annotations

import json
import re
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any

import numpy as np

from experiments.repro.report import read_csv

from .summarize import window_stats

__all__ = ["reading", "finished_accuracy", "arm_difference"]


def finished_accuracy(stats: dict[str, Any]) -> float:
    """Accuracy among attempts that finished within the budget (a cut attempt is never correct here)."""
    return float(stats["accuracy"]) / max(1e-9, 1.0 - float(stats["truncated_rate"]))


def arm_difference(
    a: list[tuple[list[float], list[float]]],
    b: list[tuple[list[float], list[float]]],
    draws: int = 4000,
    seed: int = 0,
) -> tuple[float, float, float]:
    """(mean gain of arm a) - (mean gain of arm b), gains paired by problem, with a bootstrap over runs within
    each arm and over problems (the same problems for both)."""
    da = np.asarray([np.asarray(e) - np.asarray(s) for s, e in a])
    db = np.asarray([np.asarray(e) - np.asarray(s) for s, e in b])
    point = float(da.mean() - db.mean())
    rng = np.random.default_rng(seed)
    problems = da.shape[1]
    values = np.empty(draws)
    for i in range(draws):
        p = rng.integers(0, problems, problems)
        ra = rng.integers(0, da.shape[0], da.shape[0])
        rb = rng.integers(0, db.shape[0], db.shape[0])
        values[i] = da[np.ix_(ra, p)].mean() - db[np.ix_(rb, p)].mean()
    low, high = np.percentile(values, [2.5, 97.5])
    return point, float(low), float(high)


def _grpo(out: Path) -> dict[str, list[dict[str, Any]]]:
    arms: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for d in sorted((out / "grpo").iterdir()):
        if not (d / "summary.json").is_file() or d.name.endswith("guardstop"):
            continue
        s = json.loads((d / "summary.json").read_text())
        st, en = (
            json.loads((d / "start_eval.json").read_text()),
            json.loads((d / "end_eval.json").read_text()),
        )
        w = window_stats(read_csv(d / "metrics.csv"))
        f, last = w["first"], w["last"]
        arms[s["arm"]].append(
            {
                "name": d.name,
                "seed": s["seed"],
                "before_rule": last["length"] <= 0.75 * f["length"]
                and last["boxed"] <= 0.5 * f["boxed"]
                and last["reward_std"] <= 0.5 * f["reward_std"],
                "answer_rule": last["accuracy"] <= 0.05 and last["reward_std"] <= 0.5 * f["reward_std"],
                "t1": (st["accuracy"], en["accuracy"]),
                "finished": (finished_accuracy(st["sampled_stats"]), finished_accuracy(en["sampled_stats"])),
                "greedy": (st["greedy_stats"]["accuracy"], en["greedy_stats"]["accuracy"]),
                "truncated": (st["sampled_stats"]["truncated_rate"], en["sampled_stats"]["truncated_rate"]),
                "length": (st["sampled_stats"]["mean_length"], en["sampled_stats"]["mean_length"]),
                "steps_at_cap": f.get("reasoning_steps"),
                "per_problem": (st["per_problem"], en["per_problem"]),
            }
        )
    return arms


def _mean(rows: list[dict[str, Any]], key: str, i: int) -> float:
    return sum(r[key][i] for r in rows) / len(rows)


def reading(out: Path) -> str:
    arms = _grpo(out)
    lines = ["# The first cure campaign, read against what it can support", ""]
    lines.append(
        "| arm | runs | collapsed: rule before the runs | rule added after | T=1 acc | finished-attempt acc | greedy acc | cut at 64 tokens | length |"
    )
    lines.append("|---|---|---|---|---|---|---|---|---|")
    for arm, rs in arms.items():
        lines.append(
            f"| {arm} | {len(rs)} | {sum(r['before_rule'] for r in rs)} of {len(rs)} | "
            f"{sum(r['answer_rule'] or r['before_rule'] for r in rs)} of {len(rs)} | "
            + " | ".join(
                f"{_mean(rs, k, 0):.3f} -> {_mean(rs, k, 1):.3f}"
                if k != "length"
                else f"{_mean(rs, k, 0):.1f} -> {_mean(rs, k, 1):.1f}"
                for k in ("t1", "finished", "greedy", "truncated", "length")
            )
            + " |"
        )
    if "openr1_lr5e-5" in arms and "patched_gated_lr5e-5" in arms:
        up = {r["seed"]: r["t1"][1] for r in arms["openr1_lr5e-5"]}
        pt = {r["seed"]: r["t1"][1] for r in arms["patched_gated_lr5e-5"]}
        wins = sum(up[s] > pt[s] for s in up if s in pt)
        lines += [
            "",
            f"At 5e-5 upstream ends above patched in {wins} of {len(up)} seeds: "
            + ", ".join(f"seed {s}: {up[s]:.3f} vs {pt[s]:.3f}" for s in sorted(up) if s in pt),
        ]
    if "patched_gated" in arms and "patched" in arms:
        d, lo, hi = arm_difference(
            [r["per_problem"] for r in arms["patched_gated"]], [r["per_problem"] for r in arms["patched"]]
        )
        lines += [
            "",
            f"The reasoning_steps gate at 3e-4: gated minus ungated gain {d:+.3f} [{lo:+.3f}, {hi:+.3f}]",
        ]
    lines += [
        "",
        "## DeepSpeed-Chat",
        "",
        "| condition | seed | rm score first -> last step | accuracy first 10 -> last 10 steps |",
        "|---|---|---|---|",
    ]
    ds = out / "dschat"
    for d in sorted(p for p in ds.iterdir() if (p / "metrics.csv").is_file()) if ds.is_dir() else []:
        rows = read_csv(d / "metrics.csv")
        acc0 = sum(r["accuracy"] for r in rows[:10]) / 10
        acc1 = sum(r["accuracy"] for r in rows[-10:]) / 10
        lines.append(
            f"| {d.name.rsplit('-s', 1)[0]} | {d.name.rsplit('-s', 1)[1]} | {rows[0]['rm_score']:.2f} -> {rows[-1]['rm_score']:.2f} | {acc0:.3f} -> {acc1:.3f} |"
        )
    guard = ds / "guard-s0" / "samples.jsonl"
    if guard.is_file():
        last = [json.loads(ln) for ln in guard.read_text().splitlines()][-40:]
        boxes = Counter(
            m[-1] if (m := re.findall(r"\\boxed\{([^}]*)\}", r["completion"])) else None for r in last
        )
        top, n = boxes.most_common(1)[0]
        lines += [
            "",
            f"guard-s0's last 40 logged answers: {n} end on \\boxed{{{top}}} ({sum(f'boxed{{{top}}}' in r['completion'] for r in last)} contain it)",
        ]
    sft1500 = out / "dschat_sft1500"
    if sft1500.is_dir():
        cut = [
            f"{p.name}: {len(read_csv(p / 'metrics.csv'))} of 100 steps"
            for p in sorted(sft1500.iterdir())
            if (p / "metrics.csv").is_file() and len(read_csv(p / "metrics.csv")) < 100
        ]
        lines += [
            "",
            "Truncated runs, unflagged in the first summary: " + ("; ".join(cut) if cut else "none"),
        ]
    return "\n".join(lines)
