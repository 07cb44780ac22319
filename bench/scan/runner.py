"""Run a scan: group the loaded rows by prompt and step, score the groups (in a process pool when asked).

>>> from bench.scan.rows import DumpRow
>>> rows = [DumpRow("d", 1, "p", "First, Finally,", gold="$3$", step=0)]
>>> from bench.scan.profiles import build_profile
>>> spec = build_profile("openr1@e4ac3ae", ["reasoning_steps"], None, {})
>>> scores, groups = score_rows(rows, [spec], ScoreOptions())
>>> round(scores[0].totals["openr1@e4ac3ae"], 3), len(groups)
(0.667, 1)
"""

from __future__ import annotations

import multiprocessing
import sys
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed

from .profiles import ProfileSpec
from .rows import DumpRow
from .scoring import GroupScore, GroupScorer, RowInput, RowScore, ScoreOptions

__all__ = ["score_rows", "group_rows", "ScoreOptions"]

Chunk = list[tuple[tuple[int | None, str], list[RowInput]]]

_worker: GroupScorer | None = None


def group_rows(rows: Sequence[DumpRow]) -> dict[tuple[int | None, str], list[RowInput]]:
    """Rows that share a step and a prompt form one GRPO group, in input order."""
    groups: dict[tuple[int | None, str], list[RowInput]] = {}
    for index, row in enumerate(rows):
        key = (row.step, row.prompt_text)
        item = RowInput(
            index, row.completion, row.text, row.prompt_text, row.gold or "", row.completion_ids, row.logged
        )
        groups.setdefault(key, []).append(item)
    return groups


def _chunks(groups: dict[tuple[int | None, str], list[RowInput]], rows_per_chunk: int) -> Iterator[Chunk]:
    chunk: Chunk = []
    size = 0
    for key, members in groups.items():
        chunk.append((key, members))
        size += len(members)
        if size >= rows_per_chunk:
            yield chunk
            chunk, size = [], 0
    if chunk:
        yield chunk


def _init(specs: Sequence[ProfileSpec], options: ScoreOptions) -> None:
    global _worker
    _worker = GroupScorer(specs, options)


def _score_chunk(chunk: Chunk) -> tuple[list[RowScore], list[GroupScore]]:
    assert _worker is not None, "worker not initialised"
    rows: list[RowScore] = []
    groups: list[GroupScore] = []
    for key, members in chunk:
        scored, group = _worker.score_group(key, members)
        rows.extend(scored)
        groups.append(group)
    return rows, groups


def score_rows(
    rows: Sequence[DumpRow],
    specs: Sequence[ProfileSpec],
    options: ScoreOptions,
    *,
    workers: int = 1,
    on_progress: Callable[[int], None] | None = None,
) -> tuple[list[RowScore], list[GroupScore]]:
    """Scores in row order and one :class:`GroupScore` per group; ``on_progress(n)`` after each n rows."""
    groups = group_rows(rows)
    scores: list[RowScore] = []
    group_scores: list[GroupScore] = []
    if workers <= 1:
        _init(specs, options)
        for chunk in _chunks(groups, 64):
            r, g = _score_chunk(chunk)
            scores.extend(r)
            group_scores.extend(g)
            if on_progress:
                on_progress(len(r))
    else:
        per_chunk = max(16, min(256, len(rows) // (workers * 8) or 16))
        # fork keeps start-up cheap (no re-import of sympy per worker); other platforms use their default.
        ctx = multiprocessing.get_context("fork") if sys.platform.startswith("linux") else None
        with ProcessPoolExecutor(
            max_workers=workers, mp_context=ctx, initializer=_init, initargs=(list(specs), options)
        ) as pool:
            futures = [pool.submit(_score_chunk, chunk) for chunk in _chunks(groups, per_chunk)]
            for future in as_completed(futures):
                r, g = future.result()
                scores.extend(r)
                group_scores.extend(g)
                if on_progress:
                    on_progress(len(r))
    scores.sort(key=lambda s: s.index)
    return scores, group_scores
