"""Does ``rewardcheck simulate`` predict the tiny-LM runs? Simulate the reproduction's recipe from each real
run's own starting state and print both trajectories side by side.

``python -m experiments.repro.simcompare fixtures/runs/repro [--json OUT] [--every 20]``

For every run folder with a ``metrics.csv`` (``<set>/<openr1|patched>``) it reads the first five records
(mean completion length, exact-match accuracy, ``\\boxed`` rate, and, from the set's ``openr1`` run, the
upstream ``reasoning_steps`` mean as the per-slot marker rate: the same SFT checkpoint starts both runs),
simulates ``fixtures/configs/repro-tiny.yaml`` under the run's profile for as many steps, and prints length,
accuracy, reward_std (batch std, as TRL 1.16 logs it) and the collapse onset of both.

Calibration (fixed before comparing, not fitted to any run): the simulation's learning rate is the real
one times ``LR_SCALE`` = 100, i.e. TRL's 3e-4 maps to the simulator's default 0.03 (the step size of its
five shared parameters; see ``rewardcheck.bench.simulate``) and 1e-4 to 0.01. Onset, in both: the first step from which
the 10-step mean completion length stays under 32 tokens with accuracy under 0.02 (a degenerate output
with no correct answers), ``None`` when that never holds to the end.

>>> onset([100.0] * 5 + [20.0] * 20, [0.05] * 5 + [0.0] * 20)  # the window from step 4 averages 28 tokens
4
"""

from __future__ import annotations

import argparse
import csv
import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np

__all__ = ["LR_SCALE", "onset", "compare_run", "print_comparison", "html_page", "main"]

LR_SCALE = 100.0
DEGENERATE_TOKENS = 32
CONFIG = Path(__file__).resolve().parents[2] / "fixtures" / "configs" / "repro-tiny.yaml"
PROFILES = {"openr1": "openr1@e4ac3ae", "patched": "patched"}


def onset(lengths: Sequence[float], accuracy: Sequence[float], window: int = 10) -> int | None:
    """First step i from which every window i..i+9 has mean length < 32 tokens and mean accuracy < 0.02."""
    n = len(lengths)
    if n < window:
        return None
    ln = np.convolve(np.asarray(lengths, dtype=float), np.ones(window) / window, mode="valid")
    ac = np.convolve(np.asarray(accuracy, dtype=float), np.ones(window) / window, mode="valid")
    bad = (ln < DEGENERATE_TOKENS) & (ac < 0.02)
    if not bad[-1]:
        return None
    i = len(bad) - 1
    while i > 0 and bad[i - 1]:
        i -= 1
    return int(i)


def _rows(path: Path) -> list[dict[str, float]]:
    with path.open(newline="") as handle:
        return [{k: float(v) for k, v in r.items() if v not in ("", None)} for r in csv.DictReader(handle)]


def _first(rows: Sequence[dict[str, float]], key: str, n: int = 5) -> float | None:
    values = [r[key] for r in rows[:n] if key in r]
    return float(np.mean(values)) if values else None


def compare_run(
    run_dir: Path,
    lr: float,
    marker_rate: float | None,
    seed: int = 0,
    profile: str | None = None,
    config: Path = CONFIG,
) -> dict[str, Any]:
    """Simulate one real run from its starting state; both trajectories and onsets. The profile is the run
    folder's (``openr1`` or ``patched``) unless given."""
    from rewardcheck.bench.simulate import Settings, simulate
    from rewardcheck.bench.training_config import load_config

    rows = _rows(run_dir / "metrics.csv")
    profile = profile or PROFILES[run_dir.name]
    settings = Settings(
        steps=len(rows),
        seed=seed,
        lr=lr * LR_SCALE,
        init_tokens=_first(rows, "completions/mean_length"),
        init_accuracy=_first(rows, "repro/accuracy"),
        init_answer_rate=_first(rows, "repro/boxed_rate"),
        init_marker_rate=marker_rate,
        profile=profile,
    )
    result = simulate(load_config(config), settings)
    real = {
        "length": [r.get("completions/mean_length", float("nan")) for r in rows],
        "accuracy": [r.get("repro/accuracy", float("nan")) for r in rows],
        "reward_std": [r.get("reward_std", float("nan")) for r in rows],
    }
    sim = {
        "length": [s.length_tokens for s in result.history],
        "accuracy": [s.accuracy for s in result.history],
        "reward_std": [s.reward_std_batch for s in result.history],
    }
    return {
        "run": f"{run_dir.parent.name}/{run_dir.name}",
        "profile": profile,
        "real_lr": lr,
        "sim_lr": settings.lr,
        "start": {
            k: getattr(settings, k)
            for k in ("init_tokens", "init_accuracy", "init_answer_rate", "init_marker_rate")
        },
        "fitted_start": None if result.start is None else result.start.__dict__,
        "real": real,
        "sim": sim,
        "real_onset": onset(real["length"], real["accuracy"]),
        "sim_onset": onset(sim["length"], sim["accuracy"]),
        "sim_collapse_step": result.collapse_step,
        "sim_driver": result.driver,
    }


def _lr_of(run_dir: Path) -> float:
    summary = run_dir / "summary.json"
    if summary.is_file():
        return float(json.loads(summary.read_text())["settings"]["grpo"]["lr"])
    return 3e-4


