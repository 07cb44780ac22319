r"""Word answers as normalised text: the words a text answer states, compared with a word gold.

>>> text_norm("\\text{Forty-Two}"), text_norm_keep("\\text{Forty-Two}")
('fortytwo', 'Forty-Two')
"""

from __future__ import annotations

from rewardcheck.rewards import rx

from ..forms import LATEX_COMMAND
from ..lexicon import WordClass, phrases
from ..text import normalise

__all__ = ["INFINITE_WORDS", "INFINITY", "text_norm", "text_norm_keep"]

# A word gold that says "infinitely many" is answered by the symbol
INFINITE_WORDS = frozenset(phrases(WordClass.INFINITE_WORD))
INFINITY = frozenset({"\\infty", "+\\infty", "∞", "infinity"})
_WRAPPED = rx.compile(r"\\(?:text|textbf|textnormal|mathrm|mbox|mathbf)\{(.*)\}")
_WORD_CHARS = frozenset("abcdefghijklmnopqrstuvwxyz0123456789 ")
_ARTICLES = ("the ", "a ", "an ")


def _unwrapped(s: str) -> str:
    """``s`` without up to four text wrappers around it (``\\text{\\textbf{x}}`` -> ``x``)."""
    for _ in range(4):
        m = _WRAPPED.fullmatch(s)
        if m is None:
            break
        s = m.group(1)
    return s


def text_norm_keep(s: str) -> str:
    """``\\text{Forty-Two}`` -> ``Forty-Two``: the words of a text answer, hyphens kept."""
    return _unwrapped(s.strip().strip("$").strip()).replace("~", " ")


def text_norm(s: str) -> str:
    """The words of ``s`` in its normal form: lower case, no LaTeX command or punctuation, no leading article."""
    s = LATEX_COMMAND.sub(" ", _unwrapped(normalise(s))).lower().replace("~", " ")
    s = " ".join("".join(ch for ch in s if ch in _WORD_CHARS).split())
    article = next((a for a in _ARTICLES if s.startswith(a)), "")
    return s[len(article) :]
