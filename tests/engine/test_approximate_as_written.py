"""An approximation word or sign in front of a decimal ("approximately 76.7", "≈ 28,26", "约 3.14") says the value is
rounded, not that it is a guess: where the value is the decimal gold as written, every digit the same, it is
paid; against any other gold (a fraction, an integer, another rounding) it stays a hedge, and a hedge word
("probably") always does (``compare.numbers.as_written``)."""

from __future__ import annotations

import pytest

from rewardcheck.rewards.engine import judge

APPROXIMATE = {
    "en": "The area is approximately 28.26 cm².",
    "en-sign": "The area is $\\approx 28.26$ cm².",
    "de": "Die Fläche beträgt etwa 28,26 cm².",
    "fr": "L'aire vaut environ 28,26 cm².",
    "es": "El área es aproximadamente 28,26 cm².",
    "pt": "A área é de cerca de 28,26 cm².",
    "it": "L'area è circa 28,26 cm².",
    "ru": "Площадь примерно 28,26 см².",
    "zh": "面积约为 28.26 平方厘米。",
    "ja": "面積は約 28.26 cm² です。",
    "ko": "넓이는 약 28.26 cm²입니다.",
    "ar": "المساحة حوالي 28.26 سم².",
    "hi": "क्षेत्रफल लगभग 28.26 वर्ग सेमी है।",
    "vi": "Diện tích khoảng 28,26 cm².",
    "id": "Luasnya sekitar 28,26 cm².",
    "tr": "Alan yaklaşık 28,26 cm².",
}


@pytest.mark.parametrize("lang", sorted(APPROXIMATE))
def test_an_approximate_decimal_that_is_the_gold_as_written_is_paid(lang: str) -> None:
    assert judge(APPROXIMATE[lang], "28.26").verdict.value == "correct", APPROXIMATE[lang]


@pytest.mark.parametrize("lang", sorted(APPROXIMATE))
def test_an_approximate_decimal_of_another_gold_is_a_hedge(lang: str) -> None:
    text = APPROXIMATE[lang]
    assert judge(text, "9\\pi").verdict.value != "correct", text  # 28.27... rounded: a hedge stays one
    assert judge(text, "28.3").verdict.value != "correct", text


@pytest.mark.parametrize(
    ("text", "gold"),
    [
        ("The answer is ≈ 0.33.", "\\frac{1}{3}"),
        ("The answer is approximately 12.", "12"),  # an integer: approximately is a guess
        ("The answer is probably 12.5.", "12.5"),  # a hedge word, not an approximation
        ("The answer is about 0.333.", "0.33"),
        ("Resposta: aproximadamente 76,7%.", "76.67"),
    ],
)
def test_other_approximations_are_not_paid(text: str, gold: str) -> None:
    assert judge(text, gold).verdict.value != "correct", text


def test_a_rounded_percentage_as_written_is_paid() -> None:
    assert (
        judge("Resposta: aproximadamente 76,7%.\nArredondei para uma casa decimal.", "76.7").verdict.value
        == "correct"
    )
