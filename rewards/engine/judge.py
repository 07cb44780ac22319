r"""Turn (completion, gold) into a :class:`Judgement`: the one correctness decision every reward shares.

Typed stages, each a function: **gold** (``parse_gold`` -> ``GoldKind``; a gold with no value gives None
whatever the completion holds), **read** (``Analysis``: layout, the answer the completion commits to, truncation,
an invented follow-up after it; a read exit decides a completion with no committed answer), then **compare**
(``compare.rules.RULES``: one ordered table of typed rows, each named by its ``rules.Rule`` id -- the answer
as a value, spelling only; then choice, clock, proposition, base-n, text, normalised, readings, integer,
exact, rounded, symbolic in process or in the isolated worker -- a credit passing its row's refusals: an
equal value that is the prompt's echo, or unevaluated under ``EngineConfig.allow_unevaluated``). Every exit
names its rule (``Judgement.rule``); no decision reads a reason string. Cheapest first: sympy runs last, in
process for pre-screened ordinary expressions, in a killable worker for anything risky, under
``config.timeout_s``.

>>> judge("<think>\n2+2\n</think>\n\\boxed{4}", "4").verdict.value
'correct'
>>> judge("<think>\nhmm\n</think>\n\\boxed{3} or \\boxed{4}", "4").verdict.value
'wrong'
>>> judge("<think>\nstill thinking", "4").verdict.value  # no token ids: a cut cannot be told from a stop
'no_answer'
>>> judge("<think>\nstill", "4", completion_ids=[5, 6], config=EngineConfig(max_completion_length=2)).verdict.value
'truncated'
>>> judge("So the total is\nTotal = 12", "12").rule
'compare.normalised'
"""

from __future__ import annotations

import threading
import time
from collections.abc import Hashable, Sequence
from copy import copy
from dataclasses import replace
from typing import Any

from rewardcheck.rewards.cache_bounds import JUDGEMENTS, READINGS
from rewardcheck.rewards.degenerate import echoes_prompt

from .choices import choice_letter
from .compare.answer_value import as_value
from .compare.case import Case
from .compare.decision import judgement as _verdict
from .compare.echo import spelling as spelling
from .compare.elements import MAX_ELEMENTS as MAX_ELEMENTS
from .compare.isolated import TOO_LARGE as TOO_LARGE
from .compare.isolated import timeout_reason as _timeout_reason
from .compare.numbers import MAX_INTEGER_DIGITS as MAX_INTEGER_DIGITS
from .compare.numbers import as_written
from .compare.run import compare
from .config import EngineConfig, bounded_read
from .exact import exact_value
from .gold import MAX_SUBJECT_WORDS, GoldParse, GoldStatus, parse_gold, words_of
from .goldkind import GoldKind, gold_kind
from .isolation import IsolationTimeout
from .lists import one_name_bounds
from .mathcore import deadline
from .numeric import decimal_point
from .read.closing_letter import closing_letter
from .read.option_letter import letter_of, option_content, options_in
from .read.polar_answer import polar_answer, polar_gold
from .read.reading import read_final
from .read.relation_answer import relation_answer, relation_gold
from .rules import Rule
from .runs import MAX_RUN, collapse_runs
from .text import AnswerSpan, Layout, follow_up_at, split_layout
from .truncation import is_truncated
from .verdict import Judgement, Verdict

__all__ = ["judge", "judge_batch", "analyse", "Analysis", "DEFAULT_CONFIG", "clear_caches", "clear_memos"]
# spelling, MAX_ELEMENTS, TOO_LARGE, MAX_INTEGER_DIGITS and _timeout_reason live in compare/; imported
# above (``x as x``) so that they stay importable from here, as before the compare table

DEFAULT_CONFIG = EngineConfig()


def _stopped(ids: Sequence[int] | None, config: EngineConfig) -> bool:
    """The token ids show the completion stopped (not cut); ``False`` when there are no ids to tell."""
    if ids is None or (config.max_completion_length is None and not config.eos_token_ids):
        return False
    return not is_truncated(ids, config, has_final_answer=True)[0]


