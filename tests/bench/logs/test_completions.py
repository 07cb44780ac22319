"""TRL's ``log_completions`` Parquet tables in ``rewardcheck logs`` and the guard: per-step metrics derived
from tables written in TRL 1.16's exact layout (``pandas.DataFrame(table).to_parquet`` with the columns of
``GRPOTrainer.log``), alone, beside a ``trainer_state.json``, and read live by ``RewardcheckCallback``."""

from __future__ import annotations

import json
import math
import statistics
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from rewardcheck.bench.guard import GuardConfig, RewardcheckCallback, replay_log
from rewardcheck.bench.guard.__main__ import main as guard_main
from rewardcheck.bench.logs import diagnose, read_log
from rewardcheck.bench.logs.completions import table_metrics
from rewardcheck.cli import main

pd = pytest.importorskip("pandas")

GENERATIONS = 4
PROMPTS = ["What is 2 + 3?", "What is 7 - 4?"]
REAL = "<think>\nFirst, 2 + 3 = 5.\nSo the answer is 5.\n</think>\n\\boxed{5}"
MARKERS = "First, Second, Next, Finally,"  # the seed collapse's output: step markers, no answer


def _right(step: int, k: int) -> bool:
    """Before step 11, 1 to 3 of each group's 4 completions are correct (the count moves with the step)."""
    return step <= 10 and k < 1 + step % 3


def _completion(step: int, k: int) -> str:
    return MARKERS if step > 10 else REAL if _right(step, k) else REAL.replace("5}", "6}") + " hmm"


def trl_table(step: int, conversational: bool = False) -> dict[str, list[Any]]:
    """One log's table as GRPOTrainer.log builds it: step, prompt, completion, one column per reward function
    (its __name__), the log_extra columns, advantage."""
    rows = [(p, k) for p in PROMPTS for k in range(GENERATIONS)]
    acc = [float(_right(step, k)) for _, k in rows]
    steps = [1.0 if step > 10 else 0.4 for _ in rows]
    totals = [a + s for a, s in zip(acc, steps, strict=True)]
    adv = []
    for g in range(len(PROMPTS)):
        group = totals[g * GENERATIONS : (g + 1) * GENERATIONS]
        mean, std = statistics.fmean(group), statistics.stdev(group)
        adv += [(t - mean) / (std + 1e-4) for t in group]

    def wrap(role: str, text: str) -> Any:
        return [{"role": role, "content": text}] if conversational else text

    return {
        "step": [step] * len(rows),
        "prompt": [wrap("user", p) for p, _ in rows],
        "completion": [wrap("assistant", _completion(step, k)) for _, k in rows],
        "accuracy_reward": acc,
        "reasoning_steps_reward": steps,
        "judge_note": ["ok"] * len(rows),  # a log_extra column: text, not a reward
        "advantage": adv,
    }


def write_tables(folder: Path, steps: range, conversational: bool = False) -> Path:
    out = folder / "completions"
    out.mkdir(parents=True, exist_ok=True)
    for step in steps:
        pd.DataFrame(trl_table(step, conversational)).to_parquet(out / f"completions_{step:05d}.parquet")
    return out


def test_metrics_of_one_table() -> None:
    m = table_metrics(trl_table(4))  # 2 of 4 correct in each group
    assert m["step"] == 4.0
    assert m["rewards/accuracy_reward/mean"] == 0.5 and m["rewards/reasoning_steps_reward/mean"] == 0.4
    assert m["rewards/accuracy_reward/std"] == pytest.approx(statistics.stdev([1.0, 1.0, 0.0, 0.0] * 2))
    assert "rewards/judge_note/mean" not in m  # text columns are log_extra, not rewards
    assert m["reward"] == pytest.approx(0.9)
    assert m["reward_std"] == pytest.approx(statistics.stdev([1.4, 1.4, 0.4, 0.4] * 2))
    assert m["group_reward_std"] == pytest.approx(0.5) and m["frac_reward_zero_std"] == 0.0
    words = [len(REAL.split()) for _ in range(2)]  # not tokens: \w+ and punctuation marks
    assert (
        m["completions/min_length"] < m["completions/max_length"] and words[0] < m["completions/min_length"]
    )
    assert m["guard/degenerate_rate"] == 0.0
    late = table_metrics(trl_table(12))
    assert late["frac_reward_zero_std"] == 1.0 and late["group_reward_std"] == 0.0
    assert late["guard/degenerate_rate"] == 1.0  # markers only
    assert table_metrics(trl_table(12, conversational=True)) == late


def test_parquet_folder_is_a_log_and_its_collapse_is_diagnosed(tmp_path: Path) -> None:
    folder = write_tables(tmp_path / "out", range(1, 21))
    for where in (folder, folder.parent):  # the completions/ folder or the output_dir
        log = read_log(where)
        assert log.format == "trl-completions" and [r["step"] for r in log.records] == [
            float(s) for s in range(1, 21)
        ]
    r = log.records[3]
    assert (
        r["rewards/accuracy"] == 0.5 and r["rewards/reasoning_steps"] == 0.4 and r["degenerate_rate"] == 0.0
    )
    d = diagnose(log)
    names = {s.name for s in d.signals}
    assert d.collapsed and {"zero_group_variance", "degenerate_outputs", "shaping_dominance"} <= names
    assert d.signal("zero_group_variance").step == 11.0
    one = read_log(folder / "completions_00005.parquet")
    assert len(one.records) == 1 and one.records[0]["step"] == 5.0
    assert main(["logs", str(folder.parent), "--quiet"]) == 1


