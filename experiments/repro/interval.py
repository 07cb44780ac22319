"""Did a run learn? Fresh-problem accuracy before and after GRPO with 95% intervals, over problems and seeds.

``python -m experiments.repro.interval RUN_DIR [RUN_DIR ...] [--label NAME]`` reads each run's ``summary.json``
(start and end evaluation on the same fresh problems, greedy and sampled at T=1) and prints, per run and
pooled over the runs given (seeds of one recipe), the accuracy with a Wilson interval over problems and the
end - start difference with Newcombe's interval (the hybrid Wilson score interval for a difference of
two proportions; the start and end samples are treated as independent, which is conservative for the same
problems). A difference whose interval lies above 0 is "clearly above its start".

>>> lo, hi = wilson(6, 96)
>>> round(lo, 3), round(hi, 3)
(0.029, 0.13)
>>> d, lo, hi = difference(6, 96, 20, 96)
>>> round(d, 3), lo > 0
(0.146, True)
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

__all__ = ["wilson", "difference", "run_counts", "main"]

Z = 1.959963984540054  # two-sided 95%


def wilson(k: int, n: int, z: float = Z) -> tuple[float, float]:
    """Wilson score interval for k successes in n trials."""
    if n <= 0:
        return (math.nan, math.nan)
    p = k / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    # exact ends at k = 0 and k = n (the float sum can land a hair inside them)
    return (0.0 if k == 0 else max(0.0, centre - half), 1.0 if k == n else min(1.0, centre + half))


def difference(k1: int, n1: int, k2: int, n2: int, z: float = Z) -> tuple[float, float, float]:
    """p2 - p1 with Newcombe's hybrid score interval (method 10)."""
    p1, p2 = k1 / n1, k2 / n2
    l1, u1 = wilson(k1, n1, z)
    l2, u2 = wilson(k2, n2, z)
    d = p2 - p1
    lo = d - math.sqrt((p2 - l2) ** 2 + (u1 - p1) ** 2)
    hi = d + math.sqrt((u2 - p2) ** 2 + (p1 - l1) ** 2)
    return d, lo, hi


def run_counts(summary: dict[str, Any], mode: str) -> tuple[int, int, int, int]:
    """(start correct, start n, end correct, end n) for ``mode`` "sampled" or "greedy"."""
    key = "_sampled" if mode == "sampled" else ""
    start, end = summary[f"start_eval{key}"], summary[f"end_eval{key}"]
    return (
        round(start["accuracy"] * start["n"]),
        int(start["n"]),
        round(end["accuracy"] * end["n"]),
        int(end["n"]),
    )


def _line(label: str, k1: int, n1: int, k2: int, n2: int) -> str:
    a, b = wilson(k1, n1), wilson(k2, n2)
    d, lo, hi = difference(k1, n1, k2, n2)
    verdict = "above start" if lo > 0 else ("below start" if hi < 0 else "not distinguishable")
    return (
        f"{label:<34} {k1 / n1:.3f} [{a[0]:.3f}, {a[1]:.3f}] -> {k2 / n2:.3f} [{b[0]:.3f}, {b[1]:.3f}]   "
        f"diff {d:+.3f} [{lo:+.3f}, {hi:+.3f}]  {verdict}"
    )


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m experiments.repro.interval", description=__doc__)
    parser.add_argument("runs", nargs="+", type=Path, help="run folders holding summary.json")
    parser.add_argument("--label", default="pooled", help="name of the pooled row")
    ns = parser.parse_args(argv)
    summaries = []
    for run in ns.runs:
        path = run / "summary.json"
        if not path.is_file():
            raise SystemExit(f"{path}: not found (a run folder of python -m experiments.repro)")
        summaries.append((run, json.loads(path.read_text())))
    for mode in ("sampled", "greedy"):
        print(
            f"\nfresh-problem accuracy, {mode} decoding: start [95% CI] -> end [95% CI]   end - start [95% CI]"
        )
        totals = [0, 0, 0, 0]
        for run, s in summaries:
            counts = run_counts(s, mode)
            totals = [t + c for t, c in zip(totals, counts, strict=True)]
            print(_line(f"{run.parent.name}/{run.name}", *counts))
        if len(summaries) > 1:
            print(_line(f"{ns.label} ({len(summaries)} runs)", *totals))
            ends = [run_counts(s, mode) for _, s in summaries]
            rates = [k2 / n2 for _, _, k2, n2 in ends]
            mean = sum(rates) / len(rates)
            sd = math.sqrt(sum((r - mean) ** 2 for r in rates) / (len(rates) - 1))
            print(
                f"{'end accuracy over runs':<34} mean {mean:.3f}, sd {sd:.3f}, min {min(rates):.3f}, max {max(rates):.3f}"
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
