"""Without ids that show a stop, a last line of seven words or more that holds no value and stops on a word,
after a value stated in passing, is working cut by the limit ("... el área es 63.\\nAhora, para hallar la
hipotenusa del triángulo rectángulo formado, aplicamos"), in any language: no answer. A value stated as the
answer (a box, a label) may be followed by a remark without an end, and ids that show a stop read the value."""

from __future__ import annotations

import pytest

from rewardcheck.rewards.engine import EngineConfig, judge

CUT = [
    (
        "La base del triángulo mide 14 y la altura 9, así que el área es 63.\n"
        "Ahora, para hallar la hipotenusa del triángulo rectángulo formado, aplicamos",
        "63",
    ),
    (
        "Il lato del quadrato è 7, quindi il perimetro è 28.\n"
        "Per trovare l'area del cerchio inscritto dobbiamo prima calcolarne il raggio, che",
        "28",
    ),
    (
        "Zuerst berechnen wir die Fläche: 9 · 9 = 81 cm².\n"
        "Danach bestimmen wir die Diagonale des Quadrats mit dem Satz des Pythagoras, also",
        "81",
    ),
    (
        "نحسب أولًا مجموع الأعداد: 15 + 25 + 35 = 75.\nثم نقسم على عددها لإيجاد المتوسط، فيكون المتوسط الحسابي لهذه الأعداد",
        "75",
    ),
    (
        "Üçgenin kenarları 5, 12 ve 13 olduğundan çevresi 30'dur.\n"
        "Şimdi iç teğet çemberin yarıçapını bulmak için alanı hesaplayalım; alan",
        "30",
    ),
    (
        "First, the total is 18 + 22 = 40.\nNext, to find the ratio of girls to the whole class we compute",
        "40",
    ),
]

READ = [
    ("So the answer is \\boxed{63}.\nI hope this explanation of the area was helpful to you", "63"),
    ("Answer: 63\nThis is the area of the triangle in square centimetres", "63"),
    ("The area is 63.\nDone", "63"),  # a short closing
    ("The result is **250**.\n\nasdf qwer zxcv asdf qwer zxcv asdf qwer zxcv", "250"),  # junk: a loop
]


@pytest.mark.parametrize(("text", "gold"), CUT)
def test_a_long_last_line_that_stops_on_a_word_was_cut(text: str, gold: str) -> None:
    got = judge(text, gold)
    assert got.verdict.value != "correct", (text, got.reason)


@pytest.mark.parametrize(("text", "gold"), CUT)
def test_ids_that_show_a_stop_read_the_value(text: str, gold: str) -> None:
    config = EngineConfig(max_completion_length=4096, eos_token_ids=(2,))
    assert judge(text, gold, completion_ids=[5, 6, 2], config=config).verdict.value == "correct"


@pytest.mark.parametrize(("text", "gold"), READ)
def test_an_answer_stated_as_such_or_a_short_closing_is_read(text: str, gold: str) -> None:
    got = judge(text, gold)
    assert got.verdict.value == "correct", (text, got.reason)
