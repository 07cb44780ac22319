"""Aggregate whatever cure runs exist into ``summary.json``, one printed table, and the plots.

Works on a partial campaign: an unfinished GRPO run (no ``summary.json`` yet) is listed from its
``metrics.csv`` with ``end_accuracy`` null; a missing arm or DeepSpeed-Chat condition is simply absent.

Definitions, fixed before the runs (the README quotes them):

- **difference** (per arm): mean over the arm's runs of end - start accuracy on the same held-out problems
  (each run's start and end sampled with the run's seed); **ci95**: percentile interval of a two-level
  bootstrap that resamples runs (seeds) and, within them, problems (paired start/end), 4,000 draws.
- **collapsed** (a GRPO run): either rule below. ``collapse_rule`` says which held.
  - ``length+boxed+std`` (fixed before the runs): over the last 20 logged steps against the first 20, mean
    completion length at most 0.75x, the ``\\boxed`` rate at most 0.5x, and reward_std at most 0.5x, all three.
  - ``answer`` (added after the first upstream run, whose policy kept a constant ``\\boxed{0}`` under three
    step markers, so its ``\\boxed`` rate never fell): the last 20 steps' accuracy at most 0.05 and their
    reward_std at most 0.5x the first 20's.
- **filler loops**: the share of end-evaluation samples the degenerate classifier labels ``filler_loop``.
- **DeepSpeed-Chat**: ``*_start`` are means over the first 10 PPO steps, ``*_end`` over the last 10;
  ``score_std_end`` is the standard deviation of the per-step mean reward-model score over the last 20 steps
  (the seed run's score was flat at 0.205 +- 0.001). A cure holds when the degenerate share ends within 5 points
  of its start, the ``\\boxed`` rate falls by at most 5 points, and ``score_std_end`` >= 0.01.

>>> collapsed_run([{"completions/mean_length": 60, "repro/boxed_rate": 0.9, "reward_std": 0.8}] * 20
...               + [{"completions/mean_length": 20, "repro/boxed_rate": 0.0, "reward_std": 0.01}] * 20)
True
>>> bootstrap_difference([[0.0, 0.0, 1.0]], [[1.0, 0.0, 1.0]], draws=200)[0]
0.3333333333333333
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import numpy as np

from experiments.repro.report import read_csv
from rewardcheck.bench.htmlreport import Page

from .recipe import ARMS

__all__ = [
    "collapse_rule",
    "collapsed_run",
    "bootstrap_difference",
    "collect",
    "summarize",
    "headline",
    "markdown_table",
]

WINDOW = 20
DSCHAT_WINDOW = 10
# harden_loops: hardened with probe-rm's filler_loop class too; guard_lines10: the classifier before the 6-line rule
DSCHAT_CONDITIONS = ("collapse", "harden", "harden_loops", "guard", "guard_lines10")


def _mean(rows: Sequence[Mapping[str, float]], key: str) -> float:
    values = [float(r[key]) for r in rows if key in r and not math.isnan(float(r[key]))]
    return sum(values) / len(values) if values else math.nan


def window_stats(rows: Sequence[Mapping[str, float]], window: int = WINDOW) -> dict[str, dict[str, float]]:
    keys = {
        "length": "completions/mean_length",
        "boxed": "repro/boxed_rate",
        "reward_std": "reward_std",
        "accuracy": "repro/accuracy",
        "kl": "kl",
        "reward": "reward",
    }
    first, last = rows[:window], rows[-window:]
    return {
        "first": {name: _mean(first, key) for name, key in keys.items()},
        "last": {name: _mean(last, key) for name, key in keys.items()},
    }


def collapse_rule(rows: Sequence[Mapping[str, float]], window: int = WINDOW) -> str | None:
    """Which collapse rule of the module doc holds (``"length+boxed+std"``, ``"answer"``), ``""`` for none,
    ``None`` for a run shorter than two windows."""
    if len(rows) < 2 * window:
        return None
    w = window_stats(rows, window)
    f, last = w["first"], w["last"]
    if (
        last["length"] <= 0.75 * f["length"]
        and last["boxed"] <= 0.5 * f["boxed"]
        and last["reward_std"] <= 0.5 * f["reward_std"]
    ):
        return "length+boxed+std"
    if last["accuracy"] <= 0.05 and last["reward_std"] <= 0.5 * f["reward_std"]:
        return "answer"
    return ""


def collapsed_run(rows: Sequence[Mapping[str, float]], window: int = WINDOW) -> bool | None:
    """Whether either collapse rule holds; ``None`` for a run shorter than two windows."""
    rule = collapse_rule(rows, window)
    return None if rule is None else bool(rule)


def bootstrap_difference(
    starts: Sequence[Sequence[float]], ends: Sequence[Sequence[float]], draws: int = 4000, seed: int = 0
) -> tuple[float, float, float]:
    """Mean end - start over runs and problems, with the two-level bootstrap's 95% interval."""
    s, e = np.asarray(starts, dtype=float), np.asarray(ends, dtype=float)
    diff = e - s  # runs x problems, paired by problem
    point = float(diff.mean())
    rng = np.random.default_rng(seed)
    runs, problems = diff.shape
    values = np.empty(draws)
    for i in range(draws):
        r = rng.integers(0, runs, runs)
        p = rng.integers(0, problems, problems)
        values[i] = diff[np.ix_(r, p)].mean()
    low, high = np.percentile(values, [2.5, 97.5])
    return point, float(low), float(high)


