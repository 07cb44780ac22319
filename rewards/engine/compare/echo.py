r"""The prompt's own expression handed back: an answer that is one of the prompt's math snippets, in any
spelling, is an echo (refused: ``refuse.echo``), not a solution.

>>> echo("17 \\cdot 23 - 1", "Compute $17 \\times 23 - 1$.", "390")
True
>>> echo("390", "Compute $17 \\times 23 - 1$.", "390"), echo("17 \\cdot 23 - 1", None, "390")
(False, False)
"""

from __future__ import annotations

from functools import lru_cache

from rewardcheck.rewards import rx
from rewardcheck.rewards.cache_bounds import PROMPTS

from ..exact import is_literal
from ..forms import LATEX_COMMAND
from ..text import normalise
from .numbers import UNIT_TEXT

__all__ = ["echo", "spelling"]

# One spelling of an expression for the echo check: no spaces, sizing or braces, one product sign
_SPELLING_NOISE = rx.compile(r"\\left|\\right|\\[,;:!]|\\(?:q?quad)|[\s{}]")
_PRODUCT = rx.compile(r"\\cdot|\\times|\\ast|[*×·⋅]")
_PROMPT_MATH = rx.compile(r"\$\$(.+?)\$\$|\$(.+?)\$|\\\((.+?)\\\)|\\\[(.+?)\\\]", rx.DOTALL)


def spelling(s: str) -> str:
    """``s`` in one canonical spelling, for comparing an answer with the prompt's math.

    >>> spelling(r"17 \\cdot 23 - 1") == spelling(r"17\\times23-1") == spelling("17*23 - 1")
    True
    >>> spelling(r"\\left( 5! \\right)")
    '(5!)'
    """
    return _PRODUCT.sub("*", _SPELLING_NOISE.sub("", normalise(s)))


def echo(answer: str, prompt: str | None, gold_norm: str) -> bool:
    """The answer is an expression (not a bare number or name) copied from the prompt, in any spelling: the
    same as one of the prompt's math snippets, or (three characters or more) a piece of its math text.
    ``gold_norm`` is the gold's normal form: an answer that is the gold is never an echo."""
    if not prompt:
        return False
    a = normalise(answer)
    if not a or is_literal(a) or a.isalpha() or a == gold_norm or is_literal(UNIT_TEXT.sub("", a)):
        return False  # a number with an ordinal or a unit ("12^{\\mathrm{th}}") is a value, not an expression
    said = spelling(a)
    if not said or not _has_operator(said.lstrip("-+")) or said == spelling(gold_norm):
        return False
    if said in _prompt_snippets(prompt):
        return True
    return len(a) >= 3 and (a in _prompt_math(prompt) or said in _prompt_spelled(prompt))


def _has_operator(s: str) -> bool:
    """An operator sign or a command (``\\frac``) in ``s``: an expression, not a bare value."""
    return any(ch in "-+*/^!_" for ch in s) or LATEX_COMMAND.search(s) is not None


@lru_cache(maxsize=PROMPTS)
def _prompt_snippets(prompt: str) -> frozenset[str]:
    """The prompt's math snippets (``$...$``, ``\\(...\\)``...), each in :func:`spelling`."""
    found = (next(g for g in m.groups() if g is not None) for m in _PROMPT_MATH.finditer(prompt[-20_000:]))
    return frozenset(spelling(f) for f in found)


@lru_cache(maxsize=PROMPTS)
def _prompt_spelled(prompt: str) -> str:
    return spelling(prompt[-20_000:].replace("$", " "))


@lru_cache(maxsize=PROMPTS)
def _prompt_math(prompt: str) -> str:
    return normalise(prompt[-20_000:].replace("$", " "))
