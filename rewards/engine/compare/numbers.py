r"""Number shapes the compare rows test: a number gold, an integer of any length, unit text, a decimal comma.

>>> from ..gold import parse_gold
>>> number_gold(parse_gold("1,000")), number_gold(parse_gold("-2,1")), digits("+007"), is_integer("-12")
(True, False, '7', True)
>>> comma_decimal("3,5", parse_gold("3.5")), comma_decimal("1,000", parse_gold("1000.5"))
('3.5', None)
>>> comma_decimal_gold("1.22", parse_gold("1,22"))
True
>>> as_written("76,7\\%", parse_gold("76.7")), as_written("\\approx 28.26", parse_gold("28.26"))
(True, True)
>>> as_written("0.33", parse_gold("\\frac{1}{3}")), as_written("28.3", parse_gold("28.26"))
(False, False)
"""

from __future__ import annotations

from rewardcheck.rewards import rx

from ..exact import exact_value, integer_digits
from ..gold import GoldParse
from ..lexicon import WordClass, phrases
from ..text import normalise

__all__ = [
    "MAX_INTEGER_DIGITS",
    "as_written",
    "THOUSANDS",
    "UNIT_TEXT",
    "braced_decimals",
    "comma_decimal",
    "comma_decimal_gold",
    "named_value",
    "digits",
    "grouped_readings",
    "percent_values",
    "is_integer",
    "number_gold",
]

MAX_INTEGER_DIGITS = 100_000
THOUSANDS = rx.compile(r"[-+]?[1-9]\d{0,2}(?:,\d{3})+(?:\.\d+)?")  # never a lead zero: "0,125" is a decimal
UNIT_TEXT = rx.compile(
    r"\^\s*\{?\s*(?:\\mathrm\{|\\text\{)?\s*(?:st|nd|rd|th)\s*\}?\s*\}?|\\(?:text|mbox|mathrm|textnormal|textbf)\{[^{}\d]*\}|\^\s*\{?\s*\\circ\s*\}?|°|\\%|%|\\\$|\$"
)
_COMMA_DECIMAL = rx.compile(r"(-?\d+)(?:\{,\}|,)(\d{1,2}|\d{4,})")
# a number in groups of three: its group separator, then an optional decimal part ("1.234.567", "1'234,5",
# "1 250", "12{,}500.75"); which separator is which is decided by the gold (:func:`grouped_readings`)
_GROUPED = rx.compile(r"([-+]?)(\d{1,3})((?:(?:\.|,|\{,\}|'|’|\s|\\,|\\ |~)\d{3})+)(?:(\.|,|\{,\})(\d+))?")
_PERCENT = rx.compile(r"\s*([-+]?\d[\d.,{}'’\s]*?)\s*(?:\\%|%)\s*")
_PLAIN_COMMA = rx.compile(r"[-+]?\d+(?:\{,\}|,)\d+")


_DECIMAL = rx.compile(r"[-+]?\d{1,30}[.,]\d{1,30}")


def as_written(answer: str, g: GoldParse) -> bool:
    """Is ``answer`` a decimal that is the decimal gold as written, its digits all the same (a decimal comma, a
    percent sign kept or dropped: "76,7%" for 76.7)? An approximate answer is paid only so: "≈ 0.33" states
    the gold 1/3 rounded, "≈ 28,26" states the gold 28.26 itself."""
    if not number_gold(g):
        return False
    answer = answer.strip()
    sign = next((p for p in phrases(WordClass.HEDGE_SYMBOL) if answer.startswith(p)), "")
    plain = [UNIT_TEXT.sub("", normalise(x)).replace(" ", "") for x in (answer[len(sign) :], g.norm)]
    if not all(_DECIMAL.fullmatch(x) for x in plain):
        return False
    a, b = (x.replace(",", ".").lstrip("+") for x in plain)
    return a == b


def is_integer(s: str) -> bool:
    """An integer of at most :data:`MAX_INTEGER_DIGITS` digits, its sign allowed."""
    if len(s) > MAX_INTEGER_DIGITS + 2:
        return False
    found = integer_digits(s)
    return found is not None and len(found) <= MAX_INTEGER_DIGITS


