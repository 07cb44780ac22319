"""The lexicon's languages (issue 37): French, Spanish, German and Chinese, each class in several wordings.

A closing line, a conclusion, a result verb and a chosen letter are paid in every language; a negated, hedged
or retracted value is not, however it is worded; English text reads as it did (the rows only ever add a
reading). Every completion here states its value without a box, so only the language row can pay it."""

from __future__ import annotations

import pytest

from rewardcheck.rewards.engine import judge
from rewardcheck.rewards.engine.read.marks import find_marks
from rewardcheck.rewards.engine.read.tokens import tokenize

WORK = {
    "fr": "Calculons d'abord 6 fois 7, puis vérifions.",
    "es": "Primero multiplicamos 6 por 7 y comprobamos.",
    "de": "Zuerst rechnen wir 6 mal 7 und prüfen das.",
    "zh": "先计算六乘以七，然后检查。",
}
# (language, class, closing) -> the closing line; each states 42
COMMITTED = {
    "fr": {
        "final": ["La réponse finale est 42.", "Réponse finale : 42", "Le résultat final est 42."],
        "conclusion": [
            "Donc la réponse est 42.",
            "Par conséquent, la réponse est 42.",
            "Ainsi, la réponse est 42.",
        ],
        "result": ["On obtient 42.", "Au total, nous obtenons 42."],
    },
    "es": {
        "final": ["La respuesta final es 42.", "Respuesta final: 42", "El resultado final es 42."],
        "conclusion": [
            "Por lo tanto, la respuesta es 42.",
            "Así que la respuesta es 42.",
            "Entonces la respuesta es 42.",
        ],
        "result": ["Obtenemos 42.", "En total obtenemos 42."],
    },
    "de": {
        "final": ["Die endgültige Antwort ist 42.", "Endgültige Antwort: 42", "Das Endergebnis ist 42."],
        "conclusion": [
            "Also ist die Antwort 42.",
            "Daher ist die Antwort 42.",
            "Somit lautet die Antwort 42.",
        ],
        "result": ["Wir erhalten 42.", "Insgesamt erhalten wir 42."],
    },
    "zh": {
        "final": ["最终答案是 42。", "最终答案：42", "最终答案为42。"],
        "conclusion": ["所以答案是 42。", "因此，答案为 42。", "综上所述，答案是42。"],
        "result": ["一共得到 42。", "结果是 42。"],
    },
}
CHOICES = {
    "fr": ["Je choisis B.", "Je choisis l'option B.", "La bonne réponse est B."],
    "es": ["Elijo B.", "Elijo la opción B.", "La respuesta correcta es B."],
    "de": ["Ich wähle B.", "Die richtige Antwort ist B.", "Die Antwort lautet B."],
    "zh": ["我选 B。", "答案是 B。", "正确答案是B。"],
}
NEGATED = {
    "fr": ["La réponse n'est pas 42.", "Ce n'est pas 42."],
    "es": ["La respuesta no es 42.", "Eso no es 42.", "La respuesta es 40, no 42."],
    "de": ["Die Antwort ist nicht 42.", "Das ist nicht 42.", "Die Antwort ist 40, nicht 42."],
    "zh": ["答案不是 42。", "这不是 42。"],
}
HEDGED = {
    "fr": ["La réponse est peut-être 42.", "La réponse est probablement 42."],
    "es": ["La respuesta es quizás 42.", "La respuesta es tal vez 42."],
    "de": ["Die Antwort ist vielleicht 42.", "Die Antwort ist wahrscheinlich 42."],
    "zh": ["答案可能是 42。"],
}
CORRECTED = {
    "fr": ["La réponse est 40. Attendez, je me suis trompé : la réponse est 42."],
    "es": ["La respuesta es 40. Espera, me equivoqué: la respuesta es 42."],
    "de": ["Die Antwort ist 40. Warte, ich habe mich geirrt: die Antwort ist 42."],
    "zh": ["答案是 40。等等，我错了，答案是 42。"],
}


def verdict(closing: str, gold: str, language: str) -> str:
    return judge(f"<think>{WORK[language]}</think>\n{closing}", gold).verdict.value


def cases(table: dict[str, list[str]] | dict[str, dict[str, list[str]]]) -> list[tuple[str, str]]:
    out = []
    for language, rows in table.items():
        lines = [line for group in rows.values() for line in group] if isinstance(rows, dict) else rows
        out += [(language, line) for line in lines]
    return out


@pytest.mark.parametrize(("language", "closing"), cases(COMMITTED))
def test_a_committed_closing_line_is_paid_in_every_language(language: str, closing: str) -> None:
    assert verdict(closing, "42", language) == "correct", closing
    assert verdict(closing, "41", language) == "wrong", closing


@pytest.mark.parametrize(("language", "closing"), cases(CHOICES))
def test_a_chosen_letter_is_paid_in_every_language(language: str, closing: str) -> None:
    assert verdict(closing, "B", language) == "correct", closing
    assert verdict(closing, "C", language) == "wrong", closing


@pytest.mark.parametrize(("language", "closing"), cases(NEGATED) + cases(HEDGED))
def test_a_negated_or_hedged_value_is_never_paid(language: str, closing: str) -> None:
    assert verdict(closing, "42", language) != "correct", closing


@pytest.mark.parametrize(("language", "closing"), cases(CORRECTED))
def test_a_correction_overrides_the_earlier_value_in_every_language(language: str, closing: str) -> None:
    assert verdict(closing, "42", language) == "correct", closing
    assert verdict(closing, "40", language) != "correct", closing


@pytest.mark.parametrize(
    "text",
    [
        "The answer is 42.",
        "So we get 42; in total 42.",
        "Donner kebab costs $5.",  # "donc" inside a word is not the French row
        "No, it is 12, not 15.",  # a short word of a language is read only where that language is
        "The environment has 3 rooms.",  # "environ" inside a word
    ],
)
def test_english_text_meets_only_english_phrases(text: str) -> None:
    marks = find_marks(tokenize(text))
    assert all("en" in m.languages for m in marks), [(m.phrase, sorted(m.languages)) for m in marks]


def test_every_spaced_phrase_is_found_through_the_pair_index() -> None:
    """The phrase index keyed by a phrase's first two words (a speed-up) finds every phrase of the lexicon as
    its own text, longest first: each spaced phrase, written alone, is one mark with its own classes."""
    from rewardcheck.rewards.engine.read.marks import _spaced_index, phrase_table

    missed = []
    for entries in _spaced_index().values():
        for _, phrase in entries:
            entry = phrase_table()[phrase]
            if entry.gated:
                continue  # found only where its language is evident
            # the whole text is one mark (two spellings of one token run, "réponse:" and "réponse :", are one)
            found = [m for m in find_marks(tokenize(phrase)) if (m.start, m.end) == (0, len(phrase))]
            if not found:
                missed.append(phrase)
    assert not missed, missed[:20]
