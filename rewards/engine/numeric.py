r"""Numbers the comparison reads in more than one spelling: angles in degrees or radians, mixed numbers,
ratios, and exact answers to a gold that is a rounded decimal. String work and exact arithmetic only.

- :func:`degrees` reads ``120^\circ``, ``120^{\circ}``, ``120°``, ``120 \text{ degrees}`` (exactly).
- :func:`pi_multiple` reads ``\frac{2\pi}{3}``, ``\frac{2}{3}\pi``, ``-\frac{\pi}{6}``, ``3\pi`` as a
  rational multiple of pi.
- :func:`mixed_number` reads ``21 \frac{13}{14}`` (a whole number and a proper fraction) as 307/14.
- :func:`repeating_decimal` reads ``0.\overline{3}``, ``0.1\overline{6}``, ``1.\bar{27}`` as the exact
  fraction (1/3, 1/6, 14/11); :func:`fullwidth_ascii` maps full-width forms (``５``, ``－３``) to ASCII.
- :func:`rounds_to` says whether an exact value, rounded (half up) or cut to the gold's decimals, is the
  gold: ``\frac{20}{3}`` is 6.67; a gold of fewer than three significant digits is never matched this way.

>>> degrees(r"120^\circ"), pi_multiple(r"\frac{2\pi}{3}"), mixed_number(r"21 \dfrac{13}{14}")
(Fraction(120, 1), Fraction(2, 3), Fraction(307, 14))
>>> rounds_to(Fraction(20, 3), "6.67"), rounds_to(Fraction(20, 3), "6.6"), rounds_to(Fraction(2, 7), "0.3")
(True, False, False)
"""

from __future__ import annotations

from decimal import ROUND_DOWN, ROUND_HALF_UP, Decimal, InvalidOperation
from fractions import Fraction

from rewardcheck.rewards import rx

from .exact import exact_value

__all__ = [
    "decimal_point",
    "SUBSCRIPT_DIGITS",
    "subscripts_as_latex",
    "local_interval",
    "named_point",
    "percent_first",
    "e_notation",
    "degrees",
    "pi_multiple",
    "mixed_number",
    "plain_mixed",
    "rounds_to",
    "decimal_gold",
    "repeating_decimal",
    "fullwidth_ascii",
    "MIN_SIGNIFICANT",
]

MIN_SIGNIFICANT = 3  # a rounded gold of 0.3 or 6.7 would match too many wrong values

_DEGREES = rx.compile(
    r"\s*(-?[\d.]+|-?\\frac\{\d+\}\{\d+\})\s*(?:\^\s*\{?\s*\\circ\s*\}?|°|\\degree|"
    r"\\(?:text|mbox|mathrm)\{\s*degrees?\s*\}|\s+degrees?)\s*"
)
_PI = r"\\pi(?![a-zA-Z])"
_PI_MULTIPLE = rx.compile(
    rf"(-)?\s*\\[dt]?frac\{{\s*(\d*)\s*{_PI}\s*\}}\{{\s*(\d+)\s*\}}"  # \frac{2\pi}{3}
    rf"|(-)?\s*\\[dt]?frac\{{\s*(\d+)\s*\}}\{{\s*(\d+)\s*\}}\s*{_PI}"  # \frac{2}{3}\pi
    rf"|(-)?\s*(\d*)\s*{_PI}\s*(?:/\s*(\d+))?"  # 3\pi, \pi/6
)
_MIXED = rx.compile(r"\s*(-)?\s*(\d{1,12})\s*\\[dt]?frac\s*\{\s*(\d{1,12})\s*\}\s*\{\s*(\d{1,12})\s*\}\s*")
_DECIMAL_GOLD = rx.compile(r"\s*(-?\d*\.\d+)\s*(\\%|%)?\s*")


def degrees(s: str) -> Fraction | None:
    """An angle written in degrees, exactly; ``None`` when ``s`` is not one."""
    m = _DEGREES.fullmatch(s[:80])
    return exact_value(m.group(1)) if m is not None else None


def pi_multiple(s: str) -> Fraction | None:
    """``s`` as a rational multiple of pi (``\\frac{2\\pi}{3}`` -> 2/3); ``None`` when it is not one."""
    m = _PI_MULTIPLE.fullmatch(s.strip()[:80])
    if m is None:
        return None
    if m.group(3) is not None:  # the first form (its denominator is never empty)
        minus, num, den = m.group(1), int(m.group(2) or 1), int(m.group(3))
    elif m.group(6) is not None:
        minus, num, den = m.group(4), int(m.group(5)), int(m.group(6))
    else:
        minus, num, den = m.group(7), int(m.group(8) or 1), int(m.group(9) or 1)
    sign = -1 if minus else 1
    return Fraction(sign * num, den) if den else None


