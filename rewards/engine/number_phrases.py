r"""Several number words of one language read as one number: spaced ("yirmi yedi", "двадцать семь", "dua puluh
tujuh", "vinte e sete", "سبعة وعشرون") or written as one word ("veintisiete", "ventisette", "trentuno",
"siebenundzwanzig"), from the language's ``LanguageRows.numbers`` row and its list joiner ("e", "y", "und",
"و").

One grammar serves every language: tens then ones add (20 7), hundreds then tens or ones add (100 20), a digit
then a hundred or a scale multiplies (2 100, 2 1000), a digit then the multiplying "ten" word multiplies (dua
puluh, hai mươi), a digit then the teen's "ten" word adds and closes the number (dua belas), and ones joined to tens by the language's "and" add in either order (sieben und zwanzig,
سبعة و عشرون). Anything else ("dois e três", "yedi sekiz") is several numbers, not one (``None``).

>>> number_phrase(["yirmi", "yedi"]), number_phrase(["сто", "двадцать", "семь"]), number_phrase(["dua", "puluh", "tujuh"])
(27, 127, 27)
>>> number_phrase(["vinte", "e", "sete"]), number_phrase(["سبعة", "وعشرون"]), number_phrase(["iki", "yüz"])
(27, 27, 200)
>>> number_phrase(["dua", "belas"]), number_phrase(["seratus", "dua", "belas"]), number_phrase(["tiga", "puluh", "dua", "belas"])
(12, 112, None)
>>> number_phrase(["dois", "e", "três"]), number_phrase(["yedi", "sekiz"]), number_phrase(["yedi"])
(None, None, 7)
>>> compound_number("veintisiete"), compound_number("trentuno"), compound_number("siebenundzwanzig")
(27, 31, 27)
>>> compound_number("centoventi"), compound_number("duecento"), compound_number("settembre")
(120, 200, None)
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from fractions import Fraction
from functools import cache, lru_cache
from typing import NamedTuple

from rewardcheck.rewards.cache_bounds import COMPOUND_WORDS

from .lexicon import LANGUAGE_ROWS, WordClass, phrases
from .numerals import decimal_text, han_reading
from .numwords import FRACTIONS, SCALES, number_from_words

__all__ = [
    "number_phrase",
    "compound_number",
    "compound_heads",
    "number_joiner",
    "fraction_phrase",
    "fraction_noun",
    "counted_fraction",
    "scale_word",
    "short_scale_word",
    "short_scaled",
    "word_scaled",
    "MAX_WORDS",
    "MIN_COMPOUND",
]

_VOWELS = frozenset("aeiouàèéìòóù")
MAX_WORDS = 8  # a number phrase longer than this is prose
MIN_COMPOUND = 5  # letters: a shorter word is no compound of two number words
MAX_COMPOUND = 40  # letters: "siebenhundertsiebenundzwanzig" is 29; a longer word is not taken apart (pumped)
MAX_SPLITS = 64  # readings of one word as number words: a real compound has one or two


def _plain(word: str) -> str:
    """``word`` casefolded, without its accents ("dós" -> "dos"): a compound's part loses or gains an accent."""
    decomposed = unicodedata.normalize("NFD", word.casefold())
    return unicodedata.normalize("NFC", "".join(ch for ch in decomposed if not unicodedata.combining(ch)))


@cache
def _numbers(language: str) -> dict[str, int]:
    """The language's number row, casefolded, and again without accents."""
    out: dict[str, int] = {}
    for word, value in LANGUAGE_ROWS[language].numbers.items():
        out.setdefault(_plain(word), value)
        out[word.casefold()] = value
    return out


@cache
def _joiners(language: str) -> tuple[str, ...]:
    """The language's one-word list joiners ("e", "y", "und", "و"): what may join ones to tens."""
    return tuple(p for p in LANGUAGE_ROWS[language].phrases(WordClass.LIST_JOINER) if " " not in p)


def number_joiner(word: str, languages: frozenset[str]) -> bool:
    """Is ``word`` the "and" of one of ``languages``, that may join the parts of a number ("e", "y", "و")?"""
    w = word.casefold()
    return any(w in _joiners(lang) for lang in languages if lang in LANGUAGE_ROWS)


@cache
def _heads() -> frozenset[str]:
    """The first three letters of every number word of every language: a word that starts otherwise is no
    compound, and is not taken apart."""
    return frozenset(w[:3] for lang in LANGUAGE_ROWS for w in _numbers(lang))  # accented and plain forms


