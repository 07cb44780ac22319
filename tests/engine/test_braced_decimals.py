"""LaTeX's braced comma that can only be a decimal comma (``0{,}5``, ``12{,}75``: not a group of three digits
after it, or a lone zero before it) is a point wherever it stands in an answer, against any gold: roots listed,
a chain of equal values, a point, several decimals in one answer. ``1{,}000`` stays for the gold to decide.
"""

from __future__ import annotations

import pytest

from rewardcheck.rewards.engine import judge


@pytest.mark.parametrize(
    ("text", "gold", "other"),
    [
        ("Sonuç olarak kökler $0{,}5$ ve $-1$'dir.", "\\left\\{-1, \\frac{1}{2}\\right\\}", "\\{-1, 2\\}"),
        ("Les racines sont $x = 0{,}5$ et $x = 1{,}25$.", "\\{0.5, 1.25\\}", "\\{0.5, 1.5\\}"),
        ("$\\frac{2}{5} = 2 : 5 = 0{,}4$", "\\frac{2}{5}", "\\frac{3}{5}"),
        ("Der Punkt ist $P(0{,}5 ; 2{,}75)$.", "(0.5, 2.75)", "(0.5, 2.5)"),
        ("Die Lösungen: $x_1 = 1{,}5$, $x_2 = -2{,}25$", "\\{1.5, -2.25\\}", "\\{1.5, 2.25\\}"),
        ("Il risultato è $0{,}125$.", "\\frac{1}{8}", "\\frac{1}{4}"),
    ],
)
def test_a_braced_decimal_comma_is_a_point_anywhere(text: str, gold: str, other: str) -> None:
    assert judge(text, gold).verdict.value == "correct", text
    assert judge(text, other).verdict.value == "wrong", text


@pytest.mark.parametrize(("gold", "expected"), [("1000", "correct"), ("1", "correct"), ("2", "wrong")])
def test_a_braced_group_of_three_stays_for_the_gold(gold: str, expected: str) -> None:
    assert judge("So the total is $1{,}000$.", gold).verdict.value == expected
