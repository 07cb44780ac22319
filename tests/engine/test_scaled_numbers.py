"""A number with a decimal comma before a scale word of its language is one value ("1,5 Millionen", "2,5 млн",
"1,5 triệu"), as "1.5 million" was; Russian writes the scale words abbreviated ("45 тыс.", "3 млрд"). Found by
the blind set ``numbers15``."""

from __future__ import annotations

import pytest

from rewardcheck.rewards.engine import judge
from rewardcheck.rewards.engine.number_phrases import word_scaled


@pytest.mark.parametrize(
    ("text", "gold"),
    [
        ("Antwort: 1,5 Millionen", "1500000"),
        ("Respuesta: 2,5 millones de habitantes", "2500000"),
        ("Resposta: 1,5 milhão", "1500000"),
        ("Ответ: 2,5 млн", "2500000"),
        ("Ответ: 45 тыс. рублей", "45000"),
        ("Đáp án: 1,5 triệu", "1500000"),
        ("Jawaban: 1,5 juta", "1500000"),
        ("Cevap: 1,5 milyon", "1500000"),
    ],
)
def test_a_decimal_before_a_scale_word_is_scaled(text: str, gold: str) -> None:
    assert judge(text, gold).verdict.value == "correct", text
    assert judge(text, "1.5").verdict.value != "correct", text


def test_three_digits_after_a_comma_are_no_decimal_of_a_scale() -> None:
    assert word_scaled("1,500 million") is None  # a group of thousands: read by the reader of groups
    assert word_scaled("1,25 Millionen") == "1250000"


@pytest.mark.parametrize(
    ("text", "gold"),
    [
        ("Entonces, el total es de 3 mil pesos.", "3000"),
        ("Portanto, o total é 3 mil reais.", "3000"),
        ("Toplam maliyet 45 bin liradır.", "45000"),
        ("Entonces, el total es de 2,5 mil pesos.", "2500"),
        ("Resposta: 12 mil", "12000"),
    ],
)
def test_a_short_scale_word_scales_where_its_language_is_evident(text: str, gold: str) -> None:
    assert judge(text, gold).verdict.value == "correct", text
    small = text.split(" mil")[0].split(" bin")[0].split()[-1].replace(",", ".")
    assert judge(text, small).verdict.value != "correct", (text, small)


@pytest.mark.parametrize(
    ("text", "gold"),
    [("The film is 5 mil thick.", "5"), ("Ich weiß, dass ich 30 bin.", "30"), ("Answer: 12 mil", "12")],
)
def test_a_short_scale_word_of_no_evident_language_is_no_scale(text: str, gold: str) -> None:
    assert judge(text, gold).verdict.value == "correct", text
