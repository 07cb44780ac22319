"""`rewardcheck scan` end to end through the console script, on bundled and hand-built dumps."""

from __future__ import annotations

import gzip
import json
import math
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
EXE = Path(sys.executable).parent / "rewardcheck"
DUMPS = ROOT / "fixtures" / "dumps"
UPSTREAM = ["--profile", "openr1@e4ac3ae", "--profile", "openr1@1416fa0"]


def scan(*args: str | Path, cwd: Path = ROOT) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "HF_HUB_OFFLINE": "1", "TRANSFORMERS_OFFLINE": "1", "COLUMNS": "140"}
    return subprocess.run(
        [str(EXE), "scan", *map(str, args)], capture_output=True, text=True, cwd=cwd, env=env, timeout=300
    )


def scan_json(tmp_path: Path, *args: str | Path) -> tuple[subprocess.CompletedProcess[str], dict[str, Any]]:
    out = tmp_path / "report.json"
    proc = scan(*args, "--json", out, "--quiet")
    assert out.exists(), proc.stderr
    return proc, json.loads(out.read_text())


def write_jsonl(path: Path, rows: list[Any]) -> Path:
    path.write_text("".join((r if isinstance(r, str) else json.dumps(r)) + "\n" for r in rows))
    return path


SEED = "First, Finally,"
GOOD = "<think>\n1+2=3\n</think>\nThe answer is \\boxed{3}."
ROWS: list[Any] = [
    {"prompt": "What is 1+2?", "completion": GOOD, "solution": "$3$", "step": 0, "id": "a"},
    {"prompt": "What is 1+2?", "completion": SEED, "solution": "$3$", "step": 0, "id": "b"},
    {
        "prompt": "What is 1+2?",
        "completion": "<think>\n1+2=4\n</think>\n\\boxed{4}",
        "solution": "$3$",
        "step": 0,
        "id": "c",
    },
    {"prompt": "What is 2+2?", "completion": "First, Second, Finally,", "solution": "$4$", "step": 0},
    {"prompt": "What is 2+2?", "completion": "First, Second, Finally,", "solution": "$4$", "step": 0},
    "not json at all",
    {"prompt": "no completion here", "solution": "1"},
    {"prompt": "gold missing", "completion": "\\boxed{1}"},
    # A plain-number gold: e4ac3ae's LaTeX-only gold parse fails and pays 1.0; 1416fa0 parses it and says wrong.
    {"prompt": "What is 1+1?", "completion": "\\boxed{5}", "solution": "2", "step": 0},
]


@pytest.fixture(scope="module")
def basic(
    tmp_path_factory: pytest.TempPathFactory,
) -> tuple[subprocess.CompletedProcess[str], dict[str, Any], Path]:
    tmp = tmp_path_factory.mktemp("basic")
    dump = write_jsonl(tmp / "dump.jsonl", ROWS)
    html = tmp / "report.html"
    proc, data = scan_json(tmp, dump, *UPSTREAM, "--html", html)
    return proc, data, tmp


def test_every_row_is_scored_or_skipped_with_file_and_line(basic: Any) -> None:
    proc, data, tmp = basic
    assert proc.returncode == 0, proc.stderr
    assert data["rows_total"] == 9
    assert data["rows_scored"] == 6
    assert data["rows_skipped"] == {"invalid_json": 1, "missing_completion": 1, "missing_gold": 1}
    assert data["rows_total"] == data["rows_scored"] + sum(data["rows_skipped"].values())
    dump = tmp / "dump.jsonl"
    for line, word in ((6, "invalid JSON"), (7, "'completion' is missing"), (8, "no gold answer")):
        assert f"{dump}:{line}: " in proc.stderr and word in proc.stderr


def test_seed_exploit_is_paid_shaping_without_an_answer(basic: Any) -> None:
    _, data, _ = basic
    # reasoning_steps pays min(1, markers/3): 2/3 for the seed exploit, 1 for three markers, 0 elsewhere.
    expected_mean = (0 + 2 / 3 + 0 + 1 + 1 + 0) / 6
    for profile in ("openr1@e4ac3ae", "openr1@1416fa0"):
        assert math.isclose(data["rewards"][profile]["reasoning_steps"]["mean"], expected_mean, rel_tol=1e-9)
        assert data["shaping_no_answer_by_profile"][profile] == 3
    assert data["flags"]["shaping_no_answer"] == 3
    assert data["flags"]["answer_unparseable"] >= 3
    worst = data["worst_examples"]
    # One example per pattern first (marker-only output is one pattern, whatever its markers), then a
    # second of a pattern from a group not shown yet: the seed exploit before the repeat of the first.
    assert [w["completion"] for w in worst[:3]] == ["First, Second, Finally,", "\\boxed{5}", SEED]
    assert worst[0]["completion"] == "First, Second, Finally,"  # paid the most for nothing


