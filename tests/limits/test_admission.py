"""Issue 30: admission by size, decided from the text before any work; the same text, the same decision."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rewardcheck.rewards.engine.admission import admit

REFUSED = {
    r"9^{9^{9^{9}}}": "a power tower",
    r"2^{2^{2^{2^{2^{2}}}}}": "a power tower",
    r"e^{e^{e^{9}}}": "a power tower",
    r"10^{10^{10}}": "bits",
    r"((10^{999})^{999})^{999}": "bits",
    r"(10^{10})!": "factorial",
    "100000!": "factorial",
    r"\Gamma(10^{7})": "Gamma",
    r"\Gamma99109999": "Gamma",
    r"\Gamma(100000)": "Gamma",
    r"\binom{10^{9}}{10^{8}}": "binom",
    r"\sum_{k=1}^{10^{12}} k^{99}": "",
    r"2-3\omega+\omega^{-1994}": "exponent",
    "1" * 400: "digits",
    "{" * 20 + "1" + "}" * 20: "nesting",
}
ADMITTED = [
    "x^2+1",
    r"\frac{100!}{98!}",
    r"x^{\sum_{k=1}^{4} k}",
    r"2^{2^{3}}",
    r"(x+1)^{99}(y-1)^{99}",
    r"\binom{5}{2} y",
    r"2\cdot 10^{-8}",
    r"\log_2 8",
    "5!",
]


@pytest.mark.parametrize("expr", sorted(REFUSED))
def test_refused_with_its_reason(expr: str) -> None:
    decision = admit(expr)
    assert not decision.admitted
    assert decision.reason.startswith("too large to compare: ") and REFUSED[expr] in decision.reason


@pytest.mark.parametrize("expr", ADMITTED)
def test_admitted(expr: str) -> None:
    assert admit(expr).admitted, admit(expr).reason


@settings(max_examples=300, deadline=None, derandomize=True)
@given(st.text(alphabet="0123456789^{}()!\\Gamx+-*/ ", max_size=60))
def test_same_text_same_decision_and_refusals_say_why(expr: str) -> None:
    admit.cache_clear()
    first = admit(expr)
    admit.cache_clear()
    assert admit(expr) == first
    assert first.admitted or first.reason.startswith("too large to compare")


@pytest.mark.parametrize(
    ("big", "small", "differs"),
    [
        (r"9^{9^{9^{9}}}", "5", True),
        (r"2^{2^{2^{2^{2^{2}}}}}", r"\frac{7}{2}", True),
        (r"((10^{999})^{999})^{999}", "10^{5}", True),
        (r"(10^{10})!", "120", True),
        (r"1^{9^{9^{9}}}", "1", False),  # a base of 1: no bound, left to admission
        (r"9^{20}", "0", False),  # x^20 is x^2 * 0 in LaTeX: not read
        (r"2^{2^{3}}", "256", False),  # small: compared exactly elsewhere
        (r"9^{9^{9^{9}}}", "5x", False),  # no exact value on the other side
    ],
)
def test_a_tower_against_a_small_exact_value_is_decided_by_size(big: str, small: str, differs: bool) -> None:
    from rewardcheck.rewards.engine.magnitude import differs_by_size

    assert differs_by_size(big, small) is differs
