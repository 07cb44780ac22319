r"""Rewrite an answer (or gold) into the form the comparison reads: string work only, bounded, no sympy.

A column vector is its tuple, a one-variable inequality is its interval (whatever the variable is called),
a function equation names its variable like the gold does, trailing unit text is dropped, and a number
written in a base (``1101_2``) is its digits and base.

>>> as_tuple(r"\begin{pmatrix} 1 \\ 2 \end{pmatrix}"), as_interval("t>2"), as_interval(r"-1 \le y < 3")
('(1, 2)', '(2, \\infty)', '[-1, 3)')
>>> rename_function_variable("g(t)=2t+1", "g(x)=2x+1"), strip_units(r"50 \mbox{ cm}^2")
('g(x)=2x+1', '50')
>>> base_number("1101_2"), base_number(r"3012_{4}"), base_number("12")
(('1101', 2), ('3012', 4), None)
"""

from __future__ import annotations

import unicodedata
from fractions import Fraction

from rewardcheck.rewards import rx

from .exact import exact_value
from .function_names import plain_functions_as_latex
from .lexicon import classes_of
from .numwords import number_from_words

__all__ = [
    "as_tuple",
    "as_interval",
    "rename_function_variable",
    "strip_units",
    "strip_unit_symbol",
    "base_number",
    "canonical",
    "tidy",
    "chain_value",
    "number_from_words",
    "fraction_latex",
    "has_equation",
    "unwrapped",
]

MAX_FORM_CHARS = 300  # longer strings are left as they are (every rewrite below is a bounded scan)

LATEX_COMMAND = rx.compile(r"\\[a-zA-Z]+")
# a one-letter name: no letter or backslash before it, no letter after it (``x`` in ``2x+1``, not in ``\pi``)
LONE_LETTER = rx.compile(r"(?<![\\a-zA-Z])[a-zA-Z](?![a-zA-Z])")
# a word that offers alternatives ("x = 1 or x = 2", ``\lor``, ``\vee``; ``\text{ or }`` holds the word too)
OR_WORD = rx.compile(r"(?<![a-zA-Z\\])or(?![a-zA-Z])|\\lor|\\vee")

# the same environment opens and closes the column (checked in as_tuple: RE2 has no backreference)
_COLUMN = rx.compile(r"\\begin\{([pbv]matrix)\}(.*)\\end\{([pbv]matrix)\}", rx.DOTALL)
# a relation; its commands are spelled as symbols first (``relations_as_symbols``), so no command name here
# needs a look at the letter after it
_RELATIONS = "<>≤≥"
_REL = r"(?:<|>|≤|≥)"
_RELATION_SYMBOL = {"le": "≤", "leq": "≤", "leqslant": "≤", "ge": "≥", "geq": "≥", "geqslant": "≥"}
# the variable: a letter or a Greek name (``\lambda``), never a relation or a constant; the pattern around it
# always continues with a non-letter, so the name's run of letters is whole
_NOT_VARIABLES = (
    "le",
    "ge",
    "leq",
    "geq",
    "leqslant",
    "geqslant",
    "pi",
    "infty",
    "ne",
    "neq",
    "cdot",
    "times",
)
_VAR = rf"(?:[a-zA-Z]|\\{rx.run_except(_NOT_VARIABLES, 2, 12)})"
_ONE_SIDED = rx.compile(rf"({_VAR})\s*({_REL})\s*([^<>=≤≥]+)|([^<>=≤≥]+?)\s*({_REL})\s*({_VAR})")
# ``-x > -1``, ``2x \le 6``: a variable with a numeric coefficient, divided out (the relation flips when < 0)
_SCALED = rx.compile(rf"(-?\s*\d*(?:\.\d+)?)\s*([a-zA-Z])\s*({_REL})\s*([^<>=≤≥a-zA-Z]+)")
_FLIP = {"<": ">", ">": "<", "≤": "≥", "≥": "≤"}
_TWO_SIDED = rx.compile(rf"([^<>=≤≥]+?)\s*({_REL})\s*({_VAR})\s*({_REL})\s*([^<>=≤≥]+)")
_FUNC_EQ = rx.compile(r"([a-zA-Z])\(([a-zA-Z])\)\s*=\s*(.+)", rx.DOTALL)
_UNITS = rx.compile(
    r"(?:\s|\\[,;! ])*\\(?:mbox|text|textnormal|mathrm)\{\s*[A-Za-z][A-Za-z .]*\}(?:\s*\^\s*\{?\s*[23]\s*\}?)?\s*$"
)
# a unit written in plain text after a number: "20 cm²", "20 cm^2", "12 km/h", "45 dollars" (two letters or more:
# a lone letter after a number is a variable, "5 x")
_PLAIN_UNIT = rx.compile(
    r"[\d}](?:\s+([A-Za-z]{2,12}(?:/[A-Za-z]{1,6})?|[mgsLNJWV]/[A-Za-z]{1,6})(?:\s*\^\s*\{?\s*[23]\s*\}?|[²³])?"
    r"|\s*([\u4e00-\u9fff]{1,3}))\s*$"
)  # a Chinese measure word or unit after a number ("45 元", "36 个") is text too; a one-letter SI unit over
# another ("12 m/s", "3 g/L") is a unit
_MATH_NAMES = frozenset({"pi", "ln", "log", "sin", "cos", "tan", "sqrt", "exp", "cot", "sec", "csc"})
_BASE = rx.compile(r"([0-9A-Za-z]+)_\{?\(?(\d{1,2})\)?\}?")


