"""Invariants on hand-written reward functions: each fails on the fault it names and holds on a sane reward."""

from __future__ import annotations

import math
import re
import time
from typing import Any

import pytest

from rewardcheck.bench.cases.catalogue import CASES
from rewardcheck.bench.checker import check_composite, check_reward
from rewardcheck.bench.invariants import BY_NAME, INVARIANTS

FAST = {"max_examples": 5, "heavy_cases": False}


def boxed(text: str) -> str | None:
    found = re.findall(r"\\boxed\{([^{}]*)\}", text)
    return found[-1].strip() if found else None


def string_accuracy(completions: list[str], solution: list[str], **kwargs: Any) -> list[float | None]:
    """Exact string match of the last boxed answer against a `$...$` gold: misses equivalent forms."""
    out: list[float | None] = []
    for c, s in zip(completions, solution, strict=True):
        gold = s.strip("$") if s.startswith("$") else None
        out.append(None if not gold else float(boxed(c) == gold))
    return out


def lenient_format(completions: list[str], **kwargs: Any) -> list[float]:
    """Sane format reward: a non-empty think block (opening tag optional) followed by a boxed answer."""
    pat = re.compile(r"^\s*(?:<think>)?(?P<think>.*?)</think>(?P<rest>.*)$", re.DOTALL)
    out = []
    for c in completions:
        m = pat.match(c)
        out.append(1.0 if m and m["think"].strip() and boxed(m["rest"]) else 0.0)
    return out


def test_registry_names_and_docs() -> None:
    assert [i.name for i in INVARIANTS] == list(BY_NAME)
    assert all(i.description for i in INVARIANTS)
    assert {c.invariant for c in CASES} <= set(BY_NAME)
    assert len({c.name for c in CASES}) == len(CASES)
    assert all(c.expectation and c.description for c in CASES)


def test_raising_reward_is_a_well_formed_failure() -> None:
    def broken(completions: list[str], **kwargs: Any) -> list[float]:
        raise ZeroDivisionError("boom")

    report = check_reward(broken, kind="any", invariants=["well_formed"], **FAST)
    result = report.result("well_formed")
    assert not result.holds and "raised ZeroDivisionError: boom" in result.message
    assert result.counterexample is not None and result.counterexample.completions


def test_hanging_reward_is_cut_off() -> None:
    def slow(completions: list[str], **kwargs: Any) -> list[float]:
        time.sleep(60)
        return [0.0] * len(completions)

    start = time.perf_counter()
    report = check_reward(
        slow, kind="any", invariants=["well_formed"], max_examples=2, heavy_cases=False, time_limit_s=0.2
    )
    assert time.perf_counter() - start < 20
    assert "did not return within" in report.result("well_formed").message


@pytest.mark.parametrize(
    ("values", "needle"),
    [
        (lambda n: [0.5] * (n + 1), "values for"),
        (lambda n: [math.nan] * n, "non-finite"),
        (lambda n: [2.0] * n, "outside the declared bounds"),
        (lambda n: ["x"] * n, "not a float"),
    ],
)
def test_malformed_returns(values: Any, needle: str) -> None:
    def reward(completions: list[str], **kwargs: Any) -> Any:
        return values(len(completions))

    report = check_reward(reward, kind="accuracy", invariants=["well_formed"], **FAST)
    assert needle in report.result("well_formed").message


def test_batch_normalised_reward_is_caught() -> None:
    def batch_relative(completions: list[str], **kwargs: Any) -> list[float]:
        lengths = [len(c) for c in completions]
        return [(x - min(lengths)) / (max(lengths) - min(lengths) or 1) for x in lengths]

    report = check_reward(batch_relative, kind="any", invariants=["batch_independent"], **FAST)
    result = report.result("batch_independent")
    assert not result.holds and "another prompt" in result.message
    assert result.counterexample is not None and len(result.counterexample.completions) >= 4


def test_group_relative_reward_passes() -> None:
    def per_prompt(completions: list[str], prompts: list[str], **kwargs: Any) -> list[float]:
        out = []
        for c, p in zip(completions, prompts, strict=True):
            group = [len(x) for x, q in zip(completions, prompts, strict=True) if q == p]
            out.append((len(c) - min(group)) / (max(group) - min(group) or 1))
        return out

    assert check_reward(per_prompt, kind="any", invariants=["batch_independent"], **FAST).ok


