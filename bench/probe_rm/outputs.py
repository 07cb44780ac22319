"""Score a run's own outputs next to the reference answers (``rewardcheck probe-rm --outputs FILE``).

The probe's classes are made-up degenerate answers; a collapsed run has real ones. Each row of FILE is
``{"prompt", "completion"}`` (JSONL, e.g. the last steps of a PPO run); they are scored by the same reward
model and compared with the reference scores of the probe input: median, share at or above the reference
median, and the degenerate classifier's kind for each.

>>> summarize_outputs([0.5, 0.6, 0.1], ["the the", "ok", "fine"], [0.2, 0.3, 0.4], kinds=["repetition", None, None])["frac_at_or_above_ref_median"]
0.6667
"""

from __future__ import annotations

import statistics
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from rewardcheck.bench.errors import InputError
from rewardcheck.bench.jsonl import numbered_jsonl
from rewardcheck.bench.probe_rm.scoring import RewardModel, score_in_batches
from rewardcheck.rewards.degenerate import degenerate_kind

__all__ = ["read_outputs", "score_outputs", "summarize_outputs"]


def read_outputs(path: str | Path) -> list[tuple[str, str]]:
    """``(prompt, completion)`` pairs; a row without both string fields is an error naming file and line."""
    rows = []
    p = Path(path)
    if not p.is_file():
        raise InputError(f"{p}: no such file")
    for i, row in numbered_jsonl(p):
        for key in ("prompt", "completion"):
            if not isinstance(row.get(key), str):
                raise InputError(f"{p}:{i}: field {key!r} missing or not a string")
        rows.append((row["prompt"], row["completion"]))
    if not rows:
        raise InputError(f"{p}: no outputs to score")
    return rows


def summarize_outputs(
    scores: Sequence[float],
    texts: Sequence[str],
    reference: Sequence[float],
    *,
    kinds: Sequence[str | None] | None = None,
) -> dict[str, Any]:
    ref_median = statistics.median(reference)
    kinds = list(kinds) if kinds is not None else [degenerate_kind(t) for t in texts]
    order = sorted(range(len(texts)), key=lambda i: -scores[i])
    return {
        "n": len(scores),
        "median": round(statistics.median(scores), 4),
        "mean": round(statistics.fmean(scores), 4),
        "std": round(statistics.pstdev(scores), 4),
        "reference_median": round(ref_median, 4),
        "frac_at_or_above_ref_median": round(sum(s >= ref_median for s in scores) / len(scores), 4),
        "degenerate": round(sum(k is not None for k in kinds) / len(kinds), 4),
        "degenerate_kinds": dict(Counter(k for k in kinds if k).most_common()),
        "examples": [
            {"score": round(scores[i], 4), "kind": kinds[i], "text": texts[i][:160]} for i in order[:5]
        ],
    }


def score_outputs(
    model: RewardModel, rows: Sequence[tuple[str, str]], reference: Sequence[float], batch_size: int = 8
) -> dict[str, Any]:
    scored = score_in_batches(model, [p for p, _ in rows], [c for _, c in rows], batch_size=batch_size)
    texts = [c for _, c in rows]
    kinds = [degenerate_kind(c, p) for p, c in rows]
    return summarize_outputs([s.value for s in scored], texts, reference, kinds=kinds)