def as_tuple(s: str) -> str:
    """A column vector ``\\begin{pmatrix} a \\\\ b \\end{pmatrix}`` as the tuple ``(a, b)``; else ``s``."""
    m = _COLUMN.fullmatch(s.strip()[:MAX_FORM_CHARS])
    if m is None or m.group(1) != m.group(3) or "&" in m.group(2):
        return s
    rows = [r.strip() for r in m.group(2).split("\\\\")]
    rows = [r for r in rows if r]
    return f"({', '.join(rows)})" if rows else s


def relations_as_symbols(s: str) -> str:
    """``1 \\le x \\leq 2`` -> ``1 ≤ x ≤ 2``: the relation commands as the symbols they print."""
    if "\\" not in s:
        return s
    return _spelled_commands(s, _RELATION_SYMBOL)


def _spelled_commands(s: str, spelling: dict[str, str]) -> str:
    """``s`` with each command that ``spelling`` names (``"le"`` for ``\\le``) spelled as its value; a longer
    name (``\\left``) is another command and stays."""
    return LATEX_COMMAND.sub(lambda m: spelling.get(m.group()[1:], m.group()), s)


def _has_relation(s: str) -> bool:
    return any(rel in s for rel in _RELATIONS)


def _has_letter(s: str) -> bool:
    """Does ``s`` hold an ASCII letter outside its command names (a variable, not ``\\pi``)?"""
    return any(ch.isascii() and ch.isalpha() for ch in LATEX_COMMAND.sub("", s))


def _is_less(rel: str) -> bool:
    return rel in ("<", "≤")


def _strict(rel: str) -> bool:
    return rel in ("<", ">")


def as_interval(s: str) -> str:
    """A one-variable inequality as an interval: ``t>2`` -> ``(2, \\infty)``, ``1 < x \\le 2`` -> ``(1, 2]``."""
    t = relations_as_symbols(s.strip())
    if len(t) > MAX_FORM_CHARS or not _has_relation(t):
        return s
    m = _TWO_SIDED.fullmatch(t)
    if m is not None and _is_less(m.group(2)) == _is_less(m.group(4)):
        lo, hi = (m.group(1), m.group(5)) if _is_less(m.group(2)) else (m.group(5), m.group(1))
        lo_rel, hi_rel = (m.group(2), m.group(4)) if _is_less(m.group(2)) else (m.group(4), m.group(2))
        if _has_letter(lo + hi):
            return s
        left = "(" if _strict(lo_rel) else "["
        right = ")" if _strict(hi_rel) else "]"
        return f"{left}{lo.strip()}, {hi.strip()}{right}"
    m = _ONE_SIDED.fullmatch(t)
    if m is None:
        scaled = _unscale(t)
        return as_interval(scaled) if scaled is not None else s
    if m.group(1) is not None:
        rel, bound, var_left = m.group(2), m.group(3), True
    else:
        bound, rel, var_left = m.group(4), m.group(5), False
    if _has_letter(bound):
        return s  # the bound holds a variable: not a one-variable inequality
    below = _is_less(rel) == var_left  # var < bound
    bracket = ")" if _strict(rel) else "]"
    if below:
        return f"(-\\infty, {bound.strip()}{bracket}"
    return f"{'(' if _strict(rel) else '['}{bound.strip()}, \\infty)"


def _unscale(t: str) -> str | None:
    """``-2x > -2`` -> ``x<1``: a one-variable inequality with a numeric coefficient, solved exactly."""
    m = _SCALED.fullmatch(t)
    if m is None or m.group(1).replace(" ", "") in ("", "+"):
        return None
    raw = m.group(1).replace(" ", "")
    coef = Fraction(-1) if raw == "-" else exact_value(raw)
    bound = exact_value(m.group(4))
    if coef is None or bound is None or coef == 0:
        return None
    rel = m.group(3)
    if coef < 0:
        rel = _FLIP[rel]
    return f"{m.group(2)}{rel}{fraction_latex(bound / coef)}"