def compound_heads(word: str) -> bool:
    """Could ``word`` be a compound of number words (it starts like one)?"""
    head = word[:3].casefold()
    return head in _heads() or (not head.isascii() and _plain(word)[:3] in _heads())


def _word_value(word: str, language: str) -> int | None:
    table = _numbers(language)
    w = word.casefold()
    value = table.get(w)
    if value is None:
        value = table.get(_plain(w))
    return value if value is not None else _compound(w, language)


class Part(NamedTuple):
    """One number word of a phrase: its value, whether the language's "and" came before it, whether it is a
    ten that multiplies the digit before it (``LanguageRows.ten_multipliers``), and whether it is a ten that
    makes a teen of it (``LanguageRows.teen_words``)."""

    value: int
    joined: bool = False
    multiplies: bool = False
    teen: bool = False


def _combine(parts: Sequence[Part]) -> int | None:
    """The number that ``parts`` write, or ``None`` when they write several numbers (see the module doc)."""
    total, current, last = 0, 0, -1
    for value, joined, multiplies, teen in parts:
        if value >= 1000 and _power_of_ten(value):
            total, current = total + (current or 1) * value, 0
        elif value == 100 and 0 <= current < 10:
            current = (current or 1) * 100
        elif value % 100 == 0 and 200 <= value < 1000 and current == 0:
            current = value  # a hundreds word ("doscientos", "двести"), first or after a scale ("dos mil doscientos")
        elif multiplies and 0 < last < 10 and current % 100 == last:
            current += last * 9  # "dua puluh", "seratus dua puluh": the digit before times the ten
        elif teen and 0 < last < 10 and current % 100 == last:
            current, value = current + 10, 10 + last  # "dua belas", "seratus dua belas": a teen, then nothing
        elif last < 0:
            current = value
        elif joined and last < 10 and 20 <= value < 100 and value % 10 == 0 and current == last:
            current += value  # ones and tens: "sieben und zwanzig", "سبعة و عشرون"
        elif value < 10 and last >= 10 and last % 10 == 0 and current % 10 == 0:
            current += value  # tens or hundreds, then ones: 20 7, 100 7, 10 2
        elif 10 <= value < 100 and last % 100 == 0 and current % 100 == 0 and current:
            current += value  # hundreds, then tens: 100 20
        else:
            return None
        last = value
    return total + current


def _power_of_ten(value: int) -> bool:
    return value > 0 and str(value).strip("0") == "1"


def number_phrase(words: Sequence[str], languages: frozenset[str] | None = None) -> int | None:
    """The value of ``words`` (number words of one language, with its "and" between them) read as one number,
    or ``None`` (see the module doc); ``languages`` limits the languages tried."""
    if not words or len(words) > MAX_WORDS:
        return None
    if len(words) > 1 and (han := han_reading(" ".join(words), languages)) is not None:
        return han  # "삼만 이천": spaced by myriads, one number
    for language in sorted(LANGUAGE_ROWS if languages is None else languages & LANGUAGE_ROWS.keys()):
        parts = _parts(words, language)
        if parts is not None:
            value = _combine(parts)
            if value is not None:
                return value
    return None


def _parts(words: Sequence[str], language: str) -> list[Part] | None:
    """Each number word's value with whether the language's "and" stood before it (a word or a prefix:
    "e", "وعشرون"); ``None`` when a word is neither."""
    rows = LANGUAGE_ROWS[language]
    joiners, multipliers, teens = _joiners(language), rows.ten_multipliers, rows.teen_words
    parts: list[Part] = []
    joined = False
    for word in words:
        w = word.casefold()
        if parts and not joined and w in joiners:
            joined = True
            continue
        value = _word_value(w, language)
        if value is None and parts and not joined:
            prefix = next((j for j in joiners if len(w) > len(j) and w.startswith(j)), None)
            value = _numbers(language).get(w[len(prefix) :]) if prefix is not None else None
            joined = value is not None
        if value is None:
            return None
        parts.append(Part(value, joined, w in multipliers, w in teens))
        joined = False
    return None if joined else parts


def compound_number(word: str, languages: frozenset[str] | None = None) -> int | None:
    """A number written as one word of two numbers ("veintisiete", "ventuno", "siebenundzwanzig", "centoventi"),
    or ``None``."""
    for language in sorted(LANGUAGE_ROWS if languages is None else languages & LANGUAGE_ROWS.keys()):
        value = _compound(word.casefold(), language)
        if value is not None:
            return value
    return None


