r"""Linear-time regular expressions: the one place the packages compile a pattern they match against text.

A policy writes whatever it is paid for, long runs of one character included, and a backtracking engine
(Python's ``re``) can take exponential time on such a run. Every pattern here is written in Python's syntax,
parsed by Python's own parser, and run by RE2 (``google-re2``), which never backtracks: a call costs time
linear in the text it reads, whatever the pattern and the text. Lookarounds are kept where they can be kept
exactly without backtracking (see :mod:`.translate`); anything else is refused when the pattern is compiled,
so a pattern that needs backtracking cannot be written here at all.

The interface is ``re``'s: ``compile``, ``search``, ``match``, ``fullmatch``, ``finditer``, ``findall``,
``sub``, ``subn``, ``split``, ``escape`` and the flags.

>>> from rewardcheck.rewards import rx
>>> rx.search(r"(?<![A-Za-z\\])not\b", "\\not or not").span()
(8, 11)
>>> rx.compile(r"(?:\s+|\$+)+$").search("x" + " " * 30000 + "y") is None   # linear, not exponential
True
>>> rx.compile(r"(a)\1")
Traceback (most recent call last):
...
rewardcheck.rewards.rx.translate.Untranslatable: a backreference needs backtracking: (a)\1
"""

from __future__ import annotations

import re as _re
from collections.abc import Callable, Iterator
from functools import lru_cache
from typing import Any

from ..cache_bounds import RX_PATTERNS
from .fragments import run_except
from .matching import Match, Pattern, compile_all
from .translate import Untranslatable, _translate

__all__ = [
    "compile_all",
    "Pattern",
    "Match",
    "Untranslatable",
    "run_except",
    "error",
    "compile",
    "search",
    "match",
    "fullmatch",
    "finditer",
    "findall",
    "sub",
    "subn",
    "split",
    "escape",
    "I",
    "IGNORECASE",
    "M",
    "MULTILINE",
    "S",
    "DOTALL",
    "X",
    "VERBOSE",
    "A",
    "ASCII",
    "ENGINE",
]

ENGINE = "re2"  # what runs every pattern (the static check in the tests reads it)
error = _re.error
I = IGNORECASE = _re.IGNORECASE  # noqa: E741 - re's name
M = MULTILINE = _re.MULTILINE
S = DOTALL = _re.DOTALL
X = VERBOSE = _re.VERBOSE
A = ASCII = _re.ASCII
escape = _re.escape  # the syntax is Python's, so is its escaping


@lru_cache(maxsize=RX_PATTERNS)
def _compiled(pattern: str, flags: int) -> Pattern:
    # The translator's own memo has no bound of its own (its source is hashed into the shipped translations,
    # so it stays as it is): it is emptied here once it holds as many programs as this cache holds patterns.
    # Every pattern in use is held compiled, here or by its module, so only a pattern compiled again after
    # it left this cache is translated again.
    if _translate.cache_info().currsize >= RX_PATTERNS:
        _translate.cache_clear()
    return Pattern(pattern, flags)


def compile(pattern: str | Pattern, flags: int = 0) -> Pattern:  # noqa: A001 - re's name
    """Compile ``pattern`` (Python syntax) for RE2; raises :class:`Untranslatable` for what needs
    backtracking."""
    if isinstance(pattern, Pattern):
        if flags:
            raise ValueError("cannot process flags argument with a compiled pattern")
        return pattern
    return _compiled(pattern, int(flags))


def search(pattern: str | Pattern, string: str, flags: int = 0) -> Match | None:
    return compile(pattern, flags).search(string)


def match(pattern: str | Pattern, string: str, flags: int = 0) -> Match | None:
    return compile(pattern, flags).match(string)


def fullmatch(pattern: str | Pattern, string: str, flags: int = 0) -> Match | None:
    return compile(pattern, flags).fullmatch(string)


def finditer(pattern: str | Pattern, string: str, flags: int = 0) -> Iterator[Match]:
    return compile(pattern, flags).finditer(string)


def findall(pattern: str | Pattern, string: str, flags: int = 0) -> list[Any]:
    return compile(pattern, flags).findall(string)


def sub(
    pattern: str | Pattern, repl: str | Callable[[Match], str], string: str, count: int = 0, flags: int = 0
) -> str:
    return compile(pattern, flags).sub(repl, string, count)


def subn(
    pattern: str | Pattern, repl: str | Callable[[Match], str], string: str, count: int = 0, flags: int = 0
) -> tuple[str, int]:
    return compile(pattern, flags).subn(repl, string, count)


def split(pattern: str | Pattern, string: str, maxsplit: int = 0, flags: int = 0) -> list[Any]:
    return compile(pattern, flags).split(string, maxsplit)
