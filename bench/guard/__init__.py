"""The live guard: ``rewardcheck logs``'s detectors inside the training loop, acting at a collapse's onset.

>>> from rewardcheck.bench.guard import Guard
>>> g = Guard()
>>> fired = [g.observe({"reward": 0.5 + i % 2 / 10, "reward_std": 0.4 if i < 10 else 0.0}, float(i)) for i in range(16)]
>>> [(f.signal.name, f.fired_at) for batch in fired for f in batch]
[('zero_group_variance', 12.0)]

In TRL (``RewardcheckCallback`` is a ``transformers.TrainerCallback``)::

    from rewardcheck.bench.guard import RewardcheckCallback
    guard = RewardcheckCallback(actions=("warn", "report", "stop"), report_dir="runs/guard")
    trainer = GRPOTrainer(model=..., reward_funcs=..., args=..., train_dataset=..., callbacks=[guard])
"""

from __future__ import annotations

from .callback import RewardcheckCallback
from .monitor import ACTIONS, Finding, Guard, GuardConfig
from .recording import RecordingReward
from .replay import replay_csv, replay_log, replay_rows
from .report import guard_document, write_guard_report

__all__ = [
    "ACTIONS",
    "Finding",
    "Guard",
    "GuardConfig",
    "RecordingReward",
    "RewardcheckCallback",
    "guard_document",
    "replay_csv",
    "replay_log",
    "replay_rows",
    "write_guard_report",
]
