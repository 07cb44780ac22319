"""Where GRPO's advantage goes: sample prompt groups from a checkpoint, score them with a reward set, and
split TRL's advantages into each reward's part, under each advantage scaling.

``python -m experiments.repro.advantage CKPT [--runs patched] [--groups 48] [--json OUT]`` prints, per scaling
(``group``: TRL/open-r1 default, ``batch``, ``none``), each reward's share of the total |advantage| and the
share that lands in groups where no member is correct (there the accuracy reward is flat, so whatever
moves the policy is shaping: format, step markers, length). The decomposition is exact: TRL's advantage
``(sum_k w_k r_k - group mean) / (scale + 1e-4)`` is the sum over rewards of
``w_k (r_k - group mean of r_k) / (scale + 1e-4)``.

>>> import numpy as np
>>> shares = advantage_shares(np.array([[1.0, 1.0], [0.0, 1.0], [0.0, 1.0], [0.0, 0.0]]), np.array([1.0, 1.0]),
...                           [True, False, False, False], group_size=2, scale="group")
>>> round(shares.by_reward[0], 3), round(shares.all_wrong_share, 3)
(0.5, 0.5)
"""

from __future__ import annotations

import argparse
import json
import logging
import sys
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

import numpy as np

__all__ = ["Shares", "advantage_shares", "sample_groups", "main"]

SCALINGS = ("group", "batch", "none")


@dataclass(frozen=True)
class Shares:
    scale: str
    by_reward: list[float]  # share of sum |part| per reward, in reward order
    all_wrong_share: float  # share of sum |advantage| in groups with no correct member
    mean_abs_adv_correct: float  # mean |advantage| of a correct completion
    mean_abs_adv_all_wrong: float  # mean |advantage| of a member of an all-wrong group
    groups_all_wrong: float  # fraction of groups with no correct member


