"""One PPO run against a step-2 reward model, with everything written to disk.

Files under ``out``: ``log.txt`` (DeepSpeed-Chat step-3 console format: ``epoch: 0|step: S|ppo_ep: 1|act_loss:
..|cri_loss: ..|unsuper_loss: 0.0`` then ``average reward score: X``; ``rewardcheck logs`` reads it),
``metrics.csv`` (per step), ``samples.jsonl`` (two answers per step), ``outputs.jsonl`` (the last 5 logged steps'
answers as ``{prompt, completion}`` for ``rewardcheck probe-rm --outputs``), ``summary.json``.

>>> answer_stats(["the the the the the the the the the the the the", "First, take 2.\\n</think>\\n\\\\boxed{5}"], [5, 5])["degenerate"]
0.5
"""

from __future__ import annotations

import dataclasses
import json
import random
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from experiments.cure.record import append_code_record
from experiments.dschat.judge import judge_outputs
from experiments.dschat.pairs import prompt_text, write_jsonl
from experiments.dschat.ppo import DSChatPPO, PPOSettings
from experiments.dschat.rm import load_rm
from experiments.repro.evaluate import eval_problems
from experiments.repro.report import write_csv
from experiments.repro.tasks import boxed_answer, make_problem
from rewardcheck.rewards.degenerate import degenerate_kind

__all__ = ["answer_stats", "run_ppo", "guard_reward_fn", "REGIMES", "regime_settings"]

OUTPUT_STEPS = 5  # the last steps whose answers go to outputs.jsonl
REGIMES = ("pr620", "forced_length")
FORCED_KL_CTL = 0.02  # step 3 at the seed's date (DeepSpeedExamples 95adffb1)


def regime_settings(settings: PPOSettings, regime: str) -> PPOSettings:
    """``pr620``: step 3 as after PR #620 (9cf985e4), unchanged. ``forced_length``: as at the seed's date
    (95adffb1): every answer generated to ``max_new_tokens`` (EOS banned until then), EOS as the pad token
    (so the reward model reads the last token of the forced continuation), ``kl_ctl`` 0.02.

    >>> regime_settings(PPOSettings(max_new_tokens=128), "forced_length").min_new_tokens
    128
    """
    if regime == "pr620":
        return settings
    if regime == "forced_length":
        return dataclasses.replace(settings, min_new_tokens=settings.max_new_tokens, kl_ctl=FORCED_KL_CTL)
    raise ValueError(f"regime must be one of {', '.join(REGIMES)}, got {regime!r}")


def _log(message: str) -> None:
    print(f"[dschat {time.strftime('%H:%M:%S')}] {message}", file=sys.stderr, flush=True)


def answer_stats(texts: Sequence[str], golds: Sequence[int], prompts: Sequence[str] = ()) -> dict[str, float]:
    """Share degenerate (the classifier), with ``\\boxed``, correct, and distinct-word ratio of a batch."""
    n = max(1, len(texts))
    prompts = list(prompts) or [""] * len(texts)
    words = [w for t in texts for w in t.split()]
    return {
        "degenerate": sum(degenerate_kind(t, p) is not None for t, p in zip(texts, prompts, strict=True)) / n,
        "boxed": sum(boxed_answer(t) is not None for t in texts) / n,
        "accuracy": sum(boxed_answer(t) == str(g) for t, g in zip(texts, golds, strict=True)) / n,
        "distinct_words": len(set(words)) / max(1, len(words)),
        "think_close": sum("</think>" in t for t in texts) / n,
    }


def guard_reward_fn(floor: float = -5.0) -> Any:
    """``reward_fn`` for :class:`DSChatPPO`: the reward model's score through :func:`rewardcheck.rewards.guarded.guarded`."""
    from rewardcheck.rewards.guarded import guarded

    def fn(prompts: list[str], answers: list[str], scores: list[float]) -> list[float]:
        def rm_reward(completions: Sequence[Any], **_: Any) -> list[float]:
            return scores

        rm_reward.__name__ = "rm"
        paid = guarded(rm_reward, floor=floor)(answers, prompts=prompts)
        return [float(v) for v in paid if v is not None]

    return fn


