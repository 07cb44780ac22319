"""Every cache the reward engine keeps, and its bound: one constant per cache, in entries (issue 44).

A cache keyed by an input grows with the distinct inputs it sees, and in training every completion is new.
So each one holds at most the number of entries named here (first in, first out, or least recently used),
and a long run's memory levels off once they are full. A bound is a count, never a size in bytes: what one
entry holds is the reason for its number. ``EngineConfig``'s docstring points here. The isolated workers
keep the same modules' caches under the same bounds, and are replaced every ``isolation.RECYCLE_AFTER``
calls. Bounded elsewhere, by their own libraries: sympy's cache (``SYMPY_CACHE_SIZE``, 1,000 by default),
math-verify's (at most 20 entries each) and RE2's memory per compiled program (``rx.matching.MAX_MEM``).

Caches whose keys are the package's own tables (the lexicon's classes, the reader's phrase tables, the
character classes of the package's own patterns) hold one entry per table row, whatever the inputs, and
are not listed. :func:`caches` lists the rest with their bounds; ``tests/limits/test_cache_bounds.py``
checks each against its constant.

>>> GOLD_PARSES >= 1024 and VALUE_PARSES >= 1024
True
>>> sorted(c.name for c in caches())[:3]
['admission.admit', 'compare.echo._prompt_math', 'compare.echo._prompt_snippets']
"""

from __future__ import annotations

import importlib
import threading
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import Generic, TypeVar

__all__ = [
    "ADMISSIONS",
    "ANTLR_RESET_EVERY",
    "Cache",
    "COMPOUND_WORDS",
    "DEGENERATE_KINDS",
    "EXACT_VALUES",
    "Fifo",
    "GOLD_PARSES",
    "GOLD_WORK",
    "JUDGEMENTS",
    "LETTER_PARSES",
    "NORMAL_FORMS",
    "OVER_BUDGET",
    "PROMPTS",
    "PROSE_PARSES",
    "READINGS",
    "RX_PATTERNS",
    "RX_TEMPLATES",
    "TOKEN_LENGTHS",
    "TOKEN_TEXTS",
    "VALUE_PARSES",
    "VERIFIES",
    "WEAK_ADVERBS",
    "caches",
    "clear_all",
]

# Entries that hold sympy values (a few KB each with their assumptions): a GRPO group repeats its gold and
# often its answers within a batch, never across thousands of other golds, so a few thousand serve it.
GOLD_PARSES = 8192  # gold.parse_gold: a GoldParse, its parsed value included
VALUE_PARSES = 8192  # mathcore.parse_value: a Parsed (in the caller and in every worker)
VERIFIES = 8192  # mathcore's verify memo: a (gold, answer) pair of Parsed values and the outcome
PROSE_PARSES = 1024  # mathcore.parse_prose: a worked-solution gold (its whole text is the key)
LETTER_PARSES = 1024  # letters.keep_letters: a re-parse with a letter kept (a rare row)
GOLD_WORK = 4096  # worker: a gold's own work done (gold_work.gold_phase), with the CPU seconds it took

# Entries of short strings and small values.
EXACT_VALUES = 16384  # exact._evaluate: a Fraction or nothing
ADMISSIONS = 16384  # admission.admit: an Admission (sizes and a reason)
NORMAL_FORMS = 65536  # text.normalise: a canonical spelling
WEAK_ADVERBS = 16384  # stance.weak_adverb: whether an input word weakens a statement
COMPOUND_WORDS = 4096  # number_phrases._compound: an input word read as a compound of two number words
TOKEN_TEXTS = (
    16384  # the reader's per-token memos: a token's kind, its folded form, whether it may be a number
)
OVER_BUDGET = 4096  # isolation.WorkerPool: an input the worker found over its work budget, and the message

# Entries keyed by a whole completion or prompt (each up to tens of KB): one batch's worth, so rewards called
# one after another on the same batch (as TRL does) read each completion once.
JUDGEMENTS = 4096  # judge.MEMO: a Judgement per (completion, gold, ids, config, prompt)
READINGS = 4096  # judge.ANALYSES: an Analysis per (completion, ids, config)
DEGENERATE_KINDS = 4096  # degenerate.degenerate_kind: a label per (completion, prompt)
TOKEN_LENGTHS = 4096  # patched.context: a token count per (tokenizer, completion)
PROMPTS = 512  # compare.echo: a prompt's math snippets and spellings (each of three caches)

# Patterns: the package's own are about three hundred; the rest are built from an input (a variable's name).
RX_PATTERNS = 1024  # rx._compiled: a compiled Pattern (rx.translate._translate is emptied at this many)
RX_TEMPLATES = 1024  # rx.templates.parse_template: a sub() replacement read once

# Not a count of entries: latex2sympy's ANTLR parser keeps DFA states of every input it read in class
# attributes; parser_cache swaps in empty ones every this many parses.
ANTLR_RESET_EVERY = 5000


V = TypeVar("V")