def fraction_latex(v: Fraction) -> str:
    """An exact value as LaTeX: ``-3``, ``\\frac{1}{2}``, ``-\\frac{1}{2}``."""
    if v.denominator == 1:
        return str(v.numerator)
    sign = "-" if v < 0 else ""
    return f"{sign}\\frac{{{abs(v.numerator)}}}{{{v.denominator}}}"


def rename_function_variable(answer: str, gold: str) -> str:
    """``g(t)=2t+1`` against a gold ``g(x)=...``: the answer with its variable renamed to the gold's."""
    a = _FUNC_EQ.fullmatch(answer.strip()[:MAX_FORM_CHARS])
    g = _FUNC_EQ.fullmatch(gold.strip()[:MAX_FORM_CHARS])
    if a is None or g is None or a.group(1) != g.group(1) or a.group(2) == g.group(2):
        return answer
    old, new = a.group(2), g.group(2)
    if new in LONE_LETTER.findall(a.group(3)):
        return answer  # the new name is already used in the body
    body = LONE_LETTER.sub(lambda m: new if m.group() == old else m.group(), a.group(3))
    return f"{a.group(1)}({new})={body}"


def strip_units(s: str) -> str:
    """``50 \\mbox{ cm}^2`` -> ``50``, ``20 cm²`` -> ``20``: trailing unit words (and a square or cube of them)
    dropped; never a lone letter, a function name or a word of the lexicon (``5 x``, ``2 pi``, ``390 is``
    keep theirs)."""
    if len(s) > MAX_FORM_CHARS:
        return s
    out = _UNITS.sub("", s).strip()
    plain = _PLAIN_UNIT.search(out)
    word = (plain.group(1) or "").lower().partition("/")[0] if plain is not None else ""
    if plain is not None and word not in _MATH_NAMES and not classes_of(word):  # "390 is": no unit
        out = out[: plain.start() + 1].strip()
    return out or s


# the one-letter SI symbols that, written onto a number, are its unit ("26m", "5s", "2 h", "3L"); no letter a
# solution names a quantity by as often ("t", "l", "n", "x", "A" of a choice): read only against a number gold,
# where a variable after the gold's digits would be wrong anyway and a unit is what the text meant
_UNIT_SYMBOLS = frozenset("mgshLVWJN")
_POWERS = ("^2", "^3", "^{2}", "^{3}", "²", "³")


def strip_unit_symbol(s: str) -> str:
    """A number with a one-letter SI unit symbol written after it, glued or spaced, squared or cubed, as the
    number ("26m" -> "26", "36 m²" -> "36"); anything else as it is.

    >>> strip_unit_symbol("26m"), strip_unit_symbol("4.5 s"), strip_unit_symbol("36m^2"), strip_unit_symbol("5x")
    ('26', '4.5', '36', '5x')
    """
    body = s.strip()
    for power in _POWERS:
        if body.endswith(power):
            body = body[: -len(power)]
            break
    if len(body) < 2 or body[-1] not in _UNIT_SYMBOLS:
        return s
    number = body[:-1].rstrip()
    digits = number.lstrip("-−").replace(".", "", 1).replace(",", "", 1)
    return number if digits.isascii() and digits.isdigit() else s


def base_number(s: str) -> tuple[str, int] | None:
    """``1101_2`` -> ("1101", 2): digits written in a base 2..36 (digits valid for the base); else None."""
    m = _BASE.fullmatch(s.strip()[:MAX_FORM_CHARS])
    if m is None:
        return None
    digits, base = m.group(1), int(m.group(2))
    if not 2 <= base <= 36:
        return None
    try:
        int(digits, base)
    except ValueError:
        return None
    return digits.upper(), base


def canonical(s: str) -> str:
    """Every rewrite that applies to one string on its own (tuple, interval, a set-builder set, inequalities
    joined by "or")."""
    return as_interval(as_union(as_tuple(s)))


def unwrapped(s: str) -> str:
    r"""The answer without a layout that states nothing: a leading "therefore" sign, a system's solution in a
    ``cases`` block as its list of assignments.

    >>> unwrapped(r"\therefore x_1 = 1,\ x_2 = 2"), unwrapped(r"\begin{cases} x = 2 \\ y = -3 \end{cases}")
    ('x_1 = 1,\\ x_2 = 2', 'x = 2, y = -3')
    """
    return _cases_as_list(_CONNECTIVE.sub("", s, count=1))


