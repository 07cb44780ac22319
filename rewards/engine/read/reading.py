r"""The reader's answer for one final-answer region: passages addressed to a grader blanked, sets and pairs
stated in words written as math, one :class:`Window` read once, its :class:`Commitment`, and the
:class:`~rewardcheck.rewards.engine.text.AnswerSpan` the compare stage reads (the value as written, digits of
any script as ASCII, the choice letter that labels it, alternatives, the hedge).

>>> read_final("Portanto, a resposta é 42.").answer
'42'
>>> read_final("Ответ: ٤٢").answer
'42'
>>> read_final("Maybe 12, maybe 15.").hedge
'maybe'
>>> read_final("The answer is not 42.").answer is None
True
"""

from __future__ import annotations

from functools import cache

from rewardcheck.rewards.engine.choices import latin_letter
from rewardcheck.rewards.engine.function_names import plain_functions_as_latex
from rewardcheck.rewards.engine.lexicon import WordClass as W
from rewardcheck.rewards.engine.lexicon import every_language
from rewardcheck.rewards.engine.number_phrases import fraction_phrase, number_phrase
from rewardcheck.rewards.engine.numerals import cjk_value, part_of_value, word_number
from rewardcheck.rewards.engine.numeric import SUBSCRIPT_DIGITS
from rewardcheck.rewards.engine.numwords import number_from_words
from rewardcheck.rewards.engine.prose_math import in_math
from rewardcheck.rewards.engine.text import AnswerSpan, without_injection

from .aside import aside_line, bracketed_remark, trailing_table
from .commit import Commitment, Outcome, commit
from .compounds import ascii_digits, compound_value
from .finders import STRENGTH, Candidate, Compound, StatementKind
from .polar_answer import labelled_polar
from .stance import Refusal, Stance, Stances
from .tokens import TokenKind
from .window import Window

__all__ = ["read_final", "read_commitment"]

# a value longer than this is junk, not math (pumped inside a box, 500 nested braces); a 24-term polynomial
# with fractional coefficients is about 310 tokens
MAX_VALUE_TOKENS = 600
MAX_VALUE_WORDS = 40  # words in a value: units and a \\text{...} remark fit, a pumped run of words does not
MAX_LABEL_GAP = 4  # tokens between a choice letter and the value it labels ("(C) 24", "Option C: 12")


def _label(c: Commitment, chosen: Candidate) -> str:
    w = c.window
    for x in w.candidates:
        if (
            x.kind is StatementKind.CHOICE
            and x.end <= chosen.start
            and x.statement == chosen.statement
            and w.tokens_between(x.end, chosen.start) <= MAX_LABEL_GAP
        ):
            return w.source[x.start : x.end]
    return ""


TAIL = 300  # the final statements: the last characters of a region read first
CONTEXT = 1500  # read when the tail commits to nothing stated as an answer: an answer stated before the tail
MAX_WINDOW = 12_000  # a box this far back is still read (EngineConfig.max_read_chars bounds the region)
_ANCHORS = ("\\boxed", "\\fbox", "<answer>", "####")


def window_start(region: str, tail: int = TAIL) -> int:
    """Where the reader's window opens: the statement before the last ``tail`` characters, or earlier, the
    statement of the last box, ``<answer>`` block or ``####`` line, within ``MAX_WINDOW`` of the end."""
    n = len(region)
    if n <= tail:
        return 0
    at = n - tail
    anchor = max(region.rfind(a, max(0, n - MAX_WINDOW)) for a in _ANCHORS)
    if 0 <= anchor < at:
        return _statement_start(region, anchor)
    return _statement_start(region, at, whole_token=True)


