r"""Candidates: every value a window states, from a priority table of finders. A new answer format is one row.

Each finder walks the tokens (never the raw text) and yields :class:`Candidate`\ s with their kind, token
range, character span and statement. Strength orders kinds: an explicit answer statement (a box, an
``<answer>`` block, a value labelled as the answer) outranks a value in math delimiters, which outranks a bare
number. A label ("the answer is", "Answer:", "####", "答案是", a short ``Label:`` opening a line) promotes the
first value after it in its statement to ``LABELLED``.

>>> from rewardcheck.rewards.engine.read.tokens import tokenize
>>> from rewardcheck.rewards.engine.read.structure import layout_of
>>> from rewardcheck.rewards.engine.read.marks import find_marks
>>> t = tokenize("We get 12 * 3 = 36. The answer is $36$.")
>>> [(c.kind.value, t.source[c.start:c.end]) for c in find_candidates(t, layout_of(t), find_marks(t))]
[('bare', '12 * 3 = 36'), ('labelled', '36')]
"""

from __future__ import annotations

import bisect
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from functools import lru_cache

from rewardcheck.rewards.cache_bounds import TOKEN_TEXTS
from rewardcheck.rewards.engine.choices import CHOICE_LETTERS, OWN_LETTERS
from rewardcheck.rewards.engine.function_names import COMMANDS as FUNCTION_COMMANDS
from rewardcheck.rewards.engine.function_names import applies_to_next
from rewardcheck.rewards.engine.identity_enum import IdentityEnum
from rewardcheck.rewards.engine.lexicon import LANGUAGE_ROWS, WordClass, is_word
from rewardcheck.rewards.engine.number_phrases import MAX_WORDS as MAX_PHRASE_WORDS
from rewardcheck.rewards.engine.number_phrases import (
    MIN_COMPOUND,
    compound_heads,
    compound_number,
    fraction_noun,
    indefinite_articles,
    number_joiner,
    number_phrase,
    scale_word,
    short_scale_word,
)
from rewardcheck.rewards.engine.numerals import (
    CJK_NUMERALS,
    MAX_PLACES_CHARS,
    MYRIADS,
    NOT_PLACES,
    PLACE_SIGNS,
    cjk_value,
    number_languages,
    suffixed_number,
    word_number,
)
from rewardcheck.rewards.engine.numeric import SUBSCRIPT_DIGITS
from rewardcheck.rewards.engine.numwords import ONES, SCALES, TENS, number_from_words
from rewardcheck.rewards.engine.text import is_placeholder as placeholder

from .marks import NO_SPACE_SCRIPTS, Mark, _script_of, evident_languages
from .structure import Structure, quoted_in_prose
from .tokens import TokenKind, Tokens

__all__ = ["StatementKind", "Candidate", "Compound", "FINDERS", "find_candidates", "CHOICE_LETTERS"]


class StatementKind(IdentityEnum):
    BOXED = "boxed"
    TAGGED = "tagged"  # the value of an <answer> block
    LABELLED = "labelled"  # a value a label names as the answer
    NAMED = "named"  # a value a noun names as a quantity ("the total is 7"): a step or the answer
    DELIMITED = "delimited"  # a value in math delimiters
    BARE = "bare"  # a number or an expression of numbers in running text
    CHOICE = "choice"  # a multiple-choice letter


class Compound(IdentityEnum):
    """How a candidate's first and last numbers make its one value."""

    NONE = "none"
    RATIO = "ratio"  # first:last
    SUBUNIT = "subunit"  # first + last/100
    DURATION = "duration"  # first hours and last minutes, in hours: first + last/60
    FRACTION = "fraction"  # first/last
    PART_OF = "part_of"  # last/first: the denominator written first ("4分の3", "4분의 3")
    OPEN_INTERVAL = "open_interval"  # (first, last)
    CLOSED_INTERVAL = "closed_interval"  # [first, last]
    SCALED = "scaled"  # first times the short scale word last: "3 mil" (es, pt), "45 bin" (tr)
    HALF = "half"  # first, a whole number, plus one half: "two and a half", "2時間半"
    QUARTER = "quarter"  # a whole number plus a quarter: "an hour and a quarter"
    THREE_QUARTERS = "three_quarters"  # a whole number plus three quarters: "deux heures et trois quarts"
    WORDED = "worded"  # a quantity one phrase says: "half an hour" (0.5), "anderthalb" (1.5), "ढाई" (2.5)
    ZERO = "zero"  # a word that says there are none, as the answer: "Answer: nobody", "Ninguno." (0)


STRENGTH = {
    StatementKind.BOXED: 3,
    StatementKind.TAGGED: 3,
    StatementKind.LABELLED: 3,
    StatementKind.CHOICE: 2,
    StatementKind.NAMED: 2,
    StatementKind.DELIMITED: 1,
    StatementKind.BARE: 1,
}


@dataclass(frozen=True, slots=True)
class Candidate:
    kind: StatementKind
    first: int  # first token of the value
    last: int  # last token of the value
    start: int  # character span of the value
    end: int
    statement: int
    label: str = ""  # a choice letter that labels the value ("Option C: 12")
    negative: bool = (
        False  # a sign word stands right before it: "minus 5", "moins cinq", "负5" (its value is -v)
    )
    # two numbers read as one value: a ratio ("2 to 3" is 2:3), or a sum in a unit and its hundredth ("42
    # dollars and 50 cents" is 42.50)
    compound: Compound = Compound.NONE
    stated: bool = (
        False  # a label names it the answer ("Jawaban: B", "Doğru cevap D şıkkıdır"): a choice keeps
    )
    # its kind (its letter is read as a letter) and takes a label's strength

    @property
    def strength(self) -> int:
        return STRENGTH[StatementKind.LABELLED] if self.stated else STRENGTH[self.kind]


def _boxes(t: Tokens, s: Structure, marks: Sequence[Mark]) -> list[Candidate]:
    out = []
    for first, last, opener, closer in s.boxes:
        if last < first or placeholder(t.source[t.ends[opener] : t.starts[closer]]):
            continue  # an empty or placeholder box states nothing ("\\boxed{N/A}", "\\boxed{\\ldots}")
        if any(t.kinds[x] is TokenKind.BOX for x in range(first, last + 1)):
            continue  # "\\boxed{\\boxed{3}}": the inner box is the value
        out.append(
            Candidate(StatementKind.BOXED, first, last, t.ends[opener], t.starts[closer], s.statement[opener])
        )
    return out


def _short_boxes(t: Tokens, s: Structure, marks: Sequence[Mark]) -> list[Candidate]:
    """``\\boxed 5``: the shorthand box of one token."""
    out = []
    for i in range(t.n - 1):
        if (
            t.kinds[i] is TokenKind.LATEX
            and t.texts[i] in ("\\boxed", "\\fbox")
            and t.kinds[i + 1] in (TokenKind.NUMBER, TokenKind.WORD)
        ):
            out.append(
                Candidate(StatementKind.BOXED, i + 1, i + 1, t.starts[i + 1], t.ends[i + 1], s.statement[i])
            )
    return out


def _maths(t: Tokens, s: Structure, marks: Sequence[Mark]) -> list[Candidate]:
    out = []
    for first, last, opener, closer in s.maths:
        if last < first or any(t.kinds[x] is TokenKind.BOX for x in range(first, last + 1)):
            continue  # a box inside math is read as the box
        if not any(
            t.kinds[x] in (TokenKind.NUMBER, TokenKind.LATEX, TokenKind.WORD) for x in range(first, last + 1)
        ):
            continue
        kind = StatementKind.DELIMITED
        if _names_only(t, first, last):
            if not _whole_statement(t, s, opener, closer):
                continue  # "$k$", "\\(a, b, c,\\)": names, not a value ("The smallest $k$ is 12")
            if last == first and t.texts[first] in CHOICE_LETTERS:
                kind = StatementKind.CHOICE  # "$E$" standing alone: the letter chosen
        out.append(Candidate(kind, first, last, t.ends[opener], t.starts[closer], s.statement[opener]))
    return out


def _whole_statement(t: Tokens, s: Structure, opener: int, closer: int) -> bool:
    """Is the math span ``opener``..``closer`` all its statement says (no word or number outside it)?"""
    n = s.statement[opener]
    first, last = s.statement_bounds[n] if n < len(s.statement_bounds) else (opener, closer)
    return not any(
        t.kinds[x] in (TokenKind.WORD, TokenKind.NUMBER) and not s.inside[x]
        for x in range(first, last + 1)
        if not opener <= x <= closer
    )


_RUN_KINDS = frozenset(
    {TokenKind.NUMBER, TokenKind.OPERATOR, TokenKind.OPEN, TokenKind.CLOSE, TokenKind.LATEX}
)


# an affirmation inside a statement ("is indeed", "is exactly") only fills it, as these do
_FILLERS = frozenset({WordClass.FILLER, WordClass.FIRM_ADVERB, WordClass.EVALUATION, WordClass.AFFIRMATION})
# the phrases whose object a letter right after them is: "the answer is C", "choose C", "option C", "it is D"
# (an affirmation that is its own copula: "Wait, no: it is D.")
_CHOOSING = frozenset(
    {
        WordClass.ANSWER_ANCHOR,
        WordClass.COPULA,
        WordClass.CHOICE_VERB,
        WordClass.CHOICE_NOUN,
        WordClass.AFFIRMATION,
    }
)
_CLAUSE_ENDS = frozenset(
    {
        TokenKind.SENTENCE_END,
        TokenKind.CLAUSE_END,
        TokenKind.NEWLINE,
        TokenKind.EMPHASIS,
        TokenKind.CLOSE,
        TokenKind.MATH,
    }
)
_RUN_SYMBOLS = frozenset(
    {
        "%",
        "٪",  # the Arabic percent sign: "٧٥٪"
        "\\%",
        "°",
        "√",
        "∛",
        "π",
        "∞",
        "/",
        "!",
        "∈",
        "∉",
        "∪",
        "∩",
        "⊂",
        "⊆",
        "∅",
        "|",
        ":",
        "&",
        "⁻",
        "⁺",
    }
)
_SUPERSCRIPTS = "⁰¹²³⁴⁵⁶⁷⁸⁹⁻⁺"
_INDICES_AND_POWERS = SUBSCRIPT_DIGITS + _SUPERSCRIPTS
_BASED_FUNCTIONS = frozenset({"log"})  # a function written with its base as subscript digits: "log₂", "log₁₀"


_GREEK, _OMEGA = "α", "ω"  # a small Greek letter is a variable's name ("sin α", "α + β")


def _in_run(t: Tokens, i: int, depth: int) -> bool:
    """Does token ``i`` belong to a run of math in running text (``depth``: brackets open before it)?"""
    k = t.kinds[i]
    text = t.texts[i]
    if k is TokenKind.LATEX and text in ("\\boxed", "\\fbox", "\\lor", "\\vee"):
        return False  # "\\boxed 3": the shorthand box is its own candidate; "x = 1 \\lor x = 2": two values
    if k in _RUN_KINDS:
        return True
    if k is TokenKind.CLAUSE_END:
        if text == ":" and (_clock_colon(t, i) or _dividing_colon(t, i)):
            return True  # "4:30", "180 : 60 = 3"
        return depth > 0 and text in ",;،"  # "[1, 2]", "(3, -1)", "{−2، 4}": an interval, a tuple, a set
    if k is TokenKind.SYMBOL:
        return text in _RUN_SYMBOLS or text.isdigit() or _vulgar(text)
    if k is TokenKind.WORD:
        # "sin(π/3)", "sen x", "ln 2": a function applied to its argument; "log₂ 5": a logarithm with its base
        if text in FUNCTION_COMMANDS or text.rstrip(SUBSCRIPT_DIGITS) in _BASED_FUNCTIONS:
            return i + 1 < t.n and applies_to_next(t.source[t.starts[i + 1] : t.ends[i + 1] + 1])
        # "x₁ = 2", "x² + 1": a name with its index or its power
        powered = False
        if text[-1] in _INDICES_AND_POWERS:  # most words end in a letter: nothing to strip
            powered = text.rstrip(SUBSCRIPT_DIGITS) != text.rstrip(_INDICES_AND_POWERS)
            text = text.rstrip(_INDICES_AND_POWERS)
        # a one-letter name in an equation ("x = 5"), a constant ("3π"), a Greek letter; a longer word never
        if len(text) != 1 or not (text.isascii() or text in "πτφθ" or _GREEK <= text <= _OMEGA):
            return False
        if text in "πτφθ" or _beside_operator(t, i) or _applied(t, i):
            return True
        if i > 0 and t.texts[i - 1] in FUNCTION_COMMANDS:
            return True  # "sin α": the argument of a function written before it
        if powered:
            return False  # "1,000.99m²": a unit's power written onto a number, no variable
        # "-2x", "\\frac{1}{2}i": a letter written onto the number or bracket before it
        if i > 0 and t.kinds[i - 1] in (TokenKind.NUMBER, TokenKind.CLOSE) and t.ends[i - 1] == t.starts[i]:
            return True
        # "\\sin^2 t": the variable of a function written before it
        return any(t.kinds[x] is TokenKind.LATEX for x in range(max(0, i - 3), i))
    return False


def _applied(t: Tokens, i: int) -> bool:
    """The one-letter name at token ``i`` is written onto an opening bracket: a function applied to its argument
    ("f(2) = 4 + 1 = 5", "P(A) = 1/2"), one value with it (without the name, "(2) = 5" contradicts itself)."""
    return i + 1 < t.n and t.texts[i + 1] == "(" and t.ends[i] == t.starts[i + 1]


_MERIDIEM = ("a.m.", "p.m.", "am", "pm", "a.m", "p.m")


