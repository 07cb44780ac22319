r"""Find the patterns in a module that a backtracking engine (Python's ``re``, ``regex``) can blow up on.

Used on the packages themselves (a test walks every module: no ``re`` pattern anywhere, every pattern on RE2)
and available for a user's own reward module. A pattern is *exposed* when a repeat holds another repeat
(``(?:\s+|\$+)+$``): on a long run of one character a backtracking engine then tries exponentially many
ways to split the run before it fails. (RE2 has no such case: :mod:`rewardcheck.rewards.rx`.)

>>> nested_repeats(r"(?:\\(?:boxed|fbox)\{|\$+|\*+|\s+)+$")
['a repeat inside a repeat: (?:...|\\$+|...)+']
>>> nested_repeats(r"\\boxed\{([^{}]*)\}")
[]
"""

from __future__ import annotations

import re
import re._constants as sre
import re._parser as sre_parse
from collections.abc import Iterable
from dataclasses import dataclass
from types import ModuleType
from typing import Any

__all__ = ["Exposure", "nested_repeats", "exposed_patterns", "backtracking_patterns"]

_REPEATS = (sre.MAX_REPEAT, sre.MIN_REPEAT)


@dataclass(frozen=True)
class Exposure:
    """A pattern found in a module: where, which, and why a backtracking engine is exposed on it."""

    module: str
    name: str
    pattern: str
    why: tuple[str, ...]


def _unbounded(hi: Any) -> bool:
    return hi is sre.MAXREPEAT or hi > 1


def _has_repeat(items: Iterable[Any]) -> bool:
    for op, av in items:
        if op in _REPEATS and _unbounded(av[1]):
            return True
        if op is sre.SUBPATTERN and _has_repeat(av[3]):
            return True
        if op is sre.BRANCH and any(_has_repeat(a) for a in av[1]):
            return True
        if op in (sre.ASSERT, sre.ASSERT_NOT) and _has_repeat(av[1]):
            return True
    return False


def _walk(items: Iterable[Any], found: list[str]) -> None:
    for op, av in items:
        if op in _REPEATS:
            if _unbounded(av[1]) and _has_repeat(av[2]):
                inner = next((a for a in _alternatives(av[2]) if _has_repeat([a])), None)
                shown = "(?:...|" + _show(inner) + "|...)" if inner is not None else "(...)"
                found.append(f"a repeat inside a repeat: {shown}{'+' if av[0] else '*'}")
            _walk(av[2], found)
        elif op is sre.SUBPATTERN:
            _walk(av[3], found)
        elif op is sre.BRANCH:
            for alt in av[1]:
                _walk(alt, found)
        elif op in (sre.ASSERT, sre.ASSERT_NOT):
            _walk(av[1], found)


def _alternatives(items: Any) -> list[Any]:
    out = []
    for op, av in items:
        if op is sre.BRANCH:
            for alt in av[1]:
                out.extend(list(alt))
        elif op is sre.SUBPATTERN:
            out.extend(_alternatives(av[3]))
        else:
            out.append((op, av))
    return out


def _show(item: Any) -> str:
    op, av = item
    if op in _REPEATS:
        sub = list(av[2])
        body = _show(sub[0]) if len(sub) == 1 else "(...)"
        return body + ("+" if av[0] else "*")
    if op is sre.LITERAL:
        return re.escape(chr(av))
    if op is sre.IN:
        return "[...]" if len(av) > 1 else "\\s" if av[0] == (sre.CATEGORY, sre.CATEGORY_SPACE) else "[...]"
    return "..."


def nested_repeats(pattern: str, flags: int = 0) -> list[str]:
    """Why ``pattern`` exposes a backtracking engine (empty when it does not, by this check)."""
    found: list[str] = []
    _walk(sre_parse.parse(pattern, flags), found)
    return found


def backtracking_patterns(module: ModuleType) -> list[tuple[str, re.Pattern[str]]]:
    """Every compiled Python ``re`` pattern among a module's globals (in containers one level deep too)."""
    out: list[tuple[str, re.Pattern[str]]] = []
    for name, value in vars(module).items():
        values = (
            value.values()
            if isinstance(value, dict)
            else value
            if isinstance(value, list | tuple)
            else (value,)
        )
        for v in values:
            if isinstance(v, re.Pattern):
                out.append((name, v))
    return out


def exposed_patterns(module: ModuleType) -> list[Exposure]:
    """The module's Python ``re`` patterns with nested repeats (what ``check_reward`` users should move to RE2)."""
    out = []
    for name, p in backtracking_patterns(module):
        if isinstance(p.pattern, str):
            why = nested_repeats(p.pattern, p.flags & ~re.UNICODE)
            if why:
                out.append(Exposure(module.__name__, name, p.pattern, tuple(why)))
    return out
