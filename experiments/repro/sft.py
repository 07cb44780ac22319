"""Supervised fine-tuning of the tiny LM on synthetic R1-style traces (plain PyTorch, loss on the answer).

Each step draws a fresh batch of problems and traces, formats the prompt with the chat template's
generation prompt, and trains only on the assistant tokens plus the closing EOS.

>>> from experiments.repro.tokenizer import train_tokenizer
>>> tok = train_tokenizer(["What is 1 + 2?", "<think>\\nFirst, take 1.\\n</think>\\n\\\\boxed{3}"], vocab_size=300)
>>> ids, labels = encode_example(tok, "What is 1 + 2?", "\\\\boxed{3}")
>>> labels[-1] == tok.eos_token_id and labels[0] == -100
True
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from .tasks import SEED_MIX, SYSTEM_HINT, TraceMix, make_sft_example

__all__ = ["SFTSettings", "SFTLog", "encode_example", "prompt_messages", "tokenizer_corpus", "train_sft"]

IGNORE = -100


def prompt_messages(question: str) -> list[dict[str, str]]:
    return [{"role": "user", "content": f"{question} {SYSTEM_HINT}"}]


def tokenizer_corpus(mix: TraceMix, examples: int, seed: int) -> list[str]:
    """The texts a tokenizer for ``mix`` is trained on: role names, then ``examples`` prompts and traces."""
    rng = random.Random(seed)
    corpus = ["user", "assistant"]
    for _ in range(examples):
        p, trace = make_sft_example(rng, mix=mix)
        corpus += [prompt_messages(p.question)[0]["content"], trace]
    return corpus


def encode_example(tokenizer: Any, question: str, completion: str) -> tuple[list[int], list[int]]:
    """Token ids of prompt + completion + EOS, and labels that ignore the prompt."""
    prompt = tokenizer.apply_chat_template(
        prompt_messages(question), tokenize=False, add_generation_prompt=True
    )
    p_ids = tokenizer(prompt, add_special_tokens=False)["input_ids"]
    c_ids = tokenizer(completion, add_special_tokens=False)["input_ids"] + [tokenizer.eos_token_id]
    return p_ids + c_ids, [IGNORE] * len(p_ids) + c_ids


@dataclass(frozen=True)
class SFTSettings:
    steps: int = 1800
    batch_size: int = 32
    lr: float = 2e-3
    warmup: int = 50
    seed: int = 0
    mix: TraceMix = SEED_MIX


@dataclass(frozen=True)
class SFTLog:
    step: int
    loss: float
    lr: float
    seconds: float


def _lr_at(step: int, s: SFTSettings) -> float:
    if step < s.warmup:
        return s.lr * (step + 1) / s.warmup
    progress = (step - s.warmup) / max(1, s.steps - s.warmup)
    return s.lr * 0.5 * (1 + math.cos(math.pi * min(1.0, progress)))


def train_sft(
    model: Any,
    tokenizer: Any,
    settings: SFTSettings,
    device: str = "cpu",
    on_log: Callable[[SFTLog], None] | None = None,
    log_every: int = 50,
    check: Callable[[int], bool] | None = None,
    check_every: int = 100,
) -> list[SFTLog]:
    """Train ``model`` in place; returns the loss log (every ``log_every`` steps and the last one).

    ``check(step)`` is called every ``check_every`` steps with the model in eval mode (e.g. a validation
    evaluation); when it returns True, training stops there."""
    import torch

    rng = random.Random(settings.seed)
    model.to(device)
    model.train()
    optimizer = torch.optim.AdamW(model.parameters(), lr=settings.lr, weight_decay=0.0, betas=(0.9, 0.98))
    logs: list[SFTLog] = []
    start = time.monotonic()
    for step in range(settings.steps):
        batch = [
            encode_example(tokenizer, p.question, t)
            for p, t in (make_sft_example(rng, mix=settings.mix) for _ in range(settings.batch_size))
        ]
        width = max(len(ids) for ids, _ in batch)
        pad = tokenizer.pad_token_id
        input_ids = torch.tensor([ids + [pad] * (width - len(ids)) for ids, _ in batch], device=device)
        labels = torch.tensor([lab + [IGNORE] * (width - len(lab)) for _, lab in batch], device=device)
        mask = torch.tensor([[1] * len(ids) + [0] * (width - len(ids)) for ids, _ in batch], device=device)
        lr = _lr_at(step, settings)
        for group in optimizer.param_groups:
            group["lr"] = lr
        loss = model(input_ids=input_ids, attention_mask=mask, labels=labels).loss
        optimizer.zero_grad(set_to_none=True)
        loss.backward()
        torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
        optimizer.step()
        if step % log_every == 0 or step == settings.steps - 1:
            entry = SFTLog(step=step, loss=float(loss.item()), lr=lr, seconds=time.monotonic() - start)
            logs.append(entry)
            if on_log is not None:
                on_log(entry)
        if check is not None and (step + 1) % check_every == 0 and step + 1 < settings.steps:
            model.eval()
            stop = check(step + 1)
            model.train()
            if stop:
                break
    model.eval()
    return logs
