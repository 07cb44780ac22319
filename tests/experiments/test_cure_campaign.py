"""The cure campaign's code (``python -m experiments.cure``), in seconds: the held-out split, the start, a GRPO
run that checkpoints, stops and resumes to the same length, the guard in warn mode, and the summary's schema.
The long runs themselves are not in CI (``fixtures/runs/cure``)."""

from __future__ import annotations

import json
import random
import shutil
from pathlib import Path

import pytest

pytest.importorskip("torch", reason="the campaign needs torch: pip install -e '.[grpo]' (CI installs it)")
pytest.importorskip("trl", reason="the campaign needs trl: pip install -e '.[grpo]' (CI installs it)")

from experiments.cure.__main__ import main  # noqa: E402
from experiments.cure.summarize import bootstrap_difference, collapse_rule  # noqa: E402
from experiments.repro.evaluate import eval_problems  # noqa: E402
from experiments.repro.grpo import grpo_dataset  # noqa: E402
from experiments.repro.tasks import CURE_MIX, is_heldout, make_sft_example  # noqa: E402


def test_no_training_draw_meets_an_evaluation_problem() -> None:
    held_problems = eval_problems(256, kinds=("add", "addsub"), split="eval")
    held = {(p.kind, p.numbers) for p in held_problems}
    assert len(held) == 256 and all(is_heldout(p) for p in held_problems)
    rng = random.Random(3)
    sft = {(p.kind, p.numbers) for p, _ in (make_sft_example(rng, mix=CURE_MIX) for _ in range(3000))}
    assert not held & sft
    questions = {p.question for p in held_problems}
    prompts = grpo_dataset(600, seed=5, kinds=("add", "addsub"), split="train")["prompt"]
    asked = {m[0]["content"].split("?")[0] + "?" for m in prompts}
    assert len(asked) > 300 and not asked & questions


def test_the_interval_covers_a_real_gain_and_not_a_null_one() -> None:
    rng = random.Random(0)
    start = [[float(rng.random() < 0.3) for _ in range(200)] for _ in range(3)]
    end = [[float(rng.random() < 0.5) for _ in range(200)] for _ in range(3)]
    mean, low, high = bootstrap_difference(start, end, draws=500)
    assert 0.1 < mean < 0.3 and low > 0 and high < 0.4
    mean, low, high = bootstrap_difference(start, start, draws=500)
    assert mean == 0 and low <= 0 <= high


def test_collapse_rules() -> None:
    first = [
        {"completions/mean_length": 60.0, "repro/boxed_rate": 0.9, "reward_std": 0.8, "repro/accuracy": 0.3}
    ] * 20
    boxed_gone = [
        {"completions/mean_length": 20.0, "repro/boxed_rate": 0.0, "reward_std": 0.01, "repro/accuracy": 0.0}
    ] * 20
    constant_box = [
        {"completions/mean_length": 32.0, "repro/boxed_rate": 1.0, "reward_std": 0.05, "repro/accuracy": 0.01}
    ] * 20
    learning = [
        {"completions/mean_length": 55.0, "repro/boxed_rate": 1.0, "reward_std": 0.9, "repro/accuracy": 0.5}
    ] * 20
    assert collapse_rule(first + boxed_gone) == "length+boxed+std"
    assert collapse_rule(first + constant_box) == "answer"
    assert collapse_rule(first + learning) == ""
    assert collapse_rule(first) is None


def test_start_grpo_resume_and_summary(tmp_path: Path) -> None:
    out = tmp_path / "cure"
    assert main(["--small", "start", str(out)]) == 0
    assert (out / "sft" / "checkpoint" / "config.json").is_file()
    start = json.loads((out / "sft" / "start_eval.json").read_text())
    assert start["problems"] == len(start["per_problem"]) == 8
    assert main(["--small", "grpo", str(out), "--arm", "openr1", "--seed", "0"]) == 0
    run = out / "grpo" / "openr1-s0"
    summary = json.loads((run / "summary.json").read_text())
    assert summary["steps"] == 4 and summary["end_accuracy"] is not None
    assert (run / "trainer" / "checkpoint-4" / "recorder.json").is_file()
    assert (run / "guard").is_dir()
    # a stopped campaign: the run lost its end, and resumes from its last checkpoint to the full length
    (run / "summary.json").unlink()
    shutil.rmtree(run / "trainer" / "checkpoint-4")
    assert main(["--small", "grpo", str(out), "--arm", "openr1", "--seed", "0", "--resume"]) == 0
    resumed = json.loads((run / "summary.json").read_text())
    assert resumed["steps"] == 4
    steps = [line.split(",")[0] for line in (run / "metrics.csv").read_text().splitlines()[1:]]
    assert steps == ["1.0", "2.0", "3.0", "4.0"]
    assert main(["--small", "grpo", str(out), "--arm", "patched_gated", "--seed", "0"]) == 0
    assert main(["--small", "summary", str(out)]) == 0
    data = json.loads((out / "summary.json").read_text())
    arm = data["arms"][0]
    assert {"name", "profile", "runs", "difference", "eval_problems"} <= set(arm)
    assert {"seed", "steps", "start_accuracy", "end_accuracy", "collapsed", "guard_fired_at"} <= set(
        arm["runs"][0]
    )
    assert [a["name"] for a in data["arms"]] == ["openr1", "patched_gated"]
    assert (out / "report.html").read_text().count("<svg") >= 3
