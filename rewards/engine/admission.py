r"""Admission by size: may an expression be handed to sympy at all? Decided from the text, before any work.

sympy's big-integer and factorial work runs in C without a check, so no work counter can stop it: an
expression whose size could make sympy compute a number of millions of digits, expand a polynomial of huge
degree or recurse past any budget is refused here, with its reason, and the same text always gets the same
decision. What is admitted is parsed and verified in the isolated worker under its work budget
(:mod:`rewardcheck.rewards.engine.budget`); what is refused gets the verdict "too large to compare".

The measures (see :class:`Sizes`): characters, tokens (node count), bracket nesting depth, the longest number
literal, powers whose exponent holds another power (towers), the size of every integer exponent against the
size of its base, factorial and Gamma arguments, binomial, sum and product bounds.

>>> admit(r"x^{\sum_{k=1}^{4} k}").admitted, admit(r"\frac{4!}{2} x").admitted
(True, True)
>>> admit(r"9^{9^{9^{9}}}").reason
'too large to compare: a power tower'
>>> admit(r"\Gamma(10^{7})").reason
'too large to compare: a Gamma argument past 1000'
>>> admit(r"(10^{10})!").reason
'too large to compare: a factorial argument past 1000'
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from rewardcheck.rewards import rx
from rewardcheck.rewards.cache_bounds import ADMISSIONS

from .exact import exact_value

__all__ = ["Admission", "Sizes", "admit", "MAX_CHARS", "MAX_TOKENS", "MAX_DEPTH", "MAX_DIGITS"]

MAX_CHARS = 3000
MAX_TOKENS = 600  # node count: numbers, letters, commands, operators
MAX_DEPTH = 12  # bracket nesting
MAX_DIGITS = 300  # one number literal
MAX_INTEGER_ARG = 1000  # factorial, Gamma, binomial, sum and product bounds
MAX_POWER_BITS = 200_000  # |exponent| * bits(base) for a number raised to an integer
MAX_SYMBOLIC_EXPONENT = 200  # a symbolic base's integer exponent (the degree of an expansion)
MAX_POWERS = 40
# sympy's special functions that evaluate integer arguments through factorials or recursion
_GAMMA_LIKE = ("\\Gamma", "\\gamma", "\\operatorname{Gamma}", "\\operatorname{gamma}")
_BOUNDED = ("\\binom", "\\dbinom", "\\tbinom", "\\sum", "\\prod")

_TOKEN = rx.compile(r"\\[a-zA-Z]+|\d+(?:\.\d+)?|\S")
_POWER = rx.compile(r"\^|\*\*")
_DIGITS = rx.compile(r"\d+")


@dataclass(frozen=True)
class Sizes:
    """What admission measured (every field is a count or a bound read from the text)."""

    chars: int
    tokens: int
    depth: int
    longest_number: int
    powers: int


@dataclass(frozen=True)
class Admission:
    """``admitted`` and, when refused, the ``reason`` (always starting "too large to compare")."""

    admitted: bool
    reason: str
    sizes: Sizes


def _depth(s: str) -> int:
    depth = deepest = 0
    for ch in s:
        if ch in "{([":
            depth += 1
            deepest = max(deepest, depth)
        elif ch in "})]":
            depth -= 1
    return deepest


def _group(s: str, pos: int) -> tuple[str, int] | None:
    """The braced/bracketed group or the single token at ``s[pos:]`` (spaces skipped): ``(text, end)``."""
    while pos < len(s) and s[pos].isspace():
        pos += 1
    if pos >= len(s):
        return None
    pairs = {"{": "}", "(": ")", "[": "]"}
    if s[pos] in pairs:
        open_, close = s[pos], pairs[s[pos]]
        depth = 0
        for end in range(pos, len(s)):
            if s[end] == open_:
                depth += 1
            elif s[end] == close:
                depth -= 1
                if depth == 0:
                    return s[pos + 1 : end], end + 1
        return s[pos + 1 :], len(s)
    m = _TOKEN.match(s, pos)
    if m is None:
        return None
    tok = m.group()
    if tok.isdigit() and s[pos - 1 : pos] == "^" or (pos >= 1 and s[pos - 1] == "^"):
        tok = tok[0]  # x^23 is x^2 * 3 in LaTeX
    return tok, pos + len(tok)


def _magnitude(arg: str) -> int | None:
    """The absolute integer value of ``arg`` when it is plain bounded arithmetic, else None."""
    v = exact_value(arg.replace("\\left", "").replace("\\right", ""))
    if v is None:
        return None
    return abs(v.numerator // v.denominator) if v.denominator != 0 else None


def _longest_digits(s: str) -> int:
    """The length of the longest run of digits in ``s`` (0 when it has none)."""
    return max((len(d) for d in _DIGITS.findall(s)), default=0)


def _trailing_digits(s: str) -> str:
    """The run of digits ``s`` ends with (``""`` when it ends otherwise)."""
    k = len(s)
    while k and s[k - 1].isdecimal():  # str.isdecimal is exactly the \d of a pattern
        k -= 1
    return s[k:]


def _trailing_number(s: str) -> str:
    """The number ``s`` ends with, digits and an optional decimal part (``"x+2.5"`` -> ``"2.5"``)."""
    decimals = _trailing_digits(s)
    head = s[: len(s) - len(decimals)]
    whole = _trailing_digits(head[:-1]) if decimals and head.endswith(".") else ""
    return f"{whole}.{decimals}" if whole else decimals


def _past_bound(size: int | None, text: str) -> bool:
    """Is an integer argument (``size``, read from ``text``) past :data:`MAX_INTEGER_ARG`? Unread (``None``),
    the text may be: four digits or a power in it say so."""
    if size is None:
        return "^" in text or _longest_digits(text) >= 4
    return size > MAX_INTEGER_ARG


def _base_bits(s: str, caret: int) -> int | None:
    """Bits of the base right before ``s[caret] == '^'`` when it is a number (or a bracket of arithmetic)."""
    left = s[:caret].rstrip()
    number = _trailing_number(left)
    if number:
        return max(1, int(float(number) + 1).bit_length()) if len(number) < 300 else 1000
    inner = _closing_group(left)
    if inner is not None:
        v = exact_value(inner)
        if v is None:
            return None
        return max(1, v.numerator.bit_length(), v.denominator.bit_length())
    return None


def _closing_group(left: str) -> str | None:
    """The inside of the bracket group ``left`` ends with (``(...)`` or ``{...}``), or None.

    >>> _closing_group("2 + (3 + (4))"), _closing_group("x^{2}"), _closing_group("7")
    ('3 + (4)', '2', None)
    """
    if not left.endswith((")", "}")):
        return None
    close = left[-1]
    open_ = "(" if close == ")" else "{"
    depth = 0
    for k in range(len(left) - 1, -1, -1):
        if left[k] == close:
            depth += 1
        elif left[k] == open_:
            depth -= 1
            if depth == 0:
                return left[k + 1 : -1]
    return None


def _inner_exponents(s: str) -> list[int | None]:
    out: list[int | None] = []
    for m in _POWER.finditer(s):
        got = _group(s, m.end())
        out.append(_magnitude(got[0]) if got is not None else None)
    return out


def _tower_height(s: str, depth: int = 0) -> int:
    """How many powers stack inside ``s`` (``2^{3}``: 1, ``2^{3^{4}}``: 2)."""
    best = 0
    if depth > 8:
        return 9
    for m in _POWER.finditer(s):
        got = _group(s, m.end())
        if got is not None:
            best = max(best, 1 + _tower_height(got[0], depth + 1))
    return best


def _powers(s: str) -> str | None:
    count = 0
    for m in _POWER.finditer(s):
        count += 1
        if count > MAX_POWERS:
            return f"more than {MAX_POWERS} powers"
        got = _group(s, m.end())
        if got is None:
            continue
        exponent = got[0]
        if exponent.strip() in ("\\circ", "\\prime"):
            continue
        size = _magnitude(exponent)
        if _tower_height(exponent) >= 2 or "\\exp" in exponent:
            return "a power tower"
        if size is None:
            if _longest_digits(exponent) >= 4:
                return "an exponent past 1000"
            inner = _inner_exponents(exponent)
            if any(e is None or e > 99 for e in inner):
                return "a power tower"
            continue
        bits = _base_bits(s, m.start())
        if bits is None:
            if size > MAX_SYMBOLIC_EXPONENT:
                return f"an exponent {size} > {MAX_SYMBOLIC_EXPONENT} on a symbolic base"
        elif size * bits > MAX_POWER_BITS:
            return f"a power of about {size * bits} bits"
    if rx.search(r"(?:\^|\*\*)[^()]*\)\s*(?:\^|\*\*)\s*\{?\s*\d{2,}", s) and _longest_digits(s) >= 3:
        return "a power of a power"
    return None


def _command_ends(s: str, name: str) -> list[int]:
    """Where each use of the command ``name`` (``\\Gamma``) in ``s`` ends: not where a longer name starts."""
    ends = []
    at = s.find(name)
    while at >= 0:
        end = at + len(name)
        after = s[end : end + 1]
        if not (after.isascii() and after.isalpha()):
            ends.append(end)
        at = s.find(name, at + 1)
    return ends


def _integer_args(s: str) -> str | None:
    for bang, ch in enumerate(s):
        if ch != "!" or s[bang + 1 : bang + 2] == "=":
            continue  # a relation != is not a factorial
        left = s[:bang].rstrip()
        arg: str | None = _closing_group(left)
        if not left.endswith((")", "}")):
            arg = _trailing_digits(left) or None
        if arg is not None and _past_bound(_magnitude(arg), arg):
            return f"a factorial argument past {MAX_INTEGER_ARG}"
    for name in _GAMMA_LIKE:
        for end in _command_ends(s, name):
            got = _group(s, end)
            rest = s[end:].lstrip()
            arg = got[0] if got is not None else ""
            if rest[:1].isdigit():
                arg = _DIGITS.match(rest).group()  # type: ignore[union-attr]
            if _past_bound(_magnitude(arg), arg):
                return f"a Gamma argument past {MAX_INTEGER_ARG}"
    for name in _BOUNDED:
        for end in _command_ends(s, name):
            pos = end
            for _ in range(2):  # \binom{n}{k}; \sum_{lower}^{upper}
                while pos < len(s) and s[pos] in " _^":
                    pos += 1
                got = _group(s, pos)
                if got is None:
                    break
                text, pos = got
                if _past_bound(_magnitude(text.split("=")[-1]), text):
                    return f"a {name[1:]} bound past {MAX_INTEGER_ARG}"
    return None


@lru_cache(maxsize=ADMISSIONS)
def admit(expr: str) -> Admission:
    """Admit ``expr`` to sympy, or refuse it with its reason; deterministic, from the text alone."""
    tokens = _TOKEN.findall(expr[: MAX_CHARS + 1])
    numbers = [len(t) for t in tokens if t[:1].isdigit()]
    sizes = Sizes(len(expr), len(tokens), _depth(expr), max(numbers, default=0), expr.count("^"))
    why: str | None = None
    if sizes.chars > MAX_CHARS:
        why = f"{sizes.chars} characters > {MAX_CHARS}"
    elif sizes.tokens > MAX_TOKENS:
        why = f"{sizes.tokens} tokens > {MAX_TOKENS}"
    elif sizes.depth > MAX_DEPTH:
        why = f"nesting depth {sizes.depth} > {MAX_DEPTH}"
    elif sizes.longest_number > MAX_DIGITS:
        why = f"a number of {sizes.longest_number} digits > {MAX_DIGITS}"
    else:
        why = _powers(expr) or _integer_args(expr)
    if why is None:
        return Admission(True, "", sizes)
    return Admission(False, f"too large to compare: {why}", sizes)
