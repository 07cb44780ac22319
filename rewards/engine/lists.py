r"""Answers that are several values: labelled tuples, "find all" lists, general solutions, ratios.

String work only, bounded (strings past :data:`MAX_LIST_CHARS` are left alone) and linear: no sympy here.
:func:`pair_forms` rewrites an (answer, gold) pair into two strings the ordinary comparison reads, or says
``None`` (no rewrite: the pair goes on as it is):

- **labelled values** state their values: ``T(10)=2, T(11)=4``, ``Maximum = 2, Minimum = 1``,
  ``\text{Paolo}: 18``, ``(f(n), g(n)) = (n, 1)``, ``7 \text{ goats and } 4 \text{ helicopters}``. Against an
  unlabelled list gold the values are a list (compared as the gold's list is: in any order); against a
  labelled gold each value is matched to the gold's value under the same label, so a swapped pair is wrong.
- **"find all" lists** in any order and wording: ``x = 1 \text{ or } x = -2``, ``7 \text{ and } -5``,
  ``(\pm\sqrt{2}, 0, \pm\sqrt{2})`` (every sign), ``(x, y, z) = (1, 2, 3)`` for a bare list ``1,2,3``.
- **general solutions**: a qualifier (``k \in \mathbb{Z}``, ``\text{ for some integer } t``,
  ``\text{where } n \text{ is an integer}``) is dropped and the free parameter renamed to the gold's, so
  ``\frac{\pi}{4} + n\pi`` is ``x = \frac{\pi}{4} + k\pi``; a different period (``2n\pi``) stays different.

:func:`ratio_parts` reads ``2:1``, ``3 : 1``, ``20 \colon 3`` (every part an exact number).

>>> pair_forms("T(10)=2, T(11)=4, T(12)=3", "2,4,3")
('2, 4, 3', '2,4,3')
>>> pair_forms(r"n\pi", r"x = k\pi")
('k\\pi', 'k\\pi')
>>> pair_forms(r"(\pm 1, 2)", "(1, 2), (-1, 2)")
('(1, 2), (-1, 2)', '(1, 2), (-1, 2)')
>>> ratio_parts("2:1"), ratio_parts(r"20 \colon 3"), ratio_parts("x:y")
((Fraction(2, 1), Fraction(1, 1)), (Fraction(20, 1), Fraction(3, 1)), None)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from itertools import product

from rewardcheck.rewards import rx

from .exact import exact_value
from .forms import LATEX_COMMAND, LONE_LETTER, OR_WORD, strip_units
from .lexicon import WordClass, alternation, is_word

__all__ = ["Items", "read_items", "pair_forms", "ratio_parts", "expand_pm", "free_letters", "one_name_bounds"]

MAX_LIST_CHARS = 600
MAX_ITEMS = 32
MAX_PM = 4  # at most 2**4 sign choices are expanded

_TEXT = rx.compile(r"\\(?:text|textbf|textnormal|textrm|textit|mbox)\s*\{([^{}]{0,200})\}")
# spacing and sizing commands (a space), and quads (they part the items: a ";")
_SPACE = rx.compile(r"\\[,;:! ]|~|\\(?:big|Big|bigg|Bigg)(?=[(){}\[\]|\\])|\\q?quad(?![a-zA-Z])")
# separators between items at bracket depth 0 (the scan below): "," ";" and the words "and" / "or"
_WORD_SEP = rx.compile(rf"({alternation(WordClass.CONJUNCTION)})")
_QUALIFIER = rx.compile(
    rf"(?<![A-Za-z\\])(?:for\s+{alternation(WordClass.QUANTIFIER, lead=False)}|{alternation(WordClass.QUALIFIER, lead=False)}|such\s+that)"
    r"(?![A-Za-z])"
    r"|\\forall(?![a-zA-Z])|\(\s*(?:[a-zA-Z]|\\ell)\s*(?:\\in|∈)"
)
_INTEGER_SET = rx.compile(
    r"\\in\s*\\?(?:mathbb|mathbf|Bbb)?\s*\{?\s*[ZN](?:_0|\^\+|\^\{\+\})?\s*\}?|∈\s*[ℤℕZN]|"
    r"(?:is|are)\s+(?:an?\s+)?(?:arbitrary\s+)?(?:integers?|whole\s+numbers?|natural\s+numbers?)|"
    r"(?<![A-Za-z])(?:integers?|whole\s+numbers?|natural\s+numbers?)(?![A-Za-z])",
    rx.IGNORECASE,
)
_PARAM_DECL = rx.compile(r"(?<![A-Za-z\\])([a-zA-Z]|\\ell)(?![A-Za-z])")
# a label: a variable (``x``, ``x_1``, ``m_{\max}``, ``\lambda``), a function value (``T(10)``, ``f(n)``), or
# one to three words (``Maximum``, ``Paolo``, ``Sequence 1``)
_NAME = r"(?:[a-zA-Z]|\\[a-zA-Z]{2,12})(?:_\{?\s*\\?[\w]{1,8}\s*\}?|')?"
_LABEL = rx.compile(
    rf"\s*(?:\\text\{{\s*[A-Za-z][A-Za-z ]{{0,30}}\}}|{_NAME}(?:\s*\(\s*[\w+\-]{{1,12}}\s*\))?|[A-Za-z][a-z]{{1,15}}(?:\s+[A-Za-z][a-z]{{1,15}}){{0,2}}(?:\s+\d{{1,2}})?)\s*"
)
_CONSTANTS = frozenset({"\\pi", "\\infty", "\\sqrt", "\\frac", "\\dfrac", "e", "i"})
_UNIT_WORDS = rx.compile(r"^(.*?[\d}a-zA-Z)])\s+((?:[A-Za-z][a-z'’]{1,20}\s*){1,4})$")
PARAMETER_LETTERS = frozenset("knm")


@dataclass
class Items:
    """What a string states: ``(label, value)`` items in order, the letters it declares as integer
    parameters, and whether it was anything but a plain list (labels, qualifiers, words, "or")."""

    items: list[tuple[str | None, str]] = field(default_factory=list)
    params: set[str] = field(default_factory=set)
    dressed: bool = False

    @property
    def labels(self) -> list[str | None]:
        return [label for label, _ in self.items]

    @property
    def values(self) -> list[str]:
        return [value for _, value in self.items]


def _split(s: str, seps: str, words: bool) -> list[str]:
    """``s`` split at ``seps`` characters (and the words "and" / "or" when ``words``) outside brackets."""
    parts: list[str] = []
    depth = 0
    start = 0
    k = 0
    n = len(s)
    while k < n:
        ch = s[k]
        if ch in "([{":
            depth += 1
        elif ch in ")]}":
            depth -= 1
        elif depth <= 0 and ch in seps:
            parts.append(s[start:k])
            start = k + 1
        elif depth <= 0 and words and ch in "ao":
            m = _WORD_SEP.match(s, k)
            if m is not None and (k == 0 or not (s[k - 1].isalpha() or s[k - 1] == "\\")):
                parts.append(s[start:k])
                start = k = m.end()
                continue
        k += 1
    parts.append(s[start:])
    return parts


def _top_eq(s: str) -> int:
    """The index of the last ``=`` outside brackets (not part of ``<=``, ``>=``, ``!=``), or -1."""
    depth = 0
    found = -1
    for k, ch in enumerate(s):
        if ch in "([{":
            depth += 1
        elif ch in ")]}":
            depth -= 1
        elif ch == "=" and depth <= 0 and not (k and s[k - 1] in "<>!\\:") and s[k + 1 : k + 2] != "=":
            found = k
    return found


def _first_eq(s: str) -> int:
    depth = 0
    for k, ch in enumerate(s):
        if ch in "([{":
            depth += 1
        elif ch in ")]}":
            depth -= 1
        elif ch == "=" and depth <= 0 and not (k and s[k - 1] in "<>!\\:") and s[k + 1 : k + 2] != "=":
            return k
    return -1


def _tuple_parts(s: str) -> list[str] | None:
    s = s.strip()
    if len(s) < 2 or s[0] != "(" or s[-1] != ")":
        return None
    depth = 0
    for k, ch in enumerate(s):
        depth += ch in "([{"
        depth -= ch in ")]}"
        if depth == 0 and k < len(s) - 1:
            return None  # "(a) + (b)": not one bracketed tuple
    return [p.strip() for p in _split(s[1:-1], ",", False)]


def _clean_label(label: str) -> str:
    s = " ".join(_TEXT.sub(lambda m: m.group(1), label).split())
    return s.lower() if len(s) > 2 and " " not in s[:2] and s[:1].isalpha() and s[1:2].isalpha() else s


def _is_label(s: str) -> bool:
    t = s.strip()
    if not t or not _LABEL.fullmatch(t) or t in _CONSTANTS:
        return False
    return not is_word(t, WordClass.LINK_WORD)


def read_items(s: str, split_or: bool = True) -> Items | None:
    """The items ``s`` states (see the module docstring); ``None`` when it is too long or has too many."""
    if len(s) > MAX_LIST_CHARS or "\\begin" in s or "\\\\" in s:
        return None  # a matrix or an aligned block is not a list
    out = Items()
    text, dressed = _plain(s)
    if not split_or and OR_WORD.search(text):
        return None  # "x = 2 or x = 3" for one value: alternatives, read by the judge as such
    raw = _split(text, ",;", split_or)
    if len(raw) > MAX_ITEMS:
        return None
    group: str | None = None
    for part in raw:
        part, declared = _declaration(part.strip().rstrip(".").strip(), out)
        dressed = dressed or declared
        if not part:
            continue
        labelled = _labelled(part)
        if labelled is None:
            return None  # "2x + 1 = 5": an equation, not a labelled value
        label, value, whole = labelled
        if not whole:
            stated = value.strip()
            value, unit_words = _bare_value(value)
            if not value:
                return None
            # a list's units dropped on both sides alike ("35 cm, 4"); one value keeps its own for the rows
            # that read units ("45 degrees" against pi/4)
            dressed = dressed or unit_words or (len(raw) > 1 and value != stated)
        if label is not None:
            group = label
            dressed = True
        elif group is not None:
            label = group  # "x = 1, 2": both are values of x
        out.items.append((label, value))
    out.dressed = dressed or (split_or and len(raw) > len(_split(text, ",;", False)))
    return out if out.items else None


def _plain(s: str) -> tuple[str, bool]:
    """``s`` without its text wrappers, spacing commands, dollars and ``\\left``/``\\right``; a set in braces
    as its list. ``True`` when wrappers were dropped."""
    text = _TEXT.sub(_unwrap, s)
    dressed = text != s
    text = _SPACE.sub(lambda m: ";" if m.group().endswith("quad") else " ", text)
    text = (
        text.replace("$", " ")
        .replace("\\left", "")
        .replace("\\right", "")
        .replace("\\{", "{")
        .replace("\\}", "}")
    )
    if text.strip().startswith("{") and text.strip().endswith("}"):
        inner = text.strip()[1:-1]
        if "|" not in inner and "\\mid" not in inner:
            text = inner  # a set of answers is its list
    return text, dressed


def _declaration(part: str, out: Items) -> tuple[str, bool]:
    """``part`` without a qualifier ("..., k an integer"), ``""`` when it only declares a parameter (added to
    ``out.params``); ``True`` when something was dropped."""
    if not part:
        return "", False
    dressed = False
    q = _QUALIFIER.search(part)
    if q is not None:
        qualifier = part[q.start() :]
        if _INTEGER_SET.search(qualifier):
            out.params.update(m.group(1) for m in _PARAM_DECL.finditer(_TEXT.sub(" ", qualifier)))
        part = part[: q.start()].strip()
        dressed = True
        if not part:
            return "", True
    if ("\\in" in part or "∈" in part) and _first_eq(part) < 0:
        if _INTEGER_SET.search(part):
            out.params.update(m.group(1) for m in _PARAM_DECL.finditer(part.split("\\in")[0]))
        return "", True  # "k \\in \\mathbb{Z}": a declaration, not a value
    if _INTEGER_SET.search(part) and rx.fullmatch(r"\s*(?:[a-zA-Z]|\\ell)\s+(?:is|are)\b.*", part):
        out.params.update(m.group(1) for m in _PARAM_DECL.finditer(part[:3]))
        return "", True  # "k is an integer"
    return part, dressed


def _labelled(part: str) -> tuple[str | None, str, bool] | None:
    """``(label, value, whole)`` of one item: ``whole`` for a tuple of names equal to a tuple of values
    ("(x, y) = (1, 2)": one item under the tuple of names); ``None`` for an equation that labels nothing."""
    eq = _first_eq(part)
    colon = part.find(":")
    if eq >= 0:
        left, value = part[:eq], part[_top_eq(part) + 1 :]
        lt = _tuple_parts(left)
        vt = _tuple_parts(value)
        if lt is not None and vt is not None and len(lt) == len(vt) and all(map(_is_label, lt)):
            return "(" + ", ".join(_clean_label(a) for a in lt) + ")", "(" + ", ".join(vt) + ")", True
        if not _is_label(left):
            return None
        return _clean_label(left), value, False
    if colon > 0 and _is_label(part[:colon]) and _opens_with_word(part):
        return _clean_label(part[:colon]), part[colon + 1 :], False
    return None, part, False


def _opens_with_word(part: str) -> bool:
    """Does ``part`` open (after spaces) with an ASCII letter or ``\\text``?"""
    first = part.lstrip()
    return (first[:1].isascii() and first[:1].isalpha()) or first.startswith("\\text")


def _bare_value(value: str) -> tuple[str, bool]:
    """The value without its units or unit words ("7 stuffed goats": 7); ``True`` when words were dropped."""
    bare = strip_units(value.strip())
    words = _UNIT_WORDS.match(bare)
    if words is not None and not LATEX_COMMAND.search(words.group(2)):
        return words.group(1).strip(), True
    return bare, False


_CONJUNCTION = alternation(WordClass.CONJUNCTION, lead=False)
_TEXT_JOIN = rx.compile(
    rf":\s*$|^\s*(?:,\s*)?{_CONJUNCTION}\b|\b{_CONJUNCTION}\s*,?\s*$|^\s*[,;]\s*$"
    rf"|^[A-Za-z ]{{1,60}}\s{_CONJUNCTION}\s[A-Za-z ]{{1,60}}$"
    rf"|(?<![A-Za-z]){alternation(WordClass.JOIN_WORD, lead=False)}(?![A-Za-z])"
)


def _unwrap(m: rx.Match) -> str:
    """``\text{ and }``, ``\text{ goats and }``, ``\text{ for all }``: words that join or qualify items are
    read; any other text (``\text{th}``, ``\text{ cm}``, ``\text{Paolo}``) stays as it is."""
    return f" {m.group(1)} " if _TEXT_JOIN.search(m.group(1)) else m.group()


def _pm_choices(v: str) -> list[str]:
    """``\\pm a`` -> [``a``, ``-a``]; ``1 \\pm \\sqrt{2}`` -> [``1 + \\sqrt{2}``, ``1 - \\sqrt{2}``]."""
    if "\\mp" in v or v.count("\\pm") != 1:
        return [v] if "\\pm" not in v else []
    before, after = v.split("\\pm", 1)
    if not before.strip():
        return [after.strip(), f"-{after.strip()}"]
    return [f"{before.strip()} + {after.strip()}", f"{before.strip()} - {after.strip()}"]


def expand_pm(v: str) -> list[str] | None:
    """Every value ``v`` states with its ``\\pm`` signs chosen independently; ``None`` when too many."""
    if "\\pm" not in v:
        return [v]
    parts = _tuple_parts(v)
    if parts is None:
        choices = _pm_choices(v)
        return choices or None
    if sum(p.count("\\pm") for p in parts) > MAX_PM:
        return None
    options = [_pm_choices(p) for p in parts]
    if any(not o for o in options):
        return None
    return ["(" + ", ".join(c) + ")" for c in product(*options)]


def one_name_bounds(values: tuple[str, ...] | list[str]) -> bool:
    r"""Are ``values`` two or more inequalities that bound one and the same one-letter name ("x<-1", "x>3";
    "x \le -2", "x \ge 2")? Joined by "or" in any language they state one set, their union.

    >>> one_name_bounds(["x<-1", "x>3"]), one_name_bounds(["x \\le -2", "2 \\le x"]), one_name_bounds(["x<1", "y>3"])
    (True, True, False)
    >>> one_name_bounds(["x = 1", "x = 2"]), one_name_bounds(["x<1"]), one_name_bounds(["x<1<2", "x>3"])
    (False, False, False)
    """
    if len(values) < 2 or any(len(v) > MAX_BOUND_CHARS for v in values):
        return False
    names: set[str] = set()
    for v in values:
        spelled = _INEQUALITY_COMMAND.sub(" < ", v)
        if sum(spelled.count(r) for r in "<>≤≥") != 1 or "=" in spelled:
            return False
        letters = free_letters(v)
        if len(letters) != 1:
            return False
        names |= letters
    return len(names) == 1


MAX_BOUND_CHARS = 60
_INEQUALITY_COMMAND = rx.compile(r"\\(?:leqslant|geqslant|leq|geq|le|ge|lt|gt)(?![a-zA-Z])")


def free_letters(s: str) -> set[str]:
    """The one-letter names in ``s`` outside commands (``\\pi``, ``\\sqrt``) and text."""
    t = _TEXT.sub(" ", s)
    t = rx.sub(r"\\(?:mathbb|mathrm|operatorname)\s*\{[^{}]*\}", " ", t)
    t = LATEX_COMMAND.sub(lambda m: " " if m.group() != "\\ell" else " ℓ ", t)
    return set(LONE_LETTER.findall(t)) | ({"\\ell"} if "ℓ" in t else set())


def _rename(value: str, old: str, new: str) -> str:
    if old == "\\ell":  # a command's whole name is \ell (``new`` is then a letter: no template escape)
        return LATEX_COMMAND.sub(lambda m: new if m.group() == old else m.group(), value)
    # the new name is text, never a template ("\\ell" would be read as an escape)
    return rx.sub(rf"(?<![\\a-zA-Z]){rx.escape(old)}(?![a-zA-Z])", lambda _: new, value)


def _parameter(values: list[str], declared: set[str], labels: set[str], gold: bool) -> str | None:
    letters: set[str] = set()
    for v in values:
        letters |= free_letters(v)
    letters -= {"e", "i"}
    if len(letters) != 1:
        return None
    (p,) = letters
    if p in declared or p in PARAMETER_LETTERS:
        return p
    if gold and labels and p not in labels:
        return p  # "(k, l) = (-32 + 3x, 64 - 5x)": x is the parameter of the family
    return None


def _explode(x: Items, other: Items) -> Items:
    """``(x, y) = (1, 2)`` as ``x = 1, y = 2`` when ``other`` labels its values one name at a time, or has
    one item and no labels (a plain tuple); else ``x`` unchanged."""
    if len(x.items) != 1 or x.items[0][0] is None or not x.items[0][0].startswith("("):
        return x
    label, value = x.items[0]
    if label is None:
        return x
    names, parts = _tuple_parts(label), _tuple_parts(value)
    if names is None or parts is None:
        return x
    single = [lb for lb in other.labels if lb is not None and not lb.startswith("(")]
    if single and len(single) == len(other.items):
        return Items(list(zip(names, parts, strict=True)), x.params, x.dressed)
    if len(other.items) == 1 and other.items[0][0] is None:
        return Items([(None, value)], x.params, x.dressed)
    return x


def _join(values: list[str]) -> str:
    return ", ".join(v.strip() for v in values)


def pair_forms(answer: str, gold: str, prompt_multi: bool = True) -> tuple[str, str] | None:
    """The (answer, gold) pair as two strings the ordinary comparison reads, or ``None`` (see module)."""
    g = read_items(gold, split_or=True)
    if g is None:
        return None
    gold_multi = len(g.items) > 1 or any("\\pm" in v for v in g.values)
    a = read_items(answer, split_or=gold_multi)
    if a is None:
        return None
    named = {lb for lb in g.labels if lb is not None}  # "(k, \ell)" names the gold's values, not a parameter
    g, a = _explode(g, a), _explode(a, g)
    g_labels = [lb for lb in g.labels if lb is not None]
    a_labels = [lb for lb in a.labels if lb is not None]
    g_values = g.values
    matched = _by_labels(g, a, g_labels, a_labels)
    if matched is None:
        return None
    a_values, ordered = matched
    if not gold_multi and len(a.items) > 1 and not ordered:
        return None  # two values for one: alternatives, never a rewrite
    # general solutions: the answer's parameter named like the gold's
    gp = _parameter(g_values, g.params, named | set(g_labels), gold=True)
    ap = _parameter(a_values, a.params, set(a_labels), gold=False)
    if gp is not None and ap is not None and gp != ap and gp not in free_letters(_join(a_values)):
        a_values = [_rename(v, ap, gp) for v in a_values]
    renamed = a_values != a.values
    if (
        len(a.items) == 1
        and len(g.items) == 1
        and not (a_labels or g_labels or a.dressed or g.dressed or renamed or "\\pm" in a_values[0])
    ):
        return None  # one plain value against one: nothing for this module to read
    if gold_multi and not ordered:
        listed = _listed(a_values, g_values)
        if listed is None:
            return None
        a_values = listed
    if ordered and len(g_values) > 1:
        new_answer, new_gold = f"({_join(a_values)})", f"({_join(g_values)})"
    else:
        new_answer = _join(a_values)
        new_gold = gold if not (g.dressed or g_labels) else _join(g_values)
    if new_answer == answer and new_gold == gold:
        return None
    return new_answer, new_gold


def _by_labels(g: Items, a: Items, g_labels: list[str], a_labels: list[str]) -> tuple[list[str], bool] | None:
    """The answer's values matched to the gold's, and whether their order matters: a labelled gold's values
    are matched by label, or taken in order when the answer has none; ``None`` when the labels disagree."""
    if g_labels and len(g_labels) == len(g.items) and len(set(g_labels)) == len(g_labels):
        if a_labels and len(a_labels) == len(a.items):
            if set(a_labels) != set(g_labels) or len(set(a_labels)) != len(a_labels):
                return None
            by_label = dict(a.items)
            return [by_label[lb] for lb in g_labels], True
        return None if a_labels else (a.values, True)
    if g_labels and len(set(g_labels)) == 1 and len(g_labels) == len(g.items):
        # "x = a, b" / "f(x) = -1, f(x) = x + 1": one name, several values: a set
        return None if a_labels and set(a_labels) != set(g_labels) else (a.values, False)
    return None if g_labels else (a.values, False)


def _listed(a_values: list[str], g_values: list[str]) -> list[str] | None:
    """The answer's values for a list gold: every ``\\pm`` expanded (``None`` when too many), and one tuple
    read as the list it writes ("(1, 2, 3)" for the list "1,2,3")."""
    expanded: list[str] = []
    for v in a_values:
        e = expand_pm(v)
        if e is None:
            return None
        expanded.extend(e)
    if len(expanded) == 1 and len(g_values) > 1:
        parts = _tuple_parts(expanded[0])
        if (
            parts is not None
            and len(parts) == len(g_values)
            and all(_tuple_parts(v) is None for v in g_values)
        ):
            return parts
    return expanded


_RATIO = rx.compile(
    r"\s*([^:]{1,40}?)\s*(?::|\\colon)\s*([^:]{1,40}?)\s*(?:(?::|\\colon)\s*([^:]{1,40}?)\s*)?"
)


def ratio_parts(s: str) -> tuple[Fraction, ...] | None:
    """The exact parts of a ratio ``a:b`` (or ``a:b:c``), or ``None`` when ``s`` is not one."""
    s = s.strip().strip("$").strip()
    if len(s) > 120:
        return None
    m = _RATIO.fullmatch(s)
    if m is None:
        return None
    parts = [exact_value(p) for p in m.groups() if p is not None]
    if any(p is None or p <= 0 for p in parts):
        return None
    return tuple(p for p in parts if p is not None)
