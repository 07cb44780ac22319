"""Greedy and sampled evaluation of a checkpoint on fresh problems: accuracy, boxed rate, truncation, lengths.

>>> import random
>>> [p.kind for p in eval_problems(3, seed=1)] == [p.kind for p in eval_problems(3, seed=1)]
True
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from .sft import prompt_messages
from .stats import CompletionStats, completion_stats
from .tasks import KINDS, Problem, Split, make_problem

__all__ = ["Evaluation", "eval_problems", "evaluate"]


@dataclass(frozen=True)
class Evaluation:
    stats: CompletionStats
    samples: list[dict[str, Any]]
    texts: list[str] = field(default_factory=list)  # every completion, with ``keep_all``
    truncated: list[bool] = field(
        default_factory=list
    )  # each completion cut at the budget, with ``keep_all``


def eval_problems(
    n: int, seed: int = 12345, kinds: tuple[str, ...] = KINDS, split: Split | None = None
) -> list[Problem]:
    """``n`` problems, kinds in turn; with ``split="eval"`` they are distinct held-out problems, which no
    training draw with ``split="train"`` can produce."""
    rng = random.Random(seed)
    if split is None:
        return [make_problem(rng, kinds[i % len(kinds)]) for i in range(n)]
    seen: set[tuple[str, tuple[int, ...]]] = set()
    problems: list[Problem] = []
    draws = 1000 * n
    for _ in range(draws):
        p = make_problem(rng, kinds[len(problems) % len(kinds)], split=split)
        if (p.kind, p.numbers) not in seen:
            seen.add((p.kind, p.numbers))
            problems.append(p)
            if len(problems) == n:
                return problems
    raise ValueError(f"only {len(problems)} distinct {split} problems of kinds {kinds} after {draws} draws")


def evaluate(
    model: Any,
    tokenizer: Any,
    problems: list[Problem],
    max_new_tokens: int,
    device: str = "cpu",
    batch_size: int = 32,
    temperature: float | None = None,
    seed: int = 0,
    keep_all: bool = False,
) -> Evaluation:
    """Decode every problem (greedy, or sampled at ``temperature`` with a fixed seed); a completion without
    EOS within ``max_new_tokens`` is truncated."""
    import torch

    if temperature is not None:
        torch.manual_seed(seed)

    model.eval()
    texts: list[str] = []
    lengths: list[int] = []
    truncated: list[bool] = []
    eos, pad = tokenizer.eos_token_id, tokenizer.pad_token_id
    for start in range(0, len(problems), batch_size):
        chunk = problems[start : start + batch_size]
        prompts = [
            tokenizer.apply_chat_template(
                prompt_messages(p.question), tokenize=False, add_generation_prompt=True
            )
            for p in chunk
        ]
        enc = tokenizer(
            prompts, return_tensors="pt", padding=True, padding_side="left", add_special_tokens=False
        )
        enc = {k: v.to(device) for k, v in enc.items()}
        with torch.inference_mode():
            out = model.generate(
                **enc,
                max_new_tokens=max_new_tokens,
                do_sample=temperature is not None,
                temperature=temperature,
                top_k=0,
                top_p=1.0,
                eos_token_id=eos,
                pad_token_id=pad,
            )
        for row in out[:, enc["input_ids"].shape[1] :].tolist():
            ended = eos in row
            ids = row[: row.index(eos) + 1] if ended else row
            texts.append(tokenizer.decode(ids, skip_special_tokens=True))
            lengths.append(len(ids))
            truncated.append(not ended)
    golds = [p.gold for p in problems]
    samples = [
        {"question": p.question, "gold": p.gold, "completion": t, "tokens": n, "truncated": tr}
        for p, t, n, tr in zip(problems[:8], texts, lengths, truncated, strict=False)
    ]
    return Evaluation(
        completion_stats(texts, golds, lengths, truncated),
        samples,
        texts if keep_all else [],
        truncated if keep_all else [],
    )
