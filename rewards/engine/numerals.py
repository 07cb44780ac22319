r"""Numbers written as words in the lexicon's other languages: a single cardinal word from a language's
``LanguageRows.numbers`` row ("doce", "zwölf", "двенадцать"), two of them joined by a hyphen where the
language adds them ("dix-sept", "vingt-deux"), and Chinese / Japanese numerals ("十二", "二十五", "一百零五").
English words are :mod:`.numwords`' grammar.

>>> word_number("Doce"), word_number("vingt-deux"), word_number("quatre-vingt-dix"), word_number("cent-deux-trois")
(12, 22, 90, None)
>>> cjk_number("十二"), cjk_number("二十五"), cjk_number("一百零五"), cjk_number("两千"), cjk_number("十二三")
(12, 25, 105, 2000, None)
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from functools import cache, lru_cache

from rewardcheck.rewards.cache_bounds import TOKEN_TEXTS

from .lexicon import LANGUAGE_ROWS, WordClass

__all__ = [
    "word_number",
    "cjk_number",
    "cjk_value",
    "part_of_value",
    "cjk_scaled",
    "CJK_NUMERALS",
    "MYRIADS",
    "PLACE_SIGNS",
    "MAX_PLACES_CHARS",
    "NOT_PLACES",
    "decimal_text",
    "number_languages",
    "han_reading",
    "suffixed_number",
]

_CJK_DIGITS = {"零": 0, "〇": 0, "一": 1, "二": 2, "两": 2, "兩": 2, "三": 3, "四": 4, "五": 5, "六": 6}
_CJK_DIGITS |= {"七": 7, "八": 8, "九": 9}
_CJK_UNITS = {"十": 10, "百": 100, "千": 1000}
_CJK_MYRIAD = {"万": 10_000, "萬": 10_000, "亿": 10**8, "億": 10**8}
CJK_NUMERALS = frozenset(_CJK_DIGITS) | frozenset(_CJK_UNITS) | frozenset(_CJK_MYRIAD)
# Korean writes the same places in Hangul after digits ("1만 2천" is 12,000, "3억" is 300,000,000); "조"
# (a trillion, and a team or group: "1조") is left out
_HANGUL_PLACES = {"십": "十", "백": "百", "천": "千", "만": "万", "억": "億"}
_HANGUL_TO_HAN = str.maketrans(_HANGUL_PLACES)
MYRIADS = frozenset(_CJK_MYRIAD) | {"만", "억"}  # written after digits too: "3.5万" is 35,000
# the place signs written after digits ("1万2千" is 12,000, "2億5000万" is 250,000,000)
_PLACES = _CJK_UNITS | _CJK_MYRIAD | {"兆": 10**12}
PLACE_SIGNS = frozenset(_PLACES) | frozenset(_HANGUL_PLACES)
# words that open with a place sign but write none after a number ("5만큼": as much as 5)
# a place sign that opens another word: "만큼" (as much as); "千" as the SI prefix kilo ("2.6千克" is 2.6 kg,
# "5千米" 5 km, "3千瓦" 3 kW), not a thousand
NOT_PLACES = ("만큼", "千克", "千米", "千瓦", "千卡", "千焦", "千帕", "千赫", "千伏", "千兆", "千字节")
MAX_PLACES_CHARS = 80  # "2億5000万3千" is short: a longer run is no one number written with places


@cache
def _table() -> dict[str, dict[str, int]]:
    """Each number word with its value per language (casefolded)."""
    out: dict[str, dict[str, int]] = {}
    for language, rows in LANGUAGE_ROWS.items():
        for word, value in rows.numbers.items():
            out.setdefault(word.casefold(), {})[language] = value
    return out


def number_languages(word: str) -> frozenset[str]:
    """The languages whose number row holds ``word`` (any case), or that write it in Han numerals' letters."""
    found = frozenset(_table().get(word.casefold(), {}))
    if found or len(word) < MIN_HAN_READING:
        return found
    return frozenset(lang for lang, _ in _han_tables() if han_reading(word, frozenset({lang})) is not None)


