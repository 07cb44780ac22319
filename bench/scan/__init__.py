"""``rewardcheck scan`` and ``rewardcheck check`` as a library: read dumps, score them under reward profiles,
flag failure modes, and check a training config's composite against cheap exploits.

>>> from bench.scan import load_dumps, score_rows, build_report    # doctest: +SKIP
"""

from __future__ import annotations

from .loader import Loaded, load_dumps
from .quiet import quiet_upstream_logs
from .report import ScanReport, build_report, parse_threshold
from .runner import ScoreOptions, score_rows

__all__ = [
    "Loaded",
    "load_dumps",
    "ScanReport",
    "build_report",
    "parse_threshold",
    "ScoreOptions",
    "score_rows",
    "quiet_upstream_logs",
]
