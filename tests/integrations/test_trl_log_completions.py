"""A real TRL 1.16 GRPOTrainer run (2 steps, tiny model, CPU) with ``log_completions=True``: the Parquet tables it
writes are read by ``rewardcheck logs`` and, live, by ``RewardcheckCallback``; the per-reward means derived from
each table equal the ones TRL logged for that step."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("trl", reason="needs trl: pip install -e '.[grpo]'")
pytest.importorskip("pandas")

from test_trl_grpo import NUM_GENERATIONS, PROMPTS_PER_STEP, Tiny, _dataset, _train_tiny  # noqa: E402

from rewardcheck.bench.guard import RewardcheckCallback  # noqa: E402
from rewardcheck.bench.logs import read_log  # noqa: E402
from rewardcheck.bench.logs.completions import read_table  # noqa: E402


def accuracy_reward(completions: list[Any], **kw: Any) -> list[float]:
    return [float("\\boxed{3}" in (c if isinstance(c, str) else c[0]["content"])) for c in completions]


def format_reward(completions: list[Any], **kw: Any) -> list[float]:
    return [float("</think>" in (c if isinstance(c, str) else c[0]["content"])) for c in completions]


@pytest.fixture(scope="module")
def tiny(tmp_path_factory: pytest.TempPathFactory) -> Tiny:
    import torch

    before = torch.get_num_threads()
    torch.set_num_threads(1)  # tiny matmuls on a shared CPU: one thread is much faster
    try:
        return _train_tiny(tmp_path_factory.mktemp("tiny-qwen2"))
    finally:
        torch.set_num_threads(before)


def test_real_grpo_run_tables_are_read(tiny: Tiny, tmp_path: Path) -> None:
    import torch
    import trl

    config = trl.GRPOConfig(
        output_dir=str(tmp_path),
        per_device_train_batch_size=NUM_GENERATIONS * PROMPTS_PER_STEP,
        num_generations=NUM_GENERATIONS,
        max_completion_length=tiny.max_completion_length,
        temperature=1.0,
        beta=0.0,
        learning_rate=1e-4,
        max_steps=2,
        logging_steps=1,
        save_strategy="no",
        report_to="none",
        use_cpu=True,
        bf16=False,
        seed=0,
        disable_tqdm=True,
        log_completions=True,
        model_init_kwargs={"dtype": torch.float32},
    )
    guard = RewardcheckCallback()
    trainer = trl.GRPOTrainer(
        model=str(tiny.path),
        reward_funcs=[accuracy_reward, format_reward],
        args=config,
        train_dataset=_dataset(conversational=False, solutions=["$3$"] * (2 * PROMPTS_PER_STEP)),
        processing_class=tiny.tokenizer,
        callbacks=[guard],
    )
    trainer.train()

    files = sorted((tmp_path / "completions").glob("*.parquet"))
    assert [f.name for f in files] == ["completions_00001.parquet", "completions_00002.parquet"]
    columns, _ = read_table(files[0])
    assert columns == ["step", "prompt", "completion", "accuracy_reward", "format_reward", "advantage"]

    log = read_log(tmp_path)
    assert log.format == "trl-completions" and [r["step"] for r in log.records] == [1.0, 2.0]
    logged = {int(r["step"]): r for r in trainer.state.log_history if "reward" in r}
    for r in log.records:
        trl_row = logged[int(r["step"])]
        for name in ("accuracy", "format"):
            assert r[f"rewards/{name}"] == pytest.approx(trl_row[f"rewards/{name}_reward/mean"], abs=1e-6)
        assert r["reward"] == pytest.approx(trl_row["reward"], abs=1e-6)
        assert r["frac_reward_zero_std"] == pytest.approx(trl_row["frac_reward_zero_std"], abs=1e-6)
        assert 0.0 <= r["degenerate_rate"] <= 1.0 and "group_reward_std" in r

    # live: step 1's table was read at step 2's log, step 2's at the end of training
    assert guard.completions_read == 2 and guard.guard.errors == {}
    assert all("degenerate_rate" in r for r in guard.guard.log.records)
    assert (
        guard.guard.log.records[0]["completion_length"] == logged[1]["completions/mean_length"]
    )  # TRL's kept
