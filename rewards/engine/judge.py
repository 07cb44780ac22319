r"""Turn (completion, gold) into a :class:`Judgement`: the one correctness decision every reward shares.

Typed stages, each a function: **gold** (``parse_gold`` -> ``GoldKind``; a gold with no value gives None
whatever the completion holds), **read** (``Analysis``: layout, the answer the completion commits to, truncation,
an invented follow-up after it), **answer as a value** (spelling only: unicode, ``\\approx`` tails, repeating
decimals), **compare** (one named row per ``rules.Rule``: clock, proposition, base-n, text, normalised,
readings, integer, exact, rounded, symbolic in process or in the isolated worker) and **refuse** (an equal
value that is the prompt's echo, or unevaluated under ``EngineConfig.allow_unevaluated``). Every exit names
its rule (``Judgement.rule``); no decision reads a reason string. Cheapest first: sympy runs last, in process
for pre-screened ordinary expressions, in a killable worker for anything risky, under ``config.timeout_s``.

>>> judge("<think>\n2+2\n</think>\n\\boxed{4}", "4").verdict.value
'correct'
>>> judge("<think>\nhmm\n</think>\n\\boxed{3} or \\boxed{4}", "4").verdict.value
'wrong'
>>> judge("<think>\nstill thinking", "4").verdict.value
'truncated'
>>> judge("So the total is\nTotal = 12", "12").rule
'compare.normalised'
"""

from __future__ import annotations

import threading
import time
from collections.abc import Hashable, Sequence
from dataclasses import replace
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction
from functools import lru_cache
from math import isqrt
from typing import Any

from rewardcheck.rewards import rx

from .choices import choice_letter, without_label
from .clock import clock_answer, clock_gold, same_time
from .config import EngineConfig, bounded_read
from .exact import exact_value, is_literal, too_large
from .forms import (
    base_number,
    canonical,
    chain_value,
    has_equation,
    number_from_words,
    proposition,
    rename_function_variable,
    strip_units,
    tidy,
)
from .gold import GoldParse, parse_gold
from .goldkind import GoldKind, gold_kind
from .isolation import IsolationError, IsolationTimeout, NotAdmitted, count, default_pool
from .languages import read_as_english
from .letters import keep_letters, lost_letters
from .lexicon import WordClass, alternation, pattern
from .lists import pair_forms, ratio_parts
from .mathcore import deadline, parse_value, verify_parsed
from .numeric import (
    decimal_gold,
    degrees,
    fullwidth_ascii,
    mixed_number,
    pi_multiple,
    repeating_decimal,
    rounds_to,
)
from .prescreen import risk
from .prose_math import in_math
from .rules import Rule
from .runs import MAX_RUN, collapse_runs
from .text import (
    AnswerSpan,
    Layout,
    extract_answer,
    follow_up_at,
    normalise,
    split_layout,
    strip_math_delimiters,
)
from .truncation import is_truncated
from .verdict import Judgement, Verdict

__all__ = ["judge", "judge_batch", "analyse", "Analysis", "DEFAULT_CONFIG", "clear_caches", "clear_memos"]

DEFAULT_CONFIG = EngineConfig()
_INTEGER = rx.compile(r"^[-+]?\d+$")
MAX_INTEGER_DIGITS = 100_000


def _is_integer(s: str) -> bool:
    return (
        len(s) <= MAX_INTEGER_DIGITS + 2
        and _INTEGER.match(s) is not None
        and sum(c.isdigit() for c in s) <= MAX_INTEGER_DIGITS
    )


def _digits(s: str) -> str:
    s = s.replace("{,}", "").lstrip("+")
    sign = "-" if s.startswith("-") else ""
    digits = s.lstrip("-").lstrip("0") or "0"
    return "" if digits == "0" else sign + digits


_CLEAN_ENDINGS = ("</answer>", "<|end_of_solution|>")
_SENTENCE_END = frozenset(".!?}$>")


def _ends_cleanly(text: str) -> bool:
    """Without token ids, a completion that ends on a closed tag or a finished sentence stopped; one that
    ends mid-sentence without an answer may have been cut."""
    tail = text.rstrip()
    return tail.endswith(_CLEAN_ENDINGS) or (bool(tail) and tail[-1] in _SENTENCE_END)


def _stopped(ids: Sequence[int] | None, config: EngineConfig) -> bool:
    """The token ids show the completion stopped (not cut); ``False`` when there are no ids to tell."""
    if ids is None or (config.max_completion_length is None and not config.eos_token_ids):
        return False
    return not is_truncated(ids, config, has_final_answer=True)[0]


class Analysis:
    """The string-level reading of a completion, shared by format, reasoning_steps and the judge."""

    __slots__ = ("layout", "span", "truncated", "truncation_reason", "after_answer", "unread", "collapsed")

    def __init__(self, text: str, completion_ids: Sequence[int] | None, config: EngineConfig) -> None:
        self.layout: Layout = split_layout(text, config.think_prefilled)
        final = self.layout.final
        self.unread = 0  # characters of the final-answer region beyond EngineConfig.max_read_chars
        self.collapsed = 0  # characters of long layout runs cut before reading (runs.collapse_runs)
        if final is not None:
            final, self.collapsed = collapse_runs(final)
            final, self.unread = bounded_read(final, config.max_read_chars)
            final = in_math(read_as_english(final))  # other languages read in English; sets in words as math
        self.after_answer = ""  # what follows the answer when it is an invented follow-up ("": nothing)
        self.span: AnswerSpan = (
            extract_answer(final) if final is not None else AnswerSpan(None, "no final-answer region")
        )
        cut = follow_up_at(final) if final is not None else None
        if final is not None and cut is not None:
            before = extract_answer(final[:cut])
            if before.answer is not None:  # the answer stated before an invented next problem or turn
                self.span = before
                self.after_answer = "an invented follow-up problem or turn"
        open_reasoning = final is None
        if open_reasoning and self.layout.prefilled and _stopped(completion_ids, config):
            # a think block never closed, in a completion known to have stopped (EOS / under the limit)
            if config.unclosed_think == "read_final":
                last, self.collapsed = collapse_runs(
                    (self.layout.reasoning or "").rstrip().rsplit("\n\n", 1)[-1]
                )
                last, self.unread = bounded_read(last, config.max_read_chars)
                last = in_math(read_as_english(last))
                found = extract_answer(last)
                self.span = AnswerSpan(
                    found.answer,
                    f"{found.how} (unclosed think: its last paragraph)",
                    found.alternatives,
                    found.joiner,
                    found.hedge,
                )
            else:
                self.span = AnswerSpan(None, "the think block is never closed (EngineConfig.unclosed_think)")
            open_reasoning = False
        self.truncated, self.truncation_reason = is_truncated(
            completion_ids,
            config,
            has_final_answer=self.span.answer is not None,
            open_reasoning=open_reasoning,
            ends_cleanly=completion_ids is None and _ends_cleanly(text),
        )


