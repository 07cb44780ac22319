"""The checker meets a reward where its golds are: it renders every gold the way the user's data writes them
(named, read from a sample, or found), reports which rendering it used, and never says an invariant holds when
the reward never paid the right answer it measures against."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rewardcheck.bench.checker import check_reward
from rewardcheck.bench.invariants import BY_NAME, Status
from rewardcheck.bench.strategies.golds import (
    GOLD_FORMATS,
    AsWritten,
    GoldStyle,
    gold_format,
    infer_gold_format,
    style_of,
    value_of,
)

FAST: dict[str, Any] = {"max_examples": 4, "heavy_cases": False}
_BOX = re.compile(r"\\boxed\{([^{}]*)\}")
# invariants that judge calls (shape, determinism, time), not what is paid: they can hold without a paid answer
_CALLS = {"well_formed", "batch_independent", "linear_time"}


def bare_string_match(completions: Sequence[str], solution: Sequence[str], **kw: Any) -> list[float]:
    """A user's reward: the last box compared with the gold as a bare string (their golds are bare)."""
    out = []
    for c, gold in zip(completions, solution, strict=True):
        boxes = _BOX.findall(c)
        out.append(1.0 if boxes and boxes[-1].strip() == gold.strip() else 0.0)
    return out


def pays_nothing(completions: Sequence[str], **kw: Any) -> list[float]:
    return [0.0] * len(completions)


_VALUES = st.sampled_from(["3", "390", "-7", "\\frac{1}{2}", "2\\sqrt{2}", "x > 1", "\\{1,2\\}", "50\\%"])
_STYLES = st.sampled_from([s for s in GoldStyle if s is not GoldStyle.CUSTOM])


@settings(max_examples=60, deadline=None, derandomize=True)
@given(value=_VALUES, style=_STYLES)
def test_every_format_reads_back_its_value_and_style(value: str, style: GoldStyle) -> None:
    written = GOLD_FORMATS[style].render(value)
    assert style_of(written) is style
    assert value_of(written) == value


def test_a_sample_of_golds_names_its_format_and_values() -> None:
    inferred = infer_gold_format(["Natalia sold 48 clips.\n#### 72", "#### 18", "$3$"])
    assert inferred.format.name == "####"
    assert inferred.counts == {"####": 2, "$": 1}
    assert inferred.values == ("72", "18", "3")
    assert gold_format("gsm8k") == gold_format("####")
    with pytest.raises(ValueError, match="unknown gold format"):
        gold_format("latex-ish")


def test_a_bare_string_reward_is_checked_against_bare_golds_and_its_faults_found() -> None:
    report = check_reward(bare_string_match, invariants=["final_answer", "no_negated_credit"], **FAST)
    assert report.gold is not None and report.gold.format.name == "bare"
    assert report.kind == "accuracy"  # inferred: it pays the right answer more than a wrong one
    assert "gold rendering: bare ('390'), detected" in report.render()
    assert report.to_dict()["gold"]["format"] == "bare"
    negation = report.result("no_negated_credit")
    assert negation.status is Status.FAILS
    assert all(
        g == "390" or not g.startswith("$") for cx in negation.counterexamples for g in cx.solutions if g
    )
    titles = {cx.fault.title for cx in report.result("final_answer").counterexamples if cx.fault}
    assert "non-final answer paid" in titles  # an answer only inside <think> is paid


def test_a_bare_string_reward_under_dollar_golds_is_never_said_to_hold() -> None:
    report = check_reward(bare_string_match, "accuracy", gold_format="$", **FAST)
    assert report.gold is not None and report.gold.how.value == "given"
    paid_checks = [r for r in report.results if r.name not in _CALLS]
    assert paid_checks and not [r.name for r in paid_checks if r.status is Status.HOLDS], report.render()
    negation = report.result("no_negated_credit")
    assert negation.status is Status.CANNOT_JUDGE and "right answer" in str(negation.cannot_judge)
    assert "cannot judge no_negated_credit:" in report.render()
    head = report.headline()
    assert f"{len(report.unjudged)} cannot judge" in head and f"{len(report.failures)} fail" in head


def test_a_reward_that_pays_nothing_has_no_holds_on_what_it_pays() -> None:
    report = check_reward(pays_nothing, **FAST)
    assert report.gold is not None and report.gold.how.value == "fallback"
    holding = {r.name for r in report.results if r.status is Status.HOLDS}
    assert holding <= _CALLS, report.render()
    gated = [r for r in report.results if BY_NAME[r.name].gated]
    assert gated and all(r.status is Status.CANNOT_JUDGE for r in gated), report.render()
    assert all(r.cannot_judge for r in report.unjudged)


def test_golds_given_as_a_sample_decide_the_rendering() -> None:
    def gsm8k_reward(completions: Sequence[str], solution: Sequence[str], **kw: Any) -> list[float | None]:
        out: list[float | None] = []
        for c, gold in zip(completions, solution, strict=True):
            if "####" not in gold:
                out.append(None)
                continue
            boxes = _BOX.findall(c.rsplit("</think>", 1)[-1])
            out.append(float(bool(boxes) and boxes[-1].strip() == gold.rsplit("####", 1)[1].strip()))
        return out

    report = check_reward(
        gsm8k_reward,
        golds=["She sold 9 + 9 = 18.\n#### 18", "#### 72"],
        invariants=["perturbed_gold"],
        **FAST,
    )
    assert report.gold is not None and report.gold.format.name == "####"
    assert report.gold.how.value == "read from your golds"
    assert report.result("perturbed_gold").status is Status.HOLDS
    assert "(2 ####)" in report.render()


def test_a_custom_renderer_writes_every_gold() -> None:
    seen: list[str] = []

    def reward(completions: Sequence[str], solution: Sequence[str], **kw: Any) -> list[float]:
        seen.extend(solution)
        return [0.0] * len(completions)

    check_reward(reward, gold_format=lambda v: f"ANSWER={v}", invariants=["well_formed"], **FAST)
    assert seen and all(g.startswith("ANSWER=") or g in ("", "N/A", "see the solution above") for g in seen)


def test_a_gold_kept_as_written_is_not_rendered() -> None:
    from rewardcheck.bench.invariants.context import CheckContext

    ctx = CheckContext.__new__(CheckContext)
    ctx.gold_format = GOLD_FORMATS[GoldStyle.BOXED]
    assert CheckContext.gold(ctx, "3") == "\\boxed{3}"
    assert CheckContext.gold(ctx, AsWritten("N/A")) == "N/A"
