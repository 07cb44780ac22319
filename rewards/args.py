"""open-r1's reward-related script arguments, read from any object or mapping that carries them.

``get_reward_funcs`` accepts open-r1's ``GRPOScriptArguments``, a TRL config, a dict parsed from a recipe
YAML, or anything with the same attribute names. Missing fields take open-r1's CLI defaults (which are
*not* the defaults of ``get_cosine_scaled_reward`` itself: the CLI's wrong-answer branch is 0.0 / -0.5).

>>> args = RewardArgs.from_any({"reward_funcs": ["accuracy"], "cosine_max_len": 512})
>>> args.reward_funcs, args.cosine_max_len, args.cosine_min_value_wrong
(('accuracy',), 512, 0.0)
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

__all__ = ["RewardArgs", "TRAINING_FIELDS"]

# Fields open-r1 keeps in the training config (GRPOConfig), not in its script arguments.
TRAINING_FIELDS = ("max_completion_length", "num_generations")


@dataclass(frozen=True)
class RewardArgs:
    reward_funcs: tuple[str, ...] = ("accuracy", "format", "tag_count")
    reward_weights: tuple[float, ...] | None = None
    cosine_min_value_wrong: float = 0.0
    cosine_max_value_wrong: float = -0.5
    cosine_min_value_correct: float = 0.5
    cosine_max_value_correct: float = 1.0
    cosine_max_len: int = 1000
    repetition_n_grams: int = 3
    repetition_max_penalty: float = -1.0
    max_completion_len: int = 16384
    soft_punish_cache: int = 4096
    # From the trainer config rather than open-r1's script args; patched rewards use them for truncation.
    max_completion_length: int | None = None
    num_generations: int | None = None
    eos_token_id: int | tuple[int, ...] | None = None
    tokenizer: Any = field(default=None, compare=False, repr=False)
    extra: Mapping[str, Any] = field(default_factory=dict, compare=False, repr=False)

    def with_training(self, training_args: Any) -> RewardArgs:
        """These arguments completed from the training config (an object or a mapping): the fields open-r1
        keeps there (``max_completion_length``, ``num_generations``; ``system_prompt`` into ``extra``), where
        the script arguments left them unset.

        >>> RewardArgs().with_training({"max_completion_length": 256, "system_prompt": "..."}).max_completion_length
        256
        """
        get = (
            training_args.get
            if isinstance(training_args, Mapping)
            else lambda k: getattr(training_args, k, None)
        )
        changes: dict[str, Any] = {}
        for key in TRAINING_FIELDS:
            value = get(key)
            if value is not None and getattr(self, key) is None:
                changes[key] = int(value)
        prompt = get("system_prompt")
        extra = dict(self.extra)
        if prompt is not None and extra.get("system_prompt") is None:
            extra["system_prompt"] = prompt
        return dataclasses.replace(self, **changes, extra=extra)

    @classmethod
    def from_any(cls, source: Any = None, **overrides: Any) -> RewardArgs:
        """Build from an object with attributes, a mapping, or ``None`` (all defaults)."""
        if isinstance(source, RewardArgs):
            return dataclasses.replace(source, **overrides) if overrides else source
        names = {f.name for f in dataclasses.fields(cls)} - {"extra"}
        values: dict[str, Any] = {}
        extra: dict[str, Any] = {}
        if isinstance(source, Mapping):
            items = dict(source)
        elif source is None:
            items = {}
        else:
            items = {
                k: getattr(source, k)
                for k in dir(source)
                if not k.startswith("_") and not callable(getattr(source, k, None))
            }
        for key, value in items.items():
            if key in names:
                values[key] = value
            else:
                extra[key] = value
        values.update(overrides)
        if "reward_funcs" in values and values["reward_funcs"] is not None:
            funcs = values["reward_funcs"]
            values["reward_funcs"] = (funcs,) if isinstance(funcs, str) else tuple(funcs)
        elif "reward_funcs" in values:
            del values["reward_funcs"]
        if values.get("reward_weights") is not None:
            values["reward_weights"] = tuple(float(w) for w in values["reward_weights"])
        eos = values.get("eos_token_id")
        if isinstance(eos, list):
            values["eos_token_id"] = tuple(eos)
        for key in ("cosine_max_len", "repetition_n_grams", "max_completion_len", "soft_punish_cache"):
            if key in values:
                values[key] = int(values[key])
        for key in (
            "cosine_min_value_wrong",
            "cosine_max_value_wrong",
            "cosine_min_value_correct",
            "cosine_max_value_correct",
            "repetition_max_penalty",
        ):
            if key in values:
                values[key] = float(values[key])
        return cls(**values, extra=extra)
