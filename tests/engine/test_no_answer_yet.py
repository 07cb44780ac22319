"""A value stated, then taken back, and a closing that says the speaker has no answer yet ("Todavía no tengo
el resultado correcto.", "Einen korrigierten Wert habe ich noch nicht.", ``WordClass.UNDETERMINED`` rows),
in every language of the lexicon: the value was a step, not the answer, even where the withdrawal names it
again ("Olvida ese 42")."""

from __future__ import annotations

import pytest

from rewardcheck.rewards.engine import judge

WITHDRAWN = [
    (
        "평균을 구하면 $\\dfrac{1 + 2 + 3 + 4}{4} = 2.5$입니다.\n\n아, 잠깐만요. 문제가 묻는 건 분산이었네요. "
        "방금 말한 2.5는 없던 것으로 하겠습니다.\n\n아직 제대로 된 값은 계산하지 못했습니다.",
        "2.5",
    ),
    (
        "On trouve une aire de $5 \\times 7 = 35\\ \\text{m}^2$.\n\nNon, en fait je me suis trompé. Je retire ce 35."
        "\n\nJe ne suis pas encore en mesure de donner l'aire exacte.",
        "35",
    ),
    (
        "Sumando las edades: $17 + 25 = 42$ años.\n\nUn momento, me equivoqué. Olvida ese 42.\n\n"
        "Todavía no tengo el resultado correcto.",
        "42",
    ),
    (
        "Für den Winkel erhalte ich zunächst $33^\\circ$.\n\nMoment, das stimmt so nicht. Die 33 nehme ich zurück."
        "\n\nEinen korrigierten Wert habe ich noch nicht.",
        "33",
    ),
    (
        "In un anno ci sono $365 / 7 \\approx 52$ settimane, quindi direi 52.\n\nAnzi no, ritiro quello che ho "
        "detto.\n\nPer ora non ho una risposta.",
        "52",
    ),
    (
        "İki basamaklı en büyük sayı $99$ olduğundan cevap 99 gibi görünüyor.\n\nHayır, bunu geri alıyorum.\n\n"
        "Doğru sayıyı henüz yazmadım.",
        "99",
    ),
    ("The total comes to 42.\n\nNo, that is the wrong quantity.\n\nI don't have a final answer yet.", "42"),
]

READ = [
    ("The total comes to 42.\n\nI checked it twice: 42 is the answer.", "42"),
    ("Todavía no tengo dudas: la suma es 42.", "42"),  # a later value is read on its own
]


@pytest.mark.parametrize(("text", "gold"), WITHDRAWN)
def test_a_value_followed_by_no_answer_yet_is_not_paid(text: str, gold: str) -> None:
    got = judge(text, gold)
    assert got.verdict.value != "correct", (text, got.reason)


@pytest.mark.parametrize(("text", "gold"), READ)
def test_a_value_the_text_stands_by_is_read(text: str, gold: str) -> None:
    got = judge(text, gold)
    assert got.verdict.value == "correct", (text, got.reason)
