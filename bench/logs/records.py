"""A parsed training log: one metrics record per logged step, canonical metric names, and what was skipped.

Canonical names: ``reward``, ``reward_std``, ``group_reward_std`` (mean std within prompt groups, from a
completions table), ``frac_reward_zero_std``, ``completion_length`` (and the batch's
``completion_length_min`` / ``completion_length_max``), ``clipped_ratio``, ``kl``, ``grad_norm``, ``learning_rate``, ``loss``, ``epoch``, ``act_loss``,
``cri_loss``, ``unsuper_loss``, ``entropy``, ``clip_ratio`` (PPO ratio clipping, region mean),
``clip_ratio_low``, ``clip_ratio_high``, ``rewards/<name>`` for each reward function's mean (``accuracy``,
``reasoning_steps``, ``cosine`` ...; TRL's ``_reward`` suffix and ``/mean`` dropped) and ``rewards_std/<name>``
for its standard deviation. Evaluation metrics (``eval_*``, ``eval/*``) go to :attr:`TrainingLog.evals` with
the same names; a NaN or Inf value is kept in :attr:`TrainingLog.nonfinite` (step, metric, value).

>>> log = TrainingLog("x.txt", "jsonl", [{"step": 1.0, "reward": 0.5}, {"step": 2.0, "reward": 0.6}])
>>> log.series("reward")
[(1.0, 0.5), (2.0, 0.6)]
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
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
    evals: list[dict[str, float]] = field(default_factory=list)
    nonfinite: list[tuple[float, str, float]] = field(default_factory=list)
    # series cache for the live guard, which re-runs every detector on a log that only grows
    _series: dict[str, tuple[int, list[tuple[float, float]]]] = field(
        default_factory=dict, repr=False, compare=False
    )
    _names: tuple[int, dict[str, None]] = field(default=(0, {}), repr=False, compare=False)

    def series(self, name: str) -> list[tuple[float, float]]:
        """(step, value) for every record that has ``name`` (records are only ever appended)."""
        n = len(self.records)
        done, pts = self._series.get(name, (0, []))
        if done > n:
            done, pts = 0, []
        if done < n:
            pts = pts + [(r["step"], r[name]) for r in self.records[done:] if name in r]
            self._series[name] = (n, pts)
        return pts

    def derived(self, key: str, fn: Callable[[dict[str, float]], float | None]) -> list[tuple[float, float]]:
        """(step, fn(record)) for every record where fn gives a value, computed once per record: ``key`` names
        ``fn`` in the cache, so a detector's per-record work is not redone at every live step."""
        n = len(self.records)
        done, pts = self._series.get("\0" + key, (0, []))
        if done > n:
            done, pts = 0, []
        if done < n:
            new = [(r["step"], v) for r in self.records[done:] if (v := fn(r)) is not None]
            pts = pts + new
            self._series["\0" + key] = (n, pts)
        return pts

    def amend(self, index: int, values: dict[str, float]) -> list[str]:
        """Add ``values`` to record ``index`` where it has no value of its own (a completions table that arrives
        after its step was logged); returns the names added. Cached series are cut back to that record, so they
        are recomputed from it on the next call (steps must be increasing, as the live guard's are)."""
        record = self.records[index]
        added = [k for k in values if k not in record and k != "step"]
        if not added:
            return []
        record.update({k: values[k] for k in added})
        step = record["step"]
        for key, (done, pts) in list(self._series.items()):
            if done > index:
                self._series[key] = (index, [p for p in pts if p[0] < step])
        done, names = self._names
        if done > index:
            self._names = (done, {**names, **dict.fromkeys(added)})
        return added

    def eval_series(self, name: str) -> list[tuple[float, float]]:
        return [(r["step"], r[name]) for r in self.evals if name in r and "step" in r]

    def values(self, name: str) -> list[float]:
        return [v for _, v in self.series(name)]

    def has(self, name: str) -> bool:
        return bool(self.series(name))

    @property
    def metric_names(self) -> list[str]:
        n = len(self.records)
        done, names = self._names
        if done > n:
            done, names = 0, {}
        if done < n:
            names = dict(names)
            for r in self.records[done:]:
                for k in r:
                    if k != "step":
                        names.setdefault(k, None)
            self._names = (n, names)
        return list(names)

    @property
    def reward_components(self) -> list[str]:
        """Per-function reward names (without the ``rewards/`` prefix), in first-seen order."""
        return [k.split("/", 1)[1] for k in self.metric_names if k.startswith("rewards/")]

    def step_label(self, step: float) -> str:
        return f"record {int(step)}" if self.step_is_index else f"step {int(step)}"