def analyse(
    text: str, completion_ids: Sequence[int] | None = None, config: EngineConfig = DEFAULT_CONFIG
) -> Analysis:
    """The (memoised) string-level reading of a completion."""
    key = (text, _ids_key(completion_ids), config)
    hit = ANALYSES.get(key)
    if hit is None:
        hit = Analysis(text, completion_ids, config)
        ANALYSES.put(key, hit)
    return hit


def _verdict(
    verdict: Verdict,
    reason: str,
    span: AnswerSpan | None,
    gold: GoldParse | None,
    path: str,
    t0: float,
    rule: Rule,
) -> Judgement:
    count(f"verdict_{verdict.value}")
    shown = span.answer if span is not None else None
    if span is not None and span.alternatives and gold is not None and gold.multi:
        shown = ", ".join(span.alternatives)
    return Judgement(
        verdict,
        reason,
        answer=shown,
        gold=gold.shown if gold is not None else None,
        path=path,
        elapsed_s=time.monotonic() - t0,
        rule=rule.value,
    )


def judge(
    text: str,
    gold: str | None,
    *,
    completion_ids: Sequence[int] | None = None,
    config: EngineConfig = DEFAULT_CONFIG,
    analysis: Analysis | None = None,
    prompt: str | None = None,
) -> Judgement:
    """Judge one completion text against its gold solution string; never raises on string input.

    ``prompt`` (TRL passes ``prompts``) lets the judge refuse the problem's own expression boxed back."""
    t0 = time.monotonic()
    if gold is None:
        return _verdict(Verdict.GOLD_UNPARSEABLE, "gold is None", None, None, "gold", t0, Rule.GOLD_MISSING)
    try:
        with deadline(t0 + config.timeout_s):  # in-process sympy waits for its slot until then at most
            return _judge(text, gold, completion_ids, config, analysis, prompt, t0)
    except IsolationTimeout as exc:
        return _verdict(
            Verdict.TIMEOUT,
            _timeout_reason(exc, f"timeout after {config.timeout_s:g} s"),
            None,
            None,
            "inline",
            t0,
            Rule.TIMEOUT,
        )
    except Exception as exc:  # never let one odd completion or gold break a training step
        return _verdict(
            Verdict.ERROR,
            f"judge raised {type(exc).__name__}: {str(exc)[:120]}",
            None,
            None,
            "error",
            t0,
            Rule.ERROR,
        )


_OR_INSIDE = rx.compile(
    r"\\text\{\s*or\s*\}|(?<![a-zA-Z\\])or(?![a-zA-Z])|\\lor|\\vee|"
    + alternation(WordClass.ALTERNATIVE, exclude=("to", "between", "either", "\\pm", "\\mp")),
    rx.IGNORECASE,
)
_UNIT_TEXT = rx.compile(
    r"\^\s*\{?\s*(?:\\mathrm\{|\\text\{)?\s*(?:st|nd|rd|th)\s*\}?\s*\}?|\\(?:text|mbox|mathrm|textnormal|textbf)\{[^{}\d]*\}|\^\s*\{?\s*\\circ\s*\}?|°|\\%|%|\\\$|\$"
)
_ASSIGNED = rx.compile(r"^[a-zA-Z](?:_\{?\w+\}?)?=")
# ``\frac12`` and ``\frac1{8}`` are the shorthand of ``\frac{1}{2}``, ``\frac{1}{8}``: the same final form
_SIMPLE_FRACTION = rx.compile(
    r"^-?(?:\\frac\{\d+(?:\.\d+)?\}\{\d+(?:\.\d+)?\}|\\frac\d(?:\d|\{\d+\})|\\frac\{\d+\}\d|\d+/\d+)$"
)
_SCIENTIFIC = rx.compile(r"^-?\d+(?:\.\d+)?(?:\\times|\\cdot|\*)10\^\{?-?\d+\}?$")
_SQRT_INT = rx.compile(r"\\sqrt\{(\d{1,12})\}")


def _number_gold(g: GoldParse) -> bool:
    """An integer or decimal gold (``1,000`` with its thousands separator too); a list ``-2,1`` is not one."""
    return g.is_number and ("," not in g.norm or _THOUSANDS.fullmatch(g.norm) is not None)


_LISTISH = rx.compile(r"[,;:=]|\\(?:pm|text|mbox|in|q?quad)(?![a-zA-Z])|(?<![a-zA-Z])(?:and|or)(?![a-zA-Z])")


def _paired(answer: str, g: GoldParse, config: EngineConfig) -> tuple[str, GoldParse] | None:
    """The answer and gold rewritten by :func:`lists.pair_forms` (labelled values, "find all" lists, general
    solutions); ``None`` when no rewrite applies or the rewritten gold does not parse."""
    if g.status not in ("ok", "unparseable", "risky") or not g.expr:
        return None
    if _LISTISH.search(answer) is None and _LISTISH.search(g.expr) is None:
        return None  # one plain value each (most answers): nothing to read, skip the scan
    pair = pair_forms(answer, g.expr)
    if pair is None:
        return None
    new_answer, new_gold = pair
    if new_gold == g.expr:
        return new_answer, g
    g2 = parse_gold(new_gold, config.max_inline_chars)
    if g2.status in ("unparseable", "prose"):
        return None
    return new_answer, g2