def _meridiem(t: Tokens, j: int) -> int:
    """A clock time's "a.m." / "pm" after it belongs to the value ("4:30 a.m." is not "4:30 p.m.")."""
    if j < 2 or t.texts[j - 1] != ":" or j + 1 >= t.n or t.kinds[j + 1] is not TokenKind.WORD:
        return j
    rest = t.source[t.starts[j + 1] : t.starts[j + 1] + 4].casefold()
    for m in _MERIDIEM:
        if rest.startswith(m):
            end = t.starts[j + 1] + len(m)
            return t.index_at(end - 1)
    return j


def _clock_colon(t: Tokens, i: int) -> bool:
    return (
        0 < i < t.n - 1
        and t.kinds[i - 1] is TokenKind.NUMBER
        and t.kinds[i + 1] is TokenKind.NUMBER
        and t.ends[i - 1] == t.starts[i]
        and t.ends[i] == t.starts[i + 1]
    )


def _dividing_colon(t: Tokens, i: int) -> bool:
    """A colon between two numbers in an equation ("180 : 60 = 3", "= 4 : 6"): a division, as German, Italian
    and Russian write it, not a label's colon."""
    if not (0 < i < t.n - 1 and t.kinds[i - 1] is TokenKind.NUMBER and t.kinds[i + 1] is TokenKind.NUMBER):
        return False
    return (i + 2 < t.n and t.texts[i + 2] == "=") or (i > 1 and t.texts[i - 2] == "=")


def _vulgar(text: str) -> bool:
    """A vulgar fraction character ("½", "⅓")."""
    import unicodedata

    return len(text) == 1 and unicodedata.numeric(text, None) is not None


def _beside_operator(t: Tokens, i: int) -> bool:
    return (i + 1 < t.n and t.kinds[i + 1] is TokenKind.OPERATOR) or (
        i > 0 and t.kinds[i - 1] is TokenKind.OPERATOR
    )


def _marker_shape(t: Tokens, i: int) -> bool:
    """Token ``i`` opens its line as "3. " or "3) " before a word: the shape of a numbered list's marker."""
    return (
        t.kinds[i] is TokenKind.NUMBER
        and (i == 0 or t.kinds[i - 1] is TokenKind.NEWLINE)
        and i + 2 < t.n
        and t.texts[i + 1] in (".", ")")
        and t.ends[i] == t.starts[i + 1]
        and t.kinds[i + 2] is TokenKind.WORD
    )


def _list_markers(t: Tokens) -> frozenset[int]:
    """The markers of a numbered list ("1. add\n2. multiply"): two lines or more of that shape are a list, and
    its numbers count items, not values; one such line alone is left to be read."""
    kinds = t.kinds
    found = frozenset(i for i in range(t.n) if kinds[i] is TokenKind.NUMBER and _marker_shape(t, i))
    return found if len(found) >= 2 else frozenset()


_NEVER_IN_RUN = frozenset(
    {
        TokenKind.SENTENCE_END,
        TokenKind.NEWLINE,
        TokenKind.MATH,
        TokenKind.TAG,
        TokenKind.EMPHASIS,
        TokenKind.BOX,
    }
)


def _bare(t: Tokens, s: Structure, marks: Sequence[Mark]) -> list[Candidate]:
    """Maximal runs of numbers, operators, brackets and commands outside math and boxes, holding a number (a
    numbered list's markers are not values)."""
    out = []
    markers = _list_markers(t)
    joiners = _joiners_between_numbers(t, marks)
    operations = _operations_between_values(t, marks)
    evident: list[frozenset[str]] = []  # the window's languages, read at the first short scale word
    kinds, texts = t.kinds, t.texts
    i = 0
    while i < t.n:
        k = kinds[i]
        if (
            k in _NEVER_IN_RUN
            or (
                k is TokenKind.WORD
                and len(texts[i]) > 1
                and texts[i][-1] not in _INDICES_AND_POWERS
                and texts[i] not in FUNCTION_COMMANDS
            )
            or s.inside[i]
            or i in joiners
            or not _in_run(t, i, 0)
        ):  # the first two tests are _in_run's own answers for most tokens, without the call
            i += 1
            continue
        j, depth = i, _depth(0, t, i)
        while (
            j + 1 < t.n
            and not s.inside[j + 1]
            and j + 1 not in joiners
            and (
                _in_run(t, j + 1, depth)
                or _currency_in_run(t, s, j + 1, depth)
                or (depth == 0 and j + 1 in operations)
            )
            and s.statement[j + 1] == s.statement[i]
        ):
            j += 1
            depth = _depth(depth, t, j)
        j = _meridiem(t, j)
        found = _run_value(t, s, (i, j), markers, marks, evident)
        if found is not None:
            out.append(found)
        i = j + 1
    return out


def _run_value(
    t: Tokens,
    s: Structure,
    run: tuple[int, int],
    markers: frozenset[int],
    marks: Sequence[Mark],
    evident: list[frozenset[str]],
) -> Candidate | None:
    """The value of the run of tokens ``i..j``: trimmed, with a scale word after it ("2 million", "3 mil" where
    Spanish is evident); none for an equation left open, a list marker, or a run with no number."""
    i, j = run
    first, last = _trim(t, i, j)
    end = _scaled_end(t, last) if first <= last else t.ends[last]
    compound = Compound.NONE
    if first <= last and end == t.ends[last] and _short_scaled(t, last, marks, evident):
        last, end, compound = last + 1, t.ends[last + 1], Compound.SCALED  # "3 mil pesos", "45 bin lira"
    if t.texts[j] == "=" and last < j:
        return None  # "Let me compute 2+2 = ": an equation still open, its result not written
    if first == last and first in markers:
        return None
    # a run holds a number, or a function applied to its argument ("sin α"): a value either way
    if first <= last and any(
        _numeric(t, x) or t.texts[x] in FUNCTION_COMMANDS for x in range(first, last + 1)
    ):
        return Candidate(
            StatementKind.BARE, first, last, t.starts[first], end, s.statement[first], compound=compound
        )
    return None


def _short_scaled(t: Tokens, last: int, marks: Sequence[Mark], evident: list[frozenset[str]]) -> bool:
    """Is the number at token ``last`` followed, after one space, by a short scale word of a language evident in
    the window ("3 mil pesos" in Spanish, "45 bin lira" in Turkish)? The window's languages are read only then."""
    n = last + 1
    if not (
        n < t.n
        and t.kinds[last] is TokenKind.NUMBER
        and t.kinds[n] is TokenKind.WORD
        and t.source[t.ends[last] : t.starts[n]] == " "
        and short_scale_word(t.texts[n]) is not None
    ):
        return False
    if not evident:  # the window's languages, read once for all its runs
        evident.append(evident_languages(t, marks))
    return short_scale_word(t.texts[n], evident[0]) is not None


def _group_of_three(text: str) -> bool:
    """Is ``text`` three digits, with a decimal part or none ("234", "234,5")?"""
    head, _, tail = text.replace(",", ".").partition(".")
    return len(head) == 3 and head.isascii() and head.isdigit() and (not tail or tail.isdigit())


def _spaced_numbers(t: Tokens, j: int) -> bool:
    """Are tokens ``j`` and ``j + 1`` two numbers with a space between them?"""
    if j < 0 or j + 1 >= t.n or t.kinds[j] is not TokenKind.NUMBER or t.kinds[j + 1] is not TokenKind.NUMBER:
        return False
    return t.ends[j] < t.starts[j + 1]


def _second_number(t: Tokens, j: int) -> bool:
    """Does a second number follow the number at ``j`` across a space, with no operator between them, and no
    third ("Answer: 30 30")? Two values, not one: a space inside one number ("1 250") is read by the tokenizer,
    and a whole number before a fraction ("2 1/2") is a mixed number."""
    if not (_spaced_numbers(t, j) and not _spaced_numbers(t, j - 1) and not _spaced_numbers(t, j + 1)):
        return (
            False  # a run of three numbers or more ("1 2 3 1 2 4", "4 4 4 4") is a sequence or junk: one run
        )
    if t.starts[j + 1] - t.ends[j] == 1 and _group_of_three(t.texts[j + 1]):
        return False  # "1 234,5" with a space the tokenizer does not join (a thin one): the gold decides
    return not (j + 2 < t.n and t.texts[j + 2] in ("/", "⁄"))


def _currency_in_run(t: Tokens, s: Structure, i: int, depth: int) -> bool:
    """A currency sign between a number and more of the run ("3 € + 2 € = 5", "£3 + £2", "\\frac{1}{2} \\$ =
    ..."): a unit of the values, so the run goes on through it; one that ends the run stays out of the value
    ("5 €"). An unpaired ``$`` is one (``Structure.currency``)."""
    if not (i in s.currency or (t.kinds[i] is TokenKind.SYMBOL and _is_currency(t.texts[i]))):
        return False
    if i + 1 >= t.n or not _in_run(t, i + 1, depth):
        return False
    return t.kinds[i + 1] is TokenKind.NUMBER or t.kinds[i - 1] in (TokenKind.NUMBER, TokenKind.CLOSE)


def _is_currency(text: str) -> bool:
    """A currency sign of any script (Unicode category Sc: "€", "£", "¥", "₹", "₺") or LaTeX's ``\\$``."""
    import unicodedata

    return text == "\\$" or (len(text) == 1 and unicodedata.category(text) == "Sc")


def _operations_between_values(t: Tokens, marks: Sequence[Mark]) -> frozenset[int]:
    """The tokens of an operation word written between two numbers ("12 mod 5 = 2", "5 times 3 = 15"): the run
    goes on through them outside brackets, so that the equation's result is read, not an operand ("15 (5 times
    3)" keeps its aside apart)."""
    out: set[int] = set()
    for m in marks:
        if WordClass.OPERATION not in m.classes:
            continue
        first, last = t.index_at(m.start), t.index_at(m.end - 1)
        if 0 < first and last + 1 < t.n and t.kinds[first - 1] is TokenKind.NUMBER:
            if t.kinds[last + 1] in (TokenKind.NUMBER, TokenKind.OPEN, TokenKind.LATEX):
                out.update(range(first, last + 1))
    return frozenset(out)


def _joiners_between_numbers(t: Tokens, marks: Sequence[Mark]) -> frozenset[int]:
    """The one-letter list joiners of the text's language that stand between two numbers ("2 e -3", "2 y -3"):
    they end a run, where a letter beside an operator would be read as a name."""
    out = set()
    for m in marks:
        if WordClass.LIST_JOINER not in m.classes:
            continue
        i = t.index_at(m.start)
        if i >= t.n or (t.starts[i], t.ends[i]) != (m.start, m.end) or not 0 < i < t.n - 1:
            continue
        n = i + 2 if t.texts[i + 1] in ("-", "−", "+") and i + 2 < t.n else i + 1
        spaced = t.ends[i - 1] < m.start and m.end < t.starts[i + 1]  # "2e-3" is a number in E notation
        if spaced and t.kinds[i - 1] is TokenKind.NUMBER and t.kinds[n] is TokenKind.NUMBER:
            out.add(i)
    return frozenset(out)


def _scaled_end(t: Tokens, last: int) -> int:
    """Where a number ending at token ``last`` ends: after a myriad sign written right after it ("3.5万元",
    "2 亿") or a scale word of any language after a space ("2 million", "1.5 Millionen", "3 juta"), which
    scales it, or a fraction noun after an integer ("3 quarters"), or at the number's own end."""
    n = last + 1
    if not (
        t.kinds[last] is TokenKind.NUMBER
        and n < t.n
        and t.kinds[n] is TokenKind.WORD
        and t.source[t.ends[last] : t.starts[n]] in ("", " ")
    ):
        return t.ends[last]
    placed = t.texts[n][:1] in MYRIADS or (t.texts[n][:1] in PLACE_SIGNS and t.ends[last] == t.starts[n])
    if placed and not t.texts[n].startswith(NOT_PLACES):
        return _places_end(t.source, t.starts[n], t.ends[-1] if t.n else t.starts[n])
    spaced = t.ends[last] < t.starts[n]
    if spaced and t.texts[last].isdigit() and fraction_noun(t.texts[n]) is not None:
        return t.ends[n]  # "3 quarters": the noun is read with it (the gold picks 3/4 or three things)
    return t.ends[n] if spaced and scale_word(t.texts[n]) is not None else t.ends[last]


def _places_end(src: str, at: int, limit: int) -> int:
    """Where a run of place signs and the digits between them ends, from the sign at ``at`` ("1万2千", "2億5000
    万", "1万2000": digits after a myriad sign close the run). Korean spaces a myriad's group from the next ("1만
    2천", "1만 2000"); after that space, one or two digits with no place sign are a number of their own ("1만
    2개")."""
    end, limit = at + 1, min(limit, at + MAX_PLACES_CHARS)  # a longer run is no one number (pumped: linear)
    while end < limit:
        if src[end] in PLACE_SIGNS:
            end += 1
            continue
        spaced = src[end] == " " and src[end - 1] in MYRIADS
        start = k = end + 1 if spaced else end
        while k < limit and src[k].isascii() and src[k].isdigit():
            k += 1
        if k == start:
            break
        if k < limit and src[k] in PLACE_SIGNS and not src.startswith(NOT_PLACES, k):
            end = k + 1
            continue
        return k if src[end - 1] in MYRIADS and (not spaced or k - start >= 3) else end
    return end