def anchored_start(region: str, start: int) -> int:
    r"""Where the first read opens in a window that opens at ``start``: at the sentence of the window's first
    box, ``<answer>`` block or ``####`` line where it holds one, else at ``start``. A value stated there as the
    answer and committed to is the reading; the sentences before it are read only when it is not (a short window
    is read as fast as it is short).

    >>> text = "We add each term of the series. " * 12 + "So the sum is:\n\n\\[\n\\boxed{42}\n\\]"
    >>> text[anchored_start(text, window_start(text)) :][:14]
    'So the sum is:'
    """
    found = [at for at in (region.find(a, start) for a in _ANCHORS) if at >= 0]
    if not found:
        return start
    # the first anchor ("\boxed{3} or \boxed{4}" are read together): one forward search per anchor kind
    return _sentence_start(region, min(found), start)


_SENTENCE_ENDS = tuple(end + space for end in ".!?。！？" for space in " \n\t\r\u3000")


def _sentence_start(region: str, at: int, floor: int) -> int:
    """Where the sentence ``at`` stands in opens, at ``floor`` or after: after the last sentence end (``.``,
    ``!`` or ``?`` before a space) or blank line; a blank line after a colon or a word continues the sentence
    ("the sum is:" or "the answer is" above a display)."""
    cut = max(region.rfind(end, floor, at) for end in _SENTENCE_ENDS)
    cut = cut + 2 if cut >= 0 else floor
    blank = region.rfind("\n\n", cut, at)
    while blank >= cut:
        before = region[cut:blank].rstrip()
        if before and before[-1] != ":" and not before[-1].isalpha():
            return blank + 2
        blank = region.rfind("\n\n", cut, blank)
    return cut


_FENCE = "```"
_OUTPUT_TAGS = frozenset({"", "output", "text", "console", "stdout", "plaintext", "txt"})
_CODE_SIGNS = ("=", "print(", "import ", "def ", "return ", "assert ", "lambda ", "console.", "#include")


def without_code_tail(region: str) -> str:
    """``region`` without the fenced code block it ends on ("```python\\nproduct = 156\\n```"): a program never
    run states no answer, its assignments are code; a block of printed output ("```output\\n156\\n```", or an
    untagged block with no code in it) is read.

    >>> without_code_tail("Let me compute.\\n```python\\ns = 465\\n```")
    'Let me compute.\\n'
    >>> without_code_tail("```python\\nprint(12 * 13)\\n```\\n```output\\n156\\n```").endswith("156\\n```")
    True
    """
    body = region.rstrip()
    if not body.endswith(_FENCE):
        return region
    opened = body.rfind(_FENCE, 0, len(body) - len(_FENCE))
    if opened < 0:
        return region
    line_end = body.find("\n", opened)
    if line_end < 0:
        return region
    tag = body[opened + len(_FENCE) : line_end].strip().casefold()
    code = body[line_end + 1 : len(body) - len(_FENCE)]
    is_code = tag not in _OUTPUT_TAGS or any(sign in code for sign in _CODE_SIGNS)
    return region[:opened] if is_code and not _assigns_answer(code) else region


def _assigns_answer(code: str) -> bool:
    """Does ``code`` assign a variable named by an answer word of any language ("jawaban = 75", "answer = 12",
    "risposta = 7")? Then it states its answer as code, and is read."""
    names = _answer_names()
    for line in code.splitlines()[-MAX_CODE_LINES:]:
        name, eq, _ = line.partition("=")
        if eq and name.strip().casefold() in names:
            return True
    return False


MAX_CODE_LINES = 40  # the last lines of a code block looked at for an answer's assignment


@cache
def _answer_names() -> frozenset[str]:
    return frozenset(p.casefold() for p in every_language(W.ANSWER_WORD) if " " not in p)


