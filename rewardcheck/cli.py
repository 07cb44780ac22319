"""The ``rewardcheck`` command line: a thin shell over the bench core.

Each subcommand lives in its own module under ``rewardcheck/commands/`` (a thin shell over one core in
``bench/``) and exposes
``register(subparsers) -> None``; the parser it adds sets ``func(args) -> int`` (the exit status).

Exit statuses: 0 clean, 1 a check failed (``--fail-on``, a failed invariant, a collapse), 2 usage error.
Example: ``rewardcheck scan completions.jsonl --json out.json`` (a dump your trainer wrote).
"""

from __future__ import annotations

import argparse
import importlib
import importlib.metadata
import sys
from collections.abc import Sequence

from rewardcheck.bench.quiet import quiet_third_party
from rewardcheck.errors import UsageError

__all__ = ["main", "build_parser", "COMMANDS", "UsageError"]

# Command name -> module under rewardcheck.commands; the order is the order shown in --help.
_MODULES = {
    "scan": "scan",
    "check": "check",
    "check-reward": "check_reward",
    "diff": "diff",
    "logs": "logs",
    "simulate": "simulate",
    "probe-rm": "probe_rm",
}
COMMANDS = tuple(_MODULES.values())


def chosen_command(argv: Sequence[str]) -> str | None:
    """The subcommand ``argv`` names (its first word that is no option), or None.

    >>> chosen_command(["scan", "d.jsonl"]), chosen_command(["--version"]), chosen_command(["nope"])
    ('scan', None, None)
    """
    first = next((a for a in argv if not a.startswith("-")), None)
    return first if first in _MODULES else None


def installed_version() -> str:
    """The version pip installed (the distribution's metadata); the package's own from a bare checkout.

    >>> installed_version() == importlib.metadata.version("rewardcheck")
    True
    """
    try:
        return importlib.metadata.version("rewardcheck")
    except importlib.metadata.PackageNotFoundError:  # a checkout on sys.path that was never installed
        from rewardcheck import __version__

        return __version__


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """The parser of every subcommand, or of ``only`` (a command line that names one imports only its module:
    the other commands' imports, numpy among them, stay out of its start-up)."""
    parser = argparse.ArgumentParser(
        prog="rewardcheck",
        description="Test, diagnose and fix reward functions for RL fine-tuning of reasoning models.",
    )
    parser.add_argument("--version", action="version", version=f"rewardcheck {installed_version()}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name, module in _MODULES.items():
        if only is None or name == only:
            importlib.import_module(f"rewardcheck.commands.{module}").register(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    quiet_third_party()  # before any command imports transformers: its banners are not ours to print
    args_list = list(sys.argv[1:] if argv is None else argv)
    parser = build_parser(chosen_command(args_list))
    args = parser.parse_args(args_list)
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
        from rewardcheck.commands.output import silence_stdout

        silence_stdout()
        return 0


if __name__ == "__main__":
    sys.exit(main())
