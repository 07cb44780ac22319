"""The user's own rewards module (open-r1 ships a ``rewards.py`` of this name)."""


def accuracy_reward(completions, solution, **kwargs):
    return [1.0 if gold.strip("$") in text else 0.0 for text, gold in zip(completions, solution, strict=True)]


def get_reward_funcs(script_args):
    return [accuracy_reward]
