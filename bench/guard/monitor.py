"""The guard's core, free of any trainer: feed it each logged metrics dict, get back the findings that fired.

It keeps a growing :class:`~bench.logs.records.TrainingLog` and runs :func:`rewardcheck.bench.logs.detectors.detect` on
it after every log (the very code ``rewardcheck logs`` runs on a finished log). A detector fires once, at the
first log where it reports a signal. Nothing raises out of :meth:`Guard.observe`: a failing detector or a
malformed metric is logged, counted in ``errors`` and skipped.

>>> g = Guard(GuardConfig(stop_on=("nonfinite",)))
>>> g.observe({"loss": float("nan"), "reward": 0.1}, 3.0)[0].stops
True
"""

from __future__ import annotations

import logging
import time
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from rewardcheck.bench.logs.detectors import DetectorCache, Signal, detect
from rewardcheck.bench.logs.diagnosis import Diagnosis, diagnose
from rewardcheck.bench.logs.readers import record_metrics
from rewardcheck.bench.logs.records import TrainingLog

__all__ = ["ACTIONS", "Finding", "Guard", "GuardConfig"]

logger = logging.getLogger("rewardcheck.guard")

ACTIONS = ("warn", "report", "stop", "checkpoint")


@dataclass(frozen=True)
class GuardConfig:
    """``actions``: what a finding does (``warn`` logs it; ``report`` writes JSON + HTML to ``report_dir``;
    ``stop`` ends training after this step; ``checkpoint`` saves the model first). ``stop_on``: which findings
    stop / checkpoint: ``("critical",)`` (the collapse signals) or detector names. ``ignore``: detector names
    never acted on. ``warmup_steps``: no action before this step (the detectors still see every log).
    ``read_completions``: in a trainer with ``log_completions=True``, read the completions tables TRL writes to
    ``<output_dir>/completions/`` and add their metrics (degenerate rate, group std ...) to their steps."""

    actions: tuple[str, ...] = ("warn",)
    stop_on: tuple[str, ...] = ("critical",)
    ignore: tuple[str, ...] = ()
    warmup_steps: float = 0.0
    report_dir: str | None = None
    read_completions: bool = True

    def __post_init__(self) -> None:
        unknown = [a for a in self.actions if a not in ACTIONS]
        if unknown:
            raise ValueError(f"unknown guard action(s) {unknown}; valid: {', '.join(ACTIONS)}")
        if "report" in self.actions and not self.report_dir:
            raise ValueError("the 'report' action needs report_dir")

    def stops(self, signal: Signal) -> bool:
        return signal.name in self.stop_on or ("critical" in self.stop_on and signal.critical)


@dataclass(frozen=True)
class Finding:
    signal: Signal
    fired_at: float  # the step whose log made the detector report it (its onset, signal.step, may be earlier)
    stops: bool

    def to_dict(self) -> dict[str, Any]:
        return {"fired_at": self.fired_at, "stops": self.stops, **self.signal.to_dict()}


@dataclass
class Guard:
    config: GuardConfig = field(default_factory=GuardConfig)
    source: str = "live"
    log: TrainingLog = field(init=False)
    findings: list[Finding] = field(default_factory=list)
    errors: Counter[str] = field(default_factory=Counter)
    seconds: float = 0.0  # time spent inside observe()
    observed: int = 0

    def __post_init__(self) -> None:
        self.log = TrainingLog(self.source, "trainer-callback", [])
        self._cache = DetectorCache()

    def observe(self, metrics: Mapping[str, Any], step: float) -> list[Finding]:
        """Add one log's metrics at ``step``; returns the findings that fired now (never raises)."""
        started = time.perf_counter()
        try:
            return self._observe(metrics, step)
        except Exception as exc:  # never into the trainer: count it, say it once, carry on
            self._error("guard", exc)
            return []
        finally:
            self.seconds += time.perf_counter() - started

    def _observe(self, metrics: Mapping[str, Any], step: float) -> list[Finding]:
        values = {str(k): v for k, v in metrics.items() if not isinstance(v, str)}
        if not record_metrics(values, self.log, float(step)):
            return []
        self.observed += 1
        fired = {f.signal.name for f in self.findings}
        new: list[Finding] = []
        for signal in self._detect():
            if signal.name in fired or signal.name in self.config.ignore or step < self.config.warmup_steps:
                continue
            finding = Finding(signal, float(step), self.config.stops(signal))
            self.findings.append(finding)
            new.append(finding)
            fired.add(signal.name)
        return new

    def add_completions(self, metrics: Mapping[str, Any], step: float) -> list[str]:
        """Add one completions table's metrics (:func:`rewardcheck.bench.logs.completions.table_metrics`) to the record of
        ``step`` where the trainer logged no value of its own; the next :meth:`observe` sees them. Returns the
        canonical names added (none when that step has no record). Never raises."""
        try:
            scratch = TrainingLog(self.source, "trl-completions", [])
            record = record_metrics({k: v for k, v in metrics.items() if k != "step"}, scratch, float(step))
            if not record or not scratch.records:
                return []
            index = next(
                (i for i in range(len(self.log.records) - 1, -1, -1) if self.log.records[i]["step"] == step),
                None,
            )
            return [] if index is None else self.log.amend(index, scratch.records[0])
        except Exception as exc:
            self._error("completions", exc)
            return []

    def _detect(self) -> list[Signal]:
        try:
            return detect(self.log, self._cache)
        except Exception as exc:
            self._error("detect", exc)
            return []

    def _error(self, where: str, exc: Exception) -> None:
        key = f"{where}: {type(exc).__name__}"
        if not self.errors[key]:
            logger.warning(
                "rewardcheck guard: %s failed (%s: %s); counted and skipped", where, type(exc).__name__, exc
            )
        self.errors[key] += 1

    @property
    def first_stop(self) -> Finding | None:
        return next((f for f in self.findings if f.stops), None)

    def diagnosis(self) -> Diagnosis:
        """The full ``rewardcheck logs`` diagnosis of everything logged so far."""
        return diagnose(self.log)