# a logical sign that opens the answer and states nothing: "\therefore x_1 = 1, x_2 = 2"
_CONNECTIVE = rx.compile(r"^\s*\\(?:therefore|because|Rightarrow|implies|Longrightarrow)(?![a-zA-Z])\s*")
_CASES = rx.compile(r"^\s*\\begin\{cases\}(.*)\\end\{cases\}\s*$")
_ASSIGNMENT = rx.compile(r"\s*[a-zA-Z](?:_\{?\w+\}?)?\s*=\s*[^=&]+?\s*")


def _cases_as_list(s: str) -> str:
    """A system's solution in a ``cases`` block, one assignment per row (``\\begin{cases} x = 2 \\\\ y = -3
    \\end{cases}``), as the list ``x = 2, y = -3``; any other block stays."""
    m = _CASES.fullmatch(s) if "cases" in s and len(s) <= MAX_FORM_CHARS else None
    if m is None:
        return s
    rows = [r.strip().rstrip(",;") for r in m.group(1).split("\\\\")]
    if not all(_ASSIGNMENT.fullmatch(r) for r in rows if r) or len([r for r in rows if r]) < 2:
        return s
    return ", ".join(r for r in rows if r)


# sizing commands, dropped: \left, \right, \big, \Bigg, \bigl, \Biggr, ...
_SIZING = dict.fromkeys(
    ["left", "right"] + [size + side for size in ("big", "bigg", "Big", "Bigg") for side in ("", "l", "r")],
    "",
)
# the variable may name the real line as its domain before the bar: "\\{x \\in \\mathbb{R} \\mid ...\\}"
_SET_BUILDER = rx.compile(
    rf"\\\{{\s*({_VAR})(?:\s*\\in\s*(?:\\mathbb\s*\{{?\s*R\s*\}}?|\\R(?![a-zA-Z])|ℝ))?\s*(?:\||\\mid|:)\s*(.+?)\s*\\\}}"
)
_REAL_DOMAIN = rx.compile(
    r"\s*,?\s*(?:\\[ ,;:!]\s*)*[a-zA-Z]\s*\\in\s*(?:\\mathbb\s*\{?\s*R\s*\}?|\\R(?![a-zA-Z])|ℝ)\s*,?"
)
_OR_PARTS = rx.compile(
    r"\\text\{\s*or\s*\}|(?<![a-zA-Z\\])or(?![a-zA-Z])|\\lor(?![a-zA-Z])|\\vee(?![a-zA-Z])|\\cup(?![a-zA-Z])"
)
# ``x = 1`` (a point) or ``x \ne 1`` (every number but one)
_POINT = rx.compile(rf"\s*({_VAR})\s*(=|\\neq?|≠)\s*([^<>=≤≥,]+?)\s*")


def _bracketed(s: str) -> bool:
    """``s`` opens with ``(`` or ``[`` and closes with ``)`` or ``]`` on one line."""
    return len(s) >= 2 and s[0] in "([" and s[-1] in ")]" and "\n" not in s


def _symbol_text(s: str) -> bool:
    """``s`` (a minus allowed first) is word characters, braces and backslashes only: ``\\pi``, ``a_{1}``."""
    body = s.removeprefix("-")
    return bool(body) and all(ch.isalnum() or ch in "_{}\\" for ch in body)  # \w is isalnum() or "_"


def as_union(s: str) -> str:
    """A set-builder set ``\\{x \\mid -1 < x < 1\\}`` as its interval ``(-1, 1)``, and inequalities of one
    variable joined by "or" as a union: ``4 < m \\le 8 \\text{ or } 10 \\le m < 12`` -> ``(4, 8] \\cup [10, 12)``,
    ``a \\le -2 \\text{ or } a = 1`` -> ``(-\\infty, -2] \\cup \\{1\\}``; ``s`` unchanged unless every part reads."""
    t = relations_as_symbols(s.strip())
    if len(t) > MAX_FORM_CHARS or not (_has_relation(t) or "\\{" in t or "\\ne" in t):
        return s
    t = _spelled_commands(t, _SIZING).strip()
    m = _SET_BUILDER.fullmatch(t)
    var = None
    if (
        m is not None
    ):  # the real line named as the domain says nothing more: "\\{x \\mid -1 < x < 4, x \\in \\mathbb{R}\\}"
        var, t = m.group(1), _REAL_DOMAIN.sub("", m.group(2)).strip()
    parts = _OR_PARTS.split(t)
    if len(parts) == 1 and var is None:
        return s
    out: list[str] = []
    for part in parts:
        p = part.strip()
        if var is not None and var not in p:
            return s
        point = _POINT.fullmatch(p)
        if point is not None and (var is None or point.group(1) == var):
            b = point.group(3)
            if point.group(2) != "=":
                out.append(f"(-\\infty, {b.strip()}) \\cup ({b.strip()}, \\infty)")
                continue
            if exact_value(b) is None and not _symbol_text(b):
                return s
            out.append(f"\\{{{b.strip()}\\}}")
            continue
        interval = as_interval(p)
        if interval == p or not _bracketed(interval):
            return s
        out.append(interval)
    if len(out) == 1 and var is None:
        return s
    return " \\cup ".join(out)


