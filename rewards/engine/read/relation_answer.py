r"""A comparison sign as the answer: a gold that is one relation sign (">", "\le", "≠") asks which way two
quantities compare, not for a value. The text answers it with the last relation sign of its final statement, in
any language ("Como 81 > 64, 3^40 > 4^30.", "Ответ: <", "したがって空欄に入る記号は「>」。").

>>> relation_gold("$>$"), relation_gold("\\le"), relation_gold("12") is None
('>', '≤', True)
>>> relation_answer("3^40 = 81^10 and 4^30 = 64^10.\nSince 81 > 64, 3^40 > 4^30.")
'>'
>>> relation_answer("Ответ: <"), relation_answer("The total is 12.") is None
('<', True)
"""

from __future__ import annotations

from .tokens import TokenKind
from .window import Window

__all__ = ["relation_gold", "relation_answer", "MAX_RELATION_TAIL"]

MAX_RELATION_TAIL = 400  # the final statement: its last characters are read, in bounded time
# each way of writing a relation sign, to the sign it writes
RELATIONS = {
    ">": ">",
    "\\gt": ">",
    "<": "<",
    "\\lt": "<",
    "≥": "≥",
    "⩾": "≥",
    "\\ge": "≥",
    "\\geq": "≥",
    ">=": "≥",
    "≤": "≤",
    "⩽": "≤",
    "\\le": "≤",
    "\\leq": "≤",
    "<=": "≤",
    "=": "=",
    "≠": "≠",
    "\\ne": "≠",
    "\\neq": "≠",
}
_WRAPPERS = ("\\text{", "\\mathrm{", "\\boxed{", "$", "{", "}", "\\(", "\\)", " ")
_CLOSERS = frozenset({TokenKind.SENTENCE_END, TokenKind.EMPHASIS, TokenKind.CLOSE, TokenKind.NEWLINE})


def relation_gold(gold: str) -> str | None:
    """The relation sign a gold is ("$>$", "\\ge"), or ``None`` for any other gold."""
    s = gold.strip()
    for wrapper in _WRAPPERS:
        s = s.replace(wrapper, "")
    return RELATIONS.get(s)


def relation_answer(region: str) -> str | None:
    """The last relation sign of the final statement of ``region``, or ``None`` where it has none."""
    w = Window.of(region, max(0, len(region) - MAX_RELATION_TAIL))
    t = w.tokens
    end = t.n - 1
    while end >= 0 and t.kinds[end] in _CLOSERS:
        end -= 1
    if end < 0:
        return None
    first, _ = w.statement_tokens(w.structure.statement[end])
    for k in range(end, first - 1, -1):
        sign = RELATIONS.get(t.texts[k])
        if sign is not None:
            return sign
    return None
