"""open-r1 at e4ac3ae070e43d7923f806c4e66c45e32ea52969 (2025-02-10): the reward set of the open-r1 seed run.

Faults reproduced on purpose: accuracy pays 1.0 when the gold does not parse as LaTeX, calls
``verify(answer, gold)`` (reversed) without an exception guard; format needs ``<think>`` at the very start
(fails when the chat template pre-fills it); reasoning_steps pays for markers anywhere; cosine counts
characters, never clamps, and with the CLI defaults (0.0 / -0.5) pays short wrong answers the most.

>>> funcs = build_registry(RewardArgs.from_any({}))
>>> seed = ["First, Finally,"]
>>> [round(funcs[n](seed, solution=["$3$"])[0], 3) for n in ("accuracy", "format", "reasoning_steps")]
[0.0, 0.0, 0.667]
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rewardcheck.rewards import rx

from ..args import RewardArgs
from ..completions import completion_texts
from ..result import RewardFunc, RewardResult, trl_reward
from .mathverify_calls import parse_answer, parse_gold_latex_only, shown, verify
from .unchanged_rewards import get_cosine_scaled_reward, get_repetition_penalty_reward, reasoning_steps_reward
from .verdicts import Verdict, answer_verdict, verdict_details

COMMIT = "e4ac3ae070e43d7923f806c4e66c45e32ea52969"
PROFILE = "openr1@e4ac3ae"

FORMAT_PATTERN = rx.compile(r"^<think>.*?</think>\s*<answer>.*?</answer>$", rx.DOTALL | rx.MULTILINE)


def _accuracy(completions: Sequence[Any], solution: Sequence[str], **kwargs: Any) -> list[RewardResult]:
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
        answer = parse_answer(text, boxed="all")
        correct = bool(verify(answer, gold))
        verdict = answer_verdict(correct, answer)
        reason = (
            "verify(answer, gold) is True"
            if correct
            else ("no answer extracted" if not answer else "verify(answer, gold) is False")
        )
        results.append(
            RewardResult(
                float(correct),
                reason,
                answer=shown(answer),
                gold=shown(gold),
                details=verdict_details(verdict),
            )
        )
    return results


accuracy_reward: RewardFunc = trl_reward(
    "accuracy_reward", _accuracy, "1.0 if the boxed/LaTeX answer verifies against the gold."
)


def _format(completions: Sequence[Any], **kwargs: Any) -> list[RewardResult]:
    results = []
    for text in completion_texts(completions):
        ok = FORMAT_PATTERN.match(text) is not None
        results.append(
            RewardResult(
                1.0 if ok else 0.0,
                "matches <think>…</think><answer>…</answer>"
                if ok
                else "does not start with <think> and end with </answer>",
            )
        )
    return results


format_reward: RewardFunc = trl_reward("format_reward", _format)


def build_registry(args: RewardArgs) -> dict[str, RewardFunc]:
    """The ``REWARD_FUNCS_REGISTRY`` that ``grpo.py`` built at this commit."""
    return {
        "accuracy": accuracy_reward,
        "format": format_reward,
        "reasoning_steps": reasoning_steps_reward,
        "cosine": get_cosine_scaled_reward(
            min_value_wrong=args.cosine_min_value_wrong,
            max_value_wrong=args.cosine_max_value_wrong,
            min_value_correct=args.cosine_min_value_correct,
            max_value_correct=args.cosine_max_value_correct,
            max_len=args.cosine_max_len,
        ),
        "repetition_penalty": get_repetition_penalty_reward(
            args.repetition_n_grams, args.repetition_max_penalty
        ),
    }