def read_commitment(region: str, open_end: bool = False) -> Commitment:
    """The commitment of a final-answer region (see the module doc)."""
    text = in_math(without_injection(without_code_tail(region)))
    start = window_start(text)
    first = anchored_start(text, start)
    c = _commit_from(text, first, open_end)
    if first > start and not _stated(c):
        c = _commit_from(text, start, open_end)
    if start > 0 and not _stated(c):
        # the tail states no answer as such: the statements before it decide as much as the tail does ("The
        # answer is 12. Explanation: we multiplied 3 by 4 ..."), so the final statements are read in context
        context = window_start(text, CONTEXT)
        if context < start:
            start, c = context, _commit_from(text, context, open_end)
    if c.outcome is Outcome.NONE and start > 0 and not c.window.candidates:
        # the tail states no value at all ("Final Answer: 916. Note: ... Thank you! [Note: ..."): an answer
        # stated as such before it still commits; a value of any weaker kind back there is a step, not read
        at = _statement_start(text, len(text) - MAX_WINDOW, whole_token=True)
        wide = commit(Window.of(text, at, open_end=open_end))
        if _strong(wide):
            return wide
    return _polar_closed(c)


def _polar_closed(c: Commitment) -> Commitment:
    """``c``, or no answer where the text closes on a labelled yes or no (:func:`.polar_answer.labelled_polar`):
    the question was a yes/no one, and the value read before was its data."""
    if c.candidate is None or c.outcome is not Outcome.COMMITTED:
        return c
    span = labelled_polar(c.window)
    if span is None:
        return c
    return Commitment(c.window, Outcome.REFUSED, refusals=(Refusal(Stance.POLAR, span[0], span[1]),))


def _commit_from(text: str, start: int, open_end: bool) -> Commitment:
    """The commitment of the window from ``start``; of the text without an aside line or a trailing table after
    the answer, where it holds one and that text commits (:func:`.aside.aside_line`, :func:`.aside.trailing_table`)."""
    w = Window.of(text, start, open_end=open_end)
    c = commit(w)
    line = trailing_table(w) or bracketed_remark(w)
    if line is None and (w.marks_of(W.ASIDE, start, len(text)) or w.marks_of(W.NOTE, start, len(text))):
        line = aside_line(w, Stances(w))
    if line is None:
        return c
    # the aside line blanked (offsets kept): what stands before and after it is read as it stands ("**Note:**
    # ... Let me know if you'd like the details." still defers)
    blanked = text[: line[0]] + " " * (line[1] - line[0]) + text[line[1] :]
    without = commit(Window.of(blanked, start, open_end=open_end))
    return without if without.candidate is not None else c


def _strong(c: Commitment) -> bool:
    """Is ``c``'s value stated as the answer (a box, an ``<answer>`` block, a labelled value)?"""
    return c.candidate is not None and c.candidate.strength >= STRENGTH[StatementKind.LABELLED]


def _stated(c: Commitment) -> bool:
    """Does ``c`` commit to a value stated as the answer (nothing earlier need be read)?"""
    return c.outcome is Outcome.COMMITTED and _strong(c)


def _statement_start(region: str, at: int, whole_token: bool = False) -> int:
    """The start of the statement ``at`` stands in (a line or sentence break at most 400 characters back);
    with none that near and ``whole_token``, the next space: a window never opens inside a token (the tail of
    a run of digits is no number)."""
    if at <= 0:
        return 0
    cut = max(region.rfind("\n", max(0, at - 400), at), region.rfind(". ", max(0, at - 400), at))
    if cut >= 0:
        return cut + 1
    if whole_token:
        while at < len(region) and not region[at - 1].isspace():
            at += 1
    return at


def _based_logs(raw: str) -> str:
    """A logarithm with its base in subscript digits as LaTeX ("log₂ 5" -> "\\log_{2} 5"): the digits are the
    base, not a number of the value (:func:`..function_names.plain_functions_as_latex`)."""
    return (
        plain_functions_as_latex(raw) if "log" in raw and any(ch in SUBSCRIPT_DIGITS for ch in raw) else raw
    )


