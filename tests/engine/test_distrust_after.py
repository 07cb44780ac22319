"""A statement after the answer that tells the reader not to trust it, or that the speaker cannot vouch for
it, in the language's own words (``WordClass.HEDGE`` rows: "この値はあてにしないでください", "장담하기는
어렵습니다", "भरोसा नहीं किया जा सकता", "chưa chắc đúng", "Bu sonuca pek güvenmeyin", "this value is not
reliable"), takes the commitment away; a correction to a value the text only hedges ("Actually, I believe the
correct answer is 15." after a box of 12) leaves neither; and an English closing that says no reliable answer
can be given is undetermined."""

from __future__ import annotations

import pytest

from rewardcheck.rewards.engine import judge

DOUBTED = [
    (
        "よって 91 となります。\n\n……と書きましたが、途中の式の立て方がそもそも怪しい気がしてきました。"
        "どこかで取り違えているかもしれないので、この値はあてにしないでください。",
        "91",
    ),
    (
        "따라서 답은 126입니다.\n\n그런데 다시 보니 중복되는 경우를 빼야 하는지 헷갈리네요. "
        "이 부분을 제대로 처리하지 못해서, 126이 맞다고 장담하기는 어렵습니다.",
        "126",
    ),
    ("तो उत्तर 400 आता है।\n\nप्रश्न की शर्त मैंने ठीक से नहीं लगाई, इसलिए 400 पर भरोसा नहीं किया जा सकता।", "400"),
    (
        "Vậy $\\Delta = 25$.\n\nTuy nhiên mình đã chép sai hệ số ở đâu đó, nên kết quả này chưa chắc đúng đâu.",
        "25",
    ),
    (
        "Yani çokgenin 9 kenarı var.\n\nBu sonuca pek güvenmeyin; iç açıyla dış açıyı karıştırmış olabilirim.",
        "9",
    ),
    ("So the answer is 91.\n\nI mixed up the steps, so this value is not reliable.", "91"),
    ("Donc la réponse est 91.\n\nJ'ai peut-être inversé les étapes : ce résultat n'est pas fiable.", "91"),
    (
        "So $x = 6$.\nActually no, something about this feels off.\n"
        "I can't give a reliable final answer to this problem.",
        "6",
    ),
    (
        "So the answer is $\\boxed{12}$.\nBut rereading the question, it wants something else.\n"
        "Actually, I believe the correct answer is 15.",
        "12",
    ),
]

# the answer said to be the value found above, with a caveat about the speaker's own error and a refusal to
# vouch for it, in the language's own words
POINTED_BACK = [
    (
        "… 이렇게 해서 m = 3을 얻었습니다.\n결론적으로 답은 위에서 구한 값인데, 실수가 있었을 수 있어 최종 값이라고 장담은 못 하겠습니다.",
        "3",
    ),
    (
        "… daraus folgt x = 10.\nDie Antwort ist also der oben berechnete Wert, was ich nicht ausschliessen kann. Festlegen möchte ich mich nicht.",
        "10",
    ),
    (
        "… откуда p = 4.\nИтак, ответ — найденное выше значение, если я нигде не ошибся в знаках; утверждать это не берусь.",
        "4",
    ),
    (
        "... ومنه y = 5.\nإذن الإجابة هي القيمة التي وجدناها أعلاه، ما لم أكن قد أخطأت في الحساب، ولا أستطيع تأكيدها.",
        "5",
    ),
    (
        "... suy ra a = 9.\nVậy đáp án là giá trị tìm được ở trên, nếu mình không tính sai ở đâu đó; mình chưa dám khẳng định.",
        "9",
    ),
    (
        "... sehingga b = 3.\nJadi jawabannya adalah nilai yang kita dapat di atas, kecuali ada salah hitung; saya belum bisa memastikannya.",
        "3",
    ),
    (
        "... buradan m = 12 bulunur.\nO hâlde cevap yukarıda bulduğumuz değer, tabii bir işlem hatası yapmadıysam; kesin bir şey diyemiyorum.",
        "12",
    ),
    (
        "... so m = 12.\nSo the answer is the value found above, unless I slipped somewhere; I can't confirm it.",
        "12",
    ),
    ("तो x = 4 है।\n\nरुकिए, मैंने प्रश्न गलत पढ़ा। पूरा हल गलत है, फिर से शुरू करना होगा।", "4"),
    (
        "Nimmt man an, dass alle Kisten gleich schwer sind, wiegt jede 40 : 5 = 8 kg.\nDas steht aber nirgends in der Aufgabe, daher ist sie so nicht lösbar.",
        "8",
    ),
]


@pytest.mark.parametrize(("text", "gold"), POINTED_BACK)
def test_a_value_pointed_back_to_and_not_vouched_for_is_not_paid(text: str, gold: str) -> None:
    got = judge(text, gold)
    assert got.verdict.value != "correct", (text, got.reason)


KEPT = [
    ("So the answer is 91.\n\nI checked every step twice, so this value is reliable.", "91"),
    ("... so m = 12.\nSo the answer is the value found above.", "12"),  # pointing back commits
    ("So the answer is $\\boxed{12}$.\nThe answer is probably 15.", "12"),  # no correction word: it stands
    ("So the answer is $\\boxed{12}$.\nActually, the answer is probably 12.", "12"),
]


@pytest.mark.parametrize(("text", "gold"), DOUBTED)
def test_a_value_the_text_distrusts_is_not_paid(text: str, gold: str) -> None:
    got = judge(text, gold)
    assert got.verdict.value != "correct", (text, got.reason)


@pytest.mark.parametrize(("text", "gold"), KEPT)
def test_a_value_the_text_stands_by_is_paid(text: str, gold: str) -> None:
    got = judge(text, gold)
    assert got.verdict.value == "correct", (text, got.reason)
