"""A negator after a noun the value counts says what the counted did not do ("So 25 students did not pass.",
"所以有25名学生没有通过。"): the value is the answer. A value right before its verb ("25 does not work") or a
judgement after the negator ("25 students is not right") still denies it. A statement that turns against its value
with a contrast and a negator, naming no value after ("n = 9 fits the first two conditions, but I can't verify the
third"), leaves it unverified. Inequalities joined by logic's "or" and French outward intervals joined by "∪" are
one set."""

from __future__ import annotations

import pytest
from verdicts import verdict as _verdict

UNION = "(-\\infty,2)\\cup(5,\\infty)"


@pytest.mark.parametrize(
    "text",
    [
        "Out of 80 students, 55 passed. So 25 students did not pass.",
        "Therefore 25 students didn't pass.",
        "In the end, 25 people were not invited.",
        "Donc 25 élèves n'ont pas réussi.",
        "Así que 25 estudiantes no aprobaron.",
        "Also haben 25 Schüler nicht bestanden.",
        "Portanto, 25 alunos não passaram.",
        "Quindi 25 studenti non hanno superato l'esame.",
        "所以有25名学生没有通过。",
        "したがって、25人が不合格でした。",
        "따라서 25명이 통과하지 못했습니다.",
        "Yani 25 öğrenci geçemedi.",
        "Vậy có 25 học sinh không đạt.",
        "Jadi 25 siswa tidak lulus.",
        "Не сдали зачёт 25 учеников.",
        "إذن لم ينجح 25 طالبًا.",
        "所以没有及格的有25人。",
    ],
)
def test_a_count_of_those_who_did_not_is_the_answer(text: str) -> None:
    assert _verdict(text, "25") == "correct", text


@pytest.mark.parametrize(
    "text",
    [
        "So 25 does not satisfy the equation.",
        "So 25 students is not right.",
        "So 25 students is not correct.",
        "So 25 apples is not the answer.",
        "So 25 is definitely not it.",
        "So 25 can't be it.",
        "所以25不对。",
        "所以25是错的。",
        "つまり25ではない。",
        "Ответ не 25.",
        "So the answer is not 25 apples.",
        "So we did not get 25 apples.",
    ],
)
def test_a_value_the_negation_is_on_is_still_denied(text: str) -> None:
    assert _verdict(text, "25") != "correct", text


@pytest.mark.parametrize(
    "text",
    [
        "n = 9 fits the first two conditions, but I can't verify the third. So no final answer from me.",
        "J'ai beau retourner le problème dans tous les sens.\nLe cas n = 9 semblait prometteur, mais il ne vérifie pas la deuxième "
        "condition.\nJe jette l'éponge.",
        "Mit k = 9 klappt die erste Bedingung, aber die zweite nicht.",
        "Il candidato più vicino era 9, che però non soddisfa il vincolo sul resto.",
    ],
)
def test_a_value_its_statement_turns_against_is_unverified(text: str) -> None:
    assert _verdict(text, "9") != "correct", text


def test_a_negation_on_a_value_after_the_contrast_leaves_the_first() -> None:
    assert _verdict("So the answer is 12, but not 15.", "12") == "correct"


@pytest.mark.parametrize(
    ("text", "gold"),
    [
        ("x<2 \\lor x>5", UNION),
        ("So x<2 ∨ x>5.", UNION),
        ("x<2 \\vee x>5", UNION),
        ("Donc S = ]−∞ ; 2[ ∪ ]5 ; +∞[.", UNION),
        ("Donc $S = ]-\\infty ; 2[ \\cup ]5 ; +\\infty[$.", UNION),
        ("Donc S = ]−∞ ; 2] ∪ [5 ; +∞[.", "(-\\infty,2]\\cup[5,\\infty)"),
    ],
)
def test_a_union_of_inequalities_or_outward_intervals_is_one_set(text: str, gold: str) -> None:
    assert _verdict(text, gold) == "correct", text


@pytest.mark.parametrize(
    ("text", "gold"),
    [("Donc S = ]−∞ ; 2[ ∪ ]6 ; +∞[.", UNION), ("x=3 \\lor x=4", "3")],
)
def test_a_different_union_or_a_choice_is_not_paid(text: str, gold: str) -> None:
    assert _verdict(text, gold) != "correct", text
