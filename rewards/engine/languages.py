r"""A final-answer region in French, Spanish, German or Chinese read in English: each phrase of the lexicon's
language rows (``lexicon.LANGUAGES``) is replaced by the English phrase it reads as, and Chinese punctuation by
its ASCII form, in one linear pass, so every reader row and stance shape applies in every language.

>>> read_as_english("Donc, la réponse finale est 42.")
'So, the final answer is 42.'
>>> read_as_english("综上，答案是 $7$。")
' in summary ,  the answer is  $7$. '
>>> read_as_english("The answer is 7.")  # English text is left as it is
'The answer is 7.'
>>> read_as_english("La respuesta es 12, no 15."), read_as_english("No, it is 12.")
('The answer is 12, not 15.', 'No, it is 12.')
"""

from __future__ import annotations

from functools import cache, partial

from rewardcheck.rewards import rx

from .lexicon import LANGUAGE_WORDS, LANGUAGES

__all__ = ["read_as_english"]

_PUNCTUATION = {
    "。": ". ",
    "，": ", ",
    "：": ": ",
    "；": "; ",
    "？": "? ",
    "！": "! ",
    "（": "(",
    "）": ")",
    "、": ", ",
}


def _words_pattern(phrases: list[str]) -> rx.Pattern:
    body = "|".join(rx.escape(w).replace("'", "['’]") for w in sorted(phrases, key=lambda w: (-len(w), w)))
    return rx.compile(rf"(?<![\w'’-])(?:{body})(?![\w'’-])", rx.IGNORECASE)


@cache
def _table() -> tuple[dict[str, str], rx.Pattern, rx.Pattern]:
    rows = {written.casefold(): english for rows in LANGUAGES.values() for written, english in rows}
    latin = [w for w in rows if not _cjk(w)]
    cjk = sorted((w for w in rows if _cjk(w)), key=lambda w: (-len(w), w))
    han = rx.compile("|".join(rx.escape(w) for w in cjk) + "|" + "|".join(rx.escape(p) for p in _PUNCTUATION))
    return rows, _words_pattern(latin), han


@cache
def _language_of() -> dict[str, str]:
    return {written.casefold(): lang for lang, rows in LANGUAGES.items() for written, _ in rows}


@cache
def _short(language: str) -> tuple[dict[str, str], rx.Pattern]:
    rows = {w.casefold(): e for w, e in LANGUAGE_WORDS[language]}
    if any(_cjk(w) for w in rows):
        return rows, rx.compile("|".join(rx.escape(w) for w in rows))
    return rows, _words_pattern(list(rows))


def _cjk(s: str) -> bool:
    return any("\u3000" <= c <= "\u9fff" or "\uff00" <= c <= "\uffef" for c in s)


_NON_ASCII = rx.compile(r"[^\x00-\x7f]")


def _english(rows: dict[str, str], written: str) -> str:
    english = rows.get(written.casefold().replace("’", "'"), written)
    return english[:1].upper() + english[1:] if written[:1].isupper() else english


def _short_word(short: dict[str, str], m: rx.Match) -> str:
    written = str(m.group())
    return f" {short[written.casefold()]} " if _cjk(written) else _english(short, written)


def read_as_english(region: str) -> str:
    rows, words, han = _table()
    language_of = _language_of()
    present: set[str] = set()

    def latin(m: rx.Match) -> str:
        present.add(language_of.get(m.group().casefold().replace("’", "'"), ""))
        return _english(rows, m.group())

    def other(m: rx.Match) -> str:
        if m.group() in _PUNCTUATION:
            return _PUNCTUATION[m.group()]
        present.add(language_of.get(m.group(), ""))
        return f" {rows[m.group()]} "

    out = words.sub(latin, region)
    if _NON_ASCII.search(out) is not None:
        out = han.sub(other, out)
    for language in sorted(present & set(LANGUAGE_WORDS)):  # its short words, now that it is known
        short, pattern = _short(language)
        out = pattern.sub(partial(_short_word, short), out)
    return out
