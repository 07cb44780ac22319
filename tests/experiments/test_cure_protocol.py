"""The cure protocol's code (experiments/cure/PROTOCOL.md) in seconds: the three splits, the frozen block, the
one collapse rule, the intervals and tests, the lr choice, and a protocol run (start, GRPO on both halves,
whole groups logged, weights kept, the code commit recorded, a stop and a resume) read by the summary."""

from __future__ import annotations

import json
import random
import shutil
from pathlib import Path

import pytest

pytest.importorskip("torch", reason="the campaign needs torch: pip install -e '.[grpo]' (CI installs it)")
pytest.importorskip("trl", reason="the campaign needs trl: pip install -e '.[grpo]' (CI installs it)")

from experiments.cure.__main__ import main  # noqa: E402
from experiments.cure.protocol import choose_lr, collapsed, fisher_exact, frozen_unchanged, wilson  # noqa: E402
from experiments.repro.evaluate import eval_problems  # noqa: E402
from experiments.repro.grpo import grpo_dataset  # noqa: E402
from experiments.repro.rewardsets import reward_set  # noqa: E402
from experiments.repro.tasks import CURE_MIX, heldout_part, is_heldout, make_sft_example  # noqa: E402


def test_train_validation_and_test_never_meet() -> None:
    val = {(p.kind, p.numbers) for p in eval_problems(192, kinds=("add", "addsub"), split="validation")}
    test = {(p.kind, p.numbers) for p in eval_problems(192, kinds=("add", "addsub"), split="test")}
    assert len(val) == len(test) == 192 and not val & test
    rng = random.Random(3)
    sft = {(p.kind, p.numbers) for p, _ in (make_sft_example(rng, mix=CURE_MIX) for _ in range(3000))}
    assert not (val | test) & sft
    prompts = grpo_dataset(400, seed=5, kinds=("add", "addsub"), split="train")["prompt"]
    assert len(prompts) == 400
    some = eval_problems(40, kinds=("add",), split="eval")
    assert all(is_heldout(p) for p in some) and {heldout_part(p) for p in some} == {"validation", "test"}


def test_the_frozen_block_is_the_committed_one() -> None:
    assert frozen_unchanged(), "PROTOCOL.md's frozen block changed after the protocol was committed"


def test_one_collapse_rule_intervals_and_the_lr_choice() -> None:
    first = [{"repro/accuracy": 0.3, "reward_std": 0.8}] * 20
    assert collapsed(first + [{"repro/accuracy": 0.0, "reward_std": 0.01}] * 20) is True
    assert collapsed(first + [{"repro/accuracy": 0.4, "reward_std": 0.01}] * 20) is False
    assert collapsed(first + [{"repro/accuracy": 0.0, "reward_std": 0.7}] * 20) is False
    assert collapsed(first) is None
    lo, hi = wilson(3, 10)
    assert 0.1 < lo < 0.3 < hi < 0.7 and wilson(0, 10)[0] == 0.0
    assert fisher_exact(5, 10, 0, 10) == pytest.approx(0.0325, abs=1e-4) and fisher_exact(2, 10, 2, 10) == 1.0
    sweep = {
        5e-5: [(0.40, False)] * 3,
        1e-4: [(0.403, False)] * 3,
        3e-4: [(0.6, True), (0.6, False), (0.6, False)],
    }
    assert choose_lr(sweep) == 5e-5  # 3e-4 had a collapsed run; 1e-4 is within 0.005 of 5e-5: the lower
    assert choose_lr({1e-4: [(0.2, True)], 3e-4: [(0.1, True)]}) == 1e-4


def test_ablation_reward_sets() -> None:
    names = {
        n: [f.__name__ for f in reward_set(n, None, 64)]
        for n in ("openr1_no_cosine", "openr1_no_steps", "patched_upstream_cosine")
    }
    assert names["openr1_no_cosine"] == ["accuracy_reward", "format_reward", "reasoning_steps_reward"]
    assert names["openr1_no_steps"] == ["accuracy_reward", "format_reward", "cosine_scaled_reward"]
    mixed = reward_set("patched_upstream_cosine", None, 64)
    assert [f.__module__.split(".")[2] for f in mixed] == ["patched", "patched", "patched", "upstream"]


def test_a_protocol_run_start_to_summary(tmp_path: Path) -> None:
    out = tmp_path / "protocol"
    assert main(["--small", "start", str(out), "--name", "A", "--sft-seed", "0"]) == 0
    assert (out / "starts" / "A" / "checkpoint" / "config.json").is_file()
    args = [
        "--small",
        "grpo",
        str(out),
        "--arm",
        "upstream",
        "--lr",
        "3e-4",
        "--start",
        "A",
        "--seed",
        "0",
        "--name",
        "M-upstream-lr0.0003-A-s0",
        "--split",
        "validation",
        "--split",
        "test",
        "--group-every",
        "1",
        "--keep-final",
    ]
    assert main(args) == 0
    run = out / "grpo" / "M-upstream-lr0.0003-A-s0"
    groups = [json.loads(x) for x in (run / "groups.jsonl").read_text().splitlines()]
    assert [g["step"] for g in groups] == [1, 2, 3, 4]
    g = groups[0]
    assert len(g["completions"]) == len(g["advantages"]) == 8 and set(g["rewards"]) >= {
        "accuracy_reward",
        "cosine_scaled_reward",
    }
    for i in range(0, 8, 4):  # the advantage is centred within each group
        assert abs(sum(g["advantages"][i : i + 4])) < 1e-6
    assert (run / "final" / "config.json").is_file()
    for split in ("validation", "test"):
        e = json.loads((run / f"end_eval_{split}.json").read_text())
        assert len(e["per_problem_finished"]) == len(e["per_problem_correct"]) == 8
    summary = json.loads((run / "summary.json").read_text())
    assert (
        summary["code"]["commit"] and summary["start"] == "A" and summary["splits"] == ["validation", "test"]
    )
    # a stop: the end and the newest checkpoint lost; the run resumes to its full length, groups not doubled
    (run / "summary.json").unlink()
    shutil.rmtree(run / "trainer" / "checkpoint-4")
    assert main([*args, "--resume"]) == 0
    groups = [json.loads(x)["step"] for x in (run / "groups.jsonl").read_text().splitlines()]
    assert groups == [1, 2, 3, 4]
    assert len((run / "code.jsonl").read_text().splitlines()) == 2
    assert main(["--small", "summary", str(out)]) == 0
    data = json.loads((out / "summary.json").read_text())
    named = [r["name"] for r in data["runs"]] + [f.split(":")[0] for f in data["flags"]]
    assert "M-upstream-lr0.0003-A-s0" in named  # scored, or left out with its reason (a dirty dev tree)
