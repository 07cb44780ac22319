"""``python -m experiments.cure summary RUNS`` for a protocol campaign (``RUNS/starts/`` exists): every figure of
the README's cure section from the runs, by the definitions of ``PROTOCOL.md`` (code: :mod:`.protocol`).

First the refusals (:mod:`.provenance`): the frozen block, the decision code, and every artefact's recorded
commit; any problem and no figure is printed. Then the planned grid (:mod:`.plan`): missing, unfinished and
extra runs are listed; unfinished and extra runs are left out of every aggregate, and P1 is recomputed with
every unfinished M run counted as collapsed. Then the lr choice (S), the cells (M, Ab), P1-P3
(:mod:`.decisions`) and DeepSpeed-Chat's D1/D2 (:mod:`.dschat_reading`).

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

from .decisions import P1, decide_p1, decide_p2, estimate_p3
from .dschat_reading import dschat_section
from .plan import ABLATIONS, SETS, Phase, grpo_grid
from .protocol import (
    COLLAPSE_RATE,
    STARTS,
    SWEEP_RATES,
    SWEEP_SEEDS,
    accuracy_dead,
    choose_lr,
    collapsed,
    wilson,
)
from .provenance import Provenance, check_provenance

__all__ = ["summarize_protocol", "gain_interval", "read_grpo", "chosen_rates"]


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


def read_grpo(out: Path) -> tuple[list[dict[str, Any]], dict[str, str]]:
    """Finished GRPO runs (evaluations, collapse and accuracy-dead flags) and, by name, why the rest is not."""
    runs: list[dict[str, Any]] = []
    unfinished: dict[str, str] = {}
    grpo = out / "grpo"
    for d in sorted(grpo.iterdir()) if grpo.is_dir() else []:
        s = _json(d / "summary.json")
        rows = read_csv(d / "metrics.csv") if (d / "metrics.csv").is_file() else []
        if s is None:
            unfinished[d.name] = f"unfinished ({int(rows[-1]['step']) if rows else 0} of 300 steps)"
            continue
        if s["steps"] < s["planned_steps"]:
            unfinished[d.name] = f"truncated at {s['steps']} of {s['planned_steps']} steps"
            continue
        split = "test" if "test" in s["splits"] else s["splits"][0]
        start, end = _json(d / f"start_eval_{split}.json"), _json(d / f"end_eval_{split}.json")
        if start is None or end is None:
            unfinished[d.name] = "no start or end evaluation"
            continue
        runs.append(
            {
                "name": d.name,
                "arm": s["arm"],
                "lr": float(s["lr"]),
                "start_name": s.get("start"),
                "seed": s["seed"],
                "split": split,
                "collapsed": collapsed(rows),
                "dead": accuracy_dead(rows),
                "guard_fired_at": s.get("guard_fired_at"),
                "start": start,
                "end": end,
                "commit": (s.get("code_sessions") or [{}])[-1].get("commit"),
            }
        )
    return runs, unfinished


def chosen_rates(runs: Sequence[Mapping[str, Any]]) -> dict[str, float]:
    """Each set's chosen rate, once all of its sweep runs (PROTOCOL.md, 4) have finished."""
    chosen: dict[str, float] = {}
    for arm in SETS:
        by_lr: dict[float, list[tuple[float, bool]]] = defaultdict(list)
        for r in runs:
            if r["split"] == "validation" and r["arm"] == arm and r["name"].startswith("S-"):
                by_lr[r["lr"]].append((r["end"]["accuracy"], bool(r["collapsed"])))
        if sum(len(v) for v in by_lr.values()) == len(SWEEP_RATES) * len(SWEEP_SEEDS):
            chosen[arm] = choose_lr(by_lr)
    return chosen


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


def _cell_row(arm: str, lr: float, rs: Sequence[Mapping[str, Any]]) -> tuple[str, dict[str, Any]]:
    k, n, (lo, hi) = _share(rs)
    dead = sum(bool(r["dead"]) for r in rs)
    m = _metrics(rs)
    g = finished_gain(rs)
    fired = sum(r["guard_fired_at"] is not None for r in rs)
    starts = ",".join(sorted({str(r["start_name"]) for r in rs}))
    line = (
        f"| {arm} | {lr:g} | {starts} | {n} | {k} of {n} [{lo:.2f}, {hi:.2f}] | {dead} of {n} | "
        f"{m['t1'][0]:.3f} -> {m['t1'][1]:.3f} | {m['finished'][0]:.3f} -> {m['finished'][1]:.3f} | "
        f"{g[0]:+.3f} [{g[1]:+.3f}, {g[2]:+.3f}] | {m['greedy'][0]:.3f} -> {m['greedy'][1]:.3f} | "
        f"{m['cut'][0]:.2f} -> {m['cut'][1]:.2f} | {m['length'][0]:.1f} -> {m['length'][1]:.1f} | {fired} of {n} |"
    )
    doc = {
        "arm": arm,
        "lr": lr,
        "starts": starts,
        "runs": n,
        "collapsed": k,
        "collapse_interval": [lo, hi],
        "accuracy_dead": dead,
        "t1_accuracy": m["t1"],
        "finished_accuracy": m["finished"],
        "greedy_accuracy": m["greedy"],
        "cut_share": m["cut"],
        "mean_length": m["length"],
        "finished_gain": g,
        "guard_fired": fired,
    }
    return line, doc


