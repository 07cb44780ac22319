"""Fold scored blocks into the aggregates a scan report is built from, in constant memory.

Everything here is a running count, a running mean/variance, a per-step or per-group-field table (one
entry per step or value), a thinned sample of points for the plots, or a bounded set of examples: the
scan never holds its rows. Blocks must be added in block order (every backend hands them back in order),
which makes the aggregate, and so the report, the same for every backend and worker count.

>>> agg = ScanAggregate(["p"], max_examples=3)
>>> agg.rows_scored, agg.stats["p"]["total"].mean
(0, None)
"""

from __future__ import annotations

import math
from collections import Counter, defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from rewardcheck.bench.dumps.rows import DumpRow

from .examples import ExamplePicker
from .scoring import ROW_FLAGS, GroupScore, RowScore

__all__ = ["Running", "ScanAggregate", "PLOT_POINTS"]

PLOT_POINTS = 2000  # rows kept for the HTML plots (every k-th row, k doubling as the scan grows)


@dataclass
class Running:
    """Count, mean and population standard deviation of the finite values, and how many were None."""

    n: int = 0
    present: int = 0
    mean_: float = 0.0
    m2: float = 0.0

    def add(self, value: float | None) -> None:
        self.n += 1
        if value is None or not math.isfinite(value):
            return
        self.present += 1
        delta = value - self.mean_
        self.mean_ += delta / self.present
        self.m2 += delta * (value - self.mean_)

    @property
    def mean(self) -> float | None:
        return self.mean_ if self.present else None

    @property
    def std(self) -> float | None:
        return math.sqrt(self.m2 / self.present) if self.present else None

    def to_dict(self) -> dict[str, Any]:
        return {"mean": self.mean, "std": self.std, "none": self.n - self.present, "n": self.n}


@dataclass
class _Slice:
    """Per step (or per value of a group field): rows, truncation, flags, mean totals, zero-std groups."""

    rows: int = 0
    truncated: int = 0
    flags: Counter[str] = field(default_factory=Counter)
    totals: dict[str, Running] = field(default_factory=lambda: defaultdict(Running))
    groups: int = 0
    zero_std: Counter[str] = field(default_factory=Counter)

    def to_dict(self) -> dict[str, Any]:
        return {
            "rows": self.rows,
            "truncated": self.truncated,
            "flags": dict(sorted(self.flags.items())),
            "mean_total": {p: r.mean for p, r in sorted(self.totals.items())},
            "groups_2_or_more": self.groups,
            "zero_std_groups": dict(sorted(self.zero_std.items())),
        }


class ScanAggregate:
    def __init__(self, profiles: Sequence[str], max_examples: int = 10, max_slices: int = 1000) -> None:
        self.profiles = list(profiles)
        self.rows_scored = 0
        self.stats: dict[str, dict[str, Running]] = {p: defaultdict(Running) for p in self.profiles}
        for p in self.profiles:
            self.stats[p]["total"] = Running()
        self.flags: Counter[str] = Counter({f: 0 for f in ROW_FLAGS})
        self.no_answer_paid: Counter[str] = Counter()
        self.free_gold_paid: Counter[str] = Counter()
        self.pairs: Counter[str] = Counter()
        self.verdicts: Counter[str] = Counter()
        self.degenerate: Counter[str] = Counter()
        self.basis: Counter[str] = Counter()
        self.groups = 0
        self.multi = 0
        self.zero_std: Counter[str] = Counter({p: 0 for p in self.profiles})
        self.best_degenerate: Counter[str] = Counter({p: 0 for p in self.profiles})
        self.by_step: dict[int, _Slice] = {}
        self.max_slices = max_slices
        self.slices_dropped = 0
        self.logged_lengths = 0
        self.length_diff = Running()  # re-tokenised minus logged length, per row that has both
        self.length_abs = Running()
        self.length_differs = 0
        self.length_max_abs = 0
        self.points: list[tuple[int, float, dict[str, float | None], int | None, bool]] = []
        self._stride = 1
        self.examples = ExamplePicker(max_examples)

    def _slice(self, step: int | None) -> _Slice | None:
        key = step if step is not None else -1
        found = self.by_step.get(key)
        if found is None:
            if len(self.by_step) >= self.max_slices:
                self.slices_dropped += 1
                return None
            found = self.by_step[key] = _Slice()
        return found

    def add(
        self, rows: Sequence[DumpRow], scores: Sequence[RowScore], groups: Sequence[GroupScore], index0: int
    ) -> None:
        """One scored block: ``scores[i]`` belongs to ``rows[scores[i].index - index0]``."""
        for s in scores:
            self._row(rows[s.index - index0], s)
        for g in groups:
            self._group(rows[g.indices[0] - index0], g)

    def _row(self, row: DumpRow, s: RowScore) -> None:
        self.rows_scored += 1
        for p in self.profiles:
            if p not in s.rewards:
                continue
            for name, value in s.rewards[p].items():
                self.stats[p][name].add(value)
            self.stats[p]["total"].add(s.totals.get(p))
        self.flags.update(s.flags)
        self.no_answer_paid.update(s.no_answer_paid)
        self.free_gold_paid.update(s.free_gold_paid)
        known = {p: round(v) for p, v in s.accuracy.items() if v is not None and math.isfinite(v)}
        names = sorted(known)
        for i, a in enumerate(names):
            for b in names[i + 1 :]:
                if known[a] != known[b]:
                    self.pairs[f"{a} vs {b}"] += 1
        self.verdicts[s.verdict] += 1
        if s.degenerate:
            self.degenerate[s.degenerate] += 1
        self.basis[s.truncation_basis] += 1
        if row.length is not None:
            self.logged_lengths += 1
            if s.retokenised is not None:
                diff = s.retokenised - row.length
                self.length_diff.add(float(diff))
                self.length_abs.add(float(abs(diff)))
                self.length_differs += diff != 0
                self.length_max_abs = max(self.length_max_abs, abs(diff))
        sl = self._slice(row.step)
        if sl is not None:
            sl.rows += 1
            sl.truncated += s.truncated
            sl.flags.update(s.flags)
            for p, t in s.totals.items():
                sl.totals[p].add(t)
        if self.rows_scored % self._stride == 0:
            length = s.n_tokens if s.n_tokens is not None else s.n_chars
            self.points.append((self.rows_scored, float(length), dict(s.totals), row.step, s.truncated))
            if len(self.points) >= PLOT_POINTS:
                self._stride *= 2
                self.points = [pt for pt in self.points if pt[0] % self._stride == 0]
        self.examples.add(s, row)

    def _group(self, first: DumpRow, g: GroupScore) -> None:
        self.groups += 1
        if len(g.indices) < 2:
            return
        self.multi += 1
        sl = self._slice(first.step)
        if sl is not None:
            sl.groups += 1
        for p in self.profiles:
            if g.zero_std.get(p):
                self.zero_std[p] += 1
                if sl is not None:
                    sl.zero_std[p] += 1
            if g.best_degenerate.get(p):
                self.best_degenerate[p] += 1

    @property
    def token_unit(self) -> bool:
        return "tokens" in self.basis or "logged_length" in self.basis or self.logged_lengths > 0