def read_final(region: str, open_end: bool = False) -> AnswerSpan:
    """The answer span of a final-answer region (see the module doc). ``open_end``: the region ends where the
    text may have been cut, so a bare value it ends on mid-line is unfinished (``EngineConfig.unfinished_value``)."""
    c = read_commitment(region, open_end)
    if c.candidate is None:
        why = {
            Outcome.NONE: "no value in the final-answer region",
            Outcome.REFUSED: "every stated value is refused",
        }.get(c.outcome, c.outcome.value)
        if c.refusals:
            r = c.refusals[0]
            why = f"the answer is {r.stance.value} ({r.evidence(c.window)!r})"
        empty = bool(c.refusals) and all(r.stance is Stance.EMPTY for r in c.refusals)
        return AnswerSpan(None, why, refused=c.outcome is not Outcome.NONE, left_empty=empty)
    raw = c.value()
    first = c.refusals[0] if c.outcome is Outcome.HEDGED and c.refusals else None
    if first is not None and first.approximate and first.start >= c.candidate.start:
        raw = c.window.source[
            first.end : c.candidate.end
        ].strip()  # "\\approx 28.26": the value after its sign
    value = _signed(c.candidate, _spelled(ascii_digits(_based_logs(raw))))
    if c.candidate.compound is not Compound.NONE:
        value = compound_value(c.window.tokens, c.candidate)
    if c.candidate.kind is StatementKind.CHOICE:  # "вариант Б": the Latin letter of its place
        value = latin_letter(value) or value
    how = f"{c.candidate.kind.value} ({c.outcome.value})"
    hedge = c.refusals[0].evidence(c.window) if c.outcome is Outcome.HEDGED else ""
    approximate = bool(hedge) and all(r.stance is Stance.HEDGED and r.approximate for r in c.refusals)
    alternatives = tuple(
        dict.fromkeys(_signed(x, _spelled(ascii_digits(c.value(x)))) for x in c.alternatives)
    )
    label = latin_letter(c.candidate.label) or c.candidate.label
    size = c.candidate.last - c.candidate.first + 1
    tokens = c.window.tokens
    words = sum(  # words of two letters or more: prose, not math ("x" and "\\frac" are math)
        1
        for i in range(c.candidate.first, c.candidate.last + 1)
        if tokens.kinds[i] is TokenKind.WORD and tokens.ends[i] - tokens.starts[i] > 1
    )
    if size > MAX_VALUE_TOKENS or words > MAX_VALUE_WORDS:  # junk never reaches the LaTeX parser
        why = (
            f"the answer is {size} tokens long (> {MAX_VALUE_TOKENS}): not a value"
            if size > MAX_VALUE_TOKENS
            else f"the answer holds {words} words (> {MAX_VALUE_WORDS}): prose, not a value"
        )
        return AnswerSpan(value[:80], how, label=label, not_math=why)
    return AnswerSpan(
        value, how, alternatives, joiner=c.joiner, hedge=hedge, label=label, approximate=approximate
    )


def _signed(c: Candidate, value: str) -> str:
    """The value with the minus of a sign word before it ("minus 5" -> "-5"; :attr:`Candidate.negative`)."""
    return f"-{value}" if c.negative and not value.startswith(("-", "−")) else value


def _spelled(value: str) -> str:
    """A number in words as its digits ("one hundred and five" -> "105"); any other value as it is."""
    if any(ch.isdigit() for ch in value):
        return part_of_value(value.strip()) or value  # "3分之2", "3분의 2" in a box
    n = number_from_words(value)
    if n is None:
        n = word_number(value) if " " not in value.strip() else None
    if n is None:  # "yirmi yedi", "vinte e sete", "veintisiete": a number of another language's words
        n = number_phrase(value.split())
    fraction = fraction_phrase(value.replace("-", " ").split()) if n is None else None
    if fraction is not None:  # "three quarters", "tres cuartos"
        return f"\\frac{{{fraction[0]}}}{{{fraction[1]}}}"
    if n is None:
        return cjk_value(value.strip()) or value
    return str(n)
