r"""Marks: where the lexicon's phrases stand in a window, each with its word classes, read from the tokens (no
second pass over the raw text).

A phrase is its own token sequence (the tokeniser cuts "no, wait" into ``no`` ``,`` ``wait``); it matches
where the window's tokens spell it, case folded, longest phrase first. In a script written without spaces
(zh, ja) one word token is a whole run of characters; phrases are found inside it. A language's gated phrases
(short ones, or words of another language: Spanish "no", Italian "e") count only where the language is
evident: its own script is in the window, or one of its ungated phrases is.

>>> from rewardcheck.rewards.engine.read.tokens import tokenize
>>> [(m.phrase, sorted(c.value for c in m.classes)) for m in find_marks(tokenize("Maybe 12, but not 15."))]
[('maybe', ['hedge']), ('but', ['contrast', 'proximity']), ('not', ['negated_predicate', 'negator'])]
>>> [m.phrase for m in find_marks(tokenize("The answer is not 15"))]
['the answer', 'is', 'not']
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache, lru_cache

from rewardcheck.rewards import rx
from rewardcheck.rewards.cache_bounds import TOKEN_TEXTS
from rewardcheck.rewards.engine.lexicon import LANGUAGE_ROWS, WORDS, LanguageRows, WordClass
from rewardcheck.rewards.rx.scan import Scanner

from .tokens import TokenKind, Tokens, tokenize

__all__ = [
    "Mark",
    "find_marks",
    "phrase_table",
    "languages_in",
    "evident_languages",
    "NO_SPACE_SCRIPTS",
    "unspaced_word",
    "verb_final_languages",
]

NO_SPACE_SCRIPTS = frozenset({"Han", "Hiragana", "Katakana", "Thai"})
# the scripts a window can show, by code point range: enough to tell the languages of the lexicon apart
_SCRIPT_RANGES = (
    (0x3040, 0x309F, "Hiragana"),
    (0x30A0, 0x30FF, "Katakana"),
    (0x3400, 0x4DBF, "Han"),
    (0x4E00, 0x9FFF, "Han"),
    (0xAC00, 0xD7AF, "Hangul"),
    (0x1100, 0x11FF, "Hangul"),
    (0x0400, 0x04FF, "Cyrillic"),
    (0x0600, 0x06FF, "Arabic"),
    (0x0900, 0x097F, "Devanagari"),
    (0x0E00, 0x0E7F, "Thai"),
)


@dataclass(frozen=True, slots=True)
class Mark:
    start: int
    end: int
    phrase: str
    classes: frozenset[WordClass]
    languages: frozenset[str] = frozenset({"en"})

    @property
    def verb_final(self) -> bool:
        """Is this a phrase of a language whose verb follows its value (ja, ko, tr, hi)?"""
        return bool(self.languages & verb_final_languages())


@dataclass(frozen=True, slots=True)
class _Entry:
    classes: frozenset[WordClass]
    languages: frozenset[str]
    gated: bool


def _norm(phrase: str) -> str:
    return unicodedata.normalize("NFC", " ".join(phrase.casefold().replace("’", "'").split()))


def _language_rows() -> Mapping[str, LanguageRows]:
    return LANGUAGE_ROWS


@cache
def phrase_table() -> dict[str, _Entry]:
    """Every phrase of every language (English first), with its classes, languages and gating."""
    table: dict[str, tuple[set[WordClass], set[str], bool]] = {}

    def add(phrase: str, cls: WordClass, language: str, gated: bool) -> None:
        p = _norm(phrase)
        if not p or not any(ch.isalpha() for ch in p) or p.startswith("\\"):
            return  # punctuation and LaTeX commands are tokens, not words
        classes, langs, was_gated = table.setdefault(p, (set(), set(), gated))
        classes.add(cls)
        langs.add(language)
        table[p] = (classes, langs, was_gated and gated)

    for cls, words in WORDS.items():
        for w in words:
            add(w, cls, "en", False)
    for language, rows in _language_rows().items():
        gated_words = {_norm(g) for g in rows.gated}
        for cls, words in rows.words.items():
            for w in words:
                add(w, cls, language, _norm(w) in gated_words)
    return {p: _Entry(frozenset(c), frozenset(langs), g) for p, (c, langs, g) in table.items()}


def _script_of(ch: str) -> str | None:
    o = ord(ch)
    for lo, hi, name in _SCRIPT_RANGES:
        if lo <= o <= hi:
            return name
    return None


def scripts_in(text: str) -> frozenset[str]:
    """The non-Latin scripts of ``text`` (by code point; a pass over its non-ASCII characters only)."""
    if text.isascii():
        return frozenset()
    return frozenset(s for ch in set(text) if not ch.isascii() and (s := _script_of(ch)) is not None)


@cache
def verb_final_languages() -> frozenset[str]:
    return frozenset(lang for lang, rows in _language_rows().items() if rows.verb_final)


@cache
def _language_scripts() -> dict[str, frozenset[str]]:
    out: dict[str, frozenset[str]] = {"en": frozenset({"Latin"})}
    for language, rows in _language_rows().items():
        out[language] = frozenset(rows.scripts)
    return out


@cache
def cue_table() -> dict[str, frozenset[str]]:
    """Each language's cue words (``LanguageRows.cues``) with the languages that use them."""
    table: dict[str, set[str]] = {}
    for language, rows in _language_rows().items():
        for w in rows.cues:
            table.setdefault(_norm(w), set()).add(language)
    return {w: frozenset(langs) for w, langs in table.items()}