def digits(s: str) -> str:
    """An integer's digits with its sign, no leading zeros and no ``{,}``; ``""`` for zero."""
    s = s.replace("{,}", "").lstrip("+")
    sign = "-" if s.startswith("-") else ""
    digits = s.lstrip("-").lstrip("0") or "0"
    return "" if digits == "0" else sign + digits


def number_gold(g: GoldParse) -> bool:
    """An integer or decimal gold (``1,000`` with its thousands separator too); a list ``-2,1`` is not one."""
    return g.is_number and ("," not in g.norm or THOUSANDS.fullmatch(g.norm) is not None)


def comma_decimal(answer: str, g: GoldParse) -> str | None:
    """``3,5`` (or ``3{,}5``) written for a decimal gold 3.5, ``42,00`` for 42, ``1,2·10³`` for 1200: a decimal
    comma, read as a point; a comma followed by exactly three digits (``1,000``) stays a thousands separator,
    and a list gold keeps commas."""
    if g.multi or not (number_gold(g) or g.norm.endswith("\\%") or exact_value(g.norm) is not None):
        return None  # a number, a percentage, or an exact value ("5/2" answered "2,5")
    norm = named_value(normalise(answer))
    number = norm.removesuffix("\\%").removesuffix("%")  # "37,5 %": a percentage keeps its sign
    m = _COMMA_DECIMAL.fullmatch(number)
    if m is not None:
        return f"{m.group(1)}.{m.group(2)}{norm[len(number) :]}"
    # a decimal comma inside a longer form: a power of ten or a unit after it ("1,2·10³", "-3{,}5\\,^\\circ"),
    # a number gold allowing no list; a comma before exactly three digits stays ambiguous (a thousands group)
    if norm.replace("{,}", ",").count(",") != 1 or any(ch in norm for ch in "()[]"):
        return None  # "1,2,3", "(9,10)": a list, a pair or an interval, no decimal
    out = _COMMA_DECIMAL.sub(lambda x: _point(x, norm), norm)
    return out if out != norm else None


_BRACED = rx.compile(r"(\d+)\{,\}(\d+)")


def braced_decimals(s: str) -> str:
    r"""A comma in braces that can only be a decimal comma is a point, wherever it stands: the digits after it
    are not a group of three, or a lone zero stands before it (``0{,}6 - 0{,}8i`` -> ``0.6 - 0.8i``);
    ``1{,}000`` may be a thousands group and stays for the gold to decide.

    >>> braced_decimals("0{,}6 - 0{,}8i"), braced_decimals("12{,}5 ; 3{,}25"), braced_decimals("1{,}000")
    ('0.6 - 0.8i', '12.5 ; 3.25', '1{,}000')
    >>> braced_decimals("0{,}125"), braced_decimals("x_1 = 1{,}5, x_2 = 2")
    ('0.125', 'x_1 = 1.5, x_2 = 2')
    """
    if "{,}" not in s:
        return s
    return _BRACED.sub(_braced_point, s)


def _braced_point(m: rx.Match) -> str:
    whole, fraction = m.group(1), m.group(2)
    return f"{whole}.{fraction}" if len(fraction) != 3 or whole == "0" else m.group()


def _point(m: rx.Match, text: str) -> str:
    """A decimal comma's number with a point, unless digits run on past the match (``1,2505``'s group)."""
    if m.end() < len(text) and text[m.end()].isdigit() or m.start() > 0 and text[m.start() - 1].isdigit():
        return m.group()
    return f"{m.group(1)}.{m.group(2)}"


def named_value(s: str) -> str:
    """The value a one-letter name is given ("x = 2,5", "P = 0{,}125"), or ``s`` as it is.

    >>> named_value("P = 0{,}125"), named_value("12,5")
    ('0{,}125', '12,5')
    """
    if len(s) > 2 and s[0].isalpha() and s[1:].lstrip().startswith("="):
        return s.split("=", 1)[1].strip()
    return s


