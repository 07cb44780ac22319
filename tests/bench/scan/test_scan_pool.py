"""The local process pool: forked workers score blocks exactly as the parent would, and the parent's garbage
collector is handed back unfrozen once the pool is gone, whether the scan ran to its end or its consumer
stopped early."""

from __future__ import annotations

import gc
import sys

import pytest

from rewardcheck.bench.dumps.rows import DumpRow
from rewardcheck.bench.profiles import build_profile
from rewardcheck.bench.scan.runner import ScoreOptions, make_blocks, score_blocks

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the fork path is Linux's")

COMPLETIONS = ("First, Finally,", "<think>\n1+2=3\n</think>\n\\boxed{3}", "\\boxed{4}", "no answer at all")


def _rows() -> list[DumpRow]:
    return [
        DumpRow("d", i, f"prompt {i // 4}", COMPLETIONS[i % 4], gold="$3$", step=i // 16) for i in range(48)
    ]


def _scored(workers: int) -> list[tuple[int, dict[str, float | None], list[str]]]:
    spec = build_profile("openr1@e4ac3ae", ["accuracy", "reasoning_steps"], None, {})
    blocks = make_blocks(_rows(), block_rows=8)
    return [
        (s.index, s.totals, s.flags)
        for _, scores, _ in score_blocks(blocks, [spec], ScoreOptions(), workers=workers)
        for s in scores
    ]


def test_two_workers_score_as_one_and_leave_the_collector_unfrozen() -> None:
    assert gc.get_freeze_count() == 0
    two = _scored(2)
    assert gc.get_freeze_count() == 0
    assert two == _scored(1)
    assert [i for i, _, _ in two] == list(range(48))


def test_a_scan_stopped_early_unfreezes_the_collector() -> None:
    spec = build_profile("openr1@e4ac3ae", ["reasoning_steps"], None, {})
    results = score_blocks(make_blocks(_rows(), block_rows=8), [spec], ScoreOptions(), workers=2)
    next(results)
    assert gc.get_freeze_count() > 0  # the pool is running on a frozen heap
    results.close()
    assert gc.get_freeze_count() == 0
