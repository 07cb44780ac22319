"""``rewardcheck scan`` and ``rewardcheck check`` as a library: stream dumps, score them under reward
profiles (locally or on Ray), flag failure modes, and check a training config's composite.

>>> from rewardcheck.bench.scan import ScanSession, ScanSettings    # doctest: +SKIP
>>> session = ScanSession(ScanSettings(("dump.jsonl",)))    # doctest: +SKIP
>>> report = session.report(session.run())    # doctest: +SKIP
"""

from __future__ import annotations

from .pipeline import ScanResult, run_scan
from .report import ScanReport, build_report, parse_threshold
from .scoring import ScoreOptions
from .session import NothingScored, ScanSession, ScanSettings, ScanSettingsError

__all__ = [
    "ScanResult",
    "run_scan",
    "ScanReport",
    "build_report",
    "parse_threshold",
    "ScoreOptions",
    "ScanSession",
    "ScanSettings",
    "ScanSettingsError",
    "NothingScored",
]
