r"""Exact comparison without sympy: polynomials, rational functions, square roots, sets, tuples and intervals.

An expression of the *canonical grammar* is read into a canonical form over the exact rationals: a rational
function ``N/D`` whose numerator and denominator are polynomials in the letters (and ``\pi``, transcendental,
so a letter too) with coefficients in ``Q(\sqrt{2}, \sqrt{3}, ...)``. A term is a coefficient times a sorted
tuple of ``(letter, exponent)`` times the square root of a square-free integer; those terms are linearly
independent over ``Q``, so two forms are equal exactly when ``N1*D2 - N2*D1`` has no term left: the same
answer in any term order, expanded or factored, is equal, and a different one is different, with no
tolerance. Sets compare as sets, tuples and intervals element by element under the same brackets.

Every operation charges its work (term products, coefficient bits) to a budget of :data:`MAX_WORK` units
counted per comparison: the same input always gets the same decision on any machine at any load. An
expression outside the grammar (decimals, ``e``, ``i``, functions, relations...) or over the budget is not
decided here (``None``) and goes on to sympy under :mod:`rewardcheck.rewards.engine.admission`.

>>> compare("x^2+2x+1", "(x+1)^2").same, compare(r"\frac{1}{x}+\frac{1}{y}", r"\frac{x+y}{xy}").same
(True, True)
>>> compare(r"2\sqrt{2}", r"\sqrt{8}").same, compare(r"\sqrt{2}+\sqrt{3}", r"\sqrt{5}").same
(True, False)
>>> compare(r"\{1, 2, x\}", r"\{x, 2, 1\}").same, compare("(1, 2]", "(1, 2)").same
(True, False)
>>> compare(r"5!\,x", "120x").same, compare("0.5x", "x/2") is None
(True, True)
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from math import comb, gcd, isqrt

from rewardcheck.rewards import rx

__all__ = ["Comparison", "compare", "read", "MAX_WORK", "MAX_CHARS"]

MAX_CHARS = 4000  # longer input is not read here
MAX_WORK = 400_000  # term products and coefficient bits per comparison
MAX_DEGREE = 400  # an integer exponent bigger than this is not expanded here
MAX_FACTORIAL = 200
MAX_RADICAND_DIGITS = 12  # square-free parts by trial division up to 10^6
MAX_ELEMENTS = 64  # elements of a set or tuple

Mono = tuple[tuple[tuple[str, int], ...], int]  # (letters with exponents, square-free radicand)
Poly = dict[Mono, Fraction]
ONE: Mono = ((), 1)


class _Undecided(Exception):
    """Outside the grammar, or over the work budget: not decided here."""


class _Budget:
    def __init__(self, units: int = MAX_WORK) -> None:
        self.left = units

    def charge(self, units: int) -> None:
        self.left -= units
        if self.left < 0:
            raise _Undecided("over the exact work budget")


def _squarefree(n: int) -> tuple[int, int]:
    """``(c, m)`` with ``n == c*c*m`` and ``m`` square-free (``n`` positive, at most 12 digits)."""
    c, m, p = 1, n, 2
    while p * p <= m:
        while m % (p * p) == 0:
            m //= p * p
            c *= p
        p += 1 if p == 2 else 2
    return c, m


def _mono_mul(a: Mono, b: Mono) -> tuple[int, Mono]:
    if a[0] and b[0]:
        exps = dict(a[0])
        for name, e in b[0]:
            exps[name] = exps.get(name, 0) + e
        letters = tuple(sorted(exps.items()))
    else:
        letters = a[0] or b[0]
    ra, rb = a[1], b[1]
    if ra == 1 or rb == 1:
        return 1, (letters, ra * rb)
    g = gcd(ra, rb)
    return g, (letters, (ra // g) * (rb // g))


def _add(p: Poly, q: Poly, sign: int, budget: _Budget) -> Poly:
    out = dict(p)
    budget.charge(len(q))
    for m, c in q.items():
        v = out.get(m, 0) + sign * c
        if v:
            out[m] = v
        else:
            out.pop(m, None)
    return out


def _mul(p: Poly, q: Poly, budget: _Budget) -> Poly:
    budget.charge(len(p) * len(q))
    out: Poly = {}
    for ma, ca in p.items():
        for mb, cb in q.items():
            k, m = _mono_mul(ma, mb)
            c = ca * cb * k
            budget.charge((c.numerator.bit_length() + c.denominator.bit_length()) // 64)
            v = out.get(m, 0) + c
            if v:
                out[m] = v
            else:
                out.pop(m, None)
    return out


def _const(c: Fraction | int, radicand: int = 1) -> Poly:
    return {((), radicand): Fraction(c)} if c else {}


@dataclass(frozen=True)
class _Rat:
    """A rational function ``num / den``; ``den`` is never zero."""

    num: Poly
    den: Poly

    def constant(self) -> Fraction | None:
        """The value when this is a rational number (no letter, no root), else None."""
        if not self.num:
            return Fraction(0)
        if len(self.num) == 1 and len(self.den) == 1:
            (mn, cn), (md, cd) = next(iter(self.num.items())), next(iter(self.den.items()))
            if mn == ONE and md == ONE:
                return cn / cd
        return None


def _rat(p: Poly) -> _Rat:
    return _Rat(p, _const(1))


def _r_add(a: _Rat, b: _Rat, sign: int, budget: _Budget) -> _Rat:
    if a.den == b.den:
        return _Rat(_add(a.num, b.num, sign, budget), a.den)
    num = _add(_mul(a.num, b.den, budget), _mul(b.num, a.den, budget), sign, budget)
    return _Rat(num, _mul(a.den, b.den, budget))


def _r_mul(a: _Rat, b: _Rat, budget: _Budget) -> _Rat:
    return _Rat(_mul(a.num, b.num, budget), _mul(a.den, b.den, budget))


def _r_div(a: _Rat, b: _Rat, budget: _Budget) -> _Rat:
    if not b.num:
        raise _Undecided("division by zero")
    return _Rat(_mul(a.num, b.den, budget), _mul(a.den, b.num, budget))


def _r_pow(a: _Rat, e: int, budget: _Budget) -> _Rat:
    if e < 0:
        if not a.num:
            raise _Undecided("zero to a negative power")
        a, e = _Rat(a.den, a.num), -e
    if abs(e) > MAX_DEGREE:
        raise _Undecided("exponent too large for the exact path")
    out, base = _rat(_const(1)), a
    while e:
        if e & 1:
            out = _r_mul(out, base, budget)
        e >>= 1
        if e:
            base = _r_mul(base, base, budget)
    return out


def _equal(a: _Rat, b: _Rat, budget: _Budget) -> bool:
    return not _add(_mul(a.num, b.den, budget), _mul(b.num, a.den, budget), -1, budget)


_TOKEN = rx.compile(
    r"(?P<skip>\s+|\\[,;:! ]|~|\\left(?![a-zA-Z])|\\right(?![a-zA-Z])|\\big(?![a-zA-Z])|\\Big(?![a-zA-Z]))"
    r"|(?P<num>\d+(?:\.\d+)?)"
    r"|(?P<cmd>\\[a-zA-Z]+|\\[{}])"
    r"|(?P<sub>_\s*(?:\{\s*[a-zA-Z0-9]{1,3}\s*\}|[a-zA-Z0-9]))"
    r"|(?P<letter>[a-zA-Z])"
    r"|(?P<op>[-+*/^()\[\]{},!])"
)
_MUL_CMDS = ("\\cdot", "\\times")
_FRACS = ("\\frac", "\\dfrac", "\\tfrac")
_BINOMS = ("\\binom", "\\dbinom", "\\tbinom")
_LETTER_CMDS = frozenset(
    "pi alpha beta gamma delta theta phi varphi lambda mu sigma omega rho tau psi chi eta kappa nu xi zeta".split()
)
_NOT_LETTERS = frozenset("eiEI")  # Euler's number and the imaginary unit in some readings: not variables here
_INF = "\\infty"


def _tokens(s: str) -> list[str]:
    out: list[str] = []
    pos = 0
    while pos < len(s):
        m = _TOKEN.match(s, pos)
        if m is None:
            raise _Undecided(f"{s[pos : pos + 10]!r} is outside the exact grammar")
        pos = m.end()
        kind = m.lastgroup
        tok = m.group()
        if kind == "skip":
            continue
        if kind == "sub":
            if not out or not (out[-1][0].isalpha() or out[-1][1:] in _LETTER_CMDS):
                raise _Undecided("a subscript that does not follow a letter")
            out[-1] = out[-1] + "_" + "".join(ch for ch in tok if not ch.isspace() and ch not in "_{}")
            continue
        if kind == "num" and "." in tok:
            raise _Undecided("a decimal (compared with a tolerance elsewhere)")
        if kind == "cmd" and tok == "\\{":
            tok = "\\{"
        out.append(tok)
    return out


def _is_letter(tok: str) -> bool:
    name = tok.split("_", 1)[0]
    if len(name) == 1 and name.isalpha():
        return name not in _NOT_LETTERS or "_" in tok
    return name.startswith("\\") and name[1:] in _LETTER_CMDS


class _Reader:
    """Recursive descent over the canonical grammar (module docstring)."""

    def __init__(self, toks: list[str], budget: _Budget) -> None:
        self.toks = toks
        self.i = 0
        self.budget = budget
        self.depth = 0

    def peek(self, k: int = 0) -> str | None:
        return self.toks[self.i + k] if self.i + k < len(self.toks) else None

    def take(self, want: str | None = None) -> str:
        tok = self.peek()
        if tok is None or (want is not None and tok != want):
            raise _Undecided(f"expected {want or 'more'}")
        self.i += 1
        return tok

    def expr(self) -> _Rat:
        self.depth += 1
        if self.depth > 40:
            raise _Undecided("nested too deep")
        sign = 1
        while self.peek() in ("+", "-"):
            sign = -sign if self.take() == "-" else sign
        v = self.term()
        if sign < 0:
            v = _Rat(_add({}, v.num, -1, self.budget), v.den)
        while self.peek() in ("+", "-"):
            op = self.take()
            v = _r_add(v, self.term(), 1 if op == "+" else -1, self.budget)
        self.depth -= 1
        return v

    def _starts_factor(self, tok: str | None) -> bool:
        if tok is None:
            return False
        return (
            tok[0].isdigit()
            or _is_letter(tok)
            or tok in ("(", "{", "\\sqrt")
            or tok in _FRACS
            or tok in _BINOMS
        )

    def term(self) -> _Rat:
        v = self.power()
        while True:
            tok = self.peek()
            if tok in ("*",) + _MUL_CMDS:
                self.take()
                v = _r_mul(v, self.power(), self.budget)
            elif tok in ("/", "\\div"):
                self.take()
                rhs = self.power()
                if self._starts_factor(self.peek()):
                    raise _Undecided("implicit product after '/' (read differently by different parsers)")
                v = _r_div(v, rhs, self.budget)
            elif self._starts_factor(tok):
                if tok is not None and tok[0].isdigit() and self.toks[self.i - 1][0].isdigit():
                    raise _Undecided("two numbers side by side")
                v = _r_mul(v, self.power(), self.budget)
            else:
                return v

    def power(self) -> _Rat:
        base = self.postfix()
        if self.peek() != "^":
            return base
        self.take()
        if self.peek() == "{":
            self.take()
            exp = self.expr()
            self.take("}")
        elif self.peek() is not None and self.peek().isdigit():  # type: ignore[union-attr]
            tok = self.take()
            exp = _rat(_const(int(tok[0])))
            if len(tok) > 1:
                self.toks.insert(self.i, tok[1:])  # x^23 is x^2 * 3 in LaTeX
        else:
            raise _Undecided("an exponent that is not an integer")
        if self.peek() == "^":
            raise _Undecided("a power of a power")
        e = exp.constant()
        if e is None or e.denominator != 1:
            raise _Undecided("an exponent that is not an integer")
        return _r_pow(base, e.numerator, self.budget)

    def postfix(self) -> _Rat:
        v = self.atom()
        while self.peek() == "!":
            self.take()
            n = v.constant()
            if n is None or n.denominator != 1 or not 0 <= n.numerator <= MAX_FACTORIAL:
                raise _Undecided("a factorial outside 0..200")
            out = 1
            for k in range(2, n.numerator + 1):
                out *= k
            v = _rat(_const(out))
        return v

    def frac_arg(self) -> _Rat:
        tok = self.peek()
        if tok is not None and tok[0].isdigit():
            self.take()
            if len(tok) > 1:
                self.toks.insert(self.i, tok[1:])  # \frac12
            return _rat(_const(int(tok[0])))
        self.take("{")
        v = self.expr()
        self.take("}")
        return v

    def atom(self) -> _Rat:
        tok = self.take()
        if tok[0].isdigit():
            return _rat(_const(int(tok)))
        if _is_letter(tok):
            return _rat({(((tok, 1),), 1): Fraction(1)})
        if tok in ("(", "{"):
            v = self.expr()
            self.take(")" if tok == "(" else "}")
            return v
        if tok in _FRACS:
            num = self.frac_arg()
            return _r_div(num, self.frac_arg(), self.budget)
        if tok in _BINOMS:
            n, k = self.frac_arg().constant(), self.frac_arg().constant()
            if n is None or k is None or n.denominator != 1 or k.denominator != 1:
                raise _Undecided("a binomial of non-integers")
            if not 0 <= n.numerator <= MAX_FACTORIAL:
                raise _Undecided("a binomial outside 0..200")
            return _rat(_const(comb(n.numerator, k.numerator) if 0 <= k.numerator <= n.numerator else 0))
        if tok == "\\sqrt":
            if self.peek() == "[":
                raise _Undecided("a root other than the square root")
            radicand = self.frac_arg().constant()
            if radicand is None or radicand < 0:
                raise _Undecided("the square root of a non-constant or negative value")
            return _rat(_sqrt(radicand))
        raise _Undecided(f"{tok!r} is outside the exact grammar")


def _sqrt(q: Fraction) -> Poly:
    """``sqrt(p/q) = sqrt(p*q)/q`` as ``c*sqrt(m)`` with ``m`` square-free."""
    n = q.numerator * q.denominator
    if n == 0:
        return {}
    if n >= 10**MAX_RADICAND_DIGITS:
        raise _Undecided("a radicand too large for the exact path")
    r = isqrt(n)
    if r * r == n:
        return _const(Fraction(r, q.denominator))
    c, m = _squarefree(n)
    return _const(Fraction(c, q.denominator), m)


# ---- containers: sets, tuples, intervals -------------------------------------------------------------------


@dataclass(frozen=True)
class _Form:
    """A read expression: ``kind`` is ``value``, ``set`` or a bracket pair (``()``, ``[)``...)."""

    kind: str
    items: tuple[_Rat | str, ...]  # ``str``: an infinity (``+inf``/``-inf``)


def _split_top(toks: list[str]) -> list[list[str]]:
    parts: list[list[str]] = [[]]
    depth = 0
    for tok in toks:
        if tok in ("(", "[", "{", "\\{"):
            depth += 1
        elif tok in (")", "]", "}", "\\}"):
            depth -= 1
            if depth < 0:
                raise _Undecided("unbalanced brackets")
        if tok == "," and depth == 0:
            parts.append([])
        else:
            parts[-1].append(tok)
    if depth != 0:
        raise _Undecided("unbalanced brackets")
    return parts


def _value(toks: list[str], budget: _Budget) -> _Rat | str:
    if toks in (["\\infty"], ["+", "\\infty"]):
        return "+inf"
    if toks == ["-", "\\infty"]:
        return "-inf"
    if not toks:
        raise _Undecided("an empty element")
    r = _Reader(list(toks), budget)
    v = r.expr()
    if r.peek() is not None:
        raise _Undecided(f"{r.peek()!r} is outside the exact grammar")
    return v


def _closes(toks: list[str]) -> bool:
    """Does the bracket that opens ``toks`` close at its last token?"""
    depth = 0
    for k, tok in enumerate(toks):
        if tok in ("(", "[", "{", "\\{"):
            depth += 1
        elif tok in (")", "]", "}", "\\}"):
            depth -= 1
            if depth == 0 and k != len(toks) - 1:
                return False
    return True


def _read(s: str, budget: _Budget) -> _Form:
    if len(s) > MAX_CHARS:
        raise _Undecided("too long for the exact path")
    toks = _tokens(s.strip().strip("$").strip())
    if len(toks) >= 2 and toks[0] == "\\{" and toks[-1] == "\\}" and _closes(toks):
        parts = _split_top(toks[1:-1])
        if len(parts) > MAX_ELEMENTS:
            raise _Undecided("too many elements")
        items = tuple(_value(p, budget) for p in parts) if parts != [[]] else ()
        if any(isinstance(v, str) for v in items):
            raise _Undecided("an infinity in a set")
        return _Form("set", items)
    if "," in toks:
        if not (len(toks) >= 2 and toks[0] in ("(", "[") and toks[-1] in (")", "]")):
            raise _Undecided("a list without brackets")
        inner = toks[1:-1]
        # a closing bracket that differs from the opening one makes an interval such as (1, 2]: count depth
        # by the opening kinds only
        parts = _split_top([t for t in inner])
        if len(parts) > MAX_ELEMENTS or len(parts) < 2:
            raise _Undecided("not a tuple or interval")
        return _Form(toks[0] + toks[-1], tuple(_value(p, budget) for p in parts))
    if "\\infty" in toks:
        raise _Undecided("an infinity outside an interval")
    v = _value(toks, budget)
    assert not isinstance(v, str)
    return _Form("value", (v,))


def _same_item(a: _Rat | str, b: _Rat | str, budget: _Budget) -> bool:
    if isinstance(a, str) or isinstance(b, str):
        return a == b
    return _equal(a, b, budget)


@dataclass(frozen=True)
class Comparison:
    """An exact decision: ``same`` and the ``reason`` (what kind of form was compared)."""

    same: bool
    reason: str


def read(s: str) -> bool:
    r"""Is ``s`` in the canonical grammar (read within the work budget)?

    >>> read("3x^{2}-2x+1"), read(r"\sin x"), read("0.5")
    (True, False, False)
    """
    try:
        _read(s, _Budget())
        return True
    except (_Undecided, RecursionError, ZeroDivisionError):
        return False


def compare(gold: str, answer: str) -> Comparison | None:
    """Decide ``answer == gold`` exactly when both are in the canonical grammar; ``None`` when not decided."""
    budget = _Budget()
    try:
        g = _read(gold, budget)
        a = _read(answer, budget)
        if g.kind != a.kind:
            if {g.kind, a.kind} <= {"set", "value"} or g.kind == "value" or a.kind == "value":
                return None  # a one-element set against a value, a value against a tuple: other rules decide
            if g.kind in ("()", "[]") and a.kind in ("()", "[]") or len(g.items) != 2 or len(a.items) != 2:
                return None  # a tuple read as an interval, or the other way: not decided here
            return Comparison(False, f"interval {a.kind} against {g.kind}: different ends")
        if g.kind == "set":
            same = all(any(_same_item(x, y, budget) for y in a.items) for x in g.items) and all(
                any(_same_item(x, y, budget) for y in g.items) for x in a.items
            )
            return Comparison(same, f"sets, exact: {'equal' if same else 'different'}")
        if len(g.items) != len(a.items):
            return Comparison(False, f"{len(a.items)} elements against {len(g.items)}")
        same = all(_same_item(x, y, budget) for x, y in zip(g.items, a.items, strict=True))
        what = "values" if g.kind == "value" else f"{g.kind} tuples or intervals"
        return Comparison(same, f"{what}, exact canonical form: {'equal' if same else 'different'}")
    except (_Undecided, RecursionError, ZeroDivisionError):
        return None
