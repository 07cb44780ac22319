"""``rewardcheck perf``: time the patched reward composite against open-r1 e4ac3ae on 256 real completions.

Prints both throughputs, the ratio and the worst single-completion latency, plus the golden agreement table
when ``fixtures/golden/golden.jsonl`` exists. Exit status 0 when the ratio is >= 20x and no completion ran
over the limit, 1 otherwise, 2 on a usage error.
"""

from __future__ import annotations

import argparse
from typing import Any

from bench.cli import UsageError


def register(subparsers: Any) -> None:
    p = subparsers.add_parser(
        "perf",
        help="benchmark patched rewards against upstream",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    from bench.perf import add_arguments

    add_arguments(p)
    p.set_defaults(func=_run)


def _run(args: Any) -> int:
    from bench.perf import run_from_args

    if not args.fixture.is_file():
        raise UsageError(f"{args.fixture}: no such completions file")
    try:
        return run_from_args(args)
    except ValueError as exc:
        raise UsageError(str(exc)) from None
