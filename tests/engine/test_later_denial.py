"""A value stated as the answer and denied by a later statement is not committed: the denial of the same value
later in the text outweighs its earlier statement, in every language of the lexicon. A later remark that says
something else of the value ("42 is not prime") denies nothing, and a denial of another value leaves it."""

from __future__ import annotations

import pytest

from rewardcheck.rewards.engine import judge


def verdict(closing: str, gold: str) -> str:
    return judge(f"<think>Work it out step by step.</think>\n{closing}", gold).verdict.value


DENIED_LATER = [
    "The obvious approach is to multiply 6 by 7 and answer 42, but that ignores the boxes. The answer is not 42.",
    "I first thought the answer is 42. The answer is not 42.",
    "The answer is \\boxed{42}. Hmm, 42 is not correct.",
    "The answer is \\boxed{42}. Hmm, 42 is wrong.",
    "La réponse est 42. Non, la réponse n'est pas 42.",
    "Die Antwort ist 42. Nein, 42 ist nicht richtig.",
    "La respuesta es 42. No, la respuesta no es 42.",
    "A resposta é 42. Não, a resposta não é 42.",
    "答案是42。不对，答案不是42。",
    "答案是42。答案不是42。",
    "答えは42です。いいえ、42は正しくありません。",
    "Ответ: 42. Нет, ответ не 42.",
    "Đáp án là 42. Không, 42 không đúng.",
]


@pytest.mark.parametrize("closing", DENIED_LATER)
def test_a_value_denied_later_is_not_paid(closing: str) -> None:
    assert verdict(closing, "42") != "correct", closing


KEPT = [
    ("\\boxed{42}. Note that 42 is not prime.", "42"),  # says something else of the value
    ("The answer is 42, not 24.", "42"),
    ("The answer is 42. The answer is not 24.", "42"),
    ("The answer is not 24. The answer is 42.", "42"),
    ("答案是42，不是24。", "42"),
    ("La réponse est 42. Ce n'est pas 24.", "42"),
]


@pytest.mark.parametrize(("closing", "gold"), KEPT)
def test_a_remark_or_another_value_denied_keeps_the_answer(closing: str, gold: str) -> None:
    assert verdict(closing, gold) == "correct", closing
