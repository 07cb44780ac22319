"""``rewardcheck logs LOG... [--json OUT] [--html OUT]``: diagnose reward collapse from training logs.

Exit status 1 when any log shows a collapse, 0 otherwise, 2 for an unreadable log.
Example: ``rewardcheck logs trainer_output/ --json diag.json`` (a log file, or a trainer's output_dir).
"""

from __future__ import annotations

import argparse
from typing import Any

from rewardcheck.bench.logs import LogFormatError, diagnose, read_log
from rewardcheck.bench.logs.diagnosis import Diagnoses
from rewardcheck.bench.logs.report import as_report
from rewardcheck.commands.output import OutputOptions
from rewardcheck.errors import UsageError

__all__ = ["register", "run"]

OUTPUTS = OutputOptions(
    json_help="write the diagnosis as JSON ('-' for stdout)",
    html_help="write an HTML report with the curves and the onset marked",
    json_dest="json",
    html_dest="html",
)


def register(subparsers: Any) -> None:
    p = subparsers.add_parser(
        "logs",
        help="diagnose reward collapse from training logs (TRL/HF, JSON lines, trainer_state, wandb, DeepSpeed-Chat)",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument(
        "logs",
        nargs="+",
        metavar="LOG",
        help="log file, trainer_state.json, wandb-history.jsonl, or a run folder",
    )
    OUTPUTS.add_to(p)
    p.add_argument("--quiet", action="store_true", help="no terminal summary")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    diagnoses = []
    for path in args.logs:
        try:
            diagnoses.append(diagnose(read_log(path)))
        except LogFormatError as exc:
            raise UsageError(str(exc)) from None
    result = Diagnoses(diagnoses)
    OUTPUTS.emit(args, as_report(result))
    return 1 if result.collapsed else 0