# Unicode math that models write in plain text, as the LaTeX the parser reads.
_UNICODE = {
    "\u060c": ",",  # the Arabic comma: "{−2، 4}" lists two values
    "\u2212": "-",  # minus sign
    "\u2013": "-",  # en dash (used as a minus)
    "\u00d7": "\\times ",
    "\u22c5": "\\cdot ",
    "\u00b7": "\\cdot ",
    "\u00f7": "\\div ",
    "\u03c0": "\\pi ",
    "\u221e": "\\infty ",
    "\u2264": "\\le ",
    "\u2265": "\\ge ",
    "\u2260": "\\ne ",
    "\u00b1": "\\pm ",  # plus-minus, minus-plus
    "\u2213": "\\mp ",
    "\u2208": "\\in ",
    "\u2200": "\\forall ",
    "\u2203": "\\exists ",
    "\uff1e": ">",  # full-width relations and comma
    "\uff1c": "<",
    "\uff1d": "=",
    "\uff0c": ", ",
    "\u2009": " ",  # thin space (a thousands separator)
    "\u00a0": " ",
    "\u202f": " ",
}


def _vulgar_fractions() -> dict[str, str]:
    """Every Unicode vulgar fraction ("½", "⅞", "⅒") as its LaTeX fraction, from the character's own value."""
    out = {}
    for code in [*range(0x00BC, 0x00BF), *range(0x2150, 0x215F), 0x2189]:
        value = Fraction(unicodedata.numeric(chr(code))).limit_denominator(10)
        out[chr(code)] = f"\\frac{{{value.numerator}}}{{{value.denominator}}}"
    return out


def _greek_letters() -> dict[str, str]:
    """Every small Greek letter ("α", "θ", "ω") as its LaTeX command, from the character's own name (Unicode
    spells lambda "lamda"; omicron is the Latin o in LaTeX; final sigma has no command: left as it is)."""
    out = {}
    for code in range(0x03B1, 0x03CA):
        name = unicodedata.name(chr(code)).removeprefix("GREEK SMALL LETTER ").lower()
        if name != "final sigma":
            command = {"lamda": "\\lambda", "omicron": "o"}.get(name, "\\" + name)
            out[chr(code)] = f"{command} "
    return out


_UNICODE |= _vulgar_fractions() | _greek_letters()
_SUPERSCRIPT = dict(zip("⁰¹²³⁴⁵⁶⁷⁸⁹⁻⁺", "0123456789-+", strict=True))
_REL_TEXT = {"gt": ">", "lt": "<", "geq": "\\ge ", "leq": "\\le ", "ge": "\\ge ", "le": "\\le "}
_REL_TEXT.update({"neq": "\\ne ", "ne": "\\ne "})
MAX_TIDY_CHARS = 2000
_HTML_SCRIPT = rx.compile(r"<(sup|sub)>([^<>]{1,40})</(?:sup|sub)>")


def _sqrt_at(s: str, i: int) -> tuple[str, int]:
    """The radicand after ``√`` at ``i``: a bracketed group (balanced, bounded), a number or one letter."""
    j = i + 1
    while j < len(s) and s[j] == " ":
        j += 1
    if j < len(s) and s[j] in "({":
        close = ")" if s[j] == "(" else "}"
        depth = 0
        for k in range(j, min(len(s), j + 200)):
            depth += s[k] == s[j]
            depth -= s[k] == close
            if depth == 0:
                return f"\\sqrt{{{s[j + 1 : k]}}}", k + 1
        return "\\sqrt", j
    end = j
    while end < len(s) and s[end] in "0123456789.":
        end += 1
    if end == j and s[j : j + 1].isascii() and s[j : j + 1].isalpha():
        end = j + 1  # one letter
    return (f"\\sqrt{{{s[j:end]}}}", end) if end > j else ("\\sqrt", j)


_ASCII_REL = rx.compile(r"(?<![<=>])[<>]=(?![=>])")
_DEGREE_MACRO = rx.compile(r"\^?\s*\{?\\degree\}?(?![a-zA-Z])")


