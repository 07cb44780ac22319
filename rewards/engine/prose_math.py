r"""Sets and pairs stated in words, written as the math they state, so that the reader reads them as values:
one table of rows (a wording, the math it writes), applied in one linear pass over the final-answer region.

>>> in_math("x lies strictly between -1 and 4.")
'x lies $(-1, 4)$.'
>>> in_math("The solution set is all x between 2 and 5, inclusive.")
'The solution set is $[2, 5]$.'
>>> in_math("x lies in the open interval from 2 to 5."), in_math("It is all real numbers greater than 3.")
('x lies $(2, 5)$.', 'It is $(3, \\infty)$.')
>>> in_math("It has x-coordinate 3 and y-coordinate -1.")
'It has $(3, -1)$.'
>>> in_math("So x = 3 and y = -1.")
'So $(x, y) = (3, -1)$.'
>>> in_math("Therefore a = 2, b = 5.")  # a list of assignments is read as it is (it may be longer than a pair)
'Therefore a = 2, b = 5.'
>>> in_math("We add 3 and 4 to get 7.")  # no set, no pair: left as it is
'We add 3 and 4 to get 7.'
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache, partial

from rewardcheck.rewards import rx

from .lexicon import WordClass, alternation

__all__ = ["in_math", "ROWS"]

_NUM = r"[-−+]?\d+(?:\.\d+)?(?:/\d+)?"
_OPEN = alternation(WordClass.EXCLUSIVE)
_CLOSED = alternation(WordClass.INCLUSIVE)
# "all real x that lie", "any value of x": the quantifier has no word-start bound
_ALL = alternation(WordClass.QUANTIFIER, exclude=("each", "some"), lead=False)
_WHO = (
    rf"(?:{_ALL}\s{{1,3}}(?:real\s{{1,3}}|the\s{{1,3}})?(?:values?\s{{1,3}}of\s{{1,3}})?[a-z]\s{{1,3}}"
    rf"(?:that\s{{1,3}}{alternation(WordClass.LOCATIVE_VERB)}\s{{1,3}})?)?"
)


# a quantified set of numbers: "all real numbers", "all values of x", "every x" (that are / which are)
_EVERY = (
    rf"{_ALL}\s{{1,3}}(?:real\s{{1,3}})?(?:numbers|values(?:\s{{1,3}}of\s{{1,3}}[a-z])?|[a-z])\s{{1,3}}"
    r"(?:(?:that|which)\s{1,3}are\s{1,3})?(?:strictly\s{1,3})?"
)
_ABOVE = "greater|larger|bigger|more"
_BELOW = "less|smaller|lower"


def _num(s: str) -> str:
    return s.replace("−", "-")


# (wording, what it writes); the first row that matches at a position wins (longest wordings first)
# a writer reads the row's groups by number (0: the whole wording)
ROWS: tuple[tuple[str, Callable[[Callable[[int], str]], str]], ...] = (
    (  # "between 2 and 5, inclusive" / "between 2 and 5 (both included)"
        rf"{_WHO}between\s{{1,3}}({_NUM})\s{{1,3}}and\s{{1,3}}({_NUM}),?\s{{0,3}}\(?(?:both\s{{1,3}})?{_CLOSED}\)?",
        lambda g: f"$[{_num(g(1))}, {_num(g(2))}]$",
    ),
    (  # "strictly between -1 and 4" / "between -1 and 4, exclusive"
        rf"{_WHO}{_OPEN}\s{{1,3}}between\s{{1,3}}({_NUM})\s{{1,3}}and\s{{1,3}}({_NUM})",
        lambda g: f"$({_num(g(1))}, {_num(g(2))})$",
    ),
    (
        rf"{_WHO}between\s{{1,3}}({_NUM})\s{{1,3}}and\s{{1,3}}({_NUM}),?\s{{0,3}}\(?{_OPEN}\)?",
        lambda g: f"$({_num(g(1))}, {_num(g(2))})$",
    ),
    (  # "from 2 to 5 inclusive"
        rf"{_WHO}from\s{{1,3}}({_NUM})\s{{1,3}}to\s{{1,3}}({_NUM}),?\s{{0,3}}\(?(?:both\s{{1,3}})?{_CLOSED}\)?",
        lambda g: f"$[{_num(g(1))}, {_num(g(2))}]$",
    ),
    (  # "from 2 to 5, exclusive"
        rf"{_WHO}from\s{{1,3}}({_NUM})\s{{1,3}}to\s{{1,3}}({_NUM}),?\s{{0,3}}\(?(?:both\s{{1,3}})?{_OPEN}\)?",
        lambda g: f"$({_num(g(1))}, {_num(g(2))})$",
    ),
    (  # "the open interval from 2 to 5"
        rf"{_WHO}(?:in\s{{1,3}})?(?:the\s{{1,3}})?{_OPEN}\s{{1,3}}interval\s{{1,3}}from\s{{1,3}}({_NUM})\s{{1,3}}to\s{{1,3}}({_NUM})",
        lambda g: f"$({_num(g(1))}, {_num(g(2))})$",
    ),
    (  # "the closed interval from -1 to 4"
        rf"{_WHO}(?:in\s{{1,3}})?(?:the\s{{1,3}})?{_CLOSED}\s{{1,3}}interval\s{{1,3}}from\s{{1,3}}({_NUM})\s{{1,3}}to\s{{1,3}}({_NUM})",
        lambda g: f"$[{_num(g(1))}, {_num(g(2))}]$",
    ),
    (  # "all real numbers greater than or equal to 3": a ray that holds its end
        rf"{_EVERY}(?:{_ABOVE})\s{{1,3}}than\s{{1,3}}or\s{{1,3}}equal\s{{1,3}}to\s{{1,3}}({_NUM})",
        lambda g: f"$[{_num(g(1))}, \\infty)$",
    ),
    (
        rf"{_EVERY}(?:{_BELOW})\s{{1,3}}than\s{{1,3}}or\s{{1,3}}equal\s{{1,3}}to\s{{1,3}}({_NUM})",
        lambda g: f"$(-\\infty, {_num(g(1))}]$",
    ),
    (  # "all real numbers greater than 3", "every x less than -1": a ray (a quantifier makes it a set)
        rf"{_EVERY}(?:{_ABOVE})\s{{1,3}}than\s{{1,3}}({_NUM})",
        lambda g: f"$({_num(g(1))}, \\infty)$",
    ),
    (
        rf"{_EVERY}(?:{_BELOW})\s{{1,3}}than\s{{1,3}}({_NUM})",
        lambda g: f"$(-\\infty, {_num(g(1))})$",
    ),
    (  # "x-coordinate 3 and y-coordinate -1"
        rf"\bx[-\s]coordinate\s{{0,3}}(?:of\s{{1,3}}|is\s{{1,3}}|=\s{{0,3}})?({_NUM}),?\s{{1,3}}and\s{{1,3}}"
        rf"(?:an?\s{{1,3}}|the\s{{1,3}})?y[-\s]coordinate\s{{0,3}}(?:of\s{{1,3}}|is\s{{1,3}}|=\s{{0,3}})?({_NUM})",
        lambda g: f"$({_num(g(1))}, {_num(g(2))})$",
    ),
    (  # "x = 3 and y = -1": two different letters, each given a value, state the pair
        rf"(?<![\w$\\])([a-z])\s{{0,2}}=\s{{0,2}}({_NUM}),?\s{{1,3}}and\s{{1,3}}([a-z])\s{{0,2}}=\s{{0,2}}({_NUM})(?!\w)",
        lambda g: f"$({g(1)}, {g(3)}) = ({_num(g(2))}, {_num(g(4))})$" if g(1) != g(3) else g(0),
    ),
)


@cache
def _table() -> tuple[rx.Pattern, tuple[Callable[[Callable[[int], str]], str], ...]]:
    body = "|".join(f"(?P<row{k}>{p})" for k, (p, _) in enumerate(ROWS))
    return rx.compile(body, rx.IGNORECASE), tuple(w for _, w in ROWS)


_HINT = rx.compile(r"between|from|coordinate|than|=", rx.IGNORECASE)


def in_math(region: str) -> str:
    """``region`` with every row's wording replaced by the math it writes."""
    if _HINT.search(region) is None:
        return region
    pattern, writers = _table()

    def write(m: rx.Match) -> str:
        for k, writer in enumerate(writers):
            base = pattern.groupindex[f"row{k}"]  # the row's own group 0 in the joined pattern
            if m.group(base) is not None:
                return writer(partial(_group, m, base))
        return str(m.group())

    return pattern.sub(write, region)


def _group(m: rx.Match, base: int, i: int) -> str:
    return str(m.group(base + i))
