"""``shaping_gamed``: a short template paid for form while accuracy stays flat. Fires on the synthetic gamed log
and on the committed upstream tiny-LM runs, stays quiet on the synthetic healthy/concise logs and on every
committed patched run, offline (``rewardcheck logs``) and live (the guard through ``detect()``)."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from rewardcheck.bench.guard import Guard, GuardConfig, replay_csv, replay_log
from rewardcheck.bench.logs import diagnose, read_log
from rewardcheck.bench.logs.detectors import DETECTORS
from rewardcheck.bench.logs.gaming import TEMPLATE_SPREAD, shaping_gamed
from rewardcheck.bench.logs.records import TrainingLog
from rewardcheck.cli import main

ROOT = Path(__file__).resolve().parents[3]
SYN = ROOT / "fixtures/logs/synthetic"
REPRO = ROOT / "fixtures/runs/repro"
PATCHED = sorted(REPRO.glob("*/patched/metrics.csv")) + sorted(
    (ROOT / "fixtures/runs/guard").glob("live-*/patched/metrics.csv")
)
# (run, offline onset, guard firing step): measured on the committed metrics
OPENR1 = [("sft1000_lr1e-4", 23.0, 53.0), ("sft1000_lr3e-4", 10.0, 20.0), ("sft300", 18.0, 30.0)]


def test_synthetic_gamed_log_fires_and_concise_log_does_not() -> None:
    d = diagnose(read_log(SYN / "shaping-gamed-trl.jsonl"))
    s = d.signal("shaping_gamed")
    assert s is not None and s.critical and 200 <= s.step <= 230  # length <= half the start from record ~21
    assert s.values["shaping"] == ["reasoning_steps"] and s.values["length_spread"] <= TEMPLATE_SPREAD
    assert d.verdict == "shaping-gamed" and [x.name for x in d.signals] == ["shaping_gamed"]
    concise = diagnose(read_log(SYN / "concise-trl.jsonl"))
    assert concise.signals == [] and concise.verdict == "healthy"
    for name in ("healthy-trl.jsonl", "healthy-trainer_state.json"):
        assert shaping_gamed(read_log(SYN / name)) is None


@pytest.mark.parametrize(("run", "onset", "fired"), OPENR1)
def test_committed_upstream_runs_are_called_shaping_gamed(run: str, onset: float, fired: float) -> None:
    log = read_log(REPRO / run / "openr1/metrics.csv")
    s = diagnose(log).signal("shaping_gamed")
    assert s is not None and s.step == onset and s.values["shaping"] == ["reasoning_steps"]
    assert s.values["accuracy"] < 0.07 and s.values["share"] > 0.9
    guard = replay_log(log, GuardConfig())
    found = next(f for f in guard.findings if f.signal.name == "shaping_gamed")
    assert (found.fired_at, found.signal.step) == (fired, onset)


def test_the_33_token_run_is_no_longer_healthy(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """sft1000_lr1e-4/openr1: the run `rewardcheck logs` used to pass (no signal at all)."""
    path = REPRO / "sft1000_lr1e-4/openr1/metrics.csv"
    out = tmp_path / "d.json"
    assert main(["logs", str(path), "--json", str(out)]) == 1
    text = capsys.readouterr().out
    assert "SHAPING-GAMED" in text and "shaping_gamed" in text and "reasoning_steps" in text
    doc = json.loads(out.read_text())
    assert doc["verdict"] == "shaping-gamed" and doc["collapsed"] and doc["onset_step"] == 23.0
    cause = doc["causes"][0]
    assert cause["signals"] == ["shaping_gamed"] and "template" in cause["title"]
    assert any("patched" in f and "reasoning_steps" in f for f in cause["fixes"])


@pytest.mark.parametrize("path", PATCHED, ids=lambda p: str(p.relative_to(ROOT)))
def test_patched_runs_are_quiet(path: Path) -> None:
    log = read_log(path)
    assert shaping_gamed(log) is None
    assert all(f.signal.name != "shaping_gamed" for f in replay_csv(path, GuardConfig()).findings)
    assert shaping_gamed(_without_spread(log)) is None


def _without_spread(log: TrainingLog) -> TrainingLog:
    """The log as an older TRL would have written it: no completions/min_length, max_length."""
    rows = [{k: v for k, v in r.items() if not k.startswith("completion_length_")} for r in log.records]
    return TrainingLog(log.source, log.format, rows)


def test_without_min_max_lengths_the_shrink_alone_must_be_deep() -> None:
    log = _without_spread(read_log(REPRO / "sft1000_lr1e-4/openr1/metrics.csv"))
    s = shaping_gamed(log)
    assert s is not None and s.values["length_spread"] is None and "no min/max lengths" in s.evidence
    shallow = [{**r, "completion_length": 0.45 * 140} for r in _rows(learns=False) if r["step"] > 20]
    assert shaping_gamed(_without_spread(TrainingLog("x", "jsonl", _rows(False)[:20] + shallow))) is None


def _rows(learns: bool, spread: float = 0.2, n: int = 60) -> list[dict[str, float]]:
    """140-token start; from step 21 a 35-token output. Accuracy flat (or rising), reasoning_steps 1."""
    rng = random.Random(0)
    rows = []
    for i in range(1, n + 1):
        late = i > 20
        acc = (0.05 + 0.01 * i) if learns else 0.06 + 0.03 * (i % 4 == 0)
        length = 35.0 if late else 140.0
        width = (spread if late else 1.3) * length
        rows.append(
            {
                "step": float(i),
                "completion_length": length + rng.gauss(0, 1),
                "completion_length_min": length - 0.3 * width,
                "completion_length_max": length + 0.7 * width,
                "rewards/accuracy": acc,
                "rewards/reasoning_steps": 1.0 if late else 0.8,
                "reward": acc + 1.0,
            }
        )
    return rows


def test_each_condition_is_needed() -> None:
    assert shaping_gamed(TrainingLog("x", "jsonl", _rows(learns=False))).step == 21.0
    assert shaping_gamed(TrainingLog("x", "jsonl", _rows(learns=True))) is None  # accuracy rising
    assert shaping_gamed(TrainingLog("x", "jsonl", _rows(learns=False, spread=1.2))) is None  # varied lengths
    assert shaping_gamed(TrainingLog("x", "jsonl", _rows(learns=False)[:28])) is None  # 8 short logs: too few
    paid = [{**r, "rewards/accuracy": 0.5, "reward": 1.5} for r in _rows(learns=False)]
    assert shaping_gamed(TrainingLog("x", "jsonl", paid)) is None  # answers earn a third of the reward
    no_acc = [{k: v for k, v in r.items() if k != "rewards/accuracy"} for r in _rows(learns=False)]
    assert shaping_gamed(TrainingLog("x", "jsonl", no_acc)) is None  # nothing to call flat


def test_the_guard_runs_it_live() -> None:
    assert shaping_gamed in DETECTORS
    guard = Guard(GuardConfig(actions=("warn", "stop")))
    fired = []
    for r in read_log(SYN / "shaping-gamed-trl.jsonl").records:
        fired += guard.observe({k: v for k, v in r.items() if k != "step"}, r["step"])
        if fired:
            break
    assert [f.signal.name for f in fired] == ["shaping_gamed"] and fired[0].stops and guard.errors == {}
