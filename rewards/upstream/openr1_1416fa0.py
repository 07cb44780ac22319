"""open-r1 at 1416fa0cf21595d2083b399a2a0bbddd7f6e9563 (2026-04-02, main): the current upstream reward set.

accuracy (V4) parses the gold with math-verify's default extraction, calls ``verify(gold, answer)`` and
returns ``None`` on an unparseable gold or a verify exception. Still faulty: format demands ``\\n`` right
after ``<think>`` and ``</think>\\n<answer>`` with no other whitespace; cosine and len_reward keep the
LaTeX-only gold parse, pay/treat an unparseable gold as correct, call ``verify(answer, gold)`` and count
characters; len_reward normalises over the whole batch, not per prompt group.

>>> funcs = build_registry(RewardArgs.from_any({}))
>>> funcs["tag_count"](["<think>\\nx\\n</think>\\n<answer>\\n3\\n</answer>"])
[1.0]
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rewardcheck.rewards import rx

from ..args import RewardArgs
from ..completions import completion_texts
from ..result import RewardFunc, RewardResult, reward_factory, trl_reward
from ..wordsplit import INSTALL_HINT, JiebaMissingError, require_jieba, zh_words
from .mathverify_calls import parse_answer, parse_gold_default, parse_gold_latex_only, shown, verify
from .unchanged_rewards import get_cosine_scaled_reward, reasoning_steps_reward
from .unchanged_rewards import get_repetition_penalty_reward as _repetition_en
from .verdicts import Verdict, answer_verdict, raised_verdict, verdict_details

COMMIT = "1416fa0cf21595d2083b399a2a0bbddd7f6e9563"
PROFILE = "openr1@1416fa0"

FORMAT_PATTERN = rx.compile(r"^<think>\n.*?\n</think>\n<answer>\n.*?\n</answer>$", rx.DOTALL | rx.MULTILINE)


def _accuracy(completions: Sequence[Any], solution: Sequence[str], **kwargs: Any) -> list[RewardResult]:
    results = []
    for text, sol in zip(completion_texts(completions), solution, strict=False):
        gold = parse_gold_default(sol)
        if not gold:
            results.append(
                RewardResult(
                    None,
                    "gold unparseable: skipped (None)",
                    gold=sol,
                    details=verdict_details(Verdict.GOLD_UNPARSEABLE),
                )
            )
            continue
        answer = parse_answer(text, boxed="all")
        try:
            correct = bool(verify(gold, answer))
        except Exception as exc:  # upstream guards verify and skips the sample
            results.append(
                RewardResult(
                    None,
                    f"verify raised {type(exc).__name__}: skipped (None)",
                    answer=shown(answer),
                    gold=shown(gold),
                    details=verdict_details(raised_verdict(exc, answer)),
                )
            )
            continue
        verdict = answer_verdict(correct, answer)
        reason = (
            "verify(gold, answer) is True"
            if correct
            else ("no answer extracted" if not answer else "verify(gold, answer) is False")
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


accuracy_reward: RewardFunc = trl_reward("accuracy_reward", _accuracy)


def _format(completions: Sequence[Any], **kwargs: Any) -> list[RewardResult]:
    results = []
    for text in completion_texts(completions):
        ok = FORMAT_PATTERN.match(text) is not None
        results.append(
            RewardResult(
                1.0 if ok else 0.0,
                "matches the newline-anchored think/answer layout"
                if ok
                else "does not match <think>\\n…\\n</think>\\n<answer>\\n…\\n</answer>",
            )
        )
    return results


format_reward: RewardFunc = trl_reward("format_reward", _format)

_TAGS = (
    ("<think>\n", "<think>\\n"),
    ("\n</think>\n", "\\n</think>\\n"),
    ("\n<answer>\n", "\\n<answer>\\n"),
    ("\n</answer>", "\\n</answer>"),
)


def _tag_count(completions: Sequence[Any], **kwargs: Any) -> list[RewardResult]:
    results = []
    for text in completion_texts(completions):
        present = [shown for tag, shown in _TAGS if text.count(tag) == 1]
        results.append(
            RewardResult(0.25 * len(present), f"tags present exactly once: {', '.join(present) or 'none'}")
        )
    return results


tag_count_reward: RewardFunc = trl_reward("tag_count_reward", _tag_count)


def _len(completions: Sequence[Any], solution: Sequence[str], **kwargs: Any) -> list[RewardResult]:
    texts = completion_texts(completions)
    correctness: list[bool] = []
    for text, sol in zip(texts, solution, strict=False):
        gold = parse_gold_latex_only(sol)
        if not gold:
            correctness.append(True)  # upstream treats an unparseable gold as correct
            continue
        correctness.append(bool(verify(parse_answer(text, boxed=True), gold)))
    lengths = [len(t) for t in texts]
    lo, hi = min(lengths), max(lengths)
    if lo == hi:
        return [RewardResult(0.0, "all completions in the batch have the same length") for _ in texts]
    results = []
    for length, correct in zip(lengths, correctness, strict=False):
        lam = 0.5 - (length - lo) / (hi - lo)
        value = float(lam if correct else min(0, lam))
        results.append(
            RewardResult(
                value, f"{'correct' if correct else 'wrong'}; {length} chars in batch range [{lo}, {hi}]"
            )
        )
    return results


len_reward: RewardFunc = trl_reward("len_reward", _len)


@reward_factory
def get_repetition_penalty_reward(ngram_size: int, max_penalty: float, language: str = "en") -> RewardFunc:
    """Upstream's factory at this commit: ``language`` picks the word splitter, ``"en"`` (lower-cased whitespace
    words) or ``"zh"`` (``list(jieba.cut(text))``, case and spaces kept; upstream's ValueError when jieba is
    missing), checked after ``max_penalty`` as upstream does, with upstream's words."""
    func = _repetition_en(ngram_size, max_penalty)
    if language == "en":
        return func
    if language != "zh":
        raise ValueError(
            f"Word splitting for language `{language}` is not yet implemented. "
            "Please implement your own zip-ngram function."
        )
    try:
        require_jieba()
    except JiebaMissingError as exc:
        raise ValueError(f"Please install jieba to use Chinese language ({INSTALL_HINT})") from exc

    def repetition_zh(completions: Sequence[Any], **kwargs: Any) -> list[RewardResult]:
        results = []
        for text in completion_texts(completions):
            words = zh_words(text, upstream=True)
            if text == "" or len(words) < ngram_size:
                results.append(RewardResult(0.0, f"fewer than {ngram_size} words: no penalty"))
                continue
            grams = list(zip(*[words[i:] for i in range(ngram_size)], strict=False))
            distinct = len(set(grams))
            results.append(
                RewardResult(
                    (1 - distinct / len(grams)) * max_penalty,
                    f"{len(grams) - distinct} of {len(grams)} jieba {ngram_size}-grams repeat",
                )
            )
        return results

    return trl_reward("repetition_penalty_reward", repetition_zh)