def test_zero_std_group_and_profile_disagreement(basic: Any) -> None:
    _, data, _ = basic
    assert data["groups"]["total"] == 3
    assert data["groups"]["with_2_or_more"] == 2
    # The 2+2 group holds two identical marker-only outputs: identical totals, zero advantage.
    assert data["groups"]["zero_std_groups"] == {"openr1@e4ac3ae": 1, "openr1@1416fa0": 1}
    assert data["flags"]["disagreement"] == 1
    assert data["disagreement_pairs"] == {"openr1@1416fa0 vs openr1@e4ac3ae": 1}


def test_html_report_has_plots_and_tables(basic: Any) -> None:
    _, _, tmp = basic
    page = (tmp / "report.html").read_text()
    assert page.startswith("<!DOCTYPE html>")
    assert page.count("<svg") >= 3  # reward distributions, reward vs length, truncation rate
    for title in (
        "Total reward distribution per profile",
        "Total reward vs completion length",
        "Truncation rate per step",
    ):
        assert title in page
    assert page.count("<table") >= 4
    assert "Flagged examples, side by side" in page and "First, Second, Finally," in page
    # no script and no address to fetch: the SVG and XLink namespace names are identifiers, never loaded
    fetched = page.replace("http://www.w3.org/2000/svg", "").replace("http://www.w3.org/1999/xlink", "")
    assert "<script" not in page and "http://" not in fetched


def test_terminal_summary(tmp_path: Path) -> None:
    dump = write_jsonl(tmp_path / "d.jsonl", ROWS[:5])
    proc = scan(dump, *UPSTREAM)
    assert proc.returncode == 0, proc.stderr
    assert "5 rows, 5 scored, 0 skipped" in proc.stdout
    for word in (
        "Rewards per profile",
        "reasoning_steps",
        "shaping_no_answer",
        "zero_std_groups",
        "Worst examples",
    ):
        assert word in proc.stdout


def test_fail_on_thresholds_gate_the_exit_status(tmp_path: Path) -> None:
    dump = write_jsonl(tmp_path / "d.jsonl", ROWS[:5])
    failing = scan(dump, *UPSTREAM, "--fail-on", "shaping_no_answer=0.5", "--fail-on", "zero_std_groups=0.9")
    assert failing.returncode == 1
    assert "shaping_no_answer: rate 0.600 > threshold 0.5" in failing.stdout
    passing = scan(
        dump,
        *UPSTREAM,
        "--fail-on",
        "shaping_no_answer=0.7",
        "--fail-on",
        "zero_std_groups@openr1@e4ac3ae=0.5",
    )
    assert passing.returncode == 0, passing.stdout
    gated = scan(dump, *UPSTREAM, "--fail-on", "zero_std_groups@openr1@e4ac3ae=0.4", "--quiet")
    assert gated.returncode == 1


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--fail-on", "nonsense=0.1"], "expected NAME[@PROFILE]=RATE"),
        (["--fail-on", "degenerate=lots"], "is not a number"),
        (["--profile", "openr1@nosuch"], "unknown reward profile"),
        (["--reward-funcs", "accuracy,telepathy", "--profile", "openr1@e4ac3ae"], "telepathy"),
        (["--workers", "0"], "--workers"),
    ],
)
def test_usage_errors_exit_2(tmp_path: Path, args: list[str], message: str) -> None:
    dump = write_jsonl(tmp_path / "d.jsonl", ROWS[:2])
    proc = scan(dump, *args)
    assert proc.returncode == 2
    assert message in proc.stderr


def test_missing_and_unreadable_inputs_exit_2(tmp_path: Path) -> None:
    proc = scan(tmp_path / "nope.jsonl")
    assert proc.returncode == 2 and "no such file" in proc.stderr
    broken = tmp_path / "broken.parquet"
    broken.write_bytes(b"PAR1 this is not a parquet file")
    proc = scan(broken)
    assert proc.returncode == 2 and "unreadable parquet" in proc.stderr


