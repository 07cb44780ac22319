r"""Exact rational values of short LaTeX arithmetic, computed without sympy and bounded in size.

Exact numbers compare exactly: ``3^{-40}`` and ``3^{-41}`` agree to 19 decimal places but are different values,
and ``\frac{100!}{98!}`` is 9900, not a timeout. Anything outside integers, decimals, ``+ - \times \cdot / \div``,
``\frac``, ``\binom``, integer powers, ``!`` and brackets is not read here (``None``); so is any value whose
size passes :data:`MAX_BITS`, so the work per expression is bounded.

>>> exact_value(r"\frac{100!}{98!}"), exact_value(r"3^{-2}"), exact_value(r"2\cdot 10^{-8}")
(Fraction(9900, 1), Fraction(1, 9), Fraction(1, 50000000))
>>> exact_value(r"\sqrt{2}") is None, exact_value("x+1") is None
(True, True)
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache

from rewardcheck.rewards import rx
from rewardcheck.rewards.cache_bounds import EXACT_VALUES

__all__ = ["exact_value", "too_large", "is_literal", "MAX_BITS"]

MAX_CHARS = 200
MAX_BITS = 60_000  # ~18,000 decimal digits: a bigger intermediate is not read exactly (None)
MAX_FACTORIAL = 3000

_TOKEN = rx.compile(
    r"\s+|(\d+(?:\.\d*)?|\.\d+)|\\(?:times|cdot|div|frac|dfrac|tfrac|binom|dbinom|tbinom|left|right)(?![a-zA-Z])"
    r"|[-+*/^!(){}\[\]]"
)
_LITERAL = rx.compile(r"[-+]?(?:\d+(?:\.\d*)?|\.\d+)")


class _Unreadable(Exception):
    pass


class _TooLarge(_Unreadable):
    pass


def _tokens(s: str) -> list[str]:
    out: list[str] = []
    pos = 0
    while pos < len(s):
        m = _TOKEN.match(s, pos)
        if m is None:
            raise _Unreadable(s[pos : pos + 10])
        tok = m.group()
        pos = m.end()
        if tok.isspace() or tok in ("\\left", "\\right"):
            continue
        out.append(tok)
    return out


def _check(v: Fraction) -> Fraction:
    if v.numerator.bit_length() + v.denominator.bit_length() > MAX_BITS:
        raise _TooLarge("too large")
    return v


class _Parser:
    def __init__(self, toks: list[str]) -> None:
        self.toks = toks
        self.i = 0

    def peek(self) -> str | None:
        return self.toks[self.i] if self.i < len(self.toks) else None

    def take(self, want: str | None = None) -> str:
        tok = self.peek()
        if tok is None or (want is not None and tok != want):
            raise _Unreadable(f"expected {want}")
        self.i += 1
        return tok

    def expr(self) -> Fraction:
        v = self.term()
        while self.peek() in ("+", "-"):
            v = _check(v + self.term() if self.take() == "+" else v - self.term())
        return v

    def term(self) -> Fraction:
        v = self.unary()
        while self.peek() in ("*", "\\times", "\\cdot", "/", "\\div"):
            op = self.take()
            rhs = self.unary()
            if op in ("/", "\\div"):
                if rhs == 0:
                    raise _Unreadable("division by zero")
                v = _check(v / rhs)
            else:
                v = _check(v * rhs)
        return v

    def unary(self) -> Fraction:
        if self.peek() == "-":
            self.take()
            return -self.unary()
        if self.peek() == "+":
            self.take()
            return self.unary()
        return self.power()

    def power(self) -> Fraction:
        base = self.postfix()
        if self.peek() != "^":
            return base
        self.take()
        exp = self.group() if self.peek() == "{" else self.unary_atom()
        if exp.denominator != 1:
            raise _Unreadable("fractional exponent")
        e = exp.numerator
        if base == 0 and e < 0:
            raise _Unreadable("zero to a negative power")
        size = max(base.numerator.bit_length(), base.denominator.bit_length())
        if abs(e) * max(size, 1) > MAX_BITS:
            raise _TooLarge("power too large")
        return _check(base**e)

    def unary_atom(self) -> Fraction:
        if self.peek() == "-":
            self.take()
            return -self.postfix()
        return self.postfix()

    def postfix(self) -> Fraction:
        v = self.atom()
        while self.peek() == "!":
            self.take()
            if v.denominator != 1 or v.numerator < 0:
                raise _Unreadable("factorial of a non-natural number")
            if v.numerator > MAX_FACTORIAL:
                raise _TooLarge("factorial too large")
            out = 1
            for k in range(2, v.numerator + 1):
                out *= k
            v = _check(Fraction(out))
        return v

    def frac_arg(self) -> Fraction:
        """A ``\\frac`` argument: a braced group, or one digit of the shorthand ``\\frac13`` / ``\\frac1{8}``."""
        tok = self.peek()
        if tok is None or not tok.isdigit():
            return self.group()
        self.i += 1
        if len(tok) > 1:
            self.toks.insert(self.i, tok[1:])  # \frac13: the first digit is the numerator, the rest follows
        return Fraction(int(tok[0]))

    def group(self) -> Fraction:
        self.take("{")
        v = self.expr()
        self.take("}")
        return v

    def atom(self) -> Fraction:
        tok = self.take()
        if tok[0].isdigit() or tok[0] == ".":
            return Fraction(tok)
        if tok == "{":
            v = self.expr()
            self.take("}")
            return v
        if tok in ("(", "["):
            v = self.expr()
            self.take(")" if tok == "(" else "]")
            return v
        if tok in ("\\frac", "\\dfrac", "\\tfrac"):
            num, den = self.frac_arg(), self.frac_arg()
            if den == 0:
                raise _Unreadable("division by zero")
            return _check(num / den)
        if tok in ("\\binom", "\\dbinom", "\\tbinom"):
            n, k = self.group(), self.group()
            if n.denominator != 1 or k.denominator != 1 or not 0 <= n.numerator <= MAX_FACTORIAL:
                raise _Unreadable("binomial out of range")
            nn, kk = n.numerator, k.numerator
            if not 0 <= kk <= nn:
                return Fraction(0)
            out = 1
            for j in range(min(kk, nn - kk)):
                out = out * (nn - j) // (j + 1)
            return _check(Fraction(out))
        raise _Unreadable(tok)


@lru_cache(maxsize=EXACT_VALUES)
def _evaluate(s: str) -> tuple[Fraction | None, bool]:
    s = s.strip().replace("{,}", "")
    if not s or len(s) > MAX_CHARS:
        return None, False
    try:
        p = _Parser(_tokens(s))
        v = p.expr()
        if p.peek() is not None:
            return None, False
        return v, False
    except _TooLarge:
        return None, True
    except (_Unreadable, ZeroDivisionError, ValueError, OverflowError, RecursionError):
        return None, False


def exact_value(s: str) -> Fraction | None:
    """The exact rational value of ``s``, or ``None`` when it is not plain bounded arithmetic."""
    return _evaluate(s)[0]


def too_large(s: str) -> bool:
    """Plain arithmetic whose value (or an intermediate) passes :data:`MAX_BITS`: ``((10^{999})^{999})^{999}``,
    ``(10^{10})!``. sympy would compute it in process without a bound, so it goes to the isolated worker.

    >>> too_large(r"((10^{999})^{999})^{999}"), too_large(r"(10^{10})!"), too_large("10^{9}")
    (True, True, False)
    """
    return _evaluate(s)[1]


def integer_digits(s: str) -> str | None:
    r"""The digits of ``s`` when it is an integer, its sign allowed (``"-12"`` -> ``"12"``); else ``None``. A
    final newline is allowed, as a pattern's ``$`` allows it.

    >>> integer_digits("+007"), integer_digits("-12\n"), integer_digits("1.5"), integer_digits("-")
    ('007', '12', None, None)
    """
    body = s.removesuffix("\n")
    body = body[1:] if body.startswith(("-", "+")) else body
    return body if body.isdecimal() else None  # str.isdecimal is exactly the \d of a pattern


def is_literal(s: str) -> bool:
    """A number written out (``-12``, ``0.75``, ``1{,}000``), not an expression still to be computed."""
    return _LITERAL.fullmatch(s.strip().replace("{,}", "").replace(",", "")) is not None