def _non_digit_runs(s: str) -> list[str]:
    """The runs of characters other than ASCII digits in ``s``."""
    runs, run = [], ""
    for ch in s:
        if "0" <= ch <= "9":
            if run:
                runs.append(run)
            run = ""
        else:
            run += ch
    return runs + [run] if run else runs


def grouped_readings(answer: str) -> tuple[tuple[str, str], ...]:
    r"""The values a number written in groups of three can spell, each with how it was read: the separator as
    thousands, and, for one group with no decimal part after it, the separator as the decimal point. Which one
    the writer meant depends on the language (``1.250`` is 1250 in German, 1.25 in English); the gold decides.

    >>> grouped_readings("1.250")
    (('1250', "'.' as the thousands separator"), ('1.250', "'.' as the decimal separator"))
    >>> grouped_readings("1.234.567,5")
    (('1234567.5', "'.' as the thousands separator and ',' as the decimal separator"),)
    >>> grouped_readings("1.2.3"), grouped_readings("1,234.567.8")
    ((), ())
    >>> grouped_readings("0,125")
    (('0.125', "',' as the decimal separator"),)
    >>> grouped_readings("1,00,000")
    (('100000', "',' in the Indian grouping (lakh, crore)"),)
    """
    m = _GROUPED.fullmatch(answer.strip())
    if m is None:
        indian = _indian_grouping(answer.strip())
        return ((indian, "',' in the Indian grouping (lakh, crore)"),) if indian else ()
    sign, lead, groups, point, decimals = m.groups()
    separators = {run for run in _non_digit_runs(groups)}
    if len(separators) != 1:
        return ()
    sep = separators.pop()
    if point is not None and point == sep:
        return ()
    whole = sign + lead + groups.replace(sep, "")
    how = f"{sep.strip() or 'a space'!r} as the thousands separator"
    if point is not None:
        return ((f"{whole}.{decimals}", f"{how} and {point!r} as the decimal separator"),)
    # a number in groups never leads with a zero: "0,125" can only be a decimal
    readings = [] if lead.startswith("0") else [(whole, how)]
    if groups.count(sep) == 1 and sep in (".", ",", "{,}"):
        readings.append((f"{sign}{lead}.{groups[len(sep) :]}", f"{sep!r} as the decimal separator"))
    return tuple(readings)


def _indian_grouping(s: str) -> str | None:
    """``1,00,000`` and ``12,34,567.5``: a last group of three, groups of two before it (a lakh, a crore), as
    the number they write; ``None`` for anything else (groups of three are :func:`grouped_readings`' own)."""
    body, point, decimals = s.lstrip("-+").partition(".")
    parts = body.split(",")
    if len(parts) < 3 or (point and not (decimals.isascii() and decimals.isdigit())):
        return None
    lead, middle, last = parts[0], parts[1:-1], parts[-1]
    if not (1 <= len(lead) <= 2 and len(last) == 3 and all(len(p) == 2 for p in middle)):
        return None
    if not all(p.isascii() and p.isdigit() for p in parts):
        return None
    sign = "-" if s.startswith("-") else ""
    return f"{sign}{''.join(parts)}{point}{decimals}"


def percent_values(answer: str) -> tuple[str, ...]:
    r"""The number of a percentage (``12,5 %``, ``1.250\%``) in each local reading; ``()`` when ``answer`` is not a
    number followed by its percent sign.

    >>> percent_values("12,5%"), percent_values(r"12.5\%"), percent_values("12")
    (('12.5',), ('12.5',), ())
    """
    m = _PERCENT.fullmatch(answer)
    if m is None:
        return ()
    number = m.group(1).strip()
    if _PLAIN_COMMA.fullmatch(number) and grouped_readings(number) == ():
        return (number.replace("{,}", ".").replace(",", "."),)
    return tuple(v for v, _ in grouped_readings(number)) or (number,)


def comma_decimal_gold(answer: str, g: GoldParse) -> bool:
    """A gold written with a decimal comma (``1,22``) answered with the decimal point (``1.22``)."""
    m = _COMMA_DECIMAL.fullmatch(g.norm)
    return m is not None and "." in answer and normalise(answer) == f"{m.group(1)}.{m.group(2)}"
