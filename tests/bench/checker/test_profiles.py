"""The checker against real profiles: finds every known open-r1 fault with a shrunk counterexample, and
finds nothing in ``patched``."""

from __future__ import annotations

from functools import cache
from typing import Any

import pytest
from math_verify import verify

from rewardcheck.bench.checker import check_composite, check_reward
from rewardcheck.bench.invariants import BY_NAME, INVARIANTS
from rewardcheck.bench.invariants.attacks import ATTACK_INVARIANTS
from rewardcheck.rewards import build_registry
from rewardcheck.rewards.upstream.mathverify_calls import parse_answer, parse_gold_default

FAST: dict[str, Any] = {"max_examples": 6, "heavy_cases": False}
ARGS = {"max_completion_length": 1024, "eos_token_id": 151645}


@cache
def registry(profile: str) -> dict[str, Any]:
    return build_registry(ARGS, profile)


def shrunk(result: Any) -> list[Any]:
    return [c for c in result.counterexamples if c.source.startswith("hypothesis")]


# --- openr1@e4ac3ae ------------------------------------------------------------------------------


def test_e4ac3ae_reasoning_steps_exploit() -> None:
    result = check_reward(
        registry("openr1@e4ac3ae")["reasoning_steps"],
        "reasoning_steps",
        invariants=["no_degenerate_reward"],
        **FAST,
    ).result("no_degenerate_reward")
    assert not result.holds
    cx = shrunk(result)[0]
    assert cx.labels == ["markers_only"] and cx.scores["reasoning_steps_reward"][0] > 0
    assert len(cx.completions[0]) <= 10  # shrunk to a single marker
    seed = next(c for c in result.counterexamples if c.source == "case:seed_exploit")
    assert seed.scores["reasoning_steps_reward"] == [pytest.approx(2 / 3)] and seed.token_counts == [7]


def test_e4ac3ae_cosine_wraps_around_and_inverts_the_wrong_branch() -> None:
    result = check_reward(
        registry("openr1@e4ac3ae")["cosine"], "cosine", invariants=["length_shaping"], **FAST
    ).result("length_shaping")
    found = shrunk(result)
    wrap = next(c for c in found if "longer correct answer" in c.note)
    short, long = wrap.scores["cosine_scaled_reward"]
    assert (
        long > short and len(wrap.completions[1]) > 1000
    )  # progress > 1: the value rises again past max_len
    inverted = next(c for c in found if "shorter wrong answer" in c.note)
    short, long = inverted.scores["cosine_scaled_reward"]
    assert short > long and inverted.token_counts[0] < inverted.token_counts[1]


def test_e4ac3ae_accuracy_free_reward_and_reversed_verify() -> None:
    report = check_reward(
        registry("openr1@e4ac3ae")["accuracy"],
        "accuracy",
        invariants=["no_free_reward", "equivalence"],
        **FAST,
    )
    free = report.result("no_free_reward")
    assert not free.holds and "constant positive" in shrunk(free)[0].note
    reversed_cases = []
    for cx in shrunk(report.result("equivalence")):
        gold = parse_gold_default(cx.solution)
        answer = parse_answer(cx.completions[1], boxed="all")
        if gold and answer and verify(gold, answer) != verify(answer, gold):
            reversed_cases.append(cx)
    assert reversed_cases, "no shrunk counterexample shows verify(answer, gold) != verify(gold, answer)"
    assert reversed_cases[0].scores["accuracy_reward"][1] == 0.0


# --- openr1@1416fa0 ------------------------------------------------------------------------------


def test_1416fa0_format_needs_exact_whitespace_and_no_prefill() -> None:
    result = check_reward(
        registry("openr1@1416fa0")["format"], "format", invariants=["format_robustness"], **FAST
    ).result("format_robustness")
    assert not result.holds and shrunk(result)
    assert any(c.source == "case:prefilled_think" for c in result.counterexamples)
    assert any(c.source == "case:blank_line_between_blocks" for c in result.counterexamples)


