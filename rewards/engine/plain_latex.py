r"""A value in plain LaTeX read without the LaTeX grammar: the value math-verify's parse gives it, node for
node, in a fraction of the time.

latex2sympy2_extended (1.11.0) parses with ANTLR, about 1-3 ms for an ordinary answer and more where its
SLL stage fails (every ``x^2``: :mod:`rewardcheck.rewards.two_stage_parse`). This reader takes only sums of
products of integers, one-letter variables of :data:`LETTERS`, ``\pi``, ``\frac{..}{..}``, ``\sqrt{..}``,
``\sqrt[n]{..}`` and bracketed sums, each with an optional integer or braced exponent, and builds what
latex2sympy's conversion builds for them (learned from latex2sympy2_extended 1.11.0's ``convert_add``,
``convert_unary``, ``convert_postfix_list``, ``convert_exp``, ``convert_frac`` and ``convert_func``):
unevaluated ``Add``/``Mul``/``Pow`` flattened as its ``add_flat``/``mul_flat`` flatten; a product read from
the right, an integer before a positive rational being a mixed number (``2\frac{1}{2}`` is 5/2); a negated or
subtracted number negated, any other term multiplied by -1; a fraction of two integers a ``Rational``, any
other fraction a product with the power -1 of its denominator; roots as powers; math-verify's variables real.
Anything else returns ``None`` and goes to math-verify; the caller also leaves to it any text math-verify's
normalisation would change (units, ``\dfrac``, ``\left``). ``tests/engine/test_plain_latex.py`` compares the two
node for node on generated values and on every fixture expression.

>>> plain_value("x^2 - 51x - 1513")
x**2 - 1*51*x - 1513
>>> plain_value(r"\frac{\sqrt{3}}{2}"), plain_value(r"2\frac{1}{2}"), plain_value(r"\sin x") is None
(sqrt(3)/2, 5/2, True)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

__all__ = ["plain_value", "LETTERS", "MAX_DIGITS", "MAX_CHARS"]

# One-letter variables read here. Left out, each on evidence of math-verify's parse: letters its unit
# normalisation reads as units wherever they stand ("3m", "x+3s", "51t"; the caller also leaves to math-verify
# any text its normalisation changes, as "5yr" or "3c"), "tr" (read as an operator), e and i (Euler's number
# and the imaginary unit), d (a differential), and letters that spell a function's name with these ("cos",
# "ln", "max", "gcd").
LETTERS = frozenset("abcknpqruvwxyz")
MAX_DIGITS = 9  # the pre-screen's bound per number literal
MAX_CHARS = 80
MAX_DEPTH = 4  # brackets, fractions and roots inside one another


class _NotPlain(Exception):
    """The text leaves this reader's shapes: math-verify reads it."""


@dataclass
class _Reader:
    s: str
    i: int = 0
    depth: int = 0
    named_before: bool = False  # the last item read is a letter or \\pi, or a power of one

    def peek(self) -> str:
        return self.s[self.i] if self.i < len(self.s) else ""

    def skip(self) -> None:
        while self.peek() == " ":
            self.i += 1

    def take(self, word: str) -> bool:
        if self.s.startswith(word, self.i):
            self.i += len(word)
            return True
        return False

    def expect(self, word: str) -> None:
        self.skip()
        if not self.take(word):
            raise _NotPlain(word)

    def command(self, name: str) -> bool:
        """``\\name`` here, not the start of a longer command name."""
        end = self.i + len(name) + 1
        if self.s.startswith("\\" + name, self.i) and not self.s[end : end + 1].isalpha():
            self.i = end
            return True
        return False


def _negated(term: Any) -> Any:
    """A negated or subtracted term as latex2sympy writes it: a number negated, anything else times -1."""
    from sympy import Integer

    return -term if term.is_Number else _mul_flat(Integer(-1), term)


def _mul_flat(lh: Any, rh: Any) -> Any:
    from sympy import Mul

    args = (list(lh.args) if lh.is_Mul else [lh]) + (list(rh.args) if rh.is_Mul else [rh])
    return Mul(*args, evaluate=False)


def _add_flat(lh: Any, rh: Any) -> Any:
    from sympy import Add

    args = (list(lh.args) if lh.is_Add else [lh]) + (list(rh.args) if rh.is_Add else [rh])
    return Add(*args, evaluate=False)


def _sum(r: _Reader) -> Any:
    """Terms joined by + and -, with a sign before the first."""
    r.skip()
    sign = "+"
    if r.peek() in ("+", "-"):
        sign = r.peek()
        r.i += 1
    total = _term(r)
    if sign == "-":
        total = _negated(total)
    while True:
        r.skip()
        op = r.peek()
        if op not in ("+", "-"):
            return total
        r.i += 1
        r.skip()
        if r.peek() in ("+", "-"):
            raise _NotPlain("two signs")
        term = _term(r)
        total = _add_flat(total, _negated(term) if op == "-" else term)


