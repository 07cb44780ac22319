r"""format, tag_count and reasoning_steps: rewards for the shape of a completion, paid only to a real attempt.

Each reads the engine's :class:`~rewards.engine.Analysis` (think block, final answer, truncation), so a
completion that is cut off, has no final answer or an empty think block earns nothing for its shape.

>>> fmt, steps = make_format(Settings()), make_reasoning_steps(Settings())
>>> fmt(["let me think\n</think>\nSo \\boxed{3}."]), fmt(["<think></think>\\boxed{3}"])
([1.0], [0.0])
>>> steps(["First, Finally,"])
[0.0]
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rewardcheck.rewards import rx

from ..completions import column
from ..engine import Analysis, Verdict
from ..engine.judge import restates_prompt
from ..result import RewardFunc, RewardResult, trl_reward
from .context import Settings, analysed, judged, prompt_text
from .correctness import text_golds

__all__ = [
    "make_format",
    "make_tag_count",
    "make_reasoning_steps",
    "STEP_MARKER",
    "count_steps",
    "shape_problem",
]

_ANSWER_BLOCK = rx.compile(r"^\s*<answer>(.*?)</answer>\s*$", rx.DOTALL)


def shape_problem(a: Analysis, need_answer: bool = True) -> str | None:
    """Why this completion's shape earns nothing, or None when it is one non-empty think block + final answer
    (without ``need_answer``: one closed, non-empty, non-filler think block, whatever follows it)."""
    lay = a.layout
    if a.truncated:
        return f"truncated ({a.truncation_reason})"
    if lay.reasoning is None:
        return "no think block"
    if lay.final is None:
        return "think block never closed"
    if lay.style != "plain" and lay.style not in ("think", "sky_t1"):
        return f"mangled think tag ({lay.style})"
    if lay.think_blocks != 1:
        return f"{lay.think_blocks} think blocks (exactly one expected)"
    if not lay.reasoning.strip():
        return "empty think block"
    if _filler_steps(lay.reasoning):
        return "filler think block (step markers around generic words, no reasoning)"
    if need_answer and a.span.answer is None:
        return "no final answer after the think block"
    return None


MAX_FILLER_CHARS = 2000  # filler is short; a longer think block is not read for it (keeps this cheap)
MIN_DISTINCT_WORDS = 4  # "Step 1: think. Step 2: think more." says three words: no reasoning; "the discriminant is positive" (4) is
_WORD = rx.compile(r"[A-Za-z]+")
_MATHS = rx.compile(r"[\d=+\-*/^\\<>]")


def _filler_steps(reasoning: str) -> bool:
    """A short think block of two or more step markers whose content, markers removed, holds no value or
    symbol and fewer than ``MIN_DISTINCT_WORDS`` distinct words ("Step 1: think. Step 2: think more.")."""
    if len(reasoning) > MAX_FILLER_CHARS:
        return False
    text = "\n" + reasoning
    if len(STEP_MARKER.findall(text)) < 2:
        return False
    rest = STEP_MARKER.sub(" ", text)
    if _MATHS.search(rest):
        return False
    return len({w.lower() for w in _WORD.findall(rest)}) < MIN_DISTINCT_WORDS


def make_format(settings: Settings, answer_tags: bool = False) -> RewardFunc:
    """1.0 for exactly one non-empty think block (opened by the completion or pre-filled by the chat template)
    followed by a final answer; with ``answer_tags`` the final answer must be one ``<answer>...</answer>``."""

    def fmt(completions: Sequence[Any], **kwargs: Any) -> list[RewardResult]:
        out = []
        for text, a in analysed(completions, kwargs, settings):
            problem = shape_problem(a)
            if problem is None and text.count("<think>") > 1:
                problem = "more than one <think> tag"
            if problem is None and text[: max(0, text.find("<think>"))].strip():
                problem = "text before <think> (the think block must come first)"
            if problem is None and answer_tags:
                m = _ANSWER_BLOCK.match(a.layout.final or "")
                if m is None or not m.group(1).strip() or (a.layout.final or "").count("<answer>") != 1:
                    problem = "final answer is not exactly one non-empty <answer> block"
            if problem is None:
                how = "pre-filled think block" if a.layout.prefilled else "think block"
                out.append(
                    RewardResult(1.0, f"{how} with reasoning, then a final answer", answer=a.span.answer)
                )
            else:
                out.append(RewardResult(0.0, problem, answer=a.span.answer))
        return out

    return trl_reward("format_reward", fmt)


_TAGS = (
    ("<think>\n", "<think>\\n"),
    ("\n</think>\n", "\\n</think>\\n"),
    ("\n<answer>\n", "\\n<answer>\\n"),
    ("\n</answer>", "\\n</answer>"),
)


def make_tag_count(settings: Settings) -> RewardFunc:
    """open-r1's 0.25 per tag present exactly once, counting a pre-filled ``<think>`` as present; 0 for a
    completion with nothing inside its tags (tags alone used to earn the full 1.0), cut off or answer-less."""

    def tag_count(completions: Sequence[Any], **kwargs: Any) -> list[RewardResult]:
        out = []
        prompts = [prompt_text(p) for p in column(kwargs, "prompts", len(completions))]
        for (text, a), prompt in zip(analysed(completions, kwargs, settings), prompts, strict=True):
            problem = None
            if a.truncated:
                problem = f"truncated ({a.truncation_reason})"
            elif a.span.answer is None:
                problem = "no final answer"
            elif restates_prompt(a, prompt):
                problem = "no final answer: the completion restates the prompt"
            elif a.layout.reasoning is not None and not a.layout.reasoning.strip():
                problem = "empty think block"
            if problem is not None:
                out.append(RewardResult(0.0, f"tags earn nothing: {problem}"))
                continue
            present = [shown for tag, shown in _TAGS if text.count(tag) == 1]
            if a.layout.prefilled and "<think>\\n" not in present and text.count("<think>") == 0:
                present.insert(0, "<think>\\n (pre-filled)")
            out.append(
                RewardResult(
                    0.25 * len(present), f"tags present exactly once: {', '.join(present) or 'none'}"
                )
            )
        return out

    return trl_reward("tag_count_reward", tag_count)


# A marker at a line start, matched after a newline (the reasoning gets one prepended): the regex engine then
# jumps from newline to newline instead of trying every position of a 10k-character trace.
STEP_MARKER = rx.compile(r"\n[ \t]*(?:Step \d+:|\d+\.(?!\d)|[-*](?=\s)|First,|Second,|Next,|Finally,)")
MIN_STEP_CONTENT = 8  # letters/digits a step needs beyond its marker, so "First, 5." is not a step
_CONTENT = rx.compile(rf"(?:[^A-Za-z0-9]*[A-Za-z0-9]){{{MIN_STEP_CONTENT}}}")
# A step of a maths solution works with something: a number, an operator, a relation or LaTeX. "Second, let me
# recount the numbers." has none, and a policy farmed exactly such lines (fixtures/runs/repro/sft300).
_STEP_MATHS = rx.compile(r"[\d=+*/^<>\\×÷√−]|(?<![A-Za-z])-(?![A-Za-z])")


def _step_content(text: str, start: int, end: int | None) -> str | None:
    """The step's content, normalised for comparison, when it is real work; ``None`` when it is filler."""
    body = text[start:end] if end is not None else text[start:]
    body = body.split("\n\n", 1)[0]  # a step ends at its paragraph: the answer after a blank line is not work
    if not _CONTENT.match(body) or not _STEP_MATHS.search(body):
        return None
    return " ".join(body.lower().split())


