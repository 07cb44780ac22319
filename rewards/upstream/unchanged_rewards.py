"""Rewards that are identical at open-r1 e4ac3ae (2025-02-10) and 1416fa0 (2026-04-02).

reasoning_steps, the cosine length factory and the n-gram repetition penalty did not change in behaviour
between the two commits (1416fa0 only adds a Chinese word splitter to repetition, unused by default).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from rewardcheck.rewards import rx

from ..completions import completion_texts
from ..result import RewardFunc, RewardResult, reward_factory, trl_reward
from .mathverify_calls import parse_answer, parse_gold_latex_only, shown, verify
from .verdicts import Verdict, verdict_details

__all__ = [
    "STEP_PATTERN",
    "reasoning_steps_reward",
    "get_cosine_scaled_reward",
    "get_repetition_penalty_reward",
]

# Unanchored alternatives except `^\d+\.`, and no MULTILINE flag: "First," anywhere counts, even inside a
# word-salad 7-token output; three hits pay the full reward whatever follows.
STEP_PATTERN = rx.compile(r"(Step \d+:|^\d+\.|\n-|\n\*|First,|Second,|Next,|Finally,)")


def _reasoning_steps(completions: Sequence[Any], **kwargs: Any) -> list[RewardResult]:
    results = []
    for text in completion_texts(completions):
        count = len(STEP_PATTERN.findall(text))
        value = min(1.0, count / 3)
        results.append(
            RewardResult(value, f"{count} step marker(s) found anywhere in the text; {min(count, 3)}/3 paid")
        )
    return results


reasoning_steps_reward: RewardFunc = trl_reward(
    "reasoning_steps_reward",
    _reasoning_steps,
    "Pays min(1, markers / 3) for step markers anywhere in the text.",
)


@reward_factory
def get_cosine_scaled_reward(
    min_value_wrong: float = -1.0,
    max_value_wrong: float = -0.5,
    min_value_correct: float = 0.5,
    max_value_correct: float = 1.0,
    max_len: int = 1000,
) -> RewardFunc:
    """Upstream cosine length reward: length in characters, progress not clamped, gold parsed LaTeX-only,
    unparseable gold paid 1.0, ``verify(answer, gold)``.

    >>> f = get_cosine_scaled_reward(0.0, -0.5, 0.5, 1.0, 1000)
    >>> round(f(["First, Finally,"], solution=["$3$"])[0], 4)
    -0.0003
    """

    def cosine(completions: Sequence[Any], solution: Sequence[str], **kwargs: Any) -> list[RewardResult]:
        results = []
        for text, sol in zip(completion_texts(completions), solution, strict=False):
            gold = parse_gold_latex_only(sol)
            if not gold:
                results.append(
                    RewardResult(
                        1.0,
                        "gold unparseable (LaTeX-only parse): paid 1.0 to skip",
                        gold=sol,
                        details=verdict_details(Verdict.GOLD_UNPARSEABLE),
                    )
                )
                continue
            answer = parse_answer(text, boxed=True)
            correct = bool(verify(answer, gold))
            progress = len(text) / max_len
            cos = math.cos(progress * math.pi)
            if correct:
                lo, hi = min_value_correct, max_value_correct
            else:
                lo, hi = max_value_wrong, min_value_wrong
            value = float(lo + 0.5 * (hi - lo) * (1.0 + cos))
            verdict = "correct" if correct else "wrong"
            results.append(
                RewardResult(
                    value,
                    f"{verdict}; {len(text)} chars of max_len {max_len} (progress {progress:.3f}, not clamped)",
                    answer=shown(answer),
                    gold=shown(gold),
                    details={"correct": correct, "length_chars": len(text), "progress": progress},
                )
            )
        return results

    return trl_reward("cosine_scaled_reward", cosine)


@reward_factory
def get_repetition_penalty_reward(ngram_size: int, max_penalty: float) -> RewardFunc:
    """Upstream n-gram repetition penalty over lower-cased whitespace words.

    >>> get_repetition_penalty_reward(3, -1.0)(["a b c a b c a b c"])
    [-0.5714285714285714]
    """
    if max_penalty > 0:
        raise ValueError(f"max_penalty {max_penalty} should not be positive")

    def repetition(completions: Sequence[Any], **kwargs: Any) -> list[RewardResult]:
        results = []
        for text in completion_texts(completions):
            words = text.lower().split()
            if text == "" or len(words) < ngram_size:
                results.append(RewardResult(0.0, f"fewer than {ngram_size} words: no penalty"))
                continue
            grams = list(zip(*[words[i:] for i in range(ngram_size)], strict=False))
            distinct = len(set(grams))
            scaling = 1 - distinct / len(grams)
            results.append(
                RewardResult(
                    scaling * max_penalty,
                    f"{len(grams) - distinct} of {len(grams)} {ngram_size}-grams repeat",
                )
            )
        return results

    return trl_reward("repetition_penalty_reward", repetition)
