r"""Turn (completion, gold) into a :class:`Judgement`: the one correctness decision every reward shares.

Order of work, cheapest first: layout and final answer (string scans), truncation, the string fast path
(normalised answer == normalised gold), the cached gold parse, then sympy: in process for pre-screened
ordinary expressions, in a killable worker for anything risky, under a hard limit of ``config.timeout_s``.

>>> judge("<think>\n2+2\n</think>\n\\boxed{4}", "4").verdict.value
'correct'
>>> judge("<think>\nhmm\n</think>\n\\boxed{3} or \\boxed{4}", "4").verdict.value
'wrong'
>>> judge("<think>\nstill thinking", "4").verdict.value
'truncated'
"""

from __future__ import annotations

import re
import threading
import time
from collections.abc import Hashable, Sequence
from typing import Any

from .config import EngineConfig
from .gold import GoldParse, parse_gold
from .isolation import IsolationError, IsolationTimeout, count, default_pool
from .mathcore import parse_value, verify_parsed
from .prescreen import risk
from .text import AnswerSpan, Layout, extract_answer, normalise, split_layout
from .truncation import is_truncated
from .verdict import Judgement, Verdict

__all__ = ["judge", "judge_batch", "analyse", "Analysis", "DEFAULT_CONFIG", "clear_caches", "clear_memos"]

DEFAULT_CONFIG = EngineConfig()
_INTEGER = re.compile(r"^[-+]?\d{1,18}$")
_CLEAN_ENDINGS = ("</answer>", "<|end_of_solution|>")


class Analysis:
    """The string-level reading of a completion, shared by format, reasoning_steps and the judge."""

    __slots__ = ("layout", "span", "truncated", "truncation_reason")

    def __init__(self, text: str, completion_ids: Sequence[int] | None, config: EngineConfig) -> None:
        self.layout: Layout = split_layout(text, config.think_prefilled)
        final = self.layout.final
        self.span: AnswerSpan = (
            extract_answer(final) if final is not None else AnswerSpan(None, "no final-answer region")
        )
        self.truncated, self.truncation_reason = is_truncated(
            completion_ids,
            config,
            has_final_answer=self.span.answer is not None,
            open_reasoning=final is None,
            ends_cleanly=completion_ids is None and text.rstrip().endswith(_CLEAN_ENDINGS),
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
    verdict: Verdict, reason: str, span: AnswerSpan | None, gold: GoldParse | None, path: str, t0: float
) -> Judgement:
    count(f"verdict_{verdict.value}")
    return Judgement(
        verdict,
        reason,
        answer=span.answer if span is not None else None,
        gold=gold.shown if gold is not None else None,
        path=path,
        elapsed_s=time.monotonic() - t0,
    )


