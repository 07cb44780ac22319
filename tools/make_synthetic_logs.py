"""Regenerate fixtures/logs/synthetic/ (deterministic): ``python -m tools.make_synthetic_logs``.

They are made up, not real runs; each exercises one reader or detector of ``rewardcheck logs``:
- healthy-trl.jsonl: JSON lines with TRL >= 0.15 key names (rewards/<f>/mean, completions/mean_length,
  completions/clipped_ratio, frac_reward_zero_std); reward rising, std > 0: no collapse.
- healthy-trainer_state.json: HF trainer_state.json with older TRL keys, eval entries and the final summary.
- truncation-wandb-history.jsonl: wandb history (train/ prefix, _step); completions saturate at
  max_completion_length, accuracy falls to 0.
- shaping-gamed-trl.jsonl: TRL >= 0.17 keys with completions/min_length and max_length; from step 300 every
  completion is a ~35-token template paid in full by reasoning_steps while accuracy stays flat near 0.06 with an
  occasional correct batch (shaping_gamed fires; nothing is exactly 0 or constant).
- concise-trl.jsonl: the same start, length falls to 40% of it with a narrow spread, but accuracy rises 0.06 ->
  0.5: a policy learning to answer concisely (shaping_gamed stays quiet).
- malformed-dicts.txt, prose-only.txt: nothing usable (errors).
"""

from __future__ import annotations

import json
import math
import random
from pathlib import Path

HERE = Path(__file__).resolve().parents[1] / "fixtures" / "logs" / "synthetic"


def healthy(n: int = 60, seed: int = 1) -> list[dict[str, float]]:
    rnd = random.Random(seed)
    rows = []
    for i in range(n):
        t = i / (n - 1)
        acc = 0.25 + 0.35 * t + rnd.gauss(0, 0.03)
        steps = 0.55 + 0.25 * t + rnd.gauss(0, 0.02)
        rows.append(
            {
                "step": 10 * (i + 1),
                "loss": round(0.0005 + 0.002 * t + rnd.gauss(0, 0.0002), 6),
                "grad_norm": round(0.35 + rnd.gauss(0, 0.05), 4),
                "learning_rate": 3e-6,
                "accuracy": acc,
                "reasoning_steps": steps,
                "reward": acc + steps,
                "reward_std": round(0.75 - 0.1 * t + rnd.gauss(0, 0.03), 4),
                "frac_reward_zero_std": round(max(0.0, 0.08 + 0.05 * t + rnd.gauss(0, 0.02)), 4),
                "length": round(640 - 150 * t + rnd.gauss(0, 15), 2),
                "clipped": round(max(0.0, 0.06 - 0.03 * t + rnd.gauss(0, 0.01)), 4),
                "kl": round(0.0002 + 0.04 * t + abs(rnd.gauss(0, 0.002)), 6),
                "epoch": round(t, 3),
            }
        )
    return rows


def template_run(n: int = 80, seed: int = 4, learns: bool = False) -> list[dict[str, float]]:
    """GRPO records of a run that shrinks from ~140 tokens to a short output from record 30 on: a template paid
    for form with accuracy flat (``learns=False``), or a concise policy whose accuracy rises (``learns=True``)."""
    rnd = random.Random(seed)
    rows = []
    for i in range(n):
        t = min(1.0, i / 30)
        if learns:
            acc = min(0.9, 0.06 + 0.44 * i / (n - 1) + rnd.gauss(0, 0.03))
            length = 140 - 84 * t + rnd.gauss(0, 3)
        else:  # a correct batch now and then keeps some group variance: nothing is exactly 0
            acc = 0.125 if i % 7 == 3 else (0.03125 if i % 3 == 0 else 0.0625)
            length = 140 - 105 * t + rnd.gauss(0, 1.5)
        steps = 0.78 + 0.22 * t
        spread = (1.2 - 0.9 * t + rnd.gauss(0, 0.05)) * length
        low = max(8.0, length - 0.3 * spread)
        rows.append(
            {
                "step": 10 * (i + 1),
                "completions/mean_length": round(length, 2),
                "completions/min_length": round(low),
                "completions/max_length": round(low + spread),
                "completions/clipped_ratio": round(max(0.0, 0.3 * (1 - t)), 4),
                "rewards/accuracy_reward/mean": round(acc, 4),
                "rewards/accuracy_reward/std": round(math.sqrt(acc * (1 - acc)), 4),
                "rewards/reasoning_steps_reward/mean": round(steps, 4),
                "rewards/reasoning_steps_reward/std": round(0.25 * (1 - t), 4),
                "reward": round(acc + steps, 4),
                "reward_std": round(0.3 + 0.9 * acc + rnd.gauss(0, 0.02), 4),
                "frac_reward_zero_std": 0.0,
                "kl": round(0.002 + 0.3 * t + abs(rnd.gauss(0, 0.02)), 5),
                "loss": round(0.04 * (0.002 + 0.3 * t), 6),
                "grad_norm": round(0.4 + abs(rnd.gauss(0, 0.05)), 4),
                "entropy": round(0.22 - 0.05 * t + rnd.gauss(0, 0.01), 4),
                "learning_rate": 1e-4,
            }
        )
    return rows


