"""``python -m experiments.repro --out runs/repro [--small] [--device cpu|cuda] [--lr 3e-4] [--steps 300]``."""

from __future__ import annotations

import argparse
import dataclasses
import sys
from collections.abc import Sequence
from pathlib import Path

from .experiment import Settings, run_experiment
from .rewardsets import REWARD_NAMES, REWARD_SETS


def parse_args(argv: Sequence[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m experiments.repro", description=__doc__)
    parser.add_argument("--out", type=Path, required=True, help="output folder (reuses out/sft when present)")
    parser.add_argument("--small", action="store_true", help="smoke-test scale (seconds, not minutes)")
    parser.add_argument("--device", default="cpu", choices=["cpu", "cuda"])
    parser.add_argument("--lr", type=float, help="GRPO learning rate (default 3e-4)")
    parser.add_argument("--steps", type=int, help="GRPO steps per run")
    parser.add_argument("--sft-steps", type=int, help="SFT steps")
    parser.add_argument("--sft-lr", type=float, help="SFT peak learning rate (default 2e-3)")
    parser.add_argument(
        "--sft-init", help="continue SFT from this checkpoint folder instead of a random init"
    )
    parser.add_argument(
        "--runs",
        default="openr1,patched",
        help=f"comma-separated reward sets to run ({', '.join(REWARD_SETS)})",
    )
    parser.add_argument("--kinds", help="comma-separated GRPO problem kinds (add, mul, addsub)")
    parser.add_argument("--threads", type=int, help="torch CPU threads")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument(
        "--guard",
        action="store_true",
        help="attach the live guard: warn, report to <run>/guard/, stop at a collapse",
    )
    parser.add_argument("--beta", type=float, help="GRPO KL coefficient (default 0.04)")
    parser.add_argument(
        "--scale-rewards", choices=["group", "batch", "none"], help="TRL advantage scaling (default group)"
    )
    parser.add_argument(
        "--reward-weights", help="comma-separated weights, one per reward function (default all 1)"
    )
    parser.add_argument(
        "--eval-problems", type=int, help="fresh problems evaluated before and after (default 96)"
    )
    return parser.parse_args(argv)


def settings_from(ns: argparse.Namespace) -> Settings:
    s = Settings.small() if ns.small else Settings()
    grpo = dataclasses.replace(s.grpo, seed=ns.seed)
    if ns.lr is not None:
        grpo = dataclasses.replace(grpo, lr=ns.lr)
    if ns.steps is not None:
        grpo = dataclasses.replace(grpo, steps=ns.steps)
    if ns.beta is not None:
        grpo = dataclasses.replace(grpo, beta=ns.beta)
    if ns.scale_rewards is not None:
        grpo = dataclasses.replace(grpo, scale_rewards=ns.scale_rewards)
    if ns.reward_weights:
        weights = tuple(float(w) for w in ns.reward_weights.split(","))
        if len(weights) != len(REWARD_NAMES):
            raise SystemExit(
                f"--reward-weights: {len(weights)} given, one per reward ({', '.join(REWARD_NAMES)})"
            )
        grpo = dataclasses.replace(grpo, reward_weights=weights)
    if ns.kinds:
        grpo = dataclasses.replace(grpo, kinds=tuple(k.strip() for k in ns.kinds.split(",")))
    sft = (
        dataclasses.replace(s.sft, seed=ns.seed)
        if ns.sft_steps is None
        else dataclasses.replace(s.sft, steps=ns.sft_steps, seed=ns.seed)
    )
    if ns.sft_lr is not None:
        sft = dataclasses.replace(sft, lr=ns.sft_lr)
    runs = tuple(r.strip() for r in ns.runs.split(",") if r.strip())
    unknown = [r for r in runs if r not in REWARD_SETS]
    if unknown:
        raise SystemExit(f"--runs: unknown reward set(s) {unknown}; valid: {', '.join(REWARD_SETS)}")
    evals = s.eval_problems if ns.eval_problems is None else ns.eval_problems
    return dataclasses.replace(
        s, grpo=grpo, sft=sft, runs=runs, sft_init=ns.sft_init, eval_problems=evals, guard=ns.guard
    )


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    ns = parse_args(argv)
    if ns.threads:
        import torch

        torch.set_num_threads(ns.threads)
    run_experiment(ns.out, settings_from(ns), device=ns.device, argv=argv)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
