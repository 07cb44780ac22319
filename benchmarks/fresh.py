r"""Fresh inputs for speed benchmarks: deterministic variants of real rows that no cache has seen.

Variant ``k`` of a row moves every integer inside each ``\boxed{...}`` of the completion, and every integer
of the gold, by ``1000 * k`` (where the completion has no boxed integer, its last integer instead). Equal
integers stay equal and distinct ones distinct, so a boxed answer equal to its gold stays equal and one
that differs stays different; the completion text, its extracted answer and the gold are all new.
Variant 0 is the row itself.

>>> row = {"completion": r"so 12 + 3. Thus \boxed{\frac{12}{5}}, not \boxed{7}.", "solution": "12/5"}
>>> v = fresh_variant(row, 2)
>>> v["completion"], v["solution"]
('so 12 + 3. Thus \\boxed{\\frac{2012}{2005}}, not \\boxed{2007}.', '2012/2005')
>>> fresh_variant({"completion": "cut at 41 and 42", "solution": "7"}, 1)["completion"]
'cut at 41 and 1042'
>>> fresh_variant(row, 0) == row
True
"""

from __future__ import annotations

import re
from typing import Any

__all__ = ["fresh_variant", "shift_integers", "boxed_spans"]

_INT = re.compile(r"(?<![\d.])\d+(?![\d.])")
_BOX = "\\boxed{"


def shift_integers(text: str, offset: int) -> str:
    """Every integer of ``text`` (not a digit run of a decimal) moved by ``offset``.

    >>> shift_integers("x^2 + 3.5 = 10", 100)
    'x^102 + 3.5 = 110'
    """
    return _INT.sub(lambda m: str(int(m.group()) + offset), text)


def boxed_spans(text: str) -> list[tuple[int, int]]:
    r"""(start, end) of the contents of every ``\boxed{...}`` (braces matched; an unclosed box runs to the end).

    >>> t = r"a \boxed{\frac{1}{2}} b \boxed{3"
    >>> [t[s:e] for s, e in boxed_spans(t)]
    ['\\frac{1}{2}', '3']
    """
    spans = []
    i = text.find(_BOX)
    while i >= 0:
        start = j = i + len(_BOX)
        depth = 1
        while j < len(text) and depth:
            depth += {"{": 1, "}": -1}.get(text[j], 0)
            j += 1
        end = j - 1 if depth == 0 else len(text)
        spans.append((start, end))
        i = text.find(_BOX, max(end, start))
    return spans


def fresh_variant(row: dict[str, Any], k: int) -> dict[str, Any]:
    """Variant ``k`` of a ``{completion, solution, ...}`` row (see the module docstring)."""
    if k == 0:
        return row
    offset = 1000 * k
    text = row["completion"]
    spans = [(s, e) for s, e in boxed_spans(text) if _INT.search(text, s, e)]
    if spans:
        parts, last = [], 0
        for s, e in spans:
            parts += [text[last:s], shift_integers(text[s:e], offset)]
            last = e
        text = "".join(parts) + text[last:]
    else:
        found = list(_INT.finditer(text))
        if found:
            m = found[-1]
            text = text[: m.start()] + str(int(m.group()) + offset) + text[m.end() :]
    return {**row, "completion": text, "solution": shift_integers(str(row["solution"]), offset)}
