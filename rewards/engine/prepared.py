r"""The reader's tables built ahead of its first answer, for a process about to fork workers.

The lexicon's phrase index, its scanners and the patterns the reader compiles are built on first use (a few
tenths of a second). A process that forks workers builds them once here, before the fork, and every worker
inherits them instead of building its own on its first row.

>>> prepare_reader() >= 1
True
"""

from __future__ import annotations

from .judge import judge

__all__ = ["prepare_reader"]

# One short answer per script the lexicon's index is split by (spaced words, Han and kana, Hangul, Arabic,
# Devanagari): each reaches the phrase index, the unspaced scanner and the commitment rows once.
_SAMPLES = (
    ("So the answer is \\boxed{12}, not 15.", "12"),
    ("所以答案是 12。", "12"),
    ("よって、答えは 12 です。", "12"),
    ("따라서 답은 12입니다.", "12"),
    ("إذن الجواب هو 12.", "12"),
    ("अतः उत्तर 12 है।", "12"),
    ("Donc la réponse est 12,5 €.", "12.5"),
)


def prepare_reader() -> int:
    """Judge one short answer in each script, building every table the reader builds on first use; the number
    of answers judged."""
    for text, gold in _SAMPLES:
        judge(text, gold)
    return len(_SAMPLES)
