"""Map the metric names of every TRL / HF Trainer / wandb version onto one canonical set.

>>> canonical_key("train/rewards/accuracy_reward/mean"), canonical_key("completions/mean_length")
('rewards/accuracy', 'completion_length')
>>> canonical_key("rewards/cosine_scaled_reward"), canonical_key("rewards/format_reward/std")
('rewards/cosine', None)
"""

from __future__ import annotations

__all__ = ["canonical_key", "reward_name"]

_ALIASES = {
    "reward": "reward",
    "rewards/mean": "reward",
    "reward_std": "reward_std",
    "rewards/std": "reward_std",
    "frac_reward_zero_std": "frac_reward_zero_std",
    "completion_length": "completion_length",
    "completions/mean_length": "completion_length",
    "completion_length/mean": "completion_length",
    "clipped_ratio": "clipped_ratio",
    "completions/clipped_ratio": "clipped_ratio",
    "kl": "kl",
    "objective/kl": "kl",
    "grad_norm": "grad_norm",
    "learning_rate": "learning_rate",
    "lr": "learning_rate",
    "loss": "loss",
    "epoch": "epoch",
    "step": "step",
    "global_step": "step",
    "_step": "step",
    "act_loss": "act_loss",
    "cri_loss": "cri_loss",
    "unsuper_loss": "unsuper_loss",
    "entropy": "entropy",
}
# TRL logs the function's __name__; ours and open-r1's end in ``_reward``; cosine is ``cosine_scaled_reward``.
_REWARD_ALIASES = {"cosine_scaled": "cosine", "len": "length", "repetition_penalty": "repetition_penalty"}


def reward_name(func_name: str) -> str:
    """``accuracy_reward`` -> ``accuracy``; ``cosine_scaled_reward`` -> ``cosine``."""
    name = func_name.removesuffix("_reward").removeprefix("reward_")
    return _REWARD_ALIASES.get(name, name)


def canonical_key(key: str) -> str | None:
    """The canonical name of a logged metric, or ``None`` for metrics the diagnosis does not use."""
    k = key.strip()
    for prefix in ("train/", "eval/"):
        if k.startswith(prefix):
            if prefix == "eval/":
                return None
            k = k[len(prefix) :]
    if k in _ALIASES:
        return _ALIASES[k]
    if k.startswith("rewards/"):
        parts = k.split("/")
        if len(parts) == 2:
            return f"rewards/{reward_name(parts[1])}"
        if len(parts) == 3 and parts[2] == "mean":
            return f"rewards/{reward_name(parts[1])}"
        return None
    return None