def _trim(t: Tokens, i: int, j: int) -> tuple[int, int]:
    """A run without the operators and unbalanced brackets at its ends ("= 36" -> "36", "(12" -> "12")."""
    while i <= j and (t.kinds[i] in (TokenKind.OPERATOR, TokenKind.CLOSE) and t.texts[i] not in "-−+±∓－＋"):
        i += 1
    while j >= i and (
        t.kinds[j] in (TokenKind.OPERATOR, TokenKind.OPEN) or t.texts[j] in (":", "|", "&", ",", ";")
    ):
        j -= 1
    opens = sum(t.kinds[x] is TokenKind.OPEN for x in range(i, j + 1))
    closes = sum(t.kinds[x] is TokenKind.CLOSE for x in range(i, j + 1))
    if opens > closes and t.kinds[i] is not TokenKind.OPEN:
        j = _before_unclosed(t, i, j)  # "42 (6 rows of 7)": the aside opens after the value
        opens = closes
    if opens > closes and t.kinds[i] is TokenKind.OPEN:
        i += 1
    if closes > opens and t.kinds[j] is TokenKind.CLOSE:
        j -= 1
    bars = sum(t.texts[x] == "|" for x in range(i, j + 1))
    if bars % 2 and i < j and t.texts[i] == "|":
        i += 1  # "| 42": a table's cell border, not an absolute value's opening bar
    return i, j


def _before_unclosed(t: Tokens, i: int, j: int) -> int:
    """The last token before the first bracket of ``i``..``j`` that is never closed in it (``j`` if none)."""
    depth = 0
    opened: list[int] = []
    for x in range(i, j + 1):
        if t.kinds[x] is TokenKind.OPEN:
            opened.append(x)
            depth += 1
        elif t.kinds[x] is TokenKind.CLOSE and opened:
            opened.pop()
    if not opened:
        return j
    k = opened[0] - 1
    while k > i and t.kinds[k] is TokenKind.OPERATOR:
        k -= 1
    return k


def _letter_at(t: Tokens, s: Structure, i: int) -> bool:
    """Is token ``i`` a choice letter: a capital A-J alone in brackets, before ")", after a choice noun, or
    alone in its statement or emphasis?"""
    if t.kinds[i] is not TokenKind.WORD or t.texts[i] not in CHOICE_LETTERS:
        return False
    before = t.kinds[i - 1] if i > 0 else None
    after = t.kinds[i + 1] if i + 1 < t.n else None
    if before is TokenKind.OPEN and after is TokenKind.CLOSE:
        return True
    if after is TokenKind.CLOSE and t.texts[i + 1] == ")":
        return True
    if before is TokenKind.EMPHASIS and after is TokenKind.EMPHASIS:
        return True
    first, last = s.statement_bounds[s.statement[i]] if s.statement[i] < len(s.statement_bounds) else (i, i)
    if last - first > 8:  # a statement of more than a few tokens is not one letter
        return False
    words = [x for x in range(first, last + 1) if t.kinds[x] in (TokenKind.WORD, TokenKind.NUMBER)]
    return words == [i]


def _choices(t: Tokens, s: Structure, marks: Sequence[Mark]) -> list[Candidate]:
    """Multiple-choice letters: after a choice noun ("option C"), or a letter that ends a clause right after a
    word that names or chooses the answer ("Je choisis B.", "答案是 B。", "The correct answer is B."), or one
    standing alone (:func:`_letter_at`)."""
    noun_ends = sorted(m.end for m in marks if WordClass.CHOICE_NOUN in m.classes)
    noun_starts = sorted(m.start for m in marks if WordClass.CHOICE_NOUN in m.classes)
    answer_ends = sorted(m.end for m in marks if WordClass.ANSWER_NOUN in m.classes)
    naming_ends = sorted(m.end for m in marks if m.classes & _CHOOSING or _labels_answer(t, m))
    starts = [m.start for m in marks]
    out = []
    for i in range(t.n):
        if s.inside[i] or t.kinds[i] is not TokenKind.WORD:
            continue
        if t.texts[i] not in CHOICE_LETTERS:
            if not t.texts[i].isascii():
                out += _letters_in_run(t, s, marks, starts, naming_ends, i)
            continue
        at = t.starts[i]
        after_noun = bool(_ends_in(noun_ends, at - 2, at))  # "option C", "Option (C)"
        # "B şıkkı", "B번": the noun after the letter, as Turkish and Korean write it
        before_noun = any(
            not t.source[t.ends[i] : e].strip() for e in _ends_in(noun_starts, t.ends[i], t.ends[i] + 1)
        )
        ends_clause = i + 1 >= t.n or t.kinds[i + 1] in _CLAUSE_ENDS or _closing_copula(t, marks, starts, i)
        named = ends_clause and (
            any(_article_between(t, marks, starts, e, at) for e in _ends_in(naming_ends, at - 6, at))
            or bool(_ends_in(answer_ends, at - 1, at))  # "Richtig ist Antwort C.": the answer noun names it
        )
        if after_noun or before_noun or named or _letter_at(t, s, i) or _endorsed(t, marks, starts, i):
            out.append(Candidate(StatementKind.CHOICE, i, i, t.starts[i], t.ends[i], s.statement[i]))
    return out


# the predicate after a letter that calls it the right one: its words, and the words one of which must say so
_ENDORSING = frozenset(
    {
        WordClass.COPULA,
        WordClass.FILLER,
        WordClass.FIRM_ADVERB,
        WordClass.AFFIRMATION,
        WordClass.ANSWER_NOUN,
        WordClass.ANSWER_ANCHOR,
        WordClass.CHOICE_NOUN,
        WordClass.RELATIVE,  # "jawaban yang benar": the answer that is right
    }
)
_ENDORSES = frozenset({WordClass.AFFIRMATION, WordClass.ANSWER_NOUN, WordClass.ANSWER_ANCHOR})
UNENDORSING = frozenset(  # a predicate word that denies, hedges or asks: no letter is called right by it
    {WordClass.NEGATOR, WordClass.NEGATED_PREDICATE, WordClass.EXCLUDER, WordClass.HEDGE, WordClass.QUESTION}
)
_PREDICATE_ENDS = frozenset({TokenKind.SENTENCE_END, TokenKind.CLAUSE_END, TokenKind.NEWLINE})
MAX_PREDICATE_TOKENS = 6  # "is the correct answer", "est la bonne réponse": a few words


def _endorsed(t: Tokens, marks: Sequence[Mark], starts: list[int], i: int) -> bool:
    """Letter ``i`` is called the right one by the predicate after it, to its clause's end ("C is correct.",
    "C est la bonne réponse.", "Cが正しいです。", "C가 정답입니다.", "C是正确的。"): every word of the predicate is
    a lexicon copula, filler, affirmation or answer noun, one of them says right or answer, and none denies,
    hedges or asks; a particle of one letter written onto a word ("が", "가", "的") may stand between."""
    j = i + 1
    while j < t.n and t.kinds[j] in (TokenKind.EMPHASIS, TokenKind.CLOSE) and t.starts[j] == t.ends[j - 1]:
        j += 1  # "**C** is", "(C) is"
    end = next(
        (k for k in range(j, min(t.n, j + MAX_PREDICATE_TOKENS + 1)) if t.kinds[k] in _PREDICATE_ENDS), None
    )
    if end is None and t.n - j > MAX_PREDICATE_TOKENS or end == j:
        return False
    lo, hi = t.ends[j - 1], t.starts[end] if end is not None else t.ends[-1]
    found = _marks_from(marks, starts, lo, hi)
    if not any(m.classes & _ENDORSES for m in found):
        return False
    at = lo
    for m in found:
        if m.classes & UNENDORSING or not m.classes & _ENDORSING or not _particle(t.source[at : m.start]):
            return False
        at = max(at, m.end)
    return _particle(t.source[at:hi])


def _particle(gap: str) -> bool:
    """Nothing but spaces, emphasis, a dash and one particle stands in ``gap``: a letter of a script without
    spaces ("が", "가", "的") or an article of up to three letters that is no lexicon phrase ("la", "the")."""
    rest = gap.strip(" *_—–-")  # a dash is the Russian copula: "В — правильный ответ"
    if len(rest) == 1:
        return not rest.isascii() and rest.isalpha()
    return not rest or (len(rest) <= 3 and rest.isalpha() and rest.islower())


def _labels_answer(t: Tokens, m: Mark) -> bool:
    """An answer noun that a colon makes a label ("答え：イ", "Lösung: B"): it names what follows."""
    return WordClass.ANSWER_NOUN in m.classes and t.source[m.end : m.end + 3].lstrip(" ").startswith(
        (":", "：")
    )


def _letters_in_run(
    t: Tokens, s: Structure, marks: Sequence[Mark], starts: list[int], naming_ends: list[int], i: int
) -> list[Candidate]:
    """A choice letter of an unspaced script standing alone inside a run of another script ("答えはイです":
    katakana イ between hiragana), right after a naming phrase and before a closing copula or the run's end:
    the letter alone is the choice; inside a word of its own script ("アイス") it is no letter."""
    word, out = t.texts[i], []
    for k, ch in enumerate(word):
        script = _script_of(ch) if ch in OWN_LETTERS else None
        if script not in NO_SPACE_SCRIPTS:
            continue
        if any(0 <= x < len(word) and _script_of(word[x]) == script for x in (k - 1, k + 1)):
            continue
        start = t.starts[i] + k
        named = any(
            _article_between(t, marks, starts, e, start) for e in _ends_in(naming_ends, start - 6, start)
        )
        last = k + 1 == len(word) and (i + 1 >= t.n or t.kinds[i + 1] in _CLAUSE_ENDS)
        if named and (last or _copula_closes(marks, starts, start + 1)):
            out.append(Candidate(StatementKind.CHOICE, i, i, start, start + 1, s.statement[i]))
    return out


def _ends_in(ends: list[int], lo: int, hi: int) -> list[int]:
    """The offsets of sorted ``ends`` in ``[lo, hi]``."""
    return ends[bisect.bisect_left(ends, lo) : bisect.bisect_right(ends, hi)]


def _marks_from(marks: Sequence[Mark], starts: list[int], lo: int, hi: int) -> Sequence[Mark]:
    """The marks that start in ``[lo, hi)`` (``starts``: their start offsets)."""
    return marks[bisect.bisect_left(starts, lo) : bisect.bisect_left(starts, hi)]


def _article_between(t: Tokens, marks: Sequence[Mark], starts: list[int], end: int, start: int) -> bool:
    """Nothing but a space, a colon, a dash, a bracket or one short word that is no other lexicon phrase stands
    between a naming phrase that ends at ``end`` and a letter at ``start`` ("Answer: C", "答え：イ", "est la C",
    "Правильный ответ — В")."""
    if not 0 <= start - end <= 6:
        return False
    between = t.source[end:start].strip(" ([*:：「『“‘«\"'—–-")  # a bracket, an opening quote, a dash
    if not between:
        return True
    named = [m for m in _marks_from(marks, starts, end, start) if not m.classes <= _FILLERS]
    return between.isalpha() and len(between) <= 3 and between.islower() and not named


def _closing_copula(t: Tokens, marks: Sequence[Mark], starts: list[int], i: int) -> bool:
    """A verb-final copula closes the clause right after token ``i`` ("正解は C です", "उत्तर C है")."""
    return _copula_closes(marks, starts, t.ends[i])


def _copula_closes(marks: Sequence[Mark], starts: list[int], at: int) -> bool:
    """A verb-final copula opens at ``at`` or one character (a space, a closing bracket or quote) after it."""
    return any(WordClass.COPULA in m.classes and m.verb_final for m in _marks_from(marks, starts, at, at + 2))


def _in_box(s: Structure, i: int) -> bool:
    return any(first <= i <= last for first, last, _, _ in s.boxes)


def _tags(t: Tokens, s: Structure, marks: Sequence[Mark]) -> list[Candidate]:
    """The span of the last ``<answer>`` block (read by the commit step as a region of its own)."""
    opens = [i for i in range(t.n) if t.kinds[i] is TokenKind.TAG and t.texts[i].lower() == "<answer>"]
    if not opens:
        return []
    i = opens[-1]
    j = next(
        (x for x in range(i + 1, t.n) if t.kinds[x] is TokenKind.TAG and t.texts[x].lower() == "</answer>"),
        t.n,
    )
    if j - 1 < i + 1:
        return []
    return [
        Candidate(
            StatementKind.TAGGED,
            i + 1,
            j - 1,
            t.ends[i],
            t.starts[j] if j < t.n else len(t.source),
            s.statement[i],
        )
    ]


def _environments(t: Tokens, s: Structure, marks: Sequence[Mark]) -> list[Candidate]:
    """A LaTeX environment in running text (``\\begin{pmatrix} 1 & 2 \\end{pmatrix}``): one value."""
    out = []
    i = 0
    while i < t.n:
        if s.inside[i] or t.texts[i] != "\\begin":
            i += 1
            continue
        j = next((x for x in range(i + 1, min(t.n, i + 400)) if t.texts[x] == "\\end"), None)
        if j is None:
            break
        if any(t.kinds[x] is TokenKind.BOX for x in range(i, j)):
            i = j + 1
            continue  # a box inside the environment is read as the box
        close = next((x for x in range(j + 1, min(t.n, j + 6)) if t.texts[x] == "}"), j)
        out.append(Candidate(StatementKind.DELIMITED, i, close, t.starts[i], t.ends[close], s.statement[i]))
        i = close + 1
    return out


