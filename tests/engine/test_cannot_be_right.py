"""A pause, then "That can't be right." after the answer, in every language of the lexicon (``WordClass.WRONG``
rows "can't be right", "kann nicht stimmen", "不可能对", "doğru olamaz"): the answer is taken back, also when
its statement goes on to name another value ("\\boxed{210} minutes in 3.5 hours"). A check that confirms the
value after the doubt keeps it."""

from __future__ import annotations

import pytest

from rewardcheck.rewards.engine import judge

_DOUBTS = [
    "Hmm, wait. That can't be right.",
    "Wait. That cannot be correct.",
    "Espera. Eso no puede ser correcto.",
    "Moment. Das kann nicht stimmen.",
    "Attends. Ça ne peut pas être juste.",
    "Aspetta. Non può essere giusto.",
    "Подождите. Это не может быть верным.",
    "等等。这不可能是对的。",
    "Bekle. Bu doğru olamaz.",
    "Khoan đã. Điều này không thể đúng.",
    "Tunggu. Ini tidak mungkin benar.",
]


@pytest.mark.parametrize("doubt", _DOUBTS)
def test_the_answer_is_taken_back(doubt: str) -> None:
    text = f"There are \\boxed{{210}} minutes in 3.5 hours.\n\n{doubt}"
    assert judge(text, "210").verdict.value != "correct", text


def test_a_check_that_confirms_it_keeps_the_value() -> None:
    text = "There are \\boxed{210} minutes. Wait, that can't be right... let me recheck: 3.5 × 60 = 210. Yes, 210."
    assert judge(text, "210").verdict.value == "correct"
