"""Async rewards are called as TRL's GRPOTrainer calls them: an `async def` function, a partial of one, or an
instance whose `__call__` is `async def` is awaited (and the report says so); a reward the trainer calls
synchronously that hands back a coroutine is a finding."""

from __future__ import annotations

import asyncio
import functools
import re
from collections.abc import Sequence
from typing import Any

import pytest

from rewardcheck.bench.checker import check_reward
from rewardcheck.bench.invariants import Status
from rewardcheck.bench.invariants.calling import Awaiting, call_reward, is_async_reward

FAST: dict[str, Any] = {"max_examples": 4, "heavy_cases": False}
_BOX = re.compile(r"\\boxed\{([^{}]*)\}")


def _first_box(text: str) -> str | None:
    boxes = _BOX.findall(text.rsplit("</think>", 1)[-1])
    return boxes[0].strip() if boxes else None


class FirstBoxJudge:
    """An async judge written as a class: judges the first box after the reasoning."""

    async def __call__(self, completions: Sequence[str], solution: Sequence[str], **kw: Any) -> list[float]:
        await asyncio.sleep(0)
        return [float(_first_box(c) == s.strip("$")) for c, s in zip(completions, solution, strict=True)]


class HandsBackACoroutine:
    """A plain __call__ that returns its async scorer's coroutine (the trainer never awaits it)."""

    async def score(self, completions: Sequence[str], solution: Sequence[str]) -> list[float]:
        return [float(_first_box(c) == s.strip("$")) for c, s in zip(completions, solution, strict=True)]

    def __call__(self, completions: Sequence[str], solution: Sequence[str], **kw: Any) -> Any:
        return self.score(completions, solution)


async def async_function(completions: Sequence[str], **kw: Any) -> list[float]:
    return [0.0] * len(completions)


def sync_function(completions: Sequence[str], **kw: Any) -> list[float]:
    return [0.0] * len(completions)


def test_the_async_rule_is_the_trainers() -> None:
    trl_utils = pytest.importorskip("trl.trainer.utils")
    forms = [
        FirstBoxJudge(),
        HandsBackACoroutine(),
        async_function,
        sync_function,
        functools.partial(async_function),
    ]
    assert [is_async_reward(f) for f in forms] == [trl_utils.is_async_callable(f) for f in forms]
    assert [is_async_reward(f) for f in forms] == [True, False, True, False, True]


def test_an_async_class_reward_is_awaited_and_its_fault_found() -> None:
    out = call_reward(FirstBoxJudge(), ["The answer is $\\boxed{3}$."], {"solution": ["$3$"]}, 4.0)
    assert out.values == [1.0] and out.awaiting is Awaiting.DECLARED
    report = check_reward(FirstBoxJudge(), invariants=["last_answer_counts"], **FAST)
    assert "awaited on an event loop, as GRPOTrainer" in report.settings["calling"]["FirstBoxJudge"]
    assert report.result("last_answer_counts").status is Status.FAILS, report.render()


def test_a_coroutine_handed_to_a_synchronous_caller_is_a_finding() -> None:
    report = check_reward(HandsBackACoroutine(), invariants=["well_formed", "last_answer_counts"], **FAST)
    assert "returned a coroutine from a synchronous call" in report.settings["calling"]["HandsBackACoroutine"]
    well_formed = report.result("well_formed")
    assert well_formed.status is Status.FAILS
    assert any("coroutine" in str(cx.fault.paid) for cx in well_formed.counterexamples if cx.fault)
    assert (
        report.result("last_answer_counts").status is Status.FAILS
    )  # awaited here: the logic is still judged