def test_nondeterministic_reward_is_caught() -> None:
    counter = iter(range(10**6))

    def drifting(completions: list[str], **kwargs: Any) -> list[float]:
        return [next(counter) % 2 * 0.5 for _ in completions]

    result = check_reward(drifting, kind="any", invariants=["batch_independent"], **FAST).result(
        "batch_independent"
    )
    assert not result.holds


def test_string_match_accuracy_fails_equivalence_with_a_shrunk_example() -> None:
    result = check_reward(string_accuracy, kind="accuracy", invariants=["equivalence"], **FAST).result(
        "equivalence"
    )
    assert not result.holds
    shrunk = [c for c in result.counterexamples if c.source.startswith("hypothesis")]
    assert shrunk and all(c.labels == ["canonical", "equivalent", "near miss"] for c in shrunk)
    first = shrunk[0]
    assert first.scores["string_accuracy"][0] == 1.0 and first.scores["string_accuracy"][1] == 0.0


def test_no_free_reward_and_degenerate() -> None:
    def constant(completions: list[str], **kwargs: Any) -> list[float]:
        return [1.0] * len(completions)

    report = check_reward(
        constant, kind="accuracy", invariants=["no_free_reward", "no_degenerate_reward"], **FAST
    )
    assert "constant positive" in report.result("no_free_reward").message
    assert not report.result("no_degenerate_reward").holds
    assert check_reward(
        string_accuracy, kind="accuracy", invariants=["no_free_reward", "no_degenerate_reward"], **FAST
    ).ok


def test_format_robustness_distinguishes_strict_and_lenient() -> None:
    def strict(completions: list[str], **kwargs: Any) -> list[float]:
        return [float(c.startswith("<think>\n")) for c in completions]

    assert not check_reward(strict, kind="format", invariants=["format_robustness"], **FAST).ok
    assert check_reward(
        lenient_format, kind="format", invariants=["format_robustness", "no_degenerate_reward"], **FAST
    ).ok


def test_length_shaping_on_character_counts() -> None:
    def chars_short_is_better(completions: list[str], **kwargs: Any) -> list[float]:
        return [max(0.0, 1 - len(c) / 4000) for c in completions]

    def tokens_short_is_better(
        completions: list[str], completion_ids: list[list[int]], **kwargs: Any
    ) -> list[float]:
        return [
            max(0.0, 1 - len(i) / 1024) if boxed(c) == "3" else 0.0
            for c, i in zip(completions, completion_ids, strict=True)
        ]

    result = check_reward(chars_short_is_better, kind="cosine", invariants=["length_shaping"], **FAST).result(
        "length_shaping"
    )
    assert any("not measured in tokens" in c.note for c in result.counterexamples)
    tokens = check_reward(
        tokens_short_is_better, kind="cosine", invariants=["length_shaping"], **FAST
    ).result("length_shaping")
    assert not any("tokens" in c.note for c in tokens.counterexamples)


def test_composite_ordering_catches_a_marker_reward() -> None:
    def markers(completions: list[str], **kwargs: Any) -> list[float]:
        return [min(1.0, len(re.findall(r"First,|Finally,", c)) / 3) for c in completions]

    report = check_composite([string_accuracy, markers], [1.0, 1.0], invariants=["ordering"], **FAST)
    result = report.result("ordering")
    assert not result.holds
    assert any(c.source == "case:seed_exploit_in_composite" for c in result.counterexamples)


def test_report_serialises() -> None:
    import json

    report = check_reward(string_accuracy, kind="accuracy", invariants=["equivalence"], **FAST)
    data = json.loads(json.dumps(report.to_dict()))
    assert data["ok"] is False and data["results"][0]["name"] == "equivalence"
    assert data["results"][0]["counterexample"]["scores"]["string_accuracy"]
    with pytest.raises(AssertionError, match="fails: equivalence"):
        report.assert_ok()
    with pytest.raises(ValueError, match="unknown invariant"):
        check_reward(string_accuracy, invariants=["nope"])
    with pytest.raises(ValueError, match="unknown kind"):
        check_reward(string_accuracy, kind="nope")
