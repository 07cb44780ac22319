"""A check after the answer (WordClass.VERIFICATION, rows in every language of the lexicon) substitutes the answer
and computes what it gives: its values are no answer, and the value stated before it is read. A check with no
value before it is read as it stands, and a statement that names the answer itself is no check."""

from __future__ import annotations

import pytest

from rewardcheck.rewards.engine import judge

CHECKED = [
    ("The number is 12. Check: 3 × 12 − 5 = 36 − 5 = 31, which matches.", "12", "31"),
    ("So x = 12.\n\nVerification: 3 × 12 − 5 = 31 ✓", "12", "31"),
    ("x = 12. Let us check: 3 × 12 − 5 = 31.", "12", "31"),
    ("The answer is \\boxed{12}. **Check:** 3 × 12 − 5 = 31.", "12", "31"),
    ("所以这个数是 8。检验：8 × 3 + 4 = 24 + 4 = 28，符合题意。", "8", "28"),
    ("答え：8。確認：2 × 8 + 3 = 19 となり、条件を満たす。", "8", "19"),
    ("답은 9이다. 검산: 9 × 4 = 36이므로 조건을 만족한다.", "9", "36"),
    ("La largeur est donc de 6 cm. Vérification : 2 × (6 + 10) = 32.", "6", "32"),
    ("Por lo tanto, x = 5. Comprobación: 2 · 5 + 3 = 13.", "5", "13"),
    ("Also ist x = 5. Probe: 2 · 5 + 3 = 13.", "5", "13"),
    ("Logo, x = 5. Verificação: 2 · 5 + 3 = 13.", "5", "13"),
    ("Quindi x = 5. Verifica: 2 · 5 + 3 = 13.", "5", "13"),
    ("Значит, x = 5. Проверка: 2 · 5 + 3 = 13.", "5", "13"),
    ("**الإجابة: 24 قطعة لكل طفل.** للتحقق: 24 × 6 = 144 ✓.", "24", "144"),
    ("अतः x = 5 है। जाँच: 2 × 5 + 3 = 13।", "5", "13"),
    ("**Đáp án: 36 cm²**. Kiểm tra lại: 36 : 6 = 6, đúng.", "36", "6"),
    ("Jadi, kecepatan rata-rata mobil adalah 60 km/jam. Cek: 60 × 4 = 240 ✓.", "60", "240"),
    ("**Cevap: 56 koltuk.** Kontrol edelim: 56 ÷ 8 = 7 sıra, doğru.", "56", "7"),
]


@pytest.mark.parametrize(("text", "gold", "check"), CHECKED)
def test_the_value_before_a_check_is_the_answer(text: str, gold: str, check: str) -> None:
    assert judge(text, gold).verdict.value == "correct", judge(text, gold).reason
    assert judge(text, check).verdict.value != "correct", text


def test_a_check_alone_or_one_that_names_the_answer_is_read() -> None:
    assert judge("Check: 3 × 12 − 5 = 31.", "31").verdict.value == "correct"
    assert judge("x = 4 fails. Checking the options, the answer is B.", "B").verdict.value == "correct"
    assert judge("Let us check each case. The answer is 7.", "7").verdict.value == "correct"