_CLOCK = rx.compile(r"\s*(?:[01]?\d|2[0-4])\s*:\s*[0-5]\d\s*")
_OPERATOR_RUN = rx.compile(r"\*{3,}|\+{3,}|/{3,}|\^{3,}|={3,}|,{3,}|;{3,}")
_PROSE = rx.compile(r"[A-Za-z \t\n:;,.!?'\"()*-]+")  # no digit, no backslash, no operator
_PROSE_WORD = rx.compile(r"[A-Za-z]{2,}")
_MATH_WORD = rx.compile(
    r"\b(?:pi|e|i|inf|infty|infinity|tau|phi|nan)\b", rx.IGNORECASE
)  # words sympy reads as values
_RATIO_WORDS = pattern(WordClass.RATIO)


def _ratio_ok(s: str, prompt: str | None) -> bool:
    """May ``s`` be read as a ratio? With a prompt, when the prompt asks for one; without, unless it reads
    as a clock time (``10:30``)."""
    if prompt:
        return _RATIO_WORDS.search(prompt[-4000:]) is not None
    return _CLOCK.fullmatch(s) is None


_IRRATIONAL = rx.compile(r"\\sqrt|\\pi(?![a-zA-Z])|\\ln|\\log|\be\^")


def _numeric_value(answer: str, norm_answer: str) -> Fraction | Decimal | None:
    """The exact value of an answer written as a fraction, a mixed number or a radical (not a decimal)."""
    if "." in norm_answer:
        return None
    v = exact_value(norm_answer)
    if v is None:
        v = mixed_number(norm_answer)
    if v is None and _IRRATIONAL.search(norm_answer) and risk(norm_answer) is None:
        parsed = parse_value(answer)
        if parsed.ok:
            try:
                value = parsed.values[0]
                if getattr(value, "is_number", False) and getattr(value, "is_real", False):
                    return Decimal(str(value.evalf(40)))
            except (TypeError, ValueError, ArithmeticError):
                return None
    return v


def _readings(answer: str, norm_answer: str, g: GoldParse, prompt: str | None) -> tuple[bool, str] | None:
    """Numbers read in a second spelling: a ratio gold (``2:1`` is 2, and ``4:2``), a ratio answer, an angle
    in degrees for a gold in radians (and back), an exact answer for a rounded decimal gold (``\\frac{20}{3}``
    for 6.67, ``\\frac{1}{15}`` for 6.67\\%). ``(same, why)`` when a reading decides, else ``None``."""
    gold_ratio = ratio_parts(g.expr) if ":" in g.expr or "colon" in g.expr else None
    if gold_ratio is not None and _ratio_ok(g.expr, prompt):
        mine = ratio_parts(answer) if ":" in answer or "colon" in answer else None
        if mine is not None and len(mine) == len(gold_ratio):
            same = all(a * gold_ratio[0] == b * mine[0] for a, b in zip(mine, gold_ratio, strict=True))
            return same, f"ratio {'equal to' if same else 'different from'} the gold ratio"
        v = exact_value(norm_answer) if len(gold_ratio) == 2 else None
        if v is not None:
            same = v == gold_ratio[0] / gold_ratio[1]
            return same, f"the value of the gold ratio {'is' if same else 'is not'} the answer"
        return None
    mine = ratio_parts(answer) if ":" in answer and len(answer) < 60 else None
    value: Fraction | Decimal | None = None
    if mine is not None and len(mine) == 2 and _ratio_ok(answer, prompt):
        value = mine[0] / mine[1]
        exact_gold = exact_value(g.norm)
        if exact_gold is not None and "." not in g.norm:
            same = value == exact_gold
            return same, f"the answer's ratio {'equals' if same else 'differs from'} the gold's value"
    pi_gold = pi_multiple(g.norm) if "\\pi" in g.norm else None
    if pi_gold is not None:
        deg = degrees(answer)
        if deg is not None:
            same = deg == 180 * pi_gold
            return same, f"the angle in degrees {'is' if same else 'is not'} the gold in radians"
    deg_gold = degrees(g.expr) if "circ" in g.expr or "°" in g.expr or "degree" in g.expr else None
    if deg_gold is not None:
        pi_answer = pi_multiple(norm_answer)
        if pi_answer is not None:
            same = 180 * pi_answer == deg_gold
            return same, f"the angle in radians {'is' if same else 'is not'} the gold in degrees"
    decimal = decimal_gold(g.norm)
    if decimal is not None:
        digits, percent = decimal
        text = norm_answer
        answer_percent = text.endswith("\\%") or text.endswith("%")
        if answer_percent:
            text = text.rstrip("%").removesuffix("\\").strip()
        if value is None:
            value = _numeric_value(answer if not answer_percent else text, text)
        if value is not None and _unsimplified_radical(text) is None:
            candidates = [value] if answer_percent or not percent else [value, value * 100]
            if any(rounds_to(c, digits) for c in candidates):
                return True, f"the exact answer rounded to the gold's decimals is the gold {g.norm[:20]!r}"
    return None


def _final_form(answer: str, gold: GoldParse) -> str | None:
    """Why ``answer`` is not in final form for this gold (``None`` when it is): an integer or decimal gold
    answered by an expression still to compute (``8 \\times 9``, ``\\binom{6}{3}``), or an unsimplified
    radical (``\\sqrt{72}`` for ``6\\sqrt{2}``)."""
    if _number_gold(gold):
        s = _ASSIGNED.sub("", _UNIT_TEXT.sub("", normalise(answer)))
        if is_literal(s) or _SCIENTIFIC.match(s):
            return None
        if _SIMPLE_FRACTION.match(s) and "." in gold.norm:
            return None  # 3/4 for a decimal gold 0.75 is a final answer; 12/3 for a gold of 4 is not
        return f"unevaluated expression {answer[:40]!r} for the numeric gold {gold.norm[:20]!r}"
    if _unsimplified_radical(gold.norm) is None:
        n = _unsimplified_radical(normalise(answer))
        if n is not None:
            return f"unsimplified radical \\sqrt{{{n}}}"
    return None


def _unsimplified_radical(s: str) -> int | None:
    """The first ``\\sqrt{n}`` in ``s`` with a square factor (bounded: at most 16 radicals, factors < 10^4)."""
    for m in list(_SQRT_INT.finditer(s[:2000]))[:16]:
        n = int(m.group(1))
        if any(n % (k * k) == 0 for k in range(2, min(isqrt(n), 10_000) + 1)):
            return n
    return None


