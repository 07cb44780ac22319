"""Name the degenerate shape of a completion, or ``None`` for an ordinary one.

>>> [classify_degenerate(t) for t in ["", " \\n", "<think></think>", "First, Finally,", "\\\\boxed{}. " * 8]]
['empty', 'whitespace', 'tags_only', 'markers_only', 'boxed_loop']
>>> classify_degenerate("the " * 40), classify_degenerate("What is 2+2?", prompt="What is 2+2?")
('repetition', 'prompt_echo')
>>> classify_degenerate("We add 2 and 2 to get 4, so the answer is \\\\boxed{4}.") is None
True
"""

from __future__ import annotations

import re
import zlib

__all__ = ["DEGENERATE_LABELS", "classify_degenerate"]

DEGENERATE_LABELS = (
    "empty",
    "whitespace",
    "tags_only",
    "markers_only",
    "repetition",
    "prompt_echo",
    "boxed_loop",
)

_TAGS = re.compile(r"</?think>|</?answer>|<\|[^|>]{1,40}\|>|<\｜[^>]{1,40}\｜>")
_MARKERS = re.compile(
    r"Step\s*\d+\s*:|\b\d+\.|(?m:^\s*[-*])|\b(?:First|Second|Third|Next|Then|Finally|Lastly)\b\s*,?",
    re.IGNORECASE,
)
_BOXED = re.compile(r"\\boxed\s*\{[^{}]{0,20}\}")
_FILLER = re.compile(r"[\s.,;:!?…\-*]+")


def _norm(text: str) -> str:
    return " ".join(text.split()).lower()


def _is_repetition(text: str) -> bool:
    words = text.split()
    if len(words) >= 12:
        grams = list(zip(words, words[1:], words[2:], strict=False))
        if len(set(grams)) / len(grams) < 0.25:
            return True
    if len(text) >= 200:
        raw = text.encode("utf-8", errors="replace")
        if len(zlib.compress(raw)) / len(raw) < 0.08:
            return True
    return False


def classify_degenerate(text: str, prompt: str | None = None) -> str | None:
    """One of ``DEGENERATE_LABELS`` when ``text`` carries no real attempt, else ``None``."""
    if text == "":
        return "empty"
    if not text.strip():
        return "whitespace"
    untagged = _TAGS.sub("", text)
    if not untagged.strip():
        return "tags_only"
    if not _FILLER.sub("", _MARKERS.sub("", untagged)):
        return "markers_only"
    if prompt:
        t, p = _norm(untagged), _norm(prompt)
        if t and (
            t == p
            or (len(t) >= 20 and t in p)
            or (len(p) >= 20 and t.startswith(p) and len(t) <= len(p) * 1.1)
        ):
            return "prompt_echo"
    boxes = _BOXED.findall(untagged)
    if len(boxes) >= 5 and len(_FILLER.sub("", _BOXED.sub("", untagged))) <= 0.1 * len(untagged):
        return "boxed_loop"
    if _is_repetition(untagged):
        return "repetition"
    return None
