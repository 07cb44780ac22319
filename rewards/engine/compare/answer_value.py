r"""The answer as a value: spelling only, never a comparison. :func:`as_value` is the answer's first spelling
(unicode, an ``\approx`` tail, a repeating decimal); the rest are the rewrite rows of ``rules.RULES``, each
the answer (``Case.answer``) as the rows after it read it.

>>> as_value("\\frac{1}{3} \\approx 0.33", "\\frac{1}{3}"), as_value("0.\\overline{3}", "\\frac{1}{3}")
('\\frac{1}{3}', '\\frac{1}{3}')
>>> as_value("x \\approx 11", "11")
'11'
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from ..choices import without_label
from ..exact import exact_value
from ..forms import (
    canonical,
    chain_value,
    has_equation,
    number_from_words,
    rename_function_variable,
    strip_unit_symbol,
    strip_units,
    tidy,
    unwrapped,
)
from ..gold import GoldStatus
from ..isolation import count
from ..number_phrases import word_scaled
from ..numerals import cjk_scaled
from ..numeric import (
    decimal_point,
    degrees,
    e_notation,
    fullwidth_ascii,
    local_interval,
    named_point,
    percent_first,
    plain_mixed,
    repeating_decimal,
    subscripts_as_latex,
)
from ..text import TEXT_COMMANDS, normalise
from .case import Case
from .numbers import THOUSANDS, braced_decimals, comma_decimal, number_gold
from .text import text_norm_keep

__all__ = [
    "as_value",
    "before_approximation",
    "canonical_form",
    "chained",
    "restated_percent",
    "exact_values",
    "normalised",
    "number_words",
    "point_for_comma",
    "unlabelled",
]


_APPROX_SIGNS = ("\\approx", "≈", "\\simeq")


def before_approximation(answer: str) -> str:
    """``\\frac{1}{3} \\approx 0.33`` states 1/3: what follows a value's ``\\approx`` is its approximation, not
    the answer (an answer that *starts* with ``\\approx`` is a hedge, refused by the reader)."""
    found = [(at, at + len(sign)) for sign in _APPROX_SIGNS if (at := answer.find(sign)) >= 0]
    if not found:
        return answer
    start, end = min(found)
    if not answer[:start].strip(" $=") or start == 0:
        return answer
    before = answer[:start].strip().rstrip("=").strip()
    if _lone_name(before) and answer[end:].strip(" $"):
        return answer[end:].strip(" $")  # "x \approx 11": a name, then the value it is near
    return before


_CONSTANTS = frozenset({"pi", "tau", "e"})  # "\\pi \\approx 3.14" states pi, not 3.14


def _lone_name(text: str) -> bool:
    r"""One letter or Greek command, with a subscript at most (``x``, ``\theta``, ``a_1``, ``x_{n}``).

    >>> _lone_name("x_{n}"), _lone_name("\\theta"), _lone_name("2x"), _lone_name("\\pi")
    (True, True, False, False)
    """
    head, _, sub = text.partition("_")
    head = head.removeprefix("\\")
    word = head.isalpha() and head.isascii() and (len(head) == 1 or text.startswith("\\"))
    return word and head not in _CONSTANTS and (not sub or sub.strip("{}").isalnum())


def _unwrapped(answer: str) -> str:
    """``\\text{12 apples}`` is the number 12 with its unit: a text wrapper around the whole answer that
    opens with a number is taken off (a word answer keeps it)."""
    s = answer.strip()
    for w in TEXT_COMMANDS:
        inner = s[len(w) : -1]
        if s.startswith(w) and s.endswith("}") and "{" not in inner and "}" not in inner:
            head = inner.lstrip()[:1]
            return inner.strip() if head.isdigit() or head in "-−" else answer
    return answer


def as_value(answer: str, gold_text: str) -> str:
    """The answer's text as a value: tidied, before its approximation, a repeating decimal as its fraction
    (unless the gold writes one itself)."""
    answer = before_approximation(tidy(subscripts_as_latex(fullwidth_ascii(_unwrapped(answer)))))
    answer = percent_first(answer) or answer  # "%37,5": the sign first, as Turkish writes it
    answer = local_interval(answer) or answer  # "[1; 4)", "]1 ; 4[": local interval styles
    if gold_text.strip().strip("$ ").startswith("("):  # "A'(-3, 2)", "P(4 | -1)": a named point for a tuple
        answer = named_point(answer) or answer
    # "3.5万", "2 million": digits scaled by a myriad sign or a scale word, unless the gold counts in that unit
    myriad = cjk_scaled(answer)
    scaled = myriad or word_scaled(answer)
    if scaled is not None:
        bare = answer.strip()[:-1].strip() if myriad else answer.strip().rpartition(" ")[0]
        answer = bare if bare == gold_text.strip().strip("$ ") else scaled
    repeating = (
        repeating_decimal(answer) if "\\overline" not in gold_text and "\\bar" not in gold_text else None
    )
    if repeating is not None:  # "0.\overline{3}" is exactly 1/3
        answer = f"\\frac{{{repeating.numerator}}}{{{repeating.denominator}}}"
        if repeating < 0:
            answer = f"-\\frac{{{-repeating.numerator}}}{{{repeating.denominator}}}"
    return answer


def unlabelled(case: Case) -> Case:
    """``(C) 24`` against a gold 24: the value the letter labels."""
    return replace(case, answer=without_label(case.answer))


def braced_point(case: Case) -> Case:
    """``0{,}6 - 0{,}8i``, ``x_1 = 0{,}5``: LaTeX's braced decimal commas are points wherever they stand, for any
    gold (``1{,}000`` stays for the gold to decide: :func:`.numbers.braced_decimals`)."""
    answer = braced_decimals(case.answer)
    return case if answer == case.answer else replace(case, answer=answer, decimal_comma=True)


def laid_out(case: Case) -> Case:
    """``\\therefore x_1 = 1, x_2 = 2``, a ``cases`` block of assignments: the answer without a layout that
    states nothing (:func:`..forms.unwrapped`)."""
    answer = unwrapped(case.answer)
    return case if answer == case.answer else replace(case, answer=answer)


def restated_percent(case: Case) -> Case:
    """For a number gold, a value restated as its percentage, in brackets or as a chain's last member, is the value
    (``0,6 (60%)``, ``0.75（75%）``, ``1/4 = 0,25 = 25 %``): the percentage says the same, no second answer."""
    g = case.gold
    if g.multi or exact_value(g.norm) is None:
        return case
    a = case.answer.strip().replace("٪", "%")
    for opening, closing in (("(", ")"), ("（", "）")):
        if a.endswith(closing) and opening in a:
            i = a.rindex(opening)
            inner = a[i + 1 : -1].strip().lstrip("=").strip()
            if inner.endswith("%") and _percent_of(a[:i], inner[:-1]):
                return replace(case, answer=a[:i].strip())
    members = a.split("=")
    if len(members) > 1 and members[-1].strip().endswith("%"):
        if _percent_of(members[-2], members[-1].strip()[:-1]):
            return replace(case, answer="=".join(members[:-1]).strip())
    return case


def _percent_of(value: str, percent: str) -> bool:
    """Is ``percent`` (the number before a percent sign) a hundred times ``value``, decimal commas read?"""
    last = value.split("=")[-1]  # "1/2 = 0,5 (50%)": the chain's last member
    v, p = exact_value(decimal_point(last.strip())), exact_value(decimal_point(percent.strip()))
    return v is not None and p is not None and v * 100 == p


def chained(case: Case) -> Case:
    """``7^4 = 2401`` states 2401: the last right-hand side is the answer (unless the gold is an equation);
    ``p=3, q=4`` states an ordered pair when the gold is one; a chain that contradicts itself is marked."""
    g = case.gold
    if has_equation(g.expr):
        return case
    stated = chain_value(case.answer)
    if stated is None:
        return replace(case, contradicts=True)
    if stated != case.answer and "," in stated and g.norm.startswith("(") and not stated.startswith("("):
        stated = f"({stated})"
    return replace(case, answer=stated)


def canonical_form(case: Case) -> Case:
    """The answer in canonical form (a mixed number in plain text as its fraction), its function variable
    renamed as the gold's; units dropped where the gold's were, or the gold is a number."""
    g = case.gold
    answer = plain_mixed(case.answer) or case.answer  # "3 1/2" is 7/2: the space is no product
    answer = rename_function_variable(canonical(answer), g.expr)
    if g.units_dropped or number_gold(g):
        answer = strip_units(answer)
    if number_gold(g):
        answer = strip_unit_symbol(answer)
    return replace(case, answer=answer)


def number_words(case: Case) -> Case:
    """For a number gold: ``forty-two`` is a number, ``1,000.0`` has a thousands separator, not a list, and
    ``4.2e3`` is a power of ten."""
    g, answer = case.gold, case.answer
    if not number_gold(g):
        return case
    spelled = number_from_words(text_norm_keep(answer))
    if spelled is not None and not any(ch.isdecimal() for ch in answer):  # no digit
        answer = str(spelled)
    if not g.multi and THOUSANDS.fullmatch(answer.strip()):
        answer = answer.replace(",", "")
    answer = e_notation(answer) or answer  # "4.2e3": a calculator's power of ten
    return replace(case, answer=answer)


def point_for_comma(case: Case) -> Case:
    """``3,5`` for 3.5: compared as the decimal it spells (``Case.decimal_comma`` remembers it)."""
    decimal = comma_decimal(case.answer, case.gold)
    return case if decimal is None else replace(case, answer=decimal, decimal_comma=True)


def normalised(case: Case) -> Case:
    """The answer's normal form (``Case.norm``), which the rows after it compare."""
    return replace(case, norm=normalise(case.answer))


def _exact_or_degrees(norm: str) -> tuple[Fraction | None, bool]:
    """The exact value of ``norm``, or of the angle it writes in degrees (``30^\\circ`` -> 30), and which."""
    value = exact_value(norm)
    if value is not None:
        return value, False
    angle = degrees(norm)
    return angle, angle is not None


def exact_values(case: Case) -> Case:
    """The exact values of answer and gold (``Case.exact``), when both are plain bounded arithmetic; an angle in
    degrees on either side is its number of degrees (``3036^\\circ`` against ``3036``: no sympy for a sign)."""
    g = case.gold
    if g.status is GoldStatus.UNPARSEABLE and not g.norm:
        return case
    exact_gold, gold_angle = _exact_or_degrees(g.norm)
    exact_answer, angle = _exact_or_degrees(case.norm) if exact_gold is not None else (None, False)
    if exact_gold is None or exact_answer is None:
        return case
    count("exact_path")
    return replace(case, exact=(exact_answer, exact_gold), degrees=angle or gold_angle)
