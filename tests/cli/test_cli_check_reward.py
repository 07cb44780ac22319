"""`rewardcheck check-reward MODULE:FUNCTION` end to end: a user's reward file checked from the shell, with its
golds' format named, read from a file, or found; the exit status says whether an invariant failed."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from rewardcheck.bench.reward_target import TargetError, load_reward, read_golds
from rewardcheck.cli import main

EXE = Path(sys.executable).parent / "rewardcheck"

REWARDS = textwrap.dedent(
    '''
    import asyncio
    import re

    BOX = re.compile(r"\\\\boxed\\{([^{}]*)\\}")


    def bare_match(completions, solution, **kwargs):
        """The last box, anywhere, compared with a bare gold: pays a negated box."""
        out = []
        for c, gold in zip(completions, solution):
            boxes = BOX.findall(c)
            out.append(1.0 if boxes and boxes[-1].strip() == gold.strip() else 0.0)
        return out


    class Judge:
        async def __call__(self, completions, solution, **kwargs):
            await asyncio.sleep(0)
            return bare_match(completions, solution)
    '''
)
FAST = ["--max-examples", "3", "--quiet"]


@pytest.fixture
def rewards(tmp_path: Path) -> Path:
    path = tmp_path / "my_rewards.py"
    path.write_text(REWARDS, encoding="utf-8")
    return path


def test_a_reward_file_is_checked_with_the_gold_format_named(rewards: Path, tmp_path: Path) -> None:
    out = tmp_path / "report.json"
    status = main(
        ["check-reward", f"{rewards}:bare_match", "--gold-format", "bare", "--json", str(out), *FAST]
    )
    report = json.loads(out.read_text())
    assert status == 1 and not report["ok"]
    assert report["gold"]["format"] == "bare" and report["gold"]["how"] == "given"
    assert report["counts"]["fail"] >= 1
    assert any(f["title"] == "attack paid" for f in report["findings"])


def test_golds_read_from_a_file_decide_the_format(rewards: Path, tmp_path: Path) -> None:
    golds = tmp_path / "train.jsonl"
    golds.write_text("".join(json.dumps({"question": "q", "answer": g}) + "\n" for g in ("18", "72", "$5$")))
    out = tmp_path / "report.json"
    main(["check-reward", f"{rewards}:bare_match", "--golds", str(golds), "--json", str(out), *FAST])
    gold = json.loads(out.read_text())["gold"]
    assert gold["format"] == "bare" and gold["counts"] == {"bare": 2, "$": 1}


def test_a_class_is_instantiated_and_awaited(rewards: Path, tmp_path: Path) -> None:
    out = tmp_path / "report.json"
    main(["check-reward", f"{rewards}:Judge", "--json", str(out), *FAST])
    report = json.loads(out.read_text())
    assert report["gold"]["format"] == "bare"  # found: the one rendering under which it pays the right answer
    assert "awaited" in report["settings"]["calling"]["Judge"]
    assert report["settings"]["instantiated"].startswith("Judge()")


def test_the_terminal_report_names_the_rendering(rewards: Path) -> None:
    env = {**os.environ, "HF_HUB_OFFLINE": "1", "TRANSFORMERS_OFFLINE": "1", "COLUMNS": "140"}
    proc = subprocess.run(
        [str(EXE), "check-reward", f"{rewards}:bare_match", "--max-examples", "3"],
        capture_output=True,
        text=True,
        env=env,
        timeout=600,
    )
    assert proc.returncode == 1, proc.stderr
    assert "gold rendering: bare ('390'), detected" in proc.stdout
    assert "invariants judged:" in proc.stdout and "cannot judge" in proc.stdout


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (["nowhere.py:f"], "no such file"),
        (["{rewards}:missing"], "has no attribute 'missing'"),
        (["{rewards}"], "expected MODULE:FUNCTION"),
        (["{rewards}:bare_match", "--gold-format", "latexish"], "unknown gold format"),
        (["{rewards}:bare_match", "--gold-format", "bare", "--golds", "x.txt"], "not both"),
    ],
)
def test_usage_errors_exit_2(
    rewards: Path, args: list[str], needle: str, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = [a.replace("{rewards}", str(rewards)) for a in args]
    assert main(["check-reward", *argv, "--quiet"]) == 2
    assert needle in capsys.readouterr().err


def test_golds_from_text_and_a_named_column(tmp_path: Path) -> None:
    text = tmp_path / "golds.txt"
    text.write_text("18\n\n72\n")
    assert read_golds(text) == ["18", "72"]
    table = tmp_path / "golds.csv"
    table.write_text("problem,target_answer\nq,#### 3\n")
    assert read_golds(table, "target_answer") == ["#### 3"]
    with pytest.raises(TargetError):
        load_reward("json:nothing_here")
