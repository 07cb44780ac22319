"""A value the text names as an answer others often give wrongly ("The classic error is to answer 10", "Частая
ошибка — ответить 90", WordClass.COMMON_ERROR in 15 languages) is set aside: the answer stated before it stands, and
a value stated after an answer, correction or conclusion word in the same statement is read as it stands."""

from __future__ import annotations

import pytest

from rewardcheck.rewards.engine import judge

AFTER = {
    "en": "So the answer is 11 posts.\nA common mistake is to answer 10, forgetting the first post.",
    "fr": "Il faut donc **11 poteaux**.\nL'erreur classique est de répondre 10 en divisant 10 m par 1 m.",
    "es": "La respuesta es $\\boxed{11}$ postes.\nEl error típico es contestar 10 postes.",
    "pt": "Resposta: 11 postes.\nUm erro comum é responder 10.",
    "it": "Quindi servono 11 pali.\nUn errore tipico è rispondere 10.",
    "de": "Man braucht also 11 Pfosten.\nEin häufiger Fehler ist, 10 zu antworten.",
    "ru": "Ответ: **11**.\nЧастая ошибка — ответить 10: так забывают первый столб.",
    "zh": "所以需要 11 根柱子。\n常见错误是答 10 根，忘了起点那一根。",
    "ja": "答え：11本\nよくある間違いは 10本 と答えることです。",
    "ko": "따라서 기둥은 11개입니다.\n흔한 실수는 10개라고 답하는 것입니다.",
    "ar": "الإجابة: 11 عمودًا.\nخطأ شائع هو الإجابة بـ 10.",
    "hi": "उत्तर: 11 खंभे।\nआम गलती 10 बताना है।",
    "vi": "Vậy cần 11 cái cột.\nLỗi thường gặp là trả lời 10.",
    "id": "Jadi dibutuhkan 11 tiang.\nKesalahan umum adalah menjawab 10.",
    "tr": "Cevap: 11 direk.\nYaygın hata 10 demektir.",
}


@pytest.mark.parametrize("lang", sorted(AFTER))
def test_a_common_error_named_after_the_answer_leaves_it(lang: str) -> None:
    text = AFTER[lang]
    assert judge(text, "11").verdict.value == "correct", text
    assert judge(text, "10").verdict.value != "correct", text


def test_a_value_after_the_right_word_is_read() -> None:
    text = "We add them up.\nA common mistake is to forget the carry; so the total is 125."
    assert judge(text, "125").verdict.value == "correct", text
