"""The step-2 reward model: a tiny GPT-2 base + bias-free ``v_head`` over the actor's tokenizer.

Trained Bradley-Terry on chosen/rejected pairs through the project's step-3 scorer
(:func:`rewardcheck.bench.probe_rm.tiny.train_pairwise`), saved in the DeepSpeed-Chat step-2 layout
(:func:`rewardcheck.bench.probe_rm.tiny.save_dschat`), so ``rewardcheck probe-rm`` loads it like a real step-2 output.
The actor pads with its own ``<|pad|>`` token (DeepSpeed-Chat's llama path, which adds a pad token) because
its prompts contain EOS; the reward model is loaded with the same pad token.

:func:`end_scores` reads the score on the actor's token ids exactly as step 3 does (the value at the token
before the first pad at or after ``prompt_length``, the last position when there is none), and
:func:`token_values` gives the per-token values the critic uses.

>>> import torch
>>> read_positions(torch.tensor([[7, 8, 5, 9, 0]]), 2, pad_id=0).tolist()
[3]
"""

from __future__ import annotations

import json
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from rewardcheck.bench.probe_rm.loading import TransformersRewardModel, load_reward_model
from rewardcheck.bench.probe_rm.tiny import save_dschat, tiny_base, train_pairwise

__all__ = ["PAD_TOKEN", "load_rm", "train_reward_model", "read_positions", "end_scores", "token_values"]

PAD_TOKEN = "<|pad|>"


def load_rm(folder: str | Path, device: str = "cpu") -> TransformersRewardModel:
    """Load a step-2 folder with the actor's pad token (as ``rewardcheck probe-rm --pad-token '<|pad|>'``)."""
    return load_reward_model(folder, kind="dschat", pad_token=PAD_TOKEN, device=device)


def train_reward_model(
    out: str | Path,
    tokenizer: Any,
    rows: Sequence[dict[str, Any]],
    *,
    steps: int = 400,
    lr: float = 2e-3,
    batch_size: int = 16,
    n_embd: int = 32,
    n_layer: int = 2,
    seed: int = 0,
    init: str | Path | None = None,
) -> dict[str, Any]:
    """Train on ``rows`` (``prompt``, ``chosen``, ``rejected``), save to ``out``; returns the training log.

    ``init``: continue from this step-2 folder (retraining a reward model on extra rows) instead of a fresh
    random base."""
    import torch

    torch.manual_seed(seed)
    if init is not None:
        start_rm = load_rm(init)
        base, v_head = start_rm.base, start_rm.v_head.weight
        n_embd, n_layer = int(v_head.shape[1]), int(base.config.n_layer)
    else:
        base = tiny_base(len(tokenizer), n_embd=n_embd, n_layer=n_layer, n_positions=512, seed=seed)
        v_head = torch.randn(1, n_embd) * 0.1
    folder = save_dschat(out, base, v_head, tokenizer)
    rm = load_rm(folder)
    start = time.monotonic()
    losses = train_pairwise(
        rm,
        [r["prompt"] for r in rows],
        [r["chosen"] for r in rows],
        [r["rejected"] for r in rows],
        steps=steps,
        lr=lr,
        batch_size=batch_size,
        seed=seed,
    )
    save_dschat(folder, rm.base, rm.v_head.weight, tokenizer)
    tail = losses[-20:]
    log = {
        "pairs": len(rows),
        "steps": steps,
        "lr": lr,
        "batch_size": batch_size,
        "n_embd": n_embd,
        "n_layer": n_layer,
        "seed": seed,
        "init": str(init) if init is not None else None,
        "loss_first": losses[0],
        "loss_last20": sum(tail) / len(tail),
        "seconds": round(time.monotonic() - start, 1),
    }
    (Path(folder) / "train_log.json").write_text(json.dumps(log, indent=1) + "\n")
    return log


def read_positions(seq: Any, prompt_length: int, pad_id: int) -> Any:
    """Step 3's read index per row: before the first pad at/after ``prompt_length``, else the last one."""
    import torch

    is_pad = seq[:, prompt_length:].eq(pad_id)
    first = torch.where(
        is_pad.any(1),
        is_pad.int().argmax(1),
        torch.full_like(is_pad[:, 0], is_pad.shape[1], dtype=torch.long),
    )
    return prompt_length + first - 1


def token_values(rm: TransformersRewardModel, seq: Any) -> Any:
    """Per-token values ``[B, S]`` of the base + ``v_head`` (attention mask ``seq != pad``, as step 3)."""
    mask = seq.ne(rm.pad_id).long()
    hidden = rm.base(input_ids=seq, attention_mask=mask, use_cache=False)[0]
    return rm.v_head(hidden).squeeze(-1)


def end_scores(rm: TransformersRewardModel, seq: Any, prompt_length: int) -> tuple[Any, Any]:
    """``(scores[B], read positions[B])`` of the reward model on ``seq`` (left-padded prompts of one width)."""
    import torch

    values = token_values(rm, seq)
    reads = read_positions(seq, prompt_length, rm.pad_id)
    return values[torch.arange(seq.shape[0], device=seq.device), reads], reads
