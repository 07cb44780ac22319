"""Fixtures shared by the test folders."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="session")
def labelled_expressions() -> list[str]:
    """Every gold and answer of the labelled fixtures as the engine hands it to the parser (its ``$`` stripped):
    Math-Verify's own test pairs, HardVerify-Math's golds and answers, the golden rows' golds."""
    out: set[str] = set()
    for line in (ROOT / "fixtures/mathverify/pairs.jsonl").read_text(encoding="utf-8").splitlines():
        r = json.loads(line)
        out.update((str(r["gold"]), str(r["pred"])))
    for r in json.loads((ROOT / "fixtures/hardverify/HardVerify-Math.json").read_text(encoding="utf-8")):
        out.update((str(r["ground_truth"]), str(r["fn_output"]), str(r["tn_output"])))
    for line in (ROOT / "fixtures/golden/golden.jsonl").read_text(encoding="utf-8").splitlines():
        out.add(str(json.loads(line)["gold"]))
    return sorted(e.strip().strip("$").strip() for e in out if e.strip())
