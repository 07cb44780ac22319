r"""Gold answers parsed once per unique solution string per process.

A gold may be a plain number, raw LaTeX without ``$`` (``2\sqrt{2}``, ``\frac{\pi}{4}``, ``1<x<2``), a
``\boxed{}`` answer, a ``#### N`` GSM8K answer, or a full worked solution (its final boxed answer counts).
A parse that keeps only a strict prefix of the gold is refused (see :func:`mathcore.parse_value`). A gold
is parsed by sympy in this process only when it is in the pre-screen's in-process grammar
(:func:`prescreen.risk`); any other gold, and every worked solution without a box, is ``risky`` or ``prose``:
parsed only in the isolated worker, under the judge's limit.

>>> g = parse_gold(r"so the area is $\boxed{2\sqrt{2}}$.")
>>> g.expr, g.status, g.shown
('2\\sqrt{2}', <GoldStatus.OK: 'ok'>, '2*sqrt(2)')
>>> parse_gold(r"\frac{1}{").status
<GoldStatus.UNPARSEABLE: 'unparseable'>
>>> b = parse_gold("1101_2")
>>> b.status, b.base, b.norm
(<GoldStatus.BASE: 'base'>, 2, '1101')
>>> parse_gold("N/A").no_value, parse_gold("12 \\mathrm{cm}^2").units_dropped
(True, True)
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import StrEnum
from functools import lru_cache

from rewardcheck.rewards import rx
from rewardcheck.rewards.cache_bounds import GOLD_PARSES

from .exact import exact_value, integer_digits, is_literal, too_large
from .forms import base_number, canonical, number_from_words, restore_escapes, strip_units, tidy
from .interval_ends import interval
from .isolation import IsolationError, IsolationTimeout, default_pool
from .lexicon import WordClass, alternation, is_word, phrases
from .mathcore import Parsed, parse_value, remaining_s
from .prescreen import risk
from .text import (
    MAX_JOINER_CHARS,
    TEXT_COMMANDS,
    boxed_contents,
    joins_boxes,
    normalise,
    strip_math_delimiters,
)

__all__ = ["GoldParse", "GoldStatus", "parse_gold"]

MAX_INLINE_INTEGER_DIGITS = 9  # a longer integer is outside the in-process grammar
_WORDS = rx.compile(r"(?<![\\a-zA-Z])[a-zA-Z]{3,}\b")
_PLACEHOLDERS = frozenset(phrases(WordClass.PLACEHOLDER))  # a missing answer's mark ("N/A" is no N / A)
# Three or more plain words and nothing else: a sentence, not a value ("see the solution above").
_PLAIN_SENTENCE = rx.compile(r"[^\W\d_](?:[^\W\d_]|[ ,.'’;:!?-])*")  # letters of any script, no digit


class GoldStatus(StrEnum):
    """How a gold was parsed, which decides where (and whether) it is compared."""

    OK = "ok"  # parsed in process
    RISKY = "risky"  # parsed and verified only in the isolated worker
    PROSE = "prose"  # a worked solution without a boxed answer: the worker extracts it
    TEXT = "text"  # a word gold, compared as normalised text
    BASE = "base"  # digits in a base other than ten (``GoldParse.base``)
    UNPARSEABLE = "unparseable"


@dataclass(frozen=True)
class GoldParse:
    """``status`` (:class:`GoldStatus`) is what decisions read; ``how`` and ``note`` only say it in words (the
    reason a person reads), and no decision reads them. ``parsed`` is None for an integer gold until an answer
    needs sympy (:meth:`values`)."""

    raw: str
    expr: str
    norm: str
    status: GoldStatus
    parsed: Parsed | None = None
    how: str = ""
    note: str = ""
    shown: str | None = None  # the parsed value as text (computed once: sympy printing is slow)
    is_number: bool = False  # an integer or decimal written out: its answer must be one too (see judge)
    multi: bool = False  # several values (a list or set, or several boxes): a list of boxed answers may match
    both_signs: bool = False  # a plus-minus sign ("\\pm 3", "1 \\pm \\sqrt{2}"): two values, stated as two
    base: int | None = None  # the base of a ``BASE`` gold's digits
    units_dropped: bool = False  # read once its unit text was dropped: the answer's units are dropped too
    no_value: bool = (
        False  # nothing to compare against (empty, a placeholder, a parser error, no answer found)
    )
    subject: tuple[str, ...] = ()  # a sentence gold's opening words, its subject ("Petya will receive ...")

    def values(self) -> Parsed:
        return self.parsed if self.parsed is not None else parse_value(self.expr)

    def __post_init__(self) -> None:
        if self.shown is None:
            try:
                shown = (
                    self.parsed.shown if self.parsed is not None and self.parsed.ok else (self.expr or None)
                )
            except ValueError:  # an integer past Python's 4,300-digit str() limit
                shown = self.expr[:60] or None
            object.__setattr__(self, "shown", shown)
        object.__setattr__(
            self, "status", GoldStatus(self.status)
        )  # a status given as its text reads the same
        object.__setattr__(self, "is_number", is_literal(self.norm))
        inner = self.norm[2:-2] if self.norm.startswith("\\{") and self.norm.endswith("\\}") else self.norm
        object.__setattr__(self, "multi", self.status is not GoldStatus.TEXT and _has_top_level_comma(inner))
        bare = self.expr.replace("\\pmod", "")
        object.__setattr__(self, "both_signs", any(sign in bare for sign in ("\\pm", "\\mp", "±", "∓")))


# A word or two of plain letters (``listen``, ``\\text{Evelyn}``, ``odd``): compared as normalised text, never
# as algebra (sympy reads ``listen`` and ``silent`` as the same product of six letters).
_WORD_GOLD = rx.compile(r"[A-Za-z][A-Za-z'’-]*(?: [A-Za-z][A-Za-z'’-]*)?")
_MATH_WORDS = frozenset({"pi", "infty", "inf", "sin", "cos", "tan", "log", "ln", "exp", "sqrt", "oo"})
_TEXT_WRAP = rx.compile(r"^\\(?:text|textbf|textnormal|mathrm|mbox|mathbf)\{([^{}]*)\}$")


# English two-letter words that are golds of yes/no, true/false and word problems; a two-letter gold outside
# this closed list (``ab``, ``xy``, ``mn``) stays algebra, a product of two variables.
_TWO_LETTER_WORDS = frozenset(phrases(WordClass.TWO_LETTER_WORD))


def _word_gold(expr: str) -> str | None:
    """The normalised text of a word gold, or None when the gold is not one. A word of three letters or
    more is text; so is a two-letter English word, and any ``\\text{..}`` of two letters or more."""
    s = normalise(expr)
    m = _TEXT_WRAP.match(s)
    if m is not None:
        s = m.group(1).strip()
    s = s.rstrip(".!").strip()
    if not _WORD_GOLD.fullmatch(s):
        return None
    longest = max(len(w) for w in s.split())
    if longest < 3 and not (longest == 2 and (m is not None or s.lower() in _TWO_LETTER_WORDS)):
        return None
    if s.lower() in _MATH_WORDS or s.lower() in _PLACEHOLDERS:
        return None
    words = s.lower().split()
    if words[0] in ("the", "a", "an") and len(words) > 1:
        words = words[1:]
    return " ".join("".join(ch for ch in w if ch.isascii() and ch.isalnum()) for w in words)  # [a-z0-9]


def _unwrap_text(s: str) -> str:
    m = _TEXT_WRAP.match(s.strip())
    return (m.group(1) if m is not None else s).strip().rstrip(".")


def _has_top_level_comma(s: str) -> bool:
    depth = 0
    for ch in s[:2000]:
        if ch in "([{":
            depth += 1
        elif ch in ")]}":
            depth -= 1
        elif ch == "," and depth <= 0:
            return True
    return False


# An ordinal, optionally with a noun or two after it ("15th Day", "3rd place", "12^{\\mathrm{th}}")
_ORDINAL = rx.compile(
    r"(\d{1,9})\s{0,2}(?:\^\s{0,2}\{?\s{0,2}(?:\\(?:text|mathrm)\{)?)?(?:st|nd|rd|th)\}?\}?(?:\s{1,3}[A-Za-z]{1,20}){0,2}"
)
MAX_BETWEEN_BOXES = 80
# a number, a space, and a unit in letters of any script ("cm", "km/h", "сантиметров", "سم"), squared or cubed
_NUMBER_THEN_UNIT = rx.compile(
    r"([-+−]?\d{1,30}(?:[.,]\d{1,30})?)[ \t]{1,3}([^\W\d_]{1,20}(?:[ \t]?/[ \t]?[^\W\d_]{1,12})?(?:[²³]|\^\{?[23]\}?)?)"
)
_DECIMAL_COMMA = rx.compile(r"^([-+−]?\d+),(\d{1,2}|\d{4,})$")
# one-letter units ("5 m", "3 g", "2 h"); any other lone letter is a variable ("2 x" is no unit)
_LETTER_UNITS = frozenset("mgslhLVWJNA")


def _is_unit(unit: str) -> bool:
    """A unit in letters: two letters or more, a letter of a unit, or a letter with a power or a "per"."""
    letters = [ch for ch in unit if ch.isalpha()]
    return len(letters) >= 2 or (len(letters) == 1 and (letters[0] in _LETTER_UNITS or len(unit) > 1))


_MATH_THEN_WORDS = rx.compile(r"\$([^$]{1,80})\$[ \t]{0,3}[A-Za-z]{1,20}(?:[ \t][A-Za-z]{1,20})?\.?")
PROSE_LIMIT_S = 2.0  # the worker's limit for a worked-solution gold parsed outside a judge call
_SENTENCE_BREAK = rx.compile(r"[.!?](?:\s|$)|\n\s*\n")


# Between two gold boxes, a word offering a choice ("or") or a verb stating a new quantity ("so the area is")
# means the boxes are not one list: the last box is the gold.
_NOT_ONE_LIST = rx.compile(
    alternation(WordClass.ALTERNATIVE, WordClass.COPULA, WordClass.NEGATOR) + r"|=", rx.IGNORECASE
)


def _same_sentence(between: str) -> bool:
    """Two gold boxes in one sentence ("\\boxed{1} papers and \\boxed{2} bins") state one list of answers;
    not when a choice ("\\boxed{3} or \\boxed{5}") or a new statement ("... so the area is \\boxed{9}")
    stands between them."""
    return (
        len(between) <= MAX_BETWEEN_BOXES
        and _SENTENCE_BREAK.search(between) is None
        and _NOT_ONE_LIST.search(between) is None
    )


def _looks_like_prose(s: str) -> bool:
    return len(_WORDS.findall(s)) >= 4


@lru_cache(maxsize=GOLD_PARSES)
def parse_gold(solution: str, max_inline_chars: int = 120) -> GoldParse:
    """The gold parsed once; never raises (a gold that breaks the parser is ``unparseable`` with a note)."""
    try:
        return _parse_gold(solution, max_inline_chars)
    except (IsolationTimeout, IsolationError):
        raise  # out of time (or a worker died): the judge's timeout/error, never cached as this gold's parse
    except Exception as exc:
        note = f"{type(exc).__name__}: {str(exc)[:80]}"
        return GoldParse(
            solution, solution[:200], "", GoldStatus.UNPARSEABLE, how="parser error", note=note, no_value=True
        )


def _parse_gold(solution: str, max_inline_chars: int) -> GoldParse:
    s = restore_escapes(solution).strip()
    if not s:
        return GoldParse(solution, "", "", GoldStatus.UNPARSEABLE, how="empty gold", no_value=True)
    spelled = number_from_words(_unwrap_text(strip_math_delimiters(s)))
    if spelled is not None:  # "forty-two", "one hundred and five": a number written in words
        return GoldParse(solution, str(spelled), str(spelled), GoldStatus.OK, how="a number written in words")
    located = _boxed(s) or _stated(solution, s)
    if isinstance(located, GoldParse):
        return located
    expr, how = located
    return _value_gold(solution, expr, how, max_inline_chars)


def _boxed(s: str) -> tuple[str, str] | None:
    """The gold's final boxed answer (several boxes joined at its end: one set), with how it was found."""
    found = [(b, e, c.strip()) for b, e, c in boxed_contents(s) if c.strip()]
    boxes = [c for _, _, c in found]
    run = 1  # several boxes joined by "and" / "," at the end of a gold state one set of answers
    while run < len(found) and (
        joins_boxes(s[found[-run - 1][1] : found[-run][0]], MAX_JOINER_CHARS)
        or _same_sentence(s[found[-run - 1][1] : found[-run][0]])
    ):
        run += 1
    if run > 1 and len({normalise(c) for c in boxes[-run:]}) == 1:
        run = 1  # the same value boxed twice is one answer
    if run > 1:
        return ", ".join(boxes[-run:]), "several boxed answers (one set)"
    if boxes:
        return boxes[-1], "final boxed answer"
    return None


