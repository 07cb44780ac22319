"""A value-free statement after the value that says the working must be done again ("I have to start over")
takes the value back, in every language of the lexicon (``WordClass.REDO``); a redo that goes on to state a
value is read as that value."""

from __future__ import annotations

import pytest

from rewardcheck.rewards.engine import judge

TAKEN_BACK = [
    ("So x = 6. Hmm, I misread the sign in the problem, so I have to start over.", "6"),
    ("所以 x = 6。等一下，我看错了题目，得从头再算一遍。", "6"),
    ("よって x = 3 です。問題文を読み違えていたので、最初からやり直す必要があります。", "3"),
    ("따라서 x = 18입니다. 잠깐, 문제를 잘못 읽었네요. 처음부터 다시 풀어야 합니다.", "18"),
    ("Donc x = 12. Oups, j'ai confondu l'aire et le périmètre, il faut tout refaire.", "12"),
    ("Entonces el lado mide 12 cm. Uy, confundí el perímetro con el área; tendría que rehacerlo.", "12"),
    ("Also ist x = 10. Moment, ich habe das Vorzeichen falsch gelesen, ich muss von vorne anfangen.", "10"),
    ("Logo, x = 7. Espere, li o enunciado errado; preciso refazer tudo.", "7"),
    ("Quindi il prezzo era 80 euro. No, un momento: bisognerebbe rifarlo da capo.", "80"),
    ("Значит, x = 2. Нет, я перепутал условие, придётся решать заново.", "2"),
    ("Vậy x = 35. Khoan, mình đọc nhầm đề, phải làm lại.", "35"),
    ("Jadi x = 9. Tunggu, saya salah membaca soal, harus mengerjakan ulang dari awal.", "9"),
    ("Yani x = 7. Dur, soruyu yanlış okudum, baştan çözmem gerekiyor.", "7"),
]

READ = [
    ("So x = 6. Let me start over to be sure: 2x = 12, so x = 6.", "6"),
    ("Entonces x = 5. Mejor lo rehago: 3x = 15, luego x = 5.", "5"),
    ("The answer is 12. It took one redo of the table to get there, and the answer stands: 12.", "12"),
]


@pytest.mark.parametrize(("text", "gold"), TAKEN_BACK)
def test_a_redo_after_the_value_takes_it_back(text: str, gold: str) -> None:
    got = judge(text, gold)
    assert got.verdict.value != "correct", (text, got.reason)


@pytest.mark.parametrize(("text", "gold"), READ)
def test_a_redo_that_states_a_value_is_read(text: str, gold: str) -> None:
    got = judge(text, gold)
    assert got.verdict.value == "correct", (text, got.reason)
