"""Issue 44, item 4: a gold whose own work passes the work budget is kept as such, so a prompt's group pays the
budget once, not once per completion. The gold's work (its parse, then sympy's ``simplify`` of it) runs in the
worker before the answer's, each under the budget; a gold phase over it is an outcome of the gold and the
budget alone, and the pool keeps it. The next answers to that gold get the same verdict and reason with no
worker call. A "machine stalled" is never kept. Every assertion reads counters, verdicts and the kept record,
never a clock; the wall-clock safety net is moved out of reach where a test needs it silent.
"""

from __future__ import annotations

import importlib

import pytest

from rewardcheck.rewards.engine import (
    EngineConfig,
    Verdict,
    budget,
    clear_caches,
    counters,
    default_pool,
    judge,
    judge_batch,
)
from rewardcheck.rewards.engine.budget import OverBudget
from rewardcheck.rewards.engine.gold_work import DONE, gold_phase
from rewardcheck.rewards.engine.isolation import MachineStalled, OverBudgetTimeout, WorkerPool
from rewardcheck.rewards.engine.mathcore import parse_value

HANGING_GOLD = importlib.import_module("benchmarks.load_invariance").HANGING_GOLD
T = "<think>\nok\n</think>\n"
BUDGET_S = 0.5
# answers of a group: none decided before the worker against this gold (no exact form, no size decision)
ANSWERS = [r"\log_2 8", "6", r"\frac{7}{2}", "x+1", r"3+4i", r"\sqrt{2}", "2^{10}", r"\pi"] * 2
KEYS = (
    "isolated_calls",
    "over_budget",
    "gold_over_budget",
    "over_budget_known",
    "machine_stalled",
    "timeouts",
)


def _hanging(k: int) -> str:
    """A fresh variant of the hanging gold (its gcd's first argument moved): no cache has seen it."""
    return HANGING_GOLD.replace(r"\gcd(12, 18)", rf"\gcd({12 + k}, 18)")


def _delta(before: dict[str, int]) -> dict[str, int]:
    after = counters()
    return {k: after.get(k, 0) - before.get(k, 0) for k in KEYS}