@reward_factory
def get_soft_overlong_punishment(max_completion_len: int, soft_punish_cache: int) -> RewardFunc:
    """DAPO soft overlong punishment on ``len(completion_ids)`` tokens; upstream takes the ids first
    (``reward(completion_ids)`` or ``reward(completion_ids=...)``), no ``completions``."""

    def overlong(completion_ids: Sequence[Sequence[int]] = (), **kwargs: Any) -> list[RewardResult]:
        results = []
        start = max_completion_len - soft_punish_cache
        for ids in completion_ids:
            n = len(ids)
            if n <= start:
                results.append(RewardResult(0.0, f"{n} tokens <= {start}: no punishment"))
            elif n <= max_completion_len:
                results.append(
                    RewardResult(
                        (start - n) / soft_punish_cache,
                        f"{n} tokens in the soft zone ({start}, {max_completion_len}]",
                    )
                )
            else:
                results.append(RewardResult(-1.0, f"{n} tokens > {max_completion_len}"))
        return results

    return trl_reward("soft_overlong_punishment_reward", overlong, params=("completion_ids",))


def build_registry(args: RewardArgs) -> dict[str, RewardFunc]:
    """The math/format part of ``get_reward_funcs``'s registry at this commit (code rewards omitted)."""
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
        "length": len_reward,
        "tag_count": tag_count_reward,
        "soft_overlong_punishment": get_soft_overlong_punishment(
            args.max_completion_len, args.soft_punish_cache
        ),
    }
