"""A closing request for data the problem lacks ("... le périmètre fait 48 cm. Pourriez-vous préciser la
largeur ?") leaves the value before it as data, not an answer, in every language of the lexicon
(WordClass.DATA_REQUEST); a value stated as the answer stays. A value that opens its clause and a negator right
after it ("So 25 can't be it.", "O sea, 40 no cuadra.") is denied, whatever the verb."""

from __future__ import annotations

import pytest
from answer_labels import LABELS
from verdicts import verdict as _verdict

from rewardcheck.rewards.engine.lexicon import LANGUAGE_ROWS, WORDS, WordClass


def _requests(lang: str) -> tuple[str, ...]:
    rows = WORDS if lang == "en" else LANGUAGE_ROWS[lang].words
    return tuple(rows[WordClass.DATA_REQUEST])


DATA = {  # a statement of the problem's data in each language, the value 48 in it
    "en": "We only know that the perimeter is 48 cm.",
    "fr": "On sait seulement que le périmètre fait 48 cm.",
    "de": "Wir wissen nur, dass der Umfang 48 cm beträgt.",
    "es": "Solo sabemos que el perímetro mide 48 cm.",
    "it": "Si sa solo che il perimetro è 48 cm.",
    "pt": "Sabemos apenas que o perímetro mede 48 cm.",
    "ru": "Известно только, что периметр равен 48 см.",
    "ar": "نعلم فقط أن المحيط 48 سم.",
    "hi": "हमें केवल पता है कि परिमाप 48 सेमी है।",
    "vi": "Ta chỉ biết chu vi là 48 cm.",
    "id": "Kita hanya tahu kelilingnya 48 cm.",
    "tr": "Sadece çevrenin 48 cm olduğunu biliyoruz.",
    "ja": "分かっているのは周の長さが48 cmということだけです。",
    "ko": "둘레가 48 cm라는 것만 알고 있습니다.",
    "zh": "我们只知道周长是48厘米。",
}


@pytest.mark.parametrize("lang", sorted(DATA))
def test_a_request_for_data_after_the_value_leaves_no_answer(lang: str) -> None:
    for request in _requests(lang):
        text = f"{DATA[lang]} {request} ?"
        assert _verdict(text, "48") != "correct", text


@pytest.mark.parametrize("lang", sorted(DATA))
def test_a_value_stated_as_the_answer_stays_before_a_request(lang: str) -> None:
    for request in _requests(lang)[:3]:
        text = f"{LABELS[lang]} 48\n{request} ?"
        assert _verdict(text, "48") == "correct", text


def test_without_a_request_the_value_is_read() -> None:
    assert _verdict(DATA["fr"] + " Voulez-vous que je détaille le calcul ?", "48") == "correct"


@pytest.mark.parametrize(
    "text",
    [
        "So 25 can't be it.",
        "25 doesn't work.",
        "O sea, 25 no cuadra.",
        "Quindi 25 non può essere.",
        "Quindi il 25 non lo sottoscrivo.",
        "x = 25 does not work.",
        "그러니까 25은 아니고, 정답은 아직 못 찾았습니다.",
    ],
)
def test_a_negator_right_after_the_subject_value_denies_it(text: str) -> None:
    assert _verdict(text, "25") != "correct", text


@pytest.mark.parametrize(
    "text",
    ["So 25 students did pass.", "The answer is 25, not 26.", "25 not 26", "So 25 is the answer, no doubt."],
)
def test_a_negator_after_a_predicate_or_a_noun_denies_nothing_of_the_value(text: str) -> None:
    assert _verdict(text, "25") == "correct", text