def _number_words(t: Tokens, s: Structure, marks: Sequence[Mark]) -> list[Candidate]:
    """A cardinal number in English words ("twelve", "one hundred and five"); "and" joins only after a
    hundred or a scale ("two and three" is two numbers)."""
    out = []
    i = 0
    while i < t.n:
        if (
            t.texts[i] in _ENGLISH_ARTICLES
            and not s.inside[i]
            and (fraction := _article_fraction(t, i, None)) > i
        ):
            out.append(
                Candidate(StatementKind.BARE, i, fraction, t.starts[i], t.ends[fraction], s.statement[i])
            )
            i = fraction + 1
            continue
        if s.inside[i] or not _number_word(t.texts[i]):
            i += 1
            continue
        j = i
        while j + 1 < t.n:
            nxt = t.texts[j + 1]
            joins = nxt == "-" or (nxt == "and" and t.texts[j].casefold() in ("hundred", *SCALES))
            if joins and j + 2 < t.n and _number_word(t.texts[j + 2]):
                j += 2
            elif _number_word(nxt):
                j += 1
            else:
                break
        fraction = _fraction_end(t, j, None)
        if fraction > j:  # "three quarters", "two-thirds": a fraction, its noun the denominator
            out.append(
                Candidate(StatementKind.BARE, i, fraction, t.starts[i], t.ends[fraction], s.statement[i])
            )
            i = fraction + 1
            continue
        compound = j + 2 < t.n and t.texts[j + 1] == "-" and t.kinds[j + 2] is TokenKind.WORD  # "two-digit"
        if j + 1 < t.n and is_word(t.texts[j + 1], WordClass.PARTITIVE):
            compound = True  # "one of 1, 2": picks from a group, states no number
        if i > 0 and t.texts[i - 1].casefold() in ("a", "an") and t.texts[i].casefold() not in _COUNTED:
            compound = True  # "a zero matrix", "an eight": a word that describes, not a number stated
        if not compound and number_from_words(t.source[t.starts[i] : t.ends[j]]) is not None:
            out.append(Candidate(StatementKind.BARE, i, j, t.starts[i], t.ends[j], s.statement[i]))
        i = j + 1
    return out


_COUNTED = frozenset({"hundred", *SCALES})  # "a hundred", "a million": the article counts one


def _article_fraction(t: Tokens, i: int, languages: frozenset[str] | None) -> int:
    """The fraction noun after an indefinite article at token ``i`` ("a third", "un tercio", "ein Drittel"),
    as its token, where no word follows it but a partitive ("a third of the cake"; not "a third attempt", an
    ordinal); ``i`` when there is none. ``languages`` ``None``: English."""
    word = t.texts[i].casefold()
    if t.kinds[i] is not TokenKind.WORD or word not in indefinite_articles():
        return i
    if (languages is None) != is_word(word, WordClass.INDEFINITE_ARTICLE):
        return i  # English articles in the English finder, the other languages' in theirs
    k = _fraction_end(t, i, languages)
    if k == i or k + 1 < t.n and t.kinds[k + 1] is TokenKind.WORD and not _partitive_word(t.texts[k + 1]):
        return i
    return k


_ENGLISH_ARTICLES = frozenset({"a", "an", "A", "An", "AN"})  # "a third", "an eighth": a set test per token


@lru_cache(maxsize=1)
def _article_forms() -> frozenset[str]:
    """Every indefinite article as a sentence writes it (lower case, capitalised, upper case): one set test per
    word, no case folding."""
    return frozenset(f for a in indefinite_articles() for f in (a, a.capitalize(), a.upper()))


def _partitive_word(word: str) -> bool:
    return is_word(word, WordClass.PARTITIVE) or word.casefold() in _partitives()


@lru_cache(maxsize=1)
def _partitives() -> frozenset[str]:
    """The partitives of every language of the lexicon ("de", "di", "von"): "un tercio de la pizza"."""
    return frozenset(w for rows in LANGUAGE_ROWS.values() for w in rows.words.get(WordClass.PARTITIVE, ()))


def _number_word(word: str) -> bool:
    w = word.casefold()
    return w in ONES or w in TENS or w in SCALES or w == "hundred"


MAX_PHRASE_CHARS = (
    200  # no lexicon phrase, spaced or not, is longer: a mark that ends before a value starts here
)
# an answer phrase, a copula, or the answer noun itself ("Sonuç yedi", "الإجابة سبعة", "Hasilnya tujuh")
_NAMING_VALUE = frozenset({WordClass.ANSWER_ANCHOR, WordClass.COPULA, WordClass.ANSWER_NOUN})


def _anchored(
    t: Tokens, marks: Sequence[Mark], starts: list[int], span: tuple[int, int], first: int, last: int
) -> bool:
    """Does the value at ``span`` come right after an answer phrase or a copula ("la respuesta es doce",
    "答案是十二"), or a label's colon, or stand alone in its statement (tokens ``first``..``last``)?"""
    start, end = span
    for m in _marks_from(
        marks, starts, start - MAX_PHRASE_CHARS, start
    ):  # the phrases that can end before it
        if m.end <= start and m.classes & _NAMING_VALUE and _signs_only(t, marks, starts, m.end, start):
            return True
    before = t.source[t.starts[first] : start].rstrip(" *")
    after = t.source[end : t.ends[last]]
    return before.endswith((":", "：")) or not any(ch.isalpha() for ch in before + after)


def _signs_only(t: Tokens, marks: Sequence[Mark], starts: list[int], gap: int, start: int) -> bool:
    """Is the text from ``gap`` to the value at ``start`` empty, a colon or emphasis, or one sign word of the
    lexicon ("moins cinq", "负五")?"""
    if not t.source[gap:start].strip(" *:：\t"):
        return True
    return any(
        WordClass.NEGATIVE_SIGN in n.classes
        and not t.source[gap : n.start].strip(" *:：\t")
        and not t.source[n.end : start].strip()
        for n in _marks_from(marks, starts, gap, start)
    )


def _foreign_number_words(t: Tokens, s: Structure, marks: Sequence[Mark]) -> list[Candidate]:
    """A number written as a word of an evident language's number row ("doce", "zwölf", "vingt-deux") or in
    Chinese / Japanese numerals ("十二"), right after an answer phrase or a copula, a label, or alone: a
    number word elsewhere ("los dos casos", "一共") names no value."""
    out: list[Candidate] = []
    languages: frozenset[str] | None = None
    starts = [m.start for m in marks]
    done = -1  # the last token of a number phrase read: its words are not read again on their own
    stated = _StatedHere(t, s, marks, starts)
    for i in range(t.n):
        if i <= done or s.inside[i] or t.kinds[i] is not TokenKind.WORD:
            continue
        if t.texts[i] in _article_forms() and not is_word(t.texts[i], WordClass.INDEFINITE_ARTICLE):
            languages = languages if languages is not None else evident_languages(t, marks)
            fraction = _article_fraction(t, i, languages)
            if fraction > i:  # "un tercio", "ein Drittel"
                out.append(
                    Candidate(StatementKind.BARE, i, fraction, t.starts[i], t.ends[fraction], s.statement[i])
                )
                done = fraction
                continue
        if not _may_be_number(t.texts[i]) or _homonym_at(t, marks, starts, i):
            continue
        first, last = (
            s.statement_bounds[s.statement[i]] if s.statement[i] < len(s.statement_bounds) else (i, i)
        )
        word = t.texts[i]
        if any(ch in CJK_NUMERALS for ch in word):
            out += _cjk_runs(t, marks, starts, i, (first, last), stated)
            continue
        if not number_languages(word):
            if len(word) >= MIN_COMPOUND and compound_heads(word):
                languages = languages if languages is not None else evident_languages(t, marks)
            if languages is None or compound_number(word, languages) is None:
                out += _suffixed_number_word(t, marks, starts, i, (first, last), s.statement[i])
                continue
        languages = languages if languages is not None else evident_languages(t, marks)
        j, end = _number_word_end(t, i, languages)
        if j >= i and not _partitive_after(t, marks, starts, j) and stated(i, end, (first, last)):
            out.append(Candidate(StatementKind.BARE, i, j, t.starts[i], end, s.statement[i]))
            done = j
    return out


_DIGIT_KINDS = frozenset({TokenKind.NUMBER, TokenKind.MATH, TokenKind.LATEX})


class _StatedHere:
    """Does a number word state a value where it stands: right after an answer phrase, a copula or a label, or
    alone (:func:`_anchored`); in a statement with no digits; or in a clause of its own with no digits that a
    conclusion and a predicate open (:func:`_concluding_clause`). What a statement or a clause says is asked
    once, not per word."""

    def __init__(self, t: Tokens, s: Structure, marks: Sequence[Mark], starts: list[int]) -> None:
        self.t, self.s, self.marks, self.starts = t, s, marks, starts
        self.digits: dict[int, bool] = {}  # per statement: does it state a value in digits
        self.clauses: dict[tuple[int, int], int] = {}  # per clause: where its concluding predicate starts

    def without_digits(self, i: int, bounds: tuple[int, int]) -> bool:
        """Does the statement of token ``i`` (tokens ``bounds``) state no value in digits or math?"""
        statement = self.s.statement[i]
        if statement not in self.digits:
            self.digits[statement] = _has_digits(self.t, *bounds)
        return not self.digits[statement]

    def __call__(self, i: int, end: int, bounds: tuple[int, int]) -> bool:
        t, s = self.t, self.s
        if _anchored(t, self.marks, self.starts, (t.starts[i], end), *bounds):
            return True
        statement = s.statement[i]
        if self.without_digits(i, bounds):
            return True
        key = (statement, s.clause_end_before[i])
        if key not in self.clauses:
            self.clauses[key] = _concluding_clause(t, s, self.marks, self.starts, i, bounds)
        return 0 <= self.clauses[key] < t.starts[i]


_CLAUSE_PREDICATES = frozenset(
    {
        WordClass.COPULA,
        WordClass.RESULT_VERB,
        WordClass.ANSWER_ANCHOR,
        WordClass.ANSWER_NOUN,
        WordClass.EXISTENTIAL,
        WordClass.CONCLUSION,  # a total word after the conclusion: "also sind es insgesamt zwölf"
    }
)


def _concluding_clause(
    t: Tokens, s: Structure, marks: Sequence[Mark], starts: list[int], i: int, bounds: tuple[int, int]
) -> int:
    """Where the predicate that concludes the clause of token ``i`` starts, in a clause of its own that holds no
    digits: a conclusion word and a predicate ("Como hay 3 filas con 3 cada una, en total hay nueve estudiantes",
    "..., also sind es insgesamt zwölf Schüler", "..., jadi jumlah siswa ada sepuluh orang", "donc il y a douze
    élèves"); -1 for a clause without them ("ergeben 12, also zwei Möglichkeiten" counts something else). Asked
    once per clause (see :func:`_foreign_number_words`)."""
    first, last = bounds
    before, after = s.clause_end_before[i], s.clause_end_after[i]
    begin = before + 1 if before >= first else first
    end = min(after if after >= 0 else last, last)
    if any(t.kinds[k] in _DIGIT_KINDS for k in range(begin, end + 1)):
        return -1
    clause = _marks_from(marks, starts, t.starts[begin], t.ends[end])
    conclusion = next((m for m in clause if WordClass.CONCLUSION in m.classes), None)
    if conclusion is None:
        return -1
    return next(
        (
            m.start
            for m in clause
            if m.classes & _CLAUSE_PREDICATES
            and (m.start >= conclusion.end or WordClass.EXISTENTIAL in m.classes)
        ),
        -1,
    )


def _homonym_at(t: Tokens, marks: Sequence[Mark], starts: list[int], i: int) -> bool:
    """Is word ``i`` inside a phrase that makes its number word another word ("năm nay": this year)?"""
    i0 = bisect.bisect_right(starts, t.starts[i]) - 1  # the last phrase that starts at or before the word
    return any(
        WordClass.NUMBER_HOMONYM in marks[k].classes and marks[k].end > t.starts[i]
        for k in range(max(0, i0 - 1), i0 + 1)
    )


def _partitive_after(t: Tokens, marks: Sequence[Mark], starts: list[int], j: int) -> bool:
    """Does a partitive follow the number word ending at token ``j`` ("uno de los hermanos", "l'un des", "один
    из"): it picks from a group and states no number."""
    if j + 1 >= t.n:
        return False
    at = t.starts[j + 1]
    return any(WordClass.PARTITIVE in m.classes for m in _marks_from(marks, starts, at, at + 1))


def _has_digits(t: Tokens, first: int, last: int) -> bool:
    """Does the statement of tokens ``first``..``last`` state a value in digits or math? Where it does not, a
    number word of an evident language is its value wherever it stands ("Il y a douze élèves dans la classe",
    "Vậy có tất cả mười hai học sinh"); where it does, a number word away from the answer phrase counts
    something else ("cada uno de los tres recibe 12", "ergeben 12, also zwei Möglichkeiten")."""
    return any(t.kinds[k] in _DIGIT_KINDS for k in range(first, last + 1))


@lru_cache(maxsize=TOKEN_TEXTS)  # asked of every word of a window; words repeat
def _may_be_number(word: str) -> bool:
    """Could ``word`` open a number in words of some language: a CJK numeral in it, a number row's word, the
    start of a compound number word, or a number word with a suffix? (Every other word is passed over.)"""
    return (
        any(ch in CJK_NUMERALS for ch in word)
        or bool(number_languages(word))
        or compound_heads(word)
        or compound_heads(word.casefold())
        or suffixed_number(word) is not None
    )


def _fraction_end(t: Tokens, j: int, languages: frozenset[str] | None) -> int:
    """The fraction noun right after a number ending at token ``j`` ("three quarters", "two-thirds", "tres
    cuartos"), as its token; ``j`` when there is none."""
    k = j + 2 if j + 2 < t.n and t.texts[j + 1] == "-" and t.ends[j] == t.starts[j + 1] else j + 1
    if k >= t.n or t.kinds[k] is not TokenKind.WORD:
        return j
    if fraction_noun(t.texts[k], languages) is None:
        # a noun of two words ("ba phần tư": Vietnamese says "three parts of four")
        pair = (
            k + 1 < t.n and t.kinds[k + 1] is TokenKind.WORD and t.source[t.ends[k] : t.starts[k + 1]] == " "
        )
        if not (pair and fraction_noun(f"{t.texts[k]} {t.texts[k + 1]}", languages) is not None):
            return j
        return k + 1 if t.source[t.ends[k - 1] : t.starts[k]].isspace() else j
    gap = t.source[t.ends[k - 1] : t.starts[k]]
    return k if gap.isspace() or (k == j + 2 and not gap) else j


MAX_HYPHENED = 4  # words in one hyphened number: "quatre-vingt-dix-neuf"


