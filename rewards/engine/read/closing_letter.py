"""The choice letter that closes a text's final statement, read when the gold is a letter.

A multiple-choice answer in a language the lexicon lacks has no phrase the finders know ("Odpowiedź: A",
"Správná odpověď je C.", "คำตอบคือข้อ C"): the reader finds no letter in it. A letter gold is evidence that the
task asks for a letter, so a standalone letter that ends the text's final statement is its answer, unless that
statement asks, hedges, negates, addresses the grader or states another value.

>>> closing_letter("Sprawdzając odpowiedzi, tylko C spełnia warunki.\\nPoprawna odpowiedź to C.")
'C'
>>> closing_letter("Czy odpowiedź to C?") is None, closing_letter("Pole wynosi 12 w punkcie C.") is None
(True, True)
"""

from __future__ import annotations

from rewardcheck.rewards.engine.choices import CHOICE_LETTERS, latin_letter
from rewardcheck.rewards.engine.lexicon import WordClass
from rewardcheck.rewards.engine.text import without_injection

from .finders import UNENDORSING
from .tokens import TokenKind
from .window import Window

__all__ = ["closing_letter"]

MAX_TAIL = 400  # the final statement of a text: its last characters are read, in bounded time
_AFTER = frozenset({TokenKind.EMPHASIS, TokenKind.CLOSE, TokenKind.NEWLINE, TokenKind.MATH, TokenKind.TAG})
_BEFORE = frozenset(
    {TokenKind.WORD, TokenKind.CLAUSE_END, TokenKind.OPEN, TokenKind.EMPHASIS, TokenKind.OPERATOR}
)
_VALUES = frozenset({TokenKind.NUMBER, TokenKind.BOX, TokenKind.LATEX})
_DENYING = UNENDORSING | {WordClass.CONDITIONAL, WordClass.GRADER}  # ... or supposes, or addresses a grader


def closing_letter(region: str, listed: frozenset[str] = frozenset()) -> str | None:
    """The standalone choice letter (Latin, or a language's own, as its Latin letter) that ends the final
    statement of ``region``, or ``None``: a question, a statement with a number or another letter in it, or one
    with a lexicon word that denies, hedges, supposes or addresses a grader gives none. A lowercase letter
    counts where the text lists its options (``listed``: "(A) 360° ... (C) 540° ... **Alternativa (c)**")."""
    text = without_injection(
        region
    )  # what the reader does not read (hidden text, an address) gives no letter
    w = Window.of(text, max(0, len(text) - MAX_TAIL))
    t, s = w.tokens, w.structure
    i = t.n - 1
    while i >= 0 and (
        t.kinds[i] in _AFTER or (t.kinds[i] is TokenKind.SENTENCE_END and t.texts[i] in ".。!！")
    ):
        i -= 1
    if i < 1 or t.kinds[i] is not TokenKind.WORD:
        return None
    if t.texts[i] not in CHOICE_LETTERS and not (len(t.texts[i]) == 1 and t.texts[i].upper() in listed):
        return None
    if any(t.texts[k] in "?？؟" for k in range(i + 1, t.n)) or t.kinds[i - 1] not in _BEFORE:
        return None
    first, _ = w.statement_tokens(s.statement[i])
    for k in range(first, i):
        if t.kinds[k] in _VALUES or (t.kinds[k] is TokenKind.WORD and t.texts[k] in CHOICE_LETTERS):
            return None  # "12 w punkcie C", "A lub C": the letter is not the statement's one value
    if any(m.classes & _DENYING for m in w.marks_in(t.starts[first], t.ends[i])):
        return None
    letter = t.texts[i] if t.texts[i] in CHOICE_LETTERS else t.texts[i].upper()
    return latin_letter(letter) or letter