MAX_SUBJECT_WORDS = 3


def words_of(text: str) -> tuple[str, ...]:
    r"""The casefolded words of ``text``, in any script, LaTeX text commands and punctuation dropped.

    >>> words_of("\\text{the Round-trip}")
    ('the', 'round', 'trip')
    """
    for command in TEXT_COMMANDS:
        text = text.replace(command, " ")
    return tuple("".join(ch if ch.isalnum() else " " for ch in text.casefold()).split())


def sentence_subject(sentence: str) -> tuple[str, ...]:
    """The first words of a sentence without a value, its leading fillers dropped: what the sentence is
    about ("Petya will receive the last token." -> petya, will, receive); nothing when any word of it
    negates (a subject the sentence denies is no answer).

    >>> sentence_subject("A stopped clock shows the correct time more often."), sentence_subject("No one wins.")
    (('stopped', 'clock', 'shows'), ())
    """
    words = words_of(sentence)
    if any(is_word(w, WordClass.NEGATOR) for w in words):
        return ()
    n = 0
    while n < len(words) - 1 and is_word(words[n], WordClass.FILLER):
        n += 1
    return words[n : n + MAX_SUBJECT_WORDS]


def _stated(solution: str, s: str) -> tuple[str, str] | GoldParse:
    """A gold without a box: the answer after ``####``, a math span with a unit, or the whole gold (a worked
    solution's answer extracted in the worker); a gold with no value at all is parsed as such."""
    if "####" in s:
        return s.rsplit("####", 1)[1].strip().split("\n", 1)[0].strip(), "answer after ####"
    if (unit := _MATH_THEN_WORDS.fullmatch(s)) is not None:
        return unit.group(1), "math span with a unit after it"  # "$125$ miles"
    expr = strip_math_delimiters(s)
    if expr.strip(" .").lower() in _PLACEHOLDERS:
        return GoldParse(
            solution, expr, normalise(expr), GoldStatus.UNPARSEABLE, how="placeholder gold", no_value=True
        )
    if _PLAIN_SENTENCE.fullmatch(expr) and len(expr.split()) >= 3:
        return GoldParse(
            solution,
            expr,
            normalise(expr),
            GoldStatus.UNPARSEABLE,
            how="a sentence without a value",
            subject=sentence_subject(expr),
        )
    if _looks_like_prose(expr) and len(expr) > 40:
        # math-verify's extraction over prose reaches sympy with whatever it finds: only in the worker,
        # which sends back the extracted LaTeX as text; that is then read like a boxed gold
        found = default_pool().run("parse_prose_matched", (s,), remaining_s(PROSE_LIMIT_S))
        if found is None:
            return GoldParse(
                solution,
                s,
                normalise(s),
                GoldStatus.UNPARSEABLE,
                how="worked solution",
                note="no answer found in it",
                no_value=True,
            )
        return found, "worked solution (answer extracted in the worker)"
    return expr, "whole gold"


