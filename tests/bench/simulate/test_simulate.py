"""`rewardcheck simulate` end to end, seeded: the open-r1 seed config collapses into the seed's degenerate state,
the same prompts under patched rewards do not. Both runs start at 100 thinking tokens, inside upstream
cosine's first period (cosine_max_len 1000 characters), the regime of the tiny-LM GRPO reproduction; from
the prompts' real lengths (~500 tokens) the upstream policy settles at the cosine's second maximum instead
(README, "simulate")."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from rewardcheck.bench.simulate import Settings, simulate
from rewardcheck.bench.training_config import load_config
from rewardcheck.cli import main

ROOT = Path(__file__).resolve().parents[3]
SEED_CONFIG = ROOT / "fixtures/configs/openr1-seed.yaml"
# The single log-normal policy with an unnormalised loss, the model these runs were written for (the defaults
# add early stops and TRL's 1/L loss normalisation; tests/bench/simulate/test_start.py and the simcompare replay
# cover those).
START = dict(steps=500, seed=0, init_length=100.0, short_rate=0.0, length_normalised=False)


@pytest.fixture(scope="module")
def upstream():
    return simulate(load_config(SEED_CONFIG), Settings(**START))


@pytest.fixture(scope="module")
def patched():
    return simulate(load_config(SEED_CONFIG), Settings(profile="patched", **START))


def test_seed_config_ends_degenerate(upstream):
    assert upstream.profile == "openr1@e4ac3ae"
    f = upstream.final
    assert f.accuracy < 0.02
    assert f.reward_std < 0.05 and f.frac_zero_std > 0.5
    assert f.length_tokens < 15
    assert f.reward_mean >= 0.66
    assert f.rewards["reasoning_steps"] >= 2 / 3 - 1e-6  # paid for markers with no answer
    assert f.frac_answer < 0.1  # the answer was dropped once it stopped paying
    assert upstream.collapsed and 0 < upstream.collapse_step < 500


def test_collapse_driver_is_a_shortening_reward(upstream):
    assert upstream.driver in upstream.reward_names
    assert upstream.shortening_total[upstream.driver] < 0
    assert upstream.shortening_total[upstream.driver] == min(upstream.shortening_total.values())


def test_patched_rewards_same_prompts_do_not_collapse(upstream, patched):
    assert patched.profile == "patched"
    # each profile draws prompts whose real tails its own accuracy verifies; the two judge a few golden tails
    # differently (three offered representations, an approximation relating an expression to its value), so
    # the seeded draw may swap a prompt or two
    assert len(set(patched.problems) & set(upstream.problems)) >= len(upstream.problems) - 2
    assert not patched.collapsed
    start = sum(s.length_tokens for s in patched.history[:20]) / 20
    start_acc = sum(s.accuracy for s in patched.history[:20]) / 20
    assert patched.final.length_tokens > 0.5 * start
    assert patched.final.accuracy >= start_acc


def test_history_has_every_reported_field(upstream):
    assert len(upstream.history) == 500
    step = upstream.history[10]
    assert set(step.rewards) == {"accuracy", "format", "reasoning_steps", "cosine"}
    for v in (
        step.reward_mean,
        step.reward_std,
        step.length_tokens,
        step.frac_degenerate,
        step.frac_zero_std,
    ):
        assert v == v  # not NaN
    assert (
        upstream.distinct_texts < 2000
    )  # lengths are quantised: the slow real rewards run a bounded number of times


def test_cli_outputs_and_errors(tmp_path, capsys):
    out, page = tmp_path / "s.json", tmp_path / "s.html"
    rc = main(
        [
            "simulate",
            str(SEED_CONFIG),
            "--steps",
            "6",
            "--n-prompts",
            "4",
            "--json",
            str(out),
            "--html",
            str(page),
        ]
    )
    assert rc in (0, 1)
    doc = json.loads(out.read_text())
    assert len(doc["history"]) == 6 and doc["profile"] == "openr1@e4ac3ae" and "collapse_step" in doc
    assert {
        "reward_mean",
        "reward_std",
        "rewards",
        "length_tokens",
        "frac_degenerate",
        "frac_zero_std",
    } <= set(doc["history"][0])
    assert page.read_text().count("<svg") >= 4
    bad = tmp_path / "bad.yaml"
    bad.write_text("reward_funcs: [accuracy, nope]\n")
    assert main(["simulate", str(bad), "--steps", "2"]) == 2
    assert "nope" in capsys.readouterr().err
    assert main(["simulate", str(SEED_CONFIG), "--steps", "0"]) == 2
