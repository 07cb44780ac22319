r"""accuracy, cosine and length: the patched rewards that pay for correctness, all from one engine verdict.

>>> acc = make_accuracy(Settings())
>>> acc(["<think>\nok\n</think>\n\\boxed{2\\sqrt{2}}", "<think>\nok\n</think>\n\\boxed{2}"], solution=["2\\sqrt{2}"] * 2)
[1.0, 0.0]
"""

from __future__ import annotations

import json
import math
from collections import defaultdict
from collections.abc import Sequence
from typing import Any

from ..engine import Verdict
from ..result import RewardFunc, RewardResult, trl_reward
from .context import Settings, gold_text, judged, token_lengths

__all__ = ["make_accuracy", "CosineConfig", "make_cosine", "make_len", "safe_gold_text", "MAX_GOLD_DIGITS"]

_BITS_PER_DIGIT = math.log2(10)
MAX_GOLD_DIGITS = 100_000  # writing out an int takes quadratic time: 10^6 digits took 7 s
# A plain sentence: the engine reads it as gold_unparseable ("a sentence without a value"), with this reason.
TOO_LONG_GOLD = "an integer gold too long to write out"


def safe_gold_text(gold: Any) -> str | None:
    """A gold of any type as text, never raising: an int of any size up to :data:`MAX_GOLD_DIGITS` digits is
    written out exactly (``str()`` raises past 4,300 digits), a longer one becomes an unparseable gold, a
    list or tuple is written element by element, and a value whose ``str()`` fails is unparseable too.

    >>> len(safe_gold_text(10**5000)), safe_gold_text([3, 10**4300])[:8], safe_gold_text(None)
    (5001, '[3, 1000', None)
    """
    if gold is None or isinstance(gold, str):
        return gold
    if isinstance(gold, int) and not isinstance(gold, bool):
        if abs(gold).bit_length() > MAX_GOLD_DIGITS * _BITS_PER_DIGIT:
            return TOO_LONG_GOLD
        return gold_text(gold)
    if isinstance(gold, list | tuple):
        parts = [safe_gold_text(g) for g in gold]
        if TOO_LONG_GOLD in parts:
            return TOO_LONG_GOLD
        open_, close = ("[", "]") if isinstance(gold, list) else ("(", ")")
        return open_ + ", ".join("None" if p is None else p for p in parts) + close
    try:
        return str(gold)
    except Exception:  # noqa: BLE001 - any gold gets a verdict; an unprintable one is unparseable
        return TOO_LONG_GOLD if isinstance(gold, int) else "a gold that cannot be written as text"


def text_golds(kwargs: dict[str, Any]) -> dict[str, Any]:
    """The call's keyword arguments with the ``solution`` column as text (see :func:`safe_gold_text`)."""
    solution = kwargs.get("solution")
    if solution is None or isinstance(solution, str | bytes):
        return kwargs
    return {**kwargs, "solution": [safe_gold_text(g) for g in solution]}


def _reason(j: Any) -> str:
    """``verdict: reason``, once: the engine's reason may already start with its verdict (``truncated: ...``).

    >>> from types import SimpleNamespace as J
    >>> _reason(J(verdict="truncated", reason="truncated: ends inside an open reasoning block"))
    'truncated: ends inside an open reasoning block'
    >>> _reason(J(verdict="correct", reason="3 = 3"))
    'correct: 3 = 3'
    """
    prefix = f"{j.verdict}: "
    return j.reason if j.reason.startswith(prefix) else prefix + j.reason


def make_accuracy(settings: Settings) -> RewardFunc:
    """1.0 correct; 0.0 wrong, no answer or truncated; None (skipped) for unparseable gold, timeout, error."""

    def accuracy(completions: Sequence[Any], **kwargs: Any) -> list[RewardResult]:
        return [
            RewardResult(
                j.accuracy,
                _reason(j),
                answer=j.answer,
                gold=j.gold,
                details={"verdict": str(j.verdict), "path": j.path, "rule": j.rule},
            )
            for j, _ in judged(completions, text_golds(kwargs), settings)
        ]

    return trl_reward(
        "accuracy_reward",
        accuracy,
        "1.0 if the final answer verifies against the gold; None when it cannot be judged.",
    )


