"""A statement after a value, or a later clause of its own, says the asked quantity is not worked out yet
(WordClass.NOT_YET, or YET with a negator: "Lo de las chicas todavía no lo tengo.", "Это я ещё не посчитал."):
the value was another quantity. A value in a clause that a step still to take opens (WordClass.BEFORE: "before I
sign off on 360") is not stated yet. A later denial of the same number, with or without its unit, denies the value
("5 m/s² ... 5 is wrong"). "行吧" (alright then) is no hedge."""

from __future__ import annotations

import pytest
from verdicts import verdict as _verdict

NOT_YET = [
    "I found the number of boys: 14.\nThe number of girls I have not worked out yet.",
    "Calculé primero los chicos: salen 14.\nLo de las chicas todavía no lo tengo.",
    "J'ai calculé les garçons : 14.\nLes filles, je ne les ai pas encore trouvées.",
    "Calculei os meninos: 14.\nAs meninas ainda não calculei.",
    "Ho contato i ragazzi: 14.\nLe ragazze non le ho ancora contate.",
    "Jungen habe ich: 14.\nDie Mädchen habe ich noch nicht berechnet.",
    "Нашёл, сколько мальчиков: 14.\nА девочек я ещё не посчитал.",
    "Số học sinh nam là 14.\nSố học sinh nữ thì mình chưa tính.",
    "Jumlah anak laki-laki 14.\nAnak perempuan belum kuhitung.",
    "男生有 14 人。\n女生人数我还没算。",
    "Il tempo è di 14 ore, la velocità non l'ho ancora tirata fuori.",
]


@pytest.mark.parametrize("text", NOT_YET)
def test_a_value_before_work_not_done_yet_is_no_answer(text: str) -> None:
    assert _verdict(text, "14") != "correct", text


@pytest.mark.parametrize(
    "text",
    [
        "The answer is 14.\nI have not checked the other case yet, but it does not matter here.",
        "Answer: 14",
        "Still, the total is 14.",
    ],
)
def test_a_stated_answer_stays(text: str) -> None:
    assert _verdict(text, "14") == "correct", text


@pytest.mark.parametrize(
    "text",
    [
        "I get 360, but something smells off.\nI have to redo it all before I sign off on 360.",
        "Mi viene 120, però mi puzza.\nDovrei ricontrollare tutto prima di mettere la firma su 120.",
        "Hasilku 225, tapi janggal.\nHarus kucek ulang dulu sebelum berani bilang 225.",
        "У меня получилось 91, но что-то нечисто.\nНадо всё перепроверить, прежде чем ставить 91.",
    ],
)
def test_a_value_after_a_step_still_to_take_is_not_stated(text: str) -> None:
    gold = next(w for w in text.replace(",", " ").replace(".", " ").split() if w.isdigit())
    assert _verdict(text, gold) != "correct", text


def test_before_a_step_the_value_after_it_is_read() -> None:
    assert _verdict("Before rounding we had 12.4, so the answer is 12.", "12") == "correct"
    text = "Therefore, the number of blue marbles in the bag before adding more was 16."
    assert _verdict(text, "16") == "correct"


def test_a_later_denial_of_the_same_number_denies_it_with_its_unit() -> None:
    text = "The acceleration comes out as 5 m/s².\nBut 5 is wrong."
    assert _verdict(text, "5") != "correct"


def test_alright_then_is_no_hedge() -> None:
    text = "我同桌说是 45，我一开始还不服。\n自己又算了一遍，还真是 45。\n行吧，答案就是 45。"
    assert _verdict(text, "45") == "correct"
    assert _verdict("答案大概是45吧。", "45") != "correct"


def test_an_answer_a_site_gives_is_attributed_and_the_text_ends_undecided() -> None:
    text = (
        "ネットの解説サイトでは、この問題の答えは $72$ と書かれていました（$3! \\times 3! \\times 2 = 72$ という計算）。\n"
        "しかし、両端が同じ性別になる並びも数えているように見えます。\n"
        "サイトの答えには納得できず、自分でもまだ確定できていません。"
    )
    assert _verdict(text, "72") != "correct"
