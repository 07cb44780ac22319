r"""A parse must keep every variable: math-verify's unit normalisation reads a trailing ``m``, ``g``, ``h``,
``s`` as a unit and drops it (``\frac{3}{2}n + \frac{1}{2}m`` parses as ``3n/2 + 1/2``), so an answer
``3n + 2`` would verify against a gold ``3n + 2m``. :func:`keep_letters` re-parses such a string with unit
normalisation off; the judge compares that parse instead.

>>> lost_letters(r"3n + 2m", parse_value(r"3n + 2m"))
{'m'}
>>> sorted(keep_letters(r"3n + 2m").shown.split(" + "))  # sympy's term order is its own
['2*m', '3*n']
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from rewardcheck.rewards.cache_bounds import LETTER_PARSES
from rewardcheck.rewards.two_stage_parse import sll_first

from .lists import free_letters
from .mathcore import Parsed, parse_value

__all__ = ["lost_letters", "keep_letters", "parse_value"]


def lost_letters(expr: str, parsed: Parsed) -> set[str]:
    """The one-letter variables of ``expr`` that its parse no longer holds (bounded: short strings only)."""
    if len(expr) > 300 or not parsed.ok:
        return set()
    want = free_letters(expr) - {"e", "i"}
    if not want:
        return set()
    have: set[str] = set()
    for value in parsed.values:
        for symbol in getattr(value, "free_symbols", ()):
            have.update(ch for ch in str(symbol) if ch.isascii() and ch.isalpha())
    return want - have


@lru_cache(maxsize=LETTER_PARSES)
def keep_letters(expr: str) -> Parsed:
    """``expr`` parsed as LaTeX with math-verify's unit normalisation off (empty when that fails)."""
    # imported by the first row that needs a re-parse, not by the engine's import
    from math_verify import parse

    with sll_first():
        values = parse(
            f"${expr}$",
            extraction_config=_no_units(),
            extraction_mode="first_match",
            fallback_mode="no_fallback",
            parsing_timeout=None,  # type: ignore[arg-type]
        )
    return Parsed(tuple(values), str(values[-1]) if values else None)


@lru_cache(maxsize=1)
def _no_units() -> list[Any]:
    """math-verify's LaTeX extraction with unit normalisation off (built once, on first use)."""
    from latex2sympy2_extended import NormalizationConfig
    from math_verify import LatexExtractionConfig

    return [
        LatexExtractionConfig(
            boxed_match_priority=0,
            normalization_config=NormalizationConfig(
                basic_latex=True,
                units=False,
                malformed_operators=False,
                nits=True,
                boxed="all",
                equations=False,
            ),
        )
    ]
