"""One GRPO run of the campaign: one arm, one seed, from the shared start, with the live guard attached.

Layout of ``out/grpo/<name>/``: ``metrics.csv`` (every value TRL logged, per step, and ``repro/*`` batch
statistics), ``start_eval.json`` and ``end_eval.json`` (the held-out problems, sampled with the run's seed),
``guard/`` (the guard's report), ``samples.jsonl``, ``summary.json``, ``command.txt``; ``trainer/`` holds the
checkpoints (every ``save_steps``; never committed). A finished run (``summary.json``) is not rerun; an
unfinished one continues from its newest checkpoint with ``resume``.

The guard runs in warn mode on every run (it reports, it never stops); ``guard_stop`` makes the twin run
whose guard stops training at the first collapse finding, which measures the steps a user saves.
"""

from __future__ import annotations

import dataclasses
import json
import sys
import time
from pathlib import Path
from typing import Any

from experiments.repro.grpo import run_grpo
from experiments.repro.report import read_csv, run_summary, write_csv
from experiments.repro.rewardsets import reward_set, reward_set_args
from experiments.repro.tokenizer import load_tokenizer

from .evaluation import evaluate_checkpoint, held_out_problems, write_evaluation
from .groups import GroupLog
from .recipe import CureRecipe
from .record import append_code_record

__all__ = ["run_arm", "run_name"]


def _log(message: str) -> None:
    print(f"[cure {time.strftime('%H:%M:%S')}] {message}", file=sys.stderr, flush=True)


def run_name(arm: str, seed: int, guard_stop: bool = False) -> str:
    return f"{arm}-s{seed}" + ("-guardstop" if guard_stop else "")


def _eval_file(when: str, split: str) -> str:
    """``start_eval.json`` for the first campaign's split, ``start_eval_test.json`` for the protocol's."""
    return f"{when}_eval.json" if split == "eval" else f"{when}_eval_{split}.json"


def _guard_fired(callback: Any) -> dict[str, Any]:
    guard = callback.guard
    first = guard.first_stop
    return {
        "guard_fired_at": None if first is None else int(first.fired_at),
        "guard_signal": None if first is None else first.signal.name,
        "guard_findings": [
            {"signal": f.signal.name, "fired_at": int(f.fired_at), "stops": f.stops} for f in guard.findings
        ],
        "guard_stopped_at": None if callback.stopped_at is None else int(callback.stopped_at),
    }


