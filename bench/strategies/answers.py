"""Answers in many equivalent renderings, and near misses that must never match.

Each :class:`AnswerCase` is one value: gold strings as datasets write them (``$...$``, raw LaTeX, ``\\boxed``
in a worked solution), answer renderings a sane ``verify(gold, answer)`` credits, and near misses it must
reject. Answer renderings are the *content* of a final answer; completion builders wrap them in ``\\boxed{}``.

>>> case = ANSWER_CASES[0]
>>> case.family, case.golds[0], case.equivalents[:2], case.near_misses[0]
('integer', '$3$', ('3', '3.0'), '4')
"""

from __future__ import annotations

from dataclasses import dataclass

from hypothesis import strategies as st

__all__ = [
    "AnswerCase",
    "AnswerPair",
    "ANSWER_CASES",
    "FAMILIES",
    "UNPARSEABLE_GOLDS",
    "answer_cases",
    "answer_pairs",
    "unparseable_golds",
]


@dataclass(frozen=True)
class AnswerCase:
    family: str
    golds: tuple[str, ...]
    canonical: str
    equivalents: tuple[str, ...]
    near_misses: tuple[str, ...]


@dataclass(frozen=True)
class AnswerPair:
    """A gold string with the canonical, one equivalent and one near-miss answer rendering."""

    family: str
    gold: str
    canonical: str
    equivalent: str
    near_miss: str


# Simplest first: hypothesis shrinks towards the first entry of each tuple.
ANSWER_CASES: tuple[AnswerCase, ...] = (
    AnswerCase(
        "integer",
        ("$3$", "3", "The answer is $\\boxed{3}$.", "\\boxed{3}"),
        "3",
        ("3", "3.0", "x = 3", "\\text{3}", " 3 ", "3\\text{ cm}"),
        ("4", "-3", "3.1", "30"),
    ),
    AnswerCase(
        "fraction",
        ("$\\frac{1}{2}$", "\\frac{1}{2}", "0.5", "$\\boxed{\\frac{1}{2}}$"),
        "\\frac{1}{2}",
        ("\\frac{1}{2}", "0.5", "1/2", "\\dfrac{1}{2}", "\\tfrac{1}{2}", "\\dfrac12"),
        ("0.51", "-\\frac{1}{2}", "\\frac{1}{3}", "2"),
    ),
    AnswerCase(
        "percent",
        ("$50\\%$", "50\\%"),
        "50\\%",
        ("50\\%", "0.5", "\\frac{1}{2}"),
        ("51\\%", "5\\%", "0.05"),
    ),
    AnswerCase(
        "radical",
        ("$2\\sqrt{2}$", "2\\sqrt{2}", "$\\boxed{2\\sqrt{2}}$"),
        "2\\sqrt{2}",
        ("2\\sqrt{2}", "2 \\cdot \\sqrt{2}", "2 \\sqrt 2"),
        ("2", "\\sqrt{2}", "4\\sqrt{2}"),
    ),
    AnswerCase(
        "pi",
        ("$\\frac{\\pi}{4}$", "\\frac{\\pi}{4}"),
        "\\frac{\\pi}{4}",
        ("\\frac{\\pi}{4}", "\\pi/4", "0.25\\pi"),
        ("\\frac{\\pi}{3}", "\\pi", "4"),
    ),
    AnswerCase(
        "inequality",
        ("$1<x<2$", "$1 < x < 2$"),
        "1<x<2",
        ("1<x<2", "(1,2)", "x \\in (1,2)"),
        ("(1,2]", "[1,2]", "(0,2)"),
    ),
    AnswerCase(
        "half_line",
        ("$x>1$",),
        "x>1",
        ("x>1", "(1,\\infty)", "1<x"),
        ("x \\geq 1", "[1,\\infty)", "x>2"),
    ),
    AnswerCase(
        "set",
        ("$\\{1,2\\}$",),
        "\\{1,2\\}",
        ("\\{1,2\\}", "\\{2,1\\}", "1,2", "x=1 \\text{ or } x=2"),
        ("\\{1,3\\}", "\\{1\\}", "1,2,3"),
    ),
    AnswerCase(
        "tuple",
        ("$(1,2,3)$",),
        "(1,2,3)",
        ("(1,2,3)", "(1, 2, 3)"),
        ("(1,3,2)", "(1,2,4)"),
    ),
    AnswerCase(
        "equation",
        ("$y = 2x + 1$", "$y=2x+1$"),
        "y=2x+1",
        ("y=2x+1", "y = 1 + 2x"),
        ("y=2x-1", "y=x+1"),
    ),
)

FAMILIES: tuple[str, ...] = tuple(c.family for c in ANSWER_CASES)

# Gold strings no parser can turn into a value: a reward must skip them (None), never pay for them.
UNPARSEABLE_GOLDS: tuple[str, ...] = (
    "",
    "N/A",
    "see the solution above",
    "The answer cannot be determined.",
    "???",
)


def answer_cases(family: str | None = None) -> st.SearchStrategy[AnswerCase]:
    cases = [c for c in ANSWER_CASES if family is None or c.family == family]
    if not cases:
        raise ValueError(f"unknown answer family {family!r}; known: {', '.join(FAMILIES)}")
    return st.sampled_from(cases)


@st.composite
def answer_pairs(draw: st.DrawFn, family: str | None = None) -> AnswerPair:
    """A gold rendering with its canonical answer, an equivalent rendering and a near miss."""
    case = draw(answer_cases(family))
    return AnswerPair(
        family=case.family,
        gold=draw(st.sampled_from(case.golds)),
        canonical=case.canonical,
        equivalent=draw(st.sampled_from(case.equivalents)),
        near_miss=draw(st.sampled_from(case.near_misses)),
    )


def unparseable_golds() -> st.SearchStrategy[str]:
    return st.sampled_from(UNPARSEABLE_GOLDS)
