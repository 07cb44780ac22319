"""The whole reproduction: tokenizer, tiny LM, SFT, then GRPO under each reward set, with outputs on disk.

Create ``out/STOP-<run>`` to end a GRPO run early (it still evaluates and writes its outputs).

Layout under ``out``: ``sft/`` (tokenizer and checkpoint, reused when present), ``<run>/metrics.csv``,
``<run>/summary.json`` (settings, start and end evaluation, first/last-window means), ``report.html``,
``command.txt``. Checkpoints are large-ish and are never meant to be committed; CSV, JSON and HTML are.

>>> Settings.small().sft.steps < Settings().sft.steps
True
"""

from __future__ import annotations

import dataclasses
import json
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .evaluate import eval_problems, evaluate
from .grpo import GRPOSettings, run_grpo
from .model import ModelSpec, build_model, count_parameters
from .report import run_summary, write_csv, write_report
from .rewardsets import REWARD_SETS, reward_set, reward_set_args
from .sft import SFTSettings, tokenizer_corpus, train_sft
from .tokenizer import load_tokenizer, train_tokenizer

__all__ = ["Settings", "prepare_sft", "run_experiment"]


@dataclass(frozen=True)
class Settings:
    model: ModelSpec = field(default_factory=ModelSpec)
    sft: SFTSettings = field(default_factory=SFTSettings)
    grpo: GRPOSettings = field(default_factory=GRPOSettings)
    vocab_size: int = 700
    eval_problems: int = 96
    corpus_examples: int = 4000  # synthetic examples the tokenizer is trained on
    runs: tuple[str, ...] = ("openr1", "patched")
    sft_init: str | None = (
        None  # continue SFT from this checkpoint (its tokenizer too) instead of random init
    )
    guard: bool = False  # attach the live guard (warn, report to <run>/guard/, stop at a collapse)

    @classmethod
    def small(cls) -> Settings:
        """CI smoke scale: a 2-layer 64-wide model, 30 SFT steps, 3 GRPO steps with 2 prompts x 4 samples."""
        return cls(
            model=ModelSpec.small(),
            sft=SFTSettings(steps=30, batch_size=16, lr=3e-3, warmup=5),
            grpo=GRPOSettings(steps=3, prompts_per_step=2, num_generations=4, max_completion_length=48),
            vocab_size=400,
            eval_problems=8,
            corpus_examples=400,
        )


def _log(message: str) -> None:
    print(f"[repro {time.strftime('%H:%M:%S')}] {message}", file=sys.stderr, flush=True)


def prepare_sft(out: Path, settings: Settings, device: str) -> Path:
    """Train (or reuse) tokenizer + SFT checkpoint under ``out/sft``; returns the checkpoint folder."""
    ckpt = out / "sft" / "checkpoint"
    if (ckpt / "config.json").is_file():
        _log(f"reusing SFT checkpoint {ckpt}")
        return ckpt
    if settings.sft_init is not None:
        from transformers import AutoModelForCausalLM

        tokenizer = load_tokenizer(settings.sft_init)
        loader: Any = AutoModelForCausalLM
        model = loader.from_pretrained(settings.sft_init)
        (out / "sft").mkdir(parents=True, exist_ok=True)
        (out / "sft" / "init_from.txt").write_text(f"{settings.sft_init}\n")
        _log(f"continuing SFT from {settings.sft_init}")
    else:
        corpus = tokenizer_corpus(settings.sft.mix, settings.corpus_examples, settings.sft.seed + 1)
        tokenizer = train_tokenizer(corpus, settings.vocab_size)
        model = build_model(settings.model, tokenizer, seed=settings.sft.seed)
    _log(
        f"model: {count_parameters(model)} parameters, vocab {len(tokenizer)}; SFT {settings.sft.steps} steps"
    )
    log_path = out / "sft" / "sft_log.jsonl"
    log_path.parent.mkdir(parents=True, exist_ok=True)
    with log_path.open("w") as handle:

        def on_log(entry: Any) -> None:
            handle.write(json.dumps(dataclasses.asdict(entry)) + "\n")
            handle.flush()
            _log(f"sft step {entry.step} loss {entry.loss:.3f} ({entry.seconds:.0f}s)")

        train_sft(model, tokenizer, settings.sft, device=device, on_log=on_log)
    ckpt.mkdir(parents=True, exist_ok=True)
    model.save_pretrained(ckpt)
    tokenizer.save_pretrained(ckpt)
    return ckpt


