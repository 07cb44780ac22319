"""The ``rewardcheck`` command line: a thin shell over the bench core.

Each subcommand lives in its own module under ``rewardcheck/commands/`` (a thin shell over one core in
``bench/``) and exposes
``register(subparsers) -> None``; the parser it adds sets ``func(args) -> int`` (the exit status).

Exit statuses: 0 clean, 1 a check failed (``--fail-on``, a failed invariant, a collapse), 2 usage error.
Example: ``rewardcheck scan completions.jsonl --json out.json`` (a dump your trainer wrote).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from rewardcheck.commands import check, diff, logs, probe_rm, scan, simulate
from rewardcheck.commands.output import silence_stdout
from rewardcheck.errors import UsageError

__all__ = ["main", "build_parser", "COMMANDS", "UsageError"]

# Order is the order shown in --help; each module registers one subcommand.
_MODULES = (scan, check, diff, logs, simulate, probe_rm)
COMMANDS = tuple(m.__name__.rsplit(".", 1)[1] for m in _MODULES)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="rewardcheck",
        description="Test, diagnose and fix reward functions for RL fine-tuning of reasoning models.",
    )
    parser.add_argument("--version", action="version", version="rewardcheck 0.1.0")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for module in _MODULES:
        module.register(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if not getattr(args, "func", None):
        parser.print_help()
        return 2
    try:
        status = int(args.func(args))
        sys.stdout.flush()  # a reader that closed the pipe (``| head``) shows here, not at exit
        return status
    except UsageError as exc:
        print(f"rewardcheck {args.command}: error: {exc}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        silence_stdout()
        return 0


if __name__ == "__main__":
    sys.exit(main())
