r"""Golds as a user's dataset writes them: a bare value (GSM8K's answer after ``####`` taken out, MATH's
``\frac{1}{2}``), ``$...$`` (open-r1's LaTeX golds), ``\boxed{...}``, GSM8K's whole answer ending in
``#### 18``, a whole worked solution ending in a boxed answer (NuminaMath, open-r1's data), or whatever a
user's own function renders.

The checker's cases, attacks and strategies hold gold *values* (``"390"``, ``"\frac{1}{2}"``); a
:class:`GoldFormat` renders a value as the reward will see it, so a reward that compares the last box with a
bare string is checked against bare golds, never against ``$390$`` it cannot read. A case whose point is a
gold written one particular way (an unparseable gold, a raw-LaTeX gold) holds it :class:`AsWritten`.

>>> [GOLD_FORMATS[s].render("3") for s in (GoldStyle.DOLLAR, GoldStyle.BARE, GoldStyle.BOXED)]
['$3$', '3', '\\boxed{3}']
>>> print(GOLD_FORMATS[GoldStyle.GSM8K].render("18"))
Work it out step by step: the result is the value below.
#### 18
>>> gold_format("gsm8k").name, gold_format("$").name, gold_format(str.upper).name
('####', '$', 'custom:upper')
>>> [style_of(g).value for g in ("$3$", "3", "\\boxed{3}", "x\n#### 3", "So $\\boxed{3}$.")]
['$', 'bare', '\\boxed', '####', 'solution']
>>> value_of("Natalia sold 48 clips.\n#### 72"), value_of("The answer is $\\boxed{\\frac{1}{2}}$.")
('72', '\\frac{1}{2}')
>>> choice = infer_gold_format(["#### 3", "a\n#### 18", "$4$"])
>>> choice.format.name, choice.counts
('####', {'####': 2, '$': 1})
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from enum import Enum

from rewardcheck.bench.errors import InputError

__all__ = [
    "GoldFormatError",
    "AsWritten",
    "GoldStyle",
    "GoldFormat",
    "GOLD_FORMATS",
    "DETECTION_ORDER",
    "DOLLAR",
    "InferredFormat",
    "GoldSpec",
    "gold_format",
    "infer_gold_format",
    "style_of",
    "value_of",
    "last_boxed",
]


class GoldFormatError(InputError):
    """A gold format that is no known name, or a sample with no gold in it."""


class GoldStyle(Enum):
    """How a dataset writes its golds."""

    DOLLAR = "$"
    BARE = "bare"
    BOXED = "\\boxed"
    GSM8K = "####"
    SOLUTION = "solution"
    CUSTOM = "custom"


# The body of a rendered whole solution: no digit in it, so a reward that reads a solution's last number (or
# its first) finds only the value.
_SOLUTION_BODY = "We work through the problem step by step and check each step."
_GSM8K_BODY = "Work it out step by step: the result is the value below."


@dataclass(frozen=True)
class GoldFormat:
    """One way to write a gold: a named style, or a user's own ``renderer`` (``CUSTOM``)."""

    style: GoldStyle
    renderer: Callable[[str], str] | None = field(default=None, compare=False, repr=False)
    label: str = ""  # a custom renderer's name

    @property
    def name(self) -> str:
        return f"custom:{self.label}" if self.style is GoldStyle.CUSTOM else self.style.value

    def render(self, value: str) -> str:
        """``value`` written as this format writes a gold."""
        if self.style is GoldStyle.CUSTOM:
            assert self.renderer is not None
            return str(self.renderer(value))
        if self.style is GoldStyle.DOLLAR:
            return f"${value}$"
        if self.style is GoldStyle.BOXED:
            return f"\\boxed{{{value}}}"
        if self.style is GoldStyle.GSM8K:
            return f"{_GSM8K_BODY}\n#### {value}"
        if self.style is GoldStyle.SOLUTION:
            return f"{_SOLUTION_BODY}\nTherefore, the answer is $\\boxed{{{value}}}$."
        return value

    def describe(self) -> str:
        """The name with an example: ``$ ('$390$')``."""
        return f"{self.name} ({self.render('390')!r})"


GOLD_FORMATS: dict[GoldStyle, GoldFormat] = {s: GoldFormat(s) for s in GoldStyle if s is not GoldStyle.CUSTOM}
DOLLAR = GOLD_FORMATS[GoldStyle.DOLLAR]
# The order in which formats are tried when neither a format nor golds are given: ``$`` first (open-r1's and
# TRL's LaTeX golds, what the checker wrote before it could choose), then the other ways datasets write them.
DETECTION_ORDER: tuple[GoldFormat, ...] = tuple(
    GOLD_FORMATS[s]
    for s in (GoldStyle.DOLLAR, GoldStyle.BARE, GoldStyle.BOXED, GoldStyle.GSM8K, GoldStyle.SOLUTION)
)

