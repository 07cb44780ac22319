"""The head-to-head: the planted-fault rewards through rewardcheck's checker, falsepass, rewardlint and
gradecheck; who finds which fault, the false alarms and the seconds.

    bash experiments/checker_h2h/setup_peers.sh        # once: the peers in experiments/checker_h2h/.venv
    nice -n 19 python -m experiments.checker_h2h.run   # prints the table (rewardcheck's venv)

rewardcheck runs here twice per reward: given a sample of the reward's golds (``golds=``, as ``--golds FILE``
does) and given nothing but the function. The peers run in their own environment (``peers.py``); without it
only rewardcheck's columns are printed. Seconds are wall time of each tool's own call on one reward, in one
process per tool (rewardcheck's import and tokenizer load are printed apart); they depend on the machine.
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import TYPE_CHECKING

from .planted import CASES, FAULTS

if TYPE_CHECKING:
    from .ours import Outcome

HERE = Path(__file__).resolve().parent
PEER_PYTHON = HERE / ".venv" / "bin" / "python"
PEERS = ("falsepass", "rewardlint", "gradecheck")


def _peers() -> list[dict[str, object]] | None:
    if not PEER_PYTHON.exists():
        return None
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "peers.json"
        env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
        subprocess.run(
            [str(PEER_PYTHON), "-W", "ignore", str(HERE / "peers.py"), str(out)],
            check=True,
            env=env,
            cwd=tmp,
            stderr=subprocess.DEVNULL,
        )
        records: list[dict[str, object]] = json.loads(out.read_text())
        return records


def _peer_outcomes(records: list[dict[str, object]]) -> list[Outcome]:
    from rewardcheck.bench.strategies.golds import gold_format

    from .ours import Outcome
    from .peer_faults import found_by_peer, peer_false_alarms

    by = {(str(r["tool"]), str(r["case"])): r for r in records}
    out = []
    for tool in PEERS:
        for case in CASES:
            rec = by.get((tool, case.name), {})
            render = gold_format(case.gold_format).render if case.gold_format else None
            out.append(
                Outcome(
                    tool,
                    case.name,
                    found_by_peer(tool, case, rec),
                    float(rec.get("seconds", 0.0) or 0.0),  # type: ignore[arg-type]
                    len(rec.get("findings", []) or []),  # type: ignore[arg-type]
                    peer_false_alarms(tool, case, rec, render),
                    str(rec.get("error", "")),
                )
            )
    return out


def main() -> int:
    start = time.perf_counter()
    from rewardcheck.bench.checker import check_reward  # noqa: F401 - the import, timed apart
    from rewardcheck.bench.strategies.tokens import tokens_for

    from .ours import run_ours

    imported = time.perf_counter()
    tokens_for(None)
    loaded = time.perf_counter()
    outcomes = [run_ours(case, given) for given in (True, False) for case in CASES]
    records = _peers()
    if records is not None:
        outcomes += _peer_outcomes(records)
    tools = list(dict.fromkeys(o.tool for o in outcomes))
    cell = {(o.tool, o.case): o for o in outcomes}

    width = 58
    print(f"{'planted fault (reward, its golds)':{width}} " + " ".join(f"{t[:19]:>19}" for t in tools))
    for case in CASES:
        for fault in case.faults:
            label = f"{FAULTS[fault].what} ({case.name}, {case.gold_format or 'no gold'})"
            marks = ["found" if fault in cell[(t, case.name)].found else "-" for t in tools]
            print(f"{label[:width]:{width}} " + " ".join(f"{m:>19}" for m in marks))
    total = sum(len(c.faults) for c in CASES)
    original = [(c.name, f) for c in CASES if c.original for f in c.faults]
    rows = {
        f"found, of {total}": lambda t: str(sum(len(cell[(t, c.name)].found) for c in CASES)),
        f"found, of the first {len(original)}": lambda t: str(
            sum(f in cell[(t, n)].found for n, f in original)
        ),
        "false alarms (kinds x rewards)": lambda t: str(
            sum(len(cell[(t, c.name)].false_alarms) for c in CASES)
        ),
        "could not run (rewards)": lambda t: str(
            sum(bool(cell[(t, c.name)].note) and t in PEERS for c in CASES)
        ),
        "seconds, all rewards": lambda t: f"{sum(cell[(t, c.name)].seconds for c in CASES):.1f}",
        "seconds, median reward": lambda t: (
            f"{statistics.median(cell[(t, c.name)].seconds for c in CASES):.2f}"
        ),
    }
    for name, value in rows.items():
        print(f"{name:{width}} " + " ".join(f"{value(t):>19}" for t in tools))
    print()
    print(
        f"rewardcheck: import {imported - start:.1f} s, tokenizer load {loaded - imported:.1f} s (once per process)"
    )
    for c in CASES[:3]:
        print(
            f"  default check_reward({c.name}) with nothing but the function: {cell[('rewardcheck (auto)', c.name)].seconds:.2f} s"
        )
    print("false alarms:")
    for o in outcomes:
        for alarm in o.false_alarms:
            print(f"  {o.tool} on {o.case}: {alarm}")
    for o in outcomes:
        if o.tool in PEERS and o.note:
            print(f"  ({o.tool} could not run {o.case}: {o.note[:140]})")
    if records is None:
        print(
            f"(peers not installed: bash {HERE.relative_to(Path.cwd()) if HERE.is_relative_to(Path.cwd()) else HERE}/setup_peers.sh)"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
