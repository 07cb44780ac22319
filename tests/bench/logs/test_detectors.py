"""The detectors added for the live guard, each on a synthetic log that should fire and one that should not;
the trend statistics against brute force; the persistence test shared by every tail-run detector."""

from __future__ import annotations

import itertools
import json
import math
import random
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rewardcheck.bench.logs import LogFormatError, diagnose, read_log, read_text
from rewardcheck.bench.logs.dynamics import (
    clip_saturation,
    degenerate_outputs,
    entropy_collapse,
    gradient_spikes,
    nonfinite_values,
)
from rewardcheck.bench.logs.records import TrainingLog
from rewardcheck.bench.logs.signal import ALPHA, MIN_RUN, persistent_tail
from rewardcheck.bench.logs.trends import kl_drift, reward_eval_divergence, reward_plateau, variance_share
from rewardcheck.bench.logs.trendstats import mann_kendall, theil_sen


def _log(n: int, make: Callable[[int, random.Random], dict[str, float]], seed: int = 0) -> TrainingLog:
    rng = random.Random(seed)
    return TrainingLog("synthetic", "jsonl", [{"step": float(i), **make(i, rng)} for i in range(1, n + 1)])


def _healthy(i: int, rng: random.Random) -> dict[str, float]:
    """A run that learns: reward up, std, entropy and grad_norm noisy but level, kl small."""
    acc = min(0.9, 0.1 + 0.01 * i)
    return {
        "reward": acc + 0.9 + rng.gauss(0, 0.05),
        "reward_std": 0.5 + rng.gauss(0, 0.05),
        "rewards/accuracy": acc,
        "rewards_std/accuracy": 0.3 + rng.gauss(0, 0.03),
        "rewards/reasoning_steps": 0.9,
        "rewards_std/reasoning_steps": 0.2 + rng.gauss(0, 0.03),
        "entropy": 0.3 + rng.gauss(0, 0.03),
        "kl": 0.05 + 0.001 * i + abs(rng.gauss(0, 0.01)),
        "grad_norm": 0.5 + abs(rng.gauss(0, 0.15)),
        "clipped_ratio": 0.05,
        "clip_ratio": 0.01,
    }


HEALTHY = _log(80, _healthy)


@pytest.mark.parametrize(
    "detector",
    [
        entropy_collapse,
        clip_saturation,
        reward_plateau,
        kl_drift,
        variance_share,
        gradient_spikes,
        nonfinite_values,
    ],
)
def test_healthy_log_fires_nothing(detector: Callable[[TrainingLog], object]) -> None:
    assert detector(HEALTHY) is None
    assert not diagnose(HEALTHY).signals


def test_entropy_collapse_fires_on_a_sustained_fall_only() -> None:
    def falling(i: int, rng: random.Random) -> dict[str, float]:
        return {"entropy": (0.3 if i <= 30 else 0.3 * 0.9 ** (i - 30)) + rng.gauss(0, 0.01)}

    s = entropy_collapse(_log(60, falling))
    assert s is not None and s.critical and 35 <= s.step <= 40  # 0.3 * 0.9^k <= 0.15 from k = 7
    assert s.values["baseline"] == pytest.approx(0.3, abs=0.02)

    def one_dip(i: int, rng: random.Random) -> dict[str, float]:  # two low batches, then back
        return {"entropy": (0.1 if i in (40, 41) else 0.3) + rng.gauss(0, 0.01)}

    assert entropy_collapse(_log(60, one_dip)) is None

    def recovering(
        i: int, rng: random.Random
    ) -> dict[str, float]:  # a low start that climbs back: no trend down
        return {"entropy": 0.3 if i <= 12 else 0.05 + 0.001 * i}

    assert entropy_collapse(_log(60, recovering)) is None


def test_clip_saturation_truncated_and_unpaid_is_critical() -> None:
    def cut(i: int, rng: random.Random) -> dict[str, float]:
        late = i > 20
        return {"clipped_ratio": 1.0 if late else 0.3, "reward": 0.0 if late else 0.4 + rng.random() * 0.1}

    s = clip_saturation(_log(30, cut))
    assert s is not None and s.critical and s.step == 21 and s.values["kind"] == "completion_length"

    def cut_but_paid(
        i: int, rng: random.Random
    ) -> dict[str, float]:  # truncated yet rewarded: not this pattern
        return {"clipped_ratio": 1.0 if i > 20 else 0.3, "reward": 0.5}

    assert clip_saturation(_log(30, cut_but_paid)) is None


def test_clip_saturation_ppo_ratio_is_a_warning() -> None:
    def clipped(i: int, rng: random.Random) -> dict[str, float]:
        return {"clip_ratio": 0.35 if i > 15 else 0.02, "reward": 1.0}

    s = clip_saturation(_log(25, clipped))
    assert s is not None and not s.critical and s.step == 16 and s.values["kind"] == "clip_ratio"
    assert clip_saturation(_log(25, lambda i, r: {"clip_ratio": 0.1, "reward": 1.0})) is None


