"""How a closing statement states its value when other values stand around it, in many languages: a lead
phrase set off by a comma says when ("Así que, después de 4 semanas, Lucía tiene 50 €"); a bracketed working,
an aside clause or a dash remark after the value remark on it; an emoji closes a sentence as a chat model
writes one; a retraction inside the statement turns to the value after it."""

from __future__ import annotations

import pytest
from verdicts import verdict as _verdict

LEAD_PHRASES = [
    "Así que, después de 4 semanas, Lucía tiene 50 € en su alcancía.",
    "Portanto, depois de 4 semanas, ela tem 50 reais.",
    "Jadi setelah 4 minggu, Budi menabung 50 ribu rupiah.",
    "Donc, après 4 semaines, Lucie a 50 €.",
    "Quindi, dopo 4 settimane, Lucia ha 50 €.",
    "So, in 4 hours, the tank holds 50 liters.",
    "So after 4 rounds, 50 players remain.",
    "Vậy sau 4 tuần, Lan có 50 nghìn đồng.",
]


@pytest.mark.parametrize("text", LEAD_PHRASES)
def test_a_lead_phrase_after_the_conclusion_word_says_when(text: str) -> None:
    assert _verdict(text, "50") == "correct", text
    assert _verdict(text, "4") != "correct", text


@pytest.mark.parametrize(
    ("text", "gold"),
    [
        ("Donc, 4 semaines, 50 €.", "4"),  # no clause after the comma: the first value is the object
        ("So the answer is 4, after 50 tries.", "4"),  # a predicate names the first value
        ("So in 3 days, 12.", "3"),
    ],
)
def test_no_lead_phrase_without_a_clause_after_it(text: str, gold: str) -> None:
    assert _verdict(text, gold) == "correct", text


@pytest.mark.parametrize(
    "text",
    [
        "好啦！小明一共有 36 颗糖果 🍬 需要我一步一步再讲一遍吗？",
        "¡Listo! Son 36 manzanas 🍎 ¿Quieres que lo explique paso a paso?",
        "Fertig! Es sind 36 Äpfel 🍎 Soll ich es Schritt für Schritt erklären?",
        "Done! 36 apples in all 🎉 Want me to walk through it again?",
    ],
)
def test_an_emoji_closes_the_sentence_before_a_question(text: str) -> None:
    assert _verdict(text, "36") == "correct", text


def test_an_emoji_inside_a_list_of_counted_things_closes_nothing() -> None:
    assert _verdict("Done! 42 apples 🍎 Is that 41?", "42") != "correct"  # the question is on the value
    assert _verdict("I have 3 🍎 and 2 🍌.", "3") != "correct"  # two values of one list


@pytest.mark.parametrize(
    "text",
    [
        "よって、8日間で貯まる金額は 2,000 円です（1日 250 円 × 8 日）。",
        "よって、金額は 2,000 円です（250 × 8 = 2000）。",
        "所以一共是 2000 元（250 × 8）。",
        "Entonces ahorra 2000 pesos (250 × 8).",
        "Also spart sie 2000 Yen (250 Yen × 8 Tage).",
    ],
)
def test_a_bracketed_working_after_the_value_is_its_working(text: str) -> None:
    assert _verdict(text, "2000") == "correct", text
    assert _verdict(text, "8") != "correct", text


def test_a_bracket_without_an_operator_is_read_as_it_stands() -> None:
    assert _verdict("The answer is 5 (or 7).", "5") != "correct"  # two values offered


@pytest.mark.parametrize(
    "text",
    [
        "따라서 넓이는 24 cm²이고, 참고로 둘레는 20 cm입니다.",
        "So the area is 24 cm², and by the way the perimeter is 20 cm.",
        "L'aire est 24 cm², et au passage le périmètre vaut 20 cm.",
        "面积是24平方厘米，顺便说一下，周长是20厘米。",
        "So by the end of week 3 she has saved $24 in total — enough for the $20 game, with $4 to spare.",
    ],
)
def test_a_remark_on_another_quantity_after_the_value(text: str) -> None:
    assert _verdict(text, "24") == "correct", text
    assert _verdict(text, "20") != "correct", text


@pytest.mark.parametrize(
    "text",
    [
        "The area is 24, by the way, no wait, it is 20.",
        "The total is 24 — no, 20.",
        "The total is 24 — so with tax it is 20.",
        "The area is 24, no wait, it is 20.",
        "The area is 24 — no wait, it is 20.",
        "La superficie es 24, no, espera, es 20.",
        "面积是24，不对，是20。",
    ],
)
def test_a_remark_that_corrects_or_concludes_states_the_value(text: str) -> None:
    assert _verdict(text, "20") == "correct", text
    assert _verdict(text, "24") != "correct", text


@pytest.mark.parametrize(
    "text", ["Done! 36 apples in all.", "36 students passed the exam.", "36 cookies are left over."]
)
def test_a_count_noun_after_the_value_is_no_verb_that_remarks_on_it(text: str) -> None:
    assert _verdict(text, "36") == "correct", text


@pytest.mark.parametrize(
    "text",
    [
        "36 contradicts the second condition.",
        "$36$ clashes with the constraints.",
        "thirty-six leads to a contradiction.",
    ],
)
def test_a_verb_with_its_object_after_the_value_remarks_on_it(text: str) -> None:
    assert _verdict(text, "36") != "correct", text


@pytest.mark.parametrize(
    "text",
    [
        "평균은 4.5입니다. 혹시 다른 대푯값을 묻는 건가 싶었는데, 문제는 분명히 평균을 묻고 있으니 답은 4.5입니다.",
        "혹시 다른 값인가 싶었는데, 답은 4.5입니다.",
        "Could it be 5, I wondered, but the answer is 4.5.",
        "Est-ce 5, me suis-je demandé ; mais la réponse est 4,5.",
    ],
)
def test_a_question_opening_the_statement_ends_where_a_clause_states_the_answer(text: str) -> None:
    assert _verdict(text, "4.5") == "correct", text


@pytest.mark.parametrize("text", ["Is the answer 4.5", "혹시 답은 4.5인가", "Could it be 4.5"])
def test_a_question_that_holds_the_value_still_asks(text: str) -> None:
    assert _verdict(text, "4.5") != "correct", text


@pytest.mark.parametrize(
    ("text", "gold"),
    [("अतः 256 का वर्गमूल **16** है।", "16"), ("अतः 256 का वर्गमूल 16 है।", "16"), ("16 का वर्ग 256 है।", "256")],
)
def test_a_hindi_operation_word_follows_its_operand(text: str, gold: str) -> None:
    assert _verdict(text, gold) == "correct", text
    other = "256" if gold == "16" else "16"
    assert _verdict(text, other) != "correct", text


@pytest.mark.parametrize(
    "text",
    [
        "60 - 17 = 43\n43\n문제: 영희는 연필 5자루를",
        "60 - 17 = 43\n43\n问题：小明有5支",
        "60 − 17 = 43\n答え：43\n問題：太郎は5本の",
    ],
)
def test_a_new_problem_labelled_in_its_own_script_follows_the_answer(text: str) -> None:
    assert _verdict(text, "43") == "correct", text
    assert _verdict(text, "5") != "correct", text
