"""Reward invariants: each a named, documented property checked over fixed cases and hypothesis searches.

>>> [inv.name for inv in INVARIANTS][:3]
['well_formed', 'batch_independent', 'equivalence']
"""

from __future__ import annotations

from .attacks import ATTACK_INVARIANTS
from .base import KIND_BOUNDS, Finding, Invariant, make_batch, run_invariant
from .batch_independent import BATCH_INDEPENDENT
from .contentless import NO_CONTENTLESS_CREDIT
from .context import Batch, CheckContext, Depth, Scored, Subject, default_max_examples
from .equivalence import EQUIVALENCE
from .final_answer import FINAL_ANSWER
from .format_robustness import FORMAT_ROBUSTNESS
from .free_reward import NO_DEGENERATE_REWARD, NO_FREE_REWARD
from .length_shaping import LENGTH_SHAPING
from .linear_time import LINEAR_TIME
from .markup import MARKUP_INVARIANCE
from .ordering import ORDERING
from .perturbed_gold import PERTURBED_GOLD
from .results import Counterexample, InvariantResult, Status
from .well_formed import WELL_FORMED

INVARIANTS: tuple[Invariant, ...] = (
    WELL_FORMED,
    BATCH_INDEPENDENT,
    EQUIVALENCE,
    FINAL_ANSWER,
    NO_FREE_REWARD,
    NO_DEGENERATE_REWARD,
    NO_CONTENTLESS_CREDIT,
    PERTURBED_GOLD,
    MARKUP_INVARIANCE,
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
    "Depth",
    "Finding",
    "Invariant",
    "InvariantResult",
    "Scored",
    "Status",
    "Subject",
    "default_max_examples",
    "make_batch",
    "run_invariant",
]
