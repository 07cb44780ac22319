"""Per-batch statistics of generated completions, independent of any reward profile.

The reproduction judges outputs with its own exact check (the last ``\\boxed{}`` equals the integer
answer) so that runs under different reward sets are compared on the same ruler.

>>> s = completion_stats(["<think>\\nFirst, a.\\n</think>\\n\\\\boxed{3}", "First, 5."], ["$3$", "$4$"], [10, 4], [False, True])
>>> s.accuracy, s.boxed_rate, s.truncated_rate, s.mean_length_correct, s.mean_length_wrong
(0.5, 0.5, 0.5, 10.0, 4.0)
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from dataclasses import asdict, dataclass

from .tasks import boxed_answer

__all__ = ["CompletionStats", "completion_stats", "is_correct"]

_MARKER = re.compile(r"^(First|Next|Second|Finally),", re.MULTILINE)


def is_correct(text: str, gold: str) -> bool:
    return boxed_answer(text) == gold.strip("$ ")


def _mean(values: Sequence[float]) -> float:
    return sum(values) / len(values) if values else math.nan


@dataclass(frozen=True)
class CompletionStats:
    n: int
    accuracy: float
    boxed_rate: float
    truncated_rate: float
    mean_length: float
    mean_length_correct: float
    mean_length_wrong: float
    mean_length_wrong_complete: float
    mean_markers: float

    def as_dict(self) -> dict[str, float]:
        return asdict(self)


def completion_stats(
    texts: Sequence[str], golds: Sequence[str], lengths: Sequence[int], truncated: Sequence[bool]
) -> CompletionStats:
    """Accuracy, boxed rate, truncation and token lengths split by correctness (NaN where a split is empty)."""
    correct = [is_correct(t, g) for t, g in zip(texts, golds, strict=True)]
    n = len(texts)
    return CompletionStats(
        n=n,
        accuracy=_mean([float(c) for c in correct]),
        boxed_rate=_mean([float(boxed_answer(t) is not None) for t in texts]),
        truncated_rate=_mean([float(x) for x in truncated]),
        mean_length=_mean([float(x) for x in lengths]),
        mean_length_correct=_mean([float(x) for x, c in zip(lengths, correct, strict=True) if c]),
        mean_length_wrong=_mean([float(x) for x, c in zip(lengths, correct, strict=True) if not c]),
        mean_length_wrong_complete=_mean(
            [float(x) for x, c, tr in zip(lengths, correct, truncated, strict=True) if not c and not tr]
        ),
        mean_markers=_mean([float(len(_MARKER.findall(t))) for t in texts]),
    )
