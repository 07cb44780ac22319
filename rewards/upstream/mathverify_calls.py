"""The exact math-verify calls open-r1 makes, shared by both upstream profiles.

Upstream parses the gold with LaTeX-only extraction (``first_match``) in accuracy (e4ac3ae), cosine and
len_reward, with math-verify's default extraction (LaTeX and plain expressions) in accuracy (1416fa0), and
parses the completion with a strict LaTeX config that tries ``\\boxed`` first and never extracts without
an anchor. ``boxed`` is ``"all"`` in accuracy and ``True`` in cosine / len_reward.
"""

from __future__ import annotations

from typing import Any, Literal

__all__ = ["parse_gold_latex_only", "parse_gold_default", "parse_answer", "shown", "verify"]


def _math_verify() -> Any:
    """math-verify, imported on the first call (its import brings sympy: a process that builds these rewards
    but never calls one does not pay it)."""
    import math_verify

    return math_verify


def verify(gold: Any, target: Any, **kwargs: Any) -> Any:
    """math-verify's ``verify``, as the upstream rewards call it."""
    return _math_verify().verify(gold, target, **kwargs)


def parse_gold_latex_only(solution: str) -> list[Any]:
    mv = _math_verify()
    return list(
        mv.parse(solution, extraction_mode="first_match", extraction_config=[mv.LatexExtractionConfig()])
    )


def parse_gold_default(solution: str) -> list[Any]:
    return list(_math_verify().parse(solution, extraction_mode="first_match"))


def parse_answer(content: str, boxed: Literal["all"] | bool) -> list[Any]:
    from latex2sympy2_extended import NormalizationConfig

    mv = _math_verify()
    config = mv.LatexExtractionConfig(
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
    return list(mv.parse(content, extraction_config=[config], extraction_mode="first_match"))


def shown(parsed: list[Any]) -> str | None:
    """The string form math-verify kept for a parse (its last element), for reasons and reports."""
    return str(parsed[-1]) if parsed else None
