"""Against a letter gold, an answer given by the content of a listed option is that option's letter
(``read.option_letter``), in any language: the text lists three or more options in order, and the answer
equals exactly one option's content."""

from __future__ import annotations

import pytest

from rewardcheck.rewards.engine import judge
from rewardcheck.rewards.engine.read.option_letter import option_letter, options_in

BY_CONTENT = [
    ("Options: (A) 21 (B) 27 (C) 29 (D) 33\n\nOnly 29 is prime, so the prime number is **29**.", "C"),
    ("$2^4 = 16$\n\n選択肢：(A) 8　(B) 12　(C) 16　(D) 20\n\n正解は 16 です。", "C"),
    (
        "El área es 30.\n\nOpciones: a) 16　b) 30　c) 60　d) 120\n\nLa respuesta correcta es 30 unidades cuadradas.",
        "B",
    ),
    (
        "FPB dari 24 dan 36 adalah 12.\n\nPilihan: A. 6　B. 8　C. 12　D. 72\n\nJawaban yang benar adalah 12.",
        "C",
    ),
    ("Варианты: А) 5 Б) 7 В) 9 Г) 11\n\nОтвет: 9.", "C"),
]


@pytest.mark.parametrize(("text", "gold"), BY_CONTENT)
def test_an_answer_by_the_content_of_an_option_is_its_letter(text: str, gold: str) -> None:
    got = judge(text, gold)
    assert got.verdict.value == "correct", (text, got.reason)
    other = "A" if gold != "A" else "B"
    assert judge(text, other).verdict.value != "correct", text


def test_no_listing_or_two_options_alike_give_no_letter() -> None:
    assert option_letter("The answer is 29.", "29") is None  # no options listed
    assert option_letter("(A) 2 (B) 2 (C) 3", "2") is None  # two options hold the answer
    assert option_letter("a) first we add, b) then we", "12") is None  # two markers are no listing
    assert options_in("(A) 2 (B) 4 (C) 6 (D) 8") == {"A": "2", "B": "4", "C": "6", "D": "8"}


def test_a_value_no_option_holds_stays_wrong() -> None:
    text = "Options: (A) 21 (B) 27 (C) 29 (D) 33\n\nSo the prime number is 31."
    assert judge(text, "C").verdict.value != "correct"
