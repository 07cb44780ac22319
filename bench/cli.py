"""The ``rewardcheck`` command line: a thin shell over the bench core.

Each subcommand lives in its own module under ``bench/commands/`` and exposes
``register(subparsers) -> None``; the parser it adds sets ``func(args) -> int`` (the exit status).

Exit statuses: 0 clean, 1 a check failed (``--fail-on``, a failed invariant, a collapse), 2 usage error.
Example: ``rewardcheck scan fixtures/dumps/completions.jsonl --json out.json``.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence

__all__ = ["main", "build_parser", "COMMANDS", "UsageError"]

# Order is the order shown in --help.
COMMANDS = ("scan", "check", "diff", "logs", "simulate", "probe_rm", "fixtures", "perf")


class UsageError(Exception):
    """Bad arguments or unreadable input named by the user: exit status 2 with a one-line message."""


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="rewardcheck",
        description="Test, diagnose and fix reward functions for RL fine-tuning of reasoning models.",
    )
    parser.add_argument("--version", action="version", version="rewardcheck 0.1.0")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in COMMANDS:
        try:
            module = importlib.import_module(f"bench.commands.{name}")
        except ModuleNotFoundError as exc:
            if exc.name != f"bench.commands.{name}":
                raise
            continue
        module.register(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if not getattr(args, "func", None):
        parser.print_help()
        return 2
    try:
        return int(args.func(args))
    except UsageError as exc:
        print(f"rewardcheck {args.command}: error: {exc}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        return 0


if __name__ == "__main__":
    sys.exit(main())
