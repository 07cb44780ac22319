"""The unit of work every scan backend shares: a block of whole groups, how one is scored, and how results
come back in block order.

The local runner (:mod:`rewardcheck.bench.scan.runner`) and the Ray backend (:mod:`rewardcheck.bench.scan.ray_backend`) both import
this module and never each other's pieces, so the dependency runs one way: runner -> ray_backend -> blocks.

>>> from concurrent.futures import Future
>>> def done(b):
...     f = Future(); f.set_result(([], [])); return f
>>> [b.number for b, _, _ in in_order([Block(n, 0, [], []) for n in range(3)], done, 2)]
[0, 1, 2]
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import Future
from dataclasses import dataclass
from typing import Any

from rewardcheck.bench.dumps.rows import DumpRow

from .scoring import GroupScore, GroupScorer, RowInput, RowScore

__all__ = ["Key", "GroupItems", "BlockResult", "Block", "score_block", "in_order"]

Key = tuple[Any, ...]
GroupItems = list[tuple[Key, list[RowInput]]]
BlockResult = tuple[list[RowScore], list[GroupScore]]


@dataclass
class Block:
    """Whole groups of rows, numbered in stream order; ``rows[i]`` is the row with index ``index0 + i``."""

    number: int
    index0: int
    rows: list[DumpRow]
    groups: GroupItems


def score_block(scorer: GroupScorer, groups: GroupItems) -> BlockResult:
    """One block's row scores (in the block's row order) and group scores."""
    rows: list[RowScore] = []
    out: list[GroupScore] = []
    for key, members in groups:
        scored, group = scorer.score_group(key, members)
        rows.extend(scored)
        out.append(group)
    return rows, out


def in_order(
    blocks: Iterable[Block], submit: Callable[[Block], Future[BlockResult]], in_flight: int
) -> Iterator[tuple[Block, list[RowScore], list[GroupScore]]]:
    """Keep ``in_flight`` blocks submitted and hand results back in submission order (bounded memory)."""
    queue: deque[tuple[Block, Future[BlockResult]]] = deque()
    for block in blocks:
        queue.append((block, submit(block)))
        if len(queue) >= in_flight:
            done, future = queue.popleft()
            yield (done, *future.result())
    while queue:
        done, future = queue.popleft()
        yield (done, *future.result())
