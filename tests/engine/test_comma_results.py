"""The result that ends a computation, written with a decimal comma ("10 / 20 = 0,5", "280 ÷ 80 = 3,5"), is one
decimal, not a list: the chain states it (it was judged an unevaluated expression). After a name and "=" a comma
may still list values, and a thousands group stays a group."""

from __future__ import annotations

import pytest
from verdicts import verdict as _verdict

from rewardcheck.rewards.engine.forms import chain_value


@pytest.mark.parametrize(
    ("text", "gold"),
    [
        ("10 / 20 = 0,5", "0.5"),
        ("So 280 ÷ 80 = 3,5", "3.5"),
        ("7 + 2,5 = 9,5", "9.5"),
        ("90 / 60 = 1,5", "1.5"),
        ("Ответ: 6 / 12 = 0,5", "0.5"),
    ],
)
def test_a_decimal_comma_result_of_a_computation_is_its_value(text: str, gold: str) -> None:
    assert _verdict(text, gold) == "correct", text
    assert _verdict(text, "5") != "correct", text


def test_a_name_and_comma_values_stay_a_list_and_a_group_stays_a_group() -> None:
    assert chain_value("x = 1,2") == "x = 1,2"  # not split here: the list reader reads it
    assert chain_value("10 / 20 = 0,5") == "0.5"
    assert chain_value("5 × 250 = 1,250") != "1.250"


def test_a_counterfactual_with_an_aside_word_remarks_on_another_quantity() -> None:
    text = (
        "A = 3,14 · 10² = 314\nDer Flächeninhalt beträgt 314 cm².\n"
        "Der Umfang wäre übrigens 2 · 3,14 · 10 = 62,8 cm."
    )
    assert _verdict(text, "62.8") != "correct"
    assert _verdict(text, "314") == "correct"
