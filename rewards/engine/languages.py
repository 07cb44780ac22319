r"""A final-answer region in French, Spanish, German or Chinese read in English: each phrase of the lexicon's
language rows (``lexicon.LANGUAGES``) is replaced by the English phrase it reads as, and Chinese punctuation by
its ASCII form, in one linear pass, so every reader row and stance shape applies in every language.

>>> read_as_english("Donc, la réponse finale est 42.")
'So, the final answer is 42.'
>>> read_as_english("综上，答案是 $7$。")
' in summary ,  the answer is  $7$. '
>>> read_as_english("The answer is 7.")  # English text is left as it is
'The answer is 7.'
"""

from __future__ import annotations

from functools import cache

from rewardcheck.rewards import rx

from .lexicon import LANGUAGES

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


@cache
def _table() -> tuple[dict[str, str], rx.Pattern, rx.Pattern]:
    rows = {written.casefold(): english for rows in LANGUAGES.values() for written, english in rows}
    latin = sorted((w for w in rows if w.isascii() or not _cjk(w)), key=lambda w: (-len(w), w))
    cjk = sorted((w for w in rows if _cjk(w)), key=lambda w: (-len(w), w))
    body = "|".join(rx.escape(w).replace("'", "['’]") for w in latin)
    words = rx.compile(rf"(?<![\w'’-])(?:{body})(?![\w'’-])", rx.IGNORECASE)
    han = rx.compile("|".join(rx.escape(w) for w in cjk) + "|" + "|".join(rx.escape(p) for p in _PUNCTUATION))
    return rows, words, han


def _cjk(s: str) -> bool:
    return any("\u3000" <= c <= "\u9fff" or "\uff00" <= c <= "\uffef" for c in s)


_NON_ASCII = rx.compile(r"[^\x00-\x7f]")


def _english(rows: dict[str, str], written: str) -> str:
    english = rows.get(written.casefold().replace("’", "'"), written)
    return english[:1].upper() + english[1:] if written[:1].isupper() else english


def read_as_english(region: str) -> str:
    rows, words, han = _table()
    out = words.sub(lambda m: _english(rows, m.group()), region)
    if _NON_ASCII.search(out) is None:
        return out
    return han.sub(lambda m: _PUNCTUATION.get(m.group()) or f" {rows[m.group()]} ", out)
