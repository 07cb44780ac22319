"""An estimate the text goes on to distrust is no answer, in every language of the lexicon: "about 0.5, but I
would not rely on it" is hedged (a word of ``WordClass.HEDGE``), where "about 0.5" alone is an approximation
credited as written."""

from __future__ import annotations

import pytest
from verdicts import verdict as _verdict

DISTRUSTED = [
    "Roughly I get about 0.5, but the estimate is very rough — I would not rely on it.",
    "It comes to about 0.5, but I wouldn't rely on that.",
    "Навскидку получается около 0,5, но оценка очень грубая — я бы на неё не полагался.",
    "Kabaca hesapladığımda 0,5 civarında bir şey çıkıyor ama bu yaklaşık değere pek güvenmiyorum.",
    "Ça donne environ 0,5, mais je ne m'y fierais pas.",
    "Sale aproximadamente 0,5, pero no me fío de este valor.",
    "Es kommt ungefähr 0,5 heraus, aber ich würde mich nicht darauf verlassen.",
    "Viene circa 0,5, ma non mi fido di questo valore.",
    "Dá cerca de 0,5, mas não confio nesse valor.",
    "대략 0.5 정도가 나오지만, 이 값은 믿을 수 없습니다.",
    "Hasilnya sekitar 0,5, tetapi angka ini tidak bisa diandalkan.",
]


@pytest.mark.parametrize("text", DISTRUSTED)
def test_a_distrusted_estimate_is_no_answer(text: str) -> None:
    assert _verdict(text, "0.5") != "correct", text


@pytest.mark.parametrize(
    "text",
    ["It comes to about 0.5.", "Получается около 0,5.", "Ça donne environ 0,5.", "The answer is 0.5."],
)
def test_an_estimate_alone_is_credited_as_written(text: str) -> None:
    assert _verdict(text, "0.5") == "correct", text
