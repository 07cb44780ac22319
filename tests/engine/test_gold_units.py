"""A gold that is a number and a unit in letters of any script ("80 km/h", "64 cm³", "36 سم", "7,5 cm") is the
number, its unit dropped (the answer's units are dropped too); a lone letter after a number is a variable ("2 x"),
save the letters of units ("5 m")."""

from __future__ import annotations

import pytest

from rewardcheck.rewards.engine import judge
from rewardcheck.rewards.engine.gold import parse_gold


@pytest.mark.parametrize(
    ("gold", "number"),
    [
        ("80 km/h", "80"),
        ("64 cm³", "64"),
        ("36 سم", "36"),
        ("7.5 cm", "7.5"),
        ("7,5 cm", "7.5"),
        ("40 см²", "40"),
        ("5 m/s", "5"),
        ("5 m", "5"),
        ("18 dollars", "18"),
    ],
)
def test_a_number_gold_with_its_unit_is_the_number(gold: str, number: str) -> None:
    parsed = parse_gold(gold)
    assert parsed.norm == number and parsed.units_dropped, (gold, parsed)


@pytest.mark.parametrize("gold", ["2 x", "2x", "x = 5"])
def test_a_lone_letter_after_a_number_is_a_variable(gold: str) -> None:
    assert not parse_gold(gold).units_dropped, gold


@pytest.mark.parametrize(
    ("text", "gold"),
    [
        ("기차의 속력은 시속 80 km입니다.", "80 km/h"),
        ("محيط المربع هو 36 سم.", "36 سم"),
        ("Das Volumen beträgt 64 cm³.", "64 cm³"),
        ("O lado mede 7,5 cm.", "7.5 cm"),
        ("So the speed is 80.", "80 km/h"),
    ],
)
def test_an_answer_to_a_gold_with_a_unit_is_paid(text: str, gold: str) -> None:
    assert judge(text, gold).verdict.value == "correct", (text, gold)


def test_another_number_is_wrong() -> None:
    assert judge("So the speed is 60 km/h.", "80 km/h").verdict.value == "wrong"