def _json(path: Path) -> dict[str, Any] | None:
    return json.loads(path.read_text()) if path.is_file() else None


def _grpo_run(folder: Path) -> dict[str, Any]:
    rows = read_csv(folder / "metrics.csv") if (folder / "metrics.csv").is_file() else []
    summary = _json(folder / "summary.json") or {}
    start, end = _json(folder / "start_eval.json"), _json(folder / "end_eval.json")
    seed = summary.get("seed")
    if seed is None:
        seed = int(folder.name.split("-s")[1].split("-")[0])
    w = window_stats(rows) if rows else {}
    return {
        "name": folder.name,
        "seed": seed,
        "lr": summary.get("lr"),
        "steps": int(rows[-1]["step"]) if rows else 0,
        "finished": bool(summary),
        "start_accuracy": None if start is None else start["accuracy"],
        "end_accuracy": None if end is None or not summary else end["accuracy"],
        "collapsed": collapsed_run(rows),
        "collapse_rule": collapse_rule(rows),
        "guard_fired_at": summary.get("guard_fired_at") if summary else _partial_guard(folder),
        "guard_signal": summary.get("guard_signal"),
        "guard_stopped_at": summary.get("guard_stopped_at"),
        "filler_loop_end": None if end is None else end["degenerate"].get("filler_loop", 0.0),
        "degenerate_end": None if end is None else 1.0 - end["degenerate"].get("ok", 0.0),
        "first20": w.get("first"),
        "last20": w.get("last"),
        "_per_problem": (
            None if start is None else start["per_problem"],
            None if end is None else end["per_problem"],
        ),
        "_rows": rows,
    }


def _partial_guard(folder: Path) -> int | None:
    report = _json(folder / "guard" / "guard.json")
    if not report:
        return None
    stops = [f for f in report.get("findings", []) if f.get("stops")]
    return int(stops[0]["fired_at"]) if stops else None


def _dschat_run(folder: Path) -> dict[str, Any]:
    rows = read_csv(folder / "metrics.csv") if (folder / "metrics.csv").is_file() else []
    first, last = rows[:DSCHAT_WINDOW], rows[-DSCHAT_WINDOW:]
    scores = [r["rm_score"] for r in rows[-2 * DSCHAT_WINDOW :] if "rm_score" in r]
    seed = int(folder.name.rsplit("-s", 1)[1])
    return {
        "seed": seed,
        "steps": len(rows),
        "degenerate_start": _mean(first, "degenerate"),
        "degenerate_end": _mean(last, "degenerate"),
        "boxed_start": _mean(first, "boxed"),
        "boxed_end": _mean(last, "boxed"),
        "score_start": _mean(first, "rm_score"),
        "score_end": _mean(last, "rm_score"),
        "score_std_end": float(np.std(scores)) if len(scores) > 1 else None,
        "accuracy_start": _mean(first, "accuracy"),
        "accuracy_end": _mean(last, "accuracy"),
        "_rows": rows,
    }


