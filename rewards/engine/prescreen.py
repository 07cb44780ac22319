r"""Decide whether an expression may be handed to sympy in this process: the in-process rule.

sympy has no interruption point and holds the GIL: ``9^{9^{9^{9}}}`` evaluates a number with billions of
digits, ``\Gamma(10^{7})`` recurses through ``factorial`` for ever, ``\gcd``/``\angle`` send ``simplify``
into ``nc_simplify``, ``(x+1)^{99}(y-1)^{99}`` expands for 14 s. A pre-screen of *known* bad classes misses
the next one, so the rule is a whitelist, by construction:

**The rule.** Every sympy/math-verify call made in the caller's process (parsing an answer or a gold, and
``verify`` of the two) takes only expressions that :func:`risk` passes, i.e. expressions of the small
*in-process grammar* below; everything else (and every worked-solution gold) is parsed and verified only in
the isolated worker (:mod:`rewardcheck.rewards.engine.isolation`), under its work budget. Pure arithmetic
never reaches sympy at all (:mod:`rewardcheck.rewards.engine.exact`).

The in-process grammar: at most :data:`MAX_CHARS` characters (or ``EngineConfig.max_inline_chars`` if
lower) and brace depth :data:`MAX_BRACE_DEPTH`; tokens are numbers of at most :data:`MAX_DIGITS` digits,
ASCII letters and the Greek letters of :data:`SYMBOL_COMMANDS` (at most :data:`MAX_SYMBOLS` distinct
symbols, ``e`` and ``i`` included), ``+ - * / ^ _ = < > ( ) [ ] { } | , ; . %``, a short ``\text{unit}``,
and the commands of :data:`SAFE_COMMANDS` (fractions, square roots, ``\cdot``, relations, ``\pm``,
``\infty``, ``\cup``, ``\circ``); no power of a power; at most :data:`MAX_POWERS` powers and roots, whose
integer exponents and root indices add up to at most :data:`MAX_EXPONENT_SUM`, and at most
:data:`MAX_GROUP_EXPONENT` for a power of a bracket or a root. No function (``\sin``, ``\log``...),
factorial, binomial, big operator, matrix, special function (``\Gamma``, ``\zeta``, ``\gcd``...) or
unknown command.
Within these bounds parse + ``verify`` of a pair is bounded by the shape: a random search of 9,322 grammar
pairs (2 workers on a 2-core machine at load 4-5) found none above 1.9 s, the slowest re-timed alone at
0.6-1.0 s; before the bounds were tightened the same search found pairs past 20 s (logcombine, trig and
powers of sums: ``tests/test_limits_inprocess.py`` keeps them outside the grammar). Ordinary answers stay
in process: on the golden and simulate corpora 26 of 994 judgements go to the worker (4 before), with the
same verdicts.

>>> risk(r"\frac{\pi}{4}") is None, risk(r"2\sqrt{2}") is None, risk("x^2+1") is None
(True, True, True)
>>> risk(r"9^{9^{9^{9}}}")
'power tower'
>>> risk("{" * 20 + "}" * 20)
'brace depth 20 > 6'
>>> risk(r"((10^{999})^{999})^{999}")
'power of a power'
>>> risk(r"2-3\omega+\omega^{-1994}")
'huge exponent'
>>> risk(r"\Gamma(10^{7})")
'\\Gamma is outside the in-process grammar'
>>> risk(r"(x+1)^{99}(y-1)^{99}")
'a power 99 > 3 of a bracket or root'
"""

from __future__ import annotations

from rewardcheck.rewards import rx

__all__ = [
    "risk",
    "MAX_BRACE_DEPTH",
    "SAFE_COMMANDS",
    "MAX_DIGITS",
    "MAX_SYMBOLS",
    "SYMBOL_COMMANDS",
    "MAX_CHARS",
    "MAX_GROUP_EXPONENT",
    "MAX_POWERS",
    "MAX_EXPONENT_SUM",
]

