"""``python -m experiments.cure summary RUNS`` for a protocol campaign (``RUNS/starts/`` exists): every figure of
the README's table from the runs, by the definitions of ``PROTOCOL.md`` (code: :mod:`.protocol`).

Checks first: the frozen block is unchanged; each run ran at recorded commits that descend from the commit that
added PROTOCOL.md, with a clean work tree; an unfinished, truncated or failed run is listed and left out of
every aggregate. Then: the learning-rate choice (phase S, validation), the main cells (phase M, test: T=1,
finished-attempt and greedy accuracy, cut share, length, collapse share with its interval, guard), the decisions
P1-P3, and DeepSpeed-Chat's D1/D2.

>>> gain_interval([([0.0, 1.0], [1.0, 1.0])], draws=100)[0]
0.5
"""

from __future__ import annotations

import json
from collections import defaultdict
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import numpy as np

from experiments.repro.report import read_csv

from .protocol import (
    COLLAPSE_RATE,
    PROTOCOL_FILE,
    choose_lr,
    collapsed,
    fisher_exact,
    frozen_unchanged,
    wilson,
)
from .record import commit_of_file, is_ancestor

__all__ = ["summarize_protocol", "gain_interval", "collect_runs"]

ABLATIONS = ("upstream_no_cosine", "upstream_no_steps", "patched_upstream_cosine")
SETS = ("upstream", "patched_default")


def _json(path: Path) -> Any:
    return json.loads(path.read_text()) if path.is_file() else None


def gain_interval(
    pairs: Sequence[tuple[Sequence[float], Sequence[float]]], draws: int = 4000, seed: int = 0
) -> tuple[float, float, float]:
    """Mean end - start over runs and problems (paired), with the two-level bootstrap's 95% interval."""
    diff = np.asarray([np.asarray(e, float) - np.asarray(s, float) for s, e in pairs])
    point = float(diff.mean())
    rng = np.random.default_rng(seed)
    runs, problems = diff.shape
    values = np.empty(draws)
    for i in range(draws):
        values[i] = diff[np.ix_(rng.integers(0, runs, runs), rng.integers(0, problems, problems))].mean()
    lo, hi = np.percentile(values, [2.5, 97.5])
    return point, float(lo), float(hi)


def _finished_ratio(correct: np.ndarray, finished: np.ndarray) -> float:
    return float(correct.sum() / max(1.0, finished.sum()))


def finished_gain(
    runs: Sequence[Mapping[str, Any]], draws: int = 4000, seed: int = 0
) -> tuple[float, float, float]:
    """Finished-attempt accuracy gain (a ratio of sums: correct / finished samples), with the same bootstrap."""
    sc = np.asarray([r["start"]["per_problem_correct"] for r in runs], float)
    sf = np.asarray([r["start"]["per_problem_finished"] for r in runs], float)
    ec = np.asarray([r["end"]["per_problem_correct"] for r in runs], float)
    ef = np.asarray([r["end"]["per_problem_finished"] for r in runs], float)

    def stat(ri: np.ndarray, pi: np.ndarray) -> float:
        sel = np.ix_(ri, pi)
        return _finished_ratio(ec[sel], ef[sel]) - _finished_ratio(sc[sel], sf[sel])

    n_runs, n_problems = sc.shape
    point = stat(np.arange(n_runs), np.arange(n_problems))
    rng = np.random.default_rng(seed)
    values = [
        stat(rng.integers(0, n_runs, n_runs), rng.integers(0, n_problems, n_problems)) for _ in range(draws)
    ]
    lo, hi = np.percentile(values, [2.5, 97.5])
    return point, float(lo), float(hi)


def finished_difference(
    a: Sequence[Mapping[str, Any]], b: Sequence[Mapping[str, Any]], draws: int = 4000, seed: int = 0
) -> tuple[float, float, float]:
    """(finished-attempt gain of ``a``) - (that of ``b``): runs resampled within each, problems shared."""

    def arrays(runs: Sequence[Mapping[str, Any]]) -> tuple[np.ndarray, ...]:
        return tuple(
            np.asarray([r[w][k] for r in runs], float)
            for w in ("start", "end")
            for k in ("per_problem_correct", "per_problem_finished")
        )

    A, B = arrays(a), arrays(b)

    def gain(arr: tuple[np.ndarray, ...], ri: np.ndarray, pi: np.ndarray) -> float:
        sc, sf, ec, ef = (x[np.ix_(ri, pi)] for x in arr)
        return _finished_ratio(ec, ef) - _finished_ratio(sc, sf)

    na, nb, npr = A[0].shape[0], B[0].shape[0], A[0].shape[1]
    point = gain(A, np.arange(na), np.arange(npr)) - gain(B, np.arange(nb), np.arange(npr))
    rng = np.random.default_rng(seed)
    values = []
    for _ in range(draws):
        p = rng.integers(0, npr, npr)
        values.append(gain(A, rng.integers(0, na, na), p) - gain(B, rng.integers(0, nb, nb), p))
    lo, hi = np.percentile(values, [2.5, 97.5])
    return point, float(lo), float(hi)


