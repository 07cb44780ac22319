"""One TRL GRPO run from an SFT checkpoint, recording every logged metric per step.

The first reward function is wrapped by :class:`StatsRecorder`, which keeps its ``__name__`` (so TRL logs it
under the upstream name), passes everything through unchanged and logs profile-independent statistics of
each generation batch (exact-match accuracy, boxed rate, lengths of correct and wrong answers) through
TRL's ``log_metric`` hook, as ``repro/<stat>``.

>>> recorder = StatsRecorder(lambda completions, **kw: [1.0] * len(completions), max_completion_length=4, eos_token_id=9)
>>> recorder.__name__, recorder(["\\\\boxed{3}"], solution=["$3$"], completion_ids=[[1, 9]])
('<lambda>', [1.0])
>>> recorder.history[-1]["accuracy"], recorder.history[-1]["truncated_rate"]
(1.0, 0.0)
"""

from __future__ import annotations

import json
import math
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rewardcheck.rewards.completions import completion_texts

from .sft import prompt_messages
from .stats import completion_stats, is_correct
from .tasks import KINDS, Split, make_problem

__all__ = ["GRPOSettings", "StatsRecorder", "grpo_dataset", "latest_checkpoint", "run_grpo"]


@dataclass(frozen=True)
class GRPOSettings:
    steps: int = 300
    lr: float = 3e-4
    prompts_per_step: int = 4
    num_generations: int = 8
    max_completion_length: int = 192
    temperature: float = 1.0
    beta: float = 0.04
    # TRL's advantage scaling: "group" (open-r1's default: each group's std), "batch" (one std for the batch:
    # a group whose members differ only in shaping rewards keeps a small advantage), or "none".
    scale_rewards: str = "group"
    seed: int = 0
    kinds: tuple[str, ...] = KINDS
    reward_weights: tuple[float, ...] | None = None
    train_split_only: bool = False  # prompts only from the training split (evaluation problems held out)
    extra_config: dict[str, Any] = field(default_factory=dict)


class StatsRecorder:
    """Pass-through wrapper around a reward function that records batch statistics (see module doc)."""

    def __init__(
        self,
        func: Callable[..., list[float | None]],
        max_completion_length: int,
        eos_token_id: int,
        group_size: int = 0,
    ) -> None:
        self.func = func
        self.__name__ = getattr(func, "__name__", type(func).__name__)
        self.max_completion_length = max_completion_length
        self.eos_token_id = eos_token_id
        self.group_size = group_size  # > 1: also the share of prompt groups holding a correct answer
        self.history: list[dict[str, float]] = []
        self.samples: list[dict[str, Any]] = []

    def __call__(self, completions: Sequence[Any], **kwargs: Any) -> list[float | None]:
        values = self.func(completions, **kwargs)
        ids: Sequence[Sequence[int]] = kwargs.get("completion_ids") or [[] for _ in completions]
        golds = list(kwargs.get("solution") or [""] * len(completions))
        truncated = [bool(i) and i[-1] != self.eos_token_id for i in ids]
        lengths = [len(i) for i in ids]
        texts = completion_texts(completions)
        stats = completion_stats(texts, golds, lengths, truncated).as_dict()
        g = self.group_size
        if g > 1 and len(texts) % g == 0 and texts:
            # Under the patched rewards only a group with a correct answer carries an accuracy signal; the
            # others can move the policy through the shaping rewards alone.
            right = [is_correct(t, gold) for t, gold in zip(texts, golds, strict=True)]
            groups = [right[i : i + g] for i in range(0, len(right), g)]
            stats["groups_with_correct"] = sum(any(x) for x in groups) / len(groups)
        self.history.append(stats)
        if texts:  # one sample per batch, so a reader can see what the policy writes at each step
            self.samples.append({"gold": golds[0], "tokens": lengths[0], "completion": texts[0]})
        log_metric = kwargs.get("log_metric")
        if callable(log_metric):
            for key, value in stats.items():
                if key != "n" and not math.isnan(value):
                    log_metric(f"repro/{key}", value)
        return values


def grpo_dataset(
    n: int,
    seed: int,
    kinds: tuple[str, ...] = KINDS,
    conversational: bool = True,
    split: Split | None = None,
) -> Any:
    """``n`` prompts with a ``solution`` column, conversational (ChatML messages) or plain text."""
    from datasets import Dataset

    rng = random.Random(seed)
    rows = []
    for i in range(n):
        p = make_problem(rng, kinds[i % len(kinds)], split=split)
        prompt: Any = (
            prompt_messages(p.question) if conversational else prompt_messages(p.question)[0]["content"]
        )
        rows.append({"prompt": prompt, "solution": p.gold})
    return Dataset.from_list(rows)


def latest_checkpoint(folder: Path) -> Path | None:
    """The newest ``checkpoint-N`` folder under ``folder`` that holds a complete trainer state, or ``None``."""
    found = [
        (int(p.name.rsplit("-", 1)[1]), p)
        for p in folder.glob("checkpoint-*")
        if p.name.rsplit("-", 1)[1].isdigit() and (p / "trainer_state.json").is_file()
    ]
    return max(found)[1] if found else None