def test_reward_plateau_needs_no_trend_and_drained_variance() -> None:
    def stuck(i: int, rng: random.Random) -> dict[str, float]:
        return {
            "reward": min(1.0, 0.3 + 0.05 * i) + rng.gauss(0, 0.01),
            "reward_std": 0.5 if i < 15 else 0.02 + abs(rng.gauss(0, 0.005)),
        }

    s = reward_plateau(_log(60, stuck))
    assert s is not None and not s.critical and s.step == 31  # the second half

    # converged but still separating groups (std level): not a plateau finding
    def converged(i: int, rng: random.Random) -> dict[str, float]:
        return {
            "reward": min(1.0, 0.3 + 0.05 * i) + rng.gauss(0, 0.01),
            "reward_std": 0.5 + rng.gauss(0, 0.02),
        }

    assert reward_plateau(_log(60, converged)) is None


def test_kl_drift_theil_sen_rise() -> None:
    def drifting(i: int, rng: random.Random) -> dict[str, float]:
        return {"kl": 0.03 * i + abs(rng.gauss(0, 0.05))}

    s = kl_drift(_log(80, drifting))
    assert s is not None and s.values["slope"] == pytest.approx(0.03, abs=0.005) and s.values["rise"] > 2

    def noisy_high(i: int, rng: random.Random) -> dict[str, float]:  # high but level KL is kl_blowup's job
        return {"kl": 1.5 + rng.gauss(0, 0.3)}

    assert kl_drift(_log(80, noisy_high)) is None


def test_variance_share_shaping_carries_the_variance() -> None:
    def form_only(i: int, rng: random.Random) -> dict[str, float]:
        late = i > 20
        return {
            "rewards/accuracy": 0.0 if late else 0.2,
            "rewards_std/accuracy": 0.0 if late else 0.3 + rng.gauss(0, 0.02),
            "rewards/cosine": 0.5,
            "rewards_std/cosine": 0.4 + rng.gauss(0, 0.02),
        }

    s = variance_share(_log(40, form_only))
    assert s is not None and s.step == 21 and s.values["reward"] == "cosine" and s.values["share"] == 1.0
    assert variance_share(_log(40, lambda i, r: {**form_only(5, r)})) is None


def _with_evals(train_up: bool, eval_up: bool) -> TrainingLog:
    log = _log(60, lambda i, r: {"reward": (0.02 * i if train_up else 1.0) + r.gauss(0, 0.02)})
    for k, step in enumerate(range(10, 61, 10)):
        log.evals.append({"step": float(step), "reward": 0.5 + (0.08 if eval_up else -0.08) * k})
    return log


def test_reward_eval_divergence() -> None:
    s = reward_eval_divergence(_with_evals(train_up=True, eval_up=False))
    assert s is not None and s.step == 10 and s.values["eval_drop"] == pytest.approx(0.4, abs=0.01)
    assert reward_eval_divergence(_with_evals(train_up=True, eval_up=True)) is None
    assert reward_eval_divergence(_with_evals(train_up=False, eval_up=False)) is None  # both flat/falling


def test_eval_metrics_are_read_from_trainer_logs() -> None:
    text = "\n".join(
        [f"{{'reward': {0.1 * i}, 'loss': 0.1, 'step': {i}}}" for i in range(1, 4)]
        + ["{'eval_reward': 0.4, 'eval_loss': 0.2, 'step': 3}"]
    )
    log = read_text(text, "t")
    assert len(log.records) == 3 and log.evals == [{"reward": 0.4, "loss": 0.2, "step": 3.0}]


def test_gradient_spike() -> None:
    def spiky(i: int, rng: random.Random) -> dict[str, float]:
        return {"grad_norm": 25.0 if i == 30 else 0.5 + abs(rng.gauss(0, 0.1))}

    s = gradient_spikes(_log(50, spiky))
    assert s is not None and s.step == 30 and s.values["spikes"] == 1 and not s.critical
    assert gradient_spikes(_log(50, lambda i, r: {"grad_norm": 0.5 + 2.0 * (i % 7 == 0)})) is None


def test_nonfinite_values_keep_their_step() -> None:
    log = read_text(
        "{'loss': 0.1, 'reward': 0.5}\n{'loss': nan, 'grad_norm': inf}\n{'loss': 0.2, 'reward': 0.4}\n"
    )
    s = nonfinite_values(log)
    assert s is not None and s.critical and s.step == 2 and s.values["metrics"] == ["grad_norm", "loss"]
    assert nonfinite_values(read_text("{'loss': 0.1, 'reward': 0.5}\n{'loss': 0.2, 'reward': 0.4}\n")) is None
    assert diagnose(log).collapsed


