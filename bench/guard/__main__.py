"""``python -m bench.guard replay LOG --out DIR [--stop]``: replay a recorded run (``experiments.repro``'s
``metrics.csv`` or any log ``rewardcheck logs`` reads) through the live guard and write its report
(``guard.json``, ``guard.html``); prints the first finding. Exit status 1 when a stopping finding fired.

Example: ``python -m bench.guard replay fixtures/runs/repro/sft1000_lr3e-4/openr1/metrics.csv --out out/g --stop``
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

from rewardcheck.bench.logs import LogFormatError, read_log

from .monitor import GuardConfig
from .replay import replay_log
from .report import write_guard_report


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.guard", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("replay", help="replay a recorded run through the guard")
    p.add_argument("log", help="metrics.csv, trainer_state.json, event files, a run folder ...")
    p.add_argument("--out", type=Path, required=True, help="folder for guard.json and guard.html")
    p.add_argument("--stop", action="store_true", help="end the replay where the guard would stop training")
    ns = parser.parse_args(argv)
    try:
        log = read_log(ns.log)
    except LogFormatError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    actions = ("warn", "report", "stop") if ns.stop else ("warn", "report")
    guard = replay_log(log, GuardConfig(actions=actions, report_dir=str(ns.out)))
    stop = guard.first_stop
    write_guard_report(guard, ns.out, stopped_at=stop.fired_at if (stop and ns.stop) else None)
    if not guard.findings:
        print(f"{ns.log}: no finding over {len(guard.log.records)} logged steps")
    for f in guard.findings:
        print(
            f"{ns.log}: step {int(f.fired_at)}: {f.signal.name} (onset {f.signal.step}): {f.signal.evidence}"
        )
    return 1 if stop else 0


if __name__ == "__main__":
    raise SystemExit(main())
