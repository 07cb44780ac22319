"""`simulate --start-from LOG`: the step-0 state is fitted to a real run's first records, and `check`'s verdict
on the same config is set beside the simulation, with the reason when the two disagree."""

from __future__ import annotations

from pathlib import Path

import pytest

from rewardcheck.bench.simulate import Settings, simulate
from rewardcheck.bench.simulate.crosscheck import Agreement, cross_check
from rewardcheck.bench.simulate.start import StartError, read_start
from rewardcheck.bench.tokenizers import qwen_tokenizer
from rewardcheck.bench.training_config import load_config
from rewardcheck.cli import main

ROOT = Path(__file__).resolve().parents[3]
SEED_CONFIG = ROOT / "fixtures/configs/openr1-seed.yaml"
SEED_LOG = ROOT / "fixtures/logs/open-r1-grpo-accuracy-reward-zero.txt"


def test_read_start_from_the_seed_log():
    s = read_start(SEED_LOG)
    assert s.completion_tokens == pytest.approx(849.65625)
    assert s.accuracy == pytest.approx(0.275)
    assert s.marker_rate == pytest.approx(0.6427, abs=1e-3)
    two = read_start(SEED_LOG, records=2)
    assert two.completion_tokens == pytest.approx((849.65625 + 887.85) / 2)
    with pytest.raises(StartError, match="not found"):
        read_start(ROOT / "nope.txt")


@pytest.fixture(scope="module")
def seed_start():
    start = read_start(SEED_LOG)
    settings = Settings(
        steps=4, seed=0, n_prompts=6, init_tokens=start.completion_tokens, init_accuracy=start.accuracy
    )
    return simulate(load_config(SEED_CONFIG), settings)


def test_start_is_fitted_to_the_seed_state(seed_start):
    m = seed_start.start
    assert m is not None and m.note is None
    assert m.expected_tokens == pytest.approx(849.66, rel=0.05)
    assert m.expected_accuracy == pytest.approx(0.275, abs=0.02)
    assert m.median_think_tokens > 500  # a long start, not the short one of the collapse tests
    # the first simulated batches sit near the fitted state (32 completions a step: loose bounds)
    first = seed_start.history[:4]
    assert 600 < sum(s.length_tokens for s in first) / 4 < 1024


def test_disagreement_is_explained(seed_start):
    a = cross_check(load_config(SEED_CONFIG), seed_start, qwen_tokenizer())
    assert a.check_risk and not a.simulate_collapsed and not a.agree
    msg = a.message()
    assert msg.startswith("check says collapse risk, simulate saw no collapse")
    assert "degenerate share peaked" in msg and "tokens" in msg
    agreeing = Agreement(True, True, "step_markers", "First,", 1.0, 0.8, 5, None)
    assert agreeing.message().startswith("check and simulate agree")


def test_cli_start_from_and_check_line(tmp_path, capsys):
    out = tmp_path / "s.json"
    rc = main(
        [
            "simulate",
            str(SEED_CONFIG),
            "--start-from",
            str(SEED_LOG),
            "--steps",
            "2",
            "--n-prompts",
            "4",
            "--json",
            str(out),
        ]
    )
    assert rc == 0
    text = capsys.readouterr().out
    assert "start fitted to a real run: 850 tokens, accuracy 0.275" in text
    assert "check says collapse risk, simulate saw no collapse" in text
    assert main(["simulate", str(SEED_CONFIG), "--start-from", str(tmp_path / "missing.txt")]) == 2
