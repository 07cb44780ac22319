"""A choice letter that the predicate after it calls the right one, to its clause's end ("C is correct.",
"Cが正しいです。", "C가 정답입니다."), in every language of the lexicon: the letter is the answer. The same letter
denied, questioned or supposed by that predicate is not ("C is not correct.", "Is C correct?")."""

from __future__ import annotations

import pytest

from rewardcheck.rewards.engine import judge

ENDORSED = [
    "After checking each of them, C is correct.",
    "A and B fail the test. **C** is the correct answer.",
    "So C is right.",
    "C是正确的。",
    "经过验算，C正确。",
    "计算するとCが正しいです。",
    "よって、Cが正解です。",
    "따라서 C가 정답입니다.",
    "계산해 보면 C가 맞습니다.",
    "Donc C est correcte.",
    "Après vérification, C est la bonne réponse.",
    "Por lo tanto, C es correcta.",
    "Entonces C es la respuesta correcta.",
    "Also ist C richtig.",
    "Damit ist C korrekt.",
    "Portanto, C está correta.",
    "Logo, C é a resposta correta.",
    "Quindi C è corretta.",
    "Dunque C è la risposta giusta.",
    "Значит, В — правильный ответ.",
    "Следовательно, C верно.",
    "إذن ج صحيحة.",
    "अतः C सही है।",
    "Vậy C là đáp án đúng.",
    "Do đó C đúng.",
    "Jadi C benar.",
    "Jadi, C adalah jawaban yang benar.",
    "Dolayısıyla C doğrudur.",
    "Yani C doğru.",
]

NOT_ENDORSED = [
    ("C is not correct.", "C"),
    ("C is wrong, so the answer is B.", "C"),
    ("Is C correct?", "C"),
    ("Cは正しくない。", "C"),
    ("C가 정답이 아닙니다.", "C"),
    ("C不正确。", "C"),
    ("C n'est pas correcte.", "C"),
    ("C no es correcta.", "C"),
    ("C ist falsch.", "C"),
    ("C doğru değil.", "C"),
    ("C सही नहीं है।", "C"),
    ("If C is correct, then the area would be 12.", "C"),
]


@pytest.mark.parametrize("text", ENDORSED)
def test_a_letter_called_right_by_its_predicate_is_the_answer(text: str) -> None:
    gold = "C"
    got = judge(text, gold)
    assert got.verdict.value == "correct", (text, got.reason)
    wrong = judge(text, "B")
    assert wrong.verdict.value == "wrong", (text, wrong.reason)


@pytest.mark.parametrize(("text", "gold"), NOT_ENDORSED)
def test_a_letter_the_predicate_denies_or_questions_is_not_paid(text: str, gold: str) -> None:
    got = judge(text, gold)
    assert got.verdict.value != "correct", (text, got.reason)


NAMED_BY_A_LABEL = [
    ("A. 4   B. 6   C. 8\nBilangan yang habis dibagi 2 dan 3 adalah 6.\nJawaban: B", "B"),
    ("A) 10   B) 12   C) 14   D) 16\nTam kare olan tek seçenek 16'dır.\nDoğru cevap D şıkkıdır.", "D"),
    ("A. 12  B. 18  C. 24\n6和9的最小公倍数是18，故选B。", "B"),
    ("The LCM is 18, so we choose B.", "B"),
    # a letter after an affirmation that is its own copula: the correction's value
    ("Answer: C. Wait, no: it is D.", "D"),
    ("Answer: C. Actually, it is D.", "D"),
]


@pytest.mark.parametrize(("text", "gold"), NAMED_BY_A_LABEL)
def test_a_letter_a_label_or_a_choice_verb_names_is_the_answer(text: str, gold: str) -> None:
    """A letter named by an answer label is the explicit answer, over a labelled value of the working before it;
    a choice verb's letter is the object of its statement, over the copula's value before it."""
    got = judge(text, gold)
    assert got.verdict.value == "correct", (text, got.answer, got.reason)