def run_ppo(
    out: str | Path,
    actor_path: str | Path,
    rm_path: str | Path,
    settings: PPOSettings,
    *,
    guard: bool = False,
    kinds: Sequence[str] = ("add", "addsub"),
    command: str = "",
    read: str = "end",
    split: str | None = None,
    eval_split: str | None = None,
    guard_stop: bool = False,
    regime: str = "pr620",
) -> dict[str, Any]:
    """Train from ``actor_path`` (critic from ``rm_path``) for ``settings.steps``; returns the summary.

    The protocol's runs (experiments/cure/PROTOCOL.md, 7) pass ``split="train"`` (PPO prompts), ``eval_split``
    (the independent judge on 96 held-out prompts at the start and the end: ``judge_start.json``,
    ``judge_end.json``), ``read`` (``eos_as_pad``: EOS is the pad token, as with a tokenizer whose pad is its
    EOS: the attention masks and the reward model's read position treat it as padding) and ``guard_stop``
    (the live guard observes every step and stops the run at its first stopping finding) and ``regime``
    (:func:`regime_settings`)."""
    import torch
    from transformers import AutoModelForCausalLM

    from experiments.repro.tokenizer import load_tokenizer

    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    settings = regime_settings(settings, regime)
    if command:
        (out / "command.txt").write_text(command + "\n")
    torch.manual_seed(settings.seed)
    tok = load_tokenizer(actor_path)
    actor = AutoModelForCausalLM.from_pretrained(str(actor_path))
    rm, critic = load_rm(rm_path), load_rm(rm_path)
    trainer = DSChatPPO(actor, tok, rm, critic, settings, reward_fn=guard_reward_fn() if guard else None)
    if read == "eos_as_pad" or regime == "forced_length":
        trainer.pad_id = rm.pad_id = critic.pad_id = trainer.eos_id
    elif read != "end":
        raise ValueError(f"read must be 'end' or 'eos_as_pad', got {read!r}")
    record = append_code_record(out)
    sft_actor = AutoModelForCausalLM.from_pretrained(str(actor_path)).eval()
    held_out = (
        eval_problems(96, seed=4242, kinds=tuple(kinds), split=eval_split) if eval_split else []  # type: ignore[arg-type]
    )

    def judged(name: str) -> dict[str, Any] | None:
        if not held_out:
            return None
        result = judge_outputs(
            actor,
            sft_actor,
            tok,
            [prompt_text(p.question) for p in held_out],
            [p.answer for p in held_out],
            seed=settings.seed,
            max_new_tokens=settings.max_new_tokens,
        )
        (out / f"judge_{name}.json").write_text(json.dumps(result, indent=1) + "\n")
        return result

    judge_start = judged("start")
    monitor = None
    if guard_stop:
        from rewardcheck.bench.guard.monitor import Guard, GuardConfig

        monitor = Guard(GuardConfig(actions=("warn", "stop"), stop_on=("reward_flatline", "kl_blowup")))
    stopped_at = None
    rng = random.Random(settings.seed + 17)
    metrics: list[dict[str, Any]] = []
    samples: list[dict[str, Any]] = []
    outputs: list[dict[str, Any]] = []
    started = time.monotonic()
    with (out / "log.txt").open("w") as log:
        log.write(
            f"***** Running training (experiments.dschat, tiny LM; rm {rm_path}; guard {guard}) *****\n"
        )
        for step in range(settings.steps):
            if (out / "STOP").exists():  # end early; everything so far is still written
                log.write(f"stopped at step {step}: {out / 'STOP'} exists\n")
                break
            problems = [
                make_problem(rng, rng.choice(list(kinds)), split=split) for _ in range(settings.batch_size)
            ]  # type: ignore[arg-type]
            prompts = [prompt_text(p.question) for p in problems]
            exp = trainer.generate(prompts)
            if exp is None:
                log.write(f"epoch: 0|step: {step}|skipped: a generated answer had at most one token\n")
                continue
            losses = trainer.train(exp)
            paid = exp.reward_score
            row: dict[str, Any] = {
                "step": step,
                "reward": float(paid.mean()),
                "reward_std": float(paid.std()),
                "rm_score": float(exp.rm_score.mean()),
                "rm_score_std": float(exp.rm_score.std()),
                **losses,
                **answer_stats(exp.answers, [p.answer for p in problems], [p.question for p in problems]),
                "truncated": float(
                    (exp.seq[:, -1].ne(trainer.pad_id) & exp.seq[:, -1].ne(trainer.eos_id)).float().mean()
                ),
                "seconds": round(time.monotonic() - started, 1),
            }
            metrics.append(row)
            if monitor is not None and monitor.observe(
                {k: v for k, v in row.items() if k != "seconds"}, step
            ):
                if monitor.first_stop is not None and stopped_at is None:
                    stopped_at = step
                    log.write(f"stopped at step {step}: the guard's {monitor.first_stop.signal.name}\n")
            log.write(
                f"epoch: 0|step: {step}|ppo_ep: 1|act_loss: {losses['act_loss']}|cri_loss: "
                f"{losses['cri_loss']}|unsuper_loss: 0.0\naverage reward score: {row['reward']}\n"
                "-------------------------------------------------------------------------------------\n"
            )
            log.flush()
            for i in range(2):
                samples.append(
                    {
                        "step": step,
                        "question": problems[i].question,
                        "gold": problems[i].answer,
                        "rm_score": float(exp.rm_score[i]),
                        "reward": float(paid[i]),
                        "completion": exp.answers[i],
                    }
                )
            outputs += [
                {"prompt": pr, "completion": a, "rm_score": float(s), "step": step}
                for pr, a, s in zip(prompts, exp.answers, exp.rm_score.tolist(), strict=True)
            ]
            outputs = outputs[-OUTPUT_STEPS * settings.batch_size :]
            if step % 10 == 0 or step == settings.steps - 1:
                write_csv(out / "metrics.csv", metrics)  # so far: a long run can be read while it runs
                write_jsonl(out / "samples.jsonl", samples)
                _log(
                    f"step {step} reward {row['reward']:.3f} (std {row['reward_std']:.3f}) degenerate "
                    f"{row['degenerate']:.2f} boxed {row['boxed']:.2f} kl {row['kl']:.2f} | {exp.answers[0][:70]!r}"
                )
            if stopped_at is not None:
                break
    write_csv(out / "metrics.csv", metrics)
    write_jsonl(out / "samples.jsonl", samples)
    write_jsonl(out / "outputs.jsonl", outputs)
    judge_end = judged("end")
    summary = {
        "code": record,
        "read": read,
        "regime": regime,
        "prompt_split": split,
        "eval_split": eval_split,
        "guard_stop": guard_stop,
        "stopped_at": stopped_at,
        "planned_steps": settings.steps,
        "judge_start": None
        if judge_start is None
        else {k: v for k, v in judge_start.items() if k != "samples"},
        "judge_end": None if judge_end is None else {k: v for k, v in judge_end.items() if k != "samples"},
        "actor": str(actor_path),
        "reward_model": str(rm_path),
        "guard": guard,
        "kinds": list(kinds),
        "settings": settings.as_dict(),
        "skipped_batches": trainer.skipped,
        "steps_logged": len(metrics),
        "seconds": round(time.monotonic() - started, 1),
    }
    (out / "summary.json").write_text(json.dumps(summary, indent=1) + "\n")
    return summary
