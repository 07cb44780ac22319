"""The ``patched`` reward profile: drop-in replacements for open-r1's rewards with every known fault fixed.

>>> from rewardcheck.rewards import get_reward_funcs
>>> [f.__name__ for f in get_reward_funcs({"reward_funcs": ["accuracy", "cosine"]}, profile="patched")]
['accuracy_reward', 'cosine_scaled_reward']
"""