def _joined_list(expr: str) -> str | None:
    r"""Values joined by a list joiner of any language at the top level, as a comma list (None otherwise).

    >>> _joined_list("12\\text{ and }13"), _joined_list("19, 46, and 82"), _joined_list("x and y")
    ('12, 13', '19, 46, 82', None)
    """
    pieces = _unwrapped_words(expr).split()
    parts: list[str] = []
    depth, start = 0, 0
    for n, piece in enumerate(pieces):
        if depth == 0 and 0 < n < len(pieces) - 1 and is_word(piece, WordClass.LIST_JOINER):
            parts.append(" ".join(pieces[start:n]).rstrip(","))  # "19, 46, and 82": the Oxford comma
            start = n + 1
            continue
        depth += sum(piece.count(ch) for ch in "{([") - sum(piece.count(ch) for ch in "})]")
    parts.append(" ".join(pieces[start:]))
    if len(parts) < 2 or not all(any(ch.isdigit() for ch in p) for p in parts):
        return None
    return ", ".join(parts)


def _unwrapped_words(expr: str) -> str:
    """``\\text{ and }`` as the word it holds, spaced (other text commands are left as they are)."""
    out = expr
    for command in TEXT_COMMANDS:
        at = out.find(command)
        while at >= 0:
            close = out.find("}", at)
            inner = out[at + len(command) : close].strip() if close > 0 else ""
            if inner and " " not in inner and is_word(inner, WordClass.LIST_JOINER):
                out = f"{out[:at]} {inner} {out[close + 1 :]}"
            at = out.find(command, at + 1)
    return out