def languages_in(scripts: frozenset[str], ungated_hits: Iterable[frozenset[str]]) -> frozenset[str]:
    """The languages evident in a window: English always; a language written in a non-Latin script when that
    script is present; a language one of whose ungated phrases or cue words was found."""
    found = {"en"}
    for language, own in _language_scripts().items():
        if own & scripts and not own <= {"Latin"}:
            found.add(language)
    for langs in ungated_hits:
        if len(langs) == 1:  # a phrase shared by several languages tells none of them
            found |= langs
    return frozenset(found)


def unspaced_word(phrase: str) -> bool:
    """Is ``phrase`` written in a script without spaces between its words (Han, kana, Thai), where one token
    is a run of many words? Hangul is spaced.

    >>> unspaced_word("計算しましょう"), unspaced_word("คำนวณ"), unspaced_word("계산해"), unspaced_word("twelve")
    (True, True, False, False)
    """
    return not phrase.isascii() and any(_script_of(ch) in NO_SPACE_SCRIPTS for ch in phrase[:2])


@cache
def _stems() -> tuple[tuple[tuple[str, ...], str], ...]:
    """Stems (``"miscalculat*"``, ``"re-examin*"``): (the stem's token texts, the phrase); the last token
    matches a word's start."""
    out = []
    for p in phrase_table():
        if p.endswith("*") and " " not in p and not p.startswith("*"):
            t = tokenize(p[:-1])
            out.append((tuple(t.texts[i] for i in range(t.n)), p))
    return tuple(out)


@cache
def _spaced_index() -> dict[str, list[tuple[tuple[str, ...], str]]]:
    """First token text -> (the phrase's token texts, the phrase), longest first."""
    index: dict[str, list[tuple[tuple[str, ...], str]]] = {}
    for p in phrase_table():
        if unspaced_word(p) or p.endswith("*") or p.startswith("*"):
            continue
        t = tokenize(p)
        words = tuple(t.texts[i] for i in range(t.n))
        if words:
            index.setdefault(words[0], []).append((words, p))
    for entries in index.values():
        entries.sort(key=lambda e: -len(e[0]))
    return index


@cache
def _unspaced_scanner() -> Scanner | None:
    phrases = sorted((p for p in phrase_table() if unspaced_word(p)), key=lambda p: (-len(p), p))
    if not phrases:
        return None
    return Scanner("|".join(rx.escape(p) for p in phrases))