def advantage_shares(
    scores: np.ndarray, weights: np.ndarray, correct: Sequence[bool], group_size: int, scale: str
) -> Shares:
    """Exact per-reward decomposition of TRL's advantages (``scores``: completions x rewards)."""
    total = scores @ weights
    n = len(total)
    parts = np.zeros(scores.shape)
    adv = np.zeros(n)
    batch_std = float(np.std(total, ddof=1)) if n > 1 else 0.0
    all_wrong = np.zeros(n, dtype=bool)
    ok = np.array(correct, dtype=bool)
    for g in range(n // group_size):
        sl = slice(g * group_size, (g + 1) * group_size)
        std = float(np.std(total[sl], ddof=1))
        denom = {"group": std + 1e-4, "batch": batch_std + 1e-4, "none": 1.0}[scale]
        parts[sl] = weights * (scores[sl] - scores[sl].mean(axis=0)) / denom
        adv[sl] = (total[sl] - total[sl].mean()) / denom
        all_wrong[sl] = not ok[sl].any()
    mass = np.abs(parts).sum(axis=0)
    abs_adv = np.abs(adv)
    total_mass = float(abs_adv.sum()) or 1.0
    return Shares(
        scale=scale,
        by_reward=[float(m) / (float(mass.sum()) or 1.0) for m in mass],
        all_wrong_share=float(abs_adv[all_wrong].sum()) / total_mass,
        mean_abs_adv_correct=float(abs_adv[ok].mean()) if ok.any() else float("nan"),
        mean_abs_adv_all_wrong=float(abs_adv[all_wrong].mean()) if all_wrong.any() else float("nan"),
        groups_all_wrong=float(all_wrong[::group_size].mean()) if n else float("nan"),
    )


def sample_groups(
    checkpoint: str | Path,
    n_groups: int,
    group_size: int,
    max_new_tokens: int,
    kinds: tuple[str, ...],
    seed: int,
) -> tuple[Any, list[str], list[str], list[list[int]]]:
    """``n_groups`` fresh problems x ``group_size`` samples at temperature 1 (as GRPO samples)."""
    import torch
    from transformers import AutoModelForCausalLM

    from .evaluate import eval_problems
    from .sft import prompt_messages
    from .tokenizer import load_tokenizer

    tok = load_tokenizer(checkpoint)
    loader: Any = AutoModelForCausalLM
    model = loader.from_pretrained(str(checkpoint)).eval()
    torch.manual_seed(seed)
    texts: list[str] = []
    golds: list[str] = []
    ids_out: list[list[int]] = []
    eos = tok.eos_token_id
    for p in eval_problems(n_groups, seed=seed + 4242, kinds=kinds):
        prompt = tok.apply_chat_template(
            prompt_messages(p.question), tokenize=False, add_generation_prompt=True
        )
        enc = tok([prompt], return_tensors="pt", add_special_tokens=False)
        with torch.inference_mode():
            out = model.generate(
                **enc,
                max_new_tokens=max_new_tokens,
                do_sample=True,
                temperature=1.0,
                top_k=0,
                top_p=1.0,
                num_return_sequences=group_size,
                eos_token_id=eos,
                pad_token_id=tok.pad_token_id,
            )
        for row in out[:, enc["input_ids"].shape[1] :].tolist():
            ids = row[: row.index(eos) + 1] if eos in row else row
            ids_out.append(ids)
            texts.append(str(tok.decode(ids, skip_special_tokens=True)))
            golds.append(p.gold)
    return tok, texts, golds, ids_out


def main(argv: Sequence[str] | None = None) -> int:
    from .rewardsets import reward_set
    from .stats import is_correct

    parser = argparse.ArgumentParser(prog="python -m experiments.repro.advantage", description=__doc__)
    parser.add_argument("checkpoint", help="model folder (an SFT checkpoint or a run's final_model)")
    parser.add_argument("--runs", default="patched", help="comma-separated reward sets")
    parser.add_argument("--groups", type=int, default=48)
    parser.add_argument("--group-size", type=int, default=8)
    parser.add_argument("--max-completion-length", type=int, default=192)
    parser.add_argument(
        "--weights",
        default="1,1,1,1",
        help="comma-separated reward weights; several sets separated by ';' (default 1,1,1,1)",
    )
    parser.add_argument("--kinds", default="add,addsub")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--threads", type=int, default=1)
    parser.add_argument("--json", type=Path, help="write the shares as JSON")
    ns = parser.parse_args(argv)
    import torch

    # upstream's answer parser logs a deprecation line on every call
    logging.getLogger("latex2sympy2_extended.math_normalization").setLevel(logging.ERROR)
    torch.set_num_threads(ns.threads)
    kinds = tuple(k.strip() for k in ns.kinds.split(","))
    tok, texts, golds, ids = sample_groups(
        ns.checkpoint, ns.groups, ns.group_size, ns.max_completion_length, kinds, ns.seed
    )
    correct = [is_correct(t, g) for t, g in zip(texts, golds, strict=True)]
    completions = [[{"role": "assistant", "content": t}] for t in texts]
    out: dict[str, Any] = {
        "checkpoint": str(ns.checkpoint),
        "completions": len(texts),
        "accuracy": float(np.mean(correct)),
        "runs": {},
    }
    print(
        f"{ns.checkpoint}: {ns.groups} problems x {ns.group_size} samples (T=1), "
        f"accuracy {out['accuracy']:.3f}, groups with no correct member "
        f"{np.mean([not any(correct[i : i + ns.group_size]) for i in range(0, len(correct), ns.group_size)]):.3f}"
    )
    for name in (r.strip() for r in ns.runs.split(",") if r.strip()):
        funcs = reward_set(name, tok, ns.max_completion_length)
        names = [f.__name__ for f in funcs]
        cols = [f(completions, solution=golds, completion_ids=ids) for f in funcs]
        scores = np.nan_to_num(
            np.array([[np.nan if c[i] is None else float(c[i]) for c in cols] for i in range(len(texts))]),
            nan=0.0,
        )
        for spec in (w for w in ns.weights.split(";") if w.strip()):
            weights = np.array([float(w) for w in spec.split(",")])
            if len(weights) != len(funcs):
                raise SystemExit(f"--weights {spec!r}: {len(weights)} numbers for {len(funcs)} rewards")
            rows = [advantage_shares(scores, weights, correct, ns.group_size, s) for s in SCALINGS]
            out["runs"][f"{name} w={spec}"] = {
                "rewards": names,
                "weights": weights.tolist(),
                "means": dict(zip(names, scores.mean(axis=0).round(4).tolist(), strict=True)),
                "shares": [asdict(r) for r in rows],
            }
            means = ", ".join(f"{n} {m:+.3f}" for n, m in zip(names, scores.mean(axis=0), strict=True))
            print(f"\n{name} (weights {weights.tolist()}): reward means {means}")
            head = "scale  " + "  ".join(f"{n.replace('_reward', ''):>15}" for n in names)
            print(head + "   |A| in all-wrong groups   mean|A| correct   mean|A| all-wrong")
            for r in rows:
                cells = "  ".join(f"{v:>15.3f}" for v in r.by_reward)
                print(
                    f"{r.scale:<6} {cells}   {r.all_wrong_share:>23.3f}   {r.mean_abs_adv_correct:>15.3f}   "
                    f"{r.mean_abs_adv_all_wrong:>17.3f}"
                )
    if ns.json:
        ns.json.parent.mkdir(parents=True, exist_ok=True)
        ns.json.write_text(json.dumps(out, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
