"""Smoke test of the tiny-LM reproduction (``python -m experiments.repro --small``): the pipeline and its metrics,
not the outcome. SFT for a few steps, then a few TRL GRPO steps under each reward set."""

from __future__ import annotations

import csv
import json
import random
import re
from pathlib import Path
from typing import Any

import pytest

torch = pytest.importorskip(
    "torch", reason="the reproduction needs torch: pip install -e '.[grpo]' (CI installs it)"
)
pytest.importorskip("trl", reason="the reproduction needs trl: pip install -e '.[grpo]' (CI installs it)")

from experiments.repro.__main__ import main  # noqa: E402
from experiments.repro.stats import completion_stats  # noqa: E402
from experiments.repro.tasks import make_problem, make_sft_example, make_trace  # noqa: E402

REWARD_NAMES = ("accuracy_reward", "format_reward", "reasoning_steps_reward", "cosine_scaled_reward")
REQUIRED = (
    "step",
    "reward",
    "reward_std",
    "frac_reward_zero_std",
    "completions/mean_length",
    "completions/clipped_ratio",
    "kl",
    "repro/accuracy",
    "repro/boxed_rate",
    "repro/mean_length",
) + tuple(f"rewards/{n}/mean" for n in REWARD_NAMES)


@pytest.fixture(scope="module")
def small_run(tmp_path_factory: pytest.TempPathFactory) -> Path:
    before = torch.get_num_threads()
    out = tmp_path_factory.mktemp("repro")
    try:
        assert main(["--out", str(out), "--small", "--threads", "1"]) == 0
    finally:
        torch.set_num_threads(before)
    return out


def _rows(path: Path) -> list[dict[str, str]]:
    with path.open(newline="") as handle:
        return list(csv.DictReader(handle))


@pytest.mark.parametrize("run", ["openr1", "patched"])
def test_each_run_records_every_metric_per_step(small_run: Path, run: str) -> None:
    rows = _rows(small_run / run / "metrics.csv")
    assert [int(float(r["step"])) for r in rows] == [1, 2, 3]
    for row in rows:
        missing = [k for k in REQUIRED if row.get(k) in (None, "")]
        assert not missing, f"{run}: missing {missing}"
        assert 0.0 <= float(row["frac_reward_zero_std"]) <= 1.0
        assert 0.0 <= float(row["completions/clipped_ratio"]) <= 1.0
        assert 1.0 <= float(row["completions/mean_length"]) <= 48.0
        assert float(row["repro/mean_length"]) == pytest.approx(float(row["completions/mean_length"]))
    summary = json.loads((small_run / run / "summary.json").read_text())
    assert summary["profile"] == {"openr1": "openr1@e4ac3ae", "patched": "patched"}[run]
    assert set(summary["end_eval"]) >= {"accuracy", "boxed_rate", "truncated_rate", "mean_length"}
    assert summary["end_samples"] and all("completion" in s for s in summary["end_samples"])


def test_report_plots_both_runs_and_the_command_is_recorded(small_run: Path) -> None:
    html = (small_run / "report.html").read_text()
    assert html.count("<svg") >= 9
    assert "openr1" in html and "patched" in html
    assert (small_run / "command.txt").read_text().startswith("python -m experiments.repro --out ")
    sft_log = [json.loads(line) for line in (small_run / "sft" / "sft_log.jsonl").read_text().splitlines()]
    assert sft_log[-1]["loss"] < sft_log[0]["loss"], "SFT did not lower the loss"
    assert not list(small_run.glob("**/trainer/checkpoint-*")), "GRPO must not save checkpoints"


def test_sft_checkpoint_is_reused(small_run: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (small_run / "openr1" / "metrics.csv").unlink()
    assert (
        main(["--out", str(small_run), "--small", "--threads", "1", "--runs", "openr1", "--steps", "1"]) == 0
    )
    assert "reusing SFT checkpoint" in capsys.readouterr().err
    assert len(_rows(small_run / "openr1" / "metrics.csv")) == 1


def test_traces_have_the_r1_shape_and_a_spread_of_lengths() -> None:
    rng = random.Random(0)
    traces = [make_sft_example(rng)[1] for _ in range(400)]
    shape = re.compile(
        r"^<think>\nFirst, .*\nFinally, the answer is \d+\.\n</think>\n\\boxed\{\d+\}$", re.DOTALL
    )
    assert all(shape.match(t) for t in traces)
    lines = [t.count("\n") for t in traces]
    assert min(lines) <= 4 and max(lines) >= 25
    p = make_problem(rng, "mul")
    wrong = make_trace(rng, p, wrong=True, two_markers=True, filler_lines=0)
    assert f"\\boxed{{{p.answer}}}" not in wrong and "Next," not in wrong and "Second," not in wrong


def test_completion_stats_split_lengths_by_correctness() -> None:
    texts: list[Any] = ["\\boxed{7}", "\\boxed{8}", "no answer here"]
    s = completion_stats(texts, ["$7$", "$7$", "$7$"], [3, 5, 9], [False, False, True])
    assert (s.accuracy, s.boxed_rate, s.truncated_rate) == (
        pytest.approx(1 / 3),
        pytest.approx(2 / 3),
        pytest.approx(1 / 3),
    )
    assert (s.mean_length_correct, s.mean_length_wrong, s.mean_length_wrong_complete) == (3.0, 7.0, 5.0)


def test_summary_table_lists_every_reward_for_both_runs(small_run: Path) -> None:
    from experiments.repro.summarize import markdown_table

    table = markdown_table(small_run)
    assert "openr1: first 10 -> last 10" in table and "patched: first 10 -> last 10" in table
    for name in REWARD_NAMES:
        assert f"| {name} |" in table
    assert "(run not finished)" not in table