# One spelling of an expression for the echo check: no spaces, sizing or braces, one product sign
_SPELLING_NOISE = rx.compile(r"\\left|\\right|\\[,;:!]|\\(?:q?quad)|[\s{}]")
_PRODUCT = rx.compile(r"\\cdot|\\times|\\ast|[*×·⋅]")
_OPERATOR = rx.compile(r"[-+*/^!_]|\\[A-Za-z]")
_PROMPT_MATH = rx.compile(r"\$\$(.+?)\$\$|\$(.+?)\$|\\\((.+?)\\\)|\\\[(.+?)\\\]", rx.DOTALL)


def spelling(s: str) -> str:
    """``s`` in one canonical spelling, for comparing an answer with the prompt's math.

    >>> spelling(r"17 \\cdot 23 - 1") == spelling(r"17\\times23-1") == spelling("17*23 - 1")
    True
    >>> spelling(r"\\left( 5! \\right)")
    '(5!)'
    """
    return _PRODUCT.sub("*", _SPELLING_NOISE.sub("", normalise(s)))


def _echo(answer: str, prompt: str | None, gold: GoldParse) -> bool:
    """The answer is an expression (not a bare number or name) copied from the prompt, in any spelling: the
    same as one of the prompt's math snippets, or (three characters or more) a piece of its math text."""
    if not prompt:
        return False
    a = normalise(answer)
    if not a or is_literal(a) or a.isalpha() or a == gold.norm or is_literal(_UNIT_TEXT.sub("", a)):
        return False  # a number with an ordinal or a unit ("12^{\\mathrm{th}}") is a value, not an expression
    said = spelling(a)
    if not said or _OPERATOR.search(said.lstrip("-+")) is None or said == spelling(gold.norm):
        return False
    if said in _prompt_snippets(prompt):
        return True
    return len(a) >= 3 and (a in _prompt_math(prompt) or said in _prompt_spelled(prompt))


@lru_cache(maxsize=4096)
def _prompt_snippets(prompt: str) -> frozenset[str]:
    """The prompt's math snippets (``$...$``, ``\\(...\\)``...), each in :func:`spelling`."""
    found = (next(g for g in m.groups() if g is not None) for m in _PROMPT_MATH.finditer(prompt[-20_000:]))
    return frozenset(spelling(f) for f in found)


@lru_cache(maxsize=4096)
def _prompt_spelled(prompt: str) -> str:
    return spelling(prompt[-20_000:].replace("$", " "))


# A word gold that says "infinitely many" is answered by the symbol
_INFINITE_WORDS = frozenset(
    {"infinitelymany", "infinite", "infinity", "infinitelymanysolutions", "infinitelymanyanswers"}
)
_INFINITY = frozenset({"\\infty", "+\\infty", "∞", "infinity"})
_PLAIN_DECIMAL = rx.compile(r"-?\d+\.(\d+)")


_SIZING_SPACE = rx.compile(r"\\left|\\right|\s+")
_MATRIX_BODY = rx.compile(r"\\begin\{pmatrix\}(.*)\\end\{pmatrix\}")
MAX_ELEMENTS = 64


def _elements(s: str) -> tuple[str, list[str]] | None:
    """A bracketed tuple or interval (``(0.6,2.6667]``) or a pmatrix as (its shape, its elements), or
    ``None``. Only flat ones (no brackets inside an element), at most ``MAX_ELEMENTS``."""
    s = _SIZING_SPACE.sub("", strip_math_delimiters(s)).strip()
    m = _MATRIX_BODY.fullmatch(s[1:-1] if s[:1] == "(" and s[-1:] == ")" else s) or _MATRIX_BODY.fullmatch(s)
    if m is not None:
        rows = m.group(1).split("\\\\")
        cells = [r.split("&") for r in rows]
        flat = [c for r in cells for c in r][: MAX_ELEMENTS + 1]
        if all(len(r) == 1 for r in cells):
            return (
                "()",
                flat,
            )  # a column vector reads as the tuple of its entries (as ``canonical`` writes it)
        return "m" + ",".join(str(len(r)) for r in cells), flat
    if len(s) > 2 and s[0] in "([" and s[-1] in ")]" and not any(c in s[1:-1] for c in "()[]"):
        return s[0] + s[-1], s[1:-1].split(",")[: MAX_ELEMENTS + 1]
    return None


def _elementwise_equal(answer: str, gold: str) -> bool:
    """Two tuples, intervals or matrices of the same shape whose elements are each equal: exactly, or the
    answer's decimal is the gold's exact value rounded at its precision (``(0.6, 2.6667]`` for
    ``(\\frac{3}{5}, \\frac{8}{3}]``); only when some element of the answer is a decimal (else sympy decides)."""
    if "." not in answer:
        return False
    a, g = _elements(answer), _elements(gold)
    if a is None or g is None or a[0] != g[0] or len(a[1]) != len(g[1]) or len(a[1]) > MAX_ELEMENTS:
        return False
    for x, y in zip(a[1], g[1], strict=True):
        x, y = normalise(x), normalise(y)
        vx, vy = exact_value(x), exact_value(y)
        if vx is None or vy is None:
            return False
        if vx != vy and not _rounded_decimal(x, vx, vy):
            return False
    return True


