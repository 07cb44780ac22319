"""``rewardcheck diff [DUMP...]``: the same inputs through several verifiers, disagreements as minimal pairs.

Inputs: generated attacks (each family in each answer marker, next to the right answer in the same
template), equivalent renderings and near misses, the attack corpus, and the rows of any completion dumps
given (defaults to the example dump bundled in the package; ``--no-dumps`` for none). Verifiers
(``--verifiers``, comma-separated): patched, openr1@e4ac3ae, openr1@1416fa0, math-verify, trl, verl (the
last two when installed; default every installed one).

Example: ``rewardcheck diff --json diff.json --html diff.html``.
Exit status 0 (a diff is a report, not a gate), 2 on a usage error or unreadable input.
"""

from __future__ import annotations

import argparse
from typing import Any

from rewardcheck.bench.data import data_path
from rewardcheck.bench.report import terminal_console
from rewardcheck.commands.output import OutputOptions
from rewardcheck.errors import UsageError

_BUNDLED = data_path("completions.jsonl")
OUTPUTS = OutputOptions()


def register(subparsers: Any) -> None:
    p = subparsers.add_parser(
        "diff",
        help="compare verifiers on the same inputs; disagreements as minimal pairs",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument(
        "dumps", nargs="*", metavar="DUMP", help="completion dumps with golds (default: the bundled one)"
    )
    p.add_argument("--verifiers", help="comma-separated verifier names (default: every installed one)")
    p.add_argument("--no-dumps", action="store_true", help="generated and corpus inputs only")
    p.add_argument("--limit", type=int, default=40, help="clusters shown in the terminal (default 40)")
    OUTPUTS.add_to(p)
    p.add_argument("--quiet", action="store_true", help="no terminal output")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:

    from rewardcheck.bench.diff import (
        available,
        corpus_inputs,
        dump_inputs,
        generated_inputs,
        run_diff,
    )
    from rewardcheck.bench.diff.render import as_report
    from rewardcheck.bench.errors import InputError
    from rewardcheck.bench.quiet import quiet_upstream_logs

    quiet_upstream_logs()
    names = [v.strip() for v in args.verifiers.split(",") if v.strip()] if args.verifiers else available()
    inputs = generated_inputs() + corpus_inputs()
    skipped: list[str] = []
    if not args.no_dumps:
        try:
            rows, skipped = dump_inputs(args.dumps or [str(_BUNDLED)])
        except (InputError, OSError) as exc:
            raise UsageError(str(exc)) from None
        inputs += rows
    try:
        report = run_diff(names, inputs, skipped=skipped)
    except InputError as exc:  # UnknownVerifier among them
        raise UsageError(str(exc)) from None
    OUTPUTS.emit(args, as_report(report, args.limit), terminal_console(160))
    return 0
