"""A closing statement that says a step of the working is still to do ("Für den Flächeninhalt fehlt jetzt nur
noch die Multiplikation.", "Теперь осталось прибавить ...", WordClass.PENDING) leaves the value before it an
intermediate one, in every language of the lexicon; a value stated as the answer stays. A closing statement
that says the working must be checked again before an answer (WordClass.REDO) leaves none either."""

from __future__ import annotations

import pytest
from answer_labels import LABELS
from verdicts import verdict as _verdict

from rewardcheck.rewards.engine.lexicon import LANGUAGE_ROWS, WORDS, WordClass

VALUES = {  # a statement of an intermediate value 18, in each language
    "en": "So far the perimeter is 18 cm.",
    "fr": "Le périmètre vaut donc 18 cm.",
    "de": "Der Umfang beträgt also 18 cm.",
    "es": "El perímetro es entonces 18 cm.",
    "it": "Il perimetro è quindi 18 cm.",
    "pt": "O perímetro é então 18 cm.",
    "ru": "Периметр равен 18 см.",
    "zh": "周长是18厘米。",
    "ja": "周の長さは18 cmです。",
    "ko": "둘레는 18 cm입니다.",
    "ar": "المحيط يساوي 18 سم.",
    "hi": "परिमाप 18 सेमी है।",
    "vi": "Chu vi là 18 cm.",
    "id": "Kelilingnya 18 cm.",
    "tr": "Çevre 18 cm oldu.",
}


def _rows(lang: str, word_class: WordClass) -> tuple[str, ...]:
    if lang == "en":
        return tuple(WORDS[word_class])
    rows = LANGUAGE_ROWS[lang]
    return tuple(p for p in rows.words.get(word_class, ()) if p not in rows.gated)


@pytest.mark.parametrize("lang", sorted(VALUES))
def test_a_pending_step_after_the_value_leaves_no_answer(lang: str) -> None:
    for row in _rows(lang, WordClass.PENDING):
        text = f"{VALUES[lang]}\n{row} ..."
        assert _verdict(text, "18") != "correct", text


@pytest.mark.parametrize("lang", sorted(VALUES))
def test_a_value_stated_as_the_answer_stays(lang: str) -> None:
    for row in _rows(lang, WordClass.PENDING)[:2]:
        text = f"{LABELS[lang]} 18\n{row} ..."
        assert _verdict(text, "18") == "correct", text


def test_without_a_pending_step_the_value_is_read() -> None:
    assert _verdict(VALUES["de"] + "\nDas ist das Ergebnis.", "18") == "correct"


@pytest.mark.parametrize(
    "text",
    [
        "Je trouve 75. Il faudrait que je reprenne tout le calcul avant de vous donner une réponse.",
        "Me sale 75. Tendría que repasarlo entero antes de dar un resultado.",
        "Mi viene 75. Dovrei ricontrollare tutto prima di darti un numero affidabile.",
    ],
)
def test_a_check_still_to_do_before_an_answer_leaves_none(text: str) -> None:
    assert _verdict(text, "75") != "correct", text