@cache
def _suffixes() -> tuple[tuple[int, dict[str, frozenset[str]]], ...]:
    """Each language's number suffixes (``LanguageRows.number_suffixes``) by length, longest first: a word's
    ending is looked up once per length, never tried against every suffix."""
    by_length: dict[int, dict[str, set[str]]] = {}
    for lang, rows in LANGUAGE_ROWS.items():
        for suffix in rows.number_suffixes:
            s = suffix.casefold()
            by_length.setdefault(len(s), {}).setdefault(s, set()).add(lang)
    return tuple(
        (n, {s: frozenset(langs) for s, langs in table.items()})
        for n, table in sorted(by_length.items(), reverse=True)
    )


@lru_cache(maxsize=TOKEN_TEXTS)  # asked of every word of a statement; words repeat
def suffixed_number(word: str) -> tuple[int, str] | None:
    """A number word with a suffix of its own language written onto it ("yedidir", "일곱입니다"): its value and
    the number word without the suffix, or ``None``; the stem must be a number of the suffix's language
    ("birlikte" is no "bir").

    >>> suffixed_number("yedidir"), suffixed_number("일곱입니다"), suffixed_number("열둘이다")
    ((7, 'yedi'), (7, '일곱'), (12, '열둘'))
    >>> suffixed_number("birlikte"), suffixed_number("yedi"), suffixed_number("sietedir")
    (None, None, None)
    """
    w = word.casefold()
    for n, table in _suffixes():
        languages = table.get(w[-n:]) if len(w) > n else None
        if languages is not None:
            value = _value(w[:-n], languages)
            if value is not None:
                return value, word[: len(word) - n]
    return None


def word_number(word: str, languages: frozenset[str] | None = None) -> int | None:
    """The value of one number word (or two joined by a hyphen, added: "dix-sept"), in one of ``languages``
    (any language when ``None``); ``None`` when it is none, or the languages give it different values."""
    if "-" in word:  # a hyphenated number of a language's row ("soixante-douze", "quatre-vingt-dix-neuf")
        whole = _value(word.casefold(), languages)
        if whole is not None:
            return whole
    parts = word.casefold().split("-")
    if len(parts) > 2 or not all(parts):
        return None
    values = [_value(p, languages) for p in parts]
    if any(v is None for v in values):
        return None
    if len(values) == 2:
        a, b = values
        assert a is not None and b is not None
        return a + b if a >= 10 and a % 10 == 0 and b < 10 or (a == 10 and b < 10) else None
    return values[0]


def _value(word: str, languages: frozenset[str] | None) -> int | None:
    found = {v for lang, v in _table().get(word, {}).items() if languages is None or lang in languages}
    if not found:
        return han_reading(word, languages)
    return found.pop() if len(found) == 1 else None


MIN_HAN_READING = 2  # numerals in a run read as Han: a lone Sino-Korean digit is a common word ("이": this)


def han_reading(text: str, languages: frozenset[str] | None = None) -> int | None:
    """A number written in a language's letters for Han numerals (``LanguageRows.han_numerals``), its words
    spaced or not: read as the Han numerals ("이천삼백" is 2,300, "삼만 이천" is 32,000); a myriad with no digit
    before it counts one ("만 이천" is 12,000), as these languages write it.

    >>> han_reading("이천삼백"), han_reading("삼만 이천"), han_reading("만 이천"), han_reading("이"), han_reading("이것")
    (2300, 32000, 12000, None, None)
    """
    letters = text.replace(" ", "")
    if len(letters) < MIN_HAN_READING or len(letters) > MAX_PLACES_CHARS:
        return None
    for language, table in _han_tables():
        if languages is not None and language not in languages:
            continue
        if all(ch in table for ch in letters):
            han: list[str] = []
            for ch in letters:
                numeral = table[ch]
                if numeral in _CJK_MYRIAD and (not han or han[-1] in _CJK_MYRIAD):
                    han.append("一")
                han.append(numeral)
            return cjk_number("".join(han))
    return None


