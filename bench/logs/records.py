"""A parsed training log: one metrics record per logged step, canonical metric names, and what was skipped.

Canonical names: ``reward``, ``reward_std``, ``frac_reward_zero_std``, ``completion_length``,
``clipped_ratio``, ``kl``, ``grad_norm``, ``learning_rate``, ``loss``, ``epoch``, ``act_loss``,
``cri_loss``, ``unsuper_loss``, and ``rewards/<name>`` for each reward function (``accuracy``,
``reasoning_steps``, ``cosine`` ...; TRL's ``_reward`` suffix and ``/mean`` dropped).

>>> log = TrainingLog("x.txt", "jsonl", [{"step": 1.0, "reward": 0.5}, {"step": 2.0, "reward": 0.6}])
>>> log.series("reward")
[(1.0, 0.5), (2.0, 0.6)]
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

__all__ = ["SkipReport", "TrainingLog"]


@dataclass(frozen=True)
class SkipReport:
    """One DeepSpeed ``step=N, skipped=K`` line; ``engine`` numbers the engines that report at the same step
    (DeepSpeed-Chat step 3 runs an actor and a critic engine, each with its own counter)."""

    step: int
    skipped: int
    engine: int
    line: int


@dataclass
class TrainingLog:
    source: str
    format: str
    records: list[dict[str, float]]
    skips: list[SkipReport] = field(default_factory=list)
    memory_gb: list[tuple[int, float]] = field(default_factory=list)
    unknown_lines: int = 0
    ignored: Counter[str] = field(default_factory=Counter)
    step_is_index: bool = (
        False  # True when the log carries no step: ``step`` is the record's position (1-based)
    )

    def series(self, name: str) -> list[tuple[float, float]]:
        """(step, value) for every record that has ``name``."""
        return [(r["step"], r[name]) for r in self.records if name in r]

    def values(self, name: str) -> list[float]:
        return [v for _, v in self.series(name)]

    def has(self, name: str) -> bool:
        return any(name in r for r in self.records)

    @property
    def metric_names(self) -> list[str]:
        seen: dict[str, None] = {}
        for r in self.records:
            for k in r:
                seen.setdefault(k, None)
        return [k for k in seen if k != "step"]

    @property
    def reward_components(self) -> list[str]:
        """Per-function reward names (without the ``rewards/`` prefix), in first-seen order."""
        return [k.split("/", 1)[1] for k in self.metric_names if k.startswith("rewards/")]

    def step_label(self, step: float) -> str:
        return f"record {int(step)}" if self.step_is_index else f"step {int(step)}"
