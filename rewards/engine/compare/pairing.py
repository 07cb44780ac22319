r"""Answer and gold rewritten together (:func:`..lists.pair_forms`): labelled values, "find all" lists,
general solutions.

>>> from ..config import EngineConfig
>>> from ..gold import parse_gold
>>> answer, gold = paired("x = 2", parse_gold("2"), EngineConfig())
>>> answer, gold.expr, paired("4", parse_gold("4"), EngineConfig())
('2', '2', None)
"""

from __future__ import annotations

from dataclasses import replace

from rewardcheck.rewards import rx

from ..config import EngineConfig
from ..gold import GoldParse, GoldStatus, parse_gold
from ..lists import pair_forms
from .case import Case

__all__ = ["pair", "paired"]

_LISTISH = rx.compile(r"[,;:=]|\\(?:pm|text|mbox|in|q?quad)(?![a-zA-Z])|(?<![a-zA-Z])(?:and|or)(?![a-zA-Z])")
_PAIRED = frozenset({GoldStatus.OK, GoldStatus.UNPARSEABLE, GoldStatus.RISKY})  # golds a rewrite may apply to


def paired(answer: str, g: GoldParse, config: EngineConfig) -> tuple[str, GoldParse] | None:
    """The answer and gold rewritten by :func:`lists.pair_forms` (labelled values, "find all" lists, general
    solutions); ``None`` when no rewrite applies or the rewritten gold does not parse."""
    if g.status not in _PAIRED or not g.expr:
        return None
    if _LISTISH.search(answer) is None and _LISTISH.search(g.expr) is None:
        return None  # one plain value each (most answers): nothing to read, skip the scan
    pair = pair_forms(answer, g.expr)
    if pair is None:
        return None
    new_answer, new_gold = pair
    if new_gold == g.expr:
        return new_answer, g
    g2 = parse_gold(new_gold, config.max_inline_chars)
    if g2.status in (GoldStatus.UNPARSEABLE, GoldStatus.PROSE):
        return None
    return new_answer, g2


def pair(case: Case) -> Case:
    """The case with answer and gold paired, when a pairing applies (the gold's kind stays the given gold's)."""
    found = paired(case.answer, case.gold, case.config)
    return case if found is None else replace(case, answer=found[0], gold=found[1])
