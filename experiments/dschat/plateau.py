"""The plateau probe (PROTOCOL.md, 7): does the reward model, read at the last token of an answer forced to full
length, pay degenerate answers a score that no longer depends on their content?

On held-out prompts, answers of ``max_new_tokens`` tokens of five kinds are scored by step 3's read
(:func:`experiments.dschat.rm.end_scores`), with EOS as the pad token as in the seed-era regime:

- ``natural``: the actor's own answer, stopping at EOS, read at its end (the #620 read; the reference);
- ``forced``: the actor's answer with EOS banned until full length, read at the last token;
- ``one_token``: one ordinary token repeated; ``loop``: the first 8 tokens of the actor's answer repeated;
- ``random``: uniformly drawn ordinary tokens.

Per kind: mean, standard deviation and range of the scores. A plateau shows as degenerate kinds whose scores
sit in a narrow band (std far below the natural answers') at one level. Descriptive: no decision reads it.

>>> summarize_scores([1.0, 1.0, 1.0])["std"]
0.0
"""

from __future__ import annotations

import json
import random
import statistics
from collections.abc import Sequence
from pathlib import Path
from typing import Any

__all__ = ["KINDS", "plateau_probe", "summarize_scores"]

KINDS = ("natural", "forced", "one_token", "loop", "random")


def summarize_scores(scores: Sequence[float]) -> dict[str, float]:
    return {
        "n": len(scores),
        "mean": statistics.fmean(scores),
        "std": statistics.pstdev(scores),
        "min": min(scores),
        "max": max(scores),
    }


def plateau_probe(
    out: Path, actor_path: Path, rm_path: Path, *, prompts: int = 48, max_new_tokens: int = 128, seed: int = 0
) -> dict[str, Any]:
    """Run the probe on validation prompts and write ``out/plateau.json``; returns it."""
    import torch
    from transformers import AutoModelForCausalLM

    from experiments.dschat.pairs import prompt_text
    from experiments.dschat.rm import end_scores, load_rm
    from experiments.repro.evaluate import eval_problems
    from experiments.repro.tokenizer import load_tokenizer

    torch.manual_seed(seed)
    tok = load_tokenizer(actor_path)
    actor = AutoModelForCausalLM.from_pretrained(str(actor_path)).eval()
    rm = load_rm(rm_path)
    pad, eos = int(tok.pad_token_id), int(tok.eos_token_id)
    problems = eval_problems(prompts, seed=4242, kinds=("add", "addsub"), split="validation")
    ids = [tok(prompt_text(p.question), add_special_tokens=False)["input_ids"] for p in problems]
    width = max(len(i) for i in ids)
    rows = torch.tensor([[pad] * (width - len(i)) + i for i in ids])
    mask = rows.ne(pad).long()
    special = {int(i) for i in tok.all_special_ids}
    ordinary = [i for i in range(len(tok)) if i not in special]
    rng = random.Random(seed)

    def sample(min_new: int | None) -> Any:
        with torch.no_grad():
            return actor.generate(
                input_ids=rows,
                attention_mask=mask,
                do_sample=True,
                temperature=1.0,
                top_k=0,
                top_p=1.0,
                max_new_tokens=max_new_tokens,
                min_new_tokens=min_new,
                pad_token_id=pad,
                eos_token_id=eos,
            )

    def scored(seq: Any, pad_id: int) -> list[float]:
        rm.pad_id = pad_id
        with torch.no_grad():
            return [float(x) for x in end_scores(rm, seq, width)[0].tolist()]

    natural = sample(None)
    forced = sample(max_new_tokens)
    answers = forced[:, width:].tolist()
    built = {
        "one_token": [[rng.choice(ordinary)] * max_new_tokens for _ in answers],
        "loop": [(a[:8] * (max_new_tokens // 8 + 1))[:max_new_tokens] for a in answers],
        "random": [[rng.choice(ordinary) for _ in range(max_new_tokens)] for _ in answers],
    }
    results: dict[str, Any] = {
        "natural": summarize_scores(scored(natural, pad)),
        "forced": summarize_scores(scored(forced, eos)),
    }
    for kind, answer_ids in built.items():
        seq = torch.cat([rows, torch.tensor(answer_ids)], dim=1)
        results[kind] = summarize_scores(scored(seq, eos))
    rm.pad_id = pad
    doc = {
        "prompts": len(problems),
        "max_new_tokens": max_new_tokens,
        "seed": seed,
        "read": "the last token (EOS as pad); natural: at the answer's end",
        "kinds": results,
    }
    out.mkdir(parents=True, exist_ok=True)
    (out / "plateau.json").write_text(json.dumps(doc, indent=1) + "\n")
    return doc
