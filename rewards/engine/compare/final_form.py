r"""Is an equal answer in final form? An integer or decimal gold answered by an expression still to compute,
or an unsimplified radical, is not (refused under ``EngineConfig.allow_unevaluated``: ``refuse.unevaluated``).

>>> from ..gold import parse_gold
>>> final_form("8 \\times 9", parse_gold("72"))
"unevaluated expression '8 \\\\times 9' for the numeric gold '72'"
>>> final_form("3/4", parse_gold("0.75")) is None, final_form("\\sqrt{72}", parse_gold("6\\sqrt{2}"))
(True, 'unsimplified radical \\sqrt{72}')
>>> final_form("\\frac{-3}{2}", parse_gold("-1.5")), final_form("2\\frac{1}{2}", parse_gold("2.5"))
(None, None)
"""

from __future__ import annotations

from math import isqrt

from rewardcheck.rewards import rx

from ..config import EngineConfig
from ..exact import is_literal
from ..gold import GoldParse
from ..text import normalise
from .numbers import UNIT_TEXT, number_gold

__all__ = ["final_form", "unevaluated_policy", "unsimplified_radical"]

_ASSIGNED = rx.compile(r"^[a-zA-Z](?:_\{?\w+\}?)?=")
# ``\frac12`` and ``\frac1{8}`` are the shorthand of ``\frac{1}{2}``, ``\frac{1}{8}``: the same final form;
# a sign may sit in the numerator (``\frac{-3}{2}``), and a whole number may lead (``2\frac{1}{2}``, from "2½")
_SIMPLE_FRACTION = rx.compile(
    r"^-?(?:\d+\s?)?(?:\\frac\{-?\d+(?:\.\d+)?\}\{\d+(?:\.\d+)?\}|\\frac\d(?:\d|\{\d+\})|\\frac\{\d+\}\d|\d+/\d+)$"
)
# scientific notation, or a power of ten alone ("10^6" writes a million as "1 \times 10^6" does; not "2^{10}")
_SCIENTIFIC = rx.compile(r"^-?(?:\d+(?:\.\d+)?(?:\\times|\\cdot|\*))?10\^\{?-?\d+\}?$")
_SQRT_INT = rx.compile(r"\\sqrt\{(\d{1,12})\}")


def final_form(answer: str, gold: GoldParse) -> str | None:
    """Why ``answer`` is not in final form for this gold (``None`` when it is): an integer or decimal gold
    answered by an expression still to compute (``8 \\times 9``, ``\\binom{6}{3}``), or an unsimplified
    radical (``\\sqrt{72}`` for ``6\\sqrt{2}``)."""
    if number_gold(gold):
        s = _ASSIGNED.sub("", UNIT_TEXT.sub("", normalise(answer)))
        if is_literal(s) or _SCIENTIFIC.match(s):
            return None
        if _SIMPLE_FRACTION.match(s) and "." in gold.norm:
            return None  # 3/4 for a decimal gold 0.75 is a final answer; 12/3 for a gold of 4 is not
        return f"unevaluated expression {answer[:40]!r} for the numeric gold {gold.norm[:20]!r}"
    if unsimplified_radical(gold.norm) is None:
        n = unsimplified_radical(normalise(answer))
        if n is not None:
            return f"unsimplified radical \\sqrt{{{n}}}"
    return None


def unsimplified_radical(s: str) -> int | None:
    """The first ``\\sqrt{n}`` in ``s`` with a square factor (bounded: at most 16 radicals, factors < 10^4)."""
    for m in list(_SQRT_INT.finditer(s[:2000]))[:16]:
        n = int(m.group(1))
        if any(n % (k * k) == 0 for k in range(2, min(isqrt(n), 10_000) + 1)):
            return n
    return None


def unevaluated_policy(config: EngineConfig, prompt: str | None) -> bool:
    """Is an equal but unevaluated answer (``\\sqrt{50}`` for ``5\\sqrt{2}``) paid? ``allow_unevaluated``
    ``None`` (default): yes when the prompt is known (an echo of the prompt's own expression is refused by
    :func:`.echo.echo`), no without it (an echo cannot be told from work)."""
    if config.allow_unevaluated is None:
        return bool(prompt)
    return config.allow_unevaluated