def _number_word_end(t: Tokens, i: int, languages: frozenset[str]) -> tuple[int, int]:
    """The last token of the number written in words from token ``i``, and where the number ends: a hyphened
    pair ("vingt-deux"), or the longest run of number words (and the language's "and") that reads as one number
    ("yirmi yedi", "vinte e sete"), its last word's suffix left out ("삼만 이천이다"); ``(-1, -1)`` when token
    ``i`` is no number word of ``languages``."""
    # the longest hyphened run that is one number: "vingt-deux", "quatre-vingt-dix-neuf" (three words at most)
    run = [i]
    while len(run) < MAX_HYPHENED and _hyphened(t, run[-1]):
        run.append(run[-1] + 2)
    j = next(
        (k for k in reversed(run) if word_number(t.source[t.starts[i] : t.ends[k]], languages) is not None), i
    )
    if (
        j == i
        and word_number(t.texts[i], languages) is None
        and compound_number(t.texts[i], languages) is None
    ):
        return -1, -1
    words = [t.source[t.starts[i] : t.ends[j]]]
    end = t.ends[j]
    k = j + 1
    while (
        k < t.n
        and len(words) < MAX_PHRASE_WORDS
        and t.kinds[k] is TokenKind.WORD
        and t.source[t.ends[k - 1] : t.starts[k]].isspace()
    ):
        words.append(t.texts[k])
        suffixed = suffixed_number(t.texts[k])
        if number_phrase(words, languages) is not None:
            j, end = k, t.ends[k]
        elif suffixed is not None and number_phrase([*words[:-1], suffixed[1]], languages) is not None:
            return k, t.starts[k] + len(suffixed[1])  # the suffix (a copula) ends the number
        elif not number_joiner(t.texts[k], languages):
            break  # neither more of the number nor the "and" that more of it may follow
        k += 1
    fraction = _fraction_end(t, j, languages)
    return fraction, (t.ends[fraction] if fraction > j else end)


def _suffixed_number_word(
    t: Tokens, marks: Sequence[Mark], starts: list[int], i: int, bounds: tuple[int, int], statement: int
) -> list[Candidate]:
    """A number word of a language that writes its copula onto it ("Cevap yedidir", "답은 일곱입니다"), read as
    the number word alone where a number word would be read (:func:`_anchored`)."""
    found = suffixed_number(t.texts[i])
    if found is None or not _anchored(t, marks, starts, (t.starts[i], t.ends[i]), *bounds):
        return []
    return [Candidate(StatementKind.BARE, i, i, t.starts[i], t.starts[i] + len(found[1]), statement)]


def _hyphened(t: Tokens, i: int) -> bool:
    return (
        i + 2 < t.n
        and t.texts[i + 1] == "-"
        and t.ends[i] == t.starts[i + 1]
        and t.ends[i + 1] == t.starts[i + 2]
        and t.kinds[i + 2] is TokenKind.WORD
    )


def _numeral_end(word: str, k: int) -> int:
    while k < len(word) and word[k] in CJK_NUMERALS:
        k += 1
    return k


def _cjk_runs(
    t: Tokens, marks: Sequence[Mark], starts: list[int], i: int, bounds: tuple[int, int], stated: _StatedHere
) -> list[Candidate]:
    """The runs of Chinese / Japanese numerals inside the word token ``i`` that state a number (a lone "一"
    only where nothing follows it in the token: "一个", "一共" state none): right after an answer phrase, a
    copula or a label, or a run of two numerals or more in a statement without digits ("女子は二十五人です。",
    "占百分之四十五"; a single numeral there is a word's part: "三角形", "十分")."""
    first, last = bounds
    statement = stated.s.statement[i]
    out = []
    word, base = t.texts[i], t.starts[i]
    k = 0
    while k < len(word):
        if word[k] not in CJK_NUMERALS:
            k += 1
            continue
        e = _numeral_end(word, k)
        if word.startswith(("分之", "分の"), e) and e + 2 < len(word) and word[e + 2] in CJK_NUMERALS:
            e = _numeral_end(word, e + 2)  # "四分之三", "六分の一": a fraction, three of four parts
        run = word[k:e]
        lone_one = run in ("一", "两", "兩") and e < len(word)
        if run == "零" and word.startswith("下", e):  # "零下5℃": below zero, a sign word, no number
            k = e
            continue
        spelled = e - k >= MIN_CJK_RUN and run[0] not in _MYRIAD_LEADS and stated.without_digits(i, bounds)
        if (
            not lone_one
            and cjk_value(run) is not None
            and (_anchored(t, marks, starts, (base + k, base + e), first, last) or spelled)
        ):
            out.append(Candidate(StatementKind.BARE, i, i, base + k, base + e, statement))
        k = e
    return out


MIN_CJK_RUN = (
    2  # numerals in a run that spell a number where nothing names it ("二十五"; "三" alone is a word's)
)
_MYRIAD_LEADS = frozenset("万萬亿億")  # a run that opens on a myriad is a word ("万一": in case)


MAX_RATIO_CHARS = (
    80  # from a ratio noun to its first number ("the ratio of boys to girls in the class is 3 to 5")
)


# two numbers a noun names as one value, by the word that joins them: (the noun's class, the joiner's class, the
# value they make); a new such reading is one row
NAMED_PAIRS: tuple[tuple[WordClass, WordClass, Compound], ...] = (
    (WordClass.RATIO, WordClass.RATIO_JOINER, Compound.RATIO),  # "the ratio is 2 to 3": 2:3
    (WordClass.CHANCE, WordClass.OUT_OF, Compound.FRACTION),  # "the probability is 1 in 4": 1/4
)


def _ratios(t: Tokens, s: Structure, marks: Sequence[Mark]) -> list[Candidate]:
    """Two numbers joined by a ratio's "to" of any language ("2 to 3", "2 zu 3", "2比3", "2 대 3") in a statement
    whose ratio noun names them, right after it or after its copula ("the ratio is 2 to 3", "比例是2比3";
    "the ratio rose from 2 to 3" names no ratio): one value, the ratio 2:3; a chance's "1 in 4" ("la probabilité
    est de 1 sur 4") likewise, the fraction 1/4 (``NAMED_PAIRS``)."""
    out: list[Candidate] = []
    for noun_class, joiner_class, compound in NAMED_PAIRS:
        nouns = [m for m in marks if noun_class in m.classes]
        if nouns:
            out += _named_pairs(t, s, marks, nouns, joiner_class, compound)
    return out


def _parts_of(t: Tokens, s: Structure, marks: Sequence[Mark]) -> list[Candidate]:
    """A fraction in digits written denominator first, as Japanese, Korean and Chinese say it ("4分の3", "4분의
    3", "4分之3"; WordClass.PART_OF): one value, 3/4, where a run would read 4 and 3 apart."""
    out: list[Candidate] = []
    for m in marks:
        if WordClass.PART_OF in m.classes:
            joined = _joined_numbers(t, s, m)
            if joined is not None:
                i, k = joined
                out.append(
                    Candidate(
                        StatementKind.BARE,
                        i,
                        k,
                        t.starts[i],
                        t.ends[k],
                        s.statement[i],
                        compound=Compound.PART_OF,
                    )
                )
    return out


def _joined_numbers(t: Tokens, s: Structure, m: Mark) -> tuple[int, int] | None:
    """The numbers right before and after the joining word ``m`` ("2 to 3", "2比3"), in running text and one
    statement, as their token indices; ``None`` where it joins no two numbers."""
    i, k = t.index_at(m.start) - 1, t.index_at(m.end - 1) + 1
    if not (0 <= i and k < t.n and t.kinds[i] is TokenKind.NUMBER and t.kinds[k] is TokenKind.NUMBER):
        return None
    if s.inside[i] or s.statement[i] != s.statement[k] or t.starts[k] - t.ends[i] > len(m.phrase) + 6:
        return None
    return i, k


def _named_pairs(
    t: Tokens, s: Structure, marks: Sequence[Mark], nouns: list[Mark], joiner: WordClass, compound: Compound
) -> list[Candidate]:
    out: list[Candidate] = []
    starts = [m.start for m in marks]
    for m in marks:
        if joiner not in m.classes:
            continue
        joined = _joined_numbers(t, s, m)
        if joined is None:
            continue
        i, k = joined
        noun = next(
            (n for n in reversed(nouns) if t.starts[i] - MAX_RATIO_CHARS <= n.end <= t.starts[i]), None
        )
        if noun is None or s.statement[t.index_at(noun.start)] != s.statement[i]:
            continue
        if _names_ratio(t, marks, starts, noun.end, t.starts[i]):
            out.append(
                Candidate(StatementKind.BARE, i, k, t.starts[i], t.ends[k], s.statement[i], compound=compound)
            )
    return out


def _names_ratio(t: Tokens, marks: Sequence[Mark], starts: list[int], start: int, end: int) -> bool:
    """Does the text from a ratio noun (ending at ``start``) to a number (at ``end``) name the number as the
    ratio: no word between, or a copula with at most one word after it ("is", "est de", "ist")?"""
    words = [x for x in range(t.index_at(start), t.index_at(end)) if t.kinds[x] is TokenKind.WORD]
    if not words:
        return True
    between = _marks_from(marks, starts, start, end)
    copulas = [m for m in between if WordClass.COPULA in m.classes]
    if not copulas or any(WordClass.PROXIMITY in m.classes for m in between if m.start >= copulas[-1].end):
        return False  # "rose from 2 to 3": a change between two values, no ratio
    return sum(t.starts[x] >= copulas[-1].end for x in words) <= 1


def _worded_intervals(t: Tokens, s: Structure, marks: Sequence[Mark]) -> list[Candidate]:
    """Two numbers joined by an interval's "to" of any language ("von 2 bis 5", "de 2 hasta 5", "从2到5",
    "от -1 до 4") in a statement that says its ends are held or not ("das offene Intervall", "intervalo
    cerrado", "включительно"): one value, the interval; a statement that says neither, or both, states none."""
    out: list[Candidate] = []
    starts = [m.start for m in marks]
    for m in marks:
        if WordClass.RANGE_JOINER not in m.classes:
            continue
        joined = _joined_numbers(t, s, m)
        if joined is None:
            continue
        i, k = joined
        first, last = s.statement_bounds[s.statement[i]]
        begin, end = t.starts[first], t.ends[last]
        ends = {
            c
            for x in _marks_from(marks, starts, begin, end)
            for c in x.classes & {WordClass.INCLUSIVE, WordClass.EXCLUSIVE}
        }
        if len(ends) != 1:
            continue
        kind = Compound.CLOSED_INTERVAL if WordClass.INCLUSIVE in ends else Compound.OPEN_INTERVAL
        j = i - 1 if i > 0 and t.texts[i - 1] in ("-", "−") and t.ends[i - 1] == t.starts[i] else i
        out.append(Candidate(StatementKind.BARE, j, k, t.starts[j], t.ends[k], s.statement[i], compound=kind))
    return out


def _subunits(t: Tokens, s: Structure, marks: Sequence[Mark]) -> list[Candidate]:
    """A sum in a unit and its hundredth ("42 dollars and 50 cents", "$42 and 50 cents", "3 euros y 20
    céntimos", "10 рублей 50 копеек"): a number with one word after it (the unit, any currency's name) or a
    currency sign before it, the language's "and" or nothing, then a number below a hundred and a hundredth's
    name of the lexicon (WordClass.SUBUNIT): one value, 42.50."""
    out: list[Candidate] = []
    starts = [m.start for m in marks]
    for m in marks:
        if WordClass.SUBUNIT not in m.classes:
            continue
        k = t.index_at(m.start) - 1  # the hundredths
        if k < 2 or t.kinds[k] is not TokenKind.NUMBER or not t.texts[k].isdigit() or int(t.texts[k]) >= 100:
            continue
        j = k - 1
        if t.kinds[j] is TokenKind.CLAUSE_END or any(
            WordClass.LIST_JOINER in x.classes
            for x in _marks_from(marks, starts, t.starts[j], t.starts[j] + 1)
        ):
            j -= 1  # "and", "y", "und", or the comma of "42 dollars, 50 cents"
        i = j - 1  # the whole units, before the unit's name
        sign = i >= 0 and (i in s.currency or _is_currency(t.texts[i]))
        if t.kinds[j] is TokenKind.NUMBER and sign:
            i, j = j, i  # "$42 and 50 cents": the unit's sign before the whole units
        if not (
            0 <= i
            and (t.kinds[j] is TokenKind.WORD or j in s.currency or _is_currency(t.texts[j]))
            and t.kinds[i] is TokenKind.NUMBER
            and not s.inside[i]
            and s.statement[i] == s.statement[k]
        ):
            continue
        out.append(
            Candidate(StatementKind.BARE, i, k, t.starts[i], m.end, s.statement[i], compound=Compound.SUBUNIT)
        )
    return out


MAX_MINUTES = 59


def _durations(t: Tokens, s: Structure, marks: Sequence[Mark]) -> list[Candidate]:
    """A duration in hours and minutes ("12 h 30 min", "2 hours and 15 minutes", "12小时30分钟", "2 saat 15
    dakika", "2h30"): a whole number, the unit of hours (WordClass.HOURS), the language's "and", a comma or
    nothing, then a whole number of minutes below 60 and their unit (WordClass.MINUTES), or two digits after the
    hours' unit that close their statement ("2h30", "2 h 30."). One value, in hours: 12.5 (where the two numbers were read apart, "12 h 30 min" paid 12)."""
    out: list[Candidate] = []
    starts = [m.start for m in marks]
    for m in marks:
        if WordClass.HOURS not in m.classes:
            continue
        j = t.index_at(m.start)
        if j < 1 or t.starts[j] != m.start:
            continue
        i, k = j - 1, t.index_at(m.end - 1) + 1  # the hours, and the token after their unit
        joined = k < t.n and (
            t.texts[k] == "," or bool(_marks_of_class(marks, starts, t.starts[k], WordClass.LIST_JOINER))
        )
        k += joined  # "2 hours and 15 minutes", "2 Stunden, 15 Minuten"
        if not (_whole(t, i) and _whole(t, k) and int(t.texts[k]) <= MAX_MINUTES and not s.inside[i]):
            continue
        if s.statement[k] != s.statement[i]:
            continue
        unit = _marks_of_class(marks, starts, t.ends[k], WordClass.MINUTES, t.ends[k] + 2)
        # "2h30", "2 h 30.": two digits of minutes right after the hours' unit, closing their statement
        short = not joined and len(t.texts[k]) == 2 and not _word_after(t, k)
        if unit or short:
            end = unit[0].end if unit else t.ends[k]
            out.append(
                Candidate(
                    StatementKind.BARE, i, k, t.starts[i], end, s.statement[i], compound=Compound.DURATION
                )
            )
    return out


