"""Run a scan as a stream: gather rows into GRPO groups, groups into blocks, score the blocks in order.

A group is the rows that share a key ((step, prompt), or the ``--group-field`` values). Rows arrive in
dump order; a group is closed once no row of it was seen for ``window`` rows (dumps write a group's
completions together), so memory holds a window of rows, never the dump. Blocks are scored inline, in a
process pool (``workers > 1``) or on Ray (:mod:`rewardcheck.bench.scan.ray_backend`); every backend hands results back
in block order, so the aggregate is the same whichever ran them. What the backends share (the block, how
one is scored, the in-order hand-back) is :mod:`rewardcheck.bench.scan.blocks`.

>>> from rewardcheck.bench.dumps.rows import DumpRow
>>> from rewardcheck.bench.profiles import build_profile
>>> rows = [DumpRow("d", 1, "p", "First, Finally,", gold="$3$", step=0)]
>>> spec = build_profile("openr1@e4ac3ae", ["reasoning_steps"], None, {})
>>> [(round(s[0].totals["openr1@e4ac3ae"], 3), len(g)) for _, s, g in score_blocks(make_blocks(rows), [spec], ScoreOptions())]
[(0.667, 1)]
"""

from __future__ import annotations

import gc
import multiprocessing
import sys
from collections import OrderedDict
from collections.abc import Iterable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field

from rewardcheck.bench.dumps.rows import DumpRow
from rewardcheck.bench.profiles import ProfileSpec
from rewardcheck.rewards import rx
from rewardcheck.rewards.engine.prepared import prepare_reader

from .blocks import Block, BlockResult, GroupItems, Key, in_order, score_block
from .scoring import GroupScore, GroupScorer, RowInput, RowScore, ScoreOptions

__all__ = ["Block", "BlockResult", "make_blocks", "score_blocks", "score_block", "ScoreOptions", "Grouping"]

_worker: GroupScorer | None = None
_CLOSED_MEMORY = 1 << 16  # closed group keys remembered to notice a split group


@dataclass
class Grouping:
    """How the stream was grouped: ``split`` counts groups whose rows came back after the group closed."""

    window: int
    groups: int = 0
    split: int = 0
    _closed: set[int] = field(default_factory=set)  # hashes of closed keys (small: one int per group)


def _item(index: int, row: DumpRow) -> RowInput:
    return RowInput(
        index,
        row.completion,
        row.text,
        row.prompt_text,
        row.gold or "",
        row.completion_ids,
        row.logged,
        row.length,
    )


def make_blocks(
    rows: Iterable[DumpRow], *, block_rows: int = 256, window: int = 4096, grouping: Grouping | None = None
) -> Iterator[Block]:
    """Blocks of about ``block_rows`` rows made of whole groups, in order of each group's first row."""
    grouping = grouping or Grouping(window)
    open_groups: OrderedDict[Key, list[DumpRow]] = OrderedDict()
    last_seen: dict[Key, int] = {}
    pending: list[list[DumpRow]] = []
    pending_rows = 0
    number = index = 0
    seen = 0

    def flush() -> Block:
        nonlocal number, index, pending, pending_rows
        block_rows_: list[DumpRow] = []
        groups: GroupItems = []
        for members in pending:
            items = []
            for row in members:
                items.append(_item(index + len(block_rows_), row))
                block_rows_.append(row)
            groups.append((members[0].group_key, items))
        block = Block(number, index, block_rows_, groups)
        number += 1
        index += len(block_rows_)
        pending, pending_rows = [], 0
        return block

    def close(key: Key) -> None:
        nonlocal pending_rows
        members = open_groups.pop(key)
        last_seen.pop(key, None)
        if len(grouping._closed) >= _CLOSED_MEMORY:
            grouping._closed.clear()  # bounded memory: a split is noticed within the last groups only
        grouping._closed.add(hash(key))
        grouping.groups += 1
        pending.append(members)
        pending_rows += len(members)

    for row in rows:
        key = row.group_key
        seen += 1
        if key not in open_groups:
            if hash(key) in grouping._closed:
                grouping.split += 1
            open_groups[key] = []
        open_groups[key].append(row)
        last_seen[key] = seen
        # Groups open the longest are the stalest first: close those not seen for a window of rows.
        while open_groups:
            oldest = next(iter(open_groups))
            if seen - last_seen[oldest] < window and len(open_groups) <= window:
                break
            close(oldest)
        if pending_rows >= block_rows:
            yield flush()
    for key in list(open_groups):
        close(key)
        if pending_rows >= block_rows:
            yield flush()
    if pending:
        yield flush()


def _init(specs: Sequence[ProfileSpec], options: ScoreOptions) -> None:
    global _worker
    _worker = GroupScorer(specs, options)


def _warm_parser() -> None:
    """Parse a few common answer shapes so the parser's lazily built tables exist before workers fork."""
    from rewardcheck.rewards.engine.mathcore import check_strings

    for gold, answer in (
        ("\\frac{1}{2}", "0.5"),
        ("2\\sqrt{2}", "\\sqrt{8}"),
        ("x^2+1", "1+x^2"),
        ("(1,2)", "(1,2)"),
    ):
        try:
            check_strings(gold, answer)
        except Exception:  # noqa: BLE001 - a warm-up that fails only costs the workers their own warm-up
            pass


def _score_groups(groups: GroupItems) -> BlockResult:
    assert _worker is not None, "worker not initialised"
    return score_block(_worker, groups)


def score_blocks(
    blocks: Iterable[Block],
    specs: Sequence[ProfileSpec],
    options: ScoreOptions,
    *,
    workers: int = 1,
    backend: str = "local",
    address: str | None = None,
) -> Iterator[tuple[Block, list[RowScore], list[GroupScore]]]:
    """``(block, row scores, group scores)`` for every block, in block order, whatever the backend."""
    if backend == "ray":
        from .ray_backend import ray_score_blocks

        yield from ray_score_blocks(blocks, specs, options, workers=workers, address=address)
        return
    if workers <= 1:
        scorer = GroupScorer(specs, options)
        for block in blocks:
            yield (block, *score_block(scorer, block.groups))
        return
    # fork keeps start-up cheap (no re-import of sympy per worker); other platforms use their default.
    ctx = multiprocessing.get_context("fork") if sys.platform.startswith("linux") else None
    frozen = False
    if ctx is not None:
        # Build the scorer and warm the LaTeX parser once here: every forked worker inherits both, instead of
        # each paying them on its first block. Freezing what exists now keeps the workers' garbage collector
        # off the inherited objects (no traversal, no copy-on-write of their pages).
        _init(list(specs), options)
        _warm_parser()
        prepare_reader()  # the lexicon's index and scanners: built once here, not once per worker
        rx.compile_all()  # patterns compile on first use: once here, not once per worker
        gc.freeze()
        frozen = True
        executor = ProcessPoolExecutor(max_workers=workers, mp_context=ctx)
    else:
        executor = ProcessPoolExecutor(
            max_workers=workers, initializer=_init, initargs=(list(specs), options)
        )
    try:
        with executor as pool:
            # A wide window: one slow block (upstream math-verify timeouts) must not idle the other workers.
            yield from in_order(blocks, lambda b: pool.submit(_score_groups, b.groups), 8 * workers)
    finally:
        if frozen:
            gc.unfreeze()  # the parent's objects are collectable again once the workers are gone