def extract_answer(region: str, open_end: bool = False) -> AnswerSpan:
    """The answer the open-world reader (:mod:`.read`) reads in a final-answer region (``open_end``: the
    text may have been cut where the region ends: ``EngineConfig.unfinished_value``)."""
    return read_final(region, open_end)


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
        self.after_answer = ""  # what follows the answer when it is an invented follow-up ("": nothing)
        self.span: AnswerSpan = (
            extract_answer(
                final, config.unfinished_value == "refuse" and not _stopped(completion_ids, config)
            )
            if final is not None
            else AnswerSpan(None, "no final-answer region")
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


def _read(
    text: str, completion_ids: Sequence[int] | None, config: EngineConfig, analysis: Analysis | None
) -> Analysis:
    """Stage 1, read: the completion's layout and the answer it commits to (memoised per batch)."""
    return analysis or Analysis(text, completion_ids, config)


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
    polar = polar_gold(gold)
    if polar is not None:  # a yes or a no of any language: the polarity the text answers with decides
        analysis = analysis or Analysis(text, completion_ids, config)
        said = _polar_verdict(analysis, g, polar, t0)
        if said is not None:
            return said
    relation = relation_gold(gold)
    if relation is not None:  # a comparison sign: the last sign of the final statement decides
        analysis = analysis or Analysis(text, completion_ids, config)
        signed = _relation_verdict(analysis, g, relation, t0)
        if signed is not None:
            return signed
    kind = gold_kind(g)
    why = f"gold {gold[:60]!r} does not parse ({g.how}{': ' + g.note if g.note else ''})"
    if kind is GoldKind.UNPARSEABLE and exact_value(g.norm) is None:
        named = _names_subject(text, completion_ids, analysis, g, config, t0)
        if named is not None:
            return named
        return _verdict(Verdict.GOLD_UNPARSEABLE, why, None, g, "gold", t0, Rule.GOLD_UNPARSEABLE)
    analysis = analysis or Analysis(text, completion_ids, config)
    j = _read_then_compare(text, gold, g, kind, completion_ids, config, analysis, prompt, t0)
    if g.status is GoldStatus.UNPARSEABLE and j.verdict is not Verdict.CORRECT:
        named = _names_subject(text, completion_ids, analysis, g, config, t0)
        if named is not None:
            return named
        if j.is_scored:
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


def _read_then_compare(
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
    if restates_prompt(a, prompt):
        return _verdict(  # the final-answer region restates the question: it states no answer of its own
            Verdict.NO_ANSWER,
            "no final answer: the final-answer region restates the prompt",
            a.span,
            None,
            "extraction",
            t0,
            Rule.READ_NO_ANSWER,
        )
    a = _with_option_content(_with_closing_letter(a, kind), kind)
    refused = _read_exit(a, g, config, t0)
    if refused is not None:
        return refused
    span = a.span
    listed = _states_a_list(span, g)  # the read exits refused alternatives to any other gold
    stated = ", ".join(span.alternatives) if listed else span.answer
    if _states_a_union(span):  # "x<-1 或 x>3": one set
        stated = " \\text{ or } ".join(span.alternatives)
    assert stated is not None  # a completion without an answer took a read exit
    # Stages 2 and 3, the answer as a value and compare: the rows of compare.rules.RULES, in order
    return compare(Case(gold, g, kind, span, as_value(stated, gold), prompt, config, t0))


def _with_closing_letter(a: Analysis, kind: GoldKind) -> Analysis:
    """For a letter gold, where the reader found no letter and refused nothing: the letter that closes the final
    statement (``read.closing_letter``: "Odpowiedź: A" in a language the lexicon lacks), or the letter of the
    listed option whose content the answer is (``read.option_letter``: "(C) 29 ... the prime is 29"); else
    ``a``."""
    span, final = a.span, a.layout.final
    refused = span.refused and not span.left_empty  # "Respuesta: b": the phrase's word may be the letter
    if kind is not GoldKind.CHOICE or final is None or refused or span.hedge or span.alternatives:
        return a
    if choice_letter(span.answer or "") or span.label:
        return a
    options = options_in(_with_reasoning(a))  # read once: the closing letter and the option's content ask it
    letter, how = (
        closing_letter(final, frozenset(options)),
        "a choice letter closing the final statement (the gold is a letter)",
    )
    if letter is None and span.answer is not None:
        letter = letter_of(options, span.answer)
        how = f"the option whose content is {span.answer[:40]!r} (the gold is a letter)"
    if letter is None:
        return a
    found = copy(a)
    found.span = AnswerSpan(letter, how)
    return found


def _with_reasoning(a: Analysis) -> str:
    """The reasoning and the final-answer region together: where a text lists its options."""
    return f"{a.layout.reasoning or ''}\n{a.layout.final or ''}"


def _with_option_content(a: Analysis, kind: GoldKind) -> Analysis:
    """For a gold that is no letter, where the answer is a choice letter: the content of that option where the
    text lists its options ("(A) 3 (B) 4 (C) 5 (D) 6 ... The answer is (C)." against the gold 5); else ``a``."""
    span, final = a.span, a.layout.final
    if kind is GoldKind.CHOICE or final is None or span.refused or span.hedge or span.alternatives:
        return a
    letter = choice_letter(span.answer or "")
    if letter is None:
        return a
    content = option_content(_with_reasoning(a), letter)
    if content is None:
        return a
    found = copy(a)
    found.span = AnswerSpan(content, f"the content of option {letter} (the gold is a value)", label=letter)
    return found


def _polar_verdict(a: Analysis, g: GoldParse, polar: bool, t0: float) -> Judgement | None:
    """A yes/no gold against the yes or no word that closes the final statement (``read.polar_answer``);
    ``None`` where the text is cut or closes on none (the value path decides)."""
    final = a.layout.final
    said = polar_answer(final) if final is not None and not a.truncated else None
    if said is None:
        return None
    word = "yes" if said else "no"
    span = AnswerSpan(word, "a yes/no word closing the final statement (the gold is a yes or a no)")
    verdict = Verdict.CORRECT if said == polar else Verdict.WRONG
    why = f"the text answers {word}, the gold {'yes' if polar else 'no'}"
    return _verdict(verdict, why, span, g, "text", t0, Rule.POLAR)


def _relation_verdict(a: Analysis, g: GoldParse, relation: str, t0: float) -> Judgement | None:
    """A relation-sign gold against the last relation sign of the final statement (``read.relation_answer``);
    ``None`` where the text is cut or its final statement has none (the gold stays unjudged)."""
    final = a.layout.final
    said = relation_answer(final) if final is not None and not a.truncated else None
    if said is None:
        return None
    span = AnswerSpan(said, "the relation sign of the final statement (the gold is a relation sign)")
    verdict = Verdict.CORRECT if said == relation else Verdict.WRONG
    return _verdict(
        verdict,
        f"the text compares with {said}, the gold with {relation}",
        span,
        g,
        "text",
        t0,
        Rule.RELATION,
    )


def _names_subject(
    text: str,
    completion_ids: Sequence[int] | None,
    analysis: Analysis | None,
    g: GoldParse,
    config: EngineConfig,
    t0: float,
) -> Judgement | None:
    """A sentence gold has no value, but its subject is the answer to "who" or "which" ("Petya will receive
    the last token." for the answer "Petya"): an answer of a few words from the subject, opening with its
    first, is paid; any other answer leaves the gold unjudged (None), as before."""
    if not g.subject:
        return None
    a = analysis or Analysis(text, completion_ids, config)
    if _read_exit(a, g, config, t0) is not None or a.span.answer is None:
        return None
    words = words_of(a.span.answer)
    if (
        not words
        or len(words) > MAX_SUBJECT_WORDS
        or words[0] != g.subject[0]
        or not set(words) <= set(g.subject)
    ):
        return None
    why = f"the answer names the subject of the sentence gold ({' '.join(g.subject)!r})"
    return _verdict(Verdict.CORRECT, why, a.span, g, "text", t0, Rule.SUBJECT)


def _states_a_list(span: AnswerSpan, g: GoldParse) -> bool:
    """Values joined by "and" (or "or": "x = 1 or x = 2") state a list; only a list or set gold can match
    one (a gold with a plus-minus sign is two values), or a pair's gold when "and" joins values of different
    names ("x = 2, y = 3" for (2, 3))."""
    if not span.alternatives:
        return False
    pair = gold_kind(g) in (GoldKind.TUPLE, GoldKind.INTERVAL)  # "(2, 3)" is a point as often as an interval
    both_signs = len(span.alternatives) == 2 and g.both_signs
    return g.multi or both_signs or (pair and span.joiner == "and" and _distinct_names(span.alternatives))


def _states_a_union(span: AnswerSpan) -> bool:
    """Inequalities of one name joined by "or" in any language ("x<-1 或 x>3", "x \\le -2 या x \\ge 2") state
    one set, their union, not two answers to choose from."""
    return span.joiner == "or" and one_name_bounds(span.alternatives)


def _one_value(values: Sequence[str]) -> bool:
    """Do the values all spell one number ("0.42, or 42%", "1/2 or 0.5")? Then they are one answer restated.

    >>> _one_value(["0.42", "42\\%"]), _one_value(["0.42", "42"])
    (True, False)
    """
    exact = []
    for v in values:
        written = v.strip()
        bare = written.removesuffix("\\%").removesuffix("%").removesuffix("٪").strip()
        value = exact_value(decimal_point(bare))  # "0,75 / 75 %": a decimal comma, as the text writes it
        if value is None:
            return False
        exact.append(value / 100 if bare != written else value)
    return len(set(exact)) == 1


def _distinct_names(values: Sequence[str]) -> bool:
    """Does each value give its own one-letter name a value ("x = 2", "y = 3")?"""
    names = [v.split("=", 1)[0].strip() for v in values if v.count("=") == 1]
    return (
        len(names) == len(values)
        and len(set(names)) == len(names)
        and all(len(n) == 1 and n.isalpha() for n in names)
    )


def restates_prompt(a: Analysis, prompt: str | None) -> bool:
    """Does the region the answer was read from only restate the prompt? An echo of the question states no
    answer of its own, whatever value it carries ("Tom has 17 apples and buys 25 more. How many ...?").

    >>> q = "Tom has 17 apples and buys 25 more. How many apples does he have now?"
    >>> restates_prompt(Analysis(q, None, EngineConfig()), q)
    True
    >>> restates_prompt(Analysis("He has 42.", None, EngineConfig()), q)
    False
    """
    # the final-answer region, or where an unclosed think block ends
    read = a.layout.final if a.layout.final is not None else a.layout.reasoning
    return bool(prompt and read and a.span.answer is not None and echoes_prompt(read, prompt))


def _read_exit(a: Analysis, g: GoldParse, config: EngineConfig, t0: float) -> Judgement | None:
    """The read stage's verdict where the completion commits to no single answer (truncated, none, a
    follow-up after it under ``after_answer='refuse'``, hedged, alternatives); ``None`` when it does."""
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
    if span.not_math:
        return _verdict(Verdict.WRONG, span.not_math, span, g, "text", t0, Rule.READ_NOT_MATH)
    if span.hedge and not (span.approximate and as_written(span.answer, g)):
        return _verdict(
            Verdict.WRONG,
            f"hedged answer ({span.hedge!r}): not a commitment",
            span,
            g,
            "text",
            t0,
            Rule.READ_HEDGED,
        )
    if (
        span.alternatives
        and not _states_a_list(span, g)
        and not _one_value(span.alternatives)
        and not _states_a_union(span)
    ):
        return _verdict(
            Verdict.WRONG,
            f"two different final answers offered as alternatives ({' / '.join(span.alternatives)})",
            span,
            g,
            "text",
            t0,
            Rule.READ_ALTERNATIVES,
        )
    return None


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


MEMO = _Memo(JUDGEMENTS)
ANALYSES = _Memo(READINGS)  # readings, shared by format, tag_count, reasoning_steps and the judge


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
    from rewardcheck.rewards import cache_bounds

    from . import exact, gold, mathcore

    exact._evaluate.cache_clear()
    gold.parse_gold.cache_clear()
    mathcore.parse_value.cache_clear()
    mathcore.parse_prose.cache_clear()
    mathcore._verify_cached.cache_clear()
    clear_memos()
    cache_bounds.clear_all()  # every other input-keyed cache, and the golds known over their work budget
