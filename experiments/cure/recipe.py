"""The cure campaign's recipe: one place for every setting the runs share.

The seed reproduction (``experiments.repro``) started from a checkpoint that answered 5-6% of fresh problems,
with traces of up to ~300 tokens. Here the traces are short (0-4 filler lines, 10% deliberately wrong, add and
add-subtract problems), the GRPO budget is 64 tokens (so the longest attempts are still cut, as in the seed
run), and every evaluation problem comes from a held-out split that no SFT or GRPO draw can produce.

>>> r = CureRecipe()
>>> r.grpo.max_completion_length, r.sft.mix.max_filler, r.grpo.train_split_only
(64, 4, True)
>>> r.arm("openr1").profile, r.arm("patched").profile
('openr1@e4ac3ae', 'patched')
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any

from experiments.repro.grpo import GRPOSettings
from experiments.repro.model import ModelSpec
from experiments.repro.rewardsets import REWARD_SETS
from experiments.repro.sft import SFTSettings
from experiments.repro.tasks import CURE_MIX

__all__ = ["Arm", "CureRecipe", "ARMS", "PROTOCOL_ARMS"]


@dataclass(frozen=True)
class Arm:
    name: str
    reward_set: str  # a key of experiments.repro.rewardsets.REWARD_SETS
    note: str
    lr: float | None = None  # a recipe change of this arm (None: the recipe's)
    beta: float | None = None

    @property
    def profile(self) -> str:
        return REWARD_SETS[self.reward_set]


ARMS = (
    Arm("openr1", "openr1", "(a) open-r1 e4ac3ae, the seed run's reward set, open-r1's CLI defaults"),
    Arm(
        "patched",
        "patched_ungated",
        "(b) patched with its defaults as the campaign began (commit ed37ffa, where reasoning_steps paid steps "
        "whatever the answer: the reward set patched_ungated), told max_completion_length and the EOS id",
    ),
    Arm(
        "patched_gated",
        "patched_gated",
        "the reward fix alone, at (a)'s rate: reasoning_steps pays only under a correct answer (the patched "
        "default since); nothing else changed",
    ),
    Arm(
        "patched_gated_lr5e-5",
        "patched_gated",
        "(c) the reward fix plus a recipe fix: learning rate 5e-5 (at 3e-4 the tiny model's arithmetic drifts away "
        "under every reward set, the gated one included)",
        lr=5e-5,
    ),
    Arm(
        "openr1_lr5e-5",
        "openr1",
        "(a) at (c)'s learning rate: does the upstream set still collapse there?",
        lr=5e-5,
    ),
    # The protocol's arms (experiments/cure/PROTOCOL.md); the learning rate is the run's (--lr)
    Arm("upstream", "openr1", "open-r1 e4ac3ae's set as the seed run used it (CLI defaults)"),
    Arm(
        "patched_default", "patched", "the patched profile as it ships (reasoning_steps gated on correctness)"
    ),
    Arm("upstream_no_cosine", "openr1_no_cosine", "ablation: upstream without its cosine length term"),
    Arm("upstream_no_steps", "openr1_no_steps", "ablation: upstream without reasoning_steps"),
    Arm(
        "patched_upstream_cosine",
        "patched_upstream_cosine",
        "ablation: patched with upstream's cosine (open-r1's CLI defaults) in place of its own",
    ),
)
PROTOCOL_ARMS = (
    "upstream",
    "patched_default",
    "upstream_no_cosine",
    "upstream_no_steps",
    "patched_upstream_cosine",
)


@dataclass(frozen=True)
class CureRecipe:
    model: ModelSpec = field(default_factory=ModelSpec)
    vocab_size: int = 700
    corpus_examples: int = 4000
    sft: SFTSettings = field(
        default_factory=lambda: SFTSettings(steps=1500, batch_size=32, lr=2e-3, warmup=40, mix=CURE_MIX)
    )
    grpo: GRPOSettings = field(
        default_factory=lambda: GRPOSettings(
            steps=300,
            lr=3e-4,
            max_completion_length=64,
            kinds=("add", "addsub"),
            train_split_only=True,
        )
    )
    eval_problems: int = 256  # held-out problems, the same for every arm and seed
    eval_samples: int = 2  # T=1 samples per problem
    eval_seed: int = 4242  # which held-out problems (validation during SFT uses another seed)
    save_steps: int = 50

    def arm(self, name: str) -> Arm:
        for a in ARMS:
            if a.name == name:
                return a
        raise ValueError(f"unknown arm {name!r}; valid: {', '.join(a.name for a in ARMS)}")

    def with_grpo(self, **changes: Any) -> CureRecipe:
        return dataclasses.replace(self, grpo=dataclasses.replace(self.grpo, **changes))

    def with_sft(self, **changes: Any) -> CureRecipe:
        return dataclasses.replace(self, sft=dataclasses.replace(self.sft, **changes))

    @classmethod
    def small(cls) -> CureRecipe:
        """Seconds, for the CI smoke test."""
        return cls(
            model=ModelSpec.small(),
            vocab_size=400,
            corpus_examples=300,
            sft=SFTSettings(steps=20, batch_size=8, lr=3e-3, warmup=4, mix=CURE_MIX),
            grpo=GRPOSettings(
                steps=4,
                prompts_per_step=2,
                num_generations=4,
                max_completion_length=24,
                kinds=("add", "addsub"),
                train_split_only=True,
            ),
            eval_problems=8,
            eval_samples=1,
            save_steps=2,
        )
