"""Answers that are no single number, found by the blind set ``forms15``: an interval with an infinite end in the
French convention and a set named before it ("S = ]5 ; +∞["), roots listed with the logical "or" ("x = −1 ∨ x =
5"), and Chinese and Japanese words that hold the negator "不" and deny nothing ("不同" different, "不等式"
inequality, "不动点" fixed point; WordClass.PLAIN_WORD)."""

from __future__ import annotations

import pytest

from rewardcheck.rewards.engine import judge


def _verdict(text: str, gold: str) -> str:
    return judge(text, gold).verdict.value


@pytest.mark.parametrize(
    ("text", "gold"),
    [
        ("Donc S = ]5 ; +∞[.", "(5, +\\infty)"),
        ("Conclusion : S = ]−1 ; 3].", "(-1, 3]"),
        ("L'ensemble des solutions est ]−∞ ; 2].", "(-\\infty, 2]"),
        ("Conclusion : I = [0 ; 4[.", "[0, 4)"),
        ("Donc S = ]5 ; +\\infty[.", "(5, +\\infty)"),
    ],
)
def test_a_french_interval_with_an_infinite_end_or_a_name_is_one_value(text: str, gold: str) -> None:
    assert _verdict(text, gold) == "correct", text


@pytest.mark.parametrize(
    ("text", "gold"),
    [
        ("Conclusion : S = ]−1 ; 3].", "[-1, 3]"),  # the bracket says which end is open
        ("Donc S = ]5 ; +∞[.", "[5, +\\infty)"),
        ("Conclusion : S = ]−1 ; 3].", "3"),
    ],
)
def test_a_french_interval_is_not_paid_for_another_set(text: str, gold: str) -> None:
    assert _verdict(text, gold) != "correct", text


@pytest.mark.parametrize(
    "text",
    [
        "Soluzioni: x = −1 ∨ x = 5.",
        "Lösungen: x = −1 \\lor x = 5.",
        "Rozwiązania: x = −1 \\vee x = 5.",
    ],
)
def test_roots_listed_with_a_logical_or_are_a_list(text: str) -> None:
    assert _verdict(text, "-1, 5") == "correct", text
    for gold in ("-1", "5"):  # two roots are no answer for one
        assert _verdict(text, gold) != "correct", (text, gold)


@pytest.mark.parametrize(
    ("text", "gold"),
    [
        ("答：不同的方法共有 6 种。", "6"),
        ("所以一共有 6 种不同的排列方式。", "6"),
        ("不动点是 3。", "3"),
        ("答：不等式的解集为 (1, 3)。", "(1, 3)"),
        ("よって、不等式の解は 2 < x < 5 です。", "(2, 5)"),
    ],
)
def test_a_word_that_holds_a_negator_denies_no_value(text: str, gold: str) -> None:
    assert _verdict(text, gold) == "correct", text


@pytest.mark.parametrize(
    ("text", "gold"),
    [
        ("答案不是 6。", "6"),
        ("答：x 不等于 5。", "5"),
        ("不同的方法不是 6 种。", "6"),
    ],
)
def test_a_negator_beside_such_a_word_still_denies(text: str, gold: str) -> None:
    assert _verdict(text, gold) != "correct", text
