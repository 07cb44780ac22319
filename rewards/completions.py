"""Read the text of a completion in any shape TRL passes it.

TRL hands reward functions either plain strings (standard prompts) or conversations, a list of message
dicts (conversational prompts). open-r1 reads ``completion[0]["content"]``; we do the same for
conversations so that faithful profiles see exactly the text upstream saw.

>>> completion_text("plain")
'plain'
>>> completion_text([{"role": "assistant", "content": "hi"}])
'hi'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

__all__ = ["completion_text", "completion_texts", "column", "check_completions"]


def completion_text(completion: Any) -> str:
    if isinstance(completion, str):
        return completion
    if isinstance(completion, Mapping):
        if "content" not in completion:
            raise TypeError(f"message dict has no 'content' key: {completion!r:.80}")
        if not isinstance(completion["content"], str):
            raise TypeError(f"message content is {type(completion['content']).__name__}, not a string")
        return str(completion["content"])
    if isinstance(completion, Sequence) and completion:
        first = completion[0]
        if isinstance(first, Mapping):
            if "content" not in first:
                raise TypeError(f"message dict has no 'content' key: {first!r:.80}")
            content = first["content"]
            if isinstance(content, list):  # multimodal content parts
                return "".join(str(p.get("text", "")) for p in content if isinstance(p, Mapping))
            if not isinstance(content, str):
                raise TypeError(f"message content is {type(content).__name__}, not a string")
            return content
    if isinstance(completion, Sequence) and not completion:
        return ""
    raise TypeError(f"cannot read completion text from {type(completion).__name__}: {completion!r:.80}")


def completion_texts(completions: Sequence[Any]) -> list[str]:
    return [completion_text(c) for c in completions]


def column(kwargs: Mapping[str, Any], name: str, n: int, default: Any = None) -> list[Any]:
    """A dataset column passed by TRL as a keyword argument, or ``default`` repeated ``n`` times."""
    values = kwargs.get(name)
    if values is None:
        return [default] * n
    values = list(values)
    if len(values) != n:
        raise ValueError(f"column {name!r} has {len(values)} values for {n} completions")
    return values


def check_completions(completions: Any, who: str) -> None:
    """Raise a ``TypeError`` naming ``who``, the argument and the row when ``completions`` is not what TRL
    passes (a list of strings or of conversations), before any reward looks inside it.

    >>> check_completions(["a", None], "accuracy_reward")
    Traceback (most recent call last):
    ...
    TypeError: accuracy_reward: completions[1] is None: expected a string or a list of message dicts
    """
    if isinstance(completions, str | bytes) or not isinstance(completions, Sequence):
        raise TypeError(
            f"{who}: completions must be a list of strings or conversations, got {type(completions).__name__}"
        )
    for row, completion in enumerate(completions):
        if isinstance(completion, str):
            continue
        if completion is None:
            raise TypeError(
                f"{who}: completions[{row}] is None: expected a string or a list of message dicts"
            )
        try:
            completion_text(completion)
        except TypeError as exc:
            raise TypeError(f"{who}: completions[{row}]: {exc}") from None
