"""The independent judge of a PPO run's outputs (issue 36): neither the reward model nor the degenerate classifier
the guard uses. On held-out prompts, the actor's answers (T=1, one per prompt, seeded) are scored by

- the answer engine (``rewardcheck.judge`` against the gold): gold accuracy, and the share with no final answer;
- the SFT actor: the mean per-token perplexity of the answer tokens under it (fluent arithmetic traces stay
  near the start's value; gibberish multiplies it).

``gibberish(start, end)`` is the protocol's rule (experiments/cure/PROTOCOL.md, 7): the perplexity at least 5x
the start's and no final answer in at least 80% of the answers.

>>> gibberish({"sft_perplexity": 2.0}, {"sft_perplexity": 12.0, "no_answer_share": 0.9})
True
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

__all__ = ["judge_outputs", "gibberish", "PERPLEXITY_RATIO", "NO_ANSWER_SHARE"]

PERPLEXITY_RATIO = 5.0
NO_ANSWER_SHARE = 0.8


def gibberish(start: dict[str, float], end: dict[str, float]) -> bool:
    return bool(
        end["sft_perplexity"] >= PERPLEXITY_RATIO * start["sft_perplexity"]
        and end["no_answer_share"] >= NO_ANSWER_SHARE
    )


def judge_outputs(
    actor: Any,
    sft_actor: Any,
    tokenizer: Any,
    prompts: Sequence[str],
    golds: Sequence[int],
    *,
    seed: int,
    max_new_tokens: int = 128,
    pad_id: int | None = None,
) -> dict[str, Any]:
    """Sample one answer per prompt from ``actor`` and judge it (see the module doc)."""
    import torch

    from rewardcheck import judge

    pad = int(tokenizer.pad_token_id if pad_id is None else pad_id)
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
    verdicts = [judge(t, f"${g}$").verdict.value for t, g in zip(texts, golds, strict=True)]
    n = max(1, len(texts))
    return {
        "prompts": len(texts),
        "accuracy": sum(v == "correct" for v in verdicts) / n,
        "no_answer_share": sum(v in ("no_answer", "truncated") for v in verdicts) / n,
        "sft_perplexity": float(math.exp(float(nll))),
        "samples": [{"gold": g, "answer": t} for t, g in list(zip(texts, golds, strict=True))[:4]],
    }