_CONTROL = rx.compile(r"[\x07\x08\x0b\x0c](?=[a-zA-Z])|[\t\r](?=[a-zA-Z]{2})")
_CONTROL_TEXT = {"\x07": "\\a", "\x08": "\\b", "\x0b": "\\v", "\x0c": "\\f", "\t": "\\t", "\r": "\\r"}
_DOUBLED_COMMAND = rx.compile(
    r"(?<!\\)\\\\(?=(?:frac|dfrac|tfrac|sqrt|pi|cdot|times|left|right|bigg?|Bigg?|text|mathrm|infty|sin|cos|tan|ln|log)"
    r"(?![a-zA-Z]))"
)
# ``\\frac12``, ``\\frac{a}b``; ``\\frac`` straight before a letter is another word (the callback keeps it)
_FRAC_SHORT = rx.compile(r"\\frac(\s{0,2})(\{[^{}]{0,80}\}|[0-9a-zA-Z])\s{0,2}([0-9a-zA-Z])")
_CIRCLED = {chr(0x2460 + i): str(i + 1) for i in range(20)}


_STOP_BEFORE_BRACKET = rx.compile(r"(?<=[}\w])\.(?=\s{0,2}[\])]\s{0,2}$)")
_FUNCTION_AS_TEXT = rx.compile(r"\\(?:text|mathrm|operatorname)\{(sin|cos|tan|cot|sec|csc|ln|log|exp)\}")


def restore_escapes(s: str) -> str:
    r"""A string whose backslashes a JSON or Python literal ate, restored: a form feed before ``rac`` was
    ``\f``, a tab before ``ext`` was ``\t``. Only a control character right before letters is read so.

    >>> restore_escapes("\x0crac{1}{2}"), restore_escapes("\text{odd}")
    ('\\frac{1}{2}', '\\text{odd}')
    """
    if _CONTROL.search(s) is None:
        return s
    return _CONTROL.sub(lambda m: _CONTROL_TEXT[m.group()[0]], s)


_PERCENT_WORD = rx.compile(r"(\d\$?)[ \t]{0,2}(?:percent|per cent|pct)(?:\.|\b)")
_ARRAY_MATRIX = rx.compile(
    r"\\left\s{0,2}[\[(]\s{0,2}\\begin\{array\}\{[lcr|\s]{1,40}\}(.{1,600}?)\\end\{array\}\s{0,2}\\right\s{0,2}[\])]",
    rx.DOTALL,
)


def _unshort_frac(m: rx.Match) -> str:
    if not m.group(1) and m.group(2)[0].isalpha():
        return m.group()  # "\\fracx...": a command of another name, not the shorthand
    return "\\frac" + _braced(m.group(2)) + "{" + m.group(3) + "}"


def percent_words(s: str) -> str:
    r"""``28 percent``, ``28 pct``, ``$28$ percent`` as ``28\%``.

    >>> percent_words("28 percent"), percent_words("$28$ pct")
    ('28\\%', '$28$\\%')
    """
    if "percent" not in s and "pct" not in s:
        return s
    return _PERCENT_WORD.sub(lambda m: m.group(1) + "\\%", s)


def _as_pmatrix(m: rx.Match) -> str:
    return "\\begin{pmatrix}" + m.group(1) + "\\end{pmatrix}"


def _braced(s: str) -> str:
    return s if s.startswith("{") else "{" + s + "}"


