"""A statement after the box that opens on its conclusion word and states one value of its own concludes
with that value, whatever its verb, in every language of the lexicon ("$\\boxed{15}$ En conclusión, cada grupo
tiene 16 alumnos." paid 15); a box restated by the conclusion, or a conclusion that goes through several values
of the problem, leaves the box read."""

from __future__ import annotations

import pytest

from rewardcheck.rewards.engine import judge

BOX = "$\\frac{120}{8} = 15$\n\n$$\\boxed{15}$$\n\n"

OVERRIDDEN = [
    "En conclusión, cada grupo tiene 16 alumnos.",
    "Un heptagone possède donc 21 diagonales.",
    "Итак, всего можно составить 120 различных слов.",
    "وعليه فإن كل طالب يحصل على 14 قلماً.",
    "इस प्रकार कक्षा में 80 छात्र हैं।",
    "Như vậy, lớp có tất cả 18 học sinh nam.",
    "Dengan demikian, setiap kelompok terdiri dari 8 siswa.",
    "Sonuç olarak 30 farklı maç yapılır.",
    "결론적으로 가능한 경우의 수는 모두 24가지입니다.",
]

KEPT = [
    "En conclusión, cada grupo tiene 15 alumnos.",
    "En conclusión, con 8 grupos de 15 se usan los 120 alumnos.",
]


@pytest.mark.parametrize("closing", OVERRIDDEN)
def test_a_later_conclusion_with_another_value_overrides_the_box(closing: str) -> None:
    got = judge(BOX + closing, "15")
    assert got.verdict.value != "correct", (closing, got.reason)


@pytest.mark.parametrize("closing", KEPT)
def test_a_conclusion_that_restates_or_goes_through_values_keeps_the_box(closing: str) -> None:
    got = judge(BOX + closing, "15")
    assert got.verdict.value == "correct", (closing, got.reason)