class Fifo(Generic[V]):
    """A memo of at most ``maxsize`` entries, the oldest dropped first; reads take no lock (a dict lookup is
    atomic), writes do.

    >>> memo: Fifo[int] = Fifo(2)
    >>> for k in "abc":
    ...     memo.put(k, ord(k))
    >>> len(memo), memo.get("a"), memo.get("c")
    (2, None, 99)
    """

    def __init__(self, maxsize: int) -> None:
        self.maxsize = maxsize
        self._data: dict[Hashable, V] = {}
        self._lock = threading.Lock()

    def __len__(self) -> int:
        return len(self._data)

    def get(self, key: Hashable) -> V | None:
        return self._data.get(key)

    def put(self, key: Hashable, value: V) -> None:
        with self._lock:
            self._data[key] = value
            while len(self._data) > self.maxsize:
                del self._data[next(iter(self._data))]

    def cache_clear(self) -> None:
        with self._lock:
            self._data.clear()


@dataclass(frozen=True)
class Cache:
    """One cache: its name (module and attribute), its stated bound, and how to read and clear it."""

    name: str
    bound: int
    maxsize: Callable[[], int | None]
    size: Callable[[], int]
    clear: Callable[[], None]


# (module under rewardcheck.rewards, attribute, bound): every input-keyed cache of the package
_TABLE = (
    ("engine.gold", "parse_gold", GOLD_PARSES),
    ("engine.mathcore", "parse_value", VALUE_PARSES),
    ("engine.mathcore", "_verify_cached", VERIFIES),
    ("engine.mathcore", "parse_prose", PROSE_PARSES),
    ("engine.letters", "keep_letters", LETTER_PARSES),
    ("engine.gold_work", "DONE", GOLD_WORK),
    ("engine.exact", "_evaluate", EXACT_VALUES),
    ("engine.admission", "admit", ADMISSIONS),
    ("engine.text", "normalise", NORMAL_FORMS),
    ("engine.stance", "weak_adverb", WEAK_ADVERBS),
    ("engine.number_phrases", "_compound", COMPOUND_WORDS),
    ("engine.numerals", "suffixed_number", TOKEN_TEXTS),
    ("engine.read.tokens", "_own_kind", TOKEN_TEXTS),
    ("engine.read.marks", "_folded", TOKEN_TEXTS),
    ("engine.read.finders", "_may_be_number", TOKEN_TEXTS),
    ("engine.isolation", "default_pool().over_budget", OVER_BUDGET),
    ("engine.judge", "MEMO", JUDGEMENTS),
    ("engine.judge", "ANALYSES", READINGS),
    ("degenerate", "degenerate_kind", DEGENERATE_KINDS),
    ("patched.context", "_tokenized_length", TOKEN_LENGTHS),
    ("engine.compare.echo", "_prompt_snippets", PROMPTS),
    ("engine.compare.echo", "_prompt_spelled", PROMPTS),
    ("engine.compare.echo", "_prompt_math", PROMPTS),
    ("rx", "_compiled", RX_PATTERNS),
    ("rx.translate", "_translate", RX_PATTERNS),
    ("rx.templates", "parse_template", RX_TEMPLATES),
)


def _cache(module: str, attribute: str, bound: int) -> Cache:
    # imported here: this module is a leaf that rx and the engine import for their constants (by module
    # name: the engine's package exports a function ``judge`` that hides its module)
    mod = importlib.import_module(f"rewardcheck.rewards.{module}")
    obj = (
        mod.default_pool().over_budget if attribute.startswith("default_pool()") else getattr(mod, attribute)
    )
    name = f"{module.removeprefix('engine.')}.{attribute}"
    if attribute == "_translate":  # emptied by rx._compiled at its bound: its decorator stays (see rx)
        rx = importlib.import_module("rewardcheck.rewards.rx")
        return Cache(
            name, bound, lambda: int(rx.RX_PATTERNS), lambda: obj.cache_info().currsize, obj.cache_clear
        )
    if hasattr(obj, "cache_info"):  # functools
        return Cache(
            name, bound, lambda: obj.cache_info().maxsize, lambda: obj.cache_info().currsize, obj.cache_clear
        )
    if hasattr(obj, "capacity"):  # the judge's per-batch memos
        return Cache(name, bound, lambda: obj.capacity, lambda: len(obj._data), obj.clear)
    return Cache(name, bound, lambda: obj.maxsize, lambda: len(obj), obj.cache_clear)  # Fifo, mathcore's


def caches() -> list[Cache]:
    """Every input-keyed cache of this process with its bound (the workers' are the same modules')."""
    return [_cache(*row) for row in _TABLE]


def clear_all(patterns: bool = False) -> None:
    """Empty every cache of :func:`caches` (a cold start, as benchmarks measure it); the compiled patterns
    too only when ``patterns`` (the package's own are code, not inputs: compiling them again costs time)."""
    for c in caches():
        if patterns or not c.name.startswith("rx."):
            c.clear()
