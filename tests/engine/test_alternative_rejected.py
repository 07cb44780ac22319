"""A final statement that only denies another value than the one stated before it rejects an alternative:
the value before it stands ("The total is 12. 15 is wrong."). It was refused as a negated answer. One
statement back; the value itself denied, or a value only asked or hedged before, stays refused.
"""

from __future__ import annotations

import pytest

from rewardcheck.rewards.engine import judge

# (the value stated, the alternative denied) per language
_REJECTIONS = {
    "en": "The total is 12. 15 is wrong.",
    "en2": "So we get 12, which matches option B. Option A is incorrect because it forgets the tax.",
    "fr": "Le total est 12. 15 est faux.",
    "es": "El total es 12. 15 es incorrecto.",
    "de": "Die Summe ist 12. 15 ist falsch.",
    "it": "Il totale è 12. Il 15 è sbagliato.",
    "pt": "O total é 12. 15 está errado.",
    "ru": "Итого 12. Вариант 15 неверен.",
    "zh": "总数是12。15是错误的。",
    "ja": "合計は12です。15は間違いです。",
    "ko": "합계는 12입니다. 15는 틀렸습니다.",
    "tr": "Toplam 12. 15 yanlış.",
    "vi": "Tổng là 12. 15 là sai.",
    "id": "Totalnya 12. 15 salah.",
    "en_between": "The total is 12. Let me see. Option A is wrong.",
}


@pytest.mark.parametrize("lang", sorted(_REJECTIONS))
def test_the_value_before_a_rejected_alternative_stands(lang: str) -> None:
    text = _REJECTIONS[lang]
    assert judge(text, "12").verdict.value == "correct", text
    assert judge(text, "15").verdict.value == "wrong", text


@pytest.mark.parametrize(
    "text",
    [
        "The total is 12. No, 12 is wrong.",  # the value itself denied
        "The total is 12. 12 is wrong, and 15 is wrong too.",
        "Is the total 12? 15 is wrong.",  # only asked before
        "Maybe the total is 12. 15 is wrong.",  # only hedged before
        "合計は12ですか？15は間違いです。",
        "The total is 12. We move on. Then we rest. Then we eat. Then we sleep. 15 is wrong.",  # far away
        "The total is 12 " + "and more words " * 20 + ". 15 is wrong.",  # a run, not a statement
        "The total is 12. Steps 3-6 will be quite involved.",  # no word denies anything (no aside word either)
        # a bare negator ("however, I am not sure ... in one of the steps"): a doubt, not a rejected alternative
        "إذن الخصم 12 ريالاً.\n\nغير أنني لست مطمئناً إلى طريقة الحل، وأظن أن في إحدى الخطوات خطأً لم أتبيّنه.",
    ],
)
def test_a_value_not_committed_before_is_not_paid(text: str) -> None:
    assert judge(text, "12").verdict.value != "correct", text
