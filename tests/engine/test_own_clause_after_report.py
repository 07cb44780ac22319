"""A value reported as someone else's is no answer (``Stance.ATTRIBUTED``) until the speaker states one in a
clause of their own after it ("My friend said it is 12, and I checked it: 12"); a report that reaches the later
value again ("..., and the teacher says 14") still attributes it, and a list after one report is one report."""

from __future__ import annotations

import pytest

from rewardcheck.rewards.engine import judge

REPORTED = [
    (
        "My study partner worked this out and told me it's 12 cm, and I think that matches the key, but I "
        "haven't redone the calculation myself yet, so I can't vouch for it.",
        "12",
    ),
    ("친구는 답이 9라고 했는데, 저는 아직 직접 계산해서 확인해 보지 못했습니다.", "9"),
    ("My friend says it is 12, and the teacher says 14.", "14"),
    ("My friend says 12, 13 or 14.", "14"),
    ("My friend says 12, but the book says 13.", "13"),
]

OWN = [
    ("My friend said it is 12, and I checked it: 12.", "12"),
    ("My friend said it is 12, and I checked it: 3 x 4 = 12.", "12"),
    ("친구는 답이 9라고 했는데, 제가 계산해 보니 9가 맞습니다.", "9"),
    ("My friend says 12, but I get 13.", "13"),
]


@pytest.mark.parametrize(("text", "gold"), REPORTED)
def test_a_reported_value_is_no_answer(text: str, gold: str) -> None:
    got = judge(text, gold)
    assert got.verdict.value != "correct", (text, got.reason)


@pytest.mark.parametrize(("text", "gold"), OWN)
def test_a_value_in_a_clause_of_the_speakers_own_is_read(text: str, gold: str) -> None:
    got = judge(text, gold)
    assert got.verdict.value == "correct", (text, got.reason)
