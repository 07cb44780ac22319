"""Repetition penalty: open-r1's n-gram rule, on token ids when TRL passes them (words otherwise).

>>> f = get_repetition_penalty_reward(3, -1.0)
>>> f(["a b c a b c a b c"]), f(["x"], completion_ids=[[1, 2, 3, 1, 2, 3, 1, 2, 3]])
([-0.5714285714285714], [-0.5714285714285714])
>>> get_repetition_penalty_reward(2, -1.0, language="fr")
Traceback (most recent call last):
...
ValueError: Word splitting for language `fr` is not yet implemented. Please implement your own zip-ngram function.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Any

from ..completions import completion_texts
from ..result import IDS_OR_COMPLETIONS, RewardFunc, RewardResult, reward_factory, trl_reward
from ..wordsplit import splitter
from .context import ids_column

__all__ = ["get_repetition_penalty_reward", "get_soft_overlong_punishment", "ngram_penalty"]


def ngram_penalty(units: Sequence[Hashable], ngram_size: int, max_penalty: float, unit: str) -> RewardResult:
    """open-r1's rule: ``(1 - distinct / total n-grams) * max_penalty``; 0 below ``ngram_size`` units.

    >>> ngram_penalty([5, 5, 5, 5, 5], 2, -1.0, "token").value, ngram_penalty([1, 2, 3], 2, -1.0, "token").value
    (-0.75, 0.0)
    """
    if len(units) < ngram_size:
        return RewardResult(0.0, f"fewer than {ngram_size} {unit}s: no penalty")
    grams = [tuple(units[k : k + ngram_size]) for k in range(len(units) - ngram_size + 1)]
    distinct = len(set(grams))
    value = (1 - distinct / len(grams)) * max_penalty if distinct < len(grams) else 0.0  # never -0.0
    return RewardResult(value, f"{len(grams) - distinct} of {len(grams)} {unit} {ngram_size}-grams repeat")


@reward_factory
def get_repetition_penalty_reward(ngram_size: int, max_penalty: float, language: str = "en") -> RewardFunc:
    """open-r1's factory and signature (1416fa0): n-grams of token ids when TRL passes ``completion_ids``, else
    of words, split as ``language`` says: ``"en"`` lower-cased whitespace words, ``"zh"`` jieba's words (the
    optional ``zh`` extra: ``pip install 'rewardcheck[zh]'``; the error says so when it is missing). Raises
    upstream's errors, in upstream's order (the penalty's sign first, then the language)."""
    if max_penalty > 0:
        # upstream's words: open-r1's tests match "max_penalty 1.5 should not be positive"
        raise ValueError(f"max_penalty {max_penalty} should not be positive (repetition is a penalty)")
    if ngram_size < 1:
        raise ValueError(f"repetition ngram_size must be >= 1, got {ngram_size}")
    words = splitter(language)

    def repetition(completions: Sequence[Any], **kwargs: Any) -> list[RewardResult]:
        texts = completion_texts(completions)
        ids = ids_column(kwargs, len(texts))
        if ids is not None:
            return [ngram_penalty(i, ngram_size, max_penalty, "token") for i in ids]
        return [ngram_penalty(words(t), ngram_size, max_penalty, "word") for t in texts]

    return trl_reward("repetition_penalty_reward", repetition)


@reward_factory
def get_soft_overlong_punishment(max_completion_len: int, soft_punish_cache: int) -> RewardFunc:
    """DAPO's soft overlong punishment on ``len(completion_ids)``, as upstream; it also accepts ``completions``
    positionally (upstream's signature made that a TypeError) and says so when ids are missing.

    >>> f = get_soft_overlong_punishment(20, 10)
    >>> f(["a", "b"], completion_ids=[[1] * 5, [1] * 15]), f([[1] * 25]), f(completion_ids=[[1] * 15])
    ([0.0, -0.5], [-1.0], [-0.5])
    """
    if soft_punish_cache <= 0 or soft_punish_cache > max_completion_len:
        raise ValueError(
            f"soft_punish_cache must be in (0, max_completion_len], got {soft_punish_cache} for {max_completion_len}"
        )
    # the punishment itself is upstream's; only the calling convention and the missing-ids error are ours
    # (imported here: the upstream module imports math-verify, and with it sympy, which the patched rewards
    # import only when a value needs parsing)
    from ..upstream.openr1_1416fa0 import get_soft_overlong_punishment as upstream_soft_overlong

    upstream = upstream_soft_overlong(max_completion_len, soft_punish_cache).explain

    def overlong(completions: Sequence[Any] | None = None, **kwargs: Any) -> list[RewardResult]:
        ids = kwargs.pop("completion_ids", None)
        if ids is None:
            raise ValueError("soft_overlong_punishment_reward needs completion_ids (TRL passes them)")
        return upstream(completion_ids=ids, **kwargs)

    return trl_reward("soft_overlong_punishment_reward", overlong, params=(IDS_OR_COMPLETIONS,))
