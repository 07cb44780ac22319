"""An answer label in each of the 15 languages of the lexicon, for tests that state an answer after one."""

from __future__ import annotations

from rewardcheck.rewards.engine.lexicon import LANGUAGE_ROWS, WORDS, WordClass

LABELS = {
    "en": "Answer:",
    "pt": "Resposta:",
    "es": "Respuesta:",
    "fr": "Réponse :",
    "de": "Antwort:",
    "it": "Risposta:",
    "ru": "Ответ:",
    "zh": "答案：",
    "ja": "答え：",
    "ko": "답:",
    "ar": "الإجابة:",
    "hi": "उत्तर:",
    "vi": "Đáp án:",
    "id": "Jawaban:",
    "tr": "Cevap:",
}


def phrases_of(lang: str, word_class: WordClass) -> tuple[str, ...]:
    """The phrases of ``word_class`` in ``lang`` (English from the lexicon's own rows)."""
    rows = WORDS if lang == "en" else LANGUAGE_ROWS[lang].words
    return tuple(rows[word_class])
