"""The cases invariants consume: plain, hashable data the catalogue owns (fixed cases) and strategies draw.

An invariant module reads a case and scores it; it never builds the catalogue, and the catalogue never
imports an invariant. ``CaseSettings`` is the part of a check's settings a fixed case needs to build its
input. A gold in a case is a value (``"3"``), rendered the way the user's data writes golds when the case is
scored (``CheckContext.gold``), or :class:`~rewardcheck.bench.strategies.golds.AsWritten` when the case is
about one way of writing it.

>>> FreeRewardCase(AsWritten("N/A"), ("\\\\boxed{3}",)).answered
()
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Protocol

from rewardcheck.bench.strategies.answers import AnswerPair
from rewardcheck.bench.strategies.attacks import Attack
from rewardcheck.bench.strategies.degenerate import Degenerate
from rewardcheck.bench.strategies.golds import AsWritten, GoldFormat
from rewardcheck.bench.strategies.probes import Perturbation, Probe
from rewardcheck.bench.strategies.templates import Template

__all__ = [
    "CaseSettings",
    "Attack",
    "AsWritten",
    "ContentFreeCase",
    "Gold",
    "MarkupCase",
    "PerturbedGoldCase",
    "DegenerateCase",
    "EquivalenceCase",
    "FinalAnswerCase",
    "FreeRewardCase",
    "GroupsCase",
    "LayoutCase",
    "LengthCase",
    "OrderingCase",
    "WellFormedCase",
]


Gold = str | AsWritten  # a value, rendered in the check's gold format, or a gold kept as written


class CaseSettings(Protocol):
    """What a fixed case reads of the check it runs in."""

    @property
    def max_completion_length(self) -> int: ...

    @property
    def prefill_think(self) -> bool: ...

    def gold(self, gold: Gold) -> str: ...


@dataclass(frozen=True)
class GroupsCase:
    group_a: tuple[str, ...]
    gold_a: Gold
    group_b: tuple[str, ...]
    gold_b: Gold


@dataclass(frozen=True)
class EquivalenceCase:
    pair: AnswerPair
    style: str
    body: str
    written_gold: AsWritten | None = (
        None  # a case about one way of writing the gold (else: the value rendered)
    )


@dataclass(frozen=True)
class FinalAnswerCase:
    pair: AnswerPair
    pattern: str


@dataclass(frozen=True)
class LayoutCase:
    text: str
    layout: dict[str, object] = field(hash=False, compare=False)
    body: str = "First, x + 1 = 4.\nFinally, x = 3."


@dataclass(frozen=True)
class FreeRewardCase:
    gold: Gold
    texts: tuple[str, ...]
    answered: tuple[bool, ...] = ()  # per text: does it offer a final answer? (default: all do)


@dataclass(frozen=True)
class DegenerateCase:
    output: Degenerate
    gold: Gold


@dataclass(frozen=True)
class LengthCase:
    check: str  # correct | wrong | tokens | truncated
    style: str
    short: int  # body tokens
    long: int
    gold: Gold = "3"


@dataclass(frozen=True)
class OrderingCase:
    style: str
    body: str
    degenerate: Degenerate


@dataclass(frozen=True)
class WellFormedCase:
    texts: tuple[str, ...]
    gold: Gold
    labels: tuple[str, ...] = ()
    isolated: bool = (
        False  # scored in a forked child killed at the limit (a hang in C code stops nothing else)
    )


@dataclass(frozen=True)
class ContentFreeCase:
    """A content-free probe, raw (``template`` None) or wrapped in an answer template the reward credits."""

    probe: Probe
    template: Template | None = None


@dataclass(frozen=True)
class PerturbedGoldCase:
    """The right answer ``value`` in ``template``, scored against its gold and a perturbed one, both in
    ``gold``'s format."""

    value: str
    template: Template
    perturbation: Perturbation
    gold: GoldFormat


@dataclass(frozen=True)
class MarkupCase:
    """The right answer ``value`` in ``template``, and the same answer re-rendered (``change``: what changed)."""

    value: str
    template: Template
    change: str
    region: str
