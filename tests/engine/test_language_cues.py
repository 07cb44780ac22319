"""A text shows its language by its own small words (``LanguageRows.cues``), not only by the lexicon's phrases:
a statement with no listed phrase still has its short joiners and hedges read in its language. Each language
with cue rows is tried on a list joined by its "and" (credited against the list) and on its "or" between two
values (refused as alternatives), with no phrase of its lexicon rows in the statement."""

from __future__ import annotations

import pytest

from rewardcheck.rewards.engine import judge
from rewardcheck.rewards.engine.lexicon import LANGUAGE_ROWS
from rewardcheck.rewards.engine.read.marks import cue_table

# (language, a statement of two roots joined by the language's "and", the same with its "or")
JOINED = [
    ("es", "Las soluciones: x = 2 y x = 3.", "Las soluciones: x = 2 o x = 3."),
    ("fr", "Les racines : x = 2 et x = 3.", "Les racines : x = 2 ou x = 3."),
    ("pt", "As raízes dos dois casos: x = 2 e x = 3.", "As raízes dos dois casos: x = 2 ou x = 3."),
    ("it", "Le radici della equazione: x = 2 e x = 3.", "Le radici della equazione: x = 2 o x = 3."),
    ("vi", "Các nghiệm: x = 2 và x = 3.", "Các nghiệm: x = 2 hoặc x = 3."),
    ("id", "Akar yang kita cari: x = 2 dan x = 3.", "Akar yang kita cari: x = 2 atau x = 3."),
    ("tr", "Bu denklemin kökleri: x = 2 ve x = 3.", "Bu denklemin kökleri: x = 2 veya x = 3."),
]


@pytest.mark.parametrize(("language", "joined", "offered"), JOINED, ids=[j[0] for j in JOINED])
def test_a_cue_word_makes_the_language_evident(language: str, joined: str, offered: str) -> None:
    assert judge(joined, "2, 3").verdict.value == "correct", judge(joined, "2, 3").reason
    assert judge(offered, "3").verdict.value != "correct", offered
    assert language in {lang for w in joined.casefold().split() for lang in cue_table().get(w, ())}


def test_cues_are_words_of_their_language_only() -> None:
    for language, rows in LANGUAGE_ROWS.items():
        for w in rows.cues:
            assert w == w.casefold() and " " not in w, (language, w)
    # a cue two languages share tells neither (read like a shared phrase)
    shared = [w for w, langs in cue_table().items() if len(langs) > 1]
    assert all(len(cue_table()[w]) > 1 for w in shared)
