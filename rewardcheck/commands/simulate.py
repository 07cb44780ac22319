"""``rewardcheck simulate CONFIG [--steps N] [--seed S] [--json OUT] [--html OUT]``: where does this reward
config drive a GRPO policy? A fast simulation scored with the config's real reward functions (model and
assumptions: ``rewardcheck.bench.simulate``). CONFIG is read as by ``rewardcheck check`` (recipe YAML or JSON).

Exit status 1 when the simulated policy collapses into degenerate outputs, 0 otherwise, 2 for bad input.
Example: ``rewardcheck simulate recipe.yaml --profile patched --html sim.html`` (an open-r1 GRPO recipe).
"""

from __future__ import annotations

import argparse
from typing import Any

from rewardcheck.bench.errors import InputError
from rewardcheck.bench.simulate import Settings, simulate
from rewardcheck.bench.simulate.corpus import DEFAULT_GOLDEN
from rewardcheck.bench.simulate.report import as_report
from rewardcheck.bench.simulate.start import StartError, read_start
from rewardcheck.bench.training_config import ConfigError, load_config
from rewardcheck.commands.output import OutputOptions
from rewardcheck.errors import UsageError
from rewardcheck.rewards.registry import UnknownRewardError

__all__ = ["register", "run"]

OUTPUTS = OutputOptions(
    json_help="write every step, the final state and the drivers as JSON ('-' for stdout)",
    html_help="write an HTML report with the curves and the collapse marked",
    json_dest="json",
    html_dest="html",
)


def register(subparsers: Any) -> None:
    d = Settings()
    p = subparsers.add_parser(
        "simulate",
        help="simulate GRPO dynamics under a reward config with the real reward functions",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("config", metavar="CONFIG", help="training config (open-r1 recipe YAML or JSON)")
    p.add_argument("--steps", type=int, default=d.steps, help=f"GRPO steps (default {d.steps})")
    p.add_argument("--seed", type=int, default=d.seed, help="random seed (default 0)")
    p.add_argument(
        "--profile", help="reward profile (default: the config's rewardcheck_profile, else patched)"
    )
    p.add_argument(
        "--lr",
        type=float,
        default=d.lr,
        help=f"Adam step size of the shared policy parameters (default {d.lr})",
    )
    p.add_argument("--beta", type=float, help="KL coefficient (default: the config's beta, else 0.04)")
    p.add_argument(
        "--init-length",
        type=float,
        help="median thinking tokens at step 0 (default: the prompts' real lengths)",
    )
    p.add_argument(
        "--start-from",
        metavar="LOG",
        help="start from a real run's state: the first records' mean completion length and accuracy "
        "(any log `rewardcheck logs` reads, or a repro metrics.csv); overrides --init-length",
    )
    p.add_argument(
        "--start-records", type=int, default=1, help="records of --start-from to average (default 1)"
    )
    p.add_argument("--init-tokens", type=float, help="step-0 mean completion tokens to match")
    p.add_argument("--init-accuracy", type=float, help="step-0 accuracy to match")
    p.add_argument(
        "--prompts-per-step",
        type=int,
        default=d.prompts_per_step,
        help=f"prompts per step (default {d.prompts_per_step})",
    )
    p.add_argument(
        "--n-prompts",
        type=int,
        default=d.n_prompts,
        help=f"distinct prompts in the run (default {d.n_prompts})",
    )
    p.add_argument(
        "--golden", default=str(DEFAULT_GOLDEN), help="real completions (golden.jsonl) to build texts from"
    )
    OUTPUTS.add_to(p)
    p.add_argument(
        "--no-check",
        action="store_true",
        help="do not set `rewardcheck check`'s verdict on the same config beside the simulation",
    )
    p.add_argument("--quiet", action="store_true", help="no terminal summary")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    for name in ("steps", "prompts_per_step", "n_prompts"):
        if getattr(args, name) <= 0:
            raise UsageError(f"--{name.replace('_', '-')} must be positive, got {getattr(args, name)}")
    if args.lr <= 0:
        raise UsageError(f"--lr must be positive, got {args.lr}")
    init_tokens, init_accuracy, init_markers = args.init_tokens, args.init_accuracy, None
    try:
        config = load_config(args.config)
        if args.start_from:
            start = read_start(args.start_from, args.start_records)
            init_tokens = start.completion_tokens if init_tokens is None else init_tokens
            init_accuracy = start.accuracy if init_accuracy is None else init_accuracy
            # An upstream reasoning_steps mean is min(1, markers / 3): the per-slot marker rate of the run.
            if (config.profile or "").startswith("openr1"):
                init_markers = start.marker_rate
    except (ConfigError, StartError) as exc:
        raise UsageError(str(exc)) from None
    settings = Settings(
        steps=args.steps,
        seed=args.seed,
        prompts_per_step=args.prompts_per_step,
        n_prompts=args.n_prompts,
        lr=args.lr,
        beta=args.beta,
        init_length=args.init_length,
        init_tokens=init_tokens,
        init_accuracy=init_accuracy,
        init_marker_rate=init_markers,
        profile=args.profile,
        golden=args.golden,
        start_log=args.start_from,
    )

    try:
        result = simulate(config, settings)
    except (InputError, UnknownRewardError) as exc:  # ConfigError, CorpusError, ProfileError, TokenizerError
        raise UsageError(str(exc)) from None
    agreement = None
    if not args.no_check:
        from rewardcheck.bench.simulate.crosscheck import cross_check
        from rewardcheck.bench.tokenizers import qwen_tokenizer

        agreement = cross_check(config, result, qwen_tokenizer())
    OUTPUTS.emit(args, as_report(result, agreement))
    return 1 if result.collapsed else 0
