"""Engine v2, hard limits and determinism (issue 12's engine items, issue 13's determinism section).

Each 1 MB family used to take from seconds to hours (cubic or quadratic backtracking); the bound asserted
here (30 s) is far above the linear cost and far below the old one, so it holds on any machine.
"""

from __future__ import annotations

import importlib
import time
from collections.abc import Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rewardcheck.rewards.engine import (
    EngineConfig,
    Verdict,
    clear_caches,
    extract_answer,
    judge,
    judge_batch,
    normalise,
)
from rewardcheck.rewards.engine.isolation import IsolationTimeout
from rewardcheck.rewards.registry import build_registry

isolated_module = importlib.import_module("rewardcheck.rewards.engine.compare.isolated")  # the worker call
MB = 1_000_000
T = "<think>\nI work it out.\n</think>\n"
P = build_registry({}, "patched")
LIMIT_S = 30.0

FAMILIES: dict[str, Callable[[], object]] = {
    "answer anchor + newlines": lambda: judge(T + "the answer is" + "\n" * MB, "5"),
    "answer anchor + spaces": lambda: judge(T + "The final answer is" + " " * MB + "x", "5"),
    "box + spaces + box (joiner)": lambda: judge(T + "\\boxed{1}" + " " * MB + "\\boxed{2}", "2"),
    "box + commas + box (joiner)": lambda: judge(T + "\\boxed{1}" + ", " * (MB // 2) + "\\boxed{2}", "2"),
    "nested \\text{ in normalise": lambda: normalise("\\text{" * (MB // 6) + "5" + "}" * (MB // 6)),
    "nested \\text{ in a box": lambda: judge(T + "\\boxed{" + "\\text{" * (MB // 6) + "}" * (MB // 6), "5"),
    "repeated 'answer'": lambda: judge(T + "the answer " * (MB // 11), "5"),
    "repeated 'Answer:'": lambda: judge(T + "Answer: " * (MB // 8), "5"),
    "repeated ####": lambda: judge(T + "#### " * (MB // 5), "5"),
    "repeated <answer>": lambda: judge(T + "<answer>" * (MB // 8), "5"),
    "repeated \\boxed{": lambda: judge(T + "\\boxed{" * (MB // 7), "5"),
    "repeated $": lambda: judge(T + "$" * MB, "5"),
    "digits": lambda: judge(T + "7" * MB, "5"),
    "retraction words": lambda: judge(T + "\\boxed{5} " + "actually " * (MB // 9), "5"),
    "negation words": lambda: judge(T + "not " * (MB // 4) + "\\boxed{5}", "5"),
    "closing sentence": lambda: judge(T + "is " * (MB // 3) + "$5$.", "5"),
    "spaced think tags": lambda: judge("<think>" + "< / " * (MB // 4) + "think>", "5"),
    "answer region": lambda: extract_answer("(" * MB),
    "huge gold": lambda: judge(T + "\\boxed{5}", "1" * MB),
    "prompt echo scan": lambda: judge(T + "\\boxed{2+3}", "5", prompt="$2+3$ " * (MB // 6)),
}


@pytest.mark.parametrize("family", sorted(FAMILIES))
def test_one_megabyte_inputs_stay_linear(family: str) -> None:
    t0 = time.monotonic()
    out = FAMILIES[family]()
    elapsed = time.monotonic() - t0
    assert out is not None
    assert elapsed < LIMIT_S, f"{family}: {elapsed:.1f} s for 1 MB"


@pytest.mark.parametrize(
    "gold",
    [r"\Gamma(100000)", r"\frac{0}{0} x", "1" + "0" * 5000, r"((10^{999})^{999})^{999}", "", "   "],
)
def test_golds_that_used_to_raise_get_a_verdict(gold: str) -> None:
    j = judge(T + "\\boxed{5}", gold, config=EngineConfig(timeout_s=2.0))
    assert isinstance(j.verdict, Verdict)
    assert j.accuracy in (None, 0.0)


def test_reward_takes_odd_gold_types_without_raising() -> None:
    got = P["accuracy"]([T + "\\boxed{5}"] * 4, solution=[None, 10**5000, 5, r"\Gamma(100000)"])
    assert got[0] is None and got[1] == 0.0 and got[2] == 1.0 and got[3] in (None, 0.0)
    big = 10**5000 + 7
    assert P["accuracy"]([T + "\\boxed{1}"], solution=[big]) == [0.0]


@pytest.mark.parametrize(
    ("answer", "gold", "verdict"),
    [
        ("3^{-41}", "3^{-40}", Verdict.WRONG),
        ("3^{-40}", "3^{-40}", Verdict.CORRECT),
        ("2\\cdot 10^{-8}", "10^{-8}", Verdict.WRONG),
        ("9900", "\\frac{100!}{98!}", Verdict.CORRECT),
        ("9901", "\\frac{100!}{98!}", Verdict.WRONG),
        ("\\frac{1000!}{998!}", "998001", Verdict.WRONG),
        ("\\frac{1}{1000000009}", "\\frac{1}{1000000007}", Verdict.WRONG),
        ("0", "2^{-60}", Verdict.WRONG),
    ],
)
def test_exact_numbers_compare_exactly_without_sympy(answer: str, gold: str, verdict: Verdict) -> None:
    for _ in range(2):  # same verdict on a cold and a warm call, never a timeout
        clear_caches()
        j = judge(T + f"\\boxed{{{answer}}}", gold, config=EngineConfig(allow_unevaluated=True))
        assert j.verdict is verdict and j.path in ("exact", "fast"), j


class _FlakyPool:
    """A worker pool whose first call times out (a loaded machine) and whose next calls answer."""

    def __init__(self) -> None:
        self.calls = 0

    def run(self, name: str, args: tuple[object, ...], timeout_s: float) -> object:
        self.calls += 1
        if self.calls == 1:
            raise IsolationTimeout("simulated: worker killed at the deadline")
        return ("correct", "x", "x")


def test_a_timeout_is_never_memoised(monkeypatch: pytest.MonkeyPatch) -> None:
    pool = _FlakyPool()
    monkeypatch.setattr(isolated_module, "default_pool", lambda: pool)
    text, gold = T + "\\boxed{\\sum_{k=1}^{3} k}", "\\sum_{j=1}^{3} j"  # risky: goes to the worker
    first = judge_batch([text], [gold])[0][0]
    second = judge_batch([text], [gold])[0][0]
    assert first.verdict is Verdict.TIMEOUT
    assert second.verdict is Verdict.CORRECT and pool.calls == 2


@settings(max_examples=25, deadline=None)
@given(
    st.lists(
        st.sampled_from(
            [
                (T + "\\boxed{\\frac{100!}{98!}}", "9900"),
                (T + "\\boxed{3^{-41}}", "3^{-40}"),
                (T + "The answer is not \\boxed{4}.", "4"),
                (T + "\\boxed{4}. Actually, the answer is 5.", "5"),
                (T + "\\boxed{silent}", "listen"),
                (T + "\\boxed{(2,\\infty)}", "t>2"),
                (T + "\\boxed{1} and \\boxed{2}", "1, 2"),
                (T + "\\boxed{0.5}", "\\frac{1}{2}"),
            ]
        ),
        min_size=1,
        max_size=12,
    ),
    st.booleans(),
)
def test_property_same_input_same_verdict_in_any_order(batch: list[tuple[str, str]], clear: bool) -> None:
    reference = {pair: judge(*pair).verdict for pair in set(batch)}
    if clear:
        clear_caches()
    got = judge_batch([t for t, _ in batch], [g for _, g in batch])
    assert [j.verdict for j, _ in got] == [reference[pair] for pair in batch]
