r"""rewardcheck: test, diagnose and fix the rewards that GRPO/PPO fine-tuning of reasoning models optimises.

Everything a user calls, on one page:

>>> from rewardcheck import get_reward_funcs, judge, check_reward
>>> [f.__name__ for f in get_reward_funcs({"reward_funcs": ["accuracy", "format"]})]
['accuracy_reward', 'format_reward']
>>> j = judge("<think>\nadd\n</think>\nThe answer is $\\boxed{3}$.", "$3$")
>>> j.verdict.value, j.reason
('correct', 'normalised answer equals normalised gold')

- rewards: :func:`get_reward_funcs` (drops into open-r1's ``grpo.py`` and TRL's ``GRPOTrainer``), the patched
  reward functions by their upstream names (``accuracy_reward``, ``format_reward``, ``tag_count_reward``,
  ``reasoning_steps_reward``, ``len_reward``) and factories (``get_cosine_scaled_reward``,
  ``get_repetition_penalty_reward``, ``get_soft_overlong_punishment``), :func:`guarded` for a learned reward;
- answers: :func:`judge`, one completion against one gold, with the verdict and its reason;
- checks: :func:`check_reward` and :func:`check_composite` (the checker behind the pytest plugin);
- training: :class:`RewardcheckCallback`, the live guard for a ``transformers`` / TRL trainer.

Names load on first use, so ``import rewardcheck`` costs neither sympy nor transformers. Everything installs
under this one name: the reward functions are ``rewardcheck.rewards``, the test bench ``rewardcheck.bench``
(its pytest plugin ``rewardcheck.bench.pytest_plugin``), so a user's own ``rewards.py`` or ``bench/`` package
(open-r1 ships a ``rewards.py``) never meets ours.
"""

from __future__ import annotations

import importlib
from typing import Any

__version__ = "0.2.0"

# public name -> (module, attribute): imported on first access
_LAZY: dict[str, tuple[str, str]] = {
    "get_reward_funcs": ("rewardcheck.rewards.registry", "get_reward_funcs"),
    "build_registry": ("rewardcheck.rewards.registry", "build_registry"),
    "RewardResult": ("rewardcheck.rewards.result", "RewardResult"),
    "judge": ("rewardcheck.rewards.engine", "judge"),
    "EngineConfig": ("rewardcheck.rewards.engine", "EngineConfig"),
    "Judgement": ("rewardcheck.rewards.engine", "Judgement"),
    "Verdict": ("rewardcheck.rewards.engine", "Verdict"),
    "guarded": ("rewardcheck.rewards.guarded", "guarded"),
    "get_cosine_scaled_reward": ("rewardcheck.rewards.patched.registry", "get_cosine_scaled_reward"),
    "get_repetition_penalty_reward": (
        "rewardcheck.rewards.patched.repetition",
        "get_repetition_penalty_reward",
    ),
    "get_soft_overlong_punishment": (
        "rewardcheck.rewards.patched.repetition",
        "get_soft_overlong_punishment",
    ),
    "check_reward": ("rewardcheck.bench.checker", "check_reward"),
    "check_composite": ("rewardcheck.bench.checker", "check_composite"),
    "CheckReport": ("rewardcheck.bench.checker", "CheckReport"),
    "RewardcheckCallback": ("rewardcheck.bench.guard", "RewardcheckCallback"),
}
# the patched rewards with default settings, by the name upstream gives them -> registry key
_PATCHED = {
    "accuracy_reward": "accuracy",
    "format_reward": "format",
    "tag_count_reward": "tag_count",
    "reasoning_steps_reward": "reasoning_steps",
    "len_reward": "length",
}

__all__ = [
    *_LAZY,
    *_PATCHED,
]


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        module, attr = _LAZY[name]
        value = getattr(importlib.import_module(module), attr)
    elif name in _PATCHED:
        from rewardcheck.rewards.args import RewardArgs
        from rewardcheck.rewards.patched.registry import registry_entry

        value = registry_entry(RewardArgs.from_any({}), _PATCHED[name])
    else:
        raise AttributeError(f"module 'rewardcheck' has no attribute {name!r}")
    globals()[name] = value  # once loaded, an ordinary module attribute
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))