class CosineConfig:
    """Validated cosine settings. Short = progress 0, long = progress 1 (length / max_len, clamped).

    ``min_value_wrong`` is paid to the shortest wrong answer and ``max_value_wrong`` to the longest (open-r1's
    naming). A wrong branch that pays short wrong answers more than long ones (``min_value_wrong >
    max_value_wrong``, e.g. open-r1's CLI default 0.0 / -0.5) is refused: under group normalisation it makes
    the shortest wrong answer the best outcome of an all-wrong group, which is how the open-r1 seed run
    collapsed to answer-less output. A wrong value that reaches the correct branch is refused too.
    """

    def __init__(
        self,
        min_value_wrong: float = -0.5,
        max_value_wrong: float = -0.5,
        min_value_correct: float = 0.5,
        max_value_correct: float = 1.0,
        max_len: int = 1000,
        truncated_value: float | None = None,
        no_answer_value: float | None = None,
    ) -> None:
        if min_value_wrong > max_value_wrong:
            raise ValueError(
                f"cosine wrong-answer branch is inverted: min_value_wrong={min_value_wrong} (paid to the shortest wrong "
                f"answer) > max_value_wrong={max_value_wrong} (paid to the longest). Short wrong answers would score best, "
                "so GRPO pushes toward ever shorter output until the answer disappears (open-r1's CLI default 0.0 / -0.5 "
                "did exactly that). Use min_value_wrong <= max_value_wrong, e.g. -0.5 / -0.5 (patched default) or -1.0 / -0.5."
            )
        if max(min_value_wrong, max_value_wrong) >= min(min_value_correct, max_value_correct):
            raise ValueError(
                f"cosine wrong values ({min_value_wrong}, {max_value_wrong}) reach the correct values "
                f"({min_value_correct}, {max_value_correct}): a wrong answer could score as well as a correct one"
            )
        if max_len <= 0:
            raise ValueError(f"cosine max_len must be positive, got {max_len}")
        worst_wrong = min(min_value_wrong, max_value_wrong)
        self.min_value_wrong = min_value_wrong
        self.max_value_wrong = max_value_wrong
        self.min_value_correct = min_value_correct
        self.max_value_correct = max_value_correct
        self.max_len = max_len
        self.truncated_value = worst_wrong - 0.25 if truncated_value is None else truncated_value
        self.no_answer_value = self.truncated_value - 0.25 if no_answer_value is None else no_answer_value

    def value(self, correct: bool, length: int) -> tuple[float, float]:
        progress = min(1.0, max(0.0, length / self.max_len))
        cos = math.cos(progress * math.pi)
        short, long_ = (
            (self.max_value_correct, self.min_value_correct)
            if correct
            else (self.min_value_wrong, self.max_value_wrong)
        )
        return long_ + 0.5 * (short - long_) * (1.0 + cos), progress


def make_cosine(config: CosineConfig, settings: Settings) -> RewardFunc:
    """Cosine-scaled length reward in tokens, clamped; truncated and answer-less completions get fixed penalties."""

    def cosine(completions: Sequence[Any], **kwargs: Any) -> list[RewardResult]:
        kwargs = text_golds(kwargs)
        verdicts = judged(completions, kwargs, settings)
        lengths, unit = token_lengths(completions, kwargs, settings, "cosine_scaled_reward")
        out = []
        for (j, _), n in zip(verdicts, lengths, strict=True):
            base = {"verdict": str(j.verdict), "length": n, "unit": unit}
            if not j.is_scored:
                out.append(RewardResult(None, f"{j.verdict}: skipped ({j.reason})", j.answer, j.gold, base))
            elif j.verdict is Verdict.TRUNCATED:
                out.append(
                    RewardResult(
                        config.truncated_value,
                        f"truncated ({j.reason}): exceed-length penalty",
                        j.answer,
                        j.gold,
                        base,
                    )
                )
            elif j.verdict is Verdict.NO_ANSWER:
                out.append(
                    RewardResult(
                        config.no_answer_value, f"no-answer penalty ({j.reason})", j.answer, j.gold, base
                    )
                )
            else:
                correct = j.verdict is Verdict.CORRECT
                value, progress = config.value(correct, n)
                why = (
                    f"{j.verdict}; {n} {unit} of max_len {config.max_len} (progress {progress:.3f}, clamped)"
                )
                out.append(RewardResult(value, why, j.answer, j.gold, {**base, "progress": progress}))
        return out

    return trl_reward("cosine_scaled_reward", cosine)


def _group_key(kwargs: dict[str, Any], i: int, golds: Sequence[Any]) -> str:
    prompts = kwargs.get("prompts")
    if prompts is not None:
        p = prompts[i]
        return p if isinstance(p, str) else json.dumps(p, sort_keys=True, default=str)
    return str(golds[i])  # text already (text_golds): str() of a huge int raises


def make_len(settings: Settings) -> RewardFunc:
    """Kimi 1.5 length reward per prompt group, in tokens: correct ``0.5 - (L - min)/(max - min)``, wrong
    ``min(0, that)``; truncated and answer-less completions get the group's worst value -0.5; None when the
    gold cannot be judged."""

    def length(completions: Sequence[Any], **kwargs: Any) -> list[RewardResult]:
        kwargs = text_golds(kwargs)
        verdicts = judged(completions, kwargs, settings)
        lengths, unit = token_lengths(completions, kwargs, settings, "len_reward")
        golds = list(kwargs["solution"])
        groups: dict[str, list[int]] = defaultdict(list)
        for i in range(len(verdicts)):
            groups[_group_key(kwargs, i, golds)].append(i)
        out: list[RewardResult | None] = [None] * len(verdicts)
        for members in groups.values():
            judged_members = [
                i for i in members if verdicts[i][0].verdict in (Verdict.CORRECT, Verdict.WRONG)
            ]
            lo = min((lengths[i] for i in judged_members), default=0)
            hi = max((lengths[i] for i in judged_members), default=0)
            for i in members:
                j = verdicts[i][0]
                if not j.is_scored:
                    out[i] = RewardResult(None, f"{j.verdict}: skipped ({j.reason})", j.answer, j.gold)
                elif j.verdict in (Verdict.TRUNCATED, Verdict.NO_ANSWER):
                    out[i] = RewardResult(-0.5, f"{j.verdict}: worst length value", j.answer, j.gold)
                elif hi == lo:
                    out[i] = RewardResult(
                        0.0,
                        f"{j.verdict}; all answered completions of the group have {lo} {unit}",
                        j.answer,
                        j.gold,
                    )
                else:
                    lam = 0.5 - (lengths[i] - lo) / (hi - lo)
                    value = lam if j.verdict is Verdict.CORRECT else min(0.0, lam)
                    why = f"{j.verdict}; {lengths[i]} {unit} in group range [{lo}, {hi}]"
                    out[i] = RewardResult(value, why, j.answer, j.gold)
        return [r for r in out if r is not None]

    return trl_reward("len_reward", length)
