"""A value-free statement right after the value that doubts it refuses it, in the wordings of each language's
hedge rows ("I'm not confident enough to commit", "不过我没什么把握", "no me atrevo a darla por buena")."""

from __future__ import annotations

import pytest

from rewardcheck.rewards.engine import judge

DOUBTED = [
    ("So x = 9. I'm not confident enough in the factoring to commit to a number.", "9"),
    ("解得 a = 4。不过第二步的配方我没什么把握。", "4"),
    ("Por lo tanto r = 5. No me atrevo a darla por buena.", "5"),
    ("Daraus folgt x = 10. Festlegen möchte ich mich nicht.", "10"),
    ("Portanto k = 7. Prefiro não cravar um número.", "7"),
    ("Da cui n = 11. Non me la sento di confermarla.", "11"),
    ("Откуда p = 4. Но я не уверен в знаках.", "4"),
    ("Vậy x = 9. Mình không dám chắc.", "9"),
    ("Jadi x = 3. Saya tidak berani memastikan.", "3"),
    ("Yani x = 12. Emin olamıyorum.", "12"),
]


@pytest.mark.parametrize(("text", "gold"), DOUBTED)
def test_a_doubt_right_after_the_value_refuses_it(text: str, gold: str) -> None:
    got = judge(text, gold)
    assert got.verdict.value != "correct", (text, got.reason)


def test_a_doubt_resolved_by_a_later_value_is_read() -> None:
    assert (
        judge("So x = 9. I'm not confident, so I check: 81 - 54 - 27 = 0. Yes, x = 9.", "9").verdict.value
        == "correct"
    )


def test_a_hedge_that_opens_the_next_answer_phrase_is_about_the_next_value() -> None:
    # the wording pool's composition "committed, then hedged" (seed 0 at 003460e): the guess is 52, not 42
    assert judge("Answer: \\(42\\) I guess the answer is **52**.", "42").verdict.value == "correct"
    assert judge("Answer: 7 maybe, but 8 is also possible.", "7").verdict.value != "correct"


CONFLICTING = [
    ("Ответ: 17.\n\nНо другим способом выходит 19. Ответ: 19.\nКакой из них верный — не знаю.", "17"),
    ("الإجابة: $\\boxed{8}$\nوبطريقة أخرى أحصل على $\\boxed{10}$.\nلا أعرف أيهما الصحيح.", "8"),
    (
        "Jawaban akhir: 50\n\nTapi dengan cara kedua hasilnya 52. Jawaban akhir: 52\nSaya tidak yakin mana yang benar.",
        "50",
    ),
    ("Answer: \\boxed{17}. Another method gives \\boxed{19}. I'm not sure which is right.", "17"),
]


@pytest.mark.parametrize(("text", "gold"), CONFLICTING)
def test_a_doubt_after_two_different_answers_is_about_both(text: str, gold: str) -> None:
    """The earlier answer is not read back when the later, different one is doubted: the doubt is which."""
    got = judge(text, gold)
    assert got.verdict.value != "correct", (text, got.reason)


def test_the_same_value_said_twice_is_no_list() -> None:
    # a chain's result restated in the next statement of the same words but its verb is one answer, not two
    text = "L'altro cateto è $\\sqrt{625-49}=\\sqrt{576}=24$.\n\nL'altro cateto misura 24 cm."
    assert judge(text, "24").verdict.value == "correct"
    assert judge("The first root is 2. The second root is 3.", "2").verdict.value != "correct"


def test_a_discarded_result_is_taken_back() -> None:
    text = "Also beträgt der Umfang 20 cm. Moment, das passt nicht – ich verwerfe das Ergebnis."
    assert judge(text, "20").verdict.value != "correct"