@pytest.fixture(autouse=True)
def _no_safety_net(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(budget, "STALL_FACTOR", 1000.0)  # verdicts only: the net has its own test below


def test_the_second_call_with_a_hanging_gold_needs_no_worker_and_says_the_same() -> None:
    assert default_pool().wait_ready(120.0)
    gold, cfg = _hanging(1), EngineConfig(timeout_s=BUDGET_S)
    text = T + r"\boxed{\log_2 8}"
    before = counters()
    first = judge(text, gold, config=cfg)
    # the first call ends at its budget, in the gold's own phase: one worker call, over budget, the gold's
    assert first.verdict is Verdict.TIMEOUT and first.accuracy is None
    assert f"the gold is over its work budget of {BUDGET_S:g} s of CPU" in first.reason
    assert _delta(before) == {
        "isolated_calls": 1,
        "over_budget": 1,
        "gold_over_budget": 1,
        "over_budget_known": 0,
        "machine_stalled": 0,
        "timeouts": 1,
    }
    before = counters()
    second = judge(text, gold, config=cfg)
    assert (second.verdict, second.reason, second.rule) == (first.verdict, first.reason, first.rule)
    assert _delta(before) == {
        "isolated_calls": 0,  # no worker work at all
        "over_budget": 0,
        "gold_over_budget": 0,
        "over_budget_known": 1,
        "machine_stalled": 0,
        "timeouts": 1,
    }


def test_a_group_of_sixteen_answers_to_a_hanging_gold_pays_the_budget_once() -> None:
    assert default_pool().wait_ready(120.0)
    gold = _hanging(2)
    texts = [T + f"\\boxed{{{a}}}" for a in ANSWERS]
    before = counters()
    out = judge_batch(texts, [gold] * len(texts), config=EngineConfig(timeout_s=BUDGET_S))
    assert {j.verdict for j, _ in out} == {Verdict.TIMEOUT}
    assert all(
        j.reason.endswith(f"the gold is over its work budget of {BUDGET_S:g} s of CPU") for j, _ in out
    )
    got = _delta(before)
    assert (got["isolated_calls"], got["over_budget"], got["gold_over_budget"]) == (1, 1, 1)
    assert got["over_budget_known"] == len(texts) - 1


def test_the_record_is_per_budget_and_a_stall_is_never_kept(monkeypatch: pytest.MonkeyPatch) -> None:
    pool = WorkerPool(size=1, max_workers=1)
    gold = _hanging(3)
    try:
        assert pool.wait_ready(60.0)
        # The net made smaller than the budget can take (0.5 x 0.4 s of wall time for 0.4 s of CPU): it fires
        # first, and a machine's stall says nothing about the gold: nothing is kept.
        monkeypatch.setattr(budget, "STALL_FACTOR", 0.5)
        with pytest.raises(MachineStalled):
            pool.run("check_strings", (gold, r"\log_2 8"), timeout_s=0.4)
        assert len(pool.over_budget) == 0
        monkeypatch.setattr(budget, "STALL_FACTOR", 1000.0)
        before = counters()
        with pytest.raises(OverBudgetTimeout, match="the gold is over its work budget of 0.4 s"):
            pool.run("check_strings", (gold, r"\log_2 8"), timeout_s=0.4)
        assert _delta(before)["isolated_calls"] == 1 and len(pool.over_budget) == 1
        # another answer to the same gold under the same budget: known; under another budget: worked out
        before = counters()
        with pytest.raises(OverBudgetTimeout, match="the gold is over its work budget of 0.4 s"):
            pool.run("check_strings", (gold, "7"), timeout_s=0.4)
        assert _delta(before)["isolated_calls"] == 0
        with pytest.raises(OverBudgetTimeout, match="the gold is over its work budget of 0.3 s"):
            pool.run("check_strings", (gold, "7"), timeout_s=0.3)
        assert _delta(before)["isolated_calls"] == 1 and len(pool.over_budget) == 2
    finally:
        pool.close()


def test_an_answer_over_budget_is_kept_for_its_pair_only() -> None:
    # The hanging expression as the *answer*: the gold's phase ends, the pair's passes the budget. Kept for
    # that pair; another answer to the same gold is still worked out (and decided).
    pool = WorkerPool(size=1, max_workers=1)
    hanging_answer = r"\frac{\gcd(12, 18)}{(\frac12)^{\angle ABC}}\cdot 3+4i"
    try:
        assert pool.wait_ready(60.0)
        before = counters()
        for _ in range(2):
            with pytest.raises(OverBudgetTimeout) as exc:
                pool.run("check_strings", ("12", hanging_answer), timeout_s=0.4)
            assert not str(exc.value).startswith("the gold")
        got = _delta(before)
        assert (got["isolated_calls"], got["over_budget"], got["gold_over_budget"]) == (1, 1, 0)
        assert got["over_budget_known"] == 1
        assert pool.run("check_strings", ("12", r"\log_2 8"), timeout_s=0.4)[0] == "wrong"
        assert _delta(before)["isolated_calls"] == 2
    finally:
        pool.close()


def test_a_kept_gold_phase_is_over_a_budget_below_its_cost() -> None:
    # The worker keeps a finished gold phase with the CPU seconds it took, so the answer's phase always gets
    # the whole budget; a later call with a budget below that cost is over it, as a fresh run would be.
    parsed = parse_value("x^2+1")
    DONE.put(("x^2+1 (test)", False), (parsed, 0.7))
    try:
        with pytest.raises(OverBudget, match="over its work budget of 0.5 s of CPU"):
            gold_phase("x^2+1 (test)", False, 0.5)
        assert gold_phase("x^2+1 (test)", False, 1.0) is parsed
    finally:
        DONE.cache_clear()


def test_clear_caches_forgets_the_kept_golds() -> None:
    default_pool().over_budget.put(
        ("gold", "g", False, 0.5), "the gold is over its work budget of 0.5 s of CPU"
    )
    clear_caches()
    assert len(default_pool().over_budget) == 0