@lru_cache(maxsize=COMPOUND_WORDS)
def _compound(w: str, language: str) -> int | None:
    if not MIN_COMPOUND <= len(w) <= MAX_COMPOUND or w[:3] not in _heads() or not _numbers(language):
        return None
    for parts in _splits(w, language):
        if len(parts) > 1:
            value = _combine(parts)
            if value is not None and value != parts[0].value:
                return value
    return None


@lru_cache(maxsize=COMPOUND_WORDS)
def _splits(w: str, language: str) -> tuple[tuple[Part, ...], ...]:
    """Every way to write ``w`` as number words of the language one after another, each joined to the one
    before by nothing or the language's "and" ("zweihundert|fünf|und|zwanzig", "cento|venti|cinque"); a part
    may lose its last vowel before a vowel ("trent|uno"). Suffixes are memoised: at most ``len(w)`` of them."""
    table = _numbers(language)
    whole = table.get(w, table.get(_plain(w)))
    out: list[tuple[Part, ...]] = [(Part(whole),)] if whole is not None else []
    for k in range(2, len(w) - 1):
        head, rest = w[:k], w[k:]
        first = table.get(head)
        if first is None and rest[0] in _VOWELS:  # "trent" + "uno": the head's last vowel elided
            first = next((table[head + v] for v in "aeio" if head + v in table), None)
        if first is None:
            continue
        for joiner in ("", *_joiners(language)):
            if rest.startswith(joiner) and len(rest) > len(joiner):
                for tail in _splits(rest[len(joiner) :], language):
                    out.append((Part(first), Part(tail[0].value, bool(joiner)), *tail[1:]))
                    if len(out) >= MAX_SPLITS:
                        return tuple(out)
    return tuple(out)


def fraction_noun(word: str, languages: frozenset[str] | None = None) -> int | None:
    """The denominator that ``word`` names after a numerator ("quarters" 4, "tercios" 3, "Viertel" 4), in
    English or one of ``languages``; ``None`` when it names none."""
    w = word.casefold()
    if w in FRACTIONS:
        return FRACTIONS[w]
    found = {
        rows.fractions[w]
        for lang, rows in LANGUAGE_ROWS.items()
        if (languages is None or lang in languages) and w in rows.fractions
    }
    return found.pop() if len(found) == 1 else None


@cache
def indefinite_articles() -> frozenset[str]:
    """The indefinite article of every language of the lexicon, which counts one in front of a fraction's noun
    ("a third", "un tercio", "ein Drittel")."""
    return frozenset(phrases(WordClass.INDEFINITE_ARTICLE)) | frozenset(
        w for rows in LANGUAGE_ROWS.values() for w in rows.words.get(WordClass.INDEFINITE_ARTICLE, ())
    )


def fraction_phrase(words: Sequence[str], languages: frozenset[str] | None = None) -> tuple[int, int] | None:
    """A fraction in words: a numerator in words, then the noun of its denominator ("three quarters",
    "two thirds", "tres cuartos", "drei Viertel"), as (numerator, denominator); ``None`` otherwise.

    >>> fraction_phrase(["three", "quarters"]), fraction_phrase(["tres", "cuartos"]), fraction_phrase(["one", "half"])
    ((3, 4), (3, 4), (1, 2))
    >>> fraction_phrase(["a", "third"]), fraction_phrase(["un", "tercio"])
    ((1, 3), (1, 3))
    >>> fraction_phrase(["quarters"]), fraction_phrase(["three", "apples"])
    (None, None)
    """
    if len(words) < 2:
        return None
    denominator, head = fraction_noun(words[-1], languages), list(words[:-1])
    if denominator is None and len(words) >= 3:  # a noun of two words: "ba phần tư"
        denominator, head = fraction_noun(" ".join(words[-2:]), languages), list(words[:-2])
    if denominator is None:
        return None
    numerator = 1 if len(head) == 1 and head[0].casefold() in indefinite_articles() else None
    if numerator is None:
        numerator = number_from_words(" ".join(head))
    if numerator is None:
        numerator = number_phrase(head, languages)
    if numerator is None or numerator <= 0:
        return None
    return numerator, denominator


