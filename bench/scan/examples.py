"""Pick the worst flagged rows of a scan so that they show different patterns, not ten copies of one.

A *pattern* is the row's serious flags, its degenerate kind and its verdict. Each pattern keeps its few
best-paid rows (bounded memory); the examples are then taken round-robin over the patterns, worst pattern
first, and within a pattern from different groups when it can.

>>> picker = ExamplePicker(limit=2)
>>> from rewardcheck.bench.dumps.rows import DumpRow
>>> from rewardcheck.bench.scan.scoring import RowScore
>>> def score(i, flags, paid):
...     return RowScore(i, {}, {"p": paid}, "wrong", None, 1, None, False, "text", None, flags)
>>> for i in range(5):
...     picker.add(score(i, ["disagreement"], 1.0 - i / 10), DumpRow("d", i, f"q{i}", "c"))
>>> picker.add(score(9, ["degenerate"], 0.1), DumpRow("d", 9, "q9", "c"))
>>> [s.index for s, _ in picker.pick()]
[9, 0]
"""

from __future__ import annotations

import heapq
import itertools
from collections.abc import Iterator
from typing import Any

from rewardcheck.bench.dumps.rows import DumpRow

from .scoring import RowScore

__all__ = ["SERIOUS", "ExamplePicker", "example_record"]

SERIOUS = (
    "degenerate",
    "shaping_no_answer",
    "paid_unparseable_gold",
    "disagreement",
    "timeout",
    "reward_error",
)
_PER_PATTERN = 4
_MAX_PATTERNS = 256


def _rank(s: RowScore) -> tuple[int, float, int]:
    """Smaller is worse: degenerate or answerless output first, then the most paid, then dump order."""
    tier = 0 if ("degenerate" in s.flags or "shaping_no_answer" in s.flags) else 1
    paid = max((t for t in s.totals.values() if t is not None), default=float("-inf"))
    return (tier, -paid, s.index)


class ExamplePicker:
    def __init__(self, limit: int) -> None:
        self.limit = limit
        # pattern -> max-heap (by negated rank) of its worst rows, at most _PER_PATTERN
        self._heaps: dict[tuple[Any, ...], list[tuple[Any, ...]]] = {}
        self._tie = itertools.count()

    def add(self, score: RowScore, row: DumpRow) -> None:
        serious = tuple(f for f in score.flags if f in SERIOUS)
        if not serious or self.limit <= 0:
            return
        pattern = (serious, score.degenerate, score.verdict)
        heap = self._heaps.get(pattern)
        if heap is None:
            if len(self._heaps) >= _MAX_PATTERNS:
                return
            heap = self._heaps[pattern] = []
        rank = _rank(score)
        entry = (tuple(-x for x in rank), next(self._tie), score, row)
        if len(heap) < _PER_PATTERN:
            heapq.heappush(heap, entry)
        elif entry[0] > heap[0][0]:
            heapq.heapreplace(heap, entry)

    def pick(self) -> list[tuple[RowScore, DumpRow]]:
        per_pattern = []
        for heap in self._heaps.values():
            members = sorted(heap, key=lambda e: _rank(e[2]))
            per_pattern.append([(e[2], e[3]) for e in members])
        per_pattern.sort(key=lambda m: _rank(m[0][0]))
        out: list[tuple[RowScore, DumpRow]] = []
        for round_ in _rounds(per_pattern):
            for pair in round_:
                if len(out) >= self.limit:
                    return out
                out.append(pair)
        return out


def _rounds(per_pattern: list[list[tuple[RowScore, DumpRow]]]) -> Iterator[list[tuple[RowScore, DumpRow]]]:
    """Round k holds each pattern's k-th row, preferring rows whose group no earlier pick came from."""
    used: set[Any] = set()
    queues = [list(m) for m in per_pattern]
    while any(queues):
        round_ = []
        for q in queues:
            if not q:
                continue
            fresh = next((i for i, (_, r) in enumerate(q) if r.group_key not in used), 0)
            score, row = q.pop(fresh)
            used.add(row.group_key)
            round_.append((score, row))
        yield round_


def example_record(score: RowScore, row: DumpRow) -> dict[str, Any]:
    """The report's view of one example row (long completions shortened around the middle)."""
    text = row.text
    return {
        "where": row.where,
        "step": row.step,
        "id": row.id,
        "group": list(row.group) if row.group is not None else None,
        "prompt": row.prompt_text[:300],
        "gold": row.gold,
        "completion": text if len(text) <= 600 else text[:300] + " … " + text[-280:],
        "n_chars": score.n_chars,
        "n_tokens": score.n_tokens,
        "verdict": score.verdict,
        "answer": score.answer,
        "degenerate": score.degenerate,
        "flags": score.flags,
        "rewards": score.rewards,
        "totals": score.totals,
        "reasons": score.reasons,
    }
