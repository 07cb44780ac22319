"""Reward invariants: each a named, documented property checked over fixed cases and hypothesis searches.

>>> [inv.name for inv in INVARIANTS][:3]
['well_formed', 'batch_independent', 'equivalence']
"""

from __future__ import annotations

from .attacks import ATTACK_INVARIANTS
from .base import KIND_BOUNDS, Finding, Invariant, make_batch, run_invariant
from .batch_independent import BATCH_INDEPENDENT
from .context import Batch, CheckContext, Scored, Subject, default_max_examples
from .equivalence import EQUIVALENCE
from .final_answer import FINAL_ANSWER
from .format_robustness import FORMAT_ROBUSTNESS
from .free_reward import NO_DEGENERATE_REWARD, NO_FREE_REWARD
from .length_shaping import LENGTH_SHAPING
from .linear_time import LINEAR_TIME
from .ordering import ORDERING
from .results import Counterexample, InvariantResult
from .well_formed import WELL_FORMED

INVARIANTS: tuple[Invariant, ...] = (
    WELL_FORMED,
    BATCH_INDEPENDENT,
    EQUIVALENCE,
    FINAL_ANSWER,
    NO_FREE_REWARD,
    NO_DEGENERATE_REWARD,
    LENGTH_SHAPING,
    FORMAT_ROBUSTNESS,
    ORDERING,
    LINEAR_TIME,
    *ATTACK_INVARIANTS,
)
BY_NAME: dict[str, Invariant] = {inv.name: inv for inv in INVARIANTS}
KINDS: tuple[str, ...] = tuple(KIND_BOUNDS)

__all__ = [
    "BY_NAME",
    "INVARIANTS",
    "KINDS",
    "KIND_BOUNDS",
    "Batch",
    "CheckContext",
    "Counterexample",
    "Finding",
    "Invariant",
    "InvariantResult",
    "Scored",
    "Subject",
    "default_max_examples",
    "make_batch",
    "run_invariant",
]
