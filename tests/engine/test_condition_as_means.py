"""A condition written without a comma before the speaker's own result ("If we add them we get 30", "se le
sommiamo otteniamo 30", "यदि हम दोनों को जोड़ें तो 30 मिलता है") is the means of a derivation, as it is with
the comma; a supposition about the value itself ("If we get 30", "Se la risposta fosse 42", "If x = 2 then
y = 5") still supposes."""

from __future__ import annotations

import pytest

from rewardcheck.rewards.engine import judge

DERIVED = [
    ("To find the total we combine the two amounts. If we add them we get 30.", "30"),
    ("If we multiply 6 by 7 we obtain 42.", "42"),
    ("Per sapere quante biglie hanno in tutto basta sommarle: se le sommiamo otteniamo 30.", "30"),
    ("Si sumamos las dos partes obtenemos 30.", "30"),
    ("Si on additionne les deux parties on obtient 30.", "30"),
    ("Wenn wir beide addieren erhalten wir 30.", "30"),
    ("Jika kita jumlahkan keduanya kita dapatkan 30.", "30"),
    ("राम के पास 12 कंचे हैं और श्याम के पास 18। यदि हम दोनों को जोड़ें तो 30 मिलता है।", "30"),
]

SUPPOSED = [
    ("If we get 30, we are done.", "30"),
    ("Se otteniamo 30, abbiamo finito.", "30"),
    ("Si obtenemos 30 la respuesta es correcta.", "30"),
    ("If the answer were 42.", "42"),
    ("If x = 2 then y = 5.", "5"),
    ("If each bag held 16 then we would have 64.", "64"),
]


@pytest.mark.parametrize(("text", "gold"), DERIVED)
def test_a_condition_before_the_speakers_result_is_a_means(text: str, gold: str) -> None:
    got = judge(text, gold)
    assert got.verdict.value == "correct", (text, got.reason)


@pytest.mark.parametrize(("text", "gold"), SUPPOSED)
def test_a_supposed_value_is_no_answer(text: str, gold: str) -> None:
    got = judge(text, gold)
    assert got.verdict.value != "correct", (text, got.reason)