def _coarser_rounding(answer: str, gold: str) -> bool:
    """A decimal gold (itself a measurement or a rounded figure, ``1.27\\%``, ``165.47``) answered with the
    gold rounded half-up to fewer decimals (``1.3\\%``, ``165.5``), or to an integer of three digits or more
    (``118\\%`` for ``117.95\\%``); both with a percent sign or both without; never one significant digit.

    >>> _coarser_rounding("1.3\\%", "1.27\\%"), _coarser_rounding("0.3", "0.33"), _coarser_rounding("12", "11.6")
    (True, False, False)
    """
    pa, pg = answer.endswith("%"), gold.endswith("%")
    if pa != pg:
        return False
    if pa:
        answer, gold = answer.rstrip("%").removesuffix("\\"), gold.rstrip("%").removesuffix("\\")
    ma, mg = _PLAIN_DECIMAL.fullmatch(answer), _PLAIN_DECIMAL.fullmatch(gold)
    if mg is None:
        return False
    if ma is None and rx.fullmatch(r"-?\d{3,}", answer):  # "118" for 117.95: three digits or more
        return Decimal(gold).quantize(Decimal(1), rounding=ROUND_HALF_UP) == Decimal(answer)
    if ma is None or not 1 <= len(ma.group(1)) < len(mg.group(1)):
        return False
    if len(answer.lstrip("-").replace(".", "").lstrip("0")) < 2:
        return False  # "0.3" for 0.33: one significant digit is a guess, not a rounding
    step = Decimal(1).scaleb(-len(ma.group(1)))
    return Decimal(gold).quantize(step, rounding=ROUND_HALF_UP) == Decimal(answer)


@lru_cache(maxsize=4096)
def _prompt_math(prompt: str) -> str:
    return normalise(prompt[-20_000:].replace("$", " "))


_THOUSANDS = rx.compile(r"[-+]?\d{1,3}(?:,\d{3})+(?:\.\d+)?")
_DECIMAL = rx.compile(r"-?(\d*)\.(\d+)")


def _rounded_decimal(text: str, answer: Fraction, gold: Fraction) -> bool:
    """An inexact decimal for an exact gold is credited when the gold has no finite decimal expansion (its
    denominator has a prime factor other than 2 and 5), the answer is the gold rounded to the answer's
    decimals (|answer - gold| <= half a unit of its last place), and it carries the gold's own precision: at
    least one significant digit more than the gold's denominator has, and never fewer than two. So 0.33 and
    0.333 pay for 1/3, 0.3 (too coarse), 0.34 (not the gold rounded) and 0.66 for 2/3 (cut, not rounded) do
    not; 0.13 for 1/8 does not (0.125 is exact, so an exact gold with a finite decimal needs that decimal);
    an integer (33 for 100/3) claims exactness and is compared exactly."""
    m = _DECIMAL.fullmatch(text)
    if m is None:
        return False
    den = gold.denominator
    for p in (2, 5):
        while den % p == 0:
            den //= p
    if den == 1:
        return False
    decimals = len(m.group(2))
    significant = len((m.group(1) + m.group(2)).lstrip("0"))
    if significant < max(2, len(str(gold.denominator)) + 1):
        return False
    return abs(answer - gold) * 2 * 10**decimals <= 1


def _text_norm_keep(s: str) -> str:
    """``\\text{Forty-Two}`` -> ``Forty-Two``: the words of a text answer, hyphens kept."""
    s = s.strip().strip("$").strip()
    for _ in range(4):
        m = rx.fullmatch(r"\\(?:text|textbf|textnormal|mathrm|mbox|mathbf)\{(.*)\}", s)
        if m is None:
            break
        s = m.group(1)
    return s.replace("~", " ")


def _text_norm(s: str) -> str:
    s = normalise(s)
    for _ in range(4):
        m = rx.fullmatch(r"\\(?:text|textbf|textnormal|mathrm|mbox|mathbf)\{(.*)\}", s)
        if m is None:
            break
        s = m.group(1)
    s = rx.sub(r"[^a-z0-9 ]", "", rx.sub(r"\\[a-zA-Z]+", " ", s).lower().replace("~", " "))
    return rx.sub(r"^(?:the|a|an) ", "", " ".join(s.split()))


def _read(
    text: str, completion_ids: Sequence[int] | None, config: EngineConfig, analysis: Analysis | None
) -> Analysis:
    """Stage 1, read: the completion's layout and the answer it commits to (memoised per batch)."""
    return analysis or Analysis(text, completion_ids, config)


_COMMA_DECIMAL = rx.compile(r"(-?\d+)(?:\{,\}|,)(\d{1,2}|\d{4,})")


def _comma_decimal(answer: str, g: GoldParse) -> str | None:
    """``3,5`` (or ``3{,}5``) written for a decimal gold 3.5: a decimal comma, read as a point; a comma
    followed by exactly three digits (``1,000``) stays a thousands separator, and a list gold keeps commas."""
    if g.multi or "." not in g.norm or not _number_gold(g):
        return None
    m = _COMMA_DECIMAL.fullmatch(normalise(answer))
    return f"{m.group(1)}.{m.group(2)}" if m is not None else None


def _comma_decimal_gold(answer: str, g: GoldParse) -> bool:
    """A gold written with a decimal comma (``1,22``) answered with the decimal point (``1.22``)."""
    m = _COMMA_DECIMAL.fullmatch(g.norm)
    return m is not None and "." in answer and normalise(answer) == f"{m.group(1)}.{m.group(2)}"


_APPROX_AFTER = rx.compile(r"\\approx|≈|\\simeq")


def _before_approximation(answer: str) -> str:
    """``\\frac{1}{3} \\approx 0.33`` states 1/3: what follows a value's ``\\approx`` is its approximation, not
    the answer (an answer that *starts* with ``\\approx`` is a hedge, refused by the reader)."""
    m = _APPROX_AFTER.search(answer)
    if m is None or not answer[: m.start()].strip(" $=") or m.start() == 0:
        return answer
    return answer[: m.start()].strip().rstrip("=").strip()


def _unevaluated_policy(config: EngineConfig, prompt: str | None) -> bool:
    """Is an equal but unevaluated answer (``\\sqrt{50}`` for ``5\\sqrt{2}``) paid? ``allow_unevaluated``
    ``None`` (default): yes when the prompt is known (an echo of the prompt's own expression is refused by
    :func:`_echo`), no without it (an echo cannot be told from work)."""
    if config.allow_unevaluated is None:
        return bool(prompt)
    return config.allow_unevaluated