def test_degenerate_outputs() -> None:
    s = degenerate_outputs(_log(20, lambda i, r: {"degenerate_rate": 0.9 if i > 12 else 0.0}))
    assert s is not None and s.step == 13 and s.critical
    assert degenerate_outputs(_log(20, lambda i, r: {"degenerate_rate": 0.2})) is None


# --- the statistics ---------------------------------------------------------------------------------------
@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(-5, 5), min_size=3, max_size=40))
def test_mann_kendall_s_matches_brute_force(values: list[int]) -> None:
    xs = [float(v) for v in values]
    s = sum((b > a) - (b < a) for a, b in itertools.combinations(xs, 2))
    t = mann_kendall(xs)
    assert t.s == s and 0.0 <= t.p <= 1.0
    assert mann_kendall(xs[::-1]).s == -s


@settings(max_examples=60, deadline=None)
@given(st.floats(-5, 5), st.floats(-5, 5), st.integers(3, 60))
def test_theil_sen_recovers_a_line_with_one_outlier(slope: float, icept: float, n: int) -> None:
    xs = [float(i) for i in range(n)]
    ys = [icept + slope * x for x in xs]
    ys[n // 2] += 1000.0
    assert theil_sen(xs, ys) == pytest.approx(slope, abs=1e-6 + 1e-6 * abs(slope)) or n <= 3


@settings(max_examples=100, deadline=None)
@given(st.lists(st.booleans(), min_size=1, max_size=60))
def test_persistent_tail_is_a_real_run_longer_than_chance(flags: list[bool]) -> None:
    pts = [(float(i), 1.0 if f else 0.0) for i, f in enumerate(flags)]
    i = persistent_tail(pts, lambda v: v == 1.0)
    if i is None:
        return
    k = len(flags) - i
    assert all(flags[i:]) and (i == 0 or not flags[i - 1]) and k >= MIN_RUN
    q = (sum(flags[:i]) + 1) / (i + 2)
    assert q**k < ALPHA
    assert not math.isnan(q)


# --- inputs: TensorBoard event files, checkpoint-*/ folders, experiments.repro's metrics.csv ---------------------
ROOT = Path(__file__).resolve().parents[3]
TB = ROOT / "fixtures/logs/tensorboard/grpo-collapse"


def test_tensorboard_events_written_by_tensorboard() -> None:
    log = read_log(TB)
    assert log.format == "tensorboard" and len(log.records) == 40
    assert log.records[0]["step"] == 1.0 and log.records[0]["reward_std"] == pytest.approx(0.369, abs=0.001)
    assert log.records[-1]["entropy"] == pytest.approx(0.3 * 0.8**20, rel=1e-5)  # the tensor-valued tag
    assert [e["step"] for e in log.evals] == [10.0, 20.0, 30.0, 40.0]
    d = diagnose(log)
    assert d.collapsed and d.signal("zero_group_variance").step == 25 and d.signal("entropy_collapse")
    # one file named directly reads the same
    assert read_log(next(TB.glob("events.out.tfevents.*"))).records == log.records


def test_tensorboard_file_cut_short_is_counted(tmp_path: Path) -> None:
    data = next(TB.glob("events.out.tfevents.*")).read_bytes()
    cut = tmp_path / "events.out.tfevents.1.host"
    cut.write_bytes(data[: len(data) - 7])
    log = read_log(cut)
    assert 0 < len(log.records) <= 40 and sum(log.ignored.values()) == 1


def test_checkpoint_folders_read_through_the_newest(tmp_path: Path) -> None:
    for step in (10, 200, 30):
        (tmp_path / f"checkpoint-{step}").mkdir()
        history = [{"step": s, "loss": 0.1, "reward": 0.01 * s} for s in range(1, step + 1)]
        (tmp_path / f"checkpoint-{step}" / "trainer_state.json").write_text(
            json.dumps({"log_history": history})
        )
    log = read_log(tmp_path)
    assert len(log.records) == 200 and log.source.endswith("checkpoint-200/trainer_state.json")


def test_repro_metrics_csv_and_a_bad_one(tmp_path: Path) -> None:
    log = read_log(ROOT / "fixtures/runs/repro/sft1000_lr3e-4/openr1/metrics.csv")
    assert log.format == "csv" and len(log.records) == 200 and "rewards_std/accuracy" in log.metric_names
    d = diagnose(log)
    assert d.collapsed and d.signal("shaping_dominance").values["reward"] == "reasoning_steps"
    bad = tmp_path / "m.csv"
    bad.write_text("reward,loss\n0.1,0.2\n")
    with pytest.raises(LogFormatError, match=r"m\.csv: line 1: a CSV log needs a 'step' column"):
        read_log(bad)