def test_tables_beside_a_trainer_state_enrich_it(tmp_path: Path) -> None:
    out = tmp_path / "out"
    write_tables(out, range(1, 21))
    history = [
        {"step": s, "loss": 0.01, "reward": 0.1 * s, "completions/mean_length": 30.0 - s, "kl": 0.01}
        for s in range(1, 21)
    ]
    (out / "checkpoint-20").mkdir()
    (out / "checkpoint-20" / "trainer_state.json").write_text(json.dumps({"log_history": history}))
    log = read_log(out)
    assert log.format == "trainer_state+trl-completions"
    assert log.records[0]["completion_length"] == 29.0  # the trainer's own value is kept
    assert log.records[-1]["degenerate_rate"] == 1.0 and log.records[-1]["frac_reward_zero_std"] == 1.0
    assert diagnose(log).signal("degenerate_outputs") is not None


def test_guard_replays_a_parquet_folder(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = write_tables(tmp_path / "out", range(1, 21))
    assert guard_main(["replay", str(folder), "--out", str(tmp_path / "g"), "--stop"]) == 1
    assert "step 13: zero_group_variance (onset 11.0)" in capsys.readouterr().out
    guard = replay_log(read_log(folder), GuardConfig(actions=("stop",)))
    assert guard.first_stop is not None and guard.first_stop.fired_at == 13.0
    assert {"zero_group_variance", "degenerate_outputs"} <= {f.signal.name for f in guard.findings}


def test_callback_reads_the_tables_trl_writes_after_each_log(tmp_path: Path) -> None:
    """TRL's order: on_log(step N) runs, then the table of step N is written; the guard adds it at the next
    log. The trainer's logs here carry no degenerate rate: only the tables can show it."""
    from transformers import TrainerControl, TrainerState

    args = SimpleNamespace(output_dir=str(tmp_path), log_completions=True)
    cb = RewardcheckCallback(
        actions=("warn",), stop_on=("degenerate_outputs",), ignore=("zero_group_variance",)
    )
    state, control = TrainerState(), TrainerControl()
    cb.on_train_begin(args, state, control)
    fired: dict[str, float] = {}
    for step in range(1, 21):
        state.global_step = step
        m = table_metrics(trl_table(step))
        logs = {k: v for k, v in m.items() if k.startswith("rewards/") or k in ("reward", "reward_std")}
        cb.on_log(args, state, control, logs={**logs, "loss": 0.01})
        write_tables(tmp_path, range(step, step + 1))
        fired.update({f.signal.name: f.fired_at for f in cb.guard.findings if f.signal.name not in fired})
    cb.on_train_end(args, state, control)
    assert cb.completions_read == 20 and cb.guard.errors == {}
    assert all("degenerate_rate" in r for r in cb.guard.log.records)
    # degenerate from step 11; the tables of steps 11-13 arrive at the logs of steps 12-14
    assert fired["degenerate_outputs"] == 14.0 and cb.guard.first_stop.signal.name == "degenerate_outputs"


def test_callback_without_log_completions_reads_nothing(tmp_path: Path) -> None:
    write_tables(tmp_path, range(1, 5))
    cb = RewardcheckCallback()
    args = SimpleNamespace(output_dir=str(tmp_path), log_completions=False)
    state = SimpleNamespace(global_step=5)
    cb.on_log(args, state, SimpleNamespace(), logs={"reward": 0.5})
    assert cb.completions_read == 0 and "degenerate_rate" not in cb.guard.log.records[0]


def test_an_unreadable_table_is_counted(tmp_path: Path) -> None:
    folder = write_tables(tmp_path, range(1, 4))
    (folder / "completions_00004.parquet").write_bytes(b"PAR1 half written")
    log = read_log(folder)
    assert len(log.records) == 3 and sum(log.ignored.values()) == 1
    assert not math.isnan(log.records[-1]["reward"])


def test_amend_recomputes_cached_series_from_the_amended_record() -> None:
    from rewardcheck.bench.logs.records import TrainingLog

    log = TrainingLog("x", "jsonl", [{"step": float(i), "reward": 0.1 * i} for i in range(1, 6)])
    assert log.series("degenerate_rate") == [] and len(log.derived("twice", lambda r: 2 * r["reward"])) == 5
    assert log.amend(3, {"degenerate_rate": 0.5, "reward": 9.0, "step": 99.0}) == ["degenerate_rate"]
    assert log.series("degenerate_rate") == [(4.0, 0.5)] and log.records[3]["reward"] == pytest.approx(0.4)
    assert [s for s, _ in log.derived("twice", lambda r: 2 * r["reward"])] == [1.0, 2.0, 3.0, 4.0, 5.0]
    assert "degenerate_rate" in log.metric_names and log.amend(3, {"degenerate_rate": 0.1}) == []
