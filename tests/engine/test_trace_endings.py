"""How long traces end, found by a blind probe set (traces15): a label of a lexicon phrase and a possessive
("Đáp số của mình: 27 con."), a number word that is another word before the next word ("năm nay": this
year, not five), and Arabic tens in the accusative / genitive ("خمسة وعشرين كيلومتراً")."""

from __future__ import annotations

import pytest

from rewardcheck.rewards.engine import judge


def test_a_label_of_a_phrase_and_a_possessive_names_the_answer() -> None:
    text = "Bạn Nam nói đáp án là 81, nhưng mình không đồng ý.\nGiờ thứ tư: 27.\nĐáp số của mình: 27 con."
    assert judge(text, "27").verdict.value == "correct"
    assert judge(text, "81").verdict.value == "wrong"


@pytest.mark.parametrize(
    ("text", "gold"),
    [
        ("Vậy anh năm nay mười tám tuổi.", "18"),
        ("Năm nay em mười hai tuổi.", "12"),
        ("Hàng năm cửa hàng bán được hai mươi chiếc.", "20"),
        ("Vậy có năm quả táo.", "5"),  # five apples: the number word is read
    ],
)
def test_a_number_word_that_names_the_year_is_no_number(text: str, gold: str) -> None:
    assert judge(text, gold).verdict.value == "correct", text
    assert judge(text, "5" if gold != "5" else "6").verdict.value != "correct", text


@pytest.mark.parametrize(
    ("words", "gold"),
    [
        ("عشرين", "20"),
        ("خمسة وعشرين", "25"),
        ("اثنان وثلاثين", "32"),
        ("خمسة وسبعون", "75"),
        ("تسعة وتسعين", "99"),
    ],
)
def test_arabic_tens_in_every_case(words: str, gold: str) -> None:
    text = f"إذن الجواب هو {words}."
    assert judge(text, gold).verdict.value == "correct", text