def _evaluation(model: Any, tokenizer: Any, settings: Settings, device: str) -> dict[str, Any]:
    """Greedy and temperature-1 sampled decoding of the same fresh problems (GRPO samples at 1.0; greedy
    decoding of a small SFT model can loop on filler lines where sampling stops)."""
    problems = eval_problems(settings.eval_problems, kinds=settings.grpo.kinds)
    n = settings.grpo.max_completion_length
    greedy = evaluate(model, tokenizer, problems, n, device=device)
    sampled = evaluate(model, tokenizer, problems, n, device=device, temperature=settings.grpo.temperature)
    return {
        "stats": greedy.stats.as_dict(),
        "samples": greedy.samples,
        "sampled_stats": sampled.stats.as_dict(),
        "sampled_samples": sampled.samples,
    }


def run_experiment(
    out: Path,
    settings: Settings,
    device: str = "cpu",
    argv: Sequence[str] | None = None,
    on_step: Callable[[str, dict[str, float]], None] | None = None,
) -> dict[str, Any]:
    """Run every stage; returns ``{"start": evaluation, run_name: summary}`` and writes it all under ``out``."""
    from transformers import AutoModelForCausalLM

    out.mkdir(parents=True, exist_ok=True)
    command = None if argv is None else "python -m experiments.repro " + " ".join(argv) + "\n"
    if command is not None:
        (out / "command.txt").write_text(command)
    ckpt = prepare_sft(out, settings, device)
    tokenizer = load_tokenizer(ckpt)
    start_path = out / "sft" / f"start_eval-{'-'.join(settings.grpo.kinds)}-{settings.eval_problems}.json"
    start = json.loads(start_path.read_text()) if start_path.is_file() else {}
    if "sampled_stats" not in start:
        loader: Any = AutoModelForCausalLM
        model = loader.from_pretrained(str(ckpt)).to(device)
        start = _evaluation(model, tokenizer, settings, device)
        start_path.write_text(json.dumps(start, indent=2))
    _log(f"start evaluation: greedy {start['stats']}, sampled {start['sampled_stats']}")
    results: dict[str, Any] = {"start": start}
    for name in settings.runs:
        run_dir = out / name
        run_dir.mkdir(parents=True, exist_ok=True)
        if command is not None:
            (run_dir / "command.txt").write_text(command)
        funcs = reward_set(name, tokenizer, settings.grpo.max_completion_length)
        _log(
            f"GRPO run {name!r} ({REWARD_SETS[name]}): {[f.__name__ for f in funcs]}, {settings.grpo.steps} steps"
        )
        rows: list[dict[str, float]] = []

        def step_logger(
            row: dict[str, float], _name: str = name, _rows: list[dict[str, float]] = rows
        ) -> None:
            _rows.append(row)
            write_csv(out / _name / "metrics.csv", _rows)
            _log(
                f"{_name} step {int(row['step'])}: reward {row.get('reward', float('nan')):.3f} "
                f"std {row.get('reward_std', float('nan')):.3f} acc {row.get('repro/accuracy', float('nan')):.2f} "
                f"len {row.get('completions/mean_length', float('nan')):.0f} kl {row.get('kl', float('nan')):.3f}"
            )
            if on_step is not None:
                on_step(_name, row)

        guard: list[Any] = []
        if settings.guard:
            from rewardcheck.bench.guard import RecordingReward, RewardcheckCallback

            funcs = [RecordingReward(funcs[0]), *funcs[1:]]
            guard = [
                RewardcheckCallback(actions=("warn", "report", "stop"), report_dir=str(run_dir / "guard"))
            ]
        _, model = run_grpo(
            ckpt,
            tokenizer,
            funcs,
            settings.grpo,
            run_dir,
            device=device,
            on_step=step_logger,
            stop_file=out / f"STOP-{name}",
            callbacks=guard,
        )
        end = _evaluation(model, tokenizer, settings, device)
        args = {
            k: v
            for k, v in reward_set_args(name, tokenizer, settings.grpo.max_completion_length).items()
            if k != "tokenizer"
        }
        summary = {
            "profile": REWARD_SETS[name],
            "reward_args": args,
            "settings": dataclasses.asdict(settings),
            "start_eval": start["stats"],
            "end_eval": end["stats"],
            "end_samples": end["samples"],
            "start_eval_sampled": start["sampled_stats"],
            "end_eval_sampled": end["sampled_stats"],
            "end_samples_sampled": end["sampled_samples"],
            "window_means": run_summary(rows),
        }
        (run_dir / "summary.json").write_text(json.dumps(summary, indent=2, default=str))
        results[name] = summary
        _log(f"{name} end evaluation: greedy {end['stats']}, sampled {end['sampled_stats']}")
        model.save_pretrained(run_dir / "final_model")  # for later analysis; never committed
    runs = {}
    for name in REWARD_SETS:
        csv_path = out / name / "metrics.csv"
        if csv_path.is_file():
            from .report import read_csv

            runs[name] = read_csv(csv_path)
    write_report(out, runs, {"settings": dataclasses.asdict(settings), "start_eval": start["stats"]})
    return results