def mixed_number(s: str) -> Fraction | None:
    """``21 \\frac{13}{14}`` -> 307/14: a whole number then a proper fraction; ``None`` otherwise."""
    m = _MIXED.fullmatch(s[:80])
    if m is None:
        return None
    return _mixed(bool(m.group(1)), int(m.group(2)), int(m.group(3)), int(m.group(4)))


def _mixed(negative: bool, whole: int, num: int, den: int) -> Fraction | None:
    """``whole`` and the proper fraction ``num/den``, signed; ``None`` when the fraction is not proper."""
    if den == 0 or not 0 < num < den:
        return None
    v = whole + Fraction(num, den)
    return -v if negative else v


def plain_mixed(s: str) -> str | None:
    r"""A mixed number written in plain text (``3 1/2``: a whole number, a space, a proper fraction) as the one
    fraction it writes, ``None`` otherwise: the space is no product, and no thousands group (``31/2``).

    >>> plain_mixed("3 1/2"), plain_mixed("-2 3/4"), plain_mixed("3 5/2"), plain_mixed("31/2")
    ('\\frac{7}{2}', '-\\frac{11}{4}', None, None)
    """
    parts = s[:80].replace("\u00a0", " ").split()
    if len(parts) == 3 and parts[0] in ("-", "−"):
        parts = [parts[0] + parts[1], parts[2]]
    if len(parts) != 2:
        return None
    whole, (num, slash, den) = parts[0].lstrip("-−"), parts[1].partition("/")
    if not all(x.isascii() and x.isdigit() and len(x) <= 12 for x in (whole, num, den)) or not slash:
        return None
    v = _mixed(whole != parts[0], int(whole), int(num), int(den))
    if v is None:
        return None
    return f"{'-' if v < 0 else ''}\\frac{{{abs(v.numerator)}}}{{{v.denominator}}}"


def decimal_gold(norm: str) -> tuple[str, bool] | None:
    """A gold that is a decimal of at least :data:`MIN_SIGNIFICANT` significant digits: (digits, percent)."""
    m = _DECIMAL_GOLD.fullmatch(norm.replace("\\$", "").replace("$", "")[:40])
    if m is None:
        return None
    digits = m.group(1)
    if len(digits.replace("-", "").replace(".", "").lstrip("0")) < MIN_SIGNIFICANT:
        return None
    return digits, m.group(2) is not None


def rounds_to(value: Fraction | Decimal, gold: str) -> bool:
    """``value`` rounded half up, or cut, to the decimals of ``gold`` is ``gold`` (see the module)."""
    try:
        g = Decimal(gold)
    except InvalidOperation:
        return False
    if len(gold.replace("-", "").replace(".", "").lstrip("0")) < MIN_SIGNIFICANT:
        return False
    v = value if isinstance(value, Decimal) else Decimal(value.numerator) / Decimal(value.denominator)
    exponent = g.as_tuple().exponent
    if not isinstance(exponent, int):  # NaN or infinity: no decimals to round to
        return False
    unit = Decimal(1).scaleb(exponent)
    return v.quantize(unit, rounding=ROUND_HALF_UP) == g or v.quantize(unit, rounding=ROUND_DOWN) == g


_REPEATING = rx.compile(
    r"\s*(-?)(\d{0,40})(?:\.|,|\{,\})(\d{0,40})\\(?:overline|bar|dot)\s*\{(\d{1,40})\}\s*"
    r"|\s*(-?)(\d{0,40})(?:\.|,|\{,\})(\d{0,40})\\(?:overline|bar|dot)(\d)\s*"
)  # a decimal comma too ("0,\overline{6}", "0{,}1\overline{6}"): a repeating block follows only a decimal sign


def repeating_decimal(s: str) -> Fraction | None:
    r"""``0.\overline{3}`` -> 1/3: a decimal with a repeating block (``\overline``, ``\bar``, ``\dot``), exactly.

    >>> repeating_decimal(r"0.\overline{3}"), repeating_decimal(r"0.1\overline{6}"), repeating_decimal(r"-1.\bar{27}")
    (Fraction(1, 3), Fraction(1, 6), Fraction(-14, 11))
    >>> repeating_decimal(r"0,\overline{6}"), repeating_decimal(r"0{,}1\overline{6}")
    (Fraction(2, 3), Fraction(1, 6))
    """
    m = _REPEATING.fullmatch(s)
    if m is None:
        return None
    sign, whole, fixed, rep = m.groups()[:4] if m.group(4) is not None else m.groups()[4:]
    value = Fraction(int(whole or "0"))
    if fixed:
        value += Fraction(int(fixed), 10 ** len(fixed))
    value += Fraction(int(rep), (10 ** len(rep) - 1) * 10 ** len(fixed))
    return -value if sign else value


