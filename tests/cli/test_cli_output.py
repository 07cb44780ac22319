"""What every command shares on output: a reader that closes the pipe (``rewardcheck ... | head``) leaves the
command's own exit status and its ``--json`` file intact, and ``--help`` names no repository path that an
installed wheel does not have."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from rewardcheck.cli import COMMANDS, build_parser

ROOT = Path(__file__).resolve().parents[2]
HEALTHY = ROOT / "fixtures" / "logs" / "synthetic" / "healthy-trl.jsonl"
COLLAPSED = ROOT / "fixtures" / "logs" / "open-r1-grpo-accuracy-reward-zero.txt"


@pytest.mark.parametrize(("log", "status"), [(HEALTHY, 0), (COLLAPSED, 1)])
def test_a_closed_pipe_keeps_the_exit_status_and_the_files(log: Path, status: int, tmp_path: Path) -> None:
    out = tmp_path / "diag.json"
    proc = subprocess.Popen(
        [sys.executable, "-m", "rewardcheck.cli", "logs", str(log), "--json", str(out)],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert proc.stdout is not None and proc.stderr is not None
    proc.stdout.close()  # the reader is gone before the first line: every write meets a closed pipe
    err = proc.stderr.read().decode()
    assert proc.wait(timeout=120) == status, err
    assert "Traceback" not in err and "BrokenPipe" not in err
    assert json.loads(out.read_text())["collapsed"] is bool(status)


def test_help_names_no_repository_path() -> None:
    parser = build_parser()
    sub = next(a for a in parser._subparsers._group_actions if a.dest == "command")  # type: ignore[union-attr]
    assert len(sub.choices) == len(COMMANDS)
    for name, command in sub.choices.items():
        text = command.format_help()
        assert "fixtures/" not in text, (name, text)


def test_a_json_report_into_a_folder_not_made_yet_is_written(tmp_path: Path) -> None:
    # found by a wheel install in a user project: "--json out/diag.json" stopped with an internal error where the
    # folder did not exist, while "--html" made its own
    out = tmp_path / "new" / "folder" / "diag.json"
    done = subprocess.run(
        [sys.executable, "-m", "rewardcheck.cli", "logs", str(HEALTHY), "--json", str(out), "--quiet"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert json.loads(out.read_text(encoding="utf-8"))
