"""Fresh-problem evaluation with per-problem results, so that intervals can resample problems.

Each held-out problem is decoded ``samples`` times at temperature 1 (the temperature GRPO samples at) with a
fixed seed; a problem's score is its share of correct samples. The file keeps every problem's score, the
aggregate statistics of :func:`experiments.repro.stats.completion_stats`, the share of outputs the degenerate
classifier labels (``filler_loop`` and the rest), and a few whole samples.

>>> e = ProblemScores(questions=["q1", "q2"], scores=[1.0, 0.5])
>>> e.accuracy
0.75
"""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from experiments.repro.evaluate import eval_problems, evaluate
from experiments.repro.stats import is_correct
from experiments.repro.tasks import Problem, Split
from rewardcheck.rewards.degenerate import degenerate_kind

from .recipe import CureRecipe

__all__ = ["ProblemScores", "held_out_problems", "evaluate_checkpoint", "write_evaluation"]


@dataclass(frozen=True)
class ProblemScores:
    questions: list[str]
    scores: list[float]  # share of correct samples per problem, in ``questions`` order

    @property
    def accuracy(self) -> float:
        return sum(self.scores) / len(self.scores) if self.scores else float("nan")


def held_out_problems(recipe: CureRecipe, seed: int | None = None, split: Split = "eval") -> list[Problem]:
    """The evaluation problems (held-out split, distinct); ``seed`` picks another set (SFT validation).
    ``split``: ``eval`` (the first campaign: either half), ``validation`` or ``test`` (the protocol's)."""
    return eval_problems(
        recipe.eval_problems,
        seed=recipe.eval_seed if seed is None else seed,
        kinds=recipe.grpo.kinds,
        split=split,
    )


def evaluate_checkpoint(
    model: Any, tokenizer: Any, recipe: CureRecipe, seed: int, problems: list[Problem] | None = None
) -> dict[str, Any]:
    """Sampled (T=1, ``recipe.eval_samples`` per problem, seeded by ``seed``) and greedy evaluation."""
    problems = problems if problems is not None else held_out_problems(recipe)
    n = recipe.grpo.max_completion_length
    repeated = [p for p in problems for _ in range(recipe.eval_samples)]
    sampled = evaluate(
        model,
        tokenizer,
        repeated,
        n,
        temperature=recipe.grpo.temperature,
        seed=seed,
        batch_size=128,
        keep_all=True,
    )
    greedy = evaluate(model, tokenizer, problems, n, batch_size=128, keep_all=True)
    texts = sampled.texts
    right = [is_correct(t, p.gold) for t, p in zip(texts, repeated, strict=True)]
    k = recipe.eval_samples
    scores = [sum(right[i * k : (i + 1) * k]) / k for i in range(len(problems))]
    finished = [not t for t in sampled.truncated]
    # per problem: samples that ended within the budget, and correct ones (finished-attempt accuracy by sums)
    per_finished = [sum(finished[i * k : (i + 1) * k]) for i in range(len(problems))]
    per_correct = [sum(right[i * k : (i + 1) * k]) for i in range(len(problems))]
    kinds = Counter(degenerate_kind(t, p.question) or "ok" for t, p in zip(texts, repeated, strict=True))
    return {
        "problems": len(problems),
        "samples_per_problem": k,
        "temperature": recipe.grpo.temperature,
        "sample_seed": seed,
        "accuracy": sum(scores) / len(scores),
        "per_problem": ProblemScores([p.question for p in problems], scores).scores,
        "per_problem_finished": per_finished,
        "per_problem_correct": per_correct,
        "questions": [p.question for p in problems],
        "sampled_stats": sampled.stats.as_dict(),
        "greedy_stats": greedy.stats.as_dict(),
        "greedy_per_problem": [
            float(is_correct(t, p.gold)) for t, p in zip(greedy.texts, problems, strict=True)
        ],
        "degenerate": {key: value / len(texts) for key, value in sorted(kinds.items())},
        "samples": sampled.samples[:6],
    }


def write_evaluation(path: Path, evaluation: dict[str, Any]) -> dict[str, Any]:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(evaluation, indent=1) + "\n")
    return evaluation
