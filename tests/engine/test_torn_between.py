"""Two values after a "between" of the lexicon and joined by "and" ("torn between 9 and 8.8", "Fico entre 9 e
8,8", "Estoy entre 9 y 8,8") are two values to choose from: neither is paid. The first was paid when the doubt
after them reached only the second. A value stated after them ("The difference between 12 and 3 is 9") is
read as before."""

from __future__ import annotations

import pytest

from rewardcheck.rewards.engine import judge


@pytest.mark.parametrize(
    "text",
    [
        "I am torn between 9 and 8.8; I am not sure which is right.",
        "Fico entre 9 e 8,8; não tenho certeza de qual é a nota exata.",
        "Estoy entre 9 y 8,8; no sé cuál es el correcto.",
        "Je balance entre 9 et 8,8 ; je ne sais pas laquelle est juste.",
    ],
)
def test_two_values_between_which_the_text_hesitates_are_not_paid(text: str) -> None:
    assert judge(text, "9").verdict.value != "correct", text


@pytest.mark.parametrize(
    ("text", "gold"),
    [("The difference between 12 and 3 is 9.", "9"), ("Die Differenz zwischen 12 und 3 ist 9.", "9")],
)
def test_a_value_stated_after_them_is_read(text: str, gold: str) -> None:
    assert judge(text, gold).verdict.value == "correct", text
