"""The one value a final statement sets in bold is its answer, wherever it stands ("Nach **12 Tagen** sind
noch 300 Schrauben im Lager.", "So **12** apples remain out of 30."): it was read as the last or the first
value after the predicate. A bold label or item number before a value is no emphasis of it, and two bold
values leave the reading as it was."""

from __future__ import annotations

import pytest

from rewardcheck.rewards.engine import judge


@pytest.mark.parametrize(
    "text",
    [
        "Nach **12 Tagen** sind noch 300 Schrauben im Lager.",
        "After **12 days**, 300 screws are left.",
        "So **12** apples remain out of 30.",
        "Il reste donc **12 pommes** sur les 30.",
        "所以还剩 **12** 个，总共 30 个。",
        "Vậy còn lại **12 quả** trong tổng số 30 quả.",
    ],
)
def test_the_one_bold_value_of_the_final_statement_is_the_answer(text: str) -> None:
    assert judge(text, "12").verdict.value == "correct", text
    assert judge(text, "30" if "30" in text else "300").verdict.value == "wrong", text


@pytest.mark.parametrize(
    ("text", "gold"),
    [("**Step 2:** 12 + 3 = 15", "15"), ("**2.** So 12 + 3 = 15.", "15"), ("So 12 + 3 = **15**.", "15")],
)
def test_a_bold_label_or_item_number_is_no_emphasis_of_a_value(text: str, gold: str) -> None:
    assert judge(text, gold).verdict.value == "correct", text
