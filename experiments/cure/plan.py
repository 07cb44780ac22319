"""The protocol's planned grid (PROTOCOL.md, 4 and 7): every run by phase, name and command arguments.

The campaign script runs what this lists, and the summary compares what exists with it: a planned run that is
missing or unfinished is listed (and counted as collapsed in P1's sensitivity line), a run that is not planned
is listed as extra and left out. The grid's later phases depend on earlier results only where the protocol
says so: M at each set's chosen rate (from S), and D1's later candidates and D2 (from D1).

>>> [r.name for r in grpo_grid(chosen={})][:2]
['M-upstream-lr0.0003-A-s10', 'M-patched_default-lr0.0003-A-s10']
>>> len(grpo_grid(chosen={"upstream": 5e-05, "patched_default": 3e-04}))
108
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass

from .protocol import COLLAPSE_RATE, MAIN_SEEDS, STARTS, SWEEP_RATES, SWEEP_SEEDS

__all__ = [
    "Phase",
    "PlannedRun",
    "SETS",
    "ABLATIONS",
    "D1_FIRST",
    "D1_LATER",
    "D1_SEEDS",
    "SETTINGS",
    "grpo_grid",
    "dschat_grid",
    "rate_name",
]


class Phase(enum.Enum):
    SWEEP = "S"
    MAIN = "M"
    ABLATION = "Ab"
    D1 = "d1"
    D2 = "d2"
    HEALTHY = "dh"


SETS = ("upstream", "patched_default")
ABLATIONS = ("upstream_no_cosine", "upstream_no_steps", "patched_upstream_cosine")
# DeepSpeed-Chat settings (PROTOCOL.md, 7), each as ``python -m experiments.dschat ppo`` arguments on top of
# the first campaign's step 3 (as after DeepSpeedExamples PR #620, 9cf985e4)
SETTINGS: dict[str, tuple[str, ...]] = {
    "pr620": (),
    "forced_length": ("--regime", "forced_length"),
    "eos_as_pad": ("--read", "eos_as_pad"),
    "actor_lr": ("--actor-lr", "5e-3"),
    "frozen_critic": ("--critic-lr", "0"),
    "actor_lr_frozen_critic": ("--actor-lr", "5e-3", "--critic-lr", "0"),
    "healthy": ("--actor-lr", "5e-5"),
}
D1_FIRST = ("forced_length", "pr620")  # seeds 0-2 each
D1_LATER = ("eos_as_pad", "actor_lr", "frozen_critic", "actor_lr_frozen_critic")  # seed 0, only if needed
D1_SEEDS = (0, 1, 2)


@dataclass(frozen=True)
class PlannedRun:
    phase: Phase
    name: str
    args: tuple[str, ...]
    arm: str = ""
    lr: float = 0.0
    start: str = ""
    seed: int = 0


def rate_name(lr: float) -> str:
    """The rate as it appears in a run's name (``0.0003``, ``5e-05``: Python's repr, as the script writes it)."""
    return repr(float(lr))


def _grpo(phase: Phase, arm: str, lr: float, start: str, seed: int, split: str) -> PlannedRun:
    name = f"{phase.value}-{arm}-lr{rate_name(lr)}-{start}-s{seed}"
    args = (
        "grpo",
        "--arm",
        arm,
        "--lr",
        rate_name(lr),
        "--start",
        start,
        "--seed",
        str(seed),
        "--name",
        name,
        "--split",
        split,
        "--group-every",
        "10",
        "--keep-final",
        "--resume",
    )
    return PlannedRun(phase, name, args, arm, lr, start, seed)


def grpo_grid(chosen: Mapping[str, float] | None) -> list[PlannedRun]:
    """Every planned GRPO run, in the protocol's order (M at 3e-4, Ab, S, M at each chosen rate).

    ``chosen``: each set's chosen rate once phase S is complete (None or a missing set: not yet planned)."""
    runs = [
        _grpo(Phase.MAIN, arm, COLLAPSE_RATE, start, seed, "test")
        for seed in MAIN_SEEDS
        for start in STARTS
        for arm in SETS
    ]
    runs += [
        _grpo(Phase.ABLATION, arm, COLLAPSE_RATE, "A", seed, "test")
        for seed in MAIN_SEEDS
        for arm in ABLATIONS
    ]
    runs += [
        _grpo(Phase.SWEEP, arm, lr, "A", seed, "validation")
        for arm in SETS
        for lr in SWEEP_RATES
        for seed in SWEEP_SEEDS
    ]
    for arm in SETS:
        lr = (chosen or {}).get(arm)
        if lr is not None and lr != COLLAPSE_RATE:
            runs += [
                _grpo(Phase.MAIN, arm, lr, start, seed, "test") for seed in MAIN_SEEDS for start in STARTS
            ]
    return runs


def _ppo(
    phase: Phase, setting: str, seed: int, split: str, *, guard: bool = False, tag: str = ""
) -> PlannedRun:
    name = f"{phase.value}-{tag or setting}-s{seed}"
    args = ("--seed", str(seed), "--eval-split", split, *SETTINGS[setting])
    if guard:
        args += ("--guard-stop",)
    return PlannedRun(phase, name, args, setting, 0.0, "dsA", seed)


def dschat_grid(selected: str | None, d1_done: bool) -> list[PlannedRun]:
    """Every planned PPO run. ``d1_done``: the first D1 candidates have finished, so whether the later ones
    are needed is known; ``selected``: D1's selected setting (None: none yet, or none found)."""
    runs = [_ppo(Phase.D1, s, seed, "validation") for s in D1_FIRST for seed in D1_SEEDS]
    if d1_done and selected != "forced_length":
        runs += [_ppo(Phase.D1, s, 0, "validation") for s in D1_LATER]
    if selected is not None:
        for seed in MAIN_SEEDS:
            runs.append(_ppo(Phase.D2, selected, seed, "test"))
            runs.append(_ppo(Phase.D2, selected, seed, "test", guard=True, tag=f"{selected}-guard"))
            if selected in ("forced_length", "eos_as_pad"):  # a read fault: #620's own fix is the other cure
                runs.append(_ppo(Phase.D2, "pr620", seed, "test", tag="pr620-fix"))
        runs.append(_ppo(Phase.HEALTHY, "healthy", 0, "validation", guard=True, tag="healthy-guard"))
    return runs