@cache
def _han_tables() -> tuple[tuple[str, Mapping[str, str]], ...]:
    return tuple(
        (lang, rows.han_numerals) for lang, rows in sorted(LANGUAGE_ROWS.items()) if rows.han_numerals
    )


def cjk_scaled(s: str) -> str | None:
    r"""Digits with the place signs written after them, as the number they write (``3.5万`` -> ``35000``,
    ``2 亿``, ``1万2千`` -> ``12000``, ``2億5000万`` -> ``250000000``), or ``None``: places must fall from left
    to right, and a place below a myriad needs its digits.

    >>> cjk_scaled("3.5万"), cjk_scaled("2 亿"), cjk_scaled("1.2億"), cjk_scaled("万"), cjk_scaled("x万")
    ('35000', '200000000', '120000000', None, None)
    >>> cjk_scaled("1万2千"), cjk_scaled("2億5000万"), cjk_scaled("3千5百"), cjk_scaled("1万2000"), cjk_scaled("2万3万")
    ('12000', '250000000', '3500', '12000', None)
    >>> cjk_scaled("1만 2천"), cjk_scaled("3억 5000만"), cjk_scaled("2천")
    ('12000', '350000000', '2000')
    """
    if len(s) > MAX_PLACES_CHARS:
        return None  # no int() of a pumped run of digits
    s = s.translate(_HANGUL_TO_HAN)
    if not any(ch in _PLACES for ch in s):
        return None  # no place sign
    pieces = _place_pieces(s.replace(" ", ""))
    if not pieces or isinstance(pieces[0], str) or all(not isinstance(p, str) for p in pieces):
        return None
    total, section, pending = Fraction(0), Fraction(0), None
    last_small, last_myriad = 10**13, 10**13
    for p in pieces:
        if not isinstance(p, str):
            if pending is not None:
                return None  # two numbers side by side
            pending = p
            continue
        place = _PLACES[p]
        if p in _CJK_UNITS:
            if pending is None or place >= last_small:
                return None
            section, pending, last_small = section + pending * place, None, place
        else:
            section += pending or 0
            if section == 0 or place >= last_myriad:
                return None
            total, section, pending, last_small, last_myriad = (
                total + section * place,
                Fraction(0),
                None,
                10**13,
                place,
            )
    total += section + (pending or 0)
    return decimal_text(total)


def _place_pieces(t: str) -> list[Fraction | str] | None:
    """``t`` as numbers (digits, one decimal point) and place signs, in order; ``None`` if anything else."""
    out: list[Fraction | str] = []
    i = 0
    while i < len(t):
        if t[i] in _PLACES:
            out.append(t[i])
            i += 1
            continue
        j = i
        while j < len(t) and t[j].isascii() and (t[j].isdigit() or t[j] == "."):
            j += 1
        number = t[i:j]
        if not number or number.count(".") > 1 or not number.strip(".") or number[0] == ".":
            return None
        out.append(Fraction(number))
        i = j
    return out


