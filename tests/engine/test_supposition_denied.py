"""Suppositions, in every language of the lexicon. A value worked out under a supposition ("If the speed were
90 km/h, the trip would take 2 hours") whose next statement holds no value and turns against it with a negation
("But the speed is not given.") is no answer; a supposition the text goes on to use, or a remark without a
turn and a negation, leaves the value read. An if-clause of its own before the value's clause is the means of a
derivation, not a supposition ("If we add them, we get 30", "Если сложить обе части, получим 30"); a supposition
word alone ("Angenommen, x ist 42") or a supposed answer ("If the answer were 42") still supposes."""

from __future__ import annotations

import pytest

from rewardcheck.rewards.engine import judge

DENIED = [
    (
        "If each box held 6 pens, we would have 6 × 5 = 30 pens. But we don't know how many each box holds.",
        "30",
    ),
    ("Si chaque boîte contenait 6 stylos, on aurait 30 stylos. Mais on ne connaît pas ce nombre.", "30"),
    ("Si cada caja tuviera 6 lápices, habría 30 lápices. Pero el enunciado no lo dice.", "30"),
    ("Wenn jede Kiste 6 Stifte hätte, wären es 30 Stifte. Aber das steht nicht in der Aufgabe.", "30"),
    ("Se cada caixa tivesse 6 canetas, seriam 30 canetas. Mas isso não é dado no enunciado.", "30"),
    ("Se ogni scatola avesse 6 penne, avremmo 30 penne. Ma il problema non lo dice.", "30"),
    ("Если бы в каждой коробке было 6 ручек, всего было бы 30 ручек. Но это не указано в условии.", "30"),
    ("もし各箱に6本ずつ入っていれば、30本になる。しかし箱の中身は与えられていない。", "30"),
]

READ = [
    # the supposition is the text's own step, and it goes on with a value
    ("If we substitute x = 2, we get y = 5. But y must be positive, so y = 5 is valid.", "5"),
    # a turn without a negation
    ("If we add the two parts, we get 30. But that is exactly the total we need.", "30"),
    # a negation without a turn
    ("If we add the two parts, we get 30. We do not need the third part.", "30"),
    # no supposition
    ("Each box holds 6 pens, so we have 30 pens. But we don't need to count the caps.", "30"),
    # an if-clause of its own is the means of a derivation
    ("If we add them, we get 30.", "30"),
    ("Si on additionne les deux parties, on obtient 30.", "30"),
    ("Wenn wir beide Teile addieren, erhalten wir 30.", "30"),
    ("Если сложить обе части, получим 30.", "30"),
    ("Si sumamos las dos partes, obtenemos 30.", "30"),
    ("如果把两部分相加，得到30。", "30"),
]

SUPPOSED = [
    ("Angenommen, x ist 42.", "42"),
    ("假设，答案是42。", "42"),
    ("Suppose the answer is 42.", "42"),
    ("If the answer were 42, the sum would be odd.", "42"),
    ("If x were 42, then y would be 84.", "84"),
]


@pytest.mark.parametrize(("text", "gold"), DENIED)
def test_a_supposition_the_next_statement_denies_is_no_answer(text: str, gold: str) -> None:
    got = judge(text, gold)
    assert got.verdict.value != "correct", (text, got.reason)


@pytest.mark.parametrize(("text", "gold"), READ)
def test_a_value_without_that_evidence_is_read(text: str, gold: str) -> None:
    got = judge(text, gold)
    assert got.verdict.value == "correct", (text, got.reason)


@pytest.mark.parametrize(("text", "gold"), SUPPOSED)
def test_a_supposed_value_is_no_answer(text: str, gold: str) -> None:
    got = judge(text, gold)
    assert got.verdict.value != "correct", (text, got.reason)
