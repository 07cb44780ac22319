"""Chosen/rejected pairs for the reward model, generated from the synthetic arithmetic traces.

Both answers of a pair are fluent R1-style traces for the same problem, drawn with the SFT mix of step
counts and filler lines; the chosen one is correct, the rejected one wrong. Nothing degenerate is ever
shown to the reward model, as in the preference data real step-2 models are trained on. Every answer ends
with the actor's EOS text, so the step-3 read position (the end token) is where training read it too.

>>> rows = make_pairs(2, seed=0, eos_text="<|im_end|>")
>>> sorted(rows[0]), rows[0]["chosen"].endswith("<|im_end|>"), rows[0]["chosen"] != rows[0]["rejected"]
(['answer', 'chosen', 'prompt', 'question', 'rejected'], True, True)
"""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from experiments.repro.sft import prompt_messages
from experiments.repro.tasks import MAX_FILLER_LINES, Problem, make_problem, make_trace
from experiments.repro.tokenizer import CHAT_TEMPLATE

__all__ = ["make_pairs", "prompt_text", "write_jsonl"]


def prompt_text(question: str) -> str:
    """The chat-template prompt the actor is given (ChatML with the generation prompt), as text."""
    from jinja2 import Template

    return Template(CHAT_TEMPLATE).render(messages=prompt_messages(question), add_generation_prompt=True)


def _trace(rng: random.Random, p: Problem, wrong: bool, filler: tuple[int, int]) -> str:
    lo, hi = min(filler[0], MAX_FILLER_LINES), min(filler[1], MAX_FILLER_LINES)
    return make_trace(rng, p, wrong=wrong, two_markers=rng.random() < 0.25, filler_lines=rng.randint(lo, hi))


def make_pairs(
    n: int,
    *,
    seed: int,
    eos_text: str,
    kinds: Sequence[str] = ("add", "addsub"),
    chosen_filler: tuple[int, int] = (4, 14),
    rejected_filler: tuple[int, int] = (0, 6),
    split: str | None = None,
) -> list[dict[str, Any]]:
    """``n`` rows ``{prompt, chosen, rejected, question, answer}``; fresh problems per ``seed``.

    Checking lines are drawn from ``chosen_filler`` / ``rejected_filler`` (inclusive ranges): the chosen answer
    is correct and checks its work more, as chosen answers in human preference data tend to be longer and
    more thorough. Both stay fluent."""
    rng = random.Random(seed)
    rows = []
    for _ in range(n):
        p = make_problem(rng, rng.choice(list(kinds)), split=split)  # type: ignore[arg-type]

        rows.append(
            {
                "prompt": prompt_text(p.question),
                "chosen": _trace(rng, p, False, chosen_filler) + eos_text,
                "rejected": _trace(rng, p, True, rejected_filler) + eos_text,
                "question": p.question,
                "answer": p.answer,
            }
        )
    return rows


def write_jsonl(path: str | Path, rows: Sequence[dict[str, Any]]) -> Path:
    out = Path(path)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    return out