@cache
def _spaced_index_by_pair() -> dict[tuple[str, str], list[tuple[tuple[str, ...], str]]]:
    """:func:`_spaced_index` split by the first two token texts for phrases of two tokens or more, and by the
    first alone (``(first, "")``) for one-token phrases: a common first word ("the", "so") then tries only the
    phrases its next word can continue, longest first as before."""
    index: dict[tuple[str, str], list[tuple[tuple[str, ...], str]]] = {}
    for first, entries in _spaced_index().items():
        for words, phrase in entries:  # longest first: every longer phrase before the one-token phrase
            index.setdefault((first, words[1] if len(words) > 1 else ""), []).append((words, phrase))
    return index


def _phrase_at(
    t: Tokens, folded: list[str], i: int, languages: frozenset[str] | None
) -> tuple[Mark, int] | None:
    """The longest lexicon phrase (not a stem) that the tokens from ``i`` spell, and its token count."""
    index, table = _spaced_index_by_pair(), phrase_table()
    first = folded[i]
    pair = index.get((first, folded[i + 1]), ()) if i + 1 < t.n else ()
    for entries in (pair, index.get((first, ""), ())):
        for words, phrase in entries:
            n = len(words)  # the first word matched by the index: a longer phrase is checked word by word
            if n == 1 or (
                i + n <= t.n and all(folded[i + k] == words[k] for k in range(1, n)) and _adjacent(t, i, n)
            ):
                entry = table[phrase]
                if not entry.gated or (languages is not None and entry.languages & languages):
                    return Mark(t.starts[i], t.ends[i + n - 1], phrase, entry.classes, entry.languages), n
    return None


@cache
def _first_words() -> frozenset[str]:
    """The first token of every spaced phrase: a token that is none starts no phrase (most tokens of a window
    are numbers, operators and common words: they are passed over with one set lookup)."""
    return frozenset(_spaced_index())


def _spaced_marks(t: Tokens, folded: list[str], languages: frozenset[str] | None) -> Iterable[Mark]:
    firsts, stems, endings, kinds = _first_words(), _stems_by_head(), _suffixes_by_last(), t.kinds
    i = 0
    while i < t.n:
        word = folded[i]
        found = _phrase_at(t, folded, i, languages) if word in firsts else None
        if found is None and kinds[i] is TokenKind.WORD and word[:2] in stems:
            found = _stem_at(t, folded, i)
        if found is None and kinds[i] is TokenKind.WORD and word[-1:] in endings:
            found = _suffix_at(t, folded, i, languages)
        if found is not None:
            yield found[0]
            i += found[1]  # the phrase's tokens are read: the next phrase starts after them
        else:
            i += 1


@cache
def _stems_by_head() -> dict[str, tuple[tuple[tuple[str, ...], str], ...]]:
    """The stems by the first two characters of their first token (a word looks up only its own)."""
    by: dict[str, list[tuple[tuple[str, ...], str]]] = {}
    for pieces, phrase in _stems():
        by.setdefault(pieces[0][:2], []).append((pieces, phrase))
    return {k: tuple(v) for k, v in by.items()}


@cache
def _suffixes_by_last() -> dict[str, tuple[tuple[str, str], ...]]:
    """Word endings (``"*는지"``: a phrase that a word ends with, written onto any stem, as Korean writes an
    indirect question onto its verb) by their last character, longest first: (the ending, the phrase)."""
    by: dict[str, list[tuple[str, str]]] = {}
    for p in phrase_table():
        if p.startswith("*") and " " not in p and len(p) > 1:
            by.setdefault(p[-1], []).append((p[1:], p))
    return {k: tuple(sorted(v, key=lambda e: -len(e[0]))) for k, v in by.items()}