_ALIASES: dict[str, GoldStyle] = {
    "$": GoldStyle.DOLLAR,
    "dollar": GoldStyle.DOLLAR,
    "latex": GoldStyle.DOLLAR,
    "bare": GoldStyle.BARE,
    "plain": GoldStyle.BARE,
    "\\boxed": GoldStyle.BOXED,
    "boxed": GoldStyle.BOXED,
    "####": GoldStyle.GSM8K,
    "gsm8k": GoldStyle.GSM8K,
    "solution": GoldStyle.SOLUTION,
    "whole": GoldStyle.SOLUTION,
    "whole_solution": GoldStyle.SOLUTION,
}

GoldSpec = str | GoldFormat | Callable[[str], str]


def gold_format(spec: GoldSpec) -> GoldFormat:
    """A format from a name (``bare``, ``$``/``dollar``, ``\\boxed``/``boxed``, ``####``/``gsm8k``,
    ``solution``/``whole``), a :class:`GoldFormat`, or a callable that renders a value."""
    if isinstance(spec, GoldFormat):
        return spec
    if isinstance(spec, str):
        style = _ALIASES.get(spec.strip().lower())
        if style is None:
            raise GoldFormatError(
                f"unknown gold format {spec!r}; choose one of bare, $, \\boxed, ####, solution "
                "(or pass a function that renders a value)"
            )
        return GOLD_FORMATS[style]
    if callable(spec):
        return GoldFormat(GoldStyle.CUSTOM, spec, getattr(spec, "__name__", type(spec).__name__))
    raise TypeError(f"a gold format is a name or a function, not {type(spec).__name__}")


@dataclass(frozen=True)
class AsWritten:
    """A gold kept exactly as written, whatever the check's format: a case about one way of writing golds
    (``N/A``, a raw-LaTeX ``2\\sqrt{2}``) or a gold already rendered in a chosen format."""

    text: str


def last_boxed(text: str) -> str | None:
    """The content of the last ``\\boxed{...}`` (nested braces matched), or ``None``.

    >>> last_boxed("\\\\boxed{1} then \\\\boxed{\\\\frac{1}{2}}")
    '\\\\frac{1}{2}'
    """
    start = text.rfind("\\boxed{")
    if start < 0:
        return None
    depth, i = 1, start + len("\\boxed{")
    while i < len(text) and depth:
        depth += {"{": 1, "}": -1}.get(text[i], 0)
        i += 1
    return text[start + len("\\boxed{") : i - 1] if depth == 0 else None


def _unwrapped_box(text: str) -> str | None:
    """The content when ``text`` is one box and nothing else (``\\boxed{3}``, ``$\\boxed{3}$``)."""
    t = text.strip().strip("$").strip()
    if not t.startswith("\\boxed{") or not t.endswith("}"):
        return None
    inner = last_boxed(t)
    return inner if inner is not None and t == f"\\boxed{{{inner}}}" else None


def style_of(gold: str) -> GoldStyle:
    """The style one written gold is in."""
    if "####" in gold:
        return GoldStyle.GSM8K
    if "\\boxed{" in gold:
        return GoldStyle.BOXED if _unwrapped_box(gold) is not None else GoldStyle.SOLUTION
    t = gold.strip()
    if len(t) >= 2 and t.startswith("$") and t.endswith("$"):
        return GoldStyle.DOLLAR
    return GoldStyle.BARE


def value_of(gold: str) -> str:
    """The value a written gold states: after the last ``####``, in the last box, inside ``$...$``."""
    style = style_of(gold)
    if style is GoldStyle.GSM8K:
        return gold.rsplit("####", 1)[1].strip()
    if style in (GoldStyle.BOXED, GoldStyle.SOLUTION):
        return (last_boxed(gold) or "").strip()
    if style is GoldStyle.DOLLAR:
        return gold.strip().strip("$").strip()
    return gold.strip()


@dataclass(frozen=True)
class InferredFormat:
    """The format of a sample of golds: the most common style, with how many golds had each."""

    format: GoldFormat
    counts: dict[str, int]
    values: tuple[str, ...]  # the sample's values, distinct, in order


def infer_gold_format(golds: Sequence[str]) -> InferredFormat:
    """The format most of ``golds`` are written in (ties go to the detection order)."""
    written = [g for g in golds if isinstance(g, str) and g.strip()]
    if not written:
        raise GoldFormatError("no gold in the sample: pass a few of your dataset's gold strings")
    counts = Counter(style_of(g) for g in written)
    order = [f.style for f in DETECTION_ORDER]
    best = max(counts, key=lambda s: (counts[s], -order.index(s)))
    values = tuple(dict.fromkeys(v for v in (value_of(g) for g in written) if v))
    return InferredFormat(GOLD_FORMATS[best], {s.value: n for s, n in counts.most_common()}, values)