MAX_E_DIGITS = 3  # an exponent of more digits is no measurement: "1e999999" stays text


def e_notation(s: str) -> str | None:
    r"""A number in E notation as a power of ten (``4.2e3`` -> ``4.2 \times 10^{3}``), or ``None``.

    >>> e_notation("4.2e3"), e_notation("-1.5E-3"), e_notation("2e"), e_notation("e3"), e_notation("1.2.3e4")
    ('4.2 \\times 10^{3}', '-1.5 \\times 10^{-3}', None, None, None)
    """
    mantissa, sep, exponent = s.strip().replace("E", "e").partition("e")
    digits = mantissa.lstrip("+-").replace(".", "", 1)
    power = exponent[1:] if exponent[:1] in ("+", "-") else exponent
    if not (sep and digits.isascii() and digits.isdigit() and power.isascii() and power.isdigit()):
        return None
    if len(power) > MAX_E_DIGITS or mantissa.startswith(".") or mantissa.count("-") + mantissa.count("+") > 1:
        return None
    return f"{mantissa} \\times 10^{{{exponent.lstrip('+')}}}"


def percent_first(s: str) -> str | None:
    r"""A percentage written sign first, as Turkish writes it (``%37,5`` -> ``37,5\%``), or ``None``.

    >>> percent_first("%37,5"), percent_first("\\%50"), percent_first("%x"), percent_first("50%")
    ('37,5\\%', '50\\%', None, None)
    """
    t = s.strip()
    number = t.removeprefix("\\%") if t.startswith("\\%") else t.removeprefix("%")
    if number == t:
        return None
    digits = number.strip().lstrip("-").replace(",", "", 1).replace(".", "", 1)
    return f"{number.strip()}\\%" if digits.isascii() and digits.isdigit() else None


_SPACING = rx.compile(r"\\left|\\right|\\[,;:! ]")


def local_interval(s: str) -> str | None:
    r"""An interval written with a semicolon between its ends (where the comma is the decimal mark) or with
    French outward brackets for an open end, as ``(a, b)`` / ``[a, b]``; ``None`` for any other text.

    >>> local_interval("[1; 4)"), local_interval("]1 ; 4["), local_interval("[1,5 ; 4]"), local_interval("]-\\infty, 2]")
    ('[1, 4)', '(1, 4)', '[1.5, 4]', '(-\\infty, 2]')
    >>> local_interval("x \\in [1; 4)"), local_interval("S = ]1 ; 3["), local_interval("[1, 4)"), local_interval("(1; 2; 3)")
    ('x \\in [1, 4)', 'S = (1, 3)', None, None)
    >>> local_interval("S = \\left]-2 \\,;\\, 4\\right]"), local_interval("S = \\,]1, 5]")
    ('S = (-2, 4]', 'S = (1, 5]')
    >>> local_interval("S = (-\\infty; 2] ∪ [5; +\\infty)"), local_interval("(1, 2] ∪ [3, 4)")
    ('S = (-\\infty, 2] \\cup [5, +\\infty)', None)
    """
    t = " ".join(
        _SPACING.sub(" ", s).split()
    )  # "S = \\left]-2 \\,;\\, 4\\right]": sizing and thin spaces say nothing
    for member in ("∈", "\\in ", "="):  # "x ∈ [1; 4)", "S = ]1 ; 3[": the interval after a membership sign
        head, sign, body = t.partition(member)
        named = head.strip().isalpha() and len(head.strip()) <= 2 if member == "=" else bool(head.strip())
        if sign and named and (found := _local_union(body.strip())) is not None:
            return f"{head}{sign}{body[: len(body) - len(body.lstrip())]}{found}"  # its spacing kept
    return _local_union(t)


MAX_UNION_PARTS = 8  # intervals of one union written in a local style


def _local_union(t: str) -> str | None:
    """One interval in a local style, or a union of them ("(−∞; 2] ∪ [5; +∞)"), as ``(a, b)`` joined by
    ``\\cup``; ``None`` where a part is no interval or none is in a local style."""
    parts = [p.strip() for p in t.replace("\\cup", "∪").split("∪")]
    if len(parts) == 1 or len(parts) > MAX_UNION_PARTS:
        return _bracketed_interval(t)
    read = [_bracketed_interval(p) for p in parts]
    if all(r is None for r in read):
        return None
    out = [r if r is not None else p for r, p in zip(read, parts, strict=True)]
    if not all(p[:1] in "([" and p[-1:] in ")]" and p.count(",") == 1 for p in out):
        return None
    return " \\cup ".join(out)


