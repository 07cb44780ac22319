"""How a short answer closes, found by the blind sets ``word15`` and ``refuse15d``:

* a closing sentence that restates the last equation's result and then names data given before it ("Hugo aura
  économisé 108 € au bout de 9 semaines.") states that result, not the last number; a value new to the text
  after it, or a derivation word, keeps the rules as they were;
* a value-free statement after the value that withholds the answer (a negator a few words before an answer
  word: "I will not give a final answer.", "这题我不给最终答案。", "Saya tidak akan memberi jawaban.") leaves no
  answer; one that supposes, asks or exclaims does not withhold.
"""

from __future__ import annotations

import pytest

from rewardcheck.rewards.engine import judge


def _verdict(text: str, gold: str) -> str:
    return judge(text, gold).verdict.value


@pytest.mark.parametrize(
    ("text", "gold"),
    [
        (
            "Hugo économise 12 € par semaine.\n12 × 9 = 108.\nHugo aura économisé 108 € au bout de 9 semaines.",
            "108",
        ),
        ("समय 2.5 घंटे है।\nदूरी = 60 × 2.5 = 150 किमी\nकार 150 किलोमीटर की दूरी 2.5 घंटे में तय करती है।", "150"),
        (
            "Naik 8 orang: 27 + 8 = 35.\nSekarang di dalam bus ada 35 orang, termasuk 8 orang yang baru naik.",
            "35",
        ),
        ("She reads 25 pages a day: 25 × 6 = 150.\nShe read 150 pages in 6 days.", "150"),
    ],
)
def test_a_closing_sentence_restating_the_result_states_it(text: str, gold: str) -> None:
    assert _verdict(text, gold) == "correct", text


@pytest.mark.parametrize(
    ("text", "gold"),
    [
        ("27 + 8 = 35.\nAt the next stop 5 more get on, making 40 people.", "40"),  # a derivation word
        ("12 × 9 = 108.\nHe has 108 € after 9 weeks and spends 8, so 100 € remain.", "100"),
    ],
)
def test_a_closing_sentence_that_derives_a_new_value_states_that(text: str, gold: str) -> None:
    assert _verdict(text, gold) == "correct", text


@pytest.mark.parametrize(
    "text",
    [
        "Some would write 7, but 7 is only one of the possible integers.\nI will not give a final answer to this.",
        "有人会直接填 7，但 7 只是其中一个可能的整数。\n光凭这些条件定不下来，这题我不给最终答案。",
        "Bisa saja 7 seperti di contoh sebelumnya.\nSaya tidak akan memberi jawaban untuk soal ini.",
        "Навскидку кажется, что это 7.\nТак что это догадка, а не ответ.",
        "Así a ojo, diría que son unas 7 combinaciones.\nEse número es un tanteo, no una respuesta en firme.",
        "Ese 7 es un tanteo, no una respuesta en firme.",  # the rest of the value's own statement
        "Так что 7 — это догадка, а не ответ.",
        "ربما تكون النهاية 7.\nأفضّل ألا أعطي إجابة على هذا السؤال.",
    ],
)
def test_a_statement_withholding_the_answer_leaves_none(text: str) -> None:
    assert _verdict(text, "7") != "correct", text


@pytest.mark.parametrize(
    "text",
    [
        "So the answer is 7.\nLet me know if you do not understand the answer.",
        "So the answer is 7.\nDo not forget to check the answer!",
        "So the answer is 7.\nIs this not the answer you expected?",
        "The answer is 7, not 8.",  # another value after the negator: it denies that one
    ],
)
def test_a_closing_that_supposes_asks_or_exclaims_withholds_nothing(text: str) -> None:
    assert _verdict(text, "7") == "correct", text


@pytest.mark.parametrize(
    "text",
    [
        # a value after the result that was first written after the equation is offered, not given data
        "Сторона квадрата дорівнює $\\sqrt{144} = 12$ см... або, якщо враховувати рамку, 13 см.\n\n"
        "Отже, сторона — 12 або 13 см, залежно від тлумачення.",
        "Gemiddelde: (12 + 15 + 21) / 3 = 48 / 3 = 16.\nHmm, of moet het toch 17 zijn? Ik twijfel tussen 16 en 17.",
    ],
)
def test_a_value_offered_after_the_result_is_no_data_it_came_from(text: str) -> None:
    gold = "12" if "12 або" in text else "16"
    assert _verdict(text, gold) != "correct", text


@pytest.mark.parametrize(
    ("text", "gold"),
    [
        ("27 + 8 = 35.\nSo there are 35 people on the bus when it leaves the first stop at 8:10 am.", "35"),
        ("It takes 3 hours when the speed is 40 km/h.", "3"),
        ("Also sind 35 Fahrgäste im Bus, wenn er um 8:10 Uhr abfährt.", "35"),
    ],
)
def test_the_values_of_a_subordinate_clause_after_the_answer_are_context(text: str, gold: str) -> None:
    assert _verdict(text, gold) == "correct", text
