"""The checker's report, read as a new user would: on two naive rewards written the way people write them
(a first-box-wins accuracy reward, a regex format reward) it finds their faults, leads with the worst, shows
each counterexample whole with what was paid against what was expected, and fits one screen per function."""

from __future__ import annotations

import re
import time
from collections.abc import Sequence
from typing import Any

import pytest

from rewardcheck.bench.checker import CheckReport, check_reward
from rewardcheck.bench.findings import findings

_BOX = re.compile(r"\\boxed\{([^{}]*)\}")
_FORMAT = re.compile(r"^<think>.*?</think>.*$", re.S)


def _text(c: Any) -> str:
    return c[0]["content"] if isinstance(c, list) else c


def _gold(s: str) -> str:
    m = _BOX.search(s)
    return (m.group(1) if m else s).strip().strip("$").strip()


def first_box_accuracy(completions: Sequence[Any], solution: Sequence[str], **kwargs: Any) -> list[float]:
    """Naive accuracy: the first \\boxed{...} (no nested braces) compared as a string with the gold."""
    out = []
    for c, s in zip(completions, solution, strict=True):
        m = _BOX.search(_text(c))
        out.append(1.0 if m and m.group(1).strip() == _gold(s) else 0.0)
    return out


def regex_format(completions: Sequence[Any], **kwargs: Any) -> list[float]:
    """Naive format reward: 1.0 when the completion is <think>...</think> followed by anything."""
    return [1.0 if _FORMAT.match(_text(c)) else 0.0 for c in completions]


@pytest.fixture(scope="module")
def accuracy_report() -> CheckReport:
    return check_reward(first_box_accuracy, "accuracy", max_examples=20)


@pytest.fixture(scope="module")
def format_report() -> CheckReport:
    return check_reward(regex_format, "format", max_examples=20)


def test_first_box_wins_is_found(accuracy_report: CheckReport) -> None:
    final = accuracy_report.result("final_answer")
    assert not final.holds  # it held vacuously when the reference itself put a wrong box first
    titles = {cx.fault.title for cx in final.counterexamples if cx.fault is not None}
    assert "correct final answer unpaid" in titles
    cx = next(c for c in final.counterexamples if c.fault and c.fault.title == "correct final answer unpaid")
    assert (cx.fault.paid, cx.fault.expected) == (0.0, 1.0)


def test_worst_fault_is_headlined_as_an_unpaid_correct_answer(accuracy_report: CheckReport) -> None:
    lines = accuracy_report.render().splitlines()
    first = next(line for line in lines if line.startswith("1. "))
    assert first == "1. correct answer unpaid: paid 0.0, expected 1.0"
    assert "near miss" not in first


@pytest.mark.parametrize("which", ["accuracy_report", "format_report"])
def test_each_report_fits_one_screen_worst_first(which: str, request: pytest.FixtureRequest) -> None:
    report: CheckReport = request.getfixturevalue(which)
    text = report.render()
    assert not report.ok
    assert len(text.splitlines()) <= 50, text
    ranks = [f.fault.rank for f in findings(report.results)]
    assert ranks == sorted(ranks) and ranks
    # every fault of a naive reward is one the checker can name, with a fix (none is a bare "X fails")
    assert all(f.fault.fix and f.fault.expected != "" for f in findings(report.results))
    for n, f in enumerate(findings(report.results), start=1):
        assert f"{n}. {f.fault.headline}" in text
        shown = f.example.completions[max(f.fault.at, 0)]
        assert repr(shown) in text  # the counterexample whole: an attack's point may be at its end
        assert f.fault.fix == "" or f"fix: {f.fault.fix}" in text


def test_format_reward_faults_are_named(format_report: CheckReport) -> None:
    titles = [f.fault.title for f in findings(format_report.results)]
    assert titles[0] == "correct format unpaid"  # a pre-filled <think> earns nothing: the worst
    assert "degenerate output paid" in titles
    assert "format paid without content" in titles


def test_zero_for_an_unparseable_gold_is_not_free_reward() -> None:
    def zero_on_bad_gold(completions: Sequence[str], solution: Sequence[str], **kw: Any) -> list[float]:
        return [0.0 if not _gold(s) or not _gold(s)[0].isdigit() else 1.0 for s in solution]

    def one_on_bad_gold(completions: Sequence[str], solution: Sequence[str], **kw: Any) -> list[float]:
        return [1.0 for _ in solution]

    zero = check_reward(zero_on_bad_gold, "accuracy", invariants=["no_free_reward"], max_examples=10)
    one = check_reward(one_on_bad_gold, "accuracy", invariants=["no_free_reward"], max_examples=10)
    assert zero.ok, zero.render()
    assert not one.ok
    fault = findings(one.results)[0].fault
    assert (fault.title, fault.paid, fault.expected) == ("free reward", 1.0, None)
    assert "free reward: paid 1.0, expected None (skipped)" in one.render()


def test_a_timed_out_call_shows_what_it_returned() -> None:
    def slow_on_fractions(completions: Sequence[str], solution: Sequence[str], **kw: Any) -> list[float]:
        if any("\\frac" in c for c in completions):
            time.sleep(1.0)
        return [0.0 for _ in completions]

    report = check_reward(
        slow_on_fractions,
        "accuracy",
        invariants=["equivalence"],
        max_examples=3,
        time_limit_s=0.2,
        heavy_cases=False,
    )
    text = report.render()
    timed = [f for f in findings(report.results) if f.fault.title == "timed out"]
    assert timed, text
    assert re.search(r"timed out after [\d.]+ s; returned \[0\.0, 0\.0, 0\.0\] after [\d.]+ s", text), text
    assert "=None" not in text