def cure_holds(run: Mapping[str, Any]) -> bool:
    return bool(
        abs(run["degenerate_end"] - run["degenerate_start"]) <= 0.05
        and run["boxed_end"] >= run["boxed_start"] - 0.05
        and (run["score_std_end"] or 0.0) >= 0.01
    )


def collect(out: Path) -> dict[str, Any]:
    """Every GRPO and DeepSpeed-Chat run under ``out`` (``grpo/<arm>-s<seed>``, ``dschat/<cond>-s<seed>``)."""
    start = _json(out / "sft" / "start_eval.json")
    recipe = _json(out / "sft" / "recipe.json") or {}
    arms: list[dict[str, Any]] = []
    twins: list[dict[str, Any]] = []
    for arm in ARMS:
        folders = sorted((out / "grpo").glob(f"{arm.name}-s*")) if (out / "grpo").is_dir() else []
        runs = [_grpo_run(f) for f in folders if not f.name.endswith("-guardstop")]
        twins += [_grpo_run(f) | {"arm": arm.name} for f in folders if f.name.endswith("-guardstop")]
        if not runs:
            continue
        done = [r for r in runs if r["end_accuracy"] is not None and r["start_accuracy"] is not None]
        difference: dict[str, Any] = {"mean": None, "ci95": None, "runs": len(done)}
        if done:
            mean, low, high = bootstrap_difference(
                [r["_per_problem"][0] for r in done], [r["_per_problem"][1] for r in done]
            )
            difference = {"mean": mean, "ci95": [low, high], "runs": len(done)}
        lrs = sorted({r["lr"] for r in runs if r.get("lr") is not None})
        arms.append(
            {
                "name": arm.name,
                "profile": arm.profile,
                "reward_set": arm.reward_set,
                "lr": lrs[0] if len(lrs) == 1 else lrs,
                "note": arm.note,
                "runs": runs,
                "difference": difference,
                "eval_problems": None if start is None else start["problems"],
            }
        )
    dschat: dict[str, Any] = {}
    folder = out / "dschat"
    for condition in DSCHAT_CONDITIONS:
        runs = [_dschat_run(f) for f in sorted(folder.glob(f"{condition}-s*"))] if folder.is_dir() else []
        if not runs:
            continue
        if condition == "collapse":
            dschat["collapse"] = {
                "steps": min(r["steps"] for r in runs),
                "degenerate_end": float(np.mean([r["degenerate_end"] for r in runs])),
                "runs": runs,
            }
        else:
            for r in runs:
                r["holds"] = cure_holds(r)
            dschat.setdefault("cures", []).append({"name": condition, "runs": runs})
    return {
        "start": None
        if start is None
        else {k: start[k] for k in ("accuracy", "problems", "samples_per_problem", "temperature")},
        "sft": {k: recipe.get(k) for k in ("stop_at", "stopped_at_step")},
        "arms": arms,
        "guard_twins": [_twin(t, arms) for t in twins],
        "dschat": dschat,
    }


