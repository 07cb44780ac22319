r"""``trl.rewards`` as of TRL 1.16: the same names, factories, argument orders and call shapes, scored by the
patched engine (public as ``rewardcheck.trl``).

TRL calls its rewards as ``accuracy_reward(completions, solution)``, ``think_format_reward(completions)``,
``get_cosine_scaled_reward(max_len, ...)(completions, solution, completion_ids)``,
``get_repetition_penalty_reward(ngram_size, max_penalty)(completion_ids)`` and
``get_soft_overlong_punishment(max_completion_len, soft_punish_cache)(completion_ids)``; so do these, and they
accept every extra column ``GRPOTrainer`` passes (``prompts``, ``log_extra``, ``trainer_state``, ...).
Where they pay differently from TRL it is on purpose: the answer is the last one stated after the reasoning
(negated, hedged or echoed answers earn nothing), a think block must hold reasoning, a chat template's
pre-filled ``<think>`` counts, and a cosine wrong branch that pays short wrong answers most is refused
(``tests/test_trl_suite.py`` lists each difference and why).

>>> completions = [[{"role": "assistant", "content": r"My answer is \boxed{\frac{1}{3}}"}],
...                [{"role": "assistant", "content": r"My answer is \boxed{\frac{1}{2}}"}]]
>>> accuracy_reward(completions, [r"\frac{1}{3}", r"\frac{1}{3}"])
[1.0, 0.0]
>>> get_repetition_penalty_reward(ngram_size=2, max_penalty=-1.0)([[1, 2, 3, 4], [5, 5, 5, 5, 5]])
[0.0, -0.75]
>>> get_cosine_scaled_reward(max_len=100)(completions, [r"\frac{1}{3}"] * 2, [[1] * 50, [1] * 50])
[0.75, -0.75]
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from .completions import completion_texts
from .patched.context import Settings, analysed
from .patched.correctness import CosineConfig, make_accuracy, make_cosine
from .patched.repetition import ngram_penalty
from .patched.structure import shape_problem
from .result import RewardFunc, RewardResult, reward_factory, trl_reward
from .upstream.openr1_1416fa0 import get_soft_overlong_punishment as upstream_soft_overlong

__all__ = [
    "TRL_VERSION",
    "accuracy_reward",
    "reasoning_accuracy_reward",
    "think_format_reward",
    "get_cosine_scaled_reward",
    "get_repetition_penalty_reward",
    "get_soft_overlong_punishment",
]

TRL_VERSION = "1.16.0"  # the trl.rewards whose names, signatures and call shapes these mirror
_COLUMNS = ("solution", "prompts", "completion_ids")  # row-aligned columns a subset of rows must keep


def _log(
    log_extra: Callable[[str, list[Any]], None] | None, solution: Any, results: list[RewardResult]
) -> None:
    """The columns TRL's accuracy rewards add to the trainer's completions table, when it passes ``log_extra``."""
    if log_extra is None:
        return
    log_extra("solution", list(solution))
    log_extra("gold_parsed", [r.gold if r.gold is not None else "[unparseable]" for r in results])
    log_extra("answer_parsed", [r.answer if r.answer is not None else "[unparseable]" for r in results])


def _accuracy(settings: Settings) -> RewardFunc:
    judge = make_accuracy(settings).explain

    def accuracy(
        completions: Sequence[Any], log_extra: Callable[..., None] | None = None, **kwargs: Any
    ) -> list[RewardResult]:
        results = judge(completions, **kwargs)
        _log(log_extra, kwargs.get("solution", ()), results)
        return results

    return trl_reward(
        "accuracy_reward",
        accuracy,
        "1.0 when the final answer verifies against ``solution``, 0.0 otherwise, None when the gold cannot be "
        "judged (TRL 1.16's accuracy_reward, judged by the patched engine).",
        params=("completions", "solution", "log_extra"),
        defaults={"log_extra": None},
    )


def _reasoning_accuracy(settings: Settings) -> RewardFunc:
    judge = make_accuracy(settings).explain

    def reasoning_accuracy(
        completions: Sequence[Any],
        reasoning_delimiters: Sequence[str] | None = None,
        log_extra: Callable[..., None] | None = None,
        **kwargs: Any,
    ) -> list[RewardResult]:
        delimiters = ["</think>"] if reasoning_delimiters is None else list(reasoning_delimiters)
        texts = completion_texts(completions)
        finals: list[str | None] = []
        for text in texts:
            # TRL's reading: the first delimiter (in list order) that occurs; the answer after its last occurrence
            found = next((d for d in delimiters if d in text), None)
            finals.append(text.rpartition(found)[2] if found is not None else None)
        done = [i for i, f in enumerate(finals) if f is not None]
        sub = {k: [kwargs[k][i] for i in done] for k in _COLUMNS if kwargs.get(k) is not None}
        rest = {k: v for k, v in kwargs.items() if k not in _COLUMNS}
        judged = iter(judge([finals[i] for i in done], **sub, **rest) if done else [])
        results = [
            next(judged)
            if f is not None
            else RewardResult(0.0, f"incomplete reasoning: none of {delimiters} occurs")
            for f in finals
        ]
        _log(log_extra, kwargs.get("solution", ()), results)
        return results

    return trl_reward(
        "reasoning_accuracy_reward",
        reasoning_accuracy,
        "accuracy_reward on what follows the reasoning (after ``reasoning_delimiters``, default "
        "``['</think>']``); 0.0 when the reasoning never ends (TRL 1.16's reasoning_accuracy_reward).",
        params=("completions", "solution", "reasoning_delimiters", "log_extra"),
        defaults={"reasoning_delimiters": None, "log_extra": None},
    )


def _think_format(settings: Settings) -> RewardFunc:
    def think_format(completions: Sequence[Any], **kwargs: Any) -> list[RewardResult]:
        out = []
        for text, a in analysed(completions, kwargs, settings):
            problem = shape_problem(a, need_answer=False)
            if problem is None and text.count("<think>") > 1:
                problem = "more than one <think> tag"
            if problem is None and text[: max(0, text.find("<think>"))].strip():
                problem = "text before <think> (the think block must come first)"
            if problem is None:
                how = "pre-filled think block" if a.layout.prefilled else "think block"
                out.append(RewardResult(1.0, f"{how} with reasoning, closed"))
            else:
                out.append(RewardResult(0.0, problem))
        return out

    return trl_reward(
        "think_format_reward",
        think_format,
        "1.0 for one closed think block with reasoning at the start (opened by the completion or pre-filled by "
        "the chat template), else 0.0 (TRL 1.16's think_format_reward).",
    )


@reward_factory
def _entry(name: str) -> RewardFunc:
    """The module-level rewards, built by name so that a pickle of one rebuilds it (no closure crosses)."""
    build = {
        "accuracy_reward": _accuracy,
        "reasoning_accuracy_reward": _reasoning_accuracy,
        "think_format_reward": _think_format,
    }[name]
    return build(Settings())


accuracy_reward: RewardFunc = _entry("accuracy_reward")
reasoning_accuracy_reward: RewardFunc = _entry("reasoning_accuracy_reward")
think_format_reward: RewardFunc = _entry("think_format_reward")


@reward_factory
def get_cosine_scaled_reward(
    max_len: int,
    min_value_wrong: float = -1.0,
    max_value_wrong: float = -0.5,
    min_value_correct: float = 0.5,
    max_value_correct: float = 1.0,
) -> RewardFunc:
    """TRL's argument order (``max_len`` first) and call ``f(completions, solution, completion_ids)``: the
    patched cosine reward in tokens, clamped. A wrong branch that pays the shortest wrong answer more than the
    longest (``min_value_wrong > max_value_wrong``) raises, as does a wrong value reaching a correct one."""
    config = CosineConfig(min_value_wrong, max_value_wrong, min_value_correct, max_value_correct, max_len)
    return trl_reward(
        "cosine_scaled_reward",
        make_cosine(config, Settings()).explain,
        params=("completions", "solution", "completion_ids"),
    )


@reward_factory
def get_repetition_penalty_reward(ngram_size: int = 3, max_penalty: float = -1.0) -> RewardFunc:
    """TRL's factory: n-grams of ``completion_ids`` (``f(completion_ids)``), ``(1 - distinct / total) *
    max_penalty``, 0.0 below ``ngram_size`` tokens; ``max_penalty > 0`` raises TRL's error."""
    if max_penalty > 0:
        raise ValueError(f"max_penalty {max_penalty} should not be positive")
    if ngram_size < 1:
        raise ValueError(f"repetition ngram_size must be >= 1, got {ngram_size}")

    def repetition(
        completion_ids: Sequence[Sequence[int]] | None = None, **kwargs: Any
    ) -> list[RewardResult]:
        if completion_ids is None:
            raise TypeError("repetition_penalty_reward needs completion_ids (TRL passes them)")
        return [ngram_penalty(list(ids), ngram_size, max_penalty, "token") for ids in completion_ids]

    return trl_reward("repetition_penalty_reward", repetition, params=("completion_ids",))


@reward_factory
def get_soft_overlong_punishment(max_completion_len: int, soft_punish_cache: int) -> RewardFunc:
    """DAPO's soft overlong punishment on ``len(completion_ids)`` (``f(completion_ids)``). ``soft_punish_cache=0``
    punishes only past ``max_completion_len`` (as TRL documents); a cache that is negative or longer than the
    limit (every completion, even an empty one, would be punished) raises."""
    if soft_punish_cache < 0 or soft_punish_cache > max_completion_len:
        raise ValueError(
            f"soft_punish_cache must be in [0, max_completion_len], got {soft_punish_cache} for {max_completion_len}"
        )
    punish = upstream_soft_overlong(max_completion_len, soft_punish_cache).explain

    def overlong(completion_ids: Sequence[Sequence[int]] | None = None, **kwargs: Any) -> list[RewardResult]:
        if completion_ids is None:
            raise TypeError("soft_overlong_punishment_reward needs completion_ids (TRL passes them)")
        return punish(completion_ids=completion_ids)

    return trl_reward("soft_overlong_punishment_reward", overlong, params=("completion_ids",))
