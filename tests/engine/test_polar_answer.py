"""A gold that is a yes or a no word of any language ("No", "Ja", "Нет", "是", "いいえ") is answered by the yes or
no word that closes the final statement as a clause of its own, in every language of the lexicon
(``WordClass.AFFIRMATION``, ``WordClass.NEGATIVE_ANSWER``); a hedged one, one the statement goes on after, or a
cut text answer nothing by it."""

from __future__ import annotations

import pytest

from rewardcheck.rewards.engine import judge

ANSWERS = {
    "en": ("Is 91 prime? 91 = 7 × 13. No.", "No", "Yes"),
    "de": ("Ist 12 durch 3 teilbar? 12 : 3 = 4, also ja.", "Ja", "Nein"),
    "fr": ("91 est-il premier ? 91 = 7 × 13. Réponse : non.", "Non", "Oui"),
    "es": ("¿Es 91 primo? 91 = 7 × 13, así que no.", "No", "Sí"),
    "pt": ("91 é primo? 91 = 7 × 13. Resposta: não.", "Não", "Sim"),
    "it": ("91 è primo? 91 = 7 × 13, quindi no.", "No", "Sì"),
    "ru": ("Является ли 91 простым? 91 = 7 · 13. Ответ: нет.", "Нет", "Да"),
    "zh": ("91 是质数吗？91 = 7 × 13。答：否。", "否", "是"),
    "ja": ("91 は素数ですか？ 91 = 7 × 13。答え：いいえ", "いいえ", "はい"),
    "ko": ("91은 소수입니까? 91 = 7 × 13. 답: 아니요", "아니요", "네"),
    "tr": ("91 asal mı? 91 = 7 × 13. Cevap: hayır.", "Hayır", "Evet"),
    "id": ("Apakah 91 prima? 91 = 7 × 13. Jawaban: tidak.", "Tidak", "Iya"),  # "ya" is also Turkish "or"
}


@pytest.mark.parametrize("lang", sorted(ANSWERS))
def test_a_yes_no_gold_is_answered_by_the_closing_word(lang: str) -> None:
    text, right, wrong = ANSWERS[lang]
    assert judge(text, right).verdict.value == "correct", (text, right)
    assert judge(text, wrong).verdict.value == "wrong", (text, wrong)


@pytest.mark.parametrize(
    "text",
    [
        "Is 91 prime? Probably no.",  # hedged
        "I'm not sure, but the answer is no.",  # a hedge in the statement
        "No problem: the total is 12.",  # the statement goes on after the word
        "No, wait: it is prime after all, since 91 = 7 × 13 fails.",  # the statement goes on after the word
        "Is 91 prime? We check 7 and 13.",  # no yes or no word at all
    ],
)
def test_no_closing_yes_or_no_pays_nothing(text: str) -> None:
    assert judge(text, "No").verdict.value != "correct", text


def test_a_value_gold_is_read_as_before() -> None:
    assert judge("Is the total 12? Yes, 12.", "12").verdict.value == "correct"