def run_arm(
    out: Path,
    recipe: CureRecipe,
    arm_name: str,
    seed: int,
    *,
    resume: bool = False,
    guard_stop: bool = False,
    name: str | None = None,
    command: str = "",
    lr_override: float | None = None,
    beta_override: float | None = None,
    start: str | None = None,
    splits: tuple[str, ...] = ("eval",),
    group_every: int = 0,
    keep_final: bool = False,
) -> dict[str, Any]:
    """Run (or resume, or reuse) one arm and seed; returns its ``summary.json``.

    The protocol's runs (``experiments/cure/PROTOCOL.md``) pass ``start`` (a start under ``out/starts/``),
    ``splits`` (``validation``, ``test``: one start and end evaluation file per split), ``group_every`` (whole
    groups every that many steps in ``groups.jsonl``) and ``keep_final`` (the trained weights in ``final/``);
    every run records the code commit it ran at."""
    from transformers import AutoModelForCausalLM

    from rewardcheck.bench.guard import RecordingReward, RewardcheckCallback

    arm = recipe.arm(arm_name)
    name = name or run_name(arm_name, seed, guard_stop)
    run_dir = out / "grpo" / name
    summary_path = run_dir / "summary.json"
    if summary_path.is_file():
        _log(f"{name}: finished already ({summary_path})")
        return dict(json.loads(summary_path.read_text()))
    ckpt = (out / "starts" / start / "checkpoint") if start else (out / "sft" / "checkpoint")
    if not (ckpt / "config.json").is_file():
        raise SystemExit(f"{ckpt}: no start checkpoint; run `python -m experiments.cure start {out}` first")
    run_dir.mkdir(parents=True, exist_ok=True)
    if command:
        with (run_dir / "command.txt").open("a") as handle:
            handle.write(command + "\n")
    record = append_code_record(run_dir, resume=resume)  # one line per session that worked on the run
    tokenizer = load_tokenizer(ckpt)
    starts: dict[str, dict[str, Any]] = {}
    for split in splits:
        start_path = run_dir / _eval_file("start", split)
        if start_path.is_file():
            starts[split] = json.loads(start_path.read_text())
        else:
            model = AutoModelForCausalLM.from_pretrained(str(ckpt))
            problems = None if split == "eval" else held_out_problems(recipe, split=split)  # type: ignore[arg-type]
            starts[split] = write_evaluation(
                start_path, evaluate_checkpoint(model, tokenizer, recipe, seed=seed, problems=problems)
            )
    first = splits[0]
    start_eval = starts[first]
    _log(f"{name}: start accuracy {start_eval['accuracy']:.3f} ({first})")

    grpo = dataclasses.replace(recipe.grpo, seed=seed)
    if arm.lr is not None and lr_override is None:
        grpo = dataclasses.replace(grpo, lr=arm.lr)
    if arm.beta is not None and beta_override is None:
        grpo = dataclasses.replace(grpo, beta=arm.beta)
    funcs = reward_set(arm.reward_set, tokenizer, grpo.max_completion_length)
    group_log = None
    if group_every:
        weights = list(grpo.reward_weights) if grpo.reward_weights else [1.0] * len(funcs)
        names = [getattr(f, "__name__", f"reward_{i}") for i, f in enumerate(funcs)]
        group_log = GroupLog(run_dir / "groups.jsonl", names, weights, grpo.num_generations, group_every)
        funcs = [group_log.wrap(i, f) for i, f in enumerate(funcs)]
    funcs = [RecordingReward(funcs[0]), *funcs[1:]]
    actions = ("warn", "report", "stop") if guard_stop else ("warn", "report")
    callback = RewardcheckCallback(actions=actions, report_dir=str(run_dir / "guard"))
    rows: list[dict[str, float]] = []

    def on_resume(step: int) -> list[dict[str, float]]:
        csv_path = run_dir / "metrics.csv"
        old = [r for r in read_csv(csv_path) if r["step"] <= step] if csv_path.is_file() else []
        for row in old:  # the guard sees the whole run, not only the part after the resume
            callback.guard.observe(
                {k: v for k, v in row.items() if k not in ("step", "seconds")}, row["step"]
            )
        rows.extend(old)
        if group_log is not None:  # the groups logged after the checkpoint are logged again
            group_log.step = step
            kept_groups = run_dir / "groups.jsonl"
            if kept_groups.is_file():
                lines = [ln for ln in kept_groups.read_text().splitlines() if json.loads(ln)["step"] <= step]
                kept_groups.write_text("".join(ln + "\n" for ln in lines))
        _log(f"{name}: resuming after step {step} ({len(old)} logged rows kept)")
        return old

    def on_step(row: dict[str, float]) -> None:
        rows.append(row)
        write_csv(run_dir / "metrics.csv", rows)
        step = int(row["step"])
        if step % 10 == 0:
            _log(
                f"{name} step {step}: reward {row.get('reward', float('nan')):.3f} std "
                f"{row.get('reward_std', float('nan')):.3f} acc {row.get('repro/accuracy', float('nan')):.2f} "
                f"boxed {row.get('repro/boxed_rate', float('nan')):.2f} len "
                f"{row.get('completions/mean_length', float('nan')):.0f} kl {row.get('kl', float('nan')):.3f}"
            )

    started = time.monotonic()
    _, model = run_grpo(
        ckpt,
        tokenizer,
        funcs,
        grpo,
        run_dir,
        on_step=on_step,
        stop_file=run_dir / "STOP",
        callbacks=[callback],
        save_steps=recipe.save_steps,
        resume=resume,
        on_resume=on_resume,
    )
    ends: dict[str, dict[str, Any]] = {}
    for split in splits:
        problems = None if split == "eval" else held_out_problems(recipe, split=split)  # type: ignore[arg-type]
        ends[split] = write_evaluation(
            run_dir / _eval_file("end", split),
            evaluate_checkpoint(model, tokenizer, recipe, seed=seed, problems=problems),
        )
    end = ends[first]
    if keep_final:  # the 660k model is small: its trained weights stay with the run (fp16)
        model.to(dtype=__import__("torch").float16).save_pretrained(run_dir / "final")
        tokenizer.save_pretrained(run_dir / "final")
    args = {
        k: v
        for k, v in reward_set_args(arm.reward_set, tokenizer, grpo.max_completion_length).items()
        if k != "tokenizer"
    }
    summary = {
        "name": name,
        "arm": arm.name,
        "profile": arm.profile,
        "seed": seed,
        "steps": int(rows[-1]["step"]) if rows else 0,
        "planned_steps": grpo.steps,
        "lr": grpo.lr,
        "beta": grpo.beta,
        "start": start or "sft",
        "splits": list(splits),
        "start_accuracy": start_eval["accuracy"],
        "end_accuracy": end["accuracy"],
        "code": record,
        "code_sessions": [json.loads(ln) for ln in (run_dir / "code.jsonl").read_text().splitlines()],
        **_guard_fired(callback),
        "reward_args": args,
        "grpo": dataclasses.asdict(grpo),
        "window_means": run_summary(rows, window=20),
        "seconds_this_session": round(time.monotonic() - started, 1),
    }
    summary_path.write_text(json.dumps(summary, indent=1, default=str) + "\n")
    _log(
        f"{name}: done, accuracy {start_eval['accuracy']:.3f} -> {end['accuracy']:.3f}, guard {summary['guard_fired_at']}"
    )
    return summary
