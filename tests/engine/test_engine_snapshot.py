"""The before/after engine snapshot (tools/engine_snapshot.py) and the Math-Verify pairs fixture (issue 29)."""

from __future__ import annotations

import gzip
import json
from collections import Counter
from pathlib import Path

import pytest

from benchmarks.fresh import fresh_variant
from tools import engine_snapshot as snap

ROOT = Path(__file__).resolve().parents[2]
BEFORE = ROOT / "fixtures" / "engine_snapshot" / "before.jsonl.gz"
PAIRS = ROOT / "fixtures" / "mathverify" / "pairs.jsonl"


def _write(path: Path, rows: list[dict[str, object]]) -> Path:
    with gzip.open(path, "wt", encoding="utf-8") as f:
        for r in rows:
            f.write(json.dumps(r) + "\n")
    return path


def _row(i: str, verdict: str, reward: float | None) -> dict[str, object]:
    return {"id": i, "set": "s", "verdict": verdict, "answer": "1", "rule": None, "reward": reward}


def test_before_snapshot_covers_every_fixture_set_once() -> None:
    rows = list(snap.load(BEFORE).values())
    per_set = Counter(r["set"] for r in rows)
    assert per_set == {
        "golden/golden": 497,
        "golden/truncated": 160,
        "golden/probes": 30,
        "labelled": 462,
        "reviewed": 320,
        "attacks": 90,
        "upstream": 700,
        "hardverify": 500,
        "dumps/completions": 32,
        "dumps/r1zero": 10_000,
    }
    assert all(set(r) == {"id", "set", *snap.FIELDS} for r in rows)
    # the attack corpus was paid nothing before the change
    assert not any(r["reward"] == 1.0 for r in rows if r["set"] == "attacks")


def test_snapshot_rows_are_the_fixture_rows_in_order() -> None:
    ids = [r.id for r in snap.rows(r1zero_sample=3)]
    assert len(ids) == len(set(ids))
    before = list(snap.load(BEFORE))
    assert ids[:100] == before[:100]


def test_diff_reports_changes_and_unexplained_ones(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    old = _write(
        tmp_path / "old.jsonl.gz",
        [_row("a", "wrong", 0.0), _row("b", "correct", 1.0), _row("c", "wrong", 0.0)],
    )
    new = _write(
        tmp_path / "new.jsonl.gz",
        [_row("a", "correct", 1.0), _row("b", "correct", 1.0), _row("d", "wrong", 0.0)],
    )
    reasons = tmp_path / "reasons.jsonl"
    reasons.write_text(json.dumps({"id": "a", "reason": "comma decimals read", "kind": "improvement"}) + "\n")
    assert snap.main(["diff", str(old), str(new), "--reasons", str(reasons)]) == 1
    out = capsys.readouterr().out
    assert "comma decimals read" in out and out.count("UNEXPLAINED") == 2  # c dropped, d added
    assert "3 changed rows" in out
    reasons.write_text(
        "\n".join(json.dumps({"id": i, "reason": "r"}) for i in ("a", "c", "d")) + "\n", encoding="utf-8"
    )
    assert snap.main(["diff", str(old), str(new), "--reasons", str(reasons)]) == 0


def test_diff_names_a_bad_reasons_line(tmp_path: Path) -> None:
    reasons = tmp_path / "reasons.jsonl"
    reasons.write_text('{"id": "a", "reason": "ok"}\n{"id": "b"}\n', encoding="utf-8")
    with pytest.raises(SystemExit, match=r"reasons.jsonl:2: missing field 'reason'"):
        snap.reasons(reasons)


def test_mathverify_pairs_are_data_with_their_scoring() -> None:
    rows = [json.loads(line) for line in PAIRS.read_text(encoding="utf-8").splitlines()]
    assert len(rows) == 270 and len({r["id"] for r in rows}) == 270
    assert Counter(r["expected"] for r in rows) == {True: 232, False: 38}
    assert {r["call"]["kind"] for r in rows} == {"compare_strings", "default"}
    for r in rows:
        assert isinstance(r["gold"], str) and isinstance(r["pred"], str)
        if r["call"]["kind"] == "compare_strings":
            assert (
                set(r["call"]["match_types"]) <= {"latex", "expr"} and r["call"]["boxed_match_priority"] == 0
            )
    assert len({r["commit"] for r in rows}) == 1


def test_fresh_variants_keep_verdict_shape_and_never_repeat() -> None:
    row = {"completion": "x = 4, so \\boxed{12} (not \\boxed{13})", "solution": "12"}
    variants = [fresh_variant(row, k) for k in range(8)]
    assert len({v["completion"] for v in variants}) == 8 and len({v["solution"] for v in variants}) == 8
    for k, v in enumerate(variants):
        assert f"\\boxed{{{12 + 1000 * k}}}" in v["completion"] and v["solution"] == str(12 + 1000 * k)
        assert "x = 4" in v["completion"]  # only the boxed integers move


def test_the_open_world_snapshot_explains_every_changed_verdict(capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 42's safety net: every verdict the open-world reader changed on the fixture rows has its reason."""
    folder = ROOT / "fixtures" / "engine_snapshot"
    old, new = folder / "reader.jsonl.gz", folder / "open_world.jsonl.gz"
    argv = [
        "diff",
        str(old),
        str(new),
        "--reasons",
        str(folder / "reasons_open_world.jsonl"),
        "--verdicts-only",
    ]
    assert snap.main(argv) == 0
    assert "UNEXPLAINED" not in capsys.readouterr().out
    rows = snap.load(new)
    assert len(rows) == len(snap.load(old))
    assert not any(r["reward"] == 1.0 for r in rows.values() if r["set"] == "attacks")
