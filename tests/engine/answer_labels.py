"""An answer label in each of the 15 languages of the lexicon, for tests that state an answer after one."""

from __future__ import annotations

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
