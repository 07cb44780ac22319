"""`rewardcheck logs`: readers for every supported format, detectors on both seed logs, healthy and
malformed logs, and the CLI outputs."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rewardcheck.bench.logs import LogFormatError, diagnose, read_log, read_text
from rewardcheck.bench.logs.detectors import reward_flatline
from rewardcheck.bench.logs.keys import canonical_key
from rewardcheck.bench.logs.records import TrainingLog
from rewardcheck.cli import main

ROOT = Path(__file__).resolve().parents[3]
OPENR1 = ROOT / "fixtures/logs/open-r1-grpo-accuracy-reward-zero.txt"
DSCHAT = ROOT / "fixtures/logs/deepspeed-chat-step3-reward-collapse.txt"
SYN = ROOT / "fixtures/logs/synthetic"


def _signals(d):
    return {s.name: s for s in d.signals}


def test_openr1_seed_collapse_named():
    log = read_log(OPENR1)
    assert log.format == "trl-console" and len(log.records) == 7 and log.step_is_index
    d = diagnose(log)
    sig = _signals(d)
    assert d.collapsed and d.onset_step == 5  # the first 7-token record
    assert sig["zero_group_variance"].values["reward_std"] == 0.0
    assert sig["length_collapse"].values["completion_length"] == 7.0
    assert sig["kl_blowup"].values["kl"] == pytest.approx(4.6, abs=0.1)
    dom = sig["shaping_dominance"]
    assert dom.values["reward"] == "reasoning_steps" and dom.values["accuracy_reward"] == "accuracy"
    assert dom.values["value"] == pytest.approx(2 / 3, abs=1e-6)
    assert "reasoning_steps = 0.6667 (2/3)" in dom.evidence and "accuracy 0" in dom.evidence
    # loss 0.187 at kl 4.68: the loss is beta * KL alone
    assert sig["vanishing_gradient"].values["loss_over_kl"] == pytest.approx(0.04, abs=0.001)
    text = " ".join(c.title + " " + " ".join(c.fixes) for c in d.causes)
    assert "reasoning_steps" in text and "patched" in text and "rewardcheck check" in text


def test_openr1_unknown_lines_counted():
    lines = [ln.strip() for ln in OPENR1.read_text(encoding="utf-8").splitlines()]
    expected_unknown = sum(1 for ln in lines if ln and not ln.startswith("{"))
    assert read_log(OPENR1).unknown_lines == expected_unknown


def test_deepspeed_chat_seed_collapse():
    log = read_log(DSCHAT)
    assert [r["step"] for r in log.records] == [float(s) for s in range(259, 289)]
    assert all("reward" in r and "act_loss" in r for r in log.records)
    d = diagnose(log)
    sig = _signals(d)
    assert d.collapsed and d.onset_step == 259
    flat = sig["reward_flatline"]
    assert flat.step == 259 and "first logged step" in flat.evidence
    assert flat.values["level"] == pytest.approx(0.206, abs=0.001)
    ppo = sig["ppo_no_signal"]
    assert abs(ppo.values["act_loss_mean"]) < 0.05 and ppo.values["sign_changes"] >= 5
    assert sig["skipped_steps"].values["skipped"] == {"engine_1": 10, "engine_2": 3}
    assert not sig["skipped_steps"].critical
    assert any("probe-rm" in f for c in d.causes for f in c.fixes)


@pytest.mark.parametrize("name", ["healthy-trl.jsonl", "healthy-trainer_state.json"])
def test_healthy_synthetic_not_collapsed(name):
    log = read_log(SYN / name)
    assert len(log.records) == 60
    assert min(log.values("reward_std")) > 0.3
    assert log.values("reward")[-1] > log.values("reward")[0]
    assert set(log.reward_components) == {"accuracy", "reasoning_steps"}
    d = diagnose(log)
    assert not d.collapsed and d.onset_step is None
    assert not [s for s in d.signals if s.critical]


def test_trainer_state_reads_eval_entries_and_skips_the_summary():
    log = read_log(SYN / "healthy-trainer_state.json")
    assert log.format == "trainer_state"
    assert log.ignored["log_history entry without training metrics"] == 1  # the final summary
    assert len(log.evals) == 3 and all("step" in e and "loss" in e for e in log.evals)


def test_truncation_saturation_from_wandb_history():
    log = read_log(SYN / "truncation-wandb-history.jsonl")
    assert log.format == "wandb-history"
    assert log.records[0]["step"] == 5  # train/global_step wins over wandb's _step
    d = diagnose(log)
    sig = _signals(d)
    assert d.collapsed
    sat = sig["truncation_saturation"]
    first_half = next(r["step"] for r in log.records if r["clipped_ratio"] >= 0.5)
    assert sat.step == first_half and sat.critical


def test_malformed_dict_lines_error_names_file_and_line():
    with pytest.raises(LogFormatError) as exc:
        read_log(SYN / "malformed-dicts.txt")
    msg = str(exc.value)
    assert "malformed-dicts.txt" in msg and "line 3" in msg and "Expected" in msg


def test_prose_only_error_says_what_was_expected():
    with pytest.raises(LogFormatError, match=r"prose-only\.txt: no usable training metrics .*DeepSpeed-Chat"):
        read_log(SYN / "prose-only.txt")


def test_missing_and_bad_trainer_state(tmp_path):
    with pytest.raises(LogFormatError, match="no such log file"):
        read_log(tmp_path / "nope.txt")
    bad = tmp_path / "trainer_state.json"
    bad.write_text(json.dumps({"log_history": {"loss": 1}}))
    with pytest.raises(LogFormatError, match="field 'log_history' must be a list"):
        read_log(bad)
    # a run folder resolves to its trainer_state.json
    (tmp_path / "trainer_state.json").write_text(
        json.dumps({"log_history": [{"step": 1, "loss": 0.1, "reward": 0.3}]})
    )
    assert read_log(tmp_path).records[0]["reward"] == 0.3


def test_python_dict_lines_with_nan_and_tensor():
    log = read_text("{'loss': nan, 'reward': 0.5, 'kl': tensor(0.25)}\n{'loss': 0.1, 'reward': -inf}\n", "t")
    assert log.records[0] == {"reward": 0.5, "kl": 0.25, "step": 1.0}
    assert log.records[1] == {"loss": 0.1, "step": 2.0}
    assert log.ignored["non-numeric or non-finite value for 'loss'"] == 1


@pytest.mark.parametrize(
    "key,expected",
    [
        ("rewards/accuracy_reward", "rewards/accuracy"),
        ("rewards/accuracy_reward/mean", "rewards/accuracy"),
        ("train/rewards/reasoning_steps_reward/mean", "rewards/reasoning_steps"),
        ("rewards/cosine_scaled_reward", "rewards/cosine"),
        ("rewards/accuracy_reward/std", "rewards_std/accuracy"),
        ("clip_ratio/region_mean", "clip_ratio"),
        ("completion_length", "completion_length"),
        ("completions/mean_length", "completion_length"),
        ("completions/clipped_ratio", "clipped_ratio"),
        ("frac_reward_zero_std", "frac_reward_zero_std"),
        ("train/global_step", "step"),
        ("eval/reward", None),
        ("num_tokens", None),
    ],
)
def test_canonical_keys(key, expected):
    assert canonical_key(key) == expected


def _flat_log(values):
    return TrainingLog("t", "jsonl", [{"step": float(i), "reward": v} for i, v in enumerate(values)])


def test_flatline_is_relative_to_scale():
    ds = [r["reward"] for r in read_log(DSCHAT).records]
    # the healthy reference run of the report moves between 3.2 and 3.8: not flat
    healthy = [3.5 + 0.3 * math.sin(1.7 * i) for i in range(30)]
    assert reward_flatline(_flat_log(healthy)) is None
    assert reward_flatline(_flat_log(ds)) is not None
    # a constant reward of 0 is flat too, but a short run is not enough evidence
    assert reward_flatline(_flat_log([0.3, 0.8, 0.0, 0.0, 0.0])) is not None
    assert reward_flatline(_flat_log([0.3, 0.8, 0.21, 0.2101])) is None


@settings(max_examples=30, deadline=None)
@given(scale=st.floats(min_value=1e-3, max_value=1e3), shift_sign=st.sampled_from([1.0, -1.0]))
def test_flatline_scale_invariant(scale, shift_sign):
    ds = [r["reward"] for r in read_log(DSCHAT).records]
    base = reward_flatline(_flat_log(ds))
    scaled = reward_flatline(_flat_log([shift_sign * scale * v for v in ds]))
    assert base is not None and scaled is not None
    assert scaled.step == base.step and scaled.values["relative_std"] == pytest.approx(
        base.values["relative_std"], rel=1e-6
    )


def test_cli_json_and_html(tmp_path, capsys):
    out, page = tmp_path / "d.json", tmp_path / "d.html"
    rc = main(["logs", str(OPENR1), "--json", str(out), "--html", str(page)])
    assert rc == 1
    doc = json.loads(out.read_text())
    assert doc["collapsed"] is True and doc["onset_step"] == 5
    assert {"name", "step", "evidence"} <= set(doc["signals"][0])
    assert "shaping_dominance" in {s["name"] for s in doc["signals"]}
    html = page.read_text()
    assert html.count("<svg") >= 4 and "onset" in html
    assert "COLLAPSED" in capsys.readouterr().out


def test_cli_several_logs_and_healthy_exit(tmp_path, capsys):
    out = tmp_path / "d.json"
    assert main(["logs", str(SYN / "healthy-trl.jsonl"), "--json", str(out)]) == 0
    assert json.loads(out.read_text())["collapsed"] is False
    assert main(["logs", str(OPENR1), str(DSCHAT), "--json", str(out), "--quiet"]) == 1
    doc = json.loads(out.read_text())
    assert doc["collapsed"] is True and [d["onset_step"] for d in doc["logs"]] == [5, 259]


def test_cli_malformed_exit_2(capsys):
    assert main(["logs", str(SYN / "prose-only.txt")]) == 2
    assert "prose-only.txt" in capsys.readouterr().err