def tidy(s: str) -> str:
    """Unicode math as LaTeX (``3√13`` -> ``3\\sqrt{13}``, ``x²`` -> ``x^{2}``, ``−5`` -> ``-5``), ``\\gt`` /
    ``\\lt`` as ``>`` / ``<``, ASCII ``<=`` / ``>=`` as ``\\le`` / ``\\ge``, ``\\degree`` as ``^{\\circ}``, and stray math delimiters dropped: an unmatched ``\\(``, ``\\)``, ``\\[``,
    ``\\]`` or an odd ``$`` is a formatting slip, not part of the value. One linear pass; longer strings are
    returned as they are."""
    if len(s) > MAX_TIDY_CHARS:
        return s
    s = restore_escapes(s)
    if "\\\\" in s:  # "\\\\frac" (a doubled backslash before a command) is "\\frac"
        s = _DOUBLED_COMMAND.sub(r"\\", s)
    if "\\frac" in s:  # "\\frac{1+a}c", "\\frac ab": the shorthand of "\\frac{1+a}{c}"
        s = _FRAC_SHORT.sub(_unshort_frac, s)
    if "{sin}" in s or "{cos}" in s or "{tan}" in s or "{ln}" in s or "{log}" in s:
        s = _FUNCTION_AS_TEXT.sub(lambda m: "\\" + m.group(1) + " ", s)  # "\\text{sin}" is "\\sin"
    s = percent_words(s)
    if (
        "matrix" in s or "array" in s
    ):  # one matrix in every bracket spelling: pmatrix, bmatrix, \\left[ array \\right]
        s = _ARRAY_MATRIX.sub(_as_pmatrix, s)
        s = s.replace("\\begin{bmatrix}", "\\begin{pmatrix}").replace("\\end{bmatrix}", "\\end{pmatrix}")
    if ".]" in s or ".)" in s or ". ]" in s:  # "(-\\frac{1}{2}, \\sqrt{2}.]": a full stop inside the bracket
        s = _STOP_BEFORE_BRACKET.sub("", s)
    if "\\textcirc" in s:
        s = s.replace("\\textcirc", "\\circ")
    if "\\checkmark" in s:  # "= 66. \\checkmark": a tick after the value, no part of it
        s = s.replace("\\checkmark", "").rstrip(" .")
    s = plain_functions_as_latex(s)  # "sin(π/3)" is "\\sin(\\pi/3)", not s·i·n
    if not s.isascii():
        s = _unicode_as_latex(s)
    if "<=" in s or ">=" in s:  # ASCII relations: ``x <= 3`` is ``x \le 3`` (never the arrow ``<=>``)
        s = _ASCII_REL.sub(lambda m: "\\le " if m.group() == "<=" else "\\ge ", s)
    if "\\degree" in s:  # ``30\degree`` (gensymb) is ``30^{\circ}``
        s = _DEGREE_MACRO.sub(lambda _: "^{\\circ}", s)
    if "<su" in s:
        s = _HTML_SCRIPT.sub(lambda m: ("^{" if m.group(1) == "sup" else "_{") + m.group(2) + "}", s)
    if "\\" in s:
        s = _spelled_commands(s, _REL_TEXT)
        for left, right in (("\\(", "\\)"), ("\\[", "\\]")):
            if s.count(left) != s.count(right):
                s = s.replace(left, " ").replace(right, " ")
    s = s.replace("\\$", "")  # a currency sign, not a math delimiter
    if not s.isascii():  # "£5", "5 €", "₹500": a currency sign of any script is a unit ("$" is read below)
        s = "".join(ch for ch in s if ch == "$" or unicodedata.category(ch) != "Sc")
    if s.count("$") % 2 == 1 or (s.count("$") and s.strip().strip("$") and "$" not in s.strip().strip("$")):
        s = s.replace("$", "")
    return s.strip()


def _unicode_as_latex(s: str) -> str:
    """``√``, superscripts, circled numbers and the Unicode math signs of ``_UNICODE`` as LaTeX, in one pass."""
    out: list[str] = []
    i = 0
    while i < len(s):
        ch = s[i]
        if ch == "√":
            root, i = _sqrt_at(s, i)
            out.append(root)
            continue
        if ch in _SUPERSCRIPT:
            j = i
            while j < len(s) and s[j] in _SUPERSCRIPT:
                j += 1
            out.append("^{" + "".join(_SUPERSCRIPT[c] for c in s[i:j]) + "}")
            i = j
            continue
        if ch in _CIRCLED:  # "②③": the statements numbered 2 and 3
            if out and out[-1] in _CIRCLED.values():
                out.append(", ")
            out.append(_CIRCLED[ch])
            i += 1
            continue
        out.append(_UNICODE.get(ch, ch))
        i += 1
    return "".join(out)


_QUANTIFIERS = frozenset({"\\forall", "\\exists"})
_PROP_REL = {"\\geq": "\\ge", "\\leq": "\\le", "\\geqslant": "\\ge", "\\leqslant": "\\le", "\\neq": "\\ne"}
_PROP_SPELLING = rx.compile(r"\\(?:geqslant|leqslant|geq|leq|neq)(?![a-zA-Z])|\\(?:left|right|[,;:! ])|~|\s+")


def proposition(s: str) -> str | None:
    """A quantified statement (``\\forall x > 0, 3^x \\ge x^2``) spelled canonically (spacing, braces around
    one symbol and relation spellings dropped), or ``None`` when ``s`` has no quantifier. A proposition is
    compared as written, never as algebra: sympy reads it as some fragment of itself."""
    if len(s) > MAX_FORM_CHARS or _QUANTIFIERS.isdisjoint(LATEX_COMMAND.findall(s)):
        return None
    # one pass: a relation spelled canonically, sizing, spacing commands and spaces dropped
    t = _PROP_SPELLING.sub(lambda m: _PROP_REL.get(m.group(), ""), s)
    t = rx.sub(r"\{([^{}\\])\}", r"\1", t)
    return t.replace("\\dfrac", "\\frac").rstrip(".")