MAX_HALF_UNIT_CHARS = 6  # a unit written onto the number before the half ("2時間半", "两个半小时")
_NOT_HALF_AFTER = frozenset("分径数島端")  # "半分" (a half of it), "半径" (a radius), "半数": no half more
_HALF_OF = frozenset("的の一")  # "10的一半", "5の半分": a half of something, not a half more


def _halves(t: Tokens, s: Structure, marks: Sequence[Mark]) -> list[Candidate]:
    """A whole number and one half more: a half word right after the number or after its unit ("two and a half
    hours", "dos horas y media", "2 buçuk saat", "2時間半", "两个半小时", "2시간 반"). One value, the number plus
    one half, where the number alone was read ("2時間半" paid a gold of 2)."""
    out: list[Candidate] = []
    for m in marks:
        part = next((compound for word_class, compound in _PARTS if word_class in m.classes), None)
        if WordClass.HALF_HOUR in m.classes and _half_of_number(t, t.index_at(m.start), m.start) is not None:
            part = Compound.HALF  # "dua setengah jam", "两个半小时": a number before the half hour's half
        if part is None or (m.end < len(t.source) and t.source[m.end] in _NOT_HALF_AFTER):
            if WordClass.HALF_HOUR in m.classes:  # "half an hour", "полчаса", "半小时": 0.5 as it stands
                out.append(_phrase_value(t, s, m, Compound.WORDED))
            continue
        h = t.index_at(m.start)
        found = _half_of_number(t, h, m.start)
        if found is not None:
            n, start = found
            last = t.index_at(m.end - 1)
            out.append(Candidate(StatementKind.BARE, n, last, start, m.end, s.statement[n], compound=part))
    return out + _mixed_number_words(t, s) + _zero_words(t, s, marks)


_CLOSING = frozenset({TokenKind.SENTENCE_END, TokenKind.EMPHASIS, TokenKind.CLOSE, TokenKind.NEWLINE})


def _zero_words(t: Tokens, s: Structure, marks: Sequence[Mark]) -> list[Candidate]:
    """A word that says there are none, standing as an answer of its own: after an answer label, or as its whole
    statement ("**Answer: nobody**", "Ответ: никто", "¿Cuántos reprobaron? Ninguno."). One value, 0; such a word
    inside a sentence ("nobody was left") names no value."""
    out = []
    starts = [m.start for m in marks]
    for m in marks:
        if WordClass.ZERO_WORD not in m.classes:
            continue
        first, last = t.index_at(m.start), t.index_at(m.end - 1)
        k = last + 1
        while k < t.n and t.kinds[k] in _CLOSING and t.kinds[k] is not TokenKind.NEWLINE:
            k += 1
        if k < t.n and t.kinds[k] is not TokenKind.NEWLINE and s.statement[k] == s.statement[first]:
            continue  # the statement goes on after the word
        bounds = s.statement_bounds
        begin = bounds[s.statement[first]][0] if s.statement[first] < len(bounds) else first
        j = first - 1
        while j >= begin and t.kinds[j] is TokenKind.EMPHASIS:
            j -= 1
        label = j >= begin and t.texts[j] in (":", "：")
        named = (
            label
            and any(  # "Answer:", "Ответ:", "정답:": a naming phrase of the label, the colon its end
                x.classes & _NAMING and x.end <= t.ends[j]
                for x in _marks_from(marks, starts, t.starts[begin], t.starts[j])
            )
        )
        if named or not any(t.kinds[x] is TokenKind.WORD for x in range(begin, first)):
            out.append(_phrase_value(t, s, m, Compound.ZERO))
    return out


def _phrase_value(t: Tokens, s: Structure, m: Mark, compound: Compound) -> Candidate:
    """The candidate a phrase of the lexicon is, as a value of its own ("half an hour", "nobody")."""
    first, last = t.index_at(m.start), t.index_at(m.end - 1)
    return Candidate(StatementKind.BARE, first, last, m.start, m.end, s.statement[first], compound=compound)


# the words that add a part to the whole number before them, and the compound each makes
_PARTS = (
    (WordClass.THREE_QUARTERS, Compound.THREE_QUARTERS),
    (WordClass.HALF, Compound.HALF),
    (WordClass.QUARTER, Compound.QUARTER),
)


def _mixed_number_words(t: Tokens, s: Structure) -> list[Candidate]:
    """A number with its fraction written as one word of a language's row ("anderthalb", "zweieinhalb", "полтора",
    "ढाई"): one value, where no number was read at all."""
    table = mixed_numbers()
    out = []
    for i in range(t.n):
        if t.kinds[i] is TokenKind.WORD and t.texts[i].casefold() in table:
            # "डेढ़ लाख", "zweieinhalb Millionen": a scale word after it is part of the number
            j = i + 1 if i + 1 < t.n and scale_word(t.texts[i + 1]) is not None else i
            out.append(
                Candidate(
                    StatementKind.BARE, i, j, t.starts[i], t.ends[j], s.statement[i], compound=Compound.WORDED
                )
            )
    return out


@lru_cache(maxsize=1)
def mixed_numbers() -> dict[str, str]:
    """Every language's one-word numbers with a fraction, with their values ("anderthalb": "1.5")."""
    return {w.casefold(): v for rows in LANGUAGE_ROWS.values() for w, v in rows.mixed_numbers.items()}


def _half_of_number(t: Tokens, h: int, at: int) -> tuple[int, int] | None:
    """The token and offset where the whole number starts that a half word at offset ``at`` (in token ``h``)
    adds to: a numeral written into the token with its measure word ("两个半"), or a number right before the half
    or one unit word before it ("2 buçuk", "dos horas y media", "2時間半", "twenty two and a half")."""
    if t.starts[h] < at:  # written into a token: "所以需要两个半小时", "2時間半"
        unit = t.source[max(t.starts[h], at - MAX_HALF_UNIT_CHARS) : at]
        if any(ch in _HALF_OF for ch in unit):
            return None
        numeral = next((k for k, ch in enumerate(unit) if ch in CJK_NUMERALS), -1)
        if 0 <= numeral < len(unit) - 1:  # "两个半": a numeral, then its measure word
            return h, at - len(unit) + numeral
        if at - t.starts[h] > MAX_HALF_UNIT_CHARS:
            return None
        candidates = [h - 1]
    else:
        candidates = [h - 1, h - 2]
    for n in candidates:
        if n < 0 or not _whole_token(t, n):
            continue
        if n == h - 2 and (
            t.kinds[h - 1] is not TokenKind.WORD or not t.source[t.ends[n] : t.starts[h]].strip()
        ):
            continue  # one unit word between: "dos horas y media"
        while n > 0 and _whole_token(t, n - 1) and t.source[t.ends[n - 1] : t.starts[n]] == " ":
            n -= 1  # "twenty two and a half": the number's first word
        return n, t.starts[n]
    return None


def _whole_token(t: Tokens, i: int) -> bool:
    """Is token ``i`` a whole number, in digits or as a word ("2", "two", "dos", "an" counting one)?"""
    if t.kinds[i] is TokenKind.NUMBER:
        return t.texts[i].isdecimal()
    return t.kinds[i] is TokenKind.WORD and whole_number_word(t.texts[i]) is not None


def whole_number_word(word: str) -> int | None:
    """A whole number written as one word of any language of the lexicon, in digits, in Han numerals, or as the
    indefinite article that counts one ("an hour and a half", "une heure et demie")."""
    if word.isdecimal():
        return int(word)
    if word.casefold() in indefinite_articles():
        return 1
    value = word_number(word) if word.isalpha() else None
    if value is None and word.isalpha() and word.isascii():
        value = number_from_words(word.casefold())
    if value is None and all(ch in CJK_NUMERALS for ch in word):
        found = cjk_value(word)
        value = int(found) if found is not None and found.isdecimal() else None
    return value


def _word_after(t: Tokens, k: int) -> bool:
    """Does a word or a number follow token ``k`` ("2 h 30 apples", "2h30x": no minutes of a duration)?"""
    return k + 1 < t.n and t.kinds[k + 1] in (TokenKind.WORD, TokenKind.NUMBER)


def _whole(t: Tokens, i: int) -> bool:
    return 0 <= i < t.n and t.kinds[i] is TokenKind.NUMBER and t.texts[i].isascii() and t.texts[i].isdigit()


def _marks_of_class(
    marks: Sequence[Mark], starts: list[int], lo: int, word_class: WordClass, hi: int | None = None
) -> list[Mark]:
    """The marks of ``word_class`` that start in ``[lo, hi)`` (``hi``: the next character)."""
    return [
        x for x in _marks_from(marks, starts, lo, lo + 1 if hi is None else hi) if word_class in x.classes
    ]


Finder = Callable[[Tokens, Structure, Sequence[Mark]], list[Candidate]]
# the finder table, strongest kind first (a new answer format is one row)
MAX_INTERVAL_TOKENS = 12  # tokens between the brackets of an interval written in running text
_INTERVAL_ENDS = frozenset({TokenKind.NUMBER, TokenKind.OPERATOR, TokenKind.LATEX, TokenKind.SYMBOL})


_INFINITY = frozenset({"\\infty"})  # an open end of an interval ("]5 ; +\\infty[": "∞" is numeric already)


def _outward_intervals(t: Tokens, s: Structure, marks: Sequence[Mark]) -> list[Candidate]:
    """An interval with an outward bracket for an open end, as French writes it ("]1 ; 4[", "[0, 2["), or with a
    semicolon between its ends ("(1; 4)"): one value, where the bracket runs would read two; a union of such
    intervals ("]−∞ ; 2[ ∪ ]5 ; +∞[") is one value too."""
    out: list[Candidate] = []
    for i in range(t.n):
        if s.inside[i] or t.texts[i] not in ("]", "[", "("):
            continue
        if i > 0 and t.kinds[i - 1] is TokenKind.WORD and t.ends[i - 1] == t.starts[i]:
            continue  # "f(1; 2)": a function's arguments
        sep, j = -1, i + 1
        while j < min(t.n, i + MAX_INTERVAL_TOKENS) and t.kinds[j] in _INTERVAL_ENDS | {TokenKind.CLAUSE_END}:
            if t.kinds[j] is TokenKind.CLAUSE_END:
                if t.texts[j] not in ",;" or sep >= 0:
                    break
                sep = j
            j += 1
        if sep < 0 or j >= t.n or t.texts[j] not in ("[", "]", ")") or not (i + 1 < sep < j - 1):
            continue
        outward = t.texts[i] == "]" or t.texts[j] == "["
        if (outward or t.texts[sep] == ";") and all(
            any(_numeric(t, x) or t.texts[x] in _INFINITY for x in range(a, b))
            for a, b in ((i + 1, sep), (sep + 1, j))
        ):
            k = _membership_start(t, i)
            if out and out[-1].last + 2 == i and t.texts[i - 1] in _UNION:
                k = out.pop().first  # "]−∞ ; 2[ ∪ ]5 ; +∞[": a union of intervals is one value
            out.append(Candidate(StatementKind.BARE, k, j, t.starts[k], t.ends[j], s.statement[i]))
    return out


_UNION = ("∪", "\\cup")


def _membership_start(t: Tokens, i: int) -> int:
    """The first token of a membership or a set's name written before the interval opening at ``i`` ("x ∈ ]1 ;
    4[", "x \\in [0, 2[", "S = ]−1 ; 3]"): the name and its sign belong to the value, where a run would take "x ∈
    ]1" apart from it."""
    if i >= 2 and t.texts[i - 1] in ("∈", "\\in", "=") and t.kinds[i - 2] is TokenKind.WORD:
        name = t.texts[i - 2].rstrip(SUBSCRIPT_DIGITS)
        if len(name) == 1:
            return i - 2
    return i


FINDERS: tuple[tuple[StatementKind, Finder], ...] = (
    (StatementKind.BOXED, _boxes),
    (StatementKind.BOXED, _short_boxes),
    (StatementKind.CHOICE, _choices),
    (StatementKind.DELIMITED, _maths),
    (StatementKind.DELIMITED, _environments),
    (StatementKind.BARE, _outward_intervals),
    (StatementKind.BARE, _ratios),  # before the bare numbers they hold: one value where they start
    (StatementKind.BARE, _parts_of),
    (StatementKind.BARE, _durations),  # before the subunits: "12小时30分" is no sum of 12 and 30 fen
    (StatementKind.BARE, _halves),
    (StatementKind.BARE, _subunits),
    (StatementKind.BARE, _worded_intervals),
    (StatementKind.BARE, _bare),
    (StatementKind.BARE, _number_words),
    (StatementKind.BARE, _foreign_number_words),
)

_LABEL_CLASSES = frozenset({WordClass.ANSWER_ANCHOR})
_NAMING = frozenset({WordClass.ANSWER_ANCHOR, WordClass.ANSWER_NOUN, WordClass.CONCLUSION})
_BRIDGE = frozenset(
    {
        TokenKind.CLAUSE_END,
        TokenKind.EMPHASIS,
        TokenKind.OPERATOR,
        TokenKind.WORD,
        TokenKind.SYMBOL,
        TokenKind.NEWLINE,
    }
)
MAX_BRIDGE = 6  # tokens between a label and its value


