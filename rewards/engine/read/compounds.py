r"""The one value of a compound candidate: how its first and last numbers make it (a new compound is one row of
``FORMS``), with the digits of any script read as ASCII.

>>> from .window import Window
>>> w = Window.of("The trip takes 2 hours and 15 minutes.")
>>> compound_value(w.tokens, w.candidates[-1])
'2.25'
>>> ascii_digits("١٢٫٥")
'12.5'
"""

from __future__ import annotations

import itertools
import unicodedata
from collections.abc import Callable
from decimal import Decimal
from fractions import Fraction

from ..number_phrases import number_phrase, scale_word, short_scaled
from ..numerals import CJK_NUMERALS
from ..numwords import number_from_words
from .finders import Candidate, Compound, mixed_numbers, whole_number_word
from .tokens import TokenKind, Tokens

__all__ = ["FORMS", "ascii_digits", "compound_value"]


def ascii_digits(value: str) -> str:
    """``value`` with the decimal digits of any script as ASCII digits ("٤٢" -> "42", "١٢٫٥" -> "12.5")."""
    if value.isascii():
        return value
    # decimal digits of any script ("٤٢", "४२", "４２"), and the Arabic decimal and group separators ("١٢٫٥",
    # "١٬٢٥٠"); superscripts ("x²") are exponents, not digits
    return "".join(
        str(d)
        if not ch.isascii() and (d := unicodedata.decimal(ch, None)) is not None
        else _ARABIC_SEPARATORS.get(ch, ch)
        for ch in value
    )


# ٬ only ever groups: dropped, no ambiguity; ٪ is the Arabic percent sign
_ARABIC_SEPARATORS = {"\u066b": ".", "\u066c": "", "\u066a": "%"}


def _in_hours(first: str, last: str) -> str:
    """Hours and minutes in hours: a decimal where it ends ("12 h 30 min" is 12.5), else a fraction ("2 h 20
    min" is 7/3)."""
    hours = Fraction(int(first) * 60 + int(last), 60)
    rest = hours.denominator
    for prime in (2, 5):
        while rest % prime == 0:
            rest //= prime
    if rest != 1:
        return f"\\frac{{{hours.numerator}}}{{{hours.denominator}}}"
    return format((Decimal(hours.numerator) / Decimal(hours.denominator)).normalize(), "f")


# how a compound's first and last numbers make its one value (a new compound is one row)
FORMS: dict[Compound, Callable[[str, str], str]] = {
    Compound.RATIO: lambda first, last: f"{first}:{last}",
    Compound.FRACTION: lambda first, last: f"\\frac{{{first}}}{{{last}}}",
    Compound.PART_OF: lambda first, last: f"\\frac{{{last}}}{{{first}}}",  # the denominator first: "4分の3"
    Compound.OPEN_INTERVAL: lambda first, last: f"({first}, {last})",
    Compound.CLOSED_INTERVAL: lambda first, last: f"[{first}, {last}]",
    # a unit and its hundredth: "42 dollars and 5 cents" is 42.05
    Compound.SUBUNIT: lambda first, last: f"{first}.{last.rjust(2, '0')}",
    Compound.DURATION: _in_hours,
    Compound.SCALED: short_scaled,  # "3 mil" is 3000: the finder read the word in a language that writes it
    Compound.HALF: lambda first, last: (
        first
    ),  # "two and a half", "2時間半": 2.5 (compound_value reads the span)
}


def _worded(tokens: Tokens, c: Candidate) -> str:
    """A one-word number with a fraction, times the scale word after it ("डेढ़ लाख" is 150000), or half an hour."""
    value = mixed_numbers().get(tokens.texts[c.first].casefold())
    if value is None:
        return "0.5"  # "half an hour", "полчаса", "半小时"
    scale = scale_word(tokens.texts[c.last]) if c.last > c.first else None
    return value if scale is None else format((Decimal(value) * scale).normalize(), "f")


_PARTS = {Compound.HALF: "5", Compound.QUARTER: "25", Compound.THREE_QUARTERS: "75"}  # the decimals each adds


def _plus_part(whole: str, decimals: str) -> str:
    """The whole number a compound opens with ("2時間半", "两个半", "twenty two and a half"), plus its part."""
    digits = len(whole) - len(whole.lstrip("0123456789"))
    if digits:
        return f"{whole[:digits]}.{decimals}"
    numeral = "".join(itertools.takewhile(lambda ch: ch in CJK_NUMERALS, whole))
    words = list(itertools.takewhile(lambda w: whole_number_word(w) is not None, whole.split()))
    value = whole_number_word(numeral) if numeral else _words_value(words)
    return f"{value}.{decimals}" if value is not None else whole


def _words_value(words: list[str]) -> int | None:
    if len(words) == 1:
        return whole_number_word(words[0])
    if not words:
        return None
    phrase = " ".join(words).casefold()
    return number_phrase(words) or (number_from_words(phrase) if phrase.isascii() else None)


def compound_value(tokens: Tokens, c: Candidate) -> str:
    """The one value of a candidate's two numbers: "2 to 3" is 2:3, "42 dollars and 50 cents" is 42.50, "von -1
    bis 4" in an open interval is (-1, 4)."""
    if c.compound in _PARTS:  # a number in digits or words, maybe inside a token: the span is read
        return _plus_part(ascii_digits(tokens.source[c.start : c.end]), _PARTS[c.compound])
    if c.compound is Compound.WORDED:
        return _worded(tokens, c)
    if c.compound is Compound.ZERO:
        return "0"
    sign = tokens.texts[c.first] if tokens.kinds[c.first] is not TokenKind.NUMBER else ""  # "-1"
    first = sign + ascii_digits(tokens.texts[c.first + 1 if sign else c.first])
    last = ascii_digits(tokens.texts[c.last])
    return FORMS[c.compound](first, last)