MAX_BRACE_DEPTH = 6
MAX_CHARS = 40  # the grammar's own size bound; ``EngineConfig.max_inline_chars`` may only lower it
MAX_DIGITS = 9  # per number literal: sympy factors integers under a root and in ``cancel``
MAX_SYMBOLS = 2  # distinct letters and Greek letters: ``simplify`` grows fast with the number of symbols
MAX_POWERS = 2  # ``^`` and ``\sqrt`` together (``^\circ`` is a degree sign, not a power)
MAX_EXPONENT_SUM = 12  # integer exponents and root indices added up: bounds every expansion's degree
MAX_GROUP_EXPONENT = 3  # an integer power of a bracket or a root: ``(a+b-\sqrt{c})^{-11}`` ran for minutes

# Commands sympy reads as plain values, operators or relations. Deliberately absent: \Gamma, \gamma, \beta,
# \zeta (special functions), \gcd, \lcm, \angle, \binom, \sum, \prod, \int, \lim, \operatorname, \mathbf,
# \begin and anything unknown, which latex2sympy reads as an undefined function.
SAFE_COMMANDS = frozenset(
    """frac dfrac tfrac sqrt cdot times div pm mp left right le leq ge geq ne neq lt gt infty circ cup""".split()
)
SYMBOL_COMMANDS = frozenset("pi alpha theta phi varphi lambda mu sigma omega".split())

_TOWER = rx.compile(r"\^\s*\{[^{}]*\^|\^\s*[\w.]+\s*\^|\^\s*\{[^{}]*\{[^{}]*\}[^{}]*\^|\*\*[^*]*\*\*")
# A sign before the digits counts too: ``\omega^{-1994}`` made sympy's cancel run for minutes in a real scan.
_BIG_EXPONENT = rx.compile(r"\^\s*\{?\s*-?\s*\d{4,}|\*\*\s*\(?-?\s*\d{4,}|\\(?:exp|e)\s*\{?\s*-?\s*\d{4,}")
_HEAVY = rx.compile(r"!|\\(?:binom|sum|prod|int|lim|begin|operatorname|mod|pmod)|\\(?:d|t)?binom|\d{25,}")
# A power whose base closes a bracket that holds another power: ``(a^b)^c`` is a tower in brackets.
_POWER_OF_POWER = rx.compile(r"(?:\^|\*\*)[^()]*\)\s*(?:\^|\*\*)")
_EXPONENT = rx.compile(r"(?:\^|\*\*)\s*\{?\s*\(?\s*-?\s*(\d+)")

_TOKEN = rx.compile(
    r"(?P<skip>\s+|~|\\[,;:! ])"
    r"|(?P<text>\\(?:text|textnormal|mathrm|mbox)\s*\{[A-Za-z ]{0,24}\})"
    r"|(?P<esc>\\[{}%$])"
    r"|\\(?P<cmd>[a-zA-Z]+)"
    r"|(?P<num>\d+(?:\.\d+)?|\.\d+)"
    r"|(?P<sep>\{,\})"
    r"|(?P<letter>[a-zA-Z])"
    r"|(?P<op>[-+*/^_=<>()\[\]{}|,;.%°])"
)
_INT_EXPONENT = rx.compile(r"\s*[-+]?\s*(\d+)\s*")


def _stacked_powers(expr: str) -> str | None:
    exponents = [len(d) for d in _EXPONENT.findall(expr)]
    if not exponents:
        return None
    if _POWER_OF_POWER.search(expr) and max(exponents) >= 2:
        return "power of a power"
    if len(exponents) >= 2 and max(exponents) >= 3:
        return "several large powers"
    return None


def _depth(s: str) -> int:
    depth = deepest = 0
    for ch in s:
        if ch == "{" or ch == "(":
            depth += 1
            deepest = max(deepest, depth)
        elif ch == "}" or ch == ")":
            depth -= 1
    return deepest


