"""Issue 30: a verdict the wall-clock safety net stopped is counted apart in the scan report (row flag
``machine_stalled``), never mixed with the input's own timeouts or paid as 0."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from benchmarks.load_invariance import HANGING_GOLD
from rewardcheck.cli import main as cli_main
from rewardcheck.rewards.engine import budget, clear_caches


def test_a_stalled_verdict_is_a_counted_flag(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    clear_caches()  # a gold known over its budget (an earlier test's) is decided without a worker: no stall
    monkeypatch.setattr(budget, "STALL_FACTOR", 0.5)  # the net fires before the worker's CPU budget can
    rows = [
        {"prompt": "p1", "completion": "<think>\nok\n</think>\n\\boxed{\\log_2 8}", "solution": HANGING_GOLD},
        {"prompt": "p2", "completion": "<think>\nok\n</think>\n\\boxed{4}", "solution": "4"},
    ]
    dump = tmp_path / "d.jsonl"
    dump.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    out = tmp_path / "r.json"
    cli_main(["scan", str(dump), "--profile", "patched", "--json", str(out), "--quiet"])
    report = json.loads(out.read_text(encoding="utf-8"))
    assert report["flags"]["machine_stalled"] == 1, report["flags"]
    assert report["flags"]["timeout"] == 0  # the machine's stall is not the input's timeout
    assert report["verdicts"].get("error") == 1 and report["verdicts"].get("correct") == 1, report["verdicts"]
