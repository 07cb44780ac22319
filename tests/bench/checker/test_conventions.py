"""The checker decides how to call a reward only from a call that returned (issue 21, item 1).

Each reward here is our own, written for the test: a conversational-only one and a plain-only one that hang
on their first call (the retry in the right form runs out of time, as open-r1's e4ac3ae ``accuracy_reward``
did on the power-tower probe), one that takes ``solution`` positionally, and two with TRL's
``completion_ids``-first shape. Each must be called correctly for the rest of the check, and its real faults
(the hang, a negated box credited, a length bonus paid to degenerate output), or none, reported.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable, Sequence
from typing import Any

import pytest

from rewardcheck.bench.checker import CheckReport, check_reward
from rewardcheck.bench.invariants.calling import call_reward
from rewardcheck.bench.invariants.convention import call_arguments, detect_convention

LIMIT_S = 0.5  # the checker's per-completion limit in these tests; a hang sleeps far past it
_BOX = re.compile(r"\\boxed\{([^{}]*)\}")


def _last_box(text: str) -> str | None:
    """The last ``\\boxed{...}`` after the think block (a negated one included: the fault we expect)."""
    found = _BOX.findall(text.rsplit("</think>", 1)[-1])
    return found[-1].strip() if found else None


def _paid(text: str, gold: str) -> float:
    return float(_last_box(text) == gold.strip().strip("$").strip())


def _hang() -> None:
    end = time.monotonic() + 60 * LIMIT_S  # far past the limit; the checker's deadline interrupts it
    while time.monotonic() < end:
        time.sleep(0.01)


def conversational_only_hanging_on_first_call() -> Callable[..., list[float]]:
    calls = {"n": 0}

    def conv_only(completions, solution, **kwargs):  # type: ignore[no-untyped-def]
        texts = [c[0]["content"] for c in completions]  # TypeError for plain strings
        calls["n"] += 1
        if calls["n"] == 1:
            _hang()
        return [_paid(t, s) for t, s in zip(texts, solution, strict=True)]

    return conv_only


def plain_only_hanging_on_first_call() -> Callable[..., list[float]]:
    calls = {"n": 0}

    # The annotation claims messages (copied from TRL), but the body reads strings: the checker tries
    # messages first, gets a TypeError, and the plain-string retry hangs on the first input.
    def plain_only(
        completions: list[list[dict[str, str]]], solution: list[str], **kwargs: Any
    ) -> list[float]:
        texts = [re.sub(r"\s+$", "", c) for c in completions]  # type: ignore[call-overload]  # TypeError for lists
        calls["n"] += 1
        if calls["n"] == 1:
            _hang()
        return [_paid(t, s) for t, s in zip(texts, solution, strict=True)]

    return plain_only


def solution_positional_only(completions, solution, /):  # type: ignore[no-untyped-def]
    return [_paid(t, s) for t, s in zip(completions, solution, strict=True)]


def trl_repetition(completion_ids: list[list[int]], **kwargs: Any) -> list[float]:
    """TRL 1.16's shape for its repetition penalty: token ids first, everything else by keyword."""
    out = []
    for ids in completion_ids:
        grams = list(zip(ids, ids[1:], ids[2:], strict=False))
        out.append(-(1 - len(set(grams)) / len(grams)) if grams else 0.0)
    return out


def ids_length_bonus(completion_ids):  # type: ignore[no-untyped-def]
    """ids only, no **kwargs: a length bonus, which pays degenerate (long, looping) output."""
    return [min(1.0, len(ids) / 64) for ids in completion_ids]


def _check(func: Callable[..., Any], kind: str, invariants: Sequence[str]) -> CheckReport:
    return check_reward(
        func, kind, invariants=invariants, max_examples=4, heavy_cases=False, time_limit_s=LIMIT_S
    )


def _notes(report: CheckReport) -> list[str]:
    return [cx.note for r in report.results for cx in r.counterexamples]


def _families(report: CheckReport, invariant: str) -> set[str]:
    notes = [cx.note for cx in report.result(invariant).counterexamples]
    return {m.group(1) for n in notes for m in [re.search(r"to an? (\w+) attack", n)] if m}


@pytest.mark.parametrize(
    ("make", "form"),
    [
        (conversational_only_hanging_on_first_call, "conversational messages"),
        (plain_only_hanging_on_first_call, "plain strings"),
    ],
)
def test_a_first_call_that_hangs_decides_no_convention(make: Callable[[], Any], form: str) -> None:
    func = make()
    report = _check(func, "accuracy", ["well_formed", "no_negated_credit"])
    name = func.__name__
    assert report.settings["calling"][name].startswith(form), report.render()
    notes = _notes(report)
    hung = [n for n in notes if "did not return" in n]
    assert len(hung) == 1, report.render()  # the first call's hang, reported once as the real fault
    assert f"(called with [{form}" in hung[0]  # ... naming the form that hung
    wrong_form = [n for n in notes if "TypeError" in n and n not in hung]
    assert not wrong_form, report.render()  # every later call in the right form
    assert not report.result("well_formed").holds  # the hang is a well_formed failure
    assert "negation" in _families(report, "no_negated_credit")  # the reward's own fault, found


def test_solution_positional_only() -> None:
    conv = detect_convention(solution_positional_only)
    args, kw = call_arguments(conv, ["x"], {"solution": ["3"], "prompts": ["p"], "completion_ids": [[1]]})
    assert args == (["x"], ["3"]) and kw == {}
    report = _check(solution_positional_only, "accuracy", ["well_formed", "no_negated_credit"])
    assert report.settings["calling"]["solution_positional_only"].startswith(
        "plain strings; gold positionally"
    )
    assert report.result("well_formed").holds, report.render()
    assert "negation" in _families(report, "no_negated_credit")
    assert not [n for n in _notes(report) if "raised" in n], report.render()


def test_trl_completion_ids_first_shape() -> None:
    cols = {"solution": ["3"], "prompts": ["p"], "completion_ids": [[1, 2]]}
    args, kw = call_arguments(detect_convention(trl_repetition), ["x"], cols)
    assert args == () and kw["completion_ids"] == [[1, 2]] and kw["completions"] == ["x"]
    args, kw = call_arguments(detect_convention(ids_length_bonus), ["x"], cols)
    assert args == () and kw == {"completion_ids": [[1, 2]]}  # it takes nothing else: pass nothing else

    report = _check(trl_repetition, "shaping", ["well_formed", "batch_independent", "no_degenerate_reward"])
    assert report.ok, report.render()  # a penalty in [-1, 0] has no fault these invariants know
    bonus = _check(ids_length_bonus, "shaping", ["well_formed", "no_degenerate_reward"])
    assert bonus.settings["calling"]["ids_length_bonus"].startswith("no completions (token ids only)")
    assert bonus.result("well_formed").holds, bonus.render()
    assert not bonus.result("no_degenerate_reward").holds  # a looping output earns the length bonus
    assert not [n for n in _notes(bonus) if "raised" in n], bonus.render()


def test_a_call_that_never_returns_reports_undecided() -> None:
    def always_hangs(completions: list[str], **kwargs: Any) -> list[float]:
        _hang()
        return [0.0] * len(completions)

    out = call_reward(always_hangs, ["a"], {"solution": ["1"]}, LIMIT_S)
    assert out.convention is None and out.error is not None and "did not return" in out.error
    report = _check(always_hangs, "any", ["well_formed"])
    assert report.settings["calling"]["always_hangs"] == "undecided: no call returned"
    assert "undecided" in report.render()
