"""What a scan is asked to do, as plain data (the ``rewardcheck scan`` options without argparse), and the
checks that need nothing but the settings themselves.

>>> check_settings(ScanSettings(("d.jsonl",), workers=0))
Traceback (most recent call last):
...
rewardcheck.bench.scan.settings.ScanSettingsError: --workers must be at least 1
>>> thresholds, keep = check_settings(ScanSettings(("d.jsonl",), fail_on=("degenerate=0.05",)))
>>> thresholds[0].flag, keep(["truncated"], "wrong")
('degenerate', True)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from rewardcheck.bench.dumps.rows import FieldMap
from rewardcheck.bench.errors import InputError

from .ray_backend import ray_available
from .report import Threshold, ThresholdError, parse_threshold
from .rowsout import OnlyError, parse_only

__all__ = ["ScanSettings", "ScanSettingsError", "check_settings", "Keep"]

Keep = Callable[[Sequence[str], str], bool]  # which rows --rows-out keeps: (flags, verdict) -> bool


class ScanSettingsError(InputError):
    """Settings a scan cannot run with, or a dump that does not fit them: a usage error (exit status 2)."""


@dataclass(frozen=True)
class ScanSettings:
    """One scan's settings; every field means what the ``rewardcheck scan`` option of the same name means.

    ``profiles`` empty: ``logged`` if the dump has reward columns, then every profile. ``reward_funcs`` /
    ``reward_weights`` ``None``: from ``config``, else the dump's logged rewards, else the seed run's set.
    ``fail_on`` and ``only`` hold the option texts (``"degenerate=0.05"``, ``"flag:truncated"``).
    """

    dumps: tuple[str, ...]
    format: str | None = None
    fields: FieldMap = field(default_factory=FieldMap)
    gold_file: str | None = None
    profiles: tuple[str, ...] = ()
    reward_funcs: tuple[str, ...] | None = None
    reward_weights: tuple[float, ...] | None = None
    config: str | None = None
    max_completion_length: int | None = None
    tokenizer: str | None = None
    eos_token_id: int | None = None
    think_prefilled: bool = False
    unclosed_think: str | None = None  # patched: EngineConfig.unclosed_think (None: the engine default)
    workers: int = 1
    backend: str = "local"
    address: str | None = None
    rows_out: str | None = None
    only: tuple[str, ...] = ()
    degenerate: bool = True
    fail_on: tuple[str, ...] = ()
    examples: int = 10


def check_settings(settings: ScanSettings) -> tuple[list[Threshold], Keep]:
    """The parsed ``fail_on`` thresholds and ``only`` filter; :class:`ScanSettingsError` for bad settings."""
    if settings.workers < 1:
        raise ScanSettingsError("--workers must be at least 1")
    if settings.backend == "ray" and not ray_available():
        raise ScanSettingsError("--backend ray needs ray: pip install 'rewardcheck[ray]'")
    if settings.address and settings.backend != "ray":
        raise ScanSettingsError("--address is for --backend ray")
    try:
        thresholds = [parse_threshold(t) for t in settings.fail_on]
        keep = parse_only(settings.only)
    except (ThresholdError, OnlyError) as exc:
        raise ScanSettingsError(str(exc)) from None
    if settings.only and not settings.rows_out:
        raise ScanSettingsError("--only filters --rows-out: give --rows-out FILE")
    if settings.rows_out and not settings.rows_out.endswith((".jsonl", ".parquet")):
        raise ScanSettingsError(f"--rows-out {settings.rows_out!r}: the file must end in .jsonl or .parquet")
    return thresholds, keep
