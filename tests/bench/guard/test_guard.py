"""The live guard: its callback's actions on a trainer's control object, that it never raises into the
trainer, the committed proof runs replayed to the same firing step, and one real TRL GRPO run with it attached."""

from __future__ import annotations

import json
import logging
from pathlib import Path
from typing import Any

import pytest
from transformers import TrainerControl, TrainerState

from rewardcheck.bench.guard import Guard, GuardConfig, RecordingReward, RewardcheckCallback, replay_csv
from rewardcheck.bench.guard import monitor as monitor_module
from rewardcheck.bench.logs import read_log

ROOT = Path(__file__).resolve().parents[3]
PROOF = ROOT / "fixtures/runs/guard"


def _collapsing(step: int) -> dict[str, float]:
    """Healthy for 10 steps, then every group scores the same and accuracy is gone."""
    late = step > 10
    return {
        "loss": 0.01,
        "reward": 1.0 + (0.0 if late else 0.1 * (step % 3)),
        "reward_std": 0.0 if late else 0.4 + 0.01 * (step % 4),
        "rewards/accuracy_reward/mean": 0.0 if late else 0.2,
        "rewards/reasoning_steps_reward/mean": 1.0,
    }


def _drive(cb: RewardcheckCallback, steps: int, make: Any = _collapsing) -> TrainerControl:
    state, control = TrainerState(), TrainerControl()
    cb.on_train_begin(None, state, control)
    for step in range(1, steps + 1):
        state.global_step = step
        cb.on_log(None, state, control, logs=make(step))
        if control.should_training_stop:
            break
    cb.on_train_end(None, state, control)
    return control


def test_stop_and_checkpoint_at_the_first_critical_finding(tmp_path: Path) -> None:
    cb = RewardcheckCallback(actions=("warn", "report", "stop", "checkpoint"), report_dir=str(tmp_path))
    control = _drive(cb, 30)
    first = cb.guard.first_stop
    assert first is not None and first.signal.critical
    assert control.should_training_stop and control.should_save
    assert cb.stopped_at == first.fired_at and 11 <= first.fired_at <= 14  # 3 zero-std logs after step 10
    doc = json.loads((tmp_path / "guard.json").read_text())
    assert doc["stopped_at"] == first.fired_at and doc["first_stop"]["name"] == first.signal.name
    assert doc["diagnosis"]["collapsed"] and doc["errors"] == {}
    assert "<svg" in (tmp_path / "guard.html").read_text()


def test_warn_only_never_touches_control(caplog: pytest.LogCaptureFixture) -> None:
    cb = RewardcheckCallback()  # default: warn
    with caplog.at_level(logging.WARNING, logger="rewardcheck.guard"):
        control = _drive(cb, 30)
    assert not control.should_training_stop and not control.should_save
    assert cb.guard.findings and any("COLLAPSE" in r.getMessage() for r in caplog.records)


def test_stop_on_names_a_warning_detector() -> None:
    cb = RewardcheckCallback(actions=("stop",), stop_on=("kl_drift",))
    control = _drive(cb, 80, lambda s: {"reward": 1.0 + 0.01 * (s % 5), "reward_std": 0.5, "kl": 0.05 * s})
    assert control.should_training_stop and cb.guard.first_stop.signal.name == "kl_drift"


def test_a_failing_detector_is_counted_never_raised(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(*a: Any, **k: Any) -> Any:
        raise ZeroDivisionError("boom")

    monkeypatch.setattr(monitor_module, "detect", broken)
    cb = RewardcheckCallback(actions=("warn", "stop"))
    control = _drive(cb, 12)
    assert cb.guard.errors == {"detect: ZeroDivisionError": 12} and not control.should_training_stop
    # logs the trainer might send that are no metrics at all
    state = TrainerState()
    cb.on_log(None, state, TrainerControl(), logs={"reward": object(), "text": "x"})
    cb.on_log(None, state, TrainerControl(), logs=None)


def test_bad_config_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown guard action"):
        GuardConfig(actions=("explode",))
    with pytest.raises(ValueError, match="needs report_dir"):
        GuardConfig(actions=("report",))


def test_healthy_synthetic_logs_give_no_finding() -> None:
    for name in ("healthy-trl.jsonl", "healthy-trainer_state.json"):
        log = read_log(ROOT / "fixtures/logs/synthetic" / name)
        guard = Guard()
        for r in log.records:
            guard.observe({k: v for k, v in r.items() if k != "step"}, r["step"])
        assert guard.findings == [] and guard.errors == {}


def test_recording_reward_passes_through_and_logs_the_degenerate_rate() -> None:
    logged: dict[str, float] = {}

    def reward(completions: list[str], **kw: Any) -> list[float]:
        return [float(len(c)) for c in completions]

    rec = RecordingReward(reward)
    out = rec(["", "<think>\nFirst, 2.\n</think>\n\\boxed{4}"], log_metric=logged.__setitem__)
    assert out == [0.0, float(len("<think>\nFirst, 2.\n</think>\n\\boxed{4}"))] and rec.__name__ == "reward"
    assert logged == {"guard/degenerate_rate": 0.5}


def test_guard_attached_to_a_real_trl_grpo_run(tmp_path: Path) -> None:
    """``python -m experiments.repro --small --guard``: TRL's GRPOTrainer calls the callback on every step and the
    recording wrapper's metric reaches it; the guard's report is written, with no detector error."""
    torch = pytest.importorskip("torch", reason="needs the grpo extra")
    pytest.importorskip("trl", reason="needs the grpo extra")
    from experiments.repro.__main__ import main

    before = torch.get_num_threads()
    try:
        assert main(["--out", str(tmp_path), "--small", "--threads", "1", "--runs", "openr1", "--guard"]) == 0
    finally:
        torch.set_num_threads(before)
    doc = json.loads((tmp_path / "openr1" / "guard" / "guard.json").read_text())
    assert doc["errors"] == {} and doc["records"] == 3 and doc["cost"]["observed_logs"] == 3
    assert doc["cost"]["train_seconds"] > 0 and doc["cost"]["guard_seconds"] > 0
    assert all("degenerate_rate" in r for r in [doc["diagnosis"]["final"]])


def test_replay_of_a_parsed_log_equals_replay_of_the_raw_csv() -> None:
    from rewardcheck.bench.guard import replay_log

    csv_path = ROOT / "fixtures/runs/repro/sft1000_lr3e-4/openr1/metrics.csv"
    raw, parsed = replay_csv(csv_path), replay_log(read_log(csv_path))
    assert [(f.signal.name, f.fired_at) for f in raw.findings] == [
        (f.signal.name, f.fired_at) for f in parsed.findings
    ]
    assert raw.log.records == parsed.log.records and raw.findings
