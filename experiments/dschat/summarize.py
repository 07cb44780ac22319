"""Print every figure the DeepSpeed-Chat reproduction claims, from the committed run data, and draw the report.

``python -m experiments.dschat.summarize fixtures/runs/dschat [--html report.html]`` reads each run folder
(``metrics.csv``, ``log.txt``, ``samples.jsonl``) and each probe report (``probe-*.json``) under the root and
prints: start/end window means per run, the flatness of the end window, what ``rewardcheck logs`` says about
the run's own log, and the probe verdicts with the run-outputs comparison.

>>> window([{"step": 0, "reward": 1.0}, {"step": 1, "reward": 3.0}], "reward", 0, 2)
2.0
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from experiments.repro.report import read_csv
from rewardcheck.bench.jsonl import read_jsonl

__all__ = ["window", "run_table", "main"]

COLUMNS = (
    ("reward", "average reward score"),
    ("rm_score", "reward model score"),
    ("degenerate", "degenerate (classifier)"),
    ("boxed", "\\boxed rate"),
    ("accuracy", "accuracy"),
    ("distinct_words", "distinct words / words"),
    ("answer_tokens", "answer tokens"),
    ("kl", "KL to reference (sum over tokens)"),
)
START, END = 3, 20  # first START and last END logged steps (the collapse run saturates by step 10)


def window(rows: Sequence[dict[str, Any]], key: str, lo: int, hi: int) -> float:
    vals = [float(r[key]) for r in rows[lo:hi] if key in r and not math.isnan(float(r[key]))]
    return statistics.fmean(vals) if vals else math.nan


def flatness(rows: Sequence[dict[str, Any]], key: str = "reward", n: int = END) -> dict[str, float]:
    """Std and range of the per-step batch mean over the last ``n`` steps, relative to its level."""
    vals = [float(r[key]) for r in rows[-n:]]
    mean = statistics.fmean(vals)
    return {
        "mean": mean,
        "std": statistics.pstdev(vals),
        "range": max(vals) - min(vals),
        "relative_std": statistics.pstdev(vals) / max(abs(mean), 1e-12),
    }


def run_table(runs: dict[str, list[dict[str, Any]]]) -> list[list[str]]:
    rows = []
    for key, label in COLUMNS:
        row = [label]
        for metrics in runs.values():
            n = len(metrics)
            row.append(f"{window(metrics, key, 0, START):.3f} -> {window(metrics, key, n - END, n):.3f}")
        rows.append(row)
    return rows


def _logs_verdict(path: Path) -> str:
    from rewardcheck.bench.logs import diagnose, read_log

    d = diagnose(read_log(str(path)))
    names = ", ".join(s.name for s in d.signals) or "none"
    return f"{'COLLAPSED' if d.collapsed else 'ok'} (signals: {names})"


def _probe_line(path: Path) -> list[str]:
    r = json.loads(path.read_text())
    failed = ", ".join(r["failed"]) or "none"
    lines = [
        f"{path.name}: {r['verdict'].upper()}; reference median {r['reference']['median']:.3f}; failed: {failed}"
    ]
    degenerate = [c for c in r["classes"] if c["cls"] != "prompt_swap"]
    missed = [c["cls"] for c in degenerate if not c["caught"]]
    lines.append(
        f"    degenerate classes caught: {len(degenerate) - len(missed)} of {len(degenerate)}"
        + (f" (missed: {', '.join(missed)})" if missed else " (the verdict without prompt_swap: robust)")
    )
    for c in r["classes"]:
        lines.append(
            f"    {c['cls']:17s} median {c['median']:+.3f} AUC {c['auc']:.3f} "
            f"{'caught' if c['caught'] else 'NOT caught'}"
        )
    o = r.get("outputs") or {}
    if o:
        lines.append(
            f"    run outputs {o['path']}: n {o['n']}, median {o['median']:+.3f} vs reference median "
            f"{o['reference_median']:+.3f}; {o['frac_at_or_above_ref_median']:.0%} at or above it; "
            f"{o['degenerate']:.0%} degenerate {o['degenerate_kinds']}"
        )
    return lines


def _table_text(headers: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    widths = [max(len(str(x)) for x in col) for col in zip(headers, *rows, strict=True)]
    fmt = "  ".join(f"{{:{w}s}}" for w in widths)
    return "\n".join([fmt.format(*headers), *(fmt.format(*map(str, r)) for r in rows)])


def load_runs(root: Path) -> dict[str, list[dict[str, Any]]]:
    return {
        d.name: read_csv(d / "metrics.csv") for d in sorted(root.iterdir()) if (d / "metrics.csv").is_file()
    }


def write_html(root: Path, runs: dict[str, list[dict[str, Any]]], text: str, out: Path) -> Path:
    from rewardcheck.bench.htmlreport import Page

    page = Page("DeepSpeed-Chat step 3 on the tiny LM: collapse and cures")
    page.pre(text)
    charts = (
        ("reward", "Average reward score (what PPO was paid, batch mean per step)", "reward"),
        ("rm_score", "Reward model score (batch mean)", "score"),
        ("reward_std", "Reward std within the batch", "std"),
        ("degenerate", "Degenerate outputs (classifier)", "fraction"),
        ("boxed", "Outputs with \\boxed{}", "fraction"),
        ("distinct_words", "Distinct words / words", "ratio"),
        ("answer_tokens", "Answer length", "tokens"),
        ("kl", "KL to the reference (sum over tokens)", "kl"),
    )
    for key, title, ylabel in charts:
        series = {
            name: [(float(r["step"]), float(r[key])) for r in rows if key in r] for name, rows in runs.items()
        }
        page.line_chart(series, title, "step", ylabel)
    for name in runs:
        samples = root / name / "samples.jsonl"
        if samples.is_file():
            rows = read_jsonl(samples)
            picks = rows[:2] + rows[len(rows) // 2 : len(rows) // 2 + 2] + rows[-2:]
            page.heading(f"{name}: sampled answers (start, middle, end)")
            page.table(
                ["step", "question", "rm score", "reward", "answer"],
                [
                    [
                        r["step"],
                        r["question"],
                        round(r["rm_score"], 3),
                        round(r["reward"], 3),
                        r["completion"],
                    ]
                    for r in picks
                ],
            )
    return page.write(out)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("root", help="folder of run folders and probe-*.json (e.g. fixtures/runs/dschat)")
    ap.add_argument("--html", help="write the report with plots here")
    a = ap.parse_args(argv)
    root = Path(a.root)
    runs = load_runs(root)
    if not runs:
        print(f"{root}: no run folder with metrics.csv", file=sys.stderr)
        return 2
    parts = [
        f"first {START} -> last {END} logged steps (mean of per-step batch means)",
        _table_text(["", *runs], run_table(runs)),
        "",
        f"end window (last {END} steps) of the average reward score:",
    ]
    for name, rows in runs.items():
        f = flatness(rows)
        parts.append(
            f"  {name:16s} mean {f['mean']:+.4f} std {f['std']:.4f} ({100 * f['relative_std']:.1f}% of its level) "
            f"range {f['range']:.4f}; {len(rows)} steps"
        )
    parts.append("")
    parts.append("rewardcheck logs on each run's own log.txt:")
    for name in runs:
        if (root / name / "log.txt").is_file():
            parts.append(f"  {name:16s} {_logs_verdict(root / name / 'log.txt')}")
    probes = sorted(root.glob("probe-*.json"))
    if probes:
        parts += ["", "rewardcheck probe-rm reports:"]
        for p in probes:
            parts += ["  " + x for x in _probe_line(p)]
    text = "\n".join(parts)
    print(text)
    if a.html:
        print(f"wrote {write_html(root, runs, text, Path(a.html))}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
