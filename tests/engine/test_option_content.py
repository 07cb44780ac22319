"""A multiple-choice answer given by its letter, against a gold that is the option's value, is the content of
that option where the text lists its options ("(A) 3 (B) 4 (C) 5 (D) 6 ... The answer is (C)." against 5); a
lowercase letter closing the text is a choice letter where the options are listed and the gold is a letter."""

from __future__ import annotations

import pytest

from rewardcheck.rewards.engine import judge

LISTED = "Solve 2x + 4 = 14.\n(A) 3 (B) 4 (C) 5 (D) 6\n2x = 10, so x = 5.\n"


@pytest.mark.parametrize(
    "ending",
    ["The answer is (C).", "**Answer: C**", "\\boxed{C}", "Respuesta: C", "答案选 C。", "Ответ: C"],
)
def test_a_letter_answer_to_a_value_gold_is_its_option(ending: str) -> None:
    assert judge(LISTED + ending, "5").verdict.value == "correct", ending
    assert judge(LISTED + ending, "4").verdict.value != "correct", ending


def test_a_letter_without_a_listing_is_no_value() -> None:
    assert judge("2x = 10, so x = 5.\nThe answer is (C).", "5").verdict.value != "correct"


@pytest.mark.parametrize("ending", ["**Alternativa (c)**", "Escolho (c).", "Marque (c)"])
def test_a_lowercase_closing_letter_with_listed_options_is_the_choice(ending: str) -> None:
    text = "Soma dos ângulos de um pentágono?\n(A) 360° (B) 480° (C) 540° (D) 720°\nS = 540°.\n" + ending
    assert judge(text, "C").verdict.value == "correct", ending
    assert judge(text, "B").verdict.value != "correct", ending


def test_a_lowercase_closing_letter_without_options_is_a_word() -> None:
    assert judge("S = 540°.\n**Alternativa (c)**", "C").verdict.value != "correct"


@pytest.mark.parametrize("ending", ["Respuesta: b", "답: b", "Resposta: b"])
def test_a_lowercase_letter_after_an_answer_label_is_the_choice(ending: str) -> None:
    text = "Resuelve 2x + 1 = 9.\n(A) 3 (B) 4 (C) 5 (D) 8\n2x = 8, así que x = 4.\n" + ending
    assert judge(text, "B").verdict.value == "correct", ending
    assert judge(text, "C").verdict.value != "correct", ending


def test_a_languages_own_letters_spaced_before_their_values_are_options() -> None:
    text = "7 × 9 の値はどれか。\nア 54　イ 56　ウ 63　エ 64\n7 × 9 = 63 です。\nよって答えはウです。"
    assert judge(text, "63").verdict.value == "correct", text
    text = "7 × 9 の値はどれか。\nア 54　イ 56　ウ 63　エ 64\n答え：ウ"
    assert judge(text, "63").verdict.value == "correct", text
    assert judge(text, "56").verdict.value != "correct", text