def _judge(
    text: str,
    gold: str,
    completion_ids: Sequence[int] | None,
    config: EngineConfig,
    analysis: Analysis | None,
    prompt: str | None,
    t0: float,
) -> Judgement:
    """Gold first: a gold with no value gives None whatever the completion holds; a gold sympy cannot read
    but that has a normal form may still be matched by it, and gives None for anything else."""
    g = parse_gold(gold, config.max_inline_chars)
    kind = gold_kind(g)
    why = f"gold {gold[:60]!r} does not parse ({g.how}{': ' + g.note if g.note else ''})"
    if kind is GoldKind.UNPARSEABLE and exact_value(g.norm) is None:
        return _verdict(Verdict.GOLD_UNPARSEABLE, why, None, g, "gold", t0, Rule.GOLD_UNPARSEABLE)
    analysis = analysis or Analysis(text, completion_ids, config)
    j = _stages(text, gold, g, kind, completion_ids, config, analysis, prompt, t0)
    if g.status == "unparseable" and j.is_scored and j.verdict is not Verdict.CORRECT:
        return _verdict(Verdict.GOLD_UNPARSEABLE, why, None, g, "gold", t0, Rule.GOLD_UNPARSEABLE)
    notes = []
    if analysis.collapsed:
        notes.append(f"{analysis.collapsed:,} characters of repeated layout (runs over {MAX_RUN}) not read")
    if analysis.unread:
        notes.append(
            f"read the last {config.max_read_chars:,} characters of the final-answer region; the "
            f"{analysis.unread:,} before them were not read: EngineConfig.max_read_chars"
        )
    if notes:
        return replace(j, reason=f"{j.reason} ({'; '.join(notes)})", unread=analysis.unread)
    return j


