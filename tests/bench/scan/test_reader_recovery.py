"""Scan readers (issue 28): verl's generation dumps are recognised as they are, a column missing from every row
is told once with the columns found, and a damaged ``.jsonl.gz`` is scored up to the damage."""

from __future__ import annotations

import gzip
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[3]
EXE = Path(sys.executable).parent / "rewardcheck"


def scan(tmp_path: Path, *args: str | Path) -> tuple[subprocess.CompletedProcess[str], dict[str, Any]]:
    out = tmp_path / "report.json"
    env = {**os.environ, "HF_HUB_OFFLINE": "1", "TRANSFORMERS_OFFLINE": "1", "COLUMNS": "140"}
    proc = subprocess.run(
        [str(EXE), "scan", *map(str, args), "--profile", "patched", "--json", out],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env=env,
        timeout=300,
    )
    return proc, (json.loads(out.read_text()) if out.exists() else {})


def rows(n: int) -> list[dict[str, Any]]:
    return [
        {
            "prompt": f"What is {i} + 1?",
            "completion": f"<think>\n{i}+1\n</think>\n\\boxed{{{i + 1}}}",
            "solution": f"${i + 1}$",
        }
        for i in range(n)
    ]


def test_verl_generation_dump_scores_with_gts_and_reads_score_as_the_logged_reward(tmp_path: Path) -> None:
    dump = tmp_path / "verl_generations.jsonl"
    lines = [
        {
            "input": r["prompt"],
            "output": r["completion"],
            "gts": r["solution"].strip("$"),
            "score": 1.0,
            "acc": True,
            "step": 3,
        }
        for r in rows(6)
    ]
    dump.write_text("".join(json.dumps(x) + "\n" for x in lines))
    proc, report = scan(tmp_path, dump, "--profile", "logged")
    assert proc.returncode in (0, 1), proc.stderr
    assert report["rows_scored"] == 6, report.get("rows_skipped")
    assert set(report["rewards"]["logged"]) >= {"score", "accuracy"}, report["rewards"]["logged"]
    assert report["rewards"]["patched"]["accuracy"]["mean"] == 1.0


def test_a_score_column_elsewhere_is_not_taken_for_a_reward(tmp_path: Path) -> None:
    dump = tmp_path / "dump.jsonl"
    dump.write_text("".join(json.dumps({**r, "score": 0.3}) + "\n" for r in rows(3)))
    proc, report = scan(tmp_path, dump)
    assert "logged" not in report.get("rewards", {}), report.get("rewards")


def test_a_column_missing_from_every_row_is_told_once_with_the_columns_found(tmp_path: Path) -> None:
    dump = tmp_path / "dump.jsonl"
    dump.write_text(
        "".join(json.dumps({"prompt": r["prompt"], "text": r["completion"]}) + "\n" for r in rows(40))
    )
    proc, report = scan(tmp_path, dump)
    assert proc.returncode == 2, proc.stderr
    said = [line for line in proc.stderr.splitlines() if "missing_completion" in line or "is missing" in line]
    assert len(said) <= 2, proc.stderr
    assert "columns found: prompt, text" in proc.stderr, proc.stderr


def test_a_truncated_gzip_scores_the_readable_rows_and_counts_the_damage(tmp_path: Path) -> None:
    body = "".join(json.dumps(r) + "\n" for r in rows(400)).encode()
    blob = gzip.compress(body)
    dump = tmp_path / "killed.jsonl.gz"
    dump.write_bytes(blob[: int(len(blob) * 0.6)])  # a job killed while writing
    proc, report = scan(tmp_path, dump)
    assert proc.returncode in (0, 1), proc.stderr
    assert 0 < report["rows_scored"] < 400
    assert report["rows_skipped"].get("damaged_gzip") == 1, report["rows_skipped"]
    assert report["rows_total"] == report["rows_scored"] + sum(report["rows_skipped"].values())