def run_grpo(
    checkpoint: Path,
    tokenizer: Any,
    reward_funcs: list[Any],
    settings: GRPOSettings,
    out_dir: Path,
    device: str = "cpu",
    on_step: Callable[[dict[str, float]], None] | None = None,
    stop_file: Path | None = None,
    callbacks: Sequence[Any] = (),
    save_steps: int | None = None,
    resume: bool = False,
    on_resume: Callable[[int], list[dict[str, float]]] | None = None,
) -> tuple[list[dict[str, float]], Any]:
    """Train with TRL's GRPOTrainer; returns the per-step log rows and the trained model.

    Creating ``stop_file`` ends training after the current step (the run still evaluates and saves):
    the way to fit a run into a time budget without losing it. ``callbacks`` are added after the log
    recorder (e.g. :class:`rewardcheck.bench.guard.RewardcheckCallback`). ``save_steps`` writes a trainer checkpoint
    (weights, optimiser, RNG states, and the recorder's history) under ``out_dir/trainer`` every that many
    steps; with ``resume`` the run continues from the newest one, and ``on_resume(step)`` returns the log rows
    already written up to that step (so the returned rows cover the whole run).
    """
    import torch
    from transformers import TrainerCallback
    from trl import GRPOConfig, GRPOTrainer

    rows: list[dict[str, float]] = []
    started = time.monotonic()
    checkpoint_dir = latest_checkpoint(out_dir / "trainer") if resume else None
    resumed_step = 0 if checkpoint_dir is None else int(checkpoint_dir.name.rsplit("-", 1)[1])
    if checkpoint_dir is not None and on_resume is not None:
        rows = [r for r in on_resume(resumed_step) if r["step"] <= resumed_step]
        if rows:
            started -= rows[-1].get("seconds", 0.0)

    class LogRecorder(TrainerCallback):  # type: ignore[misc]
        def on_log(
            self, args: Any, state: Any, control: Any, logs: dict[str, Any] | None = None, **kw: Any
        ) -> None:
            if not logs or "reward" not in logs:
                return
            row = {"step": float(state.global_step), "seconds": time.monotonic() - started}
            row.update({k: float(v) for k, v in logs.items() if isinstance(v, int | float)})
            rows.append(row)
            if on_step is not None:
                on_step(row)

        def on_step_end(self, args: Any, state: Any, control: Any, **kw: Any) -> None:
            if stop_file is not None and stop_file.exists():
                control.should_training_stop = True

        def on_save(self, args: Any, state: Any, control: Any, **kw: Any) -> None:
            folder = Path(args.output_dir) / f"checkpoint-{state.global_step}"
            if folder.is_dir():
                (folder / "recorder.json").write_text(
                    json.dumps({"history": recorder.history, "samples": recorder.samples})
                )

    recorder = StatsRecorder(
        reward_funcs[0], settings.max_completion_length, tokenizer.eos_token_id, settings.num_generations
    )
    if checkpoint_dir is not None and (checkpoint_dir / "recorder.json").is_file():
        saved = json.loads((checkpoint_dir / "recorder.json").read_text())
        recorder.history, recorder.samples = saved["history"], saved["samples"]
    funcs = [recorder, *reward_funcs[1:]]
    batch = settings.prompts_per_step * settings.num_generations
    config = GRPOConfig(
        output_dir=str(out_dir / "trainer"),
        per_device_train_batch_size=batch,
        num_generations=settings.num_generations,
        max_completion_length=settings.max_completion_length,
        temperature=settings.temperature,
        beta=settings.beta,
        loss_type="grpo",
        scale_rewards=settings.scale_rewards,
        learning_rate=settings.lr,
        lr_scheduler_type="constant",
        warmup_steps=0,
        max_steps=settings.steps,
        logging_steps=1,
        save_strategy="steps" if save_steps else "no",
        save_steps=save_steps or 500,
        save_total_limit=2,
        save_only_model=False,
        report_to="none",
        use_cpu=device == "cpu",
        bf16=False,
        seed=settings.seed,
        disable_tqdm=True,
        reward_weights=list(settings.reward_weights) if settings.reward_weights else None,
        model_init_kwargs={"dtype": torch.float32},
        **settings.extra_config,
    )
    dataset = grpo_dataset(
        settings.steps * settings.prompts_per_step + 8,
        seed=settings.seed + 777,
        kinds=settings.kinds,
        split="train" if settings.train_split_only else None,
    )
    trainer = GRPOTrainer(
        model=str(checkpoint),
        reward_funcs=funcs,
        args=config,
        train_dataset=dataset,
        processing_class=tokenizer,
        callbacks=[LogRecorder(), *callbacks],
    )
    trainer.train(resume_from_checkpoint=str(checkpoint_dir) if checkpoint_dir is not None else None)
    (out_dir / "stats_history.json").write_text(json.dumps(recorder.history))
    with (out_dir / "samples.jsonl").open("w") as handle:
        for step, sample in enumerate(recorder.samples, start=1):
            handle.write(json.dumps({"step": step, **sample}) + "\n")
    return rows, trainer.model
