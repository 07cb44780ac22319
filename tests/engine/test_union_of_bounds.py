"""Inequalities of one name joined by "or" in any language ("x<-1 或 x>3", "x \\le -2 या x \\ge 2") state one
set, their union: compared with an interval-union gold, not refused as two answers to choose from. Two values
of a name joined by "or" ("x = 3 or x = 4") stay alternatives."""

from __future__ import annotations

import pytest

from rewardcheck.rewards.engine import judge

GOLD = "(-\\infty, -1) \\cup (3, +\\infty)"
OTHER = "(-\\infty, -1) \\cup (4, +\\infty)"
_OR = {
    "en": "So the solution set is $x<-1$ or $x>3$.",
    "zh": "故解集为 $x<-1$ 或 $x>3$。",
    "ja": "よって $x<-1$ または $x>3$ である。",
    "fr": "Donc $x<-1$ ou $x>3$.",
    "es": "Por lo tanto, $x<-1$ o $x>3$.",
    "de": "Also gilt $x<-1$ oder $x>3$.",
    "ru": "Итак, $x<-1$ или $x>3$.",
    "hi": "अतः $x<-1$ या $x>3$।",
    "tr": "Sonuç olarak $x<-1$ veya $x>3$.",
}


@pytest.mark.parametrize("lang", sorted(_OR))
def test_bounds_of_one_name_joined_by_or_are_their_union(lang: str) -> None:
    text = _OR[lang]
    assert judge(text, GOLD).verdict.value == "correct", text
    assert judge(text, OTHER).verdict.value == "wrong", text


def test_non_strict_bounds() -> None:
    text = "चिह्न-विश्लेषण से: $x \\le -2$ या $x \\ge 2$।"
    assert judge(text, "(-\\infty, -2] \\cup [2, \\infty)").verdict.value == "correct"
    assert judge(text, "(-\\infty, -2) \\cup (2, \\infty)").verdict.value == "wrong"


@pytest.mark.parametrize(
    "text",
    ["So x = 3 or x = 4.", "So $x<-1$ or $y>3$.", "Either 3 or 4, I am not sure."],
)
def test_other_values_joined_by_or_stay_alternatives(text: str) -> None:
    assert judge(text, "3").verdict.value != "correct", text
