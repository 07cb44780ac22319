"""Reasoning bodies: real model text from ``bench/data/reasoning_snippets.jsonl`` and generated steps.

>>> generated_steps(["x + 1 = 4", "x = 3"])
'First, x + 1 = 4.\\nFinally, x = 3.'
"""

from __future__ import annotations

import warnings
from functools import lru_cache
from pathlib import Path

from hypothesis import strategies as st

from rewardcheck.bench.data import data_path
from rewardcheck.bench.errors import InputError
from rewardcheck.bench.jsonl import read_jsonl

__all__ = [
    "SNIPPETS_PATH",
    "SnippetsMissing",
    "load_snippets",
    "generated_steps",
    "generated_bodies",
    "real_bodies",
    "reasoning_bodies",
]

SNIPPETS_PATH = data_path("reasoning_snippets.jsonl")
_MARKERS = ("First,", "Second,", "Next,", "Then,", "Finally,")
_STEP_FACTS = (
    "x + 1 = 4",
    "x = 3",
    "the area is 12",
    "we divide both sides by 2",
    "the sum of the roots is 5",
    "substituting gives 7",
    "the discriminant is positive",
    "so the product is 6",
)


class SnippetsMissing(FileNotFoundError):
    pass


@lru_cache(maxsize=1)
def load_snippets(path: Path = SNIPPETS_PATH) -> tuple[str, ...]:
    """The real reasoning paragraphs; raises :class:`SnippetsMissing` naming the file when it is absent."""
    if not path.is_file():
        raise SnippetsMissing(
            f"reasoning snippets not found at {path}; they ship as package data of bench "
            "(bench/data/; rebuild with tools/make_reasoning_snippets.py)"
        )
    try:
        return tuple(str(row["text"]) for row in read_jsonl(path, ("text",)))
    except InputError as exc:
        raise SnippetsMissing(str(exc)) from None


def generated_steps(facts: list[str]) -> str:
    """Step-marked lines, one fact per line, the last marked ``Finally,``."""
    lines = []
    for i, fact in enumerate(facts):
        marker = "Finally," if i == len(facts) - 1 and i > 0 else _MARKERS[min(i, len(_MARKERS) - 2)]
        lines.append(f"{marker} {fact}.")
    return "\n".join(lines)


def generated_bodies(min_steps: int = 2, max_steps: int = 4) -> st.SearchStrategy[str]:
    return st.lists(st.sampled_from(_STEP_FACTS), min_size=min_steps, max_size=max_steps).map(generated_steps)


def real_bodies(max_paragraphs: int = 2) -> st.SearchStrategy[str]:
    snippets = load_snippets()
    return st.lists(st.sampled_from(snippets), min_size=1, max_size=max_paragraphs).map("\n\n".join)


def reasoning_bodies() -> st.SearchStrategy[str]:
    """Generated steps (shrink target) or real paragraphs; generated only when the snippets file is missing."""
    try:
        load_snippets()
    except SnippetsMissing as exc:
        warnings.warn(f"{exc}; using generated steps only", stacklevel=2)
        return generated_bodies()
    return st.one_of(generated_bodies(), real_bodies())
