"""Example reward callables for ``rewardcheck probe-rm --callable`` (and the shape any callable must have).

``flat_reward`` reproduces the DeepSpeed-Chat seed report's end state: 0.205 for every answer, whatever it says.

>>> flat_reward(["Q"], ["gibberish gibberish"])
[0.205]
>>> length_reward(["Q", "Q"], ["a b", "a b c"])
[2.0, 3.0]
"""

from __future__ import annotations

from collections.abc import Sequence

__all__ = ["flat_reward", "length_reward"]


def flat_reward(prompts: Sequence[str], completions: Sequence[str]) -> list[float]:
    """The same score for everything: the reward curve goes flat and the policy is free to write gibberish."""
    return [0.205 for _ in completions]


def length_reward(prompts: Sequence[str], completions: Sequence[str]) -> list[float]:
    """Pays words: every padding trick wins."""
    return [float(len(c.split())) for c in completions]
