r"""Tokens, once: the final statement window is cut into typed tokens in one linear pass (:class:`rx.Scanner`),
and every later stage walks them by index; no later stage cuts the raw text again.

Kinds: words in any script (a CJK run is one word; the lexicon finds phrases inside it), numbers in local
forms (digits of any script, ``12,5``, ``1.250``, ``2{,}5``, ``1'250``; a thousands group after a space is
joined here), LaTeX boxes, commands and braces, math delimiters, tags, emphasis, operators, and the ends of
sentences and clauses.

>>> t = tokenize("So the answer is $\\frac{1}{2}$, i.e. 1 250 km.")
>>> [t.text(i) for i in range(len(t)) if t.kinds[i] is TokenKind.NUMBER]
['1', '2', '1 250']
>>> t.kinds[-1], t.kinds[4]
(<TokenKind.SENTENCE_END: 'sentence_end'>, <TokenKind.MATH: 'math'>)
>>> [k.value for k in tokenize("答えは42です。").kinds]
['word', 'number', 'word', 'sentence_end']
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache

from rewardcheck.rewards.cache_bounds import TOKEN_TEXTS
from rewardcheck.rewards.engine.identity_enum import IdentityEnum
from rewardcheck.rewards.engine.lexicon import WordClass, phrases
from rewardcheck.rewards.rx.scan import Scanner

__all__ = ["TokenKind", "Tokens", "tokenize", "SENTENCE_ENDS", "CLAUSE_ENDS"]


class TokenKind(IdentityEnum):
    WORD = "word"
    NUMBER = "number"
    BOX = "box"  # \boxed{ or \fbox{ (the opening brace included)
    LATEX = "latex"  # \command
    MATH = "math"  # $, $$, \( \) \[ \]
    TAG = "tag"  # <answer>, </answer>, any short <...>
    EMPHASIS = "emphasis"  # ** __ * _
    OPEN = "open"  # ( [ {
    CLOSE = "close"  # ) ] }
    OPERATOR = "operator"  # = + - × / ^ < > ...
    SENTENCE_END = "sentence_end"  # . ! ? and their CJK / Devanagari / Arabic forms
    CLAUSE_END = "clause_end"  # , ; : and their CJK forms
    NEWLINE = "newline"
    SYMBOL = "symbol"  # anything else: %, currency, units' marks


SENTENCE_ENDS = frozenset(".!?。！？।؟")
CLAUSE_ENDS = frozenset(",;:，；：、،؛")  # with the Arabic comma and semicolon
_OPERATORS = frozenset("=+-−×÷*/^<>≤≥≠≈~·⋅±∓∈∉⊂⊆∪∩＝＋－／＜＞")  # full-width forms too
_OPENS = frozenset("([{（［｛")
_CLOSES = frozenset(")]}）］｝")
_DIGITS = "0123456789"

# combining marks that belong to their word (Python's \w leaves them out): Latin accents, Devanagari vowel signs,
# Arabic harakat, Thai vowels
_COMBINING = r"[\u0300-\u036f\u0900-\u0903\u093a-\u094f\u0951-\u0957\u0962\u0963\u064b-\u065f\u0670\u0e31\u0e34-\u0e3a\u0e47-\u0e4e]"
_CJK_RANGES = "\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff"
_CJK = "[" + _CJK_RANGES + "]"
# Hangul words are spaced, but a Latin letter or digit may be written onto one ("C입니다", "12개"): a run of
# Hangul is a word of its own
_HANGUL_RANGES = "\uac00-\ud7af\u1100-\u11ff\u3130-\u318f"
# one token shape per alternative, longest first where two share a start; no groups (see rx.scan)
_SCANNER = Scanner(
    r"\\(?:boxed|fbox)\s*\{"  # a box opener
    r"|</?[A-Za-z_|][^<>\n]{0,40}>"  # a tag
    r"|\$\$|\$|\\\[|\\\]|\\\(|\\\)"  # math delimiters
    r"|\\[A-Za-z]+|\\."  # a LaTeX command, or an escaped character
    r"|\d+(?:(?:\{,\}|[.,'’٫٬．])\d+)*|\.\d+"  # a number in a local form (Arabic: ٫ a decimal point, ٬ a group; ． full width)
    r"|(?:[cdjlmnstCDJLMNST]|[qQ]u)['’]"  # an elision: "l'option" is "l'" + "option"
    r"|" + _CJK + r"+"  # a run of Han or kana (no spaces between words): the lexicon finds phrases inside
    r"|[" + _HANGUL_RANGES + r"]+"  # a run of Hangul
    r"|[^\W\d_"
    + _CJK_RANGES
    + _HANGUL_RANGES
    + r"](?:[^\W\d_"
    + _CJK_RANGES
    + _HANGUL_RANGES
    + r"]|"
    + _COMBINING
    + r")*(?:['’][^\W\d_]+)*"  # a word
    r"|\*\*|__|\n"
    r"|\S"
)
_TYPOGRAPHIC_SPACES = frozenset("\u00a0\u202f\u2009 ")
_ABBREVIATIONS = frozenset(phrases(WordClass.ABBREVIATION))


def _between_spaces_or_digits(text: str, i: int) -> bool:
    before = text[i - 1] if i > 0 else " "
    after = text[i + 1] if i + 1 < len(text) else " "
    return (before.isspace() and after.isspace()) or (before.isalnum() and after.isalnum())


def _kind(text: str, s: int, e: int) -> TokenKind:
    c = text[s]
    if c.isdigit() or (c == "." and e - s > 1):
        return TokenKind.NUMBER
    if c.isalpha():
        return TokenKind.WORD
    if c == "\\":
        if e - s == 1:
            return TokenKind.SYMBOL
        nxt = text[s + 1]
        if nxt in "()[]":
            return TokenKind.MATH
        if nxt.isalpha():
            return TokenKind.BOX if text[e - 1] == "{" else TokenKind.LATEX
        return TokenKind.SYMBOL  # \{ \, \% \$ ...
    if c == "$":
        return TokenKind.MATH
    if c == "<" and e - s > 2:
        return TokenKind.TAG
    if c == "\n":
        return TokenKind.NEWLINE
    if c in "*_":
        if e - s == 1 and (c == "_" or _between_spaces_or_digits(text, s)):
            return TokenKind.OPERATOR  # "12 * 3", "2*3", "x_1": not emphasis
        return TokenKind.EMPHASIS
    if c in SENTENCE_ENDS:
        return TokenKind.SENTENCE_END
    if c in CLAUSE_ENDS:
        return TokenKind.CLAUSE_END
    if c in _OPERATORS:
        return TokenKind.OPERATOR
    if c in _OPENS:
        return TokenKind.OPEN
    if c in _CLOSES:
        return TokenKind.CLOSE
    return TokenKind.SYMBOL


@dataclass(frozen=True, slots=True)
class Tokens:
    """The tokens of ``source[start:end]``: parallel lists of kinds and character spans in ``source``."""

    source: str
    kinds: list[TokenKind]
    starts: list[int]
    ends: list[int]
    # the token count and each token's text, kept: the finders ask for both per token, and an attribute
    # read is several times cheaper than a method call or a slice
    n: int = field(init=False)
    texts: list[str] = field(init=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "n", len(self.kinds))
        src = self.source
        object.__setattr__(self, "texts", [src[s:e] for s, e in zip(self.starts, self.ends, strict=True)])

    def __len__(self) -> int:
        return self.n

    def text(self, i: int) -> str:
        return self.texts[i]

    def span_text(self, i: int, j: int) -> str:
        """The source text from token ``i`` to token ``j`` (inclusive)."""
        return self.source[self.starts[i] : self.ends[j]]

    def tokens_between(self, start: int, end: int) -> int:
        return max(0, self.index_at(end) - self.index_at(start))

    def index_at(self, offset: int) -> int:
        """The first token that ends after ``offset`` (``len(self)`` when none)."""
        lo, hi = 0, len(self.ends)
        while lo < hi:
            mid = (lo + hi) // 2
            if self.ends[mid] <= offset:
                lo = mid + 1
            else:
                hi = mid
        return lo


_AFTER_FACTORIAL = frozenset("=+-*/^<>≤≥≠×·−.,;:)]}$")


def _factorial(text: str, s: int) -> bool:
    """A "!" written onto a number or a bracket and followed by an operator, a relation, punctuation or another
    factor ("5! = 120", "(n+1)!/n!", "2!4!"): a factorial, no exclamation (one at the end, or before a space and
    a word, is)."""
    if s == 0 or not (text[s - 1].isdigit() or text[s - 1] in ")}"):
        return False
    k = s + 1
    if k < len(text) and (text[k].isdigit() or text[k] in "(\\"):
        return True  # "2!4!", "n!(n+1)": a product of factorials, written without a space
    while k < len(text) and text[k] in " \t":
        k += 1
    return k < len(text) and text[k] in _AFTER_FACTORIAL


def _sentence_dot(text: str, s: int, e: int, kind: TokenKind) -> TokenKind:
    """A "." that ends nothing: inside an abbreviation ("i.e.") it is a symbol; it ends a sentence when a
    space, a line break, a closing mark or the end follows. A "!" that is a factorial is a symbol."""
    if kind is not TokenKind.SENTENCE_END:
        return kind
    if text[s] == "!":
        return TokenKind.SYMBOL if _factorial(text, s) else kind
    if text[s] != ".":
        return kind
    if e < len(text) and text[e].isalnum():
        return TokenKind.SYMBOL
    word_start = s
    while word_start > 0 and text[word_start - 1].isalpha():
        word_start -= 1
    if text[word_start:s].casefold() in _ABBREVIATIONS:
        return TokenKind.SYMBOL  # "389 vs. 390", "approx. 5": a dot that ends a word, not a sentence
    if s - word_start == 1 and word_start > 0 and text[word_start - 1] == ".":
        return TokenKind.SYMBOL  # the last dot of letters and dots, in any script: "i.e.", "d.h.", "т.е."
    return kind


_CONTEXTUAL = frozenset("*_.!")  # a token opening with one of these takes its kind from its neighbours too


@lru_cache(maxsize=TOKEN_TEXTS)  # asked of every token; a text's words repeat
def _own_kind(text: str) -> TokenKind:
    return _kind(text, 0, len(text))


def _kind_at(source: str, s: int, e: int) -> TokenKind:
    """The kind of the token ``source[s:e]``: most tokens' own characters decide it, looked up once per text."""
    c = source[s]
    if c in _CONTEXTUAL:
        return _sentence_dot(source, s, e, _kind(source, s, e))
    if c >= _PICTOGRAPHS[0] and _closes_sentence(source, s, e):
        return TokenKind.SENTENCE_END
    return _own_kind(source[s:e])


