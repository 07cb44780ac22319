"""Read a GRPO training configuration (open-r1 recipe YAML, JSON, or a dict) for ``check`` and ``simulate``.

Only the keys that decide what the policy is paid are kept; the rest stay available in ``raw``.

>>> cfg = TrainingConfig.from_mapping({"reward_funcs": ["accuracy", "format"], "max_completion_length": 512})
>>> cfg.reward_funcs, cfg.weights, cfg.max_completion_length, cfg.prefills_think
(('accuracy', 'format'), (1.0, 1.0), 512, False)
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from rewardcheck.bench.errors import InputError
from rewardcheck.rewards.args import RewardArgs

__all__ = ["TrainingConfig", "ConfigError", "load_config"]


class ConfigError(InputError):
    """A config that cannot be used; the message names the file and the field."""


@dataclass(frozen=True)
class TrainingConfig:
    reward_funcs: tuple[str, ...]
    weights: tuple[float, ...]
    max_completion_length: int = 256  # TRL's GRPOConfig default
    num_generations: int = 8  # TRL's GRPOConfig default
    system_prompt: str | None = None
    chat_template: str | None = None
    profile: str | None = None  # the upstream commit the config names, if any
    source: str = "<dict>"
    raw: Mapping[str, Any] = field(default_factory=dict, repr=False)

    @property
    def prefills_think(self) -> bool:
        """True when the chat template opens ``<think>`` itself, so completions start inside the think block."""
        tpl = self.chat_template or ""
        tail = tpl[tpl.rfind("add_generation_prompt") :] if "add_generation_prompt" in tpl else ""
        return "<think>" in tail

    def reward_args(self, **overrides: Any) -> RewardArgs:
        """The script arguments ``get_reward_funcs`` needs, with the trainer's completion limit attached."""
        values = dict(self.raw)
        values["reward_funcs"] = list(self.reward_funcs)
        values["reward_weights"] = list(self.weights)
        values["max_completion_length"] = self.max_completion_length
        values["num_generations"] = self.num_generations
        # patched rewards read this from RewardArgs.extra: completions start inside the think block
        values.setdefault("think_prefilled", self.prefills_think)
        values.update(overrides)
        return RewardArgs.from_any(values)

    @classmethod
    def from_mapping(cls, data: Mapping[str, Any], source: str = "<dict>") -> TrainingConfig:
        funcs = data.get("reward_funcs")
        if funcs is None:
            raise ConfigError(
                f"{source}: field 'reward_funcs' is missing (a list of reward names, e.g. [accuracy, format])"
            )
        if isinstance(funcs, str):
            funcs = [funcs]
        if not isinstance(funcs, list | tuple) or not all(isinstance(f, str) for f in funcs):
            raise ConfigError(f"{source}: field 'reward_funcs' must be a list of strings, got {funcs!r}")
        weights = data.get("reward_weights")
        if weights is None:
            weights = [1.0] * len(funcs)
        if not isinstance(weights, list | tuple) or len(weights) != len(funcs):
            raise ConfigError(
                f"{source}: field 'reward_weights' must have one number per reward function ({len(funcs)}), got {weights!r}"
            )
        try:
            weights = [float(w) for w in weights]
        except (TypeError, ValueError) as exc:
            raise ConfigError(f"{source}: field 'reward_weights' must hold numbers: {exc}") from None
        ints: dict[str, int] = {}
        for key, default in (("max_completion_length", 256), ("num_generations", 8)):
            value = data.get(key, default)
            try:
                ints[key] = int(value)
            except (TypeError, ValueError):
                raise ConfigError(f"{source}: field {key!r} must be an integer, got {value!r}") from None
            if ints[key] <= 0:
                raise ConfigError(f"{source}: field {key!r} must be positive, got {value!r}")
        profile = data.get("rewardcheck_profile") or data.get("open_r1_commit")
        return cls(
            reward_funcs=tuple(funcs),
            weights=tuple(weights),
            max_completion_length=ints["max_completion_length"],
            num_generations=ints["num_generations"],
            system_prompt=data.get("system_prompt"),
            chat_template=data.get("chat_template"),
            profile=str(profile) if profile else None,
            source=source,
            raw=dict(data),
        )


def load_config(path: str | Path) -> TrainingConfig:
    """Load a YAML or JSON config file; errors name the file and the field."""
    p = Path(path)
    if not p.is_file():
        raise ConfigError(f"{p}: no such config file")
    text = p.read_text(encoding="utf-8")
    try:
        data = json.loads(text) if p.suffix == ".json" else yaml.safe_load(text)
    except (json.JSONDecodeError, yaml.YAMLError) as exc:
        raise ConfigError(f"{p}: not valid {'JSON' if p.suffix == '.json' else 'YAML'}: {exc}") from None
    if not isinstance(data, Mapping):
        raise ConfigError(
            f"{p}: expected a mapping of config keys at the top level, got {type(data).__name__}"
        )
    return TrainingConfig.from_mapping(data, source=str(p))