def _twin(twin: dict[str, Any], arms: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    full = next(
        (r for a in arms if a["name"] == twin["arm"] for r in a["runs"] if r["seed"] == twin["seed"]), None
    )
    stopped = twin.get("guard_stopped_at")
    return {
        "name": twin["name"],
        "arm": twin["arm"],
        "seed": twin["seed"],
        "stopped_at": stopped,
        "steps_run": twin["steps"],
        "full_run_steps": None if full is None else full["steps"],
        "steps_saved": None if full is None or stopped is None else full["steps"] - twin["steps"],
        "end_accuracy": twin["end_accuracy"],
        "full_run_end_accuracy": None if full is None else full["end_accuracy"],
    }


def _public(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _public(v) for k, v in value.items() if not k.startswith("_")}
    if isinstance(value, list):
        return [_public(v) for v in value]
    if isinstance(value, float) and math.isnan(value):
        return None
    return value


def _f(value: Any, digits: int = 3) -> str:
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return "n/a"
    return f"{value:.{digits}f}" if isinstance(value, float) else str(value)


def headline(data: Mapping[str, Any]) -> str:
    """One row per arm, then one per DeepSpeed-Chat condition: the table the README quotes."""
    lines = [
        "| GRPO arm | lr | runs | accuracy start -> end | end - start [95% interval] | collapsed | guard fired at |",
        "|---|---|---|---|---|---|---|",
    ]
    for arm in data["arms"]:
        runs = [r for r in arm["runs"] if r["end_accuracy"] is not None]
        if not runs:
            continue
        d = arm["difference"]
        start = sum(r["start_accuracy"] for r in runs) / len(runs)
        end = sum(r["end_accuracy"] for r in runs) / len(runs)
        ci = "" if not d["ci95"] else f" [{d['ci95'][0]:+.3f}, {d['ci95'][1]:+.3f}]"
        collapsed = sum(bool(r["collapsed"]) for r in runs)
        fired = ", ".join("quiet" if r["guard_fired_at"] is None else str(r["guard_fired_at"]) for r in runs)
        lines.append(
            f"| {arm['name']} | {arm.get('lr', 'n/a')} | {len(runs)} | {start:.3f} -> {end:.3f} | {d['mean']:+.3f}{ci} | "
            f"{collapsed} of {len(runs)} | {fired} |"
        )
    ds = data.get("dschat") or {}
    if ds:
        lines += [
            "",
            "| DeepSpeed-Chat (100 PPO steps) | runs | degenerate start -> end | \\boxed start -> end | holds |",
            "|---|---|---|---|---|",
        ]
        groups = ([("collapse", ds["collapse"]["runs"])] if "collapse" in ds else []) + [
            (c["name"], c["runs"]) for c in ds.get("cures", [])
        ]
        for name, runs in groups:
            mean = lambda k, rs=runs: sum(r[k] for r in rs) / len(rs)  # noqa: E731
            holds = "" if name == "collapse" else f"{sum(bool(r.get('holds')) for r in runs)} of {len(runs)}"
            lines.append(
                f"| {name} | {len(runs)} | {mean('degenerate_start'):.2f} -> {mean('degenerate_end'):.2f} | "
                f"{mean('boxed_start'):.2f} -> {mean('boxed_end'):.2f} | {holds} |"
            )
    return "\n".join(lines)


def markdown_table(data: Mapping[str, Any]) -> str:
    lines = [headline(data), ""]
    start = data.get("start")
    if start:
        lines.append(
            f"Start (SFT checkpoint): accuracy {start['accuracy']:.3f} on {start['problems']} held-out problems "
            f"x {start['samples_per_problem']} samples at T={start['temperature']}."
        )
        lines.append("")
    lines.append(
        "| arm | profile | seed | steps | start acc | end acc | collapsed | length first->last | \\boxed first->last | reward_std first->last | filler loops (end) | guard fired at |"
    )
    lines.append("|---|---|---|---|---|---|---|---|---|---|---|---|")
    for arm in data["arms"]:
        for r in arm["runs"]:
            f, last = r.get("first20") or {}, r.get("last20") or {}
            lines.append(
                f"| {arm['name']} | {arm['profile']} | {r['seed']} | {r['steps']}{'' if r['finished'] else ' (running)'} | "
                f"{_f(r['start_accuracy'])} | {_f(r['end_accuracy'])} | {_f(r['collapsed'])} | "
                f"{_f(f.get('length'), 0)} -> {_f(last.get('length'), 0)} | {_f(f.get('boxed'), 2)} -> {_f(last.get('boxed'), 2)} | "
                f"{_f(f.get('reward_std'), 2)} -> {_f(last.get('reward_std'), 2)} | {_f(r['filler_loop_end'], 2)} | {_f(r['guard_fired_at'])} |"
            )
    lines.append("")
    lines.append("| arm | runs | end - start accuracy (mean) | 95% interval (seeds x problems) |")
    lines.append("|---|---|---|---|")
    for arm in data["arms"]:
        d = arm["difference"]
        ci = "n/a" if not d["ci95"] else f"[{d['ci95'][0]:+.3f}, {d['ci95'][1]:+.3f}]"
        mean = "n/a" if d["mean"] is None else f"{d['mean']:+.3f}"
        lines.append(f"| {arm['name']} | {d['runs']} | {mean} | {ci} |")
    if data.get("guard_twins"):
        lines.append("")
        lines.append("| guard twin | stopped at | steps run | full run steps | steps saved |")
        lines.append("|---|---|---|---|---|")
        for t in data["guard_twins"]:
            lines.append(
                f"| {t['name']} | {_f(t['stopped_at'])} | {t['steps_run']} | {_f(t['full_run_steps'])} | {_f(t['steps_saved'])} |"
            )
    ds = data.get("dschat") or {}
    if ds:
        lines.append("")
        lines.append(
            "| DeepSpeed-Chat | seed | steps | degenerate start -> end | \\boxed start -> end | score start -> end | score std (last 20) | cure holds |"
        )
        lines.append("|---|---|---|---|---|---|---|---|")
        groups = ([("collapse", ds["collapse"]["runs"])] if "collapse" in ds else []) + [
            (c["name"], c["runs"]) for c in ds.get("cures", [])
        ]
        for name, runs in groups:
            for r in runs:
                lines.append(
                    f"| {name} | {r['seed']} | {r['steps']} | {_f(r['degenerate_start'], 2)} -> {_f(r['degenerate_end'], 2)} | "
                    f"{_f(r['boxed_start'], 2)} -> {_f(r['boxed_end'], 2)} | {_f(r['score_start'])} -> {_f(r['score_end'])} | "
                    f"{_f(r['score_std_end'])} | {_f(r.get('holds', 'n/a'))} |"
                )
    return "\n".join(lines)


PLOTS = (
    ("Exact-match accuracy of sampled completions", "accuracy", "repro/accuracy"),
    ("Mean completion length", "tokens", "completions/mean_length"),
    ("Completions with \\boxed{}", "fraction", "repro/boxed_rate"),
    ("Reward std", "reward_std", "reward_std"),
    ("KL to the reference", "kl", "kl"),
)
DSCHAT_PLOTS = (
    ("Degenerate share (classifier)", "fraction", "degenerate"),
    ("\\boxed rate", "fraction", "boxed"),
    ("Mean reward-model score", "score", "rm_score"),
)


def _smooth(points: list[tuple[float, float]], width: int = 5) -> list[tuple[float, float]]:
    out = []
    for i in range(len(points)):
        chunk = [y for _, y in points[max(0, i - width + 1) : i + 1]]
        out.append((points[i][0], sum(chunk) / len(chunk)))
    return out


def _curves(groups: Sequence[tuple[str, Sequence[Mapping[str, Any]]]], key: str) -> dict[str, Any]:
    """One smoothed curve of ``key`` per run, labelled ``<group> s<seed>``."""
    series = {}
    for name, runs in groups:
        for r in runs:
            pts = [(row["step"], row[key]) for row in r["_rows"] if key in row and not math.isnan(row[key])]
            if pts:
                series[f"{name} s{r['seed']}"] = _smooth(pts)
    return series


def write_html(data: Mapping[str, Any], path: Path, table: str) -> Path:
    page = Page("Cure campaign: open-r1 rewards vs patched (GRPO) and DeepSpeed-Chat cures (PPO)")
    page.pre(table)
    arms = [(arm["name"], arm["runs"]) for arm in data["arms"]]
    for title, unit, key in PLOTS:
        series = _curves(arms, key)
        if series:
            page.line_chart(series, f"{title} (5-step mean)", "GRPO step", unit)
    ds = data.get("dschat") or {}
    groups = ([("collapse", ds["collapse"]["runs"])] if "collapse" in ds else []) + [
        (c["name"], c["runs"]) for c in ds.get("cures", [])
    ]
    for title, unit, key in DSCHAT_PLOTS:
        series = _curves(groups, key)
        if series:
            page.line_chart(series, f"DeepSpeed-Chat: {title} (5-step mean)", "PPO step", unit)
    return page.write(path)


def summarize(
    out: Path,
    json_path: Path | None = None,
    html_path: Path | None = None,
    markdown_path: Path | None = None,
    command: str = "",
) -> str:
    data = collect(out)
    table = markdown_table(data)
    public = _public(data)
    public["command"] = command
    (json_path or out / "summary.json").write_text(json.dumps(public, indent=1) + "\n")
    write_html(data, html_path or out / "report.html", table)
    if markdown_path is not None:
        markdown_path.write_text(table + "\n")
    return table
