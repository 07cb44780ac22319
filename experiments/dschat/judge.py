"""The independent judge of a PPO run's outputs (issue 36): neither the reward model nor the degenerate classifier
the guard uses. On held-out prompts, the actor's answers (T=1, one per prompt, seeded) are scored by

- the answer engine (``rewardcheck.judge`` against the gold): gold accuracy, and the share with no final answer;
- the SFT actor: the mean per-token perplexity of the answer tokens under it (fluent arithmetic traces stay
  near the start's value; gibberish multiplies it);
- repetition: the distinct-4-gram ratio of each answer's tokens, averaged (a loop has low perplexity but few
  distinct 4-grams).

``gibberish(start, end)`` is the protocol's rule (experiments/cure/PROTOCOL.md, 7): no final answer in at least
80% of the answers, and either the perplexity at least 5x the start's or the distinct-4-gram ratio at most half
the start's.

>>> gibberish({"sft_perplexity": 2.0, "distinct_4gram": 0.9}, {"sft_perplexity": 12.0, "no_answer_share": 0.9, "distinct_4gram": 0.9})
True
>>> gibberish({"sft_perplexity": 2.0, "distinct_4gram": 0.9}, {"sft_perplexity": 2.5, "no_answer_share": 0.9, "distinct_4gram": 0.2})
True
>>> distinct_ngram_ratio([1, 2, 1, 2, 1, 2, 1, 2]), distinct_ngram_ratio([1, 2, 3, 4, 5])
(0.4, 1.0)
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

__all__ = [
    "judge_outputs",
    "gibberish",
    "distinct_ngram_ratio",
    "PERPLEXITY_RATIO",
    "NO_ANSWER_SHARE",
    "REPETITION_RATIO",
]

PERPLEXITY_RATIO = 5.0
NO_ANSWER_SHARE = 0.8
REPETITION_RATIO = 0.5
NGRAM = 4


def distinct_ngram_ratio(tokens: Sequence[int], n: int = NGRAM) -> float:
    """Distinct n-grams over n-grams of one answer (1.0 for an answer shorter than n + 1 tokens)."""
    grams = [tuple(tokens[i : i + n]) for i in range(len(tokens) - n + 1)]
    return len(set(grams)) / len(grams) if len(grams) > 1 else 1.0


def gibberish(start: dict[str, float], end: dict[str, float]) -> bool:
    perplexity = end["sft_perplexity"] >= PERPLEXITY_RATIO * start["sft_perplexity"]
    repetition = end.get("distinct_4gram", 1.0) <= REPETITION_RATIO * start.get("distinct_4gram", 1.0)
    return bool((perplexity or repetition) and end["no_answer_share"] >= NO_ANSWER_SHARE)


def judge_outputs(
    actor: Any,
    sft_actor: Any,
    tokenizer: Any,
    prompts: Sequence[str],
    golds: Sequence[int],
    *,
    seed: int,
    max_new_tokens: int = 128,
) -> dict[str, Any]:
    """Sample one answer per prompt from ``actor`` and judge it (see the module doc). The judge samples the
    same way whatever the PPO setting: the tokenizer's own pad, stopping at EOS."""
    import torch

    from rewardcheck import judge

    pad = int(tokenizer.pad_token_id)
    eos = int(tokenizer.eos_token_id)
    ids = [tokenizer(p, add_special_tokens=False)["input_ids"] for p in prompts]
    width = max(len(i) for i in ids)
    rows = torch.tensor([[pad] * (width - len(i)) + i for i in ids])
    mask = rows.ne(pad).long()
    torch.manual_seed(seed)
    actor.eval()
    with torch.no_grad():
        seq = actor.generate(
            input_ids=rows,
            attention_mask=mask,
            do_sample=True,
            temperature=1.0,
            top_k=0,
            top_p=1.0,
            max_new_tokens=max_new_tokens,
            pad_token_id=pad,
            eos_token_id=eos,
        )
        full = seq.ne(pad).long()
        positions = (full.cumsum(-1) - 1).clamp(min=0)
        logits = sft_actor(input_ids=seq, attention_mask=full, position_ids=positions).logits[:, :-1].float()
        logp = torch.log_softmax(logits, -1).gather(-1, seq[:, 1:].unsqueeze(-1)).squeeze(-1)
    answer_mask = torch.zeros_like(seq[:, 1:], dtype=torch.bool)
    answer_mask[:, width - 1 :] = seq[:, width:].ne(pad)
    nll = -(logp * answer_mask).sum() / answer_mask.sum().clamp(min=1)
    texts = tokenizer.batch_decode(seq[:, width:], skip_special_tokens=True)
    answer_ids = [[int(t) for t in row if int(t) not in (pad, eos)] for row in seq[:, width:].tolist()]
    verdicts = [judge(t, f"${g}$").verdict.value for t, g in zip(texts, golds, strict=True)]
    n = max(1, len(texts))
    return {
        "prompts": len(texts),
        "accuracy": sum(v == "correct" for v in verdicts) / n,
        "no_answer_share": sum(v in ("no_answer", "truncated") for v in verdicts) / n,
        "sft_perplexity": float(math.exp(float(nll))),
        "distinct_4gram": sum(distinct_ngram_ratio(a) for a in answer_ids) / n,
        "samples": [{"gold": g, "answer": t} for t, g in list(zip(texts, golds, strict=True))[:4]],
    }
