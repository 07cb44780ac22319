"""Word splitters for the n-gram repetition penalty: ``en`` (lower-cased whitespace words, open-r1's rule) and
``zh`` (jieba's segmentation, as open-r1 1416fa0 does; jieba is the optional ``zh`` extra, imported lazily).

>>> splitter("en")("The cat THE cat")
['the', 'cat', 'the', 'cat']
>>> splitter("fr")
Traceback (most recent call last):
...
ValueError: Word splitting for language `fr` is not yet implemented. Please implement your own zip-ngram function.
"""

from __future__ import annotations

import importlib
import importlib.util
from collections.abc import Callable

__all__ = ["LANGUAGES", "JiebaMissingError", "require_jieba", "splitter", "en_words", "zh_words"]

LANGUAGES = ("en", "zh")
INSTALL_HINT = "pip install 'rewardcheck[zh]'"


class JiebaMissingError(ImportError):
    """``language="zh"`` without jieba installed; the message says how to install it."""


def require_jieba(who: str = "get_repetition_penalty_reward") -> None:
    """Raise :class:`JiebaMissingError` naming the install command when jieba cannot be imported."""
    if importlib.util.find_spec("jieba") is None:
        raise JiebaMissingError(
            f"{who}(language='zh') splits Chinese words with jieba, which is not installed: {INSTALL_HINT}"
        )


def en_words(text: str) -> list[str]:
    return text.lower().split()


def zh_words(text: str, upstream: bool = False) -> list[str]:
    """jieba's words of ``text`` (its default, accurate mode), lower-cased, whitespace tokens dropped; with
    ``upstream`` exactly what open-r1 1416fa0 counts (``list(jieba.cut(text))``, spaces and case kept)."""
    require_jieba()
    jieba = importlib.import_module("jieba")  # lazily: a second or so to load its dictionary
    words = list(jieba.cut(text))
    return words if upstream else [w.lower() for w in words if w.strip()]


def splitter(language: str) -> Callable[[str], list[str]]:
    """The word splitter for ``language``; upstream's error words for any other language."""
    if language == "en":
        return en_words
    if language == "zh":
        require_jieba()
        return zh_words
    raise ValueError(
        f"Word splitting for language `{language}` is not yet implemented. "
        "Please implement your own zip-ngram function."
    )