_PICTOGRAPHS = ("\U0001f300", "\U0001faff")  # emoji: pictographs, emoticons, transport and their supplement


def _closes_sentence(source: str, s: int, e: int) -> bool:
    """Is the emoji at ``s`` a sentence's close, as a chat model writes one ("一共有 36 颗糖果 🍬 需要我再讲一遍
    吗？", "Son 42 🍎 ¿Quieres más?"): a space after it, then no digit and no lower-case letter (a list of counted
    things goes on: "3 🍎 and 2 🍌")."""
    if source[s] > _PICTOGRAPHS[1]:
        return False
    at = e
    while at < len(source) and source[at] == "\ufe0f":  # the variation selector that asks for the emoji form
        at += 1
    if at >= len(source) or not source[at].isspace():
        return False
    rest = source[at : at + 8].lstrip()
    return bool(rest) and not rest[0].isdigit() and not rest[0].islower()


def tokenize(source: str, start: int = 0, end: int | None = None) -> Tokens:
    """The tokens of ``source[start:end]`` (offsets in ``source``)."""
    end = len(source) if end is None else end
    starts, ends = _SCANNER.scan(source, start, end)
    kinds = [_kind_at(source, s, e) for s, e in zip(starts, ends, strict=True)]
    _join_spaced_thousands(source, kinds, starts, ends)
    _letter_times(source, kinds, starts, ends)
    return Tokens(source, kinds, starts, ends)