def judge(
    text: str,
    gold: str,
    *,
    completion_ids: Sequence[int] | None = None,
    config: EngineConfig = DEFAULT_CONFIG,
    analysis: Analysis | None = None,
) -> Judgement:
    """Judge one completion text against its gold solution string."""
    t0 = time.monotonic()
    try:
        a = analysis or Analysis(text, completion_ids, config)
    except Exception as exc:  # never let one odd completion break a training step
        return _verdict(
            Verdict.ERROR,
            f"could not read the completion: {type(exc).__name__}: {exc}",
            None,
            None,
            "error",
            t0,
        )
    span = a.span
    if a.truncated:
        return _verdict(Verdict.TRUNCATED, f"truncated: {a.truncation_reason}", span, None, "truncation", t0)
    if span.answer is None:
        where = "ended inside its reasoning block" if a.layout.final is None else span.how
        return _verdict(Verdict.NO_ANSWER, f"no final answer: {where}", span, None, "extraction", t0)
    answer = ", ".join(span.alternatives) if span.alternatives else span.answer
    alt_note = (
        f"two different final answers offered as alternatives ({' / '.join(span.alternatives)}); "
        if span.alternatives
        else ""
    )
    g = parse_gold(gold, config.max_inline_chars)
    norm_answer = normalise(answer)
    if norm_answer == g.norm and g.norm:
        count("fast_path")
        return _verdict(
            Verdict.CORRECT, f"{alt_note}normalised answer equals normalised gold", span, g, "fast", t0
        )
    if _INTEGER.match(norm_answer) and _INTEGER.match(g.norm):
        # two integers: exact comparison, no sympy (AIME/AMC/GSM8K answers)
        count("fast_path")
        same = int(norm_answer.replace("{,}", "")) == int(g.norm.replace("{,}", ""))
        verdict = Verdict.CORRECT if same and not span.alternatives else Verdict.WRONG
        return _verdict(
            verdict,
            f"{alt_note}integer answer {'equals' if same else 'differs from'} integer gold",
            span,
            g,
            "fast",
            t0,
        )
    if g.status == "unparseable":
        return _verdict(
            Verdict.GOLD_UNPARSEABLE,
            f"gold {gold[:60]!r} does not parse ({g.how}{': ' + g.note if g.note else ''})",
            span,
            g,
            "gold",
            t0,
        )
    why = risk(answer, config.max_inline_chars)
    if g.status in ("risky", "prose") or why is not None:
        return _isolated(g, answer, span, alt_note, why or f"gold {g.note or g.status}", config, t0)
    try:
        parsed = parse_value(answer)
        if not parsed.ok:
            return _verdict(
                Verdict.WRONG,
                f"{alt_note}answer {answer[:60]!r} does not parse as math",
                span,
                g,
                "inline",
                t0,
            )
        ok = verify_parsed(g.values(), parsed)
    except Exception as exc:  # a sympy/latex2sympy failure on an odd but short string
        return _verdict(
            Verdict.ERROR, f"verify raised {type(exc).__name__}: {str(exc)[:120]}", span, g, "inline", t0
        )
    if ok and not span.alternatives:
        return _verdict(Verdict.CORRECT, "verify(gold, answer) is True", span, g, "inline", t0)
    return _verdict(Verdict.WRONG, f"{alt_note}verify(gold, answer) is {ok}", span, g, "inline", t0)


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
            Verdict.TIMEOUT, f"timeout after {config.timeout_s:g} s ({why}): {exc}", span, g, "isolated", t0
        )
    except IsolationError as exc:
        return _verdict(Verdict.ERROR, f"isolated verify failed ({why}): {exc}", span, g, "isolated", t0)
    if outcome == "gold_unparseable":
        return _verdict(
            Verdict.GOLD_UNPARSEABLE,
            f"gold {g.expr[:60]!r} does not parse (isolated)",
            span,
            g,
            "isolated",
            t0,
        )
    if outcome == "answer_unparseable":
        return _verdict(
            Verdict.WRONG,
            f"{alt_note}answer {answer[:60]!r} does not parse as math (isolated: {why})",
            span,
            g,
            "isolated",
            t0,
        )
    if outcome == "correct" and not span.alternatives:
        return _verdict(
            Verdict.CORRECT, f"verify(gold, answer) is True (isolated: {why})", span, g, "isolated", t0
        )
    return _verdict(
        Verdict.WRONG,
        f"{alt_note}verify(gold, answer) is {outcome == 'correct'} (isolated: {why})",
        span,
        g,
        "isolated",
        t0,
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
    golds: Sequence[str],
    completion_ids: Sequence[Sequence[int]] | None = None,
    config: EngineConfig = DEFAULT_CONFIG,
) -> list[tuple[Judgement, Analysis]]:
    """Judge a batch; each unique gold is parsed once and each (text, gold, ids) judged once per memo window."""
    if len(golds) != len(texts):
        raise ValueError(f"{len(golds)} golds for {len(texts)} completions")
    if completion_ids is not None and len(completion_ids) != len(texts):
        raise ValueError(f"{len(completion_ids)} completion_ids for {len(texts)} completions")
    out: list[tuple[Judgement, Analysis]] = []
    for i, (text, gold) in enumerate(zip(texts, golds, strict=True)):
        ids = completion_ids[i] if completion_ids is not None else None
        key = (text, gold, _ids_key(ids), config)
        hit = MEMO.get(key)
        if hit is None:
            analysis = analyse(text, ids, config)
            hit = (judge(text, gold, completion_ids=ids, config=config, analysis=analysis), analysis)
            MEMO.put(key, hit)
        out.append(hit)
    return out


def clear_memos() -> None:
    """Forget per-completion results (what a new batch of never-seen completions would find)."""
    MEMO.clear()
    ANALYSES.clear()


def clear_caches() -> None:
    """Forget every cached gold, parse, verify result and judgement (benchmarks measure a cold start)."""
    from . import gold, mathcore

    gold.parse_gold.cache_clear()
    mathcore.parse_value.cache_clear()
    mathcore.parse_prose.cache_clear()
    mathcore._verify_cached.cache_clear()
    clear_memos()
