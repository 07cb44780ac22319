"""``rewardcheck simulate`` beside the campaign's real GRPO runs: does it predict which arm collapses?

``python -m experiments.cure.simcheck RUNS_DIR [--json F] [--html F] [--markdown F]``

For every run under ``RUNS_DIR/grpo`` (the guard twins excepted) it simulates the campaign's recipe
(``fixtures/configs/repro-tiny.yaml``: 192 tokens; its corpus has nothing that fits 64) under the run's profile from the run's own first five records, with
the calibration of :mod:`experiments.repro.simcompare` fixed before these runs existed (simulator lr = real lr
x 100; onset = the first step from which the 10-step mean length stays under 32 tokens with accuracy under
0.02). It prints, per run, the prediction beside the real run: collapse or not, onset step, final length.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from experiments.repro.simcompare import LR_SCALE, _first, _rows, compare_run, html_page, logging_quiet

# The repro's recipe (192 tokens), the calibration fixed before these runs: the simulator's corpus has no
# prompt whose real thinking fits the campaign's 64-token budget, so it cannot simulate that budget.
CONFIG = Path(__file__).resolve().parents[2] / "fixtures" / "configs" / "repro-tiny.yaml"

__all__ = ["simulate_runs", "main"]


def simulate_runs(out: Path, seed: int = 0) -> list[dict[str, Any]]:
    results = []
    for run_dir in sorted((out / "grpo").glob("*-s*")):
        if run_dir.name.endswith("-guardstop") or not (run_dir / "metrics.csv").is_file():
            continue
        summary_path = run_dir / "summary.json"
        if not summary_path.is_file():
            continue
        summary = json.loads(summary_path.read_text())
        twin = out / "grpo" / f"openr1-s{summary['seed']}" / "metrics.csv"
        markers = _first(_rows(twin), "rewards/reasoning_steps_reward/mean") if twin.is_file() else None
        c = compare_run(
            run_dir, float(summary["lr"]), markers, seed, profile=summary["profile"], config=CONFIG
        )
        c["run"] = run_dir.name
        real, sim = c["real"]["length"], c["sim"]["length"]
        c["real_final_length"] = sum(real[-10:]) / len(real[-10:])
        c["sim_final_length"] = sum(sim[-10:]) / len(sim[-10:])
        results.append(c)
    return results


def table(results: Sequence[dict[str, Any]]) -> str:
    lines = [
        "| run | profile | collapse: real / predicted | onset: real / predicted | final length: real / predicted |",
        "|---|---|---|---|---|",
    ]
    for c in results:
        real, sim = c["real_onset"] is not None, c["sim_onset"] is not None
        lines.append(
            f"| {c['run']} | {c['profile']} | {'yes' if real else 'no'} / {'yes' if sim else 'no'} | "
            f"{c['real_onset']} / {c['sim_onset']} | {c['real_final_length']:.0f} / {c['sim_final_length']:.0f} |"
        )
    agree = sum((c["real_onset"] is None) == (c["sim_onset"] is None) for c in results)
    lines.append("")
    lines.append(
        f"collapse or not predicted correctly for {agree} of {len(results)} runs (lr scale {LR_SCALE:g})"
    )
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m experiments.cure.simcheck", description=__doc__)
    ap.add_argument("out", type=Path)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--json", type=Path)
    ap.add_argument("--html", type=Path)
    ap.add_argument("--markdown", type=Path, help="also write the table here")
    a = ap.parse_args(argv)
    logging_quiet()
    results = simulate_runs(a.out, a.seed)
    if not results:
        raise SystemExit(f"{a.out}/grpo: no finished run to compare")
    text = table(results)
    print(text)
    if a.markdown:
        a.markdown.write_text(text + "\n")
    if a.json:
        a.json.write_text(
            json.dumps({"lr_scale": LR_SCALE, "seed": a.seed, "runs": results}, indent=1) + "\n"
        )
    if a.html:
        html_page(results).write(a.html)
    return 0


if __name__ == "__main__":
    sys.exit(main())