def counted_fraction(text: str) -> tuple[int, int] | None:
    """Digits and a fraction noun of any language ("3 quarters", "5 eighths", "3 cuartos"): (numerator,
    denominator). Two readings stand: the fraction 3/4, and three things called quarters (coins, rooms): the
    caller resolves it.

    >>> counted_fraction("3 quarters"), counted_fraction("5 eighths"), counted_fraction("3 apples")
    ((3, 4), (5, 8), None)
    """
    number, _, word = text.strip().partition(" ")
    if not (number.isdigit() and number.isascii()) or not word or " " in word.strip():
        return None
    denominator = fraction_noun(word.strip())
    return (int(number), denominator) if denominator is not None and int(number) > 0 else None


@cache
def _scales() -> dict[str, int]:
    """The scale words of every language ("million", "millones", "Millionen", "миллиона", "juta", "लाख"): a
    number word of a power of ten from a thousand up, with English's, and English's "hundred" ("12 hundred" is
    1,200, as "twelve hundred" is)."""
    out = dict(SCALES, hundred=100)
    for lang in LANGUAGE_ROWS:
        for word, value in _numbers(lang).items():
            short = len(word) <= 3 and word.isascii()  # "mil", "bin": an English unit, a German verb
            if (value >= 1000 and _power_of_ten(value) or value in (10**5, 10**7)) and not short:
                out.setdefault(word, value)
    return out


@cache
def _short_scales() -> dict[str, tuple[int, frozenset[str]]]:
    """The short scale words ("mil" in Spanish and Portuguese, "bin" in Turkish) with their value and the
    languages that write them: read only where one of those languages is evident ("mil" is an English unit,
    "bin" a German verb)."""
    out: dict[str, tuple[int, set[str]]] = {}
    for lang in LANGUAGE_ROWS:
        for word, value in _numbers(lang).items():
            if len(word) <= 3 and word.isascii() and value >= 1000 and _power_of_ten(value):
                out.setdefault(word, (value, set()))[1].add(lang)
    return {w: (v, frozenset(langs)) for w, (v, langs) in out.items()}


def short_scale_word(word: str, languages: frozenset[str] | None = None) -> int | None:
    """The value a short scale word scales a number by, where a language that writes it is among
    ``languages`` (any, with ``None``).

    >>> short_scale_word("mil", frozenset({"es"})), short_scale_word("mil", frozenset({"en"})), short_scale_word("bin")
    (1000, None, 1000)
    """
    found = _short_scales().get(word.casefold())
    if found is None or (languages is not None and not found[1] & languages):
        return None
    return found[0]


def short_scaled(number: str, word: str) -> str:
    """``number`` scaled by the short scale word ``word`` ("3", "mil" -> "3000"; "2,5", "bin" -> "2500").

    >>> short_scaled("3", "mil"), short_scaled("2,5", "bin"), short_scaled("12", "apples")
    ('3000', '2500', '12')
    """
    scale = short_scale_word(word)
    number = _decimal_point(number.strip())
    whole, _, frac = number.partition(".")
    if scale is None or not (whole.isdigit() and (not frac or frac.isdigit())):
        return number
    return decimal_text(Fraction(number) * scale) or number  # a terminating decimal times a power of ten


def scale_word(word: str) -> int | None:
    """The power of ten that ``word`` scales a number by ("million" 1,000,000, "Millionen", "лакх"), or ``None``."""
    return _scales().get(word.casefold())


def _decimal_point(number: str) -> str:
    """A decimal comma before one or two digits as a point ("1,5" -> "1.5"); three digits after a comma group
    thousands and are left to the reader of groups ("1,500 million")."""
    whole, comma, frac = number.partition(",")
    if comma and "." not in number and "," not in frac and 1 <= len(frac) <= 2:
        return f"{whole}.{frac}"
    return number


def word_scaled(s: str) -> str | None:
    """Digits followed by a scale word as the number they write ("2 million" -> "2000000", "1.5 millones" ->
    "1500000"), or ``None``.

    >>> word_scaled("2 million"), word_scaled("1,5 Millionen"), word_scaled("3 лакх"), word_scaled("2 apples")
    ('2000000', '1500000', None, None)
    >>> word_scaled("2,5 млн"), word_scaled("45 тыс.")
    ('2500000', '45000')
    >>> word_scaled("12 hundred")
    '1200'
    """
    number, _, word = s.strip().rstrip(".").rpartition(" ")
    scale = scale_word(word) if number else None
    number = _decimal_point(number.strip())
    whole, _, frac = number.partition(".")
    if (
        scale is None
        or not (whole.isascii() and whole.isdigit())
        or (frac and not (frac.isascii() and frac.isdigit()))
    ):
        return None
    return decimal_text(Fraction(number.strip()) * scale)