def collect_runs(out: Path) -> tuple[list[dict[str, Any]], list[str]]:
    """Finished GRPO runs (with their evaluations and collapse flag) and the flags of the rest."""
    protocol_commits = commit_of_file(str(PROTOCOL_FILE.relative_to(PROTOCOL_FILE.parents[2])))
    protocol_commit = protocol_commits[-1] if protocol_commits else None
    runs: list[dict[str, Any]] = []
    flags: list[str] = []
    grpo = out / "grpo"
    for d in sorted(grpo.iterdir()) if grpo.is_dir() else []:
        s = _json(d / "summary.json")
        rows = read_csv(d / "metrics.csv") if (d / "metrics.csv").is_file() else []
        if s is None:
            flags.append(
                f"{d.name}: unfinished ({int(rows[-1]['step']) if rows else 0} of 300 steps): left out"
            )
            continue
        if s["steps"] < s["planned_steps"]:
            flags.append(f"{d.name}: truncated at {s['steps']} of {s['planned_steps']} steps: left out")
            continue
        sessions = s.get("code_sessions") or []
        bad = [c for c in sessions if c.get("dirty") or not c.get("commit")]
        early = [
            c
            for c in sessions
            if protocol_commit and c.get("commit") and not is_ancestor(protocol_commit, c["commit"])
        ]
        if not sessions or bad or early:
            why = (
                "no recorded commit"
                if not sessions
                else ("a dirty work tree" if bad else "a commit before the protocol")
            )
            flags.append(f"{d.name}: ran at {why}: left out")
            continue
        split = "test" if "test" in s["splits"] else s["splits"][0]
        runs.append(
            {
                "name": d.name,
                "arm": s["arm"],
                "lr": float(s["lr"]),
                "start_name": s.get("start"),
                "seed": s["seed"],
                "split": split,
                "collapsed": collapsed(rows),
                "guard_fired_at": s.get("guard_fired_at"),
                "start": _json(d / f"start_eval_{split}.json"),
                "end": _json(d / f"end_eval_{split}.json"),
                "validation_end": _json(d / "end_eval_validation.json"),
                "commit": sessions[-1]["commit"],
            }
        )
    return runs, flags


def _metrics(runs: Sequence[Mapping[str, Any]]) -> dict[str, tuple[float, float]]:
    def m(key: str, when: str) -> float:
        vals = []
        for r in runs:
            e = r[when]
            if key == "t1":
                vals.append(e["accuracy"])
            elif key == "finished":
                vals.append(sum(e["per_problem_correct"]) / max(1, sum(e["per_problem_finished"])))
            elif key == "greedy":
                vals.append(e["greedy_stats"]["accuracy"])
            elif key == "cut":
                vals.append(e["sampled_stats"]["truncated_rate"])
            else:
                vals.append(e["sampled_stats"]["mean_length"])
        return sum(vals) / len(vals)

    return {k: (m(k, "start"), m(k, "end")) for k in ("t1", "finished", "greedy", "cut", "length")}


def _share(runs: Sequence[Mapping[str, Any]]) -> tuple[int, int, tuple[float, float]]:
    k = sum(bool(r["collapsed"]) for r in runs)
    return k, len(runs), wilson(k, len(runs))