def main() -> None:
    rows = healthy()
    with open(HERE / "healthy-trl.jsonl", "w") as f:
        for r in rows:
            f.write(
                json.dumps(
                    {
                        "step": r["step"],
                        "loss": r["loss"],
                        "grad_norm": r["grad_norm"],
                        "learning_rate": r["learning_rate"],
                        "num_tokens": 2048 * r["step"],
                        "completions/mean_length": r["length"],
                        "completions/clipped_ratio": r["clipped"],
                        "rewards/accuracy_reward/mean": round(r["accuracy"], 4),
                        "rewards/accuracy_reward/std": 0.45,
                        "rewards/reasoning_steps_reward/mean": round(r["reasoning_steps"], 4),
                        "rewards/reasoning_steps_reward/std": 0.3,
                        "reward": round(r["reward"], 4),
                        "reward_std": r["reward_std"],
                        "frac_reward_zero_std": r["frac_reward_zero_std"],
                        "kl": r["kl"],
                        "entropy": 0.6,
                        "epoch": r["epoch"],
                    }
                )
                + "\n"
            )
    history: list[dict[str, object]] = []
    for r in healthy(seed=2):
        history.append(
            {
                "epoch": r["epoch"],
                "step": r["step"],
                "loss": r["loss"],
                "grad_norm": r["grad_norm"],
                "learning_rate": r["learning_rate"],
                "rewards/accuracy_reward": round(r["accuracy"], 4),
                "rewards/reasoning_steps_reward": round(r["reasoning_steps"], 4),
                "reward": round(r["reward"], 4),
                "reward_std": r["reward_std"],
                "completion_length": r["length"],
                "kl": r["kl"],
            }
        )
        if r["step"] % 200 == 0:
            history.append({"epoch": r["epoch"], "step": r["step"], "eval_loss": 0.3, "eval_runtime": 12.5})
    history.append(
        {"epoch": 1.0, "step": 600, "train_runtime": 8000.0, "train_loss": 0.002, "total_flos": 0.0}
    )
    state = {"best_metric": None, "epoch": 1.0, "global_step": 600, "log_history": history, "max_steps": 600}
    (HERE / "healthy-trainer_state.json").write_text(json.dumps(state, indent=2) + "\n")

    rnd = random.Random(3)
    with open(HERE / "truncation-wandb-history.jsonl", "w") as f:
        for i in range(80):
            clipped = min(1.0, 0.1 + 0.9 / (1 + math.exp(-(i - 40) / 5)))
            acc = max(0.0, 0.3 * (1 - clipped) + rnd.gauss(0, 0.01)) if clipped < 0.97 else 0.0
            length = 700 + 324 * clipped
            f.write(
                json.dumps(
                    {
                        "_step": i,
                        "_runtime": 30.0 * i,
                        "train/global_step": 5 * (i + 1),
                        "train/loss": 0.001,
                        "train/grad_norm": 0.2,
                        "train/rewards/accuracy_reward/mean": round(acc, 4),
                        "train/reward": round(acc, 4),
                        "train/reward_std": round(0.45 * (1 - clipped) + 0.01, 4),
                        "train/completions/mean_length": round(length, 1),
                        "train/completions/clipped_ratio": round(clipped, 4),
                        "train/kl": 0.01,
                    }
                )
                + "\n"
            )
    for name, learns in (("shaping-gamed-trl.jsonl", False), ("concise-trl.jsonl", True)):
        with open(HERE / name, "w") as f:
            for r in template_run(learns=learns):
                f.write(json.dumps(r) + "\n")
    (HERE / "malformed-dicts.txt").write_text(
        "Training log (synthetic, malformed)\n{'loss': 0.1, 'reward': 0.5,\n{'loss': 0.1 'reward' 0.4}\n{\"loss\": nope}\n"
    )
    (HERE / "prose-only.txt").write_text(
        "My run collapsed, here is what I saw.\nThe reward went to zero.\nAny ideas?\n"
    )


if __name__ == "__main__":
    main()
