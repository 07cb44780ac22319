"""A statement after the answer that says the answer cannot be confirmed ("I cannot confirm that.", "Das kann ich
nicht bestätigen.", "这个结果我无法确认。") doubts it, in every language of the lexicon (``WordClass.HEDGE``); so does
a later statement that calls the value wrong in words the lexicon lists ("48은 틀린 답이고", "das stimmt so nicht")."""

from __future__ import annotations

import pytest

from rewardcheck.rewards.engine import judge

STATED = {
    "en": ("The total is 14.", "I cannot confirm that."),
    "de": ("Die Summe ist 14.", "Das kann ich nicht bestätigen."),
    "fr": ("Le total est 14.", "Je ne peux pas confirmer ce résultat."),
    "es": ("El total es 14.", "No puedo confirmar este resultado."),
    "pt": ("O total é 14.", "Não consigo confirmar esse resultado."),
    "it": ("Il totale è 14.", "Non posso confermare questo risultato."),
    "ru": ("Итого 14.", "Не могу подтвердить этот результат."),
    "zh": ("总数是 14。", "这个结果我无法确认。"),
    "ja": ("合計は 14 です。", "この結果は確認できません。"),
    "ko": ("합계는 14입니다.", "이 결과는 확인할 수 없습니다."),
    "ar": ("المجموع 14.", "لا أستطيع التأكد من هذه النتيجة."),
    "hi": ("कुल 14 है।", "मैं इस परिणाम की पुष्टि नहीं कर सकता।"),
    "vi": ("Tổng là 14.", "Tôi không thể xác nhận kết quả này."),
    "id": ("Totalnya 14.", "Saya tidak bisa memastikan hasil ini."),
    "tr": ("Toplam 14.", "Bu sonucu doğrulayamıyorum."),
}


@pytest.mark.parametrize("lang", sorted(STATED))
def test_an_answer_that_cannot_be_confirmed_is_not_paid(lang: str) -> None:
    stated, doubt = STATED[lang]
    assert judge(stated, "14").verdict.value == "correct", stated  # the statement alone commits
    assert judge(f"{stated} {doubt}", "14").verdict.value != "correct", doubt


@pytest.mark.parametrize(
    "text",
    [
        "6 × 8 = 48\n답은 48개입니다.\n\n…아, 잠깐만요. 48은 틀린 답이고, 정확한 답은 지금 말씀드리기 어렵습니다.",
        "Also haben 14 Schüler beide AGs gewählt.\nMoment – das stimmt so nicht, ich habe etwas vergessen.",
    ],
)
def test_an_answer_called_wrong_later_is_not_paid(text: str) -> None:
    gold = "48" if "48" in text else "14"
    assert judge(text, gold).verdict.value != "correct", text


@pytest.mark.parametrize(
    "text",
    [
        # a value-free statement that turns (a pause or "but") and calls the answer wrong, a mistake word beside it
        "So the answer is 42.\n\nHmm, actually that's not right — I misread the crates. Please don't rely on the 42 above.",
        "6 sıra × 8 sandalye = 48 sandalye.\nCevap 48.\n\nAma şimdi fark ettim, soruyu yanlış okumuşum; bu sonuç yanlış.",
        "Vậy đáp số là 135.\n\nKhoan đã, mình đọc nhầm đề ở bước nhân rồi, kết quả trên không đúng đâu.",
        "Итак, ответ 42.\nНо нет, это неверно.",
    ],
)
def test_a_turn_that_calls_the_answer_wrong_takes_it_back(text: str) -> None:
    gold = next(g for g in ("42", "48", "135") if g in text)
    assert judge(text, gold).verdict.value != "correct", text


@pytest.mark.parametrize(
    ("text", "gold"),
    [
        ("Cevap 48.\nAma bu sonuç yanlış değil.", "48"),
        ("Cevap: 60 TL\n\nİpucu: 12 kalem alırsanız 90 TL ödersiniz.", "60"),  # a capital İ reads as its row
    ],
)
def test_a_denied_denial_or_an_aside_leaves_the_answer(text: str, gold: str) -> None:
    assert judge(text, gold).verdict.value == "correct", text


@pytest.mark.parametrize(
    ("text", "gold"),
    [
        # a doubt two statements after the value, the first saying what went wrong
        (
            "Damit erhalte ich insgesamt 1.250 Stück.\nAllerdings habe ich mich verhaspelt.\nDem Wert würde ich nicht trauen.",
            "1250",
        ),
        ("So the total is 1250.\nI rushed the percentages.\nI wouldn't trust that figure.", "1250"),
        # a pause held over the statement that says what went wrong
        (
            "したがって面積は 24 cm² です。\n……いや、待ってください。\n底辺と高さを取り違えていました。\nこの値は誤りです。",
            "24",
        ),
        # an interjection before the turn
        ("So the probability is 3/8.\nHmm, actually no — I double-counted, so that figure is wrong.", "3/8"),
    ],
)
def test_a_doubt_or_a_paused_denial_further_after_the_answer_refuses_it(text: str, gold: str) -> None:
    assert judge(text, gold).verdict.value != "correct", text