def decimal_text(v: Fraction) -> str | None:
    """``v`` as an integer or a terminating decimal, ``None`` when it does not terminate (a denominator with a
    prime factor other than 2 and 5).

    >>> decimal_text(Fraction(7, 2)), decimal_text(Fraction(-1, 8)), decimal_text(Fraction(12)), decimal_text(Fraction(1, 3))
    ('3.5', '-0.125', '12', None)
    """
    if v.denominator == 1:
        return str(v.numerator)
    rest, twos, fives = v.denominator, 0, 0
    while rest % 2 == 0:
        rest, twos = rest // 2, twos + 1
    while rest % 5 == 0:
        rest, fives = rest // 5, fives + 1
    if rest != 1:
        return None
    places = max(twos, fives)
    whole, part = divmod(abs(v.numerator) * 10**places // v.denominator, 10**places)
    text = f"{whole}.{str(part).rjust(places, '0').rstrip('0')}"
    return f"-{text}" if v < 0 else text


def cjk_value(s: str) -> str | None:
    r"""A run of Chinese / Japanese numerals as a value: an integer, a fraction written denominator first
    (:func:`part_of_value`), or a percentage "百分之Y".

    >>> cjk_value("四分之三"), cjk_value("百分之五十"), cjk_value("十二"), cjk_value("分之三"), cjk_value("六分の一")
    ('\\frac{3}{4}', '50\\%', '12', None, '\\frac{1}{6}')
    """
    if _part_of_joiner(s) is not None:
        return part_of_value(s)
    n = cjk_number(s)
    return None if n is None else str(n)


MAX_PART_DIGITS = 12  # a side of a fraction in digits: no int() of a pumped run


def part_of_value(s: str) -> str | None:
    r"""A fraction written denominator first with a part-of word of the lexicon (``WordClass.PART_OF``: "分之",
    "分の", "분의"), each side in digits, Han numerals or a language's letters for them, as
    ``\frac{numerator}{denominator}``; a hundredth part is a percent ("百分之五十").

    >>> part_of_value("3分之2"), part_of_value("三分の二"), part_of_value("3분의 2"), part_of_value("삼분의 이")
    ('\\frac{2}{3}', '\\frac{2}{3}', '\\frac{2}{3}', '\\frac{2}{3}')
    >>> part_of_value("百分之五十"), part_of_value("分之三"), part_of_value("3分之"), part_of_value("0분의 1")
    ('50\\%', None, None, None)
    """
    joiner = _part_of_joiner(s)
    if joiner is None:
        return None
    whole, _, part = s.partition(joiner)
    d, n = _part_side(whole), _part_side(part)
    if d is None or n is None or d == 0:
        return None
    return f"{n}\\%" if d == 100 else f"\\frac{{{n}}}{{{d}}}"


def _part_of_joiner(s: str) -> str | None:
    return next((j for j in _part_of_joiners() if j in s), None)


@cache
def _part_of_joiners() -> tuple[str, ...]:
    joiners = {p for rows in LANGUAGE_ROWS.values() for p in rows.phrases(WordClass.PART_OF)}
    return tuple(sorted(joiners, key=lambda p: (-len(p), p)))


def _part_side(s: str) -> int | None:
    """One side of a fraction written denominator first: digits, Han numerals, or a language's letters for
    them (a lone Sino-Korean letter is a numeral here: "삼분의 이")."""
    s = s.strip()
    if not s or len(s) > MAX_PART_DIGITS:
        return None
    if s.isdigit():
        return int(s) if s.isascii() else None
    n = cjk_number(s)
    if n is not None:
        return n
    for _, table in _han_tables():
        if all(ch in table for ch in s):
            return cjk_number("".join(table[ch] for ch in s))
    return None


def cjk_number(s: str) -> int | None:
    """The value of a run of Chinese / Japanese numerals, read by place (``None`` when the run is not one
    number: "十二三" is "twelve or thirteen")."""
    if not s or any(ch not in CJK_NUMERALS for ch in s):
        return None
    total, section, digit, seen_digit = 0, 0, None, False
    last_unit = 10**9
    for ch in s:
        if ch in _CJK_DIGITS:
            if digit is not None and not (digit == 0 or _CJK_DIGITS[ch] == 0):
                return None  # two digits side by side: a range or a list, not one number
            digit, seen_digit = _CJK_DIGITS[ch], True
        elif ch in _CJK_UNITS:
            unit = _CJK_UNITS[ch]
            if unit >= last_unit:
                return None
            section += (1 if digit is None else digit) * unit
            digit, last_unit = None, unit
        else:
            total += (section + (digit or 0)) * _CJK_MYRIAD[ch]
            section, digit, last_unit = 0, None, 10**9
    if not seen_digit and not section and not total:
        return None
    return total + section + (digit or 0)