def test_1416fa0_cosine_latex_only_gold_and_characters() -> None:
    report = check_reward(
        registry("openr1@1416fa0")["cosine"],
        "cosine",
        invariants=["no_free_reward", "equivalence", "length_shaping"],
        **FAST,
    )
    assert "constant positive" in shrunk(report.result("no_free_reward"))[0].note
    plain = next(
        c for c in report.result("equivalence").counterexamples if c.source == "case:plain_gold_integer"
    )
    assert plain.scores["cosine_scaled_reward"][2] == 1.0  # a wrong answer paid as correct: gold '3' unread
    assert any("not measured in tokens" in c.note for c in shrunk(report.result("length_shaping")))


def test_1416fa0_len_batch_wide_characters_and_unread_gold() -> None:
    report = check_reward(
        registry("openr1@1416fa0")["length"],
        "length",
        invariants=["batch_independent", "length_shaping"],
        **FAST,
    )
    batch = report.result("batch_independent")
    assert not batch.holds and "another prompt" in shrunk(batch)[0].note
    shaping = report.result("length_shaping")
    assert any("not measured in tokens" in c.note for c in shrunk(shaping))
    unread = next(c for c in shaping.counterexamples if c.source == "case:plain_gold_wrong_answers")
    assert max(v for v in unread.scores["len_reward"] if v is not None) > 0


def test_seed_composite_ranks_the_exploit_above_a_genuine_attempt() -> None:
    reg = build_registry({"cosine_min_value_wrong": 0.0, "cosine_max_value_wrong": -0.5}, "openr1@e4ac3ae")
    funcs = [reg[n] for n in ("accuracy", "format", "reasoning_steps", "cosine")]
    result = check_composite(funcs, [1, 1, 1, 1], invariants=["ordering"], **FAST).result("ordering")
    seed = next(c for c in result.counterexamples if c.source == "case:seed_exploit_in_composite")
    assert seed.total[3] == pytest.approx(0.666, abs=1e-3) and seed.total[3] > seed.total[2]


# --- patched -------------------------------------------------------------------------------------


# The attack invariants (bench.invariants.attacks) on patched wait for the engine-v2 fixes (accuracy) and a
# format that needs a final answer inside <answer> tags: the lead's test for them is
# test_patched_passes_every_invariant_thorough (/work/notes/bench-patched-test.py).
_BEFORE_ATTACKS = [inv.name for inv in INVARIANTS if inv not in ATTACK_INVARIANTS]


@pytest.mark.parametrize("kind", ["accuracy", "format", "reasoning_steps", "cosine", "length"])
def test_patched_every_invariant_holds(kind: str) -> None:
    names = [n for n in _BEFORE_ATTACKS if BY_NAME[n].applies(kind, False)]
    report = check_reward(registry("patched")[kind], kind, invariants=names, **FAST)
    assert report.ok, report.render()


def test_patched_seed_composite_holds() -> None:
    reg = registry("patched")
    funcs = [reg[n] for n in ("accuracy", "format", "reasoning_steps", "cosine")]
    report = check_composite(funcs, [1, 1, 1, 1], **FAST)
    assert report.ok, report.render()


def test_1416fa0_accuracy_credits_an_answer_hidden_in_the_think_block() -> None:
    result = check_reward(
        registry("openr1@1416fa0")["accuracy"], "accuracy", invariants=["final_answer"], **FAST
    ).result("final_answer")
    cx = shrunk(result)[0]
    assert "think only" in cx.note and cx.scores["accuracy_reward"] == [1.0, 1.0]


def test_composite_components_are_named() -> None:
    reg = registry("openr1@e4ac3ae")
    report = check_composite(
        [reg["accuracy"], reg["reasoning_steps"]], invariants=["well_formed"], components=True, **FAST
    )
    names = [r.name for r in report.results]
    assert "well_formed" in names and "reasoning_steps_reward.no_degenerate_reward" in names
    assert not report.result("reasoning_steps_reward.no_degenerate_reward").holds


@pytest.mark.parametrize("kind", ["accuracy", "format", "reasoning_steps", "cosine", "length"])
def test_patched_passes_every_invariant_attacks_included(kind: str) -> None:
    # every invariant of the kind, the attack invariants included (no `invariants=` filter);
    # REWARDCHECK_HYPOTHESIS=thorough runs it with 500 examples
    report = check_reward(registry("patched")[kind], kind, heavy_cases=False)
    assert report.ok, report.render()
