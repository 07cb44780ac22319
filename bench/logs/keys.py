"""Map the metric names of every TRL / HF Trainer / wandb version onto one canonical set.

>>> canonical_key("train/rewards/accuracy_reward/mean"), canonical_key("completions/mean_length")
('rewards/accuracy', 'completion_length')
>>> canonical_key("rewards/cosine_scaled_reward"), canonical_key("rewards/format_reward/std")
('rewards/cosine', 'rewards_std/format')
>>> canonical_key("eval/reward"), eval_key("eval/reward"), eval_key("eval_rewards/accuracy_reward/mean")
(None, 'reward', 'rewards/accuracy')
"""

from __future__ import annotations

__all__ = ["canonical_key", "eval_key", "reward_name"]

_ALIASES = {
    "reward": "reward",
    "rewards/mean": "reward",
    "reward_std": "reward_std",
    "rewards/std": "reward_std",
    "frac_reward_zero_std": "frac_reward_zero_std",
    "completion_length": "completion_length",
    "completions/mean_length": "completion_length",
    "completion_length/mean": "completion_length",
    "completions/min_length": "completion_length_min",
    "completions/max_length": "completion_length_max",
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
    "clip_ratio": "clip_ratio",
    "clip_ratio/region_mean": "clip_ratio",
    "objective/clipfrac": "clip_ratio",
    "clip_ratio/low_mean": "clip_ratio_low",
    "clip_ratio/high_mean": "clip_ratio_high",
    "guard/degenerate_rate": "degenerate_rate",  # logged by bench.guard.RecordingReward
    # canonical names map to themselves, so a parsed log can be fed back (bench.guard.replay_log)
    "clip_ratio_low": "clip_ratio_low",
    "clip_ratio_high": "clip_ratio_high",
    "degenerate_rate": "degenerate_rate",
    "group_reward_std": "group_reward_std",  # derived from TRL's completions tables (bench.logs.completions)
    "completion_length_min": "completion_length_min",
    "completion_length_max": "completion_length_max",
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
    if k.startswith("rewards_std/") and k.count("/") == 1:
        return k
    if k.startswith("rewards/"):
        parts = k.split("/")
        if len(parts) == 2:
            return f"rewards/{reward_name(parts[1])}"
        if len(parts) == 3 and parts[2] == "mean":
            return f"rewards/{reward_name(parts[1])}"
        if len(parts) == 3 and parts[2] == "std":
            return f"rewards_std/{reward_name(parts[1])}"
        return None
    return None


def eval_key(key: str) -> str | None:
    """The canonical name of an evaluation metric (``eval_reward``, ``eval/rewards/x/mean``), else ``None``."""
    k = key.strip()
    for prefix in ("eval/", "eval_"):
        if k.startswith(prefix):
            name = canonical_key(k[len(prefix) :])
            return None if name in (None, "step", "epoch", "learning_rate") else name
    return None
