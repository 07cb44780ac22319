r"""The engine's one lexicon: every closed class of words (:class:`WordClass`, ``classes.py``) with its
phrases in rows per language: English in ``en.py``, fourteen more in ``zh.py``, ``ja.py``, ... (a
:class:`LanguageRows` each, ``LANGUAGE_ROWS``). No other module keeps a word list of its own: the reader reads
the classes through its marks (``read/marks.py``), older shape rules through :func:`phrases` /
:func:`pattern` (English). The word groups of the older shape rules (``en.SHAPE_WORDS``) are read only
through :func:`phrases`, :func:`alternation`, :func:`pattern` and :func:`is_word`: neither the reader's marks nor
:func:`classes_of` see them. A new language is one module here (and its tests per class).

>>> "probably" in phrases(WordClass.HEDGE), "not" in phrases(WordClass.NEGATOR)
(True, True)
>>> bool(pattern(WordClass.RETRACTION).search("Scratch that, it is 5"))
True
>>> bool(pattern(WordClass.HEDGE).search("the answer is probablyx"))
False
>>> classes_of("perhaps")
(<WordClass.HEDGE: 'hedge'>,)
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache

from rewardcheck.rewards import rx

from . import ar, de, es, fr, hi, id, it, ja, ko, pt, ru, tr, vi, zh
from .classes import WordClass
from .en import SHAPE_WORDS, WORDS
from .rows import LanguageRows

__all__ = [
    "WordClass",
    "WORDS",
    "SHAPE_WORDS",
    "LANGUAGE_ROWS",
    "LanguageRows",
    "phrases",
    "pattern",
    "alternation",
    "alternation_everywhere",
    "every_language",
    "classes_of",
    "is_word",
]

# English is WORDS; every other language is one LanguageRows (the reader reads them all through its marks)
LANGUAGE_ROWS: Mapping[str, LanguageRows] = {
    rows.language: rows
    for rows in (
        zh.ROWS,
        ja.ROWS,
        ko.ROWS,
        fr.ROWS,
        es.ROWS,
        de.ROWS,
        pt.ROWS,
        it.ROWS,
        ru.ROWS,
        ar.ROWS,
        hi.ROWS,
        vi.ROWS,
        id.ROWS,
        tr.ROWS,
    )
}


def phrases(word_class: WordClass) -> tuple[str, ...]:
    """The phrases of one class, lowercase plain text, longest first (so an alternation prefers them)."""
    return _sorted(word_class)


@cache
def _sorted(word_class: WordClass) -> tuple[str, ...]:
    words = WORDS.get(word_class, ()) + SHAPE_WORDS.get(word_class, ())
    return tuple(sorted(dict.fromkeys(words), key=lambda p: (-len(p), p)))


def _regex_of(phrase: str, head: bool = True) -> str:
    stem = phrase.endswith("*")
    ending = phrase.startswith("*")  # a word ending ("*는지"): written onto a stem of any letters
    body = phrase[1 if ending else 0 : -1 if stem else None]
    parts = [rx.escape(p).replace(",", ",?").replace("'", "['’]?") for p in body.split(" ")]
    text = ("[^\\W\\d_]+" if ending else "") + r"\s{1,4}".join(parts)
    lead = r"(?<![A-Za-z\\])" if head and body[:1].isalpha() and not ending else ""
    tail = r"[a-z]*" if stem else (r"(?![A-Za-z])" if body[-1:].isalpha() else "")
    return lead + text + tail


@cache
def alternation(*word_classes: WordClass, exclude: tuple[str, ...] = (), lead: bool = True) -> str:
    """A regex alternation (a non-capturing group) of every phrase of the classes (but ``exclude``),
    word-bounded, longest phrase first. ``lead=False`` leaves out the word-start lookbehind of the phrases that
    start with a letter, for a pattern that bounds the word's start itself (``\\b``, or none).

    Phrases that start with a letter share one word-start lookbehind and a lookahead on their first letters, so
    a scan rejects most positions with one test instead of one per phrase (an alternation of a hundred phrases
    over a 3,000-character tail was the engine's hottest loop). A letter-led and an other-led phrase can never
    match at the same position, so splitting them keeps every match.

    >>> pattern(WordClass.RETRACTION).search("Hmm. Scratch that, it is 9.").group()  # compiled: see pattern()
    'Scratch that'
    """
    seen = dict.fromkeys(p for c in word_classes for p in phrases(c) if p not in exclude)
    return _alternation_of(tuple(seen), lead)


MIN_SHARED_LETTERS = 4  # a gated phrase this long is shared by languages, not short: every_language keeps it


def _letters(phrase: str) -> int:
    return sum(ch.isalpha() for ch in phrase)


@cache
def every_language(word_class: WordClass, gated: bool = False) -> tuple[str, ...]:
    """The phrases of ``word_class`` in every language (English and each :class:`LanguageRows`), longest first:
    for a pattern that reads any language. A gated phrase of four letters or more is one that several languages
    share (with a class in common: ``tests/engine/test_lexicon_rows.py``), and is kept; a shorter one is read only
    where its language is evident, so it is left out (``gated``: kept too, to match a whole text, as a gold).

    >>> "задача" in every_language(WordClass.FOLLOW_UP), "problem" in every_language(WordClass.FOLLOW_UP)
    (True, True)
    """
    found = list(phrases(word_class))
    for rows in LANGUAGE_ROWS.values():
        found += [
            p
            for p in rows.phrases(word_class)
            if gated or not rows.is_gated(p) or _letters(p) >= MIN_SHARED_LETTERS
        ]
    return tuple(sorted(dict.fromkeys(found), key=lambda p: (-len(p), p)))


@cache
def alternation_everywhere(word_class: WordClass) -> str:
    """:func:`alternation` of :func:`every_language`'s phrases."""
    return _alternation_of(every_language(word_class), True)


def _alternation_of(seen: tuple[str, ...], lead: bool) -> str:
    ordered = sorted(seen, key=lambda p: (-len(p), p))
    lettered = [p for p in ordered if p[:1].isalpha()]
    other = [p for p in ordered if not p[:1].isalpha()]
    groups = []
    if lettered:
        firsts = "".join(sorted({c for p in lettered for c in (p[0].lower(), p[0].upper())}))
        body = "|".join(_regex_of(p, head=False) for p in lettered)
        head = r"(?<![A-Za-z\\])" if lead else ""
        groups.append(rf"{head}(?=[{rx.escape(firsts)}])(?:{body})")
    if other:
        groups.append("(?:" + "|".join(_regex_of(p) for p in other) + ")")
    return "(?:" + "|".join(groups) + ")"


@cache
def pattern(*word_classes: WordClass) -> rx.Pattern:
    """The compiled, case-insensitive pattern of :func:`alternation` (compiled once per class tuple)."""
    return rx.compile(alternation(*word_classes), rx.IGNORECASE)


@cache
def _index() -> dict[str, tuple[WordClass, ...]]:
    out: dict[str, list[WordClass]] = {}
    for c, ws in WORDS.items():
        for w in ws:
            out.setdefault(w, []).append(c)
    return {w: tuple(cs) for w, cs in out.items()}


def classes_of(phrase: str) -> tuple[WordClass, ...]:
    """The classes a phrase belongs to (``()`` when it is in none)."""
    return _index().get(phrase.lower().strip(), ())


@cache
def _word_set(word_class: WordClass) -> frozenset[str]:
    return frozenset(p for p in phrases(word_class) if " " not in p)


@cache
def _longest(word_class: WordClass) -> int:
    return max((len(p) for p in _word_set(word_class)), default=0)


def is_word(token: str, word_class: WordClass) -> bool:
    """Is the one-word ``token`` (any case) in ``word_class``? (a set lookup; for token-level grammars; a token
    longer than the class's longest word is none, and is not case-folded: a pumped run is one long token)"""
    return len(token) <= _longest(word_class) and token.lower() in _word_set(word_class)
