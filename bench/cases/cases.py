"""The cases invariants consume: plain, hashable data the catalogue owns (fixed cases) and strategies draw.

An invariant module reads a case and scores it; it never builds the catalogue, and the catalogue never
imports an invariant. ``CaseSettings`` is the part of a check's settings a fixed case needs to build its
input.

>>> FreeRewardCase("N/A", ("\\\\boxed{3}",)).answered
()
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Protocol

from rewardcheck.bench.strategies.answers import AnswerPair
from rewardcheck.bench.strategies.attacks import Attack
from rewardcheck.bench.strategies.degenerate import Degenerate

__all__ = [
    "CaseSettings",
    "Attack",
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


class CaseSettings(Protocol):
    """What a fixed case reads of the check it runs in."""

    @property
    def max_completion_length(self) -> int: ...

    @property
    def prefill_think(self) -> bool: ...


@dataclass(frozen=True)
class GroupsCase:
    group_a: tuple[str, ...]
    gold_a: str
    group_b: tuple[str, ...]
    gold_b: str


@dataclass(frozen=True)
class EquivalenceCase:
    pair: AnswerPair
    style: str
    body: str


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
    gold: str
    texts: tuple[str, ...]
    answered: tuple[bool, ...] = ()  # per text: does it offer a final answer? (default: all do)


@dataclass(frozen=True)
class DegenerateCase:
    output: Degenerate
    gold: str


@dataclass(frozen=True)
class LengthCase:
    check: str  # correct | wrong | tokens | truncated
    style: str
    short: int  # body tokens
    long: int
    gold: str = "$3$"


@dataclass(frozen=True)
class OrderingCase:
    style: str
    body: str
    degenerate: Degenerate


@dataclass(frozen=True)
class WellFormedCase:
    texts: tuple[str, ...]
    gold: str
    labels: tuple[str, ...] = ()
