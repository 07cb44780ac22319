"""A reward wrapper that floors outputs the degenerate classifier flags (``guarded``).

A learned reward model scores text it never saw in training (repeated tokens, empty answers, loops) at an
arbitrary value, often an ordinary mid-range one; a policy that finds such an output is paid for it and PPO
settles there (the DeepSpeed-Chat step-3 collapse). ``guarded(f)`` leaves every other output's reward as
``f`` pays it and pays ``floor`` (default -5, the edge of DeepSpeed-Chat's reward clip) to an output that
:func:`rewardcheck.rewards.degenerate.degenerate_kind` flags, with the kind in the reason.

>>> def rm(completions, **kwargs):
...     return [0.2 for _ in completions]
>>> g = guarded(rm)
>>> g(["the " * 30, "We add 2 and 3 to get 5."], prompts=["What is 2 + 3?"] * 2)
[-5.0, 0.2]
>>> g.__name__, g.explain(["the " * 30])[0].reason
('guarded_rm', 'degenerate output (repetition): floored to -5.0 (the wrapped reward paid 0.2)')
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from .completions import column, completion_text, completion_texts
from .degenerate import degenerate_kind
from .result import RewardFunc, RewardResult, explain, trl_reward

__all__ = ["guarded", "DEFAULT_FLOOR"]

DEFAULT_FLOOR = -5.0


def _prompt_text(prompt: Any) -> str:
    if prompt is None:
        return ""
    if isinstance(prompt, str):
        return prompt
    # conversational prompts: the last user turn is what an echo would copy
    texts = [completion_text([m]) for m in prompt] if isinstance(prompt, Sequence) else [str(prompt)]
    return texts[-1] if texts else ""


def guarded(
    func: Callable[..., Sequence[float | None]],
    *,
    floor: float = DEFAULT_FLOOR,
    classify: Callable[[str, str], str | None] = degenerate_kind,
    name: str | None = None,
) -> RewardFunc:
    """Wrap a TRL-shaped reward ``func(completions, **columns)``; flagged outputs get ``floor``.

    ``classify(text, prompt_text)`` returns a kind name or ``None``; the ``prompts`` column (TRL passes it) is
    used for prompt-echo detection. ``None`` from ``func`` (skip) is kept for unflagged outputs."""
    inner_name = getattr(func, "__name__", type(func).__name__)

    def scorer(completions: Sequence[Any], **kwargs: Any) -> list[RewardResult]:
        texts = completion_texts(completions)
        prompts = [_prompt_text(p) for p in column(kwargs, "prompts", len(texts))]
        inner = explain(func, completions, **kwargs)
        if len(inner) != len(texts):
            raise ValueError(f"{inner_name} returned {len(inner)} rewards for {len(texts)} completions")
        out = []
        for text, prompt, res in zip(texts, prompts, inner, strict=True):
            kind = classify(text, prompt)
            if kind is None:
                out.append(res)
                continue
            paid = "None" if res.value is None else f"{res.value:.4g}"
            out.append(
                RewardResult(
                    float(floor),
                    f"degenerate output ({kind}): floored to {floor} (the wrapped reward paid {paid})",
                    details={"degenerate": kind, "unguarded": res.value},
                )
            )
        return out

    return trl_reward(
        name or f"guarded_{inner_name}", scorer, doc=f"{inner_name}, degenerate outputs floored"
    )