def _stages(
    text: str,
    gold: str,
    g: GoldParse,
    kind: GoldKind,
    completion_ids: Sequence[int] | None,
    config: EngineConfig,
    analysis: Analysis | None,
    prompt: str | None,
    t0: float,
) -> Judgement:
    """Read, then compare (the gold is parsed: :func:`_judge`)."""
    # Stage 1, read
    try:
        a = _read(text, completion_ids, config, analysis)
    except Exception as exc:  # never let one odd completion break a training step
        return _verdict(
            Verdict.ERROR,
            f"could not read the completion: {type(exc).__name__}: {exc}",
            None,
            None,
            "error",
            t0,
            Rule.READ_ERROR,
        )
    span = a.span
    if a.truncated:
        return _verdict(
            Verdict.TRUNCATED,
            f"truncated: {a.truncation_reason}",
            span,
            None,
            "truncation",
            t0,
            Rule.READ_TRUNCATED,
        )
    if span.answer is None:
        where = "ended inside its reasoning block" if a.layout.final is None else span.how
        return _verdict(
            Verdict.NO_ANSWER, f"no final answer: {where}", span, None, "extraction", t0, Rule.READ_NO_ANSWER
        )
    if a.after_answer and config.after_answer == "refuse":
        return _verdict(
            Verdict.WRONG,
            f"the answer is followed by {a.after_answer} (EngineConfig.after_answer='refuse')",
            span,
            g,
            "text",
            t0,
            Rule.READ_AFTER_ANSWER,
        )
    if span.hedge:
        return _verdict(
            Verdict.WRONG,
            f"hedged answer ({span.hedge!r}): not a commitment",
            span,
            g,
            "text",
            t0,
            Rule.READ_HEDGED,
        )
    # boxes joined by "and" (or "or": "x = 1 or x = 2") state a list; only a list or set gold can match one
    listed = bool(span.alternatives) and g.multi
    if span.alternatives and not listed:
        return _verdict(
            Verdict.WRONG,
            f"two different final answers offered as alternatives ({' / '.join(span.alternatives)})",
            span,
            g,
            "text",
            t0,
            Rule.READ_ALTERNATIVES,
        )
    # Stage 2, the answer as a value: spelling only (no comparison yet)
    answer = tidy(fullwidth_ascii(", ".join(span.alternatives) if listed else span.answer))
    answer = _before_approximation(answer)
    repeating = repeating_decimal(answer) if "\\overline" not in gold and "\\bar" not in gold else None
    if repeating is not None:  # "0.\overline{3}" is exactly 1/3
        answer = f"\\frac{{{repeating.numerator}}}{{{repeating.denominator}}}"
        if repeating < 0:
            answer = f"-\\frac{{{-repeating.numerator}}}{{{repeating.denominator}}}"

    def decide(same: bool, why: str, rule: Rule, path: str = "text") -> Judgement:
        return _verdict(Verdict.CORRECT if same else Verdict.WRONG, why, span, g, path, t0, rule)

    # Stage 3, compare: one row per gold kind that is compared on its own terms
    if kind is GoldKind.CHOICE:
        given = choice_letter(answer) or span.label
        if given:
            same = given == choice_letter(g.norm)
            return decide(same, f"choice letter {given} against {choice_letter(g.norm)}", Rule.CHOICE)
    elif kind is not GoldKind.TEXT:
        answer = without_label(answer)  # "(C) 24" against a gold 24: the value the letter labels
    if kind is GoldKind.CLOCK:
        when = clock_gold(gold)
        same = when is not None and same_time(clock_answer(answer), when)
        return decide(
            same,
            f"clock time compared as the minute of the day: {'the same' if same else 'different'}",
            Rule.CLOCK,
        )
    said, meant = proposition(answer), proposition(g.expr)
    if said is not None or meant is not None:
        same = said == meant
        return decide(
            same,
            f"quantified statement compared as written: {'the same' if same else 'different'}",
            Rule.PROPOSITION,
        )
    paired = _paired(answer, g, config)
    if paired is not None:
        answer, g = paired
    if not has_equation(g.expr):
        stated = chain_value(answer)
        if stated is None:
            return decide(False, "the equation chain contradicts itself", Rule.READ_SELF_CONTRADICTION)
        if stated != answer and "," in stated and g.norm.startswith("(") and not stated.startswith("("):
            stated = f"({stated})"  # "p=3, q=4" states an ordered pair when the gold is one
        answer = stated  # "7^4 = 2401" states 2401: the last right-hand side is the answer
    answer = rename_function_variable(canonical(answer), g.expr)
    if "unit text dropped" in g.how or _number_gold(g):
        answer = strip_units(answer)
    if _number_gold(g):
        spelled = number_from_words(_text_norm_keep(answer))
        if spelled is not None and not rx.search(r"\d", answer):
            answer = str(spelled)  # "forty-two" is a number
        if not g.multi and _THOUSANDS.fullmatch(answer.strip()):
            answer = answer.replace(",", "")  # 1,000.0: a thousands separator, not a list
        if _PROSE.fullmatch(answer) and _PROSE_WORD.search(answer) and not _MATH_WORD.search(answer):
            # plain words with no digit and no math (number words were read above) never equal a number:
            # decided here, not by sympy ("Answer: Answer: ..." is no value)
            return decide(False, "the answer is words, not a number", Rule.PROSE_FOR_NUMBER)
    if _OR_INSIDE.search(answer) and not g.multi and not _OR_INSIDE.search(g.expr):
        return decide(False, "two alternatives in one answer ('or')", Rule.READ_OR_INSIDE)
    if kind is GoldKind.BASE_N:
        written = base_number(_UNIT_TEXT.sub("", normalise(answer)))
        digits = (
            written[0] if written is not None and written[1] == int(g.note) else normalise(answer).upper()
        )
        same = digits.lstrip("0") == g.norm.lstrip("0")
        return decide(same, f"digits in base {g.note}: {'the same' if same else 'different'}", Rule.BASE)
    if kind is GoldKind.TEXT:
        same = _text_norm(answer) == g.norm or (
            g.norm.replace(" ", "") in _INFINITE_WORDS and normalise(answer) in _INFINITY
        )
        return decide(
            same, f"word gold compared as normalised text: {'equal' if same else 'different'}", Rule.TEXT
        )
    if _comma_decimal_gold(answer, g):
        return decide(True, "the gold's decimal comma is the answer's decimal point", Rule.COMMA_DECIMAL)
    decimal_comma = _comma_decimal(answer, g)
    if decimal_comma is not None:
        answer = decimal_comma  # "3,5" for 3.5: compared as the decimal it spells
    norm_answer = normalise(answer)
    if norm_answer == g.norm and g.norm:
        count("fast_path")
        return decide(True, "normalised answer equals normalised gold", Rule.NORMALISED, "fast")

    def echoed(path: str) -> Judgement | None:
        if _echo(answer, prompt, g):
            return decide(False, "the answer is the prompt's own expression, unevaluated", Rule.ECHO, path)
        return None

    decided = _readings(answer, norm_answer, g, prompt)
    if decided is not None:
        same, why = decided
        return (echoed("exact") if same else None) or decide(same, why, Rule.READING, "exact")

    def credit(path: str, why: str, rule: Rule) -> Judgement:
        refused = echoed(path)
        if refused is not None:
            return refused
        not_final = None if _unevaluated_policy(config, prompt) else _final_form(answer, g)
        if not_final is not None:
            return decide(False, f"{not_final} (EngineConfig.allow_unevaluated)", Rule.UNEVALUATED, path)
        return decide(True, why, rule, path)

    if _elementwise_equal(answer, g.expr):
        return credit(
            "exact", "every element equals the gold's, exactly or as its rounding", Rule.ELEMENTWISE
        )
    if _is_integer(norm_answer.replace("{,}", "")) and _is_integer(g.norm.replace("{,}", "")):
        # two integers of any length: compared as digit strings, no sympy and no int() (AIME/GSM8K answers,
        # and golds past Python's 4,300-digit conversion limit)
        count("fast_path")
        if _digits(norm_answer) == _digits(g.norm):
            return credit("fast", "integer answer equals integer gold", Rule.INTEGER)
        return decide(False, "integer answer differs from integer gold", Rule.INTEGER, "fast")
    if "." in g.norm and _coarser_rounding(strip_units(norm_answer), normalise(strip_units(g.expr))):
        return credit("exact", "the decimal gold rounded to the answer's decimals", Rule.ROUNDED)
    exact_gold = exact_value(g.norm) if g.status != "unparseable" or g.norm else None
    exact_answer = exact_value(norm_answer) if exact_gold is not None else None
    if exact_gold is not None and exact_answer is not None:
        count("exact_path")
        if exact_answer == exact_gold:
            rule = Rule.COMMA_DECIMAL if decimal_comma is not None else Rule.EXACT
            return credit("exact", "exact value equals the gold's exact value", rule)
        if _rounded_decimal(norm_answer, exact_answer, exact_gold):
            return credit(
                "exact",
                "the gold rounded to the answer's decimals, at the gold's own precision",
                Rule.ROUNDED,
            )
        if "." not in g.norm:  # an exact gold: a decimal that is not it, nor it rounded (see above), is not
            return decide(
                False,
                "decimal answer is neither the exact gold nor the gold rounded",
                Rule.DECIMAL_NOT_GOLD,
                "exact",
            )
        if "." not in norm_answer and "." not in g.norm:
            return decide(False, "exact value differs from the gold's exact value", Rule.EXACT, "exact")
    if g.status == "unparseable":
        return _verdict(
            Verdict.GOLD_UNPARSEABLE,
            f"gold {gold[:60]!r} does not parse ({g.how}{': ' + g.note if g.note else ''})",
            span,
            g,
            "gold",
            t0,
            Rule.GOLD_UNPARSEABLE,
        )
    if _OPERATOR_RUN.search(answer):  # "2****", "3,,,,": no parser reads it as a value; no worker needed
        return decide(
            False,
            f"answer {answer[:60]!r} does not parse as math (a run of operators)",
            Rule.UNREADABLE_ANSWER,
        )
    risky = risk(answer, config.max_inline_chars) or ("exact value too large" if too_large(answer) else None)
    if g.status in ("risky", "prose") or risky is not None:
        j = _isolated(g, answer, span, "", risky or f"gold {g.note or g.status}", config, t0)
        return credit("isolated", j.reason, Rule.ISOLATED) if j.verdict is Verdict.CORRECT else j
    parsed = parse_value(answer)
    if not parsed.ok:
        return decide(
            False, f"answer {answer[:60]!r} does not parse as math", Rule.UNREADABLE_ANSWER, "inline"
        )
    gold_values = g.values()
    for source, which in ((g.expr, "gold"), (answer, "answer")):
        current = gold_values if which == "gold" else parsed
        if lost_letters(source, current):
            again = keep_letters(source)  # a variable read as a unit ("2m") and dropped: parse it again
            if again.ok and not lost_letters(source, again):
                gold_values, parsed = (again, parsed) if which == "gold" else (gold_values, again)
    ok = verify_parsed(gold_values, parsed)
    if ok:
        return credit("inline", "verify(gold, answer) is True", Rule.SYMBOLIC)
    return decide(False, f"verify(gold, answer) is {ok}", Rule.SYMBOLIC, "inline")


