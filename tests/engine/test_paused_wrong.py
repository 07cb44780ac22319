"""A value-free statement after the value that opens on a pause or correction word ("wait", "espera", "等等")
and calls something wrong (``WordClass.WRONG``) takes the value back, in every language of the lexicon and
whatever names what is wrong; a second denial ("no mistake", "not wrong"), a question, or a value stated
after it keeps the reading."""

from __future__ import annotations

import pytest

from rewardcheck.rewards.engine import judge
from rewardcheck.rewards.engine.lexicon import LANGUAGE_ROWS, WORDS, WordClass

TAKEN_BACK = [
    ("The sum is 15.\nWait, this calculation is wrong.", "15"),
    ("12 + 3 = 15，所以答案是 15。\n等等，这样算是错的。", "15"),
    ("合計は15です。\n待って、これは間違っています。", "15"),
    ("합계는 15입니다.\n잠깐, 이 계산은 잘못되었습니다.", "15"),
    ("La somme vaut 15.\nAttendez, ce calcul est faux.", "15"),
    ("La suma da 15.\nEspera, esto está mal.", "15"),
    ("La suma da 15.\nEspera. Esto está mal.", "15"),
    ("Die Summe ist 15.\nMoment, das ist falsch.", "15"),
    ("A soma é 15.\nEspere, essa conta está errada.", "15"),
    ("La somma è 15.\nAspetta, è sbagliato.", "15"),
    ("Сумма равна 15.\nСтоп, это неправильно.", "15"),
    ("المجموع هو 15.\nلحظة، هذا غير صحيح.", "15"),
    ("योग 15 है।\nरुको, यह गलत है।", "15"),
    ("Tổng là 15.\nKhoan đã, cách tính trên là sai.", "15"),
    ("Jumlahnya 15.\nTunggu, perhitungan ini keliru.", "15"),
    ("Toplam 15.\nDur, bu hesap hatalı.", "15"),
]

KEPT = [
    ("The sum is 15.\nWait, I should check: there is no mistake.", "15"),  # a second denial
    ("合計は15です。\n待って、間違っていません。", "15"),
    ("La suma da 15.\nEspera, ¿esto está mal? Lo compruebo: 12 + 3 = 15.", "15"),  # asked, then a value
    ("La somme vaut 12.\nAttendez, c'est faux : la somme vaut 15.", "15"),  # a value stated after it
    ("The sum is 15.\nThe shortcut method is wrong, as it drops the carry.", "15"),  # no pause: a mention
    ("答案是 15。\n等等，没有错误。", "15"),
]


@pytest.mark.parametrize(("text", "gold"), TAKEN_BACK)
def test_a_pause_that_calls_the_working_wrong_takes_the_value_back(text: str, gold: str) -> None:
    got = judge(text, gold)
    assert got.verdict.value == "no_answer", (text, got.reason)
    assert "retracted" in got.reason


@pytest.mark.parametrize(("text", "gold"), KEPT)
def test_a_denied_or_asked_wrong_keeps_the_value(text: str, gold: str) -> None:
    got = judge(text, gold)
    assert got.verdict.value == "correct", (text, got.reason)


def test_every_language_has_wrong_predicates() -> None:
    assert WORDS[WordClass.WRONG]
    assert all(rows.words.get(WordClass.WRONG) for rows in LANGUAGE_ROWS.values())
