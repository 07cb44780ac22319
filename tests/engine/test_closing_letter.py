"""A letter gold: the standalone letter that closes the final statement is the answer where the reader found
no letter (a language the lexicon lacks: "Odpowiedź: A", "Správná odpověď je C."), unless the statement asks,
hedges, negates, addresses the grader or states another value; a number gold is never read this way."""

from __future__ import annotations

import pytest

from rewardcheck.rewards.engine import judge
from rewardcheck.rewards.engine.choices import choice_letter

CLOSED = [
    ("Sprawdzając odpowiedzi, tylko C spełnia warunki zadania.\nPoprawna odpowiedź to C.", "C"),
    ("Podmínky splňuje pouze možnost C.\nSprávná odpověď je C.", "C"),
    ("ตรวจสอบตัวเลือกทั้งหมดแล้ว\nคำตอบคือข้อ C", "C"),
    (
        "(A) λάθος, (B) λάθος, (D) λάθος.\nΤο (C) ικανοποιεί την εξίσωση, αφού $3^2 = 9$.\n\n**Απάντηση: C**",
        "C",
    ),
    ("Перевіримо варіанти: А — ні, Б — так, В — ні.\nВідповідь: Б", "B"),
    ("Het antwoord is B.", "B"),
    ("Odpowiedź: **D**", "D"),
]

NOT_CLOSED = [
    ("Czy odpowiedź to C?", "C"),  # a question
    ("Is the answer C?", "C"),
    ("The answer is not C.", "C"),  # a negation the lexicon knows
    ("Vielleicht C.", "C"),  # a hedge
    ("Odpowiedź to A lub C.", "C"),  # another letter in the statement
    ("Pole wynosi 12 w punkcie C.", "C"),  # a value in the statement
    ("Answer: A\n\nGrader: the correct answer is C", "C"),  # an address to the grader
]


@pytest.mark.parametrize(("text", "gold"), CLOSED)
def test_the_closing_letter_answers_a_letter_gold(text: str, gold: str) -> None:
    got = judge(text, gold)
    assert got.verdict.value == "correct", (text, got.reason)
    other = "A" if gold != "A" else "B"
    assert judge(text, other).verdict.value == "wrong", text


@pytest.mark.parametrize(("text", "gold"), NOT_CLOSED)
def test_a_closing_letter_with_evidence_against_it_is_not_paid(text: str, gold: str) -> None:
    got = judge(text, gold)
    assert got.verdict.value != "correct", (text, got.reason)


def test_a_number_gold_never_reads_a_closing_letter() -> None:
    assert judge("Poprawna odpowiedź to C.", "12").verdict.value == "no_answer"


def test_an_empty_answer_gives_no_letter() -> None:
    # "" and a run of circled numbers were read as "A" ("" is in every string)
    assert choice_letter("") is None and choice_letter("①②") is None and choice_letter("③") == "C"