def _suffix_at(
    t: Tokens, folded: list[str], i: int, languages: frozenset[str] | None
) -> tuple[Mark, int] | None:
    """A word ending of the lexicon on token ``i`` (or the ending as a word of its own): the whole word is marked."""
    word = folded[i]
    table = phrase_table()
    for ending, phrase in _suffixes_by_last().get(word[-1:], ()):
        if word.endswith(ending):
            entry = table[phrase]
            if not entry.gated or (languages is not None and entry.languages & languages):
                return Mark(t.starts[i], t.ends[i], phrase, entry.classes, entry.languages), 1
    return None


def _stem_at(t: Tokens, folded: list[str], i: int) -> tuple[Mark, int] | None:
    table = phrase_table()
    for pieces, phrase in _stems_by_head().get(folded[i][:2], ()):
        n = len(pieces)
        if (
            i + n <= t.n
            and tuple(folded[i : i + n - 1]) == pieces[:-1]
            and folded[i + n - 1].startswith(pieces[-1])
            and _adjacent(t, i, n)
        ):
            entry = table[phrase]
            return Mark(t.starts[i], t.ends[i + n - 1], phrase, entry.classes, entry.languages), n
    return None


def _adjacent(t: Tokens, i: int, n: int) -> bool:
    """Tokens ``i .. i+n-1`` stand one after another with at most spaces between (one phrase)."""
    src = t.source
    return all(
        t.starts[k + 1] - t.ends[k] <= 4 and not src[t.ends[k] : t.starts[k + 1]].strip()
        for k in range(i, i + n - 1)
    )


def _unspaced_marks(t: Tokens, languages: frozenset[str] | None) -> Iterable[Mark]:
    scanner = _unspaced_scanner()
    if scanner is None:
        return
    table = phrase_table()
    for i in range(t.n):
        if t.kinds[i] is not TokenKind.WORD or not unspaced_word(t.texts[i]):
            continue
        for s, e in zip(*scanner.scan(t.source, t.starts[i], t.ends[i]), strict=True):
            phrase = _norm(t.source[s:e])
            entry = table.get(phrase)
            if entry is not None and (
                not entry.gated or (languages is not None and entry.languages & languages)
            ):
                yield Mark(s, e, phrase, entry.classes, entry.languages)


def _marks(t: Tokens, folded: list[str], languages: frozenset[str] | None) -> list[Mark]:
    found = list(_spaced_marks(t, folded, languages)) + list(_unspaced_marks(t, languages))
    found.sort(key=lambda m: m.start)
    return found


def evident_languages(t: Tokens, marks: Sequence[Mark]) -> frozenset[str]:
    """The languages evident in ``t`` (see :func:`languages_in`), from its marks and cue words."""
    table, cues = phrase_table(), cue_table()
    window = t.source[t.starts[0] : t.ends[-1]] if t.n else ""
    folded = (t.texts[i].casefold() for i in range(t.n) if t.kinds[i] is TokenKind.WORD)
    hits = [table[m.phrase].languages for m in marks if m.phrase in table]
    return languages_in(scripts_in(window), hits + [cues[w] for w in folded if w in cues])


@lru_cache(maxsize=TOKEN_TEXTS)  # asked of every token; a text's words repeat
def _folded(text: str) -> str:
    """A token's text as phrases are written: case folded, the typographic apostrophe plain, NFC."""
    # Turkish "İ" folds to "i" and a combining dot ("İpucu" -> "i̇pucu"): the dot is dropped, as the rows write it
    return unicodedata.normalize("NFC", text.casefold().replace("’", "'").replace("i\u0307", "i"))


def find_marks(t: Tokens) -> list[Mark]:
    """The lexicon's phrases in the tokens ``t``, in text order (see the module doc)."""
    folded = [_folded(text) for text in t.texts]
    marks = _marks(t, folded, None)
    table = phrase_table()
    window = t.source[t.starts[0] : t.ends[-1]] if t.n else ""
    cues = cue_table()
    hits = [table[m.phrase].languages for m in marks] + [cues[w] for w in folded if w in cues]
    languages = languages_in(scripts_in(window), hits)
    if languages != frozenset({"en"}):
        marks = _marks(t, folded, languages)
    return marks
