"""Read training logs (TRL/HF Trainer, JSON lines, trainer_state.json, wandb history, DeepSpeed-Chat step 3)
and diagnose reward collapse: detectors with onset step and evidence, causes, and fixes.

>>> from rewardcheck.bench.logs import read_log, diagnose
>>> log = read_log("fixtures/logs/open-r1-grpo-accuracy-reward-zero.txt")  # doctest: +SKIP
>>> diagnose(log).collapsed                                                 # doctest: +SKIP
True
"""

from __future__ import annotations

from .detectors import Signal, detect
from .diagnosis import Cause, Diagnosis, diagnose
from .readers import LogFormatError, read_log, read_text
from .records import TrainingLog

__all__ = [
    "Cause",
    "Diagnosis",
    "LogFormatError",
    "Signal",
    "TrainingLog",
    "detect",
    "diagnose",
    "read_log",
    "read_text",
]