def _argument(expr: str, pos: int, open_: str, close: str) -> str | None:
    """The text of the bracketed argument that starts at ``expr[pos]`` (after spaces), or None."""
    while pos < len(expr) and expr[pos].isspace():
        pos += 1
    if pos >= len(expr) or expr[pos] != open_:
        return None
    depth = 0
    for end in range(pos, len(expr)):
        if expr[end] == open_:
            depth += 1
        elif expr[end] == close:
            depth -= 1
            if depth == 0:
                return expr[pos + 1 : end]
    return None


def _integer_size(arg: str | None, expr: str, pos: int) -> int:
    """The magnitude of an integer exponent/index (braced, or the digits right after ``^``), else 0."""
    if arg is not None:
        m = _INT_EXPONENT.fullmatch(arg)
        return int(m.group(1)) if m is not None else 0
    m = _INT_EXPONENT.match(expr, pos)  # the digits right after "^", spaces allowed before them
    return int(m.group(1)) if m is not None else 0


def _outside_grammar(expr: str) -> str | None:
    """Why ``expr`` is not in the in-process grammar (module docstring), or None when it is."""
    symbols: set[str] = set()
    powers = exponent_sum = 0
    pos = 0
    while pos < len(expr):
        m = _TOKEN.match(expr, pos)
        if m is None:
            return f"{expr[pos : pos + 12]!r} is outside the in-process grammar"
        pos = m.end()
        kind = m.lastgroup
        tok = m.group()
        if kind == "cmd":
            name = m.group("cmd")
            if name in SYMBOL_COMMANDS:
                symbols.add(name)
            elif name not in SAFE_COMMANDS:
                return f"\\{name} is outside the in-process grammar"
            if name == "sqrt":
                powers += 1
                exponent_sum += _integer_size(_argument(expr, pos, "[", "]"), expr, len(expr))
        elif kind == "num":
            if sum(ch.isdigit() for ch in tok) > MAX_DIGITS:
                return f"a number of more than {MAX_DIGITS} digits"
        elif kind == "letter":
            symbols.add(tok)
        elif kind == "op" and tok == "^":
            arg = _argument(expr, pos, "{", "}")
            if (arg if arg is not None else expr[pos:]).lstrip().startswith("\\circ"):
                continue  # a degree sign
            powers += 1
            size = _integer_size(arg, expr, pos)
            exponent_sum += size
            if size > MAX_GROUP_EXPONENT and expr[: m.start()].rstrip()[-1:] in (")", "]", "}"):
                return f"a power {size} > {MAX_GROUP_EXPONENT} of a bracket or root"
        if len(symbols) > MAX_SYMBOLS:
            return f"more than {MAX_SYMBOLS} distinct symbols"
        if powers > MAX_POWERS:
            return f"more than {MAX_POWERS} powers and roots"
        if exponent_sum > MAX_EXPONENT_SUM:
            return f"exponents add up to {exponent_sum} > {MAX_EXPONENT_SUM}"
    return None


def risk(expr: str, max_chars: int = 120) -> str | None:
    """Why ``expr`` must not be given to sympy in process, or ``None`` when it is in the in-process grammar.

    The named classes come first so that a reason says what the input is; the grammar check closes the rest.
    """
    max_chars = min(max_chars, MAX_CHARS)
    if len(expr) > max_chars:
        return f"{len(expr)} chars > {max_chars}"
    depth = _depth(expr)
    if depth > MAX_BRACE_DEPTH:
        return f"brace depth {depth} > {MAX_BRACE_DEPTH}"
    if _TOWER.search(expr):
        return "power tower"
    if _BIG_EXPONENT.search(expr):
        return "huge exponent"
    stacked = _stacked_powers(expr)
    if stacked is not None:
        return stacked
    if _HEAVY.search(expr):
        return "factorial, big operator or very long number"
    return _outside_grammar(expr)
