"""A one-letter name written onto an opening bracket in running text is a function applied to its argument:
"f(2) = 4 + 1 = 5" states 5 (read without its name, "(2) = 4 + 1 = 5" contradicted itself and was refused), in
every language's sentence around it."""

from __future__ import annotations

import pytest

from rewardcheck.rewards.engine import judge

CHAINS = [
    "Substituting x = 2, we get f(2) = 4 + 1 = 5.",
    "On a f(x) = x² + 1. En remplaçant x par 2, on obtient f(2) = 4 + 1 = 5.",
    "Al sustituir x = 2, obtenemos g(2) = 6 − 1 = 5.",
    "Setzen wir x = 2 ein, so erhalten wir f(2) = 4 + 1 = 5.",
    "Подставив x = 2, получаем f(2) = 4 + 1 = 5.",
    "x = 2 を代入すると、f(2) = 4 + 1 = 5 となる。",
    "x = 2를 대입하면 f(2) = 2² + 1 = 5입니다.",
    "Thay x = 2 vào, ta được h(2) = 4 + 1 = 5.",
]


@pytest.mark.parametrize("text", CHAINS)
def test_a_function_value_chain_states_its_last_value(text: str) -> None:
    got = judge(text, "5")
    assert got.verdict.value == "correct", (text, got.answer, got.reason)
    assert judge(text, "2").verdict.value == "wrong", text


def test_a_probability_of_an_event_is_one_value() -> None:
    assert judge("So P(A) = 1/2.", "1/2").verdict.value == "correct"


def test_a_spaced_bracket_after_a_word_is_an_aside() -> None:
    assert judge("The answer is 12 (a (b) aside).", "12").verdict.value == "correct"