def _value_gold(solution: str, expr: str, how: str, max_inline_chars: int) -> GoldParse:
    """The located answer read as a value: an ordinal, a number in words, digits in a base, a word, an
    integer, or math (in process, or risky: only in the worker)."""
    expr = tidy(expr)
    if expr.endswith(".") and not expr.endswith(".."):
        expr = expr[:-1].rstrip()  # "y + 1 = -(2x - 1)^2.": the sentence's full stop, not part of the value
    if expr.endswith("^") and expr[:-1].strip():
        # "90^": an exponent that never came (a lost "\circ"), not part of the value
        expr = expr[:-1].rstrip()
    ordinal = _ORDINAL.fullmatch(_unwrap_text(expr))
    if ordinal is not None:  # "15th Day", "12^{\\text{th}}": the ordinal's number
        expr, how = ordinal.group(1), f"{how}: an ordinal"
    spelled = number_from_words(_unwrap_text(expr))
    if spelled is not None:
        expr, how = str(spelled), f"{how}: a number written in words"
    based = base_number(expr)
    if based is not None and based[1] != 10:
        digits, base = based
        return GoldParse(
            solution, expr, digits, GoldStatus.BASE, how=f"{how}: digits in base {base}", base=base
        )
    unit = _NUMBER_THEN_UNIT.fullmatch(expr)
    if unit is not None and _is_unit(unit.group(2)):  # "80 km/h", "64 cm³", "36 سم": a number and its unit
        number = _DECIMAL_COMMA.sub(r"\1.\2", unit.group(1))  # "7,5 cm": with a unit, a comma is decimal
        found = _value_gold(solution, number, f"{how}: a number with its unit dropped", max_inline_chars)
        return replace(found, units_dropped=True)
    joined = _joined_list(expr)
    if joined is not None:  # "12\\text{ and }13": the gold's own joiner makes it a list of two values
        expr, how = joined, f"{how}: values joined into a list"
    expr = canonical(expr)
    word = _word_gold(expr)
    if word is not None:
        return GoldParse(
            solution, expr, word, GoldStatus.TEXT, how=f"{how}: a word, compared as text", shown=word
        )
    whole = integer_digits(expr)
    if whole is not None and len(whole) <= MAX_INLINE_INTEGER_DIGITS:
        # parsed by sympy only if an answer needs it (most answers to an integer gold are integers)
        return GoldParse(
            solution, expr, normalise(expr), GoldStatus.OK, None, how=how, shown=expr.lstrip("+")
        )
    why = risk(expr, max_chars=max_inline_chars) or ("exact value too large" if too_large(expr) else None)
    if why is not None:
        return GoldParse(solution, expr, normalise(expr), GoldStatus.RISKY, how=how, note=why)
    exact = exact_value(expr)
    if exact is None and interval(normalise(expr)) is not None:
        # "(3003, 3004]": its ends are exact values, compared end by end (compare/intervals.py); sympy parses
        # it only if an answer needs it
        return GoldParse(solution, expr, normalise(expr), GoldStatus.OK, None, how=how, shown=expr)
    if exact is not None:
        # a decimal, a fraction, short arithmetic: its exact value decides most answers, so sympy parses it
        # only if an answer needs it (a fresh gold's parse is most of a judgement's time)
        shown = expr.lstrip("+") if is_literal(expr) else str(exact)
        return GoldParse(solution, expr, normalise(expr), GoldStatus.OK, None, how=how, shown=shown)
    return _parsed_gold(solution, expr, how, max_inline_chars)


def _parsed_gold(solution: str, expr: str, how: str, max_inline_chars: int) -> GoldParse:
    """The gold parsed in process; one with unit text sympy cannot read is read again without it."""
    parsed = parse_value(expr)
    dropped = not parsed.ok and strip_units(expr) != expr
    if dropped:
        expr, how = strip_units(expr), f"{how} (unit text dropped)"
        why = risk(expr, max_chars=max_inline_chars)
        if why is not None:
            return GoldParse(
                solution, expr, normalise(expr), GoldStatus.RISKY, how=how, note=why, units_dropped=True
            )
        parsed = parse_value(expr)
    status = GoldStatus.OK if parsed.ok else GoldStatus.UNPARSEABLE
    return GoldParse(
        solution,
        expr,
        normalise(expr),
        status,
        parsed if parsed.ok else None,
        how=how,
        note="" if parsed.ok else parsed.note,
        units_dropped=dropped,
    )