def _term(r: _Reader) -> Any:
    """Items written side by side: a product read from the right (``convert_postfix_list``)."""
    items = [_item(r)]
    while True:
        r.skip()
        c = r.peek()
        if not (c and c.isascii() and (c.isdigit() or c in LETTERS or c in "(\\")):
            break
        if c == "\\" and not r.s.startswith(("\\pi", "\\frac", "\\sqrt"), r.i):
            raise _NotPlain("command")
        if c == "(" and r.named_before:
            raise _NotPlain("a name before a bracket")  # "a(0)", "\\pi(0)", "x^2(3)" are a function's value
        items.append(_item(r))
    return _product(items)


def _product(items: list[Any]) -> Any:
    from sympy import Rational

    value = items[-1]
    for left in reversed(items[:-1]):
        if left.is_Integer and value.is_Rational and value.p > 0 and value.q > 0:  # a mixed number
            sign = -1 if left < 0 else 1
            value = Rational(left * value.q + sign * value.p, value.q)
        else:
            value = _mul_flat(left, value)
    return value


def _item(r: _Reader) -> Any:
    from sympy import Pow

    named = r.peek() in LETTERS or r.s.startswith("\\pi", r.i)
    base = _base(r)
    if r.peek() == "^":
        r.i += 1
        exponent = _exponent(r)
        base = Pow(base, exponent, evaluate=False)
        if r.peek() == "^":
            raise _NotPlain("a power of a power")
    r.named_before = named
    return base


def _exponent(r: _Reader) -> Any:
    from sympy import Integer

    c = r.peek()
    if c.isascii() and c.isdigit():
        r.i += 1
        if r.peek().isdigit():
            raise _NotPlain("digits after a one-digit exponent")  # "x^23" is read otherwise
        return Integer(int(c))
    if c == "{":
        r.i += 1
        return _inner(r, "}")
    raise _NotPlain("exponent")


def _inner(r: _Reader, close: str) -> Any:
    """A sum up to ``close`` (a brace or bracket group), bounded in depth."""
    r.depth += 1
    if r.depth > MAX_DEPTH:
        raise _NotPlain("depth")
    value = _sum(r)
    r.expect(close)
    r.depth -= 1
    return value


def _base(r: _Reader) -> Any:
    from sympy import Integer, Symbol, pi

    c = r.peek()
    if c.isascii() and c.isdigit():
        start = r.i
        while r.peek().isascii() and r.peek().isdigit():
            r.i += 1
        if r.i - start > MAX_DIGITS or r.peek() in (".", ",") or (r.s[start] == "0" and r.i - start > 1):
            raise _NotPlain("number")  # a decimal, a grouped number, a lead zero ("00" is read otherwise)
        return Integer(int(r.s[start : r.i]))
    if c in LETTERS and c.isascii():
        r.i += 1
        return Symbol(c, real=True)
    if c == "(":
        r.i += 1
        return _inner(r, ")")
    if r.command("pi"):
        return pi
    if r.command("frac"):
        return _fraction(r)
    if r.command("sqrt"):
        return _root(r)
    raise _NotPlain(c)


def _fraction(r: _Reader) -> Any:
    from sympy import Mul, Pow, Rational

    r.expect("{")
    top = _inner(r, "}")
    r.expect("{")
    bottom = _inner(r, "}")
    if top.is_Integer and bottom.is_Integer:
        if bottom == 0:
            raise _NotPlain("a zero denominator")
        return Rational(top, bottom)
    return Mul(top, Pow(bottom, -1, evaluate=False), evaluate=False)


def _root(r: _Reader) -> Any:
    from sympy import Pow, S

    index = None
    r.skip()
    if r.take("["):
        index = _inner(r, "]")
        if not (index.is_Integer and index > 1):
            raise _NotPlain("root index")
    r.expect("{")
    radicand = _inner(r, "}")
    return Pow(radicand, S.Half if index is None else 1 / index, evaluate=False)


def plain_value(expr: str) -> Any | None:
    """The sympy value math-verify's parse gives ``expr`` when it is of this reader's shapes, else None
    (before the caller's normalisation check)."""
    s = expr.strip()
    if not s or len(s) > MAX_CHARS:
        return None
    r = _Reader(s)
    try:
        value = _sum(r)
    except _NotPlain:
        return None
    r.skip()
    return value if r.i == len(s) else None