def summarize_protocol(
    out: Path, json_path: Path | None = None, markdown_path: Path | None = None, command: str = ""
) -> str:
    runs, flags = collect_runs(out)
    lines = ["# The cure protocol's results", ""]
    if not frozen_unchanged():
        lines.append(
            "**The protocol's frozen block differs from the committed one: these results are not the protocol's.**"
        )
    sweep = [r for r in runs if r["split"] == "validation"]
    main = [r for r in runs if r["split"] == "test"]
    chosen: dict[str, float] = {}
    lines += [
        "## S: the learning rate, chosen on validation",
        "",
        "| set | lr | runs | end validation accuracy (T=1) | collapsed |",
        "|---|---|---|---|---|",
    ]
    for arm in SETS:
        by_lr: dict[float, list[tuple[float, bool]]] = defaultdict(list)
        for r in sweep:
            if r["arm"] == arm:
                by_lr[r["lr"]].append((r["end"]["accuracy"], bool(r["collapsed"])))
        for lr in sorted(by_lr):
            acc = sum(a for a, _ in by_lr[lr]) / len(by_lr[lr])
            lines.append(
                f"| {arm} | {lr:g} | {len(by_lr[lr])} | {acc:.3f} | {sum(c for _, c in by_lr[lr])} |"
            )
        if by_lr:
            chosen[arm] = choose_lr(by_lr)
    lines += [
        "",
        "Chosen: " + (", ".join(f"{a} {lr:g}" for a, lr in chosen.items()) or "(no sweep runs yet)"),
        "",
    ]
    cells: dict[tuple[str, float], list[dict[str, Any]]] = defaultdict(list)
    for r in main:
        cells[(r["arm"], r["lr"])].append(r)
    lines += [
        "## M and Ab: test (start -> end; means over runs; intervals: 95%)",
        "",
        "| arm | lr | starts | runs | collapsed [interval] | T=1 acc | finished-attempt acc | finished gain [interval] | greedy acc | cut share | length | guard fired |",
        "|---|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    table: dict[str, Any] = {}
    for (arm, lr), rs in sorted(cells.items()):
        k, n, (lo, hi) = _share(rs)
        m = _metrics(rs)
        g = finished_gain(rs)
        fired = sum(r["guard_fired_at"] is not None for r in rs)
        starts = ",".join(sorted({str(r["start_name"]) for r in rs}))
        lines.append(
            f"| {arm} | {lr:g} | {starts} | {n} | {k} of {n} [{lo:.2f}, {hi:.2f}] | "
            f"{m['t1'][0]:.3f} -> {m['t1'][1]:.3f} | {m['finished'][0]:.3f} -> {m['finished'][1]:.3f} | "
            f"{g[0]:+.3f} [{g[1]:+.3f}, {g[2]:+.3f}] | {m['greedy'][0]:.3f} -> {m['greedy'][1]:.3f} | "
            f"{m['cut'][0]:.2f} -> {m['cut'][1]:.2f} | {m['length'][0]:.1f} -> {m['length'][1]:.1f} | {fired} of {n} |"
        )
        table[f"{arm}@{lr:g}"] = {
            "runs": n,
            "collapsed": k,
            "collapse_interval": [lo, hi],
            "metrics": m,
            "finished_gain": g,
        }
    lines += ["", "## Decisions (PROTOCOL.md, 6)", ""]
    up = cells.get(("upstream", COLLAPSE_RATE), [])
    pt = cells.get(("patched_default", COLLAPSE_RATE), [])
    if up and pt:
        k, n, (lo, _) = _share(up)
        kp = sum(bool(r["collapsed"]) for r in pt)
        per_start = ", ".join(
            f"start {s}: {sum(bool(r['collapsed']) for r in up if r['start_name'] == s)} of {sum(r['start_name'] == s for r in up)}"
            for s in sorted({r["start_name"] for r in up})
        )
        verdict = "supported" if lo > 0 and kp == 0 else "not shown"
        lines.append(
            f"- P1: upstream at 3e-4 collapses in {k} of {n} ({per_start}; Wilson lower bound {lo:.2f}); patched in {kp} of {len(pt)}: *patched prevents this collapse* {verdict}."
        )
    if chosen.get("upstream") is not None and chosen.get("patched_default") is not None:
        a = cells.get(("patched_default", chosen["patched_default"]), [])
        b = cells.get(("upstream", chosen["upstream"]), [])
        if a and b:
            d, lo, hi = finished_difference(a, b)
            word = (
                "patched teaches more"
                if lo > 0
                else ("upstream teaches more" if hi < 0 else "no difference shown")
            )
            lines.append(
                f"- P2: finished-attempt gain, patched at {chosen['patched_default']:g} minus upstream at {chosen['upstream']:g}: {d:+.3f} [{lo:+.3f}, {hi:+.3f}]: *{word}*."
            )
            table["P2"] = {"difference": [d, lo, hi], "reading": word}
    ablated = {arm: cells.get((arm, COLLAPSE_RATE), []) for arm in ABLATIONS}
    upA = [r for r in up if r["start_name"] == "A"]
    if upA and all(ablated.values()):
        ku = sum(bool(r["collapsed"]) for r in upA)
        parts, drivers = [], []
        for arm in ("upstream_no_cosine", "upstream_no_steps"):
            rs = ablated[arm]
            ka = sum(bool(r["collapsed"]) for r in rs)
            p = fisher_exact(ku, len(upA), ka, len(rs))
            parts.append(f"{arm} {ka} of {len(rs)} (Fisher p {p:.3f} against upstream's {ku} of {len(upA)})")
            if ka < ku and p < 0.05:
                drivers.append(arm)
        kc = sum(bool(r["collapsed"]) for r in ablated["patched_upstream_cosine"])
        if drivers == ["upstream_no_cosine"]:
            word = "the cosine term drives the collapse" + (
                " (confirmed: patched with upstream's cosine collapses)"
                if kc >= 1
                else " (not confirmed by patched with upstream's cosine)"
            )
        elif drivers == ["upstream_no_steps"]:
            word = "reasoning_steps drives the collapse"
        else:
            word = "the terms are not separated"
        lines.append(
            f"- P3: {'; '.join(parts)}; patched_upstream_cosine {kc} of {len(ablated['patched_upstream_cosine'])}: *{word}*."
        )
    lines += dschat_lines(out, flags)
    lines += ["", "## Flags", ""] + ([f"- {f}" for f in flags] or ["- none"])
    text = "\n".join(lines)
    doc = {
        "command": command,
        "chosen_lr": chosen,
        "cells": table,
        "flags": flags,
        "runs": [{k: v for k, v in r.items() if k not in ("start", "end", "validation_end")} for r in runs],
    }
    (json_path or out / "summary.json").write_text(json.dumps(doc, indent=1, default=str) + "\n")
    if markdown_path is not None:
        markdown_path.write_text(text + "\n")
    return text


D1_ORDER = ("eos_as_pad", "actor_lr", "frozen_critic", "actor_lr_frozen_critic")  # PROTOCOL.md, 7


def signature(run: Path) -> dict[str, Any] | None:
    """The seed's signature on one PPO run: flat score (std of the per-step mean over the last 20 steps) and
    gibberish by the independent judge; None when the run has no judge files."""
    from experiments.dschat.judge import gibberish

    s = _json(run / "summary.json")
    if s is None or not s.get("judge_start") or not s.get("judge_end"):
        return None
    rows = read_csv(run / "metrics.csv")
    scores = [r["rm_score"] for r in rows[-20:]]
    std = float(np.std(scores)) if len(scores) > 1 else float("nan")
    return {
        "steps": len(rows),
        "score_std_last20": std,
        "score_last": scores[-1] if scores else None,
        "gibberish": gibberish(s["judge_start"], s["judge_end"]),
        "flat": std <= 0.01,
        "accuracy": (s["judge_start"]["accuracy"], s["judge_end"]["accuracy"]),
        "perplexity": (s["judge_start"]["sft_perplexity"], s["judge_end"]["sft_perplexity"]),
        "no_answer": (s["judge_start"]["no_answer_share"], s["judge_end"]["no_answer_share"]),
        "stopped_at": s.get("stopped_at"),
    }


def dschat_lines(out: Path, flags: list[str]) -> list[str]:
    ds = out / "dschat"
    if not ds.is_dir():
        return []
    lines = [
        "",
        "## DeepSpeed-Chat (PROTOCOL.md, 7)",
        "",
        "| run | steps | score std (last 20) | gibberish | SFT perplexity | no answer | gold accuracy |",
        "|---|---|---|---|---|---|---|",
    ]
    selected = None
    for name in ("collapse", *D1_ORDER):
        sig = signature(ds / f"d1-{name}")
        if sig is None:
            continue
        lines.append(
            f"| d1-{name} | {sig['steps']} | {sig['score_std_last20']:.4f} | {sig['gibberish']} | "
            f"{sig['perplexity'][0]:.1f} -> {sig['perplexity'][1]:.1f} | {sig['no_answer'][0]:.2f} -> {sig['no_answer'][1]:.2f} | "
            f"{sig['accuracy'][0]:.3f} -> {sig['accuracy'][1]:.3f} |"
        )
        if selected is None and name in D1_ORDER and sig["flat"] and sig["gibberish"]:
            selected = name
    lines += [
        "",
        f"D1 selects: {selected or 'none (the seed signature is not reproduced by any candidate)'}",
        "",
    ]
    for kind in ("", "-cure"):
        held = total = 0
        for run in sorted(ds.glob(f"d2-*{kind}-s*")):
            if kind == "" and "-cure-" in run.name:
                continue
            sig = signature(run)
            if sig is None:
                flags.append(f"dschat/{run.name}: no judge files: left out")
                continue
            total += 1
            holds = sig["accuracy"][1] >= sig["accuracy"][0] - 0.05 and not sig["gibberish"]
            held += holds
        if total:
            lines.append(f"- D2 {'cure' if kind else 'collapse setting'}: holds in {held} of {total} seeds")
    return lines
