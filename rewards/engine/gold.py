r"""Gold answers parsed once per unique solution string per process.

A gold may be a plain number, raw LaTeX without ``$`` (``2\sqrt{2}``, ``\frac{\pi}{4}``, ``1<x<2``), a
``\boxed{}`` answer, a ``#### N`` GSM8K answer, or a full worked solution (its final boxed answer counts).
A parse that keeps only a strict prefix of the gold is refused (see :func:`mathcore.parse_value`).

>>> g = parse_gold(r"so the area is $\boxed{2\sqrt{2}}$.")
>>> g.expr, g.status, g.shown
('2\\sqrt{2}', 'ok', '2*sqrt(2)')
>>> parse_gold(r"\frac{1}{").status
'unparseable'
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from .mathcore import Parsed, parse_prose, parse_value
from .prescreen import risk
from .text import boxed_contents, normalise, strip_math_delimiters

__all__ = ["GoldParse", "parse_gold"]

_INTEGER = re.compile(r"^[-+]?\d{1,18}$")
_WORDS = re.compile(r"(?<![\\a-zA-Z])[a-zA-Z]{3,}\b")
# Datasets mark a missing answer with these; sympy would happily read "N/A" as N divided by A.
_PLACEHOLDERS = frozenset(
    {"n/a", "na", "none", "null", "nan", "unknown", "tbd", "?", "??", "???", "-", "--", "—"}
)
# Three or more plain words and nothing else: a sentence, not a value ("see the solution above").
_PLAIN_SENTENCE = re.compile(r"[A-Za-z][A-Za-z ,.'’;:!?-]*")


@dataclass(frozen=True)
class GoldParse:
    """``status``: ``ok`` (parsed in process), ``risky`` (parse and verify only in the isolated worker),
    ``prose`` (a worked solution without a boxed answer: the worker extracts it), ``unparseable``.
    ``parsed`` is None for an integer gold until an answer needs sympy (:meth:`values`)."""

    raw: str
    expr: str
    norm: str
    status: str
    parsed: Parsed | None = None
    how: str = ""
    note: str = ""
    shown: str | None = None  # the parsed value as text (computed once: sympy printing is slow)

    def values(self) -> Parsed:
        return self.parsed if self.parsed is not None else parse_value(self.expr)

    def __post_init__(self) -> None:
        if self.shown is None:
            shown = self.parsed.shown if self.parsed is not None and self.parsed.ok else (self.expr or None)
            object.__setattr__(self, "shown", shown)


def _looks_like_prose(s: str) -> bool:
    return len(_WORDS.findall(s)) >= 4


@lru_cache(maxsize=65536)
def parse_gold(solution: str, max_inline_chars: int = 120) -> GoldParse:
    s = solution.strip()
    if not s:
        return GoldParse(solution, "", "", "unparseable", how="empty gold")
    boxes = [c.strip() for _, _, c in boxed_contents(s) if c.strip()]
    if boxes:
        expr, how = boxes[-1], "final boxed answer"
    elif "####" in s:
        expr, how = s.rsplit("####", 1)[1].strip().split("\n", 1)[0].strip(), "answer after ####"
    else:
        expr, how = strip_math_delimiters(s), "whole gold"
        if expr.strip(" .").lower() in _PLACEHOLDERS:
            return GoldParse(solution, expr, normalise(expr), "unparseable", how="placeholder gold")
        if _PLAIN_SENTENCE.fullmatch(expr) and len(expr.split()) >= 3:
            return GoldParse(solution, expr, normalise(expr), "unparseable", how="a sentence without a value")
        if _looks_like_prose(expr) and len(expr) > 40:
            if risk(s, max_chars=4000) is not None:
                return GoldParse(
                    solution, s, normalise(s), "prose", how="worked solution (parsed in the worker)"
                )
            parsed = parse_prose(s)
            if parsed.ok:
                return GoldParse(
                    solution,
                    parsed.matched or s,
                    normalise(parsed.matched or s),
                    "ok",
                    parsed,
                    how="worked solution",
                )
            return GoldParse(
                solution, s, normalise(s), "unparseable", how="worked solution", note="no answer found in it"
            )
    if _INTEGER.match(expr):
        # parsed by sympy only if an answer needs it (most answers to an integer gold are integers)
        return GoldParse(solution, expr, normalise(expr), "ok", None, how=how, shown=expr.lstrip("+"))
    why = risk(expr, max_chars=max_inline_chars)
    if why is not None:
        return GoldParse(solution, expr, normalise(expr), "risky", how=how, note=why)
    parsed = parse_value(expr)
    if not parsed.ok:
        return GoldParse(solution, expr, normalise(expr), "unparseable", how=how, note=parsed.note)
    return GoldParse(solution, expr, normalise(expr), "ok", parsed, how=how)
