"""A line that opens an aside after the answer ("Fun fact:", "Bonus:", "Side note:") is read like an invented
follow-up: the answer stated before it is the answer (``EngineConfig.after_answer``), whatever numbers the
aside holds. (The follow-up pattern reads the English rows of ``WordClass.FOLLOW_UP``; asides in the other
languages, "豆知識：", "推广：", are the next step: issue 42's note.)"""

from __future__ import annotations

import pytest

from rewardcheck.rewards.engine import judge


@pytest.mark.parametrize(
    ("text", "gold"),
    [
        ("The set has 1024 subsets.\n\nFun fact: 2^20 = 1,048,576 bytes make a megabyte.", "1024"),
        ("The answer is 28.\n\nBonus: a party of 10 would have 45 handshakes.", "28"),
        ("So 24 cm² is the area.\n\nSide note: the perimeter is 20 cm.", "24"),
        ("La respuesta es 45.\n\nDato curioso: con 10 personas serían 45 apretones; con 20, 190.", "45"),
    ],
)
def test_the_answer_before_an_aside_is_read(text: str, gold: str) -> None:
    assert judge(text, gold).verdict.value == "correct", text
