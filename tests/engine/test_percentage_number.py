"""A percentage gold answered by its number without the sign, the word for the sign in any language left out
("12.5 percent", "12,5 Prozent", "12,5 процента", "12.5퍼센트"): the percentage's number, as a plain number
gold is paid the percentage's number the other way round. Another number is not paid."""

from __future__ import annotations

import pytest

from rewardcheck.rewards.engine import judge

_SAID = [
    "The price went up by 12.5 percent.",
    "Der Preis stieg um 12,5 Prozent.",
    "Le prix a augmenté de 12,5 pour cent.",
    "El precio subió un 12,5 por ciento.",
    "Цена выросла на 12,5 процента.",
    "가격이 12.5퍼센트 올랐습니다.",
    "Giá tăng 12,5 phần trăm.",
]


@pytest.mark.parametrize("text", _SAID)
def test_the_percentages_number_is_paid(text: str) -> None:
    assert judge(text, "12.5\\%").verdict.value == "correct", text
    assert judge(text, "13.5\\%").verdict.value == "wrong", text


def test_a_number_up_to_one_may_be_the_fraction_and_is_not_paid() -> None:
    assert judge("So \\boxed{0.25}", "0.25\\%").verdict.value != "correct"  # 0.25 may be 25%


@pytest.mark.parametrize(("text", "gold"), [("The answer is 0.125.", "12.5\\%"), ("So 12.5%.", "12.5\\%")])
def test_the_value_and_the_sign_are_read_as_before(text: str, gold: str) -> None:
    assert judge(text, gold).verdict.value == "correct"