_TIMES_LETTERS = frozenset("xX")


def _letter_times(source: str, kinds: list[TokenKind], starts: list[int], ends: list[int]) -> None:
    """A lone ``x`` between two numbers ("3 x 4 = 12", "3x4") is the times sign that plain text writes, an
    operator; next to anything else it stays a name ("3x = 12", "2x + 3")."""
    for i in range(1, len(kinds) - 1):
        if (
            kinds[i] is TokenKind.WORD
            and ends[i] - starts[i] == 1
            and source[starts[i]] in _TIMES_LETTERS
            and kinds[i - 1] is TokenKind.NUMBER
            and kinds[i + 1] is TokenKind.NUMBER
            and not source[ends[i - 1] : starts[i]].strip()
            and not source[ends[i] : starts[i + 1]].strip()
        ):
            kinds[i] = TokenKind.OPERATOR


def _join_spaced_thousands(source: str, kinds: list[TokenKind], starts: list[int], ends: list[int]) -> None:
    """``1 250`` and ``1 250 000`` (a space, no-break or narrow space between groups of three digits after a
    first group of one to three) are one number: joined in place."""
    i = 0
    while i < len(kinds) - 1:
        if (
            kinds[i] is TokenKind.NUMBER
            and kinds[i + 1] is TokenKind.NUMBER
            and ends[i] + 1 == starts[i + 1]
            and source[ends[i]] in _TYPOGRAPHIC_SPACES
            and ends[i + 1] - starts[i + 1] == 3
            and source[starts[i + 1] : ends[i + 1]].isdigit()
            and _group_head(source[starts[i] : ends[i]])
        ):
            ends[i] = ends[i + 1]
            del kinds[i + 1], starts[i + 1], ends[i + 1]
            continue
        i += 1


def _group_head(number: str) -> bool:
    """Can ``number`` open a thousands-grouped number: 1-3 digits, or an already joined group."""
    head, _, rest = number.replace("\u00a0", " ").replace("\u202f", " ").replace("\u2009", " ").partition(" ")
    return head.isdigit() and 1 <= len(head) <= 3 and all(len(g) == 3 for g in rest.split(" ") if rest)
