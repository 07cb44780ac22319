r"""What every patched reward needs from a TRL call: texts, golds, token ids, judgements and token lengths.

>>> s = Settings()
>>> [j.verdict.value for j, _ in judged(["<think>\\nx\\n</think>\\n\\boxed{4}"], {"solution": ["4"]}, s)]
['correct']
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from ..completions import column, completion_texts
from ..engine import Analysis, EngineConfig, Judgement, analyse, judge_batch

__all__ = ["Settings", "judged", "analysed", "token_lengths", "ids_column"]


@dataclass(frozen=True)
class Settings:
    """Engine settings plus how to count tokens: ``completion_ids`` when TRL passes them, else ``tokenizer``,
    else characters only when ``count_chars`` is set explicitly."""

    engine: EngineConfig = EngineConfig()
    tokenizer: Any = field(default=None, compare=False, hash=False)
    count_chars: bool = False


def ids_column(kwargs: Mapping[str, Any], n: int) -> list[Sequence[int]] | None:
    ids = kwargs.get("completion_ids")
    if ids is None:
        return None
    ids = [list(i) if not isinstance(i, list) else i for i in ids]
    if len(ids) != n:
        raise ValueError(f"completion_ids has {len(ids)} rows for {n} completions")
    return ids


def judged(
    completions: Sequence[Any], kwargs: Mapping[str, Any], settings: Settings
) -> list[tuple[Judgement, Analysis]]:
    texts = completion_texts(completions)
    golds = column(kwargs, "solution", len(texts))
    if any(g is None for g in golds):
        raise ValueError(
            "this reward needs the dataset's `solution` column (gold answers) for every completion"
        )
    return judge_batch(texts, [str(g) for g in golds], ids_column(kwargs, len(texts)), settings.engine)


def analysed(
    completions: Sequence[Any], kwargs: Mapping[str, Any], settings: Settings
) -> list[tuple[str, Analysis]]:
    texts = completion_texts(completions)
    ids = ids_column(kwargs, len(texts))
    return [
        (t, analyse(t, ids[i] if ids is not None else None, settings.engine)) for i, t in enumerate(texts)
    ]


@lru_cache(maxsize=8192)
def _tokenized_length(tokenizer: Any, text: str) -> int:
    return len(tokenizer(text, add_special_tokens=False)["input_ids"])


def token_lengths(
    completions: Sequence[Any], kwargs: Mapping[str, Any], settings: Settings, who: str
) -> tuple[list[int], str]:
    """Lengths in tokens and the unit's name; raises when neither ids nor a tokenizer nor the opt-in exist."""
    texts = completion_texts(completions)
    ids = ids_column(kwargs, len(texts))
    if ids is not None:
        return [len(i) for i in ids], "tokens"
    if settings.tokenizer is not None:
        return [_tokenized_length(settings.tokenizer, t) for t in texts], "tokens"
    if settings.count_chars:
        return [len(t) for t in texts], "chars"
    raise ValueError(
        f"{who} measures length in tokens: pass completion_ids (TRL does), give a tokenizer, "
        "or opt in to characters with count_chars=True"
    )
