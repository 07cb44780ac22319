"""The campaign's start: tokenizer and SFT checkpoint, trained until fresh problems are answered 25-50%.

SFT runs the recipe's cosine schedule; every ``check_every`` steps the model is sampled at T=1 on validation
problems from the held-out split (another draw than the evaluation problems) and training stops once their
accuracy reaches ``stop_at``. The start is then measured on the evaluation problems and written to
``sft/start_eval.json``; ``sft/validation.jsonl`` keeps every check.
"""

from __future__ import annotations

import dataclasses
import json
import sys
import time
from pathlib import Path
from typing import Any

from experiments.repro.model import build_model, count_parameters
from experiments.repro.sft import tokenizer_corpus, train_sft
from experiments.repro.tokenizer import load_tokenizer, train_tokenizer

from .evaluation import evaluate_checkpoint, held_out_problems, write_evaluation
from .recipe import CureRecipe
from .record import append_code_record

__all__ = ["prepare_start", "VALIDATION_SEED"]

VALIDATION_SEED = 777
VALIDATION_PROBLEMS = 128


def _log(message: str) -> None:
    print(f"[cure {time.strftime('%H:%M:%S')}] {message}", file=sys.stderr, flush=True)


def prepare_start(
    out: Path,
    recipe: CureRecipe,
    stop_at: float = 0.35,
    check_every: int = 100,
    name: str | None = None,
) -> tuple[Path, dict[str, Any]]:
    """Train (or reuse) ``out/sft/checkpoint`` (the first campaign) or, with ``name``, the protocol's start
    ``out/starts/<name>/checkpoint``, whose SFT checks and start evaluations use the validation half of the
    held-out split and whose results are measured on the test half; returns it and the start evaluation."""
    folder = out / "starts" / name if name else out / "sft"
    split = "validation" if name else "eval"
    ckpt = folder / "checkpoint"
    folder.mkdir(parents=True, exist_ok=True)
    if name:  # a protocol start records the code of each session that worked on it
        append_code_record(folder)
    if not (ckpt / "config.json").is_file():
        corpus = tokenizer_corpus(recipe.sft.mix, recipe.corpus_examples, recipe.sft.seed + 1)
        tokenizer = train_tokenizer(corpus, recipe.vocab_size)
        model = build_model(recipe.model, tokenizer, seed=recipe.sft.seed)
        _log(
            f"model: {count_parameters(model)} parameters, vocab {len(tokenizer)}; SFT up to {recipe.sft.steps}"
        )
        validation = held_out_problems(
            dataclasses.replace(recipe, eval_problems=min(VALIDATION_PROBLEMS, recipe.eval_problems)),
            seed=VALIDATION_SEED,
            split=split,  # type: ignore[arg-type]
        )
        checks: list[dict[str, Any]] = []

        def check(step: int) -> bool:
            e = evaluate_checkpoint(
                model, tokenizer, dataclasses.replace(recipe, eval_samples=1), 0, validation
            )
            checks.append({"step": step, "accuracy": e["accuracy"], "sampled": e["sampled_stats"]})
            with (folder / "validation.jsonl").open("a") as handle:
                handle.write(json.dumps(checks[-1]) + "\n")
            _log(f"sft step {step}: validation accuracy (T=1) {e['accuracy']:.3f}")
            return bool(e["accuracy"] >= stop_at)

        with (folder / "sft_log.jsonl").open("w") as handle:

            def on_log(entry: Any) -> None:
                handle.write(json.dumps(dataclasses.asdict(entry)) + "\n")
                handle.flush()
                _log(f"sft step {entry.step} loss {entry.loss:.3f} ({entry.seconds:.0f}s)")

            train_sft(model, tokenizer, recipe.sft, on_log=on_log, check=check, check_every=check_every)
        stopped = checks[-1]["step"] if checks and checks[-1]["accuracy"] >= stop_at else recipe.sft.steps
        (folder / "recipe.json").write_text(
            json.dumps(
                {"recipe": dataclasses.asdict(recipe), "stop_at": stop_at, "stopped_at_step": stopped},
                indent=1,
                default=str,
            )
            + "\n"
        )
        ckpt.mkdir(parents=True, exist_ok=True)
        model.save_pretrained(ckpt)
        tokenizer.save_pretrained(ckpt)
    start_path = folder / "start_eval.json"
    if start_path.is_file():
        return ckpt, json.loads(start_path.read_text())
    from transformers import AutoModelForCausalLM

    tokenizer = load_tokenizer(ckpt)
    model = AutoModelForCausalLM.from_pretrained(str(ckpt))
    problems = held_out_problems(recipe, split=split) if name else None  # type: ignore[arg-type]
    start = write_evaluation(
        start_path, evaluate_checkpoint(model, tokenizer, recipe, seed=0, problems=problems)
    )
    _log(f"start: accuracy {start['accuracy']:.3f} on {start['problems']} held-out problems (T=1)")
    return ckpt, start
