r"""Word answers as normalised text: the words a text answer states, compared with a word gold.

>>> text_norm("\\text{Forty-Two}"), text_norm_keep("\\text{Forty-Two}")
('fortytwo', 'Forty-Two')
"""

from __future__ import annotations

from rewardcheck.rewards import rx

from ..lexicon import WordClass, phrases
from ..text import normalise

__all__ = ["INFINITE_WORDS", "INFINITY", "text_norm", "text_norm_keep"]

# A word gold that says "infinitely many" is answered by the symbol
INFINITE_WORDS = frozenset(phrases(WordClass.INFINITE_WORD))
INFINITY = frozenset({"\\infty", "+\\infty", "∞", "infinity"})


def text_norm_keep(s: str) -> str:
    """``\\text{Forty-Two}`` -> ``Forty-Two``: the words of a text answer, hyphens kept."""
    s = s.strip().strip("$").strip()
    for _ in range(4):
        m = rx.fullmatch(r"\\(?:text|textbf|textnormal|mathrm|mbox|mathbf)\{(.*)\}", s)
        if m is None:
            break
        s = m.group(1)
    return s.replace("~", " ")


def text_norm(s: str) -> str:
    """The words of ``s`` in its normal form: lower case, no LaTeX command or punctuation, no leading article."""
    s = normalise(s)
    for _ in range(4):
        m = rx.fullmatch(r"\\(?:text|textbf|textnormal|mathrm|mbox|mathbf)\{(.*)\}", s)
        if m is None:
            break
        s = m.group(1)
    s = rx.sub(r"[^a-z0-9 ]", "", rx.sub(r"\\[a-zA-Z]+", " ", s).lower().replace("~", " "))
    return rx.sub(r"^(?:the|a|an) ", "", " ".join(s.split()))
