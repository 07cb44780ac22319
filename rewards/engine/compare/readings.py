r"""Numbers read in a second spelling: a ratio, an angle in degrees or radians, an exact answer for a rounded
decimal gold.

>>> from ..gold import parse_gold
>>> readings("4:2", "4:2", parse_gold("2:1"), None)
(True, 'ratio equal to the gold ratio')
>>> readings("180^\\circ", "180^\\circ", parse_gold("\\pi"), None)
(True, 'the angle in degrees is the gold in radians')
>>> readings("\\frac{20}{3}", "\\frac{20}{3}", parse_gold("6.67"), None)[0]
True
"""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

from rewardcheck.rewards import rx

from ..exact import exact_value
from ..gold import GoldParse
from ..lexicon import WordClass, pattern
from ..lists import ratio_parts
from ..mathcore import parse_value
from ..numeric import decimal_gold, degrees, mixed_number, pi_multiple, rounds_to
from ..prescreen import risk
from .final_form import unsimplified_radical

__all__ = ["readings"]

_CLOCK = rx.compile(r"\s*(?:[01]?\d|2[0-4])\s*:\s*[0-5]\d\s*")
_RATIO_WORDS = pattern(WordClass.RATIO)
_IRRATIONAL = rx.compile(r"\\sqrt|\\pi(?![a-zA-Z])|\\ln|\\log|\be\^")


def _ratio_ok(s: str, prompt: str | None) -> bool:
    """May ``s`` be read as a ratio? With a prompt, when the prompt asks for one; without, unless it reads
    as a clock time (``10:30``)."""
    if prompt:
        return _RATIO_WORDS.search(prompt[-4000:]) is not None
    return _CLOCK.fullmatch(s) is None


def _numeric_value(answer: str, norm_answer: str) -> Fraction | Decimal | None:
    """The exact value of an answer written as a fraction, a mixed number or a radical (not a decimal)."""
    if "." in norm_answer:
        return None
    v = exact_value(norm_answer)
    if v is None:
        v = mixed_number(norm_answer)
    if v is None and _IRRATIONAL.search(norm_answer) and risk(norm_answer) is None:
        parsed = parse_value(answer)
        if parsed.ok:
            try:
                value = parsed.values[0]
                if getattr(value, "is_number", False) and getattr(value, "is_real", False):
                    return Decimal(str(value.evalf(40)))
            except (TypeError, ValueError, ArithmeticError):
                return None
    return v


def readings(answer: str, norm_answer: str, g: GoldParse, prompt: str | None) -> tuple[bool, str] | None:
    """Numbers read in a second spelling: a ratio gold (``2:1`` is 2, and ``4:2``), a ratio answer, an angle
    in degrees for a gold in radians (and back), an exact answer for a rounded decimal gold (``\\frac{20}{3}``
    for 6.67, ``\\frac{1}{15}`` for 6.67\\%). ``(same, why)`` when a reading decides, else ``None``."""
    gold_ratio = ratio_parts(g.expr) if ":" in g.expr or "colon" in g.expr else None
    if gold_ratio is not None and _ratio_ok(g.expr, prompt):
        return _gold_ratio(answer, norm_answer, gold_ratio)
    mine = ratio_parts(answer) if ":" in answer and len(answer) < 60 else None
    value: Fraction | Decimal | None = None
    if mine is not None and len(mine) == 2 and _ratio_ok(answer, prompt):
        value = mine[0] / mine[1]
        exact_gold = exact_value(g.norm)
        if exact_gold is not None and "." not in g.norm:
            same = value == exact_gold
            return same, f"the answer's ratio {'equals' if same else 'differs from'} the gold's value"
    return _angle(answer, norm_answer, g) or _rounded_exact(answer, norm_answer, g, value)


def _gold_ratio(answer: str, norm_answer: str, gold_ratio: tuple[Fraction, ...]) -> tuple[bool, str] | None:
    """A ratio gold: a ratio answer of as many parts, or the ratio's value."""
    mine = ratio_parts(answer) if ":" in answer or "colon" in answer else None
    if mine is not None and len(mine) == len(gold_ratio):
        same = all(a * gold_ratio[0] == b * mine[0] for a, b in zip(mine, gold_ratio, strict=True))
        return same, f"ratio {'equal to' if same else 'different from'} the gold ratio"
    v = exact_value(norm_answer) if len(gold_ratio) == 2 else None
    if v is not None:
        same = v == gold_ratio[0] / gold_ratio[1]
        return same, f"the value of the gold ratio {'is' if same else 'is not'} the answer"
    return None


def _angle(answer: str, norm_answer: str, g: GoldParse) -> tuple[bool, str] | None:
    """An angle in degrees for a gold in radians, or in radians for a gold in degrees."""
    pi_gold = pi_multiple(g.norm) if "\\pi" in g.norm else None
    if pi_gold is not None:
        deg = degrees(answer)
        if deg is not None:
            same = deg == 180 * pi_gold
            return same, f"the angle in degrees {'is' if same else 'is not'} the gold in radians"
    deg_gold = degrees(g.expr) if "circ" in g.expr or "°" in g.expr or "degree" in g.expr else None
    if deg_gold is not None:
        pi_answer = pi_multiple(norm_answer)
        if pi_answer is not None:
            same = 180 * pi_answer == deg_gold
            return same, f"the angle in radians {'is' if same else 'is not'} the gold in degrees"
    return None


def _rounded_exact(
    answer: str, norm_answer: str, g: GoldParse, value: Fraction | Decimal | None
) -> tuple[bool, str] | None:
    """An exact answer (``value``: the answer's ratio, when it is one) that rounds to a decimal gold."""
    decimal = decimal_gold(g.norm)
    if decimal is None:
        return None
    digits, percent = decimal
    text = norm_answer
    answer_percent = text.endswith("\\%") or text.endswith("%")
    if answer_percent:
        text = text.rstrip("%").removesuffix("\\").strip()
    if value is None:
        value = _numeric_value(answer if not answer_percent else text, text)
    if value is not None and unsimplified_radical(text) is None:
        candidates = [value] if answer_percent or not percent else [value, value * 100]
        if any(rounds_to(c, digits) for c in candidates):
            return True, f"the exact answer rounded to the gold's decimals is the gold {g.norm[:20]!r}"
    return None
