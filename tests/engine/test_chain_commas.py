"""A decimal comma of an operand in an equation chain ("0,30 · 200 = 60", "0,25 · 20 = 5"): the operand is no
list item, so the chain states its last member; a comma after "=" alone ("x = 1,2") may list values and
stays, and so does a thousands group ("1,000 + 2")."""

from __future__ import annotations

import pytest

from rewardcheck.rewards.engine import judge
from rewardcheck.rewards.engine.forms import chain_value


@pytest.mark.parametrize(
    ("text", "gold", "other"),
    [
        ("Η απάντηση είναι 60.\nΑιτιολόγηση: το 30% του 200 είναι 0,30 · 200 = 60 μαθητές.", "60", "61"),
        ("25% din cei 20 de elevi au luat nota 10.\n0,25 · 20 = 5", "5", "6"),
        ("Also ist der Preis $0,8 \\cdot 45 = 36$ Euro.", "36", "45"),
    ],
)
def test_a_chain_with_decimal_operands_states_its_last_member(text: str, gold: str, other: str) -> None:
    assert judge(text, gold).verdict.value == "correct", text
    assert judge(text, other).verdict.value == "wrong", text


@pytest.mark.parametrize(
    ("chain", "stated"),
    [("x = 1,2", "x = 1,2"), ("1,000 + 2 = 1,002", "1,000 + 2 = 1,002"), ("0,5 + 1 = 1.5", "1.5")],
)
def test_which_commas_are_read_as_points(chain: str, stated: str) -> None:
    assert chain_value(chain) == stated
