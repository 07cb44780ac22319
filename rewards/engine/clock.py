r"""Clock-time golds: ``4:30p..``, ``4:30 p.m.``, ``11:05\text{ AM}`` (a time of day, not a ratio).

A gold is read as a clock time only when it carries a meridiem mark (``a``/``p``, dotted or not, ``\text{}``-
wrapped or not); a bare ``3:4`` gold stays a ratio for the rest of the engine. An answer matches when it is
one clock time naming the same minute of the day: the same meridiem, no meridiem with the same ``H:MM`` (the
question already fixed the half of the day), or the 24-hour reading (``16:30`` for ``4:30 p.m.``).

>>> clock_gold("4:30p.."), clock_answer("4:30"), clock_answer("16:30"), clock_answer("4:30 \\text{ a.m.}")
((4, 30, 'p'), (4, 30, None), (16, 30, None), (4, 30, 'a'))
>>> same_time(clock_answer("4:30"), clock_gold("4:30p..")), same_time(clock_answer("4:30 am"), clock_gold("4:30pm"))
(True, False)
"""

from __future__ import annotations

from rewardcheck.rewards import rx

__all__ = ["clock_gold", "clock_answer", "same_time"]

_CLOCK = rx.compile(
    r"\s*\$?\s*(\d{1,2})\s*:\s*(\d{2})\s*"
    r"(?:\\(?:text|mathrm|mbox|textnormal)\{\s*([aApP])\.?\s*\.?\s*[mM]?\.?\s*\}|([aApP])\s*\.?\s*(?:[mM]\s*\.?|\.)?)?"
    r"\s*\$?\s*\.?\s*"
)
MAX_CLOCK_CHARS = 60


def _read(s: str) -> tuple[int, int, str | None] | None:
    if len(s) > MAX_CLOCK_CHARS:
        return None
    m = _CLOCK.fullmatch(s)
    if m is None:
        return None
    hour, minute = int(m.group(1)), int(m.group(2))
    mark = (m.group(3) or m.group(4) or "").lower() or None
    if minute > 59 or hour > 23 or (mark is not None and not 1 <= hour <= 12):
        return None
    return hour, minute, mark


def clock_gold(gold: str) -> tuple[int, int, str] | None:
    """``(hour, minute, 'a'|'p')`` for a gold that is a time of day with a meridiem mark, else ``None``."""
    read = _read(gold)
    if read is None or read[2] is None:
        return None
    return read[0], read[1], read[2]


def clock_answer(answer: str) -> tuple[int, int, str | None] | None:
    """``(hour, minute, mark or None)`` for an answer that is one clock time, else ``None``."""
    return _read(answer)


def _minutes(hour: int, minute: int, mark: str) -> int:
    return (hour % 12 + (12 if mark == "p" else 0)) * 60 + minute


def same_time(answer: tuple[int, int, str | None] | None, gold: tuple[int, int, str] | None) -> bool:
    if answer is None or gold is None:
        return False
    want = _minutes(*gold)
    hour, minute, mark = answer
    if mark is not None:
        return _minutes(hour, minute, mark) == want
    return (hour == gold[0] and minute == gold[1]) or hour * 60 + minute == want