def _trl_output_dir(tmp_path: Path) -> Path:
    """The layout TRL 1.16 writes with log_completions=True: output_dir/completions/completions_00005.parquet
    with step, prompt, completion, one column per reward function (its __name__), advantage."""
    import pandas as pd

    folder = tmp_path / "run" / "completions"
    folder.mkdir(parents=True)
    for step in (5, 10):
        pd.DataFrame(
            {
                "step": [step] * 3,
                "prompt": ["What is 1+2?"] * 3,
                "completion": [GOOD, SEED, "\\boxed{4}"],
                "accuracy_reward": [1.0, 0.0, float("nan")],
                "reasoning_steps_reward": [0.0, 2 / 3, 0.0],
                "advantage": [1.1, -0.2, -0.9],
            }
        ).to_parquet(folder / f"completions_{step:05d}.parquet")
    write_jsonl(tmp_path / "gold.jsonl", [{"prompt": "What is 1+2?", "solution": "$3$"}])
    return tmp_path / "run"


def test_trl_parquet_folder_with_gold_file_and_logged_rewards(tmp_path: Path) -> None:
    run_dir = _trl_output_dir(tmp_path)
    proc, data = scan_json(tmp_path, run_dir, "--gold-file", tmp_path / "gold.jsonl")
    assert proc.returncode == 0, proc.stderr
    assert [f["format"] for f in data["files"]] == ["parquet", "parquet"]
    assert data["rows_scored"] == 6 and data["groups"]["total"] == 2
    profiles = [p["name"] for p in data["profiles"]]
    assert profiles[0] == "logged" and "openr1@e4ac3ae" in profiles
    logged = data["rewards"]["logged"]
    assert logged["accuracy"]["none"] == 2  # NaN in the parquet = skipped by the trainer
    assert math.isclose(logged["accuracy"]["mean"], 0.5)
    assert math.isclose(logged["reasoning_steps"]["mean"], 2 / 9)
    # With logged rewards present, the scan recomputes the same reward functions.
    assert set(data["rewards"]["openr1@e4ac3ae"]) == {"accuracy", "reasoning_steps", "total"}


def test_trl_parquet_without_gold_skips_every_row_with_a_reason(tmp_path: Path) -> None:
    run_dir = _trl_output_dir(tmp_path)
    proc, data = scan_json(tmp_path, run_dir / "completions" / "completions_00005.parquet", *UPSTREAM)
    # A run that scored nothing is an error, and says which columns the file has.
    assert proc.returncode == 2
    assert (
        "no row could be scored" in proc.stderr and "columns found: step, prompt, completion" in proc.stderr
    )
    assert (
        data["rows_total"] == 3 and data["rows_scored"] == 0 and data["rows_skipped"] == {"missing_gold": 3}
    )
    assert "completions_00005.parquet:1: no gold answer" in proc.stderr


def test_wandb_table_with_a_malformed_row(tmp_path: Path) -> None:
    table = {
        "_type": "table",
        "columns": ["step", "prompt", "completion", "solution", "accuracy_reward", "advantage"],
        "data": [
            [1, "What is 1+2?", GOOD, "$3$", 1.0, 0.5],
            [1, "What is 1+2?", SEED, "$3$", 0.0, -0.5],
            [1, "What is 1+2?", SEED],
        ],
    }
    path = tmp_path / "completions_1_abc.table.json"
    path.write_text(json.dumps(table))
    proc, data = scan_json(tmp_path, path, *UPSTREAM)
    assert data["files"][0]["format"] == "wandb"
    assert (
        data["rows_total"] == 3 and data["rows_scored"] == 2 and data["rows_skipped"] == {"bad_row_shape": 1}
    )
    assert f"{path}:3: row has 3 values for 6 columns" in proc.stderr


