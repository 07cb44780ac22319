"""``simulate --start-from`` the seed log: the start is fitted, the simulation does not collapse, the real run
did; the output (terminal, JSON, HTML) says that it cannot predict the run from that start, and why, with the
measured values of both."""

from __future__ import annotations

import dataclasses
import io
from pathlib import Path

import pytest
from rich.console import Console

from rewardcheck.bench.simulate import Settings, simulate
from rewardcheck.bench.simulate.limits import prediction_limit
from rewardcheck.bench.simulate.report import html_page, print_summary
from rewardcheck.bench.simulate.start import read_start
from rewardcheck.bench.training_config import load_config

ROOT = Path(__file__).resolve().parents[3]
SEED_CONFIG = ROOT / "fixtures/configs/openr1-seed.yaml"
SEED_LOG = ROOT / "fixtures/logs/open-r1-grpo-accuracy-reward-zero.txt"


@pytest.fixture(scope="module")
def seed_run():
    start = read_start(SEED_LOG)
    settings = Settings(
        steps=3,
        seed=0,
        n_prompts=4,
        init_tokens=start.completion_tokens,
        init_accuracy=start.accuracy,
        init_marker_rate=start.marker_rate,
        start_log=str(SEED_LOG),
    )
    return simulate(load_config(SEED_CONFIG), settings)


def test_the_seed_start_is_reported_as_unpredictable(seed_run) -> None:
    assert not seed_run.collapsed
    limit = seed_run.start_limit
    assert limit is not None and limit.onset == "record 5"
    assert limit.before["completion_length"] == pytest.approx(811.49375)
    assert limit.after == pytest.approx(
        {"completion_length": 7.0, "rewards/accuracy": 0.0, "kl": 4.68125, "reward_std": 0.0}
    )
    msg = limit.message
    assert msg.startswith(
        "cannot predict the real run from this start: the real run is healthy up to record 4"
    )
    assert "collapsed at record 5 (7 tokens, accuracy 0, KL 4.68)" in msg
    assert "does not say how many steps lie between them" in msg  # the log elides its middle
    assert "dynamics the model does not have" in msg and "against 4.68 in the real run" in msg


def test_the_limit_is_in_every_output(seed_run) -> None:
    buf = io.StringIO()
    print_summary(seed_run, console=Console(file=buf, width=400, highlight=False))
    assert "cannot predict the real run from this start" in buf.getvalue()
    doc = seed_run.to_dict()
    assert (
        doc["start_limit"]["onset"] == "record 5"
        and doc["start_limit"]["message"] == seed_run.start_limit.message
    )
    assert "cannot predict the real run from this start" in html_page(seed_run).render()


def test_no_limit_when_the_logs_run_was_healthy_or_the_simulation_collapsed(seed_run) -> None:
    assert prediction_limit(ROOT / "fixtures/logs/synthetic/healthy-trl.jsonl", seed_run) is None
    collapsed = dataclasses.replace(seed_run, collapse_step=2)
    assert prediction_limit(SEED_LOG, collapsed) is None
    # a repro metrics.csv with steps: the gap is counted in steps
    limit = prediction_limit(ROOT / "fixtures/runs/repro/sft1000_lr3e-4/openr1/metrics.csv", seed_run)
    assert limit is not None and limit.onset == "step 10" and "1 step(s) apart" in limit.reason
    assert dataclasses.replace(seed_run, start_limit=None).to_dict()["start_limit"] is None
