r"""A drop-in for ``trl.rewards`` (TRL 1.16): the same names and call shapes, scored by the patched engine.

Replace ``from trl.rewards import ...`` with ``from rewardcheck.trl import ...``; nothing else changes (argument
orders, factories, ``__name__`` that TRL logs under, the extra columns ``GRPOTrainer`` passes). What each
function pays differently from TRL, and why: ``rewards/trl_shaped.py`` and ``tests/integrations/test_trl_suite.py``.

>>> from rewardcheck.trl import think_format_reward, get_soft_overlong_punishment
>>> think_format_reward([[{"content": "<think>\nThis is my reasoning.\n</think>\nThis is my answer."}]])
[1.0]
>>> get_soft_overlong_punishment(max_completion_len=100, soft_punish_cache=20)([[1] * 90])
[-0.5]
"""

from __future__ import annotations

from rewardcheck.rewards.trl_shaped import (
    TRL_VERSION,
    accuracy_reward,
    get_cosine_scaled_reward,
    get_repetition_penalty_reward,
    get_soft_overlong_punishment,
    reasoning_accuracy_reward,
    think_format_reward,
)

__all__ = [
    "TRL_VERSION",
    "accuracy_reward",
    "reasoning_accuracy_reward",
    "think_format_reward",
    "get_cosine_scaled_reward",
    "get_repetition_penalty_reward",
    "get_soft_overlong_punishment",
]