def test_csv_with_column_mapping(tmp_path: Path) -> None:
    import csv

    path = tmp_path / "dump.csv"
    with path.open("w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(["question", "response", "answer_text"])
        w.writerow(["What is 1+2?", GOOD, "$3$"])
        w.writerow(["What is 1+2?", SEED, "$3$"])
        w.writerow(["What is 1+2?", "only two fields"])
    unmapped, data = scan_json(tmp_path, path, *UPSTREAM)
    # "response" is one of the usual completion names; "answer_text" is not a usual gold name.
    assert unmapped.returncode == 2 and "columns found: question, response, answer_text" in unmapped.stderr
    assert data["rows_scored"] == 0 and data["rows_skipped"] == {"missing_gold": 2, "bad_row_shape": 1}
    mapped, data = scan_json(
        tmp_path,
        path,
        *UPSTREAM,
        "--prompt-field",
        "question",
        "--completion-field",
        "response",
        "--gold-field",
        "answer_text",
    )
    assert data["files"][0]["format"] == "csv"
    assert data["rows_scored"] == 2 and data["rows_skipped"] == {"bad_row_shape": 1}
    # Line numbers are file lines: the first record spans 1 + GOOD.count("\n") lines (quoted newlines).
    bad_line = 1 + (1 + GOOD.count("\n")) + 1 + 1
    assert f"{path}:{bad_line}: row has 2 fields, the header has 3" in mapped.stderr
    assert data["rewards"]["openr1@1416fa0"]["accuracy"]["mean"] == 0.5


def test_format_detected_by_content_and_overridable(tmp_path: Path) -> None:
    odd = write_jsonl(tmp_path / "dump.dat", ROWS[:2])
    _, data = scan_json(tmp_path, odd, *UPSTREAM)
    assert data["files"][0]["format"] == "jsonl" and data["rows_scored"] == 2
    array = tmp_path / "array.json"
    array.write_text(json.dumps(ROWS[:2] + [17]))
    _, data = scan_json(tmp_path, array, *UPSTREAM)
    assert data["files"][0]["format"] == "json" and data["rows_skipped"] == {"not_an_object": 1}
    proc, data = scan_json(tmp_path, odd, *UPSTREAM, "--format", "csv")
    assert data["files"][0]["format"] == "csv" and data["rows_scored"] == 0


def test_token_level_truncation_from_ids_and_from_a_tokenizer(tmp_path: Path) -> None:
    eos = 151645
    rows = [
        {
            "prompt": "q",
            "completion": "<think>\nlong reasoning that was cut",
            "solution": "$3$",
            "completion_ids": [1, 2, 3, 4],
        },
        {"prompt": "q", "completion": GOOD, "solution": "$3$", "completion_ids": [1, 2, eos]},
    ]
    dump = write_jsonl(tmp_path / "ids.jsonl", rows)
    _, data = scan_json(tmp_path, dump, *UPSTREAM, "--max-completion-length", "4", "--eos-token-id", str(eos))
    assert data["flags"]["truncated"] == 1 and data["truncation_basis"] == {"tokens": 2}
    from rewardcheck.bench.tokenizers import qwen_tokenizer

    cut = "<think>\n" + "Let me add the two numbers carefully, one digit at a time. " * 6
    plain_rows = [
        {"prompt": "q", "completion": cut, "solution": "$3$"},
        {"prompt": "q", "completion": GOOD, "solution": "$3$"},
    ]
    n_cut = len(qwen_tokenizer()(cut, add_special_tokens=False)["input_ids"])
    assert len(qwen_tokenizer()(GOOD, add_special_tokens=False)["input_ids"]) < n_cut
    plain = write_jsonl(tmp_path / "plain.jsonl", plain_rows)
    _, data = scan_json(
        tmp_path, plain, *UPSTREAM, "--max-completion-length", str(n_cut), "--tokenizer", "qwen"
    )
    assert data["truncation_basis"] == {"tokens": 2}
    assert data["flags"]["truncated"] == 1
    _, data = scan_json(
        tmp_path, plain, *UPSTREAM, "--max-completion-length", str(n_cut + 1), "--tokenizer", "qwen"
    )
    assert data["flags"]["truncated"] == 0
    proc = scan(plain, "--tokenizer", str(tmp_path / "no-such-tokenizer"))
    assert proc.returncode == 2 and "cannot load a tokenizer" in proc.stderr


def test_config_supplies_reward_funcs_and_weights(tmp_path: Path) -> None:
    config = tmp_path / "cfg.yaml"
    config.write_text(
        "reward_funcs: [accuracy, reasoning_steps]\nreward_weights: [2.0, 0.5]\nmax_completion_length: 64\n"
    )
    dump = write_jsonl(tmp_path / "d.jsonl", ROWS[:2])
    _, data = scan_json(tmp_path, dump, "--config", config, "--profile", "openr1@e4ac3ae")
    assert data["profiles"][0]["reward_funcs"] == ["accuracy", "reasoning_steps"]
    assert data["profiles"][0]["weights"] == [2.0, 0.5]
    # GOOD: accuracy 1 (x2) and no markers; SEED: accuracy 0 and 2/3 of the step reward (x0.5).
    assert math.isclose(data["rewards"]["openr1@e4ac3ae"]["total"]["mean"], (2.0 + 0.5 * 2 / 3) / 2)


def test_two_workers_agree_with_one(tmp_path: Path) -> None:
    rows = [r for r in ROWS if isinstance(r, dict) and "completion" in r and "solution" in r] * 6
    dump = write_jsonl(tmp_path / "many.jsonl", [{**r, "step": i // 12} for i, r in enumerate(rows)])
    _, one = scan_json(tmp_path, dump, *UPSTREAM)
    _, two = scan_json(tmp_path, dump, *UPSTREAM, "--workers", "2")
    for key in ("rows_scored", "rewards", "flags", "groups", "disagreement_pairs"):
        assert one[key] == two[key], key


def test_bundled_dumps_in_every_format(tmp_path: Path) -> None:
    proc, jsonl = scan_json(tmp_path, DUMPS / "completions.jsonl", *UPSTREAM)
    assert proc.returncode == 0, proc.stderr
    assert jsonl["rows_scored"] == jsonl["rows_total"] > 0
    # The dump's golds are plain numbers: e4ac3ae's LaTeX-only gold parse fails and pays for every row.
    assert jsonl["paid_unparseable_gold_by_profile"]["openr1@e4ac3ae"] == jsonl["rows_scored"]
    trl = DUMPS / "trl"
    proc, trl_data = scan_json(
        tmp_path, trl, "--gold-file", trl / "gold.jsonl", "--profile", "logged", *UPSTREAM
    )
    assert proc.returncode == 0, proc.stderr
    assert {f["format"] for f in trl_data["files"]} == {"parquet"} and trl_data["rows_scored"] > 0
    assert trl_data["rows_total"] == trl_data["rows_scored"] + sum(trl_data["rows_skipped"].values())
    # The logged columns were written by open-r1 e4ac3ae's rewards: recomputing them must agree.
    logged, recomputed = trl_data["rewards"]["logged"], trl_data["rewards"]["openr1@e4ac3ae"]
    for name in ("accuracy", "format", "reasoning_steps", "cosine"):
        assert math.isclose(logged[name]["mean"], recomputed[name]["mean"], abs_tol=1e-9), name
    assert "logged vs openr1@e4ac3ae" not in trl_data["disagreement_pairs"]
    tables = sorted((DUMPS / "wandb").glob("*.table.json"))
    proc, wandb = scan_json(
        tmp_path, *tables, "--profile", "logged", *UPSTREAM, "--gold-file", trl / "gold.jsonl"
    )
    assert proc.returncode == 0, proc.stderr
    assert {f["format"] for f in wandb["files"]} == {"wandb"} and wandb["rows_scored"] > 0
    assert wandb["rewards"]["logged"]["total"]["n"] == wandb["rows_scored"]


def test_default_profiles_include_patched(tmp_path: Path) -> None:
    dump = write_jsonl(tmp_path / "d.jsonl", ROWS[:5])
    proc, data = scan_json(tmp_path, dump)
    assert proc.returncode == 0, proc.stderr
    assert [p["name"] for p in data["profiles"]] == ["openr1@e4ac3ae", "openr1@1416fa0", "patched"]
    # patched pays nothing for step markers without an answer; upstream pays 2/3 and 1.
    assert data["shaping_no_answer_by_profile"]["patched"] == 0
    assert data["rewards"]["patched"]["reasoning_steps"]["mean"] == 0.0
    assert data["degenerate_kinds"] == {"markers_only": 3}
    assert data["flags"]["degenerate"] == 3


@pytest.mark.parametrize("name", ["dump.jsonl", "dump.jsonl.gz", "dump.dat"])
@pytest.mark.parametrize(
    "first", ["not json at all", '{"prompt": "q", "completion": "cut', "prompt,completion"]
)
def test_a_bad_first_line_does_not_flip_jsonl_to_csv(tmp_path: Path, name: str, first: str) -> None:
    # issue 22: a .jsonl whose first line is not JSON was read as CSV, its valid rows skipped uncounted
    body = first + "\n" + "".join(json.dumps(r) + "\n" for r in ROWS[:2])
    path = tmp_path / name
    path.write_bytes(gzip.compress(body.encode()) if name.endswith(".gz") else body.encode())
    _, data = scan_json(tmp_path, path, *UPSTREAM)
    assert data["files"][0]["format"] == "jsonl"
    assert (data["rows_total"], data["rows_scored"]) == (3, 2)
    assert sum(data["rows_skipped"].values()) == 1