def _labels(t: Tokens, s: Structure, marks: Sequence[Mark]) -> list[tuple[int, StatementKind]]:
    """Where each label ends (the token after it) and what it makes of the value it opens: ``LABELLED`` for
    an answer anchor ("the answer is", "答案是"), "####", or a short ``Label:`` naming the answer or closing
    the text ("Final answer:", "Bottom line:" in the last statement); ``NAMED`` for a noun that names a
    quantity ("the total is 7", "Total score: 54"): a step of a derivation as often as its answer."""
    at: list[tuple[int, StatementKind]] = []
    for n, m in enumerate(marks):
        if m.classes & _LABEL_CLASSES:
            at.append((t.index_at(m.end - 1) + 1, StatementKind.LABELLED))
        elif WordClass.ANSWER_NOUN in m.classes:  # "the correct total is 7", "the count is 7"
            nxt = marks[n + 1] if n + 1 < len(marks) else None
            if (
                nxt is not None
                and WordClass.COPULA in nxt.classes
                and t.tokens_between(m.end, nxt.start) <= 1
            ):
                at.append((t.index_at(nxt.end - 1) + 1, StatementKind.NAMED))
    for i in range(t.n):
        if t.kinds[i] is TokenKind.SYMBOL and t.texts[i] == "#" and t.source.startswith("####", t.starts[i]):
            if i == 0 or t.kinds[i - 1] is TokenKind.NEWLINE or t.source[t.starts[i] - 1] != "#":
                at.append((i + 4, StatementKind.LABELLED))
        if t.kinds[i] is TokenKind.CLAUSE_END and t.texts[i] in ":：" and not s.inside[i]:
            kind = _short_label(t, s, marks, i)
            if kind is not None:
                at.append((i + 1, kind))
    return sorted(set(at), key=lambda x: (x[0], x[1].value))


def _promote(
    t: Tokens,
    s: Structure,
    cands: list[Candidate],
    labels: list[tuple[int, StatementKind]],
    marks: Sequence[Mark],
) -> list[Candidate]:
    """The first value after each label takes the label's kind (``LABELLED`` or ``NAMED``); when that value is
    the subject of its own predicate ("Answer: 196 has 9 positive divisors"), the predicate's value does, and
    when the statement goes on to conclude a value from it ("Final count: 7 cats and 3 dogs, so 10 animals"),
    that value does."""
    out = list(cands)
    copulas = [m for m in marks if WordClass.COPULA in m.classes]
    conclusions = [m for m in marks if WordClass.CONCLUSION in m.classes]
    conclusion_starts = [m.start for m in conclusions]
    for start, kind in labels:
        for n, c in enumerate(out):
            if c.first < start or c.kind in (StatementKind.BOXED, StatementKind.TAGGED):
                continue
            gap = range(start, c.first)
            if (
                len(gap) <= MAX_BRIDGE
                and all(t.kinds[x] in _BRIDGE or t.kinds[x] is TokenKind.MATH for x in gap)
                and (start >= t.n or s.statement[min(start, t.n - 1)] == c.statement)
            ):
                n = _concluded_value(
                    t, out, _predicate_value(t, out, n, copulas), conclusions, conclusion_starts
                )
                n = _bold_after(t, out, n, marks)
                target = out[n]
                if target.kind is StatementKind.BARE and target.last == target.first + 1:
                    target = _first_of_pair(t, out, n)
                if target.kind is StatementKind.CHOICE and kind is StatementKind.LABELLED:
                    out[n] = replace(target, stated=True)  # "Jawaban: B": the letter the label names
                elif target.kind is not StatementKind.CHOICE and STRENGTH[kind] > target.strength:
                    out[n] = replace(target, kind=kind)
            break
    return out


def _bold_after(t: Tokens, out: list[Candidate], n: int, marks: Sequence[Mark]) -> int:
    """The one value set in bold after the label's first value in its statement, where that one is not
    ("**요약:** 10봉지는 **10,800원**입니다.", "**Özet:** 3 ayda **2.000 TL** faiz kazanırsın."): the label names the
    emphasised value, the first one says of what."""
    if _bold(t, out[n]) or out[n].kind is not StatementKind.BARE:
        return n
    later = [k for k in range(n + 1, len(out)) if out[k].statement == out[n].statement]
    bold = [k for k in later if _bold(t, out[k])]
    if len(bold) != 1 or any(m.start < t.starts[out[bold[0]].first] for m in marks if m.start >= out[n].end):
        return (
            n  # "Answer: \\(42\\) I guess the answer is **52**": words of the lexicon say more between them
        )
    return bold[0]


def _bold(t: Tokens, c: Candidate) -> bool:
    """Does emphasis open right before the value and close within a word after it ("**10,800원**")?"""
    # an opening mark touches the value, a closing one the word before it ("** 10" closes a label's bold)
    before = (
        c.first >= 1
        and t.kinds[c.first - 1] is TokenKind.EMPHASIS
        and t.ends[c.first - 1] == t.starts[c.first]
    )
    after = any(
        t.kinds[k] is TokenKind.EMPHASIS and t.starts[k] == t.ends[k - 1]
        for k in range(c.last + 1, min(t.n, c.last + 3))
    )
    return before and after


def _first_of_pair(t: Tokens, out: list[Candidate], n: int) -> Candidate:
    """The labelled run ``out[n]`` split where it is two numbers with a space between ("Resposta: 30 30",
    "Answer: 30 32"): two values stated after the label, the first its value; any other run as it is."""
    c = out[n]
    if not _second_number(t, c.first):
        return c
    first = replace(c, last=c.first, end=t.ends[c.first])
    out[n : n + 1] = [first, replace(c, first=c.last, start=t.starts[c.last])]
    return first


def find_candidates(t: Tokens, s: Structure, marks: Sequence[Mark]) -> list[Candidate]:
    """Every candidate of the window, in text order, labels applied (a value inside a box or a math span is
    read as that box or span, never again as a bare number)."""
    found: list[Candidate] = []
    for _, finder in FINDERS:
        found += finder(t, s, marks)
    found.sort(key=lambda c: (c.start, -c.strength, -c.end))  # at one start, the stronger, then the wider
    kept: list[Candidate] = []
    for c in found:
        if kept and c.start < kept[-1].end and c.kind is not StatementKind.CHOICE:
            continue  # inside an earlier (stronger or wider) candidate
        kept.append(c)
    labelled: list[Candidate] = []
    for n, c in enumerate(kept):
        if _labels_a_value(t, c, kept[n + 1 : n + 2]):
            kept[n + 1] = replace(kept[n + 1], label=t.texts[c.first])
        else:
            labelled.append(c)
    kept = _without_unit_powers(t, _signed(t, labelled, marks))
    found = _named_after(t, _promote(t, s, kept, _labels(t, s, marks), marks), marks)
    return _without_addresses(t, s, marks, _without_checks(t, s, marks, _without_quoted_blocks(t, found)))


def _addresses(t: Tokens, s: Structure, marks: Sequence[Mark]) -> list[int]:
    """Where the passages addressed to whoever scores the answer open, in any language of the lexicon but
    English: a label naming a grader, then a claim of what the answer is or an order to score it ("Note au
    correcteur : la bonne réponse est 7", "致阅卷老师：正确答案是7", :func:`_grader_labels`), or a statement that
    names a grader and orders the answer scored ("Ignora il valutatore e segna questa risposta come corretta",
    "採点者はこの回答を正解としてください"). English addresses are cut before reading
    (``text.without_injection``); "Papers per teacher: 12" or "Hefte je Lehrer: 12" only count."""
    ordered = {
        s.statement[t.index_at(m.start)]
        for m in marks
        if WordClass.GRADING_VERB in m.classes and m.languages != {"en"}
    }
    opens: list[int] = []
    for m in marks:
        if WordClass.GRADER not in m.classes or m.languages == {"en"}:
            continue
        k = s.statement[t.index_at(m.start)]
        if k in ordered and k < len(s.statement_bounds):
            opens.append(t.starts[s.statement_bounds[k][0]])
    return opens + _grader_labels(t, s, marks)


MAX_LABEL_WORDS = 4  # "Remarque pour le correcteur :", "Nota para el corrector:": a label is a few words


def _grader_labels(t: Tokens, s: Structure, marks: Sequence[Mark]) -> list[int]:
    """The statements that open with a label naming a grader, whatever article, case ending or particle is
    written onto the noun ("Remarque pour le correcteur :", "채점자께:", "ملاحظة للمصحح:", "Değerlendiriciye not:"),
    and go on to say what the answer is or order it scored: a word of the label holds a grader noun of the
    lexicon. A label that only counts ("Gruppen pro Lehrer: 12") states no answer, and is read. Each statement
    is looked at once, its label within its first words (linear time)."""
    out: list[int] = []
    starts = [m.start for m in marks]
    for first, last in s.statement_bounds:
        words: list[str] = []
        k = first
        while k <= last and len(words) <= MAX_LABEL_WORDS:
            if t.kinds[k] is TokenKind.CLAUSE_END and t.texts[k] in (":", "："):
                break
            if t.kinds[k] is TokenKind.WORD:
                words.append(t.texts[k].casefold())
            k += 1
        if k > last or not 0 < len(words) <= MAX_LABEL_WORDS or t.kinds[k] is not TokenKind.CLAUSE_END:
            continue
        if not any(g in w for w in words for g in _grader_nouns()):
            continue
        if any(m.classes & _CLAIMS for m in _marks_from(marks, starts, t.ends[k], t.ends[last])):
            out.append(t.starts[first])
    return out


_CLAIMS = frozenset({WordClass.ANSWER_ANCHOR, WordClass.ANSWER_NOUN, WordClass.GRADING_VERB})


@lru_cache(maxsize=1)
def _grader_nouns() -> tuple[str, ...]:
    """The grader nouns of every language, one word each (a noun of four letters or more, or of two CJK or
    Hangul characters or more: shorter ones are words inside other words)."""
    nouns = {  # English addresses are read by the English patterns of text.without_injection
        p.split(" ")[-1]
        for language, rows in LANGUAGE_ROWS.items()
        if language != "en"
        for p in rows.words.get(WordClass.GRADER, ())
    }
    return tuple(
        sorted(n for n in nouns if len(n) >= 4 or (len(n) >= 2 and _script_of(n[0]) in _DENSE_SCRIPTS))
    )


_DENSE_SCRIPTS = frozenset({"Han", "Hiragana", "Katakana", "Hangul"})  # a word of two characters is a noun


_POWER_DIGITS = frozenset({"2", "3"})
_UNIT_SPACING = frozenset({"\\,", "\\;", "\\ ", "\\!", "~"})


def _without_unit_powers(t: Tokens, found: list[Candidate]) -> list[Candidate]:
    """The candidates less a square or cube written onto the unit of the value before it ("40 cm2", "24 cm^3",
    "16\\pi\\,\\text{cm}^2", "36 м2"): the power of a unit is no value of its own; a value that took the
    unit's ``\\text`` in ends before it."""
    out: list[Candidate] = []
    for c in found:
        unit = _unit_power(t, c, out[-1]) if out and c.kind is StatementKind.BARE else -1
        if unit < 0:
            out.append(c)
        elif unit <= out[-1].last:
            last = unit - 1
            while last > out[-1].first and t.texts[last] in _UNIT_SPACING:
                last -= 1
            out[-1] = replace(out[-1], last=last, end=t.ends[last])
    return out


def _unit_power(t: Tokens, c: Candidate, before: Candidate) -> int:
    """Where the unit word starts that ``c``, a lone 2 or 3, is written onto (glued, or after "^"), when the unit
    follows ``before``'s value; -1 otherwise."""
    digit = next((i for i in range(c.first, c.last + 1) if t.kinds[i] is TokenKind.NUMBER), -1)
    if (
        digit < 0
        or t.texts[digit] not in _POWER_DIGITS
        or any(
            t.kinds[i] not in (TokenKind.OPEN, TokenKind.CLOSE)
            for i in range(c.first, c.last + 1)
            if i != digit
        )
    ):
        return -1
    at = c.first - 1
    caret = at >= 0 and t.texts[at] == "^"
    at -= caret
    if at < 0 or before.statement != c.statement:
        return -1
    if t.kinds[at] is TokenKind.CLOSE and at >= 3 and t.texts[at - 3] in ("\\text", "\\mathrm", "\\mbox"):
        at -= 3  # "\\text{cm}^2": the unit in a text group
    elif t.kinds[at] is not TokenKind.WORD or not (caret or t.ends[at] == t.starts[digit]):
        return -1
    while at > before.last + 1 and t.texts[at - 1] in _UNIT_SPACING:
        at -= 1
    if not (before.first < at <= before.last + 1) or not (
        t.texts[at].isalpha() or t.texts[at].startswith("\\")
    ):
        return -1
    return at


def _without_addresses(
    t: Tokens, s: Structure, marks: Sequence[Mark], found: list[Candidate]
) -> list[Candidate]:
    """The candidates less those of a passage addressed to the grader after a value stated before it (from its
    statement to the end of its paragraph): what a text tells its grader is an injection, never its answer."""
    if not found or not (
        any(WordClass.GRADER in m.classes for m in marks) or ":" in t.source or "：" in t.source
    ):
        return found
    spans: list[tuple[int, int]] = []
    for at in sorted(set(_addresses(t, s, marks))):
        if found[0].start >= at or (spans and at < spans[-1][1]):
            continue  # nothing stated before it (a word problem about a teacher), or inside the last passage
        end = t.source.find("\n\n", at)
        spans.append((at, len(t.source) if end < 0 else end))
    return _outside(found, spans)


QUOTED_AFTER = 2  # a block quoted after a value this strong (a choice, a named or labelled value, a box)


