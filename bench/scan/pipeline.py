"""One scan, start to end, streaming: rows -> blocks of groups -> scored (any backend) -> aggregate (+ rows out).

>>> import tempfile, os
>>> from rewardcheck.bench.dumps.loader import DumpStream
>>> from rewardcheck.bench.profiles import build_profile
>>> path = os.path.join(tempfile.mkdtemp(), "d.jsonl")
>>> _ = open(path, "w").write('{"prompt": "p", "completion": "First, Finally,", "solution": "$3$"}\\n')
>>> spec = build_profile("openr1@e4ac3ae", ["reasoning_steps"], None, {})
>>> result = run_scan(DumpStream([path]), [spec], ScoreOptions())
>>> result.aggregate.rows_scored, round(result.aggregate.stats["openr1@e4ac3ae"]["total"].mean, 3)
(1, 0.667)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from rewardcheck.bench.dumps.loader import DumpStream
from rewardcheck.bench.profiles import ProfileSpec

from .aggregate import ScanAggregate
from .rowsout import RowsOut
from .runner import Grouping, make_blocks, score_blocks
from .scoring import ScoreOptions

__all__ = ["ScanResult", "run_scan", "ScoreOptions"]


@dataclass
class ScanResult:
    aggregate: ScanAggregate
    grouping: Grouping


def run_scan(
    stream: DumpStream,
    specs: Sequence[ProfileSpec],
    options: ScoreOptions,
    *,
    workers: int = 1,
    backend: str = "local",
    address: str | None = None,
    rows_out: RowsOut | None = None,
    max_examples: int = 10,
    block_rows: int = 256,
    window: int = 4096,
    on_progress: Callable[[int], None] | None = None,
) -> ScanResult:
    agg = ScanAggregate([s.name for s in specs], max_examples=max_examples)
    grouping = Grouping(window)
    blocks = make_blocks(stream, block_rows=block_rows, window=window, grouping=grouping)
    try:
        for block, scores, groups in score_blocks(
            blocks, specs, options, workers=workers, backend=backend, address=address
        ):
            agg.add(block.rows, scores, groups, block.index0)
            if rows_out is not None:
                for s in scores:
                    rows_out.add(block.rows[s.index - block.index0], s)
            if on_progress is not None:
                on_progress(len(scores))
    finally:
        if rows_out is not None:
            rows_out.close()
    return ScanResult(agg, grouping)
