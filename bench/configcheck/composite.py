"""A training config's weighted reward composite, scored on cheap exploits and on genuine attempts.

``rewardcheck check`` asks one question before training starts: can the policy earn as much with a short
output that answers nothing as with a genuine attempt? This module builds the composite exactly as
open-r1's ``grpo.py`` hands it to TRL (reward functions in config order, ``reward_weights``, TRL's
``nansum``), scores the catalogue's exploit and genuine outputs (:mod:`rewardcheck.bench.cases.outputs`) with it, and compares.

>>> from rewardcheck.bench.training_config import TrainingConfig
>>> cfg = TrainingConfig.from_mapping({"reward_funcs": ["reasoning_steps"], "max_completion_length": 64})
>>> comp = build_composite(cfg, "openr1@e4ac3ae")
>>> round(comp.score([SampleOutput("seed", "exploit", "First, Finally,")])[0].total, 3)
0.667
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from rewardcheck.bench.cases.outputs import GOLD, PROBLEM, SampleOutput
from rewardcheck.bench.profiles import build_profile
from rewardcheck.bench.training_config import TrainingConfig
from rewardcheck.rewards.result import RewardFunc, explain

__all__ = [
    "SampleOutput",
    "OutputScore",
    "Composite",
    "build_composite",
    "Comparison",
    "compare",
    "grpo_advantages",
    "PROBLEM",
    "GOLD",
]


@dataclass
class OutputScore:
    output: SampleOutput
    scores: dict[str, float | None]
    reasons: dict[str, str]
    total: float | None

    def to_dict(self) -> dict[str, Any]:
        text = self.output.text
        return {
            "name": self.output.name,
            "kind": self.output.kind,
            "description": self.output.description,
            "text": text if len(text) <= 400 else text[:200] + " … " + text[-150:],
            "n_chars": len(text),
            "n_tokens": len(self.output.ids) if self.output.ids is not None else None,
            "scores": self.scores,
            "reasons": self.reasons,
            "total": self.total,
        }


@dataclass
class Composite:
    profile: str
    funcs: list[tuple[str, RewardFunc]]
    weights: tuple[float, ...]
    note: str | None = None

    def score(self, outputs: Sequence[SampleOutput], solution: str = GOLD) -> list[OutputScore]:
        """Score every output in one call per reward function, as TRL calls them on a batch."""
        completions = [o.text for o in outputs]
        kwargs: dict[str, Any] = {"solution": [solution] * len(outputs), "prompts": [PROBLEM] * len(outputs)}
        if all(o.ids is not None for o in outputs):
            kwargs["completion_ids"] = [list(o.ids or ()) for o in outputs]
        per_func = {name: explain(func, completions, **kwargs) for name, func in self.funcs}
        out = []
        for i, output in enumerate(outputs):
            scores = {name: res[i].value for name, res in per_func.items()}
            reasons = {name: res[i].reason for name, res in per_func.items()}
            present = [(v, w) for v, w in zip(scores.values(), self.weights, strict=True) if v is not None]
            total = float(sum(v * w for v, w in present)) if present else None
            out.append(OutputScore(output, scores, reasons, total))
        return out


def build_composite(config: TrainingConfig, profile: str, tokenizer: Any = None) -> Composite:
    """The reward functions and weights ``config`` trains with, under ``profile``."""
    args = dict(config.raw)
    args["max_completion_length"] = config.max_completion_length
    args["num_generations"] = config.num_generations
    args["think_prefilled"] = config.prefills_think
    if tokenizer is None:
        args["cosine_count_chars"] = True  # patched measures tokens; without a tokenizer it must be told
    spec = build_profile(profile, config.reward_funcs, config.weights, args)
    note = spec.note
    wrong = (float(args.get("cosine_min_value_wrong", 0.0)), float(args.get("cosine_max_value_wrong", -0.5)))
    if spec.name == "patched" and "cosine" in config.reward_funcs and wrong == (0.0, -0.5):
        note = (
            "patched reads cosine wrong-answer values 0.0 / -0.5 (open-r1's CLI default, which pays short wrong "
            "answers most) as unset and uses -0.5 / -0.5"
        )
    return Composite(spec.name, spec.build(tokenizer), spec.weights, note)


def grpo_advantages(totals: Sequence[float], scale: bool = True) -> list[float]:
    """TRL's group-relative advantage: (r - mean) / (std + 1e-4), std unbiased as torch's default."""
    n = len(totals)
    mean = sum(totals) / n
    std = math.sqrt(sum((t - mean) ** 2 for t in totals) / (n - 1)) if n > 1 else 0.0
    return [(t - mean) / (std + 1e-4) if scale else t - mean for t in totals]


@dataclass
class Comparison:
    """Best exploit vs genuine attempts under one composite, and what GRPO does with them."""

    profile: str
    scores: list[OutputScore]
    best_exploit: OutputScore
    truncated: OutputScore
    wrong: OutputScore
    correct: OutputScore
    collapse_risk: bool
    identical_group_advantage: list[float]
    mixed_group_advantage: list[float]
    num_generations: int
    note: str | None = None
    messages: list[str] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return {
            "profile": self.profile,
            "note": self.note,
            "collapse_risk": self.collapse_risk,
            "messages": self.messages,
            "best_exploit": self.best_exploit.output.name,
            "cheapest_exploit": self.best_exploit.to_dict(),
            "genuine": {
                "correct": self.correct.total,
                "wrong": self.wrong.total,
                "truncated_at_max_completion_length": self.truncated.total,
            },
            "outputs": [s.to_dict() for s in self.scores],
            "identical_exploit_group": {
                "size": self.num_generations,
                "advantages": self.identical_group_advantage,
            },
            "exploit_vs_truncated_group": {
                "size": self.num_generations,
                "advantages": self.mixed_group_advantage,
            },
        }


def _t(s: OutputScore) -> float:
    return s.total if s.total is not None else float("-inf")


def compare(composite: Composite, outputs: Sequence[SampleOutput], num_generations: int) -> Comparison:
    scores = composite.score(outputs)
    by_name = {s.output.name: s for s in scores}
    exploits = [s for s in scores if s.output.kind == "exploit"]
    best = max(exploits, key=_t)
    truncated, wrong = by_name["truncated_attempt"], by_name["wrong_r1"]
    correct = max((by_name["correct_r1"], by_name["correct_tags"]), key=_t)
    # Paying a no-answer output more than a cut genuine attempt reinforces it; paying it as much is a risk
    # only when the pay is positive (a tie at zero or below pushes the policy nowhere).
    risk = _t(best) > _t(truncated) + 1e-9 or (_t(best) > 0 and abs(_t(best) - _t(truncated)) <= 1e-9)
    g = max(num_generations, 2)
    identical = grpo_advantages([_t(best)] * g) if best.total is not None else []
    mixed = (
        grpo_advantages([_t(best)] + [_t(truncated)] * (g - 1))
        if best.total is not None and truncated.total is not None
        else []
    )
    messages = []
    if risk:
        messages.append(
            f"collapse risk: {best.output.name} {best.output.text!r} ({len(best.output.text)} chars, no answer) earns "
            f"{_t(best):.3f} >= {_t(truncated):.3f} for a genuine attempt cut at max_completion_length"
        )
    seed = by_name.get("seed_exploit")
    if risk and seed is not None and seed is not best and seed.total is not None and seed.total > 0:
        messages.append(
            f"the seed run's own output {seed.output.text!r} earns {seed.total:.3f} with no answer"
        )
    if _t(best) >= _t(wrong):
        messages.append(
            f"{best.output.name} earns {_t(best):.3f} >= {_t(wrong):.3f} for a complete wrong answer"
        )
    if risk and identical and all(abs(a) < 1e-9 for a in identical):
        messages.append(
            f"a group of {g} identical {best.output.name} outputs has reward std 0: advantage 0 for every member, "
            "so nothing pushes the policy away from it"
        )
    if mixed and mixed[0] > 0:
        messages.append(
            f"one {best.output.name} among {g - 1} truncated attempts gets advantage {mixed[0]:+.2f}: GRPO reinforces it"
        )
    return Comparison(
        composite.profile,
        scores,
        best,
        truncated,
        wrong,
        correct,
        risk,
        identical,
        mixed,
        g,
        composite.note,
        messages,
    )