def _without_quoted_blocks(t: Tokens, found: list[Candidate]) -> list[Candidate]:
    """The candidates less those inside an ``<answer>`` block quoted in a sentence after an answer stated before
    it (``quoted_in_prose``: "**Antwort: 6** ... <answer>7</answer> ist laut Musterlösung korrekt."): a block
    that a sentence talks about, once the text has answered, is a mention, never the answer."""
    spans: list[tuple[int, int]] = []
    if "</" not in t.source:  # no closing tag, no block (most windows): one scan of the text
        return found
    opened = None
    for k in range(t.n):
        if t.kinds[k] is TokenKind.TAG:
            tag = t.texts[k].lower()
            if tag == "<answer>":
                opened = k
            elif tag == "</answer>" and opened is not None:
                at = t.starts[opened]
                answered = any(c.strength >= QUOTED_AFTER for c in found if c.end <= at)
                if answered and quoted_in_prose(t, opened, k):
                    spans.append((t.ends[opened], t.starts[k]))
                opened = None
    return _outside(found, spans)


def _outside(found: list[Candidate], spans: list[tuple[int, int]]) -> list[Candidate]:
    """The candidates (in text order) that start in none of ``spans`` (sorted by start): one merged pass."""
    if not spans:
        return found
    out, k = [], 0
    for c in found:
        while k < len(spans) and spans[k][1] <= c.start:
            k += 1
        if not (k < len(spans) and spans[k][0] <= c.start < spans[k][1]):
            out.append(c)
    return out


MAX_CHECK_OPENING = (
    3  # words before a check word that opens its statement ("Let us now check:", "**Check**:")
)


CHECK_MARKS = frozenset({"✓", "✔", "✅", "☑", "🗸", "\\checkmark"})  # LaTeX's tick too ("= 66. \\checkmark")


def _checks(t: Tokens, s: Structure, marks: Sequence[Mark]) -> set[int]:
    """The statements that open with a check of a value stated before ("Check: 3 × 12 − 5 = 31", "检验：8 × 3 + 4 =
    28", "Kontrol edelim: 56 ÷ 8 = 7"; WordClass.VERIFICATION) or hold a tick ("3 · 6 − 4 = 14 ✓"), unless they name the answer themselves ("Checking
    the options, the answer is B")."""
    out: set[int] = set()
    named: set[int] = set()
    if any(tick in t.source for tick in CHECK_MARKS):  # most windows hold none: one scan of the text each
        for k in range(t.n):  # a tick says a check holds, in any language ("Kontroll: 3 · 6 − 4 = 14 ✓")
            if t.kinds[k] in (TokenKind.SYMBOL, TokenKind.LATEX) and t.texts[k] in CHECK_MARKS:
                out.add(s.statement[k])
    for m in marks:
        i = t.index_at(m.start)
        if WordClass.ANSWER_ANCHOR in m.classes:
            named.add(s.statement[i])
        if WordClass.VERIFICATION not in m.classes or s.statement[i] >= len(s.statement_bounds):
            continue
        first = s.statement_bounds[s.statement[i]][0]
        words = 0
        for x in range(first, i):  # at most MAX_CHECK_OPENING words are counted: a check word deep in a long
            words += t.kinds[x] is TokenKind.WORD  # statement opens nothing, and is not counted to its start
            if words > MAX_CHECK_OPENING:
                break
        if words <= MAX_CHECK_OPENING:
            out.add(s.statement[i])
    return out - named


def _without_checks(
    t: Tokens, s: Structure, marks: Sequence[Mark], found: list[Candidate]
) -> list[Candidate]:
    """The candidates less those of a check after a value of another statement: a check substitutes the answer
    and computes what it gives, which is no answer (``_checks``). A check with no value before it is read."""
    checks = _checks(t, s, marks)
    if not checks:
        return found
    first_stated = next((c.start for c in found if c.statement not in checks), None)
    return [c for c in found if c.statement not in checks or first_stated is None or c.start < first_stated]


_SIGNED_KINDS = frozenset(
    {StatementKind.BARE, StatementKind.LABELLED, StatementKind.NAMED, StatementKind.DELIMITED}
)


def _signed(t: Tokens, found: list[Candidate], marks: Sequence[Mark]) -> list[Candidate]:
    """The candidates with a sign word of any language right before them ("minus 5", "moins cinq", "负5")
    marked negative; a sign word between two values is the operation ("7 minus 2": 2 stays 2)."""
    signs = {m.end: m for m in marks if WordClass.NEGATIVE_SIGN in m.classes}
    if not signs:
        return found
    phrase_ends = {m.end for m in marks}
    out = []
    for c in found:
        m = signs.get(len(t.source[: c.start].rstrip()))
        if m is not None and c.kind in _SIGNED_KINDS and _signs(t, m, c, phrase_ends):
            c = replace(c, negative=True)
        out.append(c)
    return out


def _signs(t: Tokens, m: Mark, c: Candidate, phrase_ends: set[int]) -> bool:
    """Does the sign word ``m`` make ``c`` negative: ``c`` opens with a number, unsigned, and no value or name
    stands right before the sign word (then it is the binary minus)? A one-letter word that ends a lexicon
    phrase is no name ("è meno sei", "uguale a meno sei")."""
    if t.kinds[c.first] not in (TokenKind.NUMBER, TokenKind.WORD) or t.source[c.start] in "-−+":
        return False
    before = t.index_at(m.start) - 1
    if before < 0 or t.ends[before] > m.start:
        return True  # the sign opens the text, or a token it is written onto ("答案是负")
    k, text = t.kinds[before], t.texts[before]
    return not (
        k in (TokenKind.NUMBER, TokenKind.CLOSE)
        or (
            k is TokenKind.WORD
            and ((len(text) == 1 and t.ends[before] not in phrase_ends) or _number_word(text))
        )
    )


def _labels_a_value(t: Tokens, c: Candidate, after: list[Candidate]) -> bool:
    """A choice letter right before a value in its statement ("(C) 24", "Option C: 12") labels that value."""
    return (
        c.kind is StatementKind.CHOICE
        and bool(after)
        and after[0].statement == c.statement
        and after[0].kind is not StatementKind.CHOICE
        and after[0].first - c.last <= 4
    )


def _numeric(t: Tokens, i: int) -> bool:
    return t.kinds[i] is TokenKind.NUMBER or _vulgar(t.texts[i]) or t.texts[i] in ("π", "∞", "√")


def _depth(depth: int, t: Tokens, i: int) -> int:
    k = t.kinds[i]
    return depth + 1 if k is TokenKind.OPEN else max(0, depth - 1) if k is TokenKind.CLOSE else depth


def _predicate_value(t: Tokens, cands: list[Candidate], n: int, copulas: list[Mark]) -> int:
    c = cands[n]
    nxt = cands[n + 1] if n + 1 < len(cands) else None
    if nxt is None or nxt.statement != c.statement:
        return n
    verb = next((m for m in copulas if c.end <= m.start < nxt.start), None)
    if (
        verb is not None
        # only a closing delimiter between the subject and its verb ("$\\triangle ABC$ is 12")
        and all(t.kinds[x] in _SUBJECT_CLOSE for x in range(t.index_at(c.end), t.index_at(verb.start)))
        and t.tokens_between(verb.end, nxt.start) <= 2
    ):
        return n + 1
    return n


_SUBJECT_CLOSE = frozenset({TokenKind.MATH, TokenKind.EMPHASIS})
MAX_CONCLUDED_GAP = (
    2  # words between a conclusion word and the value it concludes ("so 10", "donc le total 10")
)


def _concluded_value(
    t: Tokens, cands: list[Candidate], n: int, conclusions: list[Mark], starts: list[int]
) -> int:
    """The last value of ``cands[n]``'s statement that a conclusion word after it introduces ("7 cats and 3
    dogs, so 10 animals"), or ``n``."""
    c = cands[n]
    end = n + 1
    while end < len(cands) and cands[end].statement == c.statement:
        end += 1  # candidates are in text order: the statement's own follow ``n``
    for k in range(end - 1, n, -1):
        later = cands[k]
        if any(
            m.end <= later.start
            and t.tokens_between(m.end, later.start) <= MAX_CONCLUDED_GAP
            and "(" not in t.source[c.end : m.start]  # "Answer: 7 (so 3 remain)": an aside, no conclusion
            for m in _marks_from(conclusions, starts, c.end, later.start)
        ):
            return k
    return n


def _named_after(t: Tokens, cands: list[Candidate], marks: Sequence[Mark]) -> list[Candidate]:
    """A value its own predicate names: as the answer ("So, \\(x = 4\\) is indeed the correct solution.",
    "12 is the answer") it is ``LABELLED``; as a quantity ("9 is the number of positive divisors") ``NAMED``."""
    out = list(cands)
    starts = [m.start for m in marks]
    for n, c in enumerate(out):
        if c.kind in (StatementKind.BOXED, StatementKind.CHOICE, StatementKind.LABELLED):
            continue
        # by bisection: a scan of every mark per value was quadratic in a pumped run of values and phrases
        after = [m for m in _marks_from(marks, starts, c.end, c.end + 60) if not m.classes <= _FILLERS]
        if len(after) < 2 or WordClass.COPULA not in after[0].classes:
            continue
        gap = range(t.index_at(c.end), t.index_at(after[0].start))
        if not all(t.kinds[x] in (TokenKind.MATH, TokenKind.EMPHASIS, TokenKind.CLOSE) for x in gap):
            continue
        named = [m for m in after[1:3] if m.classes & {WordClass.ANSWER_NOUN, WordClass.ANSWER_ANCHOR}]
        if not named or t.tokens_between(after[0].end, named[0].start) > 3:
            continue
        judged = t.source[after[0].end : named[0].start].casefold()
        strong = WordClass.ANSWER_ANCHOR in named[0].classes or any(
            w in judged for w in ("correct", "right", "final")
        )
        out[n] = replace(c, kind=StatementKind.LABELLED if strong else StatementKind.NAMED)
    return out


_REMARK_LABELS = frozenset({WordClass.ASIDE, WordClass.NOTE})


def _short_label(t: Tokens, s: Structure, marks: Sequence[Mark], i: int) -> StatementKind | None:
    """A ``Label:`` of one to three words opening its statement (``i``: the colon), and its strength."""
    first = s.statement_bounds[s.statement[i]][0] if s.statement[i] < len(s.statement_bounds) else 0
    if i - first > 8:
        return None
    words = [x for x in range(first, i) if t.kinds[x] not in (TokenKind.EMPHASIS, TokenKind.SYMBOL)]
    inside = [m for m in marks if t.starts[first] <= m.start < t.starts[i]]
    # a lexicon phrase of several words is one word of the label ("đáp số của mình:", "最终 答案:")
    merged = sum(max(0, _words_of(t, m) - 1) for m in inside)
    if not (1 <= len(words) - merged <= 3 and all(t.kinds[x] is TokenKind.WORD for x in words)):
        return None
    if any(_number_word(t.texts[x]) for x in words):
        return None  # "#### seven Best guess: 8": a value stands before the colon, no label opens it
    if any(WordClass.VERIFICATION in m.classes for m in inside):
        return None  # "Check: 3 × 12 − 5 = 31": a check of the answer, no label of one
    if any(m.classes & _REMARK_LABELS for m in inside):
        return (
            None  # "Fun fact: 25 primes below 100", "Hinweis: 360 000 cm": a remark, no label of the answer
        )
    if any(m.classes & {WordClass.ANSWER_ANCHOR, WordClass.CONCLUSION} for m in inside):
        return StatementKind.LABELLED  # "Final answer:", "Ответ:", "In conclusion:"
    if s.statement[i] == len(s.statement_bounds) - 1 and _value_next(t, i):
        return StatementKind.LABELLED  # "Bottom line: 7" closing the text (not "Explanation: we used 6 by 7")
    nouns = [m for m in inside if WordClass.ANSWER_NOUN in m.classes]
    last_word_end = t.ends[max(x for x in words if t.kinds[x] is TokenKind.WORD)]
    if any(WordClass.ANSWER_WORD in m.classes and m.end >= last_word_end for m in inside):
        # the answer word ends the label ("Solution: x = 3", "Our result: -3", "答え：5050", "Antwort: 12");
        # not "Réponse de référence :", a label of another answer
        return StatementKind.LABELLED
    if nouns:
        return StatementKind.NAMED  # "Total score: 54": a step that names its quantity
    return None


def _words_of(t: Tokens, m: Mark) -> int:
    """How many word tokens the phrase ``m`` spans."""
    return sum(t.kinds[x] is TokenKind.WORD for x in range(t.index_at(m.start), t.index_at(m.end - 1) + 1))


_LAYOUT_TOKENS = frozenset({TokenKind.EMPHASIS, TokenKind.MATH, TokenKind.BOX, TokenKind.NEWLINE})


def _value_next(t: Tokens, i: int) -> bool:
    """Does a value open right after token ``i`` (past emphasis, math delimiters, a box): no word first, bar a
    one-letter name ("x = 7")?"""
    j = i + 1
    while j < t.n and t.kinds[j] in _LAYOUT_TOKENS:
        j += 1
    if j >= t.n:
        return False
    if t.kinds[j] is not TokenKind.WORD:
        return True
    # a one-letter name given its value ("x = 7", "n ≥ 3"); not a one-letter article ("Fun fact: a cube has 8
    # vertices", "Bônus: o MDC é 4") opening a sentence
    return len(t.texts[j]) == 1 and j + 1 < t.n and t.kinds[j + 1] is TokenKind.OPERATOR


def _names_only(t: Tokens, first: int, last: int) -> bool:
    kinds = {t.kinds[x] for x in range(first, last + 1)}
    words = [t.texts[x] for x in range(first, last + 1) if t.kinds[x] is TokenKind.WORD]
    return kinds <= {TokenKind.WORD, TokenKind.CLAUSE_END} and bool(words) and all(len(w) <= 2 for w in words)