def _p1_lines(p1: P1, label: str) -> list[str]:
    lines = [
        f"- P1{label}: *patched prevents this collapse* **{'supported' if p1.supported else 'not shown'}** ({p1.why})."
    ]
    lines += [f"  - start {s}: {t.line()}" for s, t in p1.per_start.items()]
    lines.append(f"  - pooled: {p1.pooled.line()}; patched accuracy-dead in {p1.patched_dead} runs")
    return lines


def _p1_doc(p1: P1) -> dict[str, Any]:
    def t(x: Any) -> dict[str, Any]:
        return {
            "upstream": [x.up_k, x.up_n],
            "patched": [x.pt_k, x.pt_n],
            "fisher_p": x.p,
            "difference": x.difference,
        }

    return {
        "supported": p1.supported,
        "why": p1.why,
        "per_start": {s: t(x) for s, x in p1.per_start.items()},
        "pooled": t(p1.pooled),
        "patched_collapsed": p1.patched_collapsed,
        "patched_accuracy_dead": p1.patched_dead,
    }


def summarize_protocol(
    out: Path,
    json_path: Path | None = None,
    markdown_path: Path | None = None,
    command: str = "",
    *,
    check: bool = True,
) -> str:
    """The tables and decisions; writes ``summary.json``. ``check=False`` (tests only) skips the refusals and
    heads everything with a line saying so."""
    prov: Provenance | None = check_provenance(out) if check else None
    runs, unfinished = read_grpo(out)
    chosen = chosen_rates(runs)
    planned = {r.name: r for r in grpo_grid(chosen)}
    extra = sorted(r["name"] for r in runs if r["name"] not in planned) + sorted(
        n for n in unfinished if n not in planned
    )
    runs = [r for r in runs if r["name"] in planned]
    done = {r["name"] for r in runs}
    missing = [n for n in planned if n not in done and n not in unfinished]
    crashed = {n: why for n, why in unfinished.items() if n in planned}
    lines = ["# The cure protocol's results", ""]
    if prov is None:
        lines += ["**Provenance not checked (a test's summary): these results are not the protocol's.**", ""]
    else:
        lines += [
            f"Protocol commit {prov.protocol_commit[:10]}; every artefact ({prov.artefacts}) ran at "
            f"{prov.campaign_commit[:10]} from a clean tree, with the frozen code unchanged.",
            "",
        ]
    lines += [
        "## S: the learning rate, chosen on validation",
        "",
        "| set | lr | runs | end validation accuracy (T=1) | collapsed |",
        "|---|---|---|---|---|",
    ]
    for arm in SETS:
        by_lr: dict[float, list[tuple[float, bool]]] = defaultdict(list)
        for r in runs:
            if r["name"].startswith("S-") and r["arm"] == arm:
                by_lr[r["lr"]].append((r["end"]["accuracy"], bool(r["collapsed"])))
        for lr in sorted(by_lr):
            acc = sum(a for a, _ in by_lr[lr]) / len(by_lr[lr])
            lines.append(
                f"| {arm} | {lr:g} | {len(by_lr[lr])} | {acc:.3f} | {sum(c for _, c in by_lr[lr])} |"
            )
    lines += [
        "",
        "Chosen: " + (", ".join(f"{a} {lr:g}" for a, lr in chosen.items()) or "(sweep not complete)"),
        "",
    ]
    cells: dict[tuple[str, float], list[dict[str, Any]]] = defaultdict(list)
    for r in runs:
        if r["split"] == "test":
            cells[(r["arm"], r["lr"])].append(r)
    lines += [
        "## M and Ab: test (start -> end; means over runs; intervals: 95%)",
        "",
        "| arm | lr | starts | runs | collapsed [interval] | accuracy-dead | T=1 acc | finished-attempt acc | "
        "finished gain [interval] | greedy acc | cut share | length | guard fired |",
        "|---|---|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    arms: dict[str, Any] = {}
    for (arm, lr), rs in sorted(cells.items()):
        line, doc = _cell_row(arm, lr, rs)
        lines.append(line)
        arms[f"{arm}@{lr:g}"] = doc
    decisions: dict[str, Any] = {}
    lines += ["", "## Decisions (PROTOCOL.md, 6)", ""]
    up = cells.get(("upstream", COLLAPSE_RATE), [])
    pt = cells.get(("patched_default", COLLAPSE_RATE), [])
    m_planned = [n for n, p in planned.items() if p.phase is Phase.MAIN and p.lr == COLLAPSE_RATE]
    m_open = [n for n in m_planned if n not in done]
    if up and pt:
        p1 = decide_p1(up, pt, tuple(STARTS))
        label = (
            f" (provisional: {len(m_planned) - len(m_open)} of {len(m_planned)} planned runs)"
            if m_open
            else ""
        )
        lines += _p1_lines(p1, label)
        decisions["P1"] = {**_p1_doc(p1), "final": not m_open}
        if crashed or m_open:
            as_collapsed = [
                {"start_name": planned[n].start, "collapsed": True, "dead": True, "arm": planned[n].arm}
                for n in m_open
            ]
            p1s = decide_p1(
                up + [r for r in as_collapsed if r["arm"] == "upstream"],
                pt + [r for r in as_collapsed if r["arm"] == "patched_default"],
                tuple(STARTS),
            )
            lines.append(
                f"- P1, sensitivity (the {len(m_open)} unfinished or missing M runs at 3e-4 counted as collapsed): "
                f"**{'supported' if p1s.supported else 'not shown'}** ({p1s.why})."
            )
            decisions["P1_sensitivity"] = _p1_doc(p1s)
    if "upstream" in chosen and "patched_default" in chosen:
        a = cells.get(("patched_default", chosen["patched_default"]), [])
        b = cells.get(("upstream", chosen["upstream"]), [])
        if a and b:
            p2 = decide_p2(a, b, finished_difference(a, b))
            d, lo, hi = p2.finished
            lines.append(
                f"- P2: finished-attempt gain, patched at {chosen['patched_default']:g} minus upstream at "
                f"{chosen['upstream']:g}: {d:+.3f} [{lo:+.3f}, {hi:+.3f}]; T=1 gain difference {p2.t1:+.3f}, "
                f"greedy {p2.greedy:+.3f}: **{p2.reading.value}**."
            )
            decisions["P2"] = {
                "finished": p2.finished,
                "t1": p2.t1,
                "greedy": p2.greedy,
                "reading": p2.reading.value,
            }
    up_a = [r for r in up if r["start_name"] == "A"]
    if up_a:
        est = []
        for arm in ABLATIONS:
            rs = cells.get((arm, COLLAPSE_RATE), [])
            if rs:
                e = estimate_p3(up_a, arm, rs)
                d, lo, hi = e.against_upstream
                est.append(
                    f"{arm} {e.k} of {e.n} (minus upstream's: {d:+.2f} [{lo:+.2f}, {hi:+.2f}], Fisher p {e.p:.3f})"
                )
                decisions.setdefault("P3", {})[arm] = {
                    "collapsed": [e.k, e.n],
                    "difference": e.against_upstream,
                    "fisher_p": e.p,
                }
        if est:
            lines.append(
                "- P3 (an estimate, no mechanism decided): upstream on start A as reference; "
                + "; ".join(est)
                + "."
            )
    ds_lines, ds_doc = dschat_section(out)
    lines += ds_lines
    decisions.update(ds_doc)
    lines += ["", "## The planned grid", ""]
    lines.append(f"- planned GRPO runs: {len(planned)}; finished: {len(done)}")
    lines += [f"- missing: {n}" for n in missing[:20]] + (
        [f"- ... and {len(missing) - 20} more missing"] if len(missing) > 20 else []
    )
    lines += [f"- {n}: {why}: left out" for n, why in sorted(crashed.items())]
    lines += [f"- extra (not planned): {n}: left out" for n in extra]
    text = "\n".join(lines)
    runs_per_arm: dict[str, int] = defaultdict(int)
    for r in runs:
        runs_per_arm[f"{r['arm']}@{r['lr']:g}"] += 1
    doc = {
        "command": command,
        "provenance_checked": prov is not None,
        "protocol_commit": None if prov is None else prov.protocol_commit,
        "campaign_commit": None if prov is None else prov.campaign_commit,
        "chosen_lr": chosen,
        "arms": arms,
        "runs_per_arm": dict(runs_per_arm),
        "decisions": decisions,
        "grid": {
            "planned": len(planned),
            "finished": len(done),
            "missing": missing,
            "unfinished": crashed,
            "extra": extra,
        },
        "runs": [{k: v for k, v in r.items() if k not in ("start", "end")} for r in runs],
    }
    (json_path or out / "summary.json").write_text(json.dumps(doc, indent=1, default=str) + "\n")
    if markdown_path is not None:
        markdown_path.write_text(text + "\n")
    return text