_NAMED_POINT = rx.compile(r"([A-Z](?:'{1,3}|_\{?[0-9A-Za-z]{1,3}\}?)?)\s*\((.{1,200})\)")
_COORDINATE_SEPARATORS = ("\\mid", "|", ";")


def named_point(s: str) -> str | None:
    r"""A point written with its name, as geometry writes it, as the tuple of its coordinates: ``A'(-3, 2)``,
    German ``P(4 | -1)`` and ``P(4 \mid -1)``, ``M(1,5; 2)`` (a semicolon where the comma is the decimal
    mark); ``None`` for any other text (a lowercase name is a function: ``f(2, 3)``).

    >>> named_point("A'(-3, 2)"), named_point("P(4 \\mid -1)"), named_point("M(1,5; 2)"), named_point("f(2, 3)")
    ('(-3, 2)', '(4, -1)', '(1.5, 2)', None)
    >>> named_point("S(2,5 | −1)")
    '(2.5, −1)'
    """
    m = _NAMED_POINT.fullmatch(" ".join(s.split()))
    if m is None:
        return None
    inner = m.group(2)
    sep = next((x for x in _COORDINATE_SEPARATORS if x in inner), ",")
    parts = [p.strip() for p in inner.split(sep)]
    if not 2 <= len(parts) <= 3 or not all(parts) or any(ch in inner for ch in "()[]"):
        return None
    if sep != ",":  # "M(1,5; 2)", "S(2,5 | −1)": with another separator a comma is the decimal mark
        parts = [decimal_point(p) for p in parts]
    return f"({', '.join(parts)})"


def _bracketed_interval(t: str) -> str | None:
    """``t`` (stripped) as an interval in the local styles of :func:`local_interval`, or ``None``."""
    if len(t) < 5 or t[0] not in "[](" or t[-1] not in "[])":
        return None
    inner = t[1:-1]
    outward = t[0] == "]" or t[-1] == "["
    sep = ";" if ";" in inner else "," if outward else ""
    parts = inner.split(sep) if sep else []
    if len(parts) != 2 or not all(p.strip() for p in parts) or any(ch in inner for ch in "[]()"):
        return None
    ends = [decimal_point(p.strip()) if sep == ";" else p.strip() for p in parts]
    left, right = "(" if t[0] in "](" else "[", ")" if t[-1] in "[)" else "]"
    return f"{left}{ends[0]}, {ends[1]}{right}"


def decimal_point(s: str) -> str:
    """``1,5`` (or ``2{,}5``) -> ``1.5``: a decimal comma (in a text that separates values otherwise)."""
    whole, comma, frac = s.replace("{,}", ",").partition(",")
    return f"{whole}.{frac}" if comma and whole.lstrip("-−").isdigit() and frac.isdigit() else s


SUBSCRIPT_DIGITS = "₀₁₂₃₄₅₆₇₈₉"  # an index written below its name ("x₁"), in Unicode
_SUBSCRIPT_VALUES = {ch: str(n) for n, ch in enumerate(SUBSCRIPT_DIGITS)}


def subscripts_as_latex(s: str) -> str:
    r"""Unicode subscript digits as a LaTeX index (``x₁`` -> ``x_{1}``, ``a₁₂`` -> ``a_{12}``).

    >>> subscripts_as_latex("x₁ = 2, x₂ = -3"), subscripts_as_latex("x_1")
    ('x_{1} = 2, x_{2} = -3', 'x_1')
    """
    if not any(ch in _SUBSCRIPT_VALUES for ch in s):
        return s
    out, run = [], ""
    for ch in s + " ":
        if ch in _SUBSCRIPT_VALUES:
            run += _SUBSCRIPT_VALUES[ch]
            continue
        if run:
            out.append(f"_{{{run}}}")
            run = ""
        out.append(ch)
    return "".join(out)[:-1]


def fullwidth_ascii(s: str) -> str:
    """Full-width ASCII forms (U+FF01..U+FF5E: ``５``, ``－``, ``．``) and the ideographic space as ASCII, the
    NFKC mapping of those characters only (NFKC on everything would also turn ``x²`` into ``x2``)."""
    if not any("\uff01" <= ch <= "\uff5e" or ch == "\u3000" for ch in s):
        return s
    return "".join(
        chr(ord(ch) - 0xFEE0) if "\uff01" <= ch <= "\uff5e" else " " if ch == "\u3000" else ch for ch in s
    )
