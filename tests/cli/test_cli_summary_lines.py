"""What `scan` and `check` print around their tables: a legend line for every profile, flag, invariant and output
name on screen, a last `next:` line that fits what they found, and `fail-on:` only when `--fail-on` asked."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from functools import cache
from pathlib import Path

import pytest

from rewardcheck.bench.legend import LEGEND
from rewardcheck.bench.profiles import LOGGED
from rewardcheck.bench.scan.scoring import GROUP_FLAGS, ROW_FLAGS
from rewardcheck.rewards.registry import PROFILES

ROOT = Path(__file__).resolve().parents[2]
DUMP = ROOT / "fixtures" / "dumps" / "completions.jsonl"
SEED = ROOT / "fixtures" / "configs" / "openr1-seed.yaml"
GOOD = "<think>\n1+2=3\n</think>\nThe answer is $\\boxed{3}$."
NEGATED = "<think>\n1+2=3\n</think>\nThe answer is not $\\boxed{3}$."


@cache
def run(*args: str) -> subprocess.CompletedProcess[str]:
    """``rewardcheck ARGS`` as a user runs it (a pipe: rich's plain layout), once per distinct command line."""
    env = {**os.environ, "HF_HUB_OFFLINE": "1", "TRANSFORMERS_OFFLINE": "1", "COLUMNS": "80"}
    return subprocess.run(
        [sys.executable, "-m", "rewardcheck.cli", *args],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=env,
        timeout=300,
    )


def last_line(proc: subprocess.CompletedProcess[str]) -> str:
    return proc.stdout.rstrip().splitlines()[-1]


def legend(stdout: str) -> dict[str, str]:
    """The legend under the output: name -> meaning."""
    lines = stdout.splitlines()
    start = lines.index("Legend") + 1
    entries = {}
    for line in lines[start:]:
        m = re.fullmatch(r"  (\S+)\s{2,}(.+)", line)
        if not m:
            break
        entries[m[1]] = m[2]
    return entries


def column(stdout: str, title: str, col: int = 0) -> list[str]:
    """The non-empty cells of column ``col`` of the rich table titled ``title`` (its body rows)."""
    lines = stdout.splitlines()
    i = next(n for n, line in enumerate(lines) if line.startswith(title))
    cells = []
    for line in lines[i + 1 :]:
        if line.startswith("└"):
            break
        if line.startswith("│"):
            cell = line.split("│")[1 + col].strip()
            if cell:
                cells.append(cell)
    return cells


def write_dump(path: Path, completions: list[str]) -> Path:
    rows = [
        {"prompt": "What is 1+2?", "completion": c, "solution": "$3$", "step": 0, "completion_length": 20}
        for c in completions
    ]
    path.write_text("".join(json.dumps(r) + "\n" for r in rows))
    return path


# --- the legend


def test_every_flag_and_profile_name_scan_shows_has_a_legend_line() -> None:
    proc = run("scan", str(DUMP))
    shown = column(proc.stdout, "Rewards per profile") + [
        name.split(" @")[0] for name in column(proc.stdout, "Flags")
    ]
    assert {"openr1@e4ac3ae", "paid_unparseable_gold", "machine_stalled", "zero_std_groups"} <= set(shown)
    meanings = legend(proc.stdout)
    assert set(shown) <= set(meanings), set(shown) - set(meanings)
    assert all(meanings.values())


def test_every_invariant_output_and_profile_name_check_shows_has_a_legend_line() -> None:
    proc = run("check", str(SEED), "--skip-invariants")
    lines = proc.stdout.splitlines()
    header = next(line for line in lines if line.startswith("┃ invariant"))
    profiles = [cell.strip() for cell in header.split("┃")[2:-1]]
    shown = profiles + column(proc.stdout, "Invariants") + column(proc.stdout, "What each output earns")
    shown += column(proc.stdout, "What each output earns", col=1)  # exploit / genuine
    assert {"openr1@e4ac3ae", "patched", "no_collapse", "seed_exploit", "exploit"} <= set(shown)
    meanings = legend(proc.stdout)
    assert set(shown) <= set(meanings), set(shown) - set(meanings)


def test_the_legend_defines_every_flag_and_profile_in_one_short_line() -> None:
    names = {*ROW_FLAGS, *GROUP_FLAGS, *PROFILES, LOGGED}
    assert names <= set(LEGEND), names - set(LEGEND)
    # one line under a 110-column summary: name column (up to 25) plus the meaning
    assert all(len(meaning) <= 80 for meaning in LEGEND.values())


# --- the next step


def test_scan_of_the_bundled_dump_says_to_switch_to_patched() -> None:
    line = last_line(run("scan", str(DUMP)))
    assert line.startswith("next: use the patched profile")
    assert "paid_unparseable_gold" in line and "openr1@e4ac3ae" in line


def test_scan_with_truncation_unknown_says_to_pass_the_config() -> None:
    line = last_line(run("scan", str(DUMP), "--profile", "patched"))
    assert line.startswith("next: count truncation in tokens")
    assert "--config" in line and "--tokenizer" in line


def test_scan_with_disagreements_names_the_rows_out_flags(tmp_path: Path) -> None:
    dump = write_dump(tmp_path / "d.jsonl", [GOOD, NEGATED])
    known = ("--length-field", "completion_length", "--max-completion-length", "100")
    args = (
        "scan",
        str(dump),
        "--profile",
        "openr1@1416fa0",
        "--profile",
        "patched",
        "--reward-funcs",
        "accuracy",
    )
    line = last_line(run(*args, *known))
    assert line == "next: read the flagged rows: rerun with --rows-out rows.jsonl --only disagreements"


def test_scan_with_nothing_flagged_says_so(tmp_path: Path) -> None:
    dump = write_dump(tmp_path / "d.jsonl", [GOOD, GOOD])
    known = ("--length-field", "completion_length", "--max-completion-length", "100")
    line = last_line(run("scan", str(dump), "--profile", "patched", "--reward-funcs", "accuracy", *known))
    assert line.startswith("next: nothing to do")


def test_check_of_the_seed_config_says_to_switch_to_patched() -> None:
    proc = run("check", str(SEED), "--skip-invariants")
    assert proc.returncode == 1, proc.stderr
    assert last_line(proc) == "next: use the patched profile: openr1@e4ac3ae fails no_collapse, patched holds"


# --- fail-on only when asked


def test_fail_on_is_printed_only_when_a_threshold_was_given() -> None:
    unasked = run("scan", str(DUMP))
    assert unasked.returncode == 0, unasked.stderr
    assert "fail-on" not in unasked.stdout
    asked = run("scan", str(DUMP), "--fail-on", "degenerate=0.5")
    assert asked.returncode == 0, asked.stderr
    assert "fail-on: ok" in asked.stdout.splitlines()
    failing = run("scan", str(DUMP), "--fail-on", "paid_unparseable_gold=0.5")
    assert failing.returncode == 1
    assert any(line.startswith("fail-on: FAIL paid_unparseable_gold") for line in failing.stdout.splitlines())


@pytest.mark.parametrize("args", [("scan", str(DUMP)), ("check", str(SEED), "--skip-invariants")])
def test_the_next_step_is_the_last_line(args: tuple[str, ...]) -> None:
    lines = run(*args).stdout.rstrip().splitlines()
    assert [n for n, line in enumerate(lines) if line.startswith("next: ")] == [len(lines) - 1]
