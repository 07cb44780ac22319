"""What a simulation takes and gives: its :class:`Settings`, one :class:`StepStats` per step, the
:class:`StartMatch` of a fitted start, the :class:`StartLimit` when the real run cannot be predicted, and the
whole :class:`SimulationResult`. Records only: the loop (:mod:`.engine`) and the limits (:mod:`.limits`) both
import them, and they import neither.

>>> Settings().steps, StepStats.__name__
(500, 'StepStats')
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from .corpus import DEFAULT_GOLDEN, Corpus

__all__ = ["Settings", "StepStats", "StartMatch", "StartLimit", "SimulationResult"]


@dataclass(frozen=True)
class Settings:
    steps: int = 500
    seed: int = 0
    prompts_per_step: int = 4
    n_prompts: int = 12
    lr: float = 0.03
    beta: float | None = None  # None: the config's ``beta``, else TRL's 0.04 of early 2025
    init_length: float | None = None  # median thinking tokens at step 0; None: from the data (see module doc)
    # A real run's starting state (``--start-from LOG``): the step-0 mean completion length in tokens (as TRL
    # logs it, after truncation) and accuracy. The length tendency and a factor on every prompt's skill are
    # solved so that the expected step-0 values match; init_length is then ignored.
    init_tokens: float | None = None
    init_accuracy: float | None = None
    init_answer_rate: float | None = None  # P(final answer written) at step 0; None: measured on the corpus
    init_marker_rate: float | None = None  # P(each step slot gets a marker) at step 0; None: the corpus's
    # P(early stop) at step 0 (see ``policy``); None: the share of real completions under SHORT_TOKENS tokens
    # in the golden file; 0 turns the mode off (the single log-normal of earlier versions).
    short_rate: float | None = None
    # TRL's loss_type "grpo" (the seed run's TRL and the repro): each completion's token losses are averaged
    # over its own length, so a completion's push on the policy is A / L. False: every completion weighs the
    # same (Dr. GRPO, TRL's loss_type "dr_grpo" up to a constant).
    length_normalised: bool = True
    grid_levels: int = 24
    learn_spread: bool = (
        True  # False: sampling keeps the real within-problem spread of lengths (see module doc)
    )
    degenerate_tokens: int = 32
    profile: str | None = None  # None: the config's ``rewardcheck_profile``, else "patched"
    golden: str | Path = DEFAULT_GOLDEN
    # The log the start was read from (``--start-from LOG``): after simulating, its own outcome is compared
    # with the simulation's, and a collapse the simulation cannot predict is reported (``limits``).
    start_log: str | None = None


@dataclass
class StepStats:
    step: int
    reward_mean: float
    reward_std: float
    rewards: dict[str, float]
    accuracy: float
    length_tokens: float
    frac_degenerate: float
    frac_zero_std: float
    frac_truncated: float
    frac_answer: float
    mean_markers: float
    kl: float
    policy: dict[str, float]
    shortening: dict[
        str, float
    ]  # per reward: its part of the policy-gradient component along mu (< 0 shortens)
    answer_push: dict[str, float]  # per reward: its part along answer_logit (< 0 drops the answer)
    degenerate_advantage: float = float("nan")  # mean advantage of this step's degenerate completions
    reward_std_batch: float = float("nan")  # std over the whole batch, as TRL >= 0.2x logs reward_std

    def to_dict(self) -> dict[str, Any]:
        return dict(self.__dict__)


@dataclass
class SimulationResult:
    config: str
    profile: str
    reward_names: list[str]
    weights: list[float]
    settings: Settings
    corpus: Corpus
    history: list[StepStats]
    collapse_step: int | None
    driver: str | None
    shortening_total: dict[str, float]
    answer_total: dict[str, float]
    distinct_texts: int
    seconds: float
    beta: float = 0.04
    num_generations: int = 8
    examples: list[str] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)  # the prompts the run used
    start: StartMatch | None = None  # how step 0 was fitted to a real run's first records, if it was
    start_limit: StartLimit | None = None  # the real run collapsed, the simulation from its start did not

    @property
    def initial(self) -> StepStats:
        return self.history[0]

    @property
    def final(self) -> StepStats:
        """Averages over the last 20 steps (one step is noisy)."""
        tail = self.history[-min(20, len(self.history)) :]
        avg = {
            k: float(np.mean([getattr(s, k) for s in tail]))
            for k in (
                "reward_mean",
                "reward_std",
                "accuracy",
                "length_tokens",
                "frac_degenerate",
                "frac_zero_std",
                "frac_truncated",
                "frac_answer",
                "mean_markers",
                "kl",
            )
        }
        rewards = {n: float(np.mean([s.rewards[n] for s in tail])) for n in self.reward_names}
        last = self.history[-1]
        return StepStats(
            last.step,
            rewards=rewards,
            policy=last.policy,
            shortening=last.shortening,
            answer_push=last.answer_push,
            **avg,
        )

    @property
    def collapsed(self) -> bool:
        return self.collapse_step is not None

    def to_dict(self) -> dict[str, Any]:
        """The JSON document of ``rewardcheck simulate``."""
        r = self
        c = r.corpus
        return {
            "config": r.config,
            "profile": r.profile,
            "rewards": r.reward_names,
            "weights": r.weights,
            "settings": {k: (str(v) if k == "golden" else v) for k, v in asdict(r.settings).items()},
            "beta": r.beta,
            "num_generations": r.num_generations,
            "corpus": {
                "source": c.source,
                "rows_used": c.rows_used,
                "usable_prompts": len(c.prompts),
                "skipped": c.skipped,
                "within_prompt_log_sd": c.within_prompt_log_sd,
                "marker_rate": c.marker_rate,
                "answer_rate": c.answer_rate,
            },
            "collapsed": r.collapsed,
            "collapse_step": r.collapse_step,
            "driver": r.driver,
            "shortening_by_reward": r.shortening_total,
            "answer_push_by_reward": r.answer_total,
            "initial": r.initial.to_dict(),
            "final": r.final.to_dict(),
            "history": [s.to_dict() for s in r.history],
            "examples": r.examples,
            "problems": r.problems,
            "start": None if r.start is None else asdict(r.start),
            "start_limit": None if r.start_limit is None else r.start_limit.to_dict(),
            "distinct_texts": r.distinct_texts,
            "seconds": r.seconds,
        }


@dataclass(frozen=True)
class StartMatch:
    """How the step-0 state was fitted to a real run's first records (see ``Settings.init_tokens``)."""

    target_tokens: float | None
    target_accuracy: float | None
    median_think_tokens: float
    skill_factor: float
    expected_tokens: float
    expected_accuracy: float
    note: str | None = None


@dataclass(frozen=True)
class StartLimit:
    """The simulation cannot predict the real run from its start; ``reason`` is the measured why."""

    log: str
    onset: str
    before: dict[str, float]  # the real run's last record before the onset
    after: dict[str, float]  # its first collapsed record
    reason: str

    @property
    def message(self) -> str:
        return f"cannot predict the real run from this start: {self.reason}"

    def to_dict(self) -> dict[str, Any]:
        return {**asdict(self), "message": self.message}
