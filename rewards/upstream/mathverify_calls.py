"""The exact math-verify calls open-r1 makes, shared by both upstream profiles.

Upstream parses the gold with LaTeX-only extraction (``first_match``) in accuracy (e4ac3ae), cosine and
len_reward, with math-verify's default extraction (LaTeX and plain expressions) in accuracy (1416fa0), and
parses the completion with a strict LaTeX config that tries ``\\boxed`` first and never extracts without
an anchor. ``boxed`` is ``"all"`` in accuracy and ``True`` in cosine / len_reward.
"""

from __future__ import annotations

from typing import Any, Literal

from latex2sympy2_extended import NormalizationConfig
from math_verify import LatexExtractionConfig, parse

__all__ = ["parse_gold_latex_only", "parse_gold_default", "parse_answer", "shown"]


def parse_gold_latex_only(solution: str) -> list[Any]:
    return list(parse(solution, extraction_mode="first_match", extraction_config=[LatexExtractionConfig()]))


def parse_gold_default(solution: str) -> list[Any]:
    return list(parse(solution, extraction_mode="first_match"))


def parse_answer(content: str, boxed: Literal["all"] | bool) -> list[Any]:
    config = LatexExtractionConfig(
        normalization_config=NormalizationConfig(
            nits=False,
            malformed_operators=False,
            basic_latex=True,
            equations=True,
            boxed=boxed,
            units=True,
        ),
        boxed_match_priority=0,
        try_extract_without_anchor=False,
    )
    return list(parse(content, extraction_config=[config], extraction_mode="first_match"))


def shown(parsed: list[Any]) -> str | None:
    """The string form math-verify kept for a parse (its last element), for reasons and reports."""
    return str(parsed[-1]) if parsed else None
