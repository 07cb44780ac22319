"""Inputs the wheel test's commands run on, generated in the user's project folder: an open-r1 style recipe
(check, simulate) and a TRL-style training log (logs)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

out = Path(sys.argv[1])
(out / "recipe.yaml").write_text(
    """# a DeepSeek-R1-Distill-style open-r1 recipe, reduced to what rewardcheck reads
reward_funcs: [accuracy, format, tag_count]
reward_weights: [1.0, 1.0, 1.0]
system_prompt: "Respond in the following format: <think>\\n...\\n</think>\\n<answer>\\n...\\n</answer>"
num_generations: 8
per_device_train_batch_size: 16
max_completion_length: 256
beta: 0.04
learning_rate: 1.0e-06
"""
)
with (out / "trainer_log.jsonl").open("w") as handle:
    for step in range(1, 61):
        late = step > 30
        handle.write(
            json.dumps(
                {
                    "step": step,
                    "reward": 0.666 if late else 0.4 + step / 100,
                    "reward_std": 0.0 if late else 0.3,
                    "rewards/accuracy_reward": 0.0 if late else 0.2,
                    "rewards/format_reward": 0.0,
                    "rewards/reasoning_steps_reward": 0.666,
                    "completion_length": 7 if late else 400 - step * 5,
                    "kl": 4.6 if late else step / 50,
                }
            )
            + "\n"
        )
print(f"inputs written to {out}")
