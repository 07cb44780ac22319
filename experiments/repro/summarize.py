"""Markdown table of a finished reproduction: ``python -m experiments.repro.summarize runs/repro``.

For each GRPO run: means over the first and last 10 logged steps of the training metrics (sampled
completions at temperature 1), and the greedy evaluation on fresh problems before and after GRPO.
"""

from __future__ import annotations

import json
import math
import sys
from pathlib import Path

from .report import read_csv, run_summary

__all__ = ["markdown_table", "main"]

TRAINING = (
    ("reward", "reward"),
    ("reward_std", "reward_std"),
    ("frac_reward_zero_std", "frac_reward_zero_std"),
    ("accuracy (sampled)", "repro/accuracy"),
    ("\\boxed rate (sampled)", "repro/boxed_rate"),
    ("mean length (tokens)", "completions/mean_length"),
    ("mean length, correct", "repro/mean_length_correct"),
    ("mean length, wrong", "repro/mean_length_wrong"),
    ("clipped ratio", "completions/clipped_ratio"),
    ("kl", "kl"),
)
SAMPLED_EVAL = (
    ("sampled (T=1) accuracy", "accuracy"),
    ("sampled \\boxed rate", "boxed_rate"),
    ("sampled truncated", "truncated_rate"),
    ("sampled mean length", "mean_length"),
    ("sampled length, wrong & complete", "mean_length_wrong_complete"),
)
EVAL = (
    ("greedy accuracy", "accuracy"),
    ("greedy \\boxed rate", "boxed_rate"),
    ("greedy truncated", "truncated_rate"),
    ("greedy mean length", "mean_length"),
    ("greedy length, wrong & complete", "mean_length_wrong_complete"),
)


def _f(v: float) -> str:
    return "n/a" if v is None or (isinstance(v, float) and math.isnan(v)) else f"{v:.3f}"


def markdown_table(out: Path) -> str:
    runs = [d for d in ("openr1", "patched") if (out / d / "metrics.csv").is_file()]
    header = "| metric | " + " | ".join(f"{r}: first 10 -> last 10" for r in runs) + " |"
    lines = [header, "|---" * (len(runs) + 1) + "|"]
    summaries = {r: run_summary(read_csv(out / r / "metrics.csv")) for r in runs}
    lines.append("| GRPO steps run | " + " | ".join(str(int(summaries[r]["steps"])) for r in runs) + " |")
    names = {k.split("/")[2] for s in summaries.values() for k in s if k.startswith("last/rewards/")}
    for reward in sorted(n for n in names if any(f"last/rewards/{n}/mean" in s for s in summaries.values())):
        key = f"rewards/{reward}/mean"
        cells = [
            f"{_f(summaries[r].get('first/' + key, math.nan))} -> {_f(summaries[r].get('last/' + key, math.nan))}"
            for r in runs
        ]
        lines.append(f"| {reward} | " + " | ".join(cells) + " |")
    for label, key in TRAINING:
        cells = [
            f"{_f(summaries[r].get('first/' + key, math.nan))} -> {_f(summaries[r].get('last/' + key, math.nan))}"
            for r in runs
        ]
        lines.append(f"| {label} | " + " | ".join(cells) + " |")
    for suffix, table in (("", EVAL), ("_sampled", SAMPLED_EVAL)):
        for label, key in table:
            cells = []
            for r in runs:
                path = out / r / "summary.json"
                s = json.loads(path.read_text()) if path.is_file() else {}
                if f"end_eval{suffix}" in s:
                    start, end = s[f"start_eval{suffix}"], s[f"end_eval{suffix}"]
                    cells.append(f"{_f(start.get(key, math.nan))} -> {_f(end.get(key, math.nan))}")
                else:
                    cells.append("(not recorded)" if path.is_file() else "(run not finished)")
            lines.append(f"| {label} | " + " | ".join(cells) + " |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 1:
        print("usage: python -m experiments.repro.summarize OUT_DIR", file=sys.stderr)
        return 2
    print(markdown_table(Path(args[0])))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