def _window(values: Sequence[float], step: int, width: int = 10) -> float:
    chunk = [v for v in values[step : step + width] if v == v]
    return float(np.mean(chunk)) if chunk else float("nan")


def print_comparison(c: dict[str, Any], every: int) -> None:
    print(
        f"\n{c['run']} ({c['profile']}, lr {c['real_lr']:g} -> simulator {c['sim_lr']:g}); start: "
        + ", ".join(f"{k.replace('init_', '')} {v:.3f}" for k, v in c["start"].items() if v is not None)
    )
    print("  step   length real/sim    accuracy real/sim   reward_std real/sim   (10-step means)")
    n = len(c["real"]["length"])
    for step in list(range(0, n, every)) + ([n - 10] if (n - 10) % every else []):
        r, s = c["real"], c["sim"]
        print(
            f"  {step:>4}   {_window(r['length'], step):>6.1f} / {_window(s['length'], step):>6.1f}"
            f"    {_window(r['accuracy'], step):>6.3f} / {_window(s['accuracy'], step):>6.3f}"
            f"    {_window(r['reward_std'], step):>7.3f} / {_window(s['reward_std'], step):>7.3f}"
        )
    verdict = "agree" if (c["real_onset"] is None) == (c["sim_onset"] is None) else "DISAGREE"
    print(
        f"  onset (length < 32 tokens, accuracy < 0.02): real {c['real_onset']}, sim {c['sim_onset']} -> {verdict}"
    )


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m experiments.repro.simcompare", description=__doc__)
    parser.add_argument(
        "results", type=Path, help="folder of run sets (fixtures/runs/repro), or a --json file"
    )
    parser.add_argument("--sets", help="comma-separated set names (default: every set with metrics)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--every", type=int, default=20)
    parser.add_argument("--json", type=Path, help="write every trajectory as JSON")
    parser.add_argument("--html", type=Path, help="write the real and simulated curves as an HTML page")
    ns = parser.parse_args(argv)
    logging_quiet()
    wanted = None if not ns.sets else {s.strip() for s in ns.sets.split(",")}
    out: list[dict[str, Any]] = []
    if ns.results.is_file():  # re-print (and re-plot) a comparison written earlier with --json
        out = json.loads(ns.results.read_text())["runs"]
        for c in out:
            print_comparison(c, ns.every)
    for set_dir in sorted(p for p in ns.results.iterdir() if p.is_dir()) if ns.results.is_dir() else []:
        if wanted is not None and set_dir.name not in wanted:
            continue
        upstream = set_dir / "openr1" / "metrics.csv"
        markers = (
            _first(_rows(upstream), "rewards/reasoning_steps_reward/mean") if upstream.is_file() else None
        )
        for name in PROFILES:
            run_dir = set_dir / name
            if not (run_dir / "metrics.csv").is_file():
                continue
            c = compare_run(run_dir, _lr_of(run_dir), markers, ns.seed)
            print_comparison(c, ns.every)
            out.append(c)
    if not out:
        raise SystemExit(f"{ns.results}: no <set>/<openr1|patched>/metrics.csv found")
    agree = sum((c["real_onset"] is None) == (c["sim_onset"] is None) for c in out)
    print(
        f"\ncollapse / no collapse predicted correctly for {agree} of {len(out)} runs (simulator seed {ns.seed})"
    )
    if ns.json and not ns.results.is_file():
        ns.json.parent.mkdir(parents=True, exist_ok=True)
        ns.json.write_text(json.dumps({"lr_scale": LR_SCALE, "seed": ns.seed, "runs": out}, indent=1))
    if ns.html:
        html_page(out).write(ns.html)
    return 0


def html_page(comparisons: Sequence[dict[str, Any]]) -> Any:
    """One section per run: real and simulated length, accuracy and reward_std against the step."""
    from rewardcheck.bench.htmlreport import Page

    page = Page("rewardcheck simulate vs the tiny-LM GRPO runs")
    page.paragraph(
        f"Simulator learning rate = real learning rate x {LR_SCALE:g} (fixed before comparing); start state from "
        "each run's first five records. Onset: first step from which the 10-step mean length stays under 32 "
        "tokens with accuracy under 0.02."
    )
    for c in comparisons:
        page.heading(f"{c['run']} ({c['profile']}, lr {c['real_lr']:g})")
        page.paragraph(f"onset: real {c['real_onset']}, simulated {c['sim_onset']}")
        markers = [(c["real_onset"], "real onset")] if c["real_onset"] is not None else []
        if c["sim_onset"] is not None:
            markers.append((c["sim_onset"], "sim onset"))
        for key, title, unit in (
            ("length", "Mean completion length", "tokens"),
            ("accuracy", "Accuracy", ""),
            ("reward_std", "reward_std (batch)", ""),
        ):
            page.line_chart(
                {
                    "real (TRL)": list(enumerate(c["real"][key])),
                    "simulated": list(enumerate(c["sim"][key])),
                },
                title,
                "step",
                unit,
                markers,
            )
    return page


def logging_quiet() -> None:
    import logging

    logging.getLogger("latex2sympy2_extended.math_normalization").setLevel(logging.ERROR)


if __name__ == "__main__":
    sys.exit(main())
