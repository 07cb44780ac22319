"""The whole reproduction at toy scale, in seconds (``python -m experiments.dschat smoke OUT``; the CI smoke test).

Tokenizer and a 2-layer actor trained for a few SFT steps, 64 chosen/rejected pairs, a reward model trained
for 20 steps, 2 PPO steps with and without the guard. Nothing here is meant to collapse or learn: it proves
the pieces fit (log readable by ``rewardcheck logs``, read position as step 3's) at the real code paths.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from experiments.dschat.pairs import make_pairs, write_jsonl
from experiments.dschat.ppo import PPOSettings
from experiments.dschat.rm import train_reward_model
from experiments.dschat.run import run_ppo
from experiments.repro.model import ModelSpec, build_model
from experiments.repro.sft import SFTSettings, prompt_messages, train_sft
from experiments.repro.tasks import make_sft_example
from experiments.repro.tokenizer import train_tokenizer

__all__ = ["build_toy_actor", "run_smoke"]

TOY_SPEC = ModelSpec(
    hidden_size=32,
    num_hidden_layers=2,
    num_attention_heads=2,
    num_key_value_heads=1,
    intermediate_size=64,
    max_position_embeddings=256,
)


def build_toy_actor(out: Path, sft_steps: int = 5) -> Path:
    """A tokenizer and a barely trained tiny actor saved under ``out`` (the shape of an SFT checkpoint)."""
    rng = random.Random(0)
    corpus = ["user", "assistant"]
    for _ in range(200):
        p, trace = make_sft_example(rng)
        corpus += [prompt_messages(p.question)[0]["content"], trace]
    tok = train_tokenizer(corpus, vocab_size=350)
    model = build_model(TOY_SPEC, tok, seed=0)
    train_sft(model, tok, SFTSettings(steps=sft_steps, batch_size=4, lr=3e-3, warmup=1))
    out.mkdir(parents=True, exist_ok=True)
    model.save_pretrained(out)
    tok.save_pretrained(out)
    return out


def run_smoke(out: Path) -> dict[str, Any]:
    from experiments.repro.tokenizer import load_tokenizer

    actor = build_toy_actor(out / "actor")
    tok = load_tokenizer(actor)
    rows = make_pairs(64, seed=0, eos_text=str(tok.eos_token), chosen_filler=(1, 2), rejected_filler=(0, 1))
    write_jsonl(out / "pairs.jsonl", rows)
    rm_log = train_reward_model(out / "rm", tok, rows, steps=20, n_embd=16, n_layer=1)
    s = PPOSettings(steps=2, batch_size=4, max_new_tokens=12)
    plain = run_ppo(out / "ppo", actor, out / "rm", s)
    guard = run_ppo(out / "ppo-guard", actor, out / "rm", s, guard=True)
    return {"rm": rm_log, "ppo": plain, "ppo_guard": guard}