TOO_LARGE = "too large to compare"


def _timeout_reason(exc: IsolationTimeout, timed: str) -> str:
    """The reason for a verdict ``timeout``: admission's refusal is the same for the same input, so it carries
    no elapsed time ("too large to compare: a power tower"); a timeout says how long it waited.

    >>> _timeout_reason(NotAdmitted("a power tower"), "timeout after 1 s")
    'too large to compare: a power tower'
    >>> _timeout_reason(IsolationTimeout("worker busy"), "timeout after 1 s")
    'timeout after 1 s: worker busy'
    """
    if isinstance(exc, NotAdmitted):
        why = str(exc)
        return why if why.startswith(TOO_LARGE) else f"{TOO_LARGE}: {why}"
    return f"{timed}: {exc}"


def _isolated(
    g: GoldParse, answer: str, span: AnswerSpan, alt_note: str, why: str, config: EngineConfig, t0: float
) -> Judgement:
    count("prescreen_isolated")
    remaining = config.timeout_s - (time.monotonic() - t0)
    try:
        outcome, gold_shown, answer_shown = default_pool().run(
            "check_strings", (g.expr, answer, g.status == "prose"), remaining
        )
    except IsolationTimeout as exc:
        return _verdict(
            Verdict.TIMEOUT,
            _timeout_reason(exc, f"timeout after {config.timeout_s:g} s ({why})"),
            span,
            g,
            "isolated",
            t0,
            Rule.TIMEOUT,
        )
    except IsolationError as exc:
        return _verdict(
            Verdict.ERROR, f"isolated verify failed ({why}): {exc}", span, g, "isolated", t0, Rule.ERROR
        )
    if outcome == "gold_unparseable":
        return _verdict(
            Verdict.GOLD_UNPARSEABLE,
            f"gold {g.expr[:60]!r} does not parse (isolated)",
            span,
            g,
            "isolated",
            t0,
            Rule.GOLD_UNPARSEABLE,
        )
    if outcome == "answer_unparseable":
        return _verdict(
            Verdict.WRONG,
            f"{alt_note}answer {answer[:60]!r} does not parse as math (isolated: {why})",
            span,
            g,
            "isolated",
            t0,
            Rule.UNREADABLE_ANSWER,
        )
    if outcome == "correct":
        return _verdict(
            Verdict.CORRECT,
            f"verify(gold, answer) is True (isolated: {why})",
            span,
            g,
            "isolated",
            t0,
            Rule.ISOLATED,
        )
    return _verdict(
        Verdict.WRONG,
        f"{alt_note}verify(gold, answer) is {outcome == 'correct'} (isolated: {why})",
        span,
        g,
        "isolated",
        t0,
        Rule.ISOLATED,
    )


class _Memo:
    """The last few thousand results by key (first in, first out), so rewards called one after another on the
    same batch (as TRL does) read each completion once. Reads take no lock: a dict lookup is atomic."""

    def __init__(self, capacity: int = 4096) -> None:
        self.capacity = capacity
        self._data: dict[Hashable, Any] = {}
        self._lock = threading.Lock()

    def clear(self) -> None:
        with self._lock:
            self._data.clear()

    def get(self, key: Hashable) -> Any:
        return self._data.get(key)

    def put(self, key: Hashable, value: Any) -> None:
        with self._lock:
            self._data[key] = value
            while len(self._data) > self.capacity:
                del self._data[next(iter(self._data))]


MEMO = _Memo()
ANALYSES = _Memo()  # string-level readings, shared by format, tag_count, reasoning_steps and the judge


def _ids_key(ids: Sequence[int] | None) -> Hashable:
    if ids is None:
        return None
    return (len(ids), int(ids[-1]) if len(ids) else None)


def judge_batch(
    texts: Sequence[str],
    golds: Sequence[str | None],
    completion_ids: Sequence[Sequence[int]] | None = None,
    config: EngineConfig = DEFAULT_CONFIG,
    prompts: Sequence[str | None] | None = None,
) -> list[tuple[Judgement, Analysis]]:
    """Judge a batch; each unique gold is parsed once and each (text, gold, ids, prompt) judged once per memo
    window. A timeout or error is never memoised: the next call judges again (same input, same verdict)."""
    if len(golds) != len(texts):
        raise ValueError(f"{len(golds)} golds for {len(texts)} completions")
    if completion_ids is not None and len(completion_ids) != len(texts):
        raise ValueError(f"{len(completion_ids)} completion_ids for {len(texts)} completions")
    if prompts is not None and len(prompts) != len(texts):
        raise ValueError(f"{len(prompts)} prompts for {len(texts)} completions")
    out: list[tuple[Judgement, Analysis]] = []
    for i, (text, gold) in enumerate(zip(texts, golds, strict=True)):
        ids = completion_ids[i] if completion_ids is not None else None
        prompt = prompts[i] if prompts is not None else None
        key = (text, gold, _ids_key(ids), config, prompt)
        hit = MEMO.get(key)
        if hit is None:
            analysis = analyse(text, ids, config)
            judgement = judge(text, gold, completion_ids=ids, config=config, analysis=analysis, prompt=prompt)
            hit = (judgement, analysis)
            if judgement.verdict not in (Verdict.TIMEOUT, Verdict.ERROR):
                MEMO.put(key, hit)
        out.append(hit)
    return out


def clear_memos() -> None:
    """Forget per-completion results (what a new batch of never-seen completions would find)."""
    MEMO.clear()
    ANALYSES.clear()


def clear_caches() -> None:
    """Forget every cached gold, parse, verify result and judgement (benchmarks measure a cold start)."""
    from . import exact, gold, mathcore

    exact._evaluate.cache_clear()
    gold.parse_gold.cache_clear()
    mathcore.parse_value.cache_clear()
    mathcore.parse_prose.cache_clear()
    mathcore._verify_cached.cache_clear()
    clear_memos()
