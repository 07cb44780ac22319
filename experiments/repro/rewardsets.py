"""The two reward sets the reproduction compares, built through the public registry.

``openr1`` is the seed run's set (open-r1 e4ac3ae accuracy, format, reasoning_steps, cosine with the CLI
defaults, weights 1); ``patched`` is the same names from the patched profile, told the completion budget
and EOS id so that truncation is judged on token ids; everything else is left at its defaults.

>>> [f.__name__ for f in reward_set("openr1", tokenizer=None, max_completion_length=192)]
['accuracy_reward', 'format_reward', 'reasoning_steps_reward', 'cosine_scaled_reward']
"""

from __future__ import annotations

from typing import Any

from rewardcheck.rewards.registry import get_reward_funcs

__all__ = ["REWARD_SETS", "REWARD_NAMES", "ABLATIONS", "reward_set", "reward_set_args"]

REWARD_NAMES = ("accuracy", "format", "reasoning_steps", "cosine")
REWARD_SETS = {
    "openr1": "openr1@e4ac3ae",
    "patched": "patched",
    # the patched defaults before the cure campaign's reward fix (steps paid whatever the answer): the (b) runs
    "patched_ungated": "patched",
    # the fix made explicit, whatever the defaults: steps pay only under a correct answer
    "patched_gated": "patched",
}
GATES = {"patched_ungated": "none", "patched_gated": "correct"}
# The cure protocol's ablations (experiments/cure/PROTOCOL.md): which term drives the upstream collapse
ABLATIONS = {
    "openr1_no_cosine": ("openr1", ("accuracy", "format", "reasoning_steps")),
    "openr1_no_steps": ("openr1", ("accuracy", "format", "cosine")),
}
REWARD_SETS.update({name: "openr1@e4ac3ae" for name in ABLATIONS})
REWARD_SETS["patched_upstream_cosine"] = "patched + openr1@e4ac3ae cosine"


def reward_set_args(name: str, tokenizer: Any, max_completion_length: int) -> dict[str, Any]:
    """Script arguments for ``name``: upstream gets open-r1's CLI defaults, patched gets the token budget."""
    if name == "openr1":
        return {"reward_funcs": list(REWARD_NAMES)}
    if name in ABLATIONS:
        return {"reward_funcs": list(ABLATIONS[name][1])}
    if name == "patched_upstream_cosine":
        return {
            **reward_set_args("patched", tokenizer, max_completion_length),
            "cosine_from": "openr1@e4ac3ae",
        }
    if name in ("patched", *GATES):
        gate = {"reasoning_steps_gate": GATES[name]} if name in GATES else {}
        return {
            **gate,
            "reward_funcs": list(REWARD_NAMES),
            "max_completion_length": max_completion_length,
            "eos_token_id": None if tokenizer is None else tokenizer.eos_token_id,
            "tokenizer": tokenizer,
            # Cosine values are left at open-r1's CLI defaults on purpose: the patched profile reads that pair
            # as "not set" and uses its own defaults, which is what a user who swaps the profile gets.
        }
    raise ValueError(f"unknown reward set {name!r}; valid: {', '.join(REWARD_SETS)}")


def reward_set(name: str, tokenizer: Any, max_completion_length: int) -> list[Any]:
    """The reward functions of ``name``, in :data:`REWARD_NAMES` order (an ablation leaves its term out;
    ``patched_upstream_cosine`` is patched with open-r1's cosine in its place)."""
    args = reward_set_args(name, tokenizer, max_completion_length)
    if name == "patched_upstream_cosine":
        args = {k: v for k, v in args.items() if k != "cosine_from"}
        patched = get_reward_funcs(args, profile="patched")
        upstream = get_reward_funcs({"reward_funcs": ["cosine"]}, profile="openr1@e4ac3ae")
        return [*patched[:3], upstream[0]]
    return get_reward_funcs(args, profile=REWARD_SETS[name])
