"""Probe a learned reward model with degenerate answers before PPO/GRPO starts (``rewardcheck probe-rm``).

>>> from rewardcheck.bench.probe_rm import CallableRewardModel, ProbeItem, run_probe
>>> rm = CallableRewardModel(lambda prompts, completions: [float(len(c)) for c in completions], name="length")
>>> run_probe(rm, [ProbeItem("Q1", " A short answer."), ProbeItem("Q2", " Another one.")]).verdict
'exploitable'
"""

from rewardcheck.bench.probe_rm.inputs import InputError, ProbeInput, ProbeItem, read_probe_input
from rewardcheck.bench.probe_rm.loading import (
    LoadError,
    TransformersRewardModel,
    detect_layout,
    load_reward_model,
)
from rewardcheck.bench.probe_rm.report import ProbeReport, Thresholds
from rewardcheck.bench.probe_rm.run import run_probe
from rewardcheck.bench.probe_rm.scoring import (
    CallableRewardModel,
    RewardModel,
    Score,
    load_callable,
    score_in_batches,
)
from rewardcheck.bench.probe_rm.variants import (
    DEGENERATE_CLASSES,
    FIXED_STRING,
    PROBE_CLASSES,
    Probe,
    build_probes,
)

__all__ = [
    "CallableRewardModel",
    "DEGENERATE_CLASSES",
    "FIXED_STRING",
    "InputError",
    "LoadError",
    "PROBE_CLASSES",
    "Probe",
    "ProbeInput",
    "ProbeItem",
    "ProbeReport",
    "RewardModel",
    "Score",
    "Thresholds",
    "TransformersRewardModel",
    "build_probes",
    "detect_layout",
    "load_callable",
    "load_reward_model",
    "read_probe_input",
    "run_probe",
    "score_in_batches",
]