def _split_top(s: str, sep: str) -> list[str]:
    """``s`` split at ``sep`` outside brackets (``sep`` is ``=`` or ``,``; ``<=``, ``>=``, ``!=``, ``:=`` and
    ``==`` are not splits)."""
    parts: list[str] = []
    depth = 0
    start = 0
    for k, ch in enumerate(s):
        if ch in "([{":
            depth += 1
        elif ch in ")]}":
            depth -= 1
        elif ch == sep and depth <= 0:
            if sep == "=" and ((k > 0 and s[k - 1] in "<>!:=\\") or (k + 1 < len(s) and s[k + 1] == "=")):
                continue
            parts.append(s[start:k])
            start = k + 1
    parts.append(s[start:])
    return parts


_LABEL = rx.compile(r"\s*(?:[a-zA-Z](?:_\{?\w{1,8}\}?)?|\\[a-zA-Z]{2,12})\s*")
# replaced one after another: ``\ `` first, as a later one leaves a space that a backslash before it would read
_LATEX_SPACES = ("\\ ", "\\,", "\\;", "\\:", "\\!", "~")


def _chain(item: str) -> str | None:
    """The last right-hand side of one chain ``a = b = c`` (``None`` for a contradiction: two parts whose
    exact values differ assert nothing); ``item`` itself when it has no ``=``."""
    parts = [p.strip() for p in _split_top(item, "=")]
    if len(parts) == 1:
        return item
    if not parts[-1]:
        return None
    values = {v for v in (exact_value(p) for p in parts) if v is not None}
    if len(values) > 1:
        return None
    return parts[-1]


def has_equation(s: str) -> bool:
    """Does ``s`` hold a top-level ``=`` (a gold that is itself an equation is compared as one)?"""
    return "=" in s and len(_split_top(s[:MAX_FORM_CHARS], "=")) > 1


_COMMA_NUMBER = rx.compile(r"(\d+),(\d+)")
_OPERATORS = ("·", "\\cdot", "\\times", "×", "*", "/", ":", "+", "−", "-", "=", "\\div", "÷")


def _operand_commas(s: str) -> str:
    """Decimal commas of the operands of an arithmetic operator ("0,30 · 200 = 60", "7 + 2,5 = 9,5"): an
    operand is no list item, nor the result that ends a computation ("10 / 20 = 0,5"); after a name and "=" a
    comma may list values ("x = 1,2") and stays, and so does one before exactly three digits (a thousands
    group)."""

    def point(m: rx.Match) -> str:
        whole, fraction = m.group(1), m.group(2)
        before, after = s[: m.start()].rstrip(), s[m.end() :].lstrip()
        beside = before.endswith(_OPERATORS) and not before.endswith("=") or after.startswith(_OPERATORS)
        if before.endswith("=") and not after:  # "10 / 20 = 0,5": the result of a computation, no list
            beside = any(op in before[:-1].rsplit("=", 1)[-1] for op in _OPERATORS)
        if beside and (len(fraction) != 3 or whole == "0"):
            return f"{whole}.{fraction}"
        return m.group()

    return _COMMA_NUMBER.sub(point, s)


def chain_value(s: str) -> str | None:
    """What an equation chain states: its last right-hand side (``7^4 = 2401`` -> ``2401``,
    ``\\frac{7!}{4!} = \\frac{5040}{24} = 210`` -> ``210``); a labelled tuple states its values in order
    (``b = -3, c = 0`` -> ``-3, 0``; ``(x, y) = (1, 2)`` -> ``(1, 2)``). ``s`` unchanged when it has no top-level
    ``=`` (or states alternatives with "or" / ``\\pm``, which the judge reads on its own); ``None`` when a
    chain contradicts itself (``2+2 = 5 = 4``), which states no value."""
    if len(s) > MAX_FORM_CHARS or "=" not in s or OR_WORD.search(s) or "\\pm" in s or "\\mp" in s:
        return s
    for space in _LATEX_SPACES:  # LaTeX spacing (``b=-3,\\ c=0``) is not part of a label or value
        s = s.replace(space, " ")
    items = _split_top(s, ",")
    if len(items) > 1 and not all("=" in it for it in items):
        s = _operand_commas(s)  # "0,30 · 200 = 60": a decimal comma inside the arithmetic, no list
        items = _split_top(s, ",")
    if len(items) > 1 and all("=" in it for it in items):
        if not all(_LABEL.fullmatch(_split_top(it, "=")[0]) for it in items):
            return s
        values = [_chain(it) for it in items]
        if any(v is None for v in values):
            return None
        return ", ".join(v.strip() for v in values if v is not None)
    if len(items) > 1:
        return s  # "x = 1, 2": not a chain this reading can split
    return _chain(s)
