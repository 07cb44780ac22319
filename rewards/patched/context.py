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

from ..cache_bounds import TOKEN_LENGTHS
from ..completions import column, completion_texts
from ..engine import Analysis, EngineConfig, Judgement, analyse, judge_batch

__all__ = [
    "Settings",
    "judged",
    "analysed",
    "token_lengths",
    "ids_column",
    "engine_ids",
    "gold_text",
    "prompt_text",
]


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


def engine_ids(kwargs: Mapping[str, Any], n: int) -> list[Sequence[int]] | None:
    """The token ids the engine reads to tell a stop from a cut: TRL's ``completion_ids``, else, when a dump
    logged only lengths (``completion_length``, one int per completion), a stand-in of that many ids with no
    stop id, so that a length below ``max_completion_length`` reads as a stop. Token-level rewards
    (repetition) read :func:`ids_column` only, never the stand-in."""
    ids = ids_column(kwargs, n)
    lengths = kwargs.get("completion_length")
    if ids is not None or lengths is None:
        return ids
    if len(lengths) != n:
        raise ValueError(f"completion_length has {len(lengths)} rows for {n} completions")
    if not all(isinstance(k, int) and not isinstance(k, bool) and k >= 0 for k in lengths):
        return None
    return [range(k) for k in lengths]


def judged(
    completions: Sequence[Any], kwargs: Mapping[str, Any], settings: Settings
) -> list[tuple[Judgement, Analysis]]:
    """One judgement per completion. A missing ``solution`` column is an error; a None gold in one row is
    that row's verdict (gold_unparseable, reward None). ``prompts`` (TRL passes them) let the judge refuse
    the problem's own expression echoed back as the answer."""
    texts = completion_texts(completions)
    if kwargs.get("solution") is None:
        raise ValueError(
            "this reward needs the dataset's `solution` column (gold answers) for every completion"
        )
    golds = [gold_text(g) for g in column(kwargs, "solution", len(texts))]
    prompts = [prompt_text(p) for p in column(kwargs, "prompts", len(texts))]
    return judge_batch(
        texts,
        golds,
        engine_ids(kwargs, len(texts)),
        settings.engine,
        prompts if any(p is not None for p in prompts) else None,
    )


_DIGITS_PER_CHUNK = 4000  # below Python's 4,300-digit str() limit


def gold_text(gold: Any) -> str | None:
    """A gold as text: ``None`` stays ``None``; an int of any size is written out exactly (``str()`` raises
    past 4,300 digits), in chunks of 4,000 digits.

    >>> gold_text(10**5000)[:3], len(gold_text(10**5000)), gold_text(None)
    ('100', 5001, None)
    """
    if gold is None:
        return None
    if isinstance(gold, int) and not isinstance(gold, bool) and abs(gold).bit_length() > 13_000:
        sign, n = ("-" if gold < 0 else ""), abs(gold)
        chunks = []
        base = 10**_DIGITS_PER_CHUNK
        while n:
            n, r = divmod(n, base)
            chunks.append(r)
        head, *rest = reversed(chunks)
        return sign + str(head) + "".join(str(c).zfill(_DIGITS_PER_CHUNK) for c in rest)
    return str(gold)


def prompt_text(prompt: Any) -> str | None:
    """A TRL prompt as text: a string, or a conversation's message contents joined (system, user...)."""
    if prompt is None or isinstance(prompt, str):
        return prompt
    if isinstance(prompt, Sequence):
        return "\n".join(str(m.get("content", "")) for m in prompt if isinstance(m, Mapping))
    return None


def analysed(
    completions: Sequence[Any], kwargs: Mapping[str, Any], settings: Settings
) -> list[tuple[str, Analysis]]:
    texts = completion_texts(completions)
    ids = engine_ids(kwargs, len(texts))
    return [
        (t, analyse(t, ids[i] if ids is not None else None, settings.engine)) for i, t in enumerate(texts)
    ]


@lru_cache(maxsize=TOKEN_LENGTHS)
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