def count_steps(reasoning: str, enough: int = 3) -> tuple[int, int]:
    r"""(distinct steps with real content, markers read), reading no further than ``enough`` real steps.

    A step counts when its content has at least ``MIN_STEP_CONTENT`` letters or digits and works with a
    number, operator, relation or LaTeX; a step repeated word for word counts once.

    >>> count_steps("First, add 2 and 3 to get 5.\nNext, multiply 5 by 4: 20.\nFinally, the answer is 20.")
    (3, 3)
    >>> count_steps("First, let me think.\nSecond, let me recount the numbers.\nFinally, done thinking.")
    (0, 3)
    >>> count_steps("First, add 2 and 3 to get 5.\nNext, add 2 and 3 to get 5.\nNext, add 2 and 3 to get 5.")
    (1, 3)
    """
    text = "\n" + reasoning
    seen = 0
    distinct: set[str] = set()
    prev: int | None = None
    for m in STEP_MARKER.finditer(text):
        seen += 1
        if prev is not None:
            content = _step_content(text, prev, m.start())
            if content is not None:
                distinct.add(content)
                if len(distinct) == enough:
                    return enough, seen
        prev = m.end()
    if prev is not None:
        content = _step_content(text, prev, None)
        if content is not None:
            distinct.add(content)
    return len(distinct), seen


STEP_GATES = ("correct", "none")


def make_reasoning_steps(settings: Settings, gate: str = "correct") -> RewardFunc:
    """min(1, steps / 3) for step markers at line starts inside the reasoning, each followed by real work
    (:func:`count_steps`: a number, operator, relation or LaTeX; a repeated step counts once); 0 for a
    completion that is truncated or has no final answer. Filler lines under step markers earn nothing.

    ``gate="correct"`` (the default) pays steps only under a correct final answer, when the ``solution``
    column is there: steps are worth something when they lead to the answer. Ungated (``"none"``, upstream's
    contract), GRPO learned to add steps that do "work" without being right ("Next, add 5.") and lost
    accuracy doing it (``fixtures/runs/cure``: patched 0.295 -> 0.221 while reasoning_steps rose).
    """
    if gate not in STEP_GATES:
        raise ValueError(f"reasoning_steps gate {gate!r}: expected one of {', '.join(STEP_GATES)}")

    def steps(completions: Sequence[Any], **kwargs: Any) -> list[RewardResult]:
        gated = gate == "correct" and kwargs.get("solution") is not None
        verdicts = [j for j, _ in judged(completions, text_golds(kwargs), settings)] if gated else None
        out = []
        for i, (_, a) in enumerate(analysed(completions, kwargs, settings)):
            if a.truncated:
                out.append(RewardResult(0.0, f"truncated ({a.truncation_reason}): steps earn nothing"))
                continue
            if a.span.answer is None:
                out.append(RewardResult(0.0, "no final answer: steps earn nothing"))
                continue
            if verdicts is not None:
                j = verdicts[i]
                if not j.is_scored:
                    out.append(RewardResult(None, f"{j.verdict}: skipped ({j.reason})", j.answer, j.gold))
                    continue
                if j.verdict is not Verdict.CORRECT:
                    out.append(
                        RewardResult(
                            0.0, f"{j.verdict}: steps earn nothing under a wrong answer", j.answer, j.gold
                        )
                    )
                    continue
            reasoning = a.layout.reasoning if a.layout.reasoning is not None else (a.layout.final or "")
            real, seen = count_steps(reasoning)
            why = f"{real} distinct step(s) with real work at line starts ({seen} markers read); {min(real, 3)}/3 paid"
            if gate == "correct" and verdicts is None:
                why += " (no solution column: not gated on the answer)"
            out.append(RewardResult(min(1.0, real / 3), why))
        return out

    return trl_reward("reasoning_steps_reward", steps)
