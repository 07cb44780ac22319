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

__all__ = ["completion_text", "completion_texts", "column"]


def completion_text(completion: Any) -> str:
    if isinstance(completion, str):
        return completion
    if isinstance(completion, Mapping):
        return str(completion.get("content", ""))
    if isinstance(completion, Sequence) and completion:
        first = completion[0]
        if isinstance(first, Mapping):
            content = first.get("content", "")
            if isinstance(content, list):  # multimodal content parts
                return "".join(str(p.get("text", "")) for p in content if isinstance(p, Mapping))
            return str(content)
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
