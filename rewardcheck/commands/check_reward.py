"""``rewardcheck check-reward MODULE:FUNCTION``: check your own reward function, from the shell.

The function is loaded from a module importable here (``my_project.rewards:accuracy_reward``) or a file
(``./rewards.py:accuracy_reward``; a class is instantiated without arguments) and called as TRL's
``GRPOTrainer`` calls it, async rewards awaited. Golds are written the way your dataset writes them:
``--gold-format`` names it (bare, $, \\boxed, ####, solution), ``--golds FILE`` reads it from a sample of your
golds (a .txt file, one a line, or a JSONL/JSON/CSV/parquet table's solution/answer column); with neither the
check finds the format under which the reward pays the right answer, and the report says which it used.

Example: ``rewardcheck check-reward rewards.py:accuracy_reward --golds train.jsonl``.
Exit status 0 when no invariant fails, 1 when one does, 2 for a usage error.
"""

from __future__ import annotations

import argparse
from typing import Any

from rewardcheck.bench.errors import InputError
from rewardcheck.commands.output import OutputOptions
from rewardcheck.errors import UsageError

__all__ = ["register", "run"]

OUTPUTS = OutputOptions()
_KINDS = ("auto", "accuracy", "format", "reasoning_steps", "cosine", "length", "shaping", "any")


def register(subparsers: Any) -> None:
    p = subparsers.add_parser(
        "check-reward",
        help="check your own reward function (MODULE:FUNCTION) for exploits and unpaid right answers",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument(
        "target", metavar="MODULE:FUNCTION", help="a module or .py file, a colon, the reward's name"
    )
    p.add_argument(
        "--kind",
        default="auto",
        choices=_KINDS,
        help="which invariants apply (default: inferred from the reward)",
    )
    p.add_argument(
        "--gold-format",
        metavar="FORMAT",
        help="how your dataset writes golds: bare, $, \\boxed, ####, solution (default: detected)",
    )
    p.add_argument("--golds", metavar="FILE", help="a sample of your golds to read the format from")
    p.add_argument(
        "--gold-column", metavar="NAME", help="the golds' column in --golds (default: solution, answer, ...)"
    )
    p.add_argument(
        "--depth", choices=["quick", "deep"], default="quick", help="quick (default) or deep search"
    )
    p.add_argument("--max-examples", type=int, help="examples per search (default: the depth's)")
    p.add_argument("--seed", type=int, default=0, help="seed of the searches")
    p.add_argument("--prefill-think", action="store_true", help="the chat template pre-fills <think>")
    p.add_argument("--max-completion-length", type=int, default=1024, help="tokens (default 1024)")
    p.add_argument("--time-limit", type=float, default=4.0, help="seconds a completion may take (default 4)")
    OUTPUTS.add_to(p)
    p.add_argument("--quiet", action="store_true", help="no terminal output (reports and exit status only)")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from rewardcheck.bench.checker import check_reward
    from rewardcheck.bench.report import terminal_console
    from rewardcheck.bench.reward_target import load_reward, read_golds

    if args.gold_format and args.golds:
        raise UsageError("give --gold-format or --golds, not both (the format is read from the golds)")
    try:
        target = load_reward(args.target)
        golds = read_golds(args.golds, args.gold_column) if args.golds else None
        report = check_reward(
            target.func,
            args.kind,
            gold_format=args.gold_format,
            golds=golds,
            depth=args.depth,
            max_examples=args.max_examples,
            seed=args.seed,
            prefill_think=args.prefill_think,
            max_completion_length=args.max_completion_length,
            time_limit_s=args.time_limit,
        )
    except InputError as exc:  # an unloadable reward or golds file, an unknown gold format
        raise UsageError(str(exc)) from None
    if target.instantiated:
        report.settings["instantiated"] = f"{target.name}() (a class, instantiated without arguments)"
    OUTPUTS.emit(args, report, terminal_console(132))
    return 0 if report.ok else 1
