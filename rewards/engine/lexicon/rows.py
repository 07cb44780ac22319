"""The rows of one language of the lexicon: its phrases for each word class of :class:`lexicon.WordClass`, the
scripts it is written in, and the phrases read only where the language is evident (``gated``).

Phrases are casefolded plain text in the language's own script (NFC), with the language's usual apostrophes
and diacritics; a phrase may hold spaces; in a script written without spaces (Han, kana) a phrase is written
as it stands in running text.

>>> rows = LanguageRows(
...     language="xx",
...     scripts=("Latin",),
...     words={WordClass.NEGATOR: ("nay", "no")},
...     gated=frozenset({"no"}),
... )
>>> rows.phrases(WordClass.NEGATOR), rows.phrases(WordClass.HEDGE)
(('nay', 'no'), ())
>>> rows.classes_of("No"), rows.is_gated("no"), rows.is_gated("nay")
((<WordClass.NEGATOR: 'negator'>,), True, False)
>>> rows.language = "yy"
Traceback (most recent call last):
dataclasses.FrozenInstanceError: cannot assign to field 'language'
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

from .classes import WordClass

__all__ = ["LanguageRows"]


@dataclass(frozen=True, slots=True)
class LanguageRows:
    """One language's rows: ``words`` maps each word class it fills to its phrases, in no special order."""

    language: str  # the ISO 639-1 code: "pt"
    scripts: tuple[
        str, ...
    ]  # the scripts the language is written in: ("Latin",), ("Han", "Hiragana", "Katakana")
    words: Mapping[WordClass, tuple[str, ...]] = field(hash=False)
    gated: frozenset[
        str
    ]  # short phrases and words of other languages: read only where the language is evident
    # the verb (and so a supposition, a report or a negation) comes after the value: "42라고 했어요"
    verb_final: bool = False
    # words only this language uses (articles, pronouns, prepositions): read for nothing but the evidence that
    # a text is in it, so that its gated words are read ("Las soluciones son x = 2 y x = 3": "las" shows
    # Spanish, and "y" joins); a cue two languages share tells neither
    cues: frozenset[str] = frozenset()
    # cardinal numbers written as one word, with their values ("doce": 12); a word that is also the language's
    # article ("un", "ein", "bir") is left out: "un chat" states no number
    numbers: Mapping[str, int] = field(default_factory=dict, hash=False)
    # suffixes written onto a number word that leave its value, in a language that joins them to the word
    # (the copula: Turkish "yedidir", Korean "일곱입니다"); read only on a word of this language's number row
    number_suffixes: tuple[str, ...] = ()
    # words for ten that multiply the digit before them instead of adding to it ("dua puluh" is 20, "hai mươi"
    # is 20), where the language has another word for ten standing alone ("sepuluh", "mười")
    ten_multipliers: tuple[str, ...] = ()
    # words for ten that add to the digit before them, a teen ("dua belas" is 12), where "ten" alone is another
    # word ("sepuluh")
    teen_words: tuple[str, ...] = ()
    # the capital letters that label multiple choices in this language, in order ("А Б В Г" are the first
    # four, A B C D): read as the Latin letter of the same place
    choice_letters: str = ""
    # the nouns of a fraction after its numerator, with their denominators ("tres cuartos" is 3/4)
    fractions: Mapping[str, int] = field(default_factory=dict, hash=False)
    # numbers with a fraction written as one word, with their values ("anderthalb": 1.5, "ढाई": 2.5)
    mixed_numbers: Mapping[str, str] = field(default_factory=dict, hash=False)
    # letters that write the Han numerals of the same value (Sino-Korean "이" is 二, "만" is 万): a run of them,
    # spaced by myriads or not, is read as those numerals ("삼만 이천" is 32,000)
    han_numerals: Mapping[str, str] = field(default_factory=dict, hash=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "words", MappingProxyType(dict(self.words)))
        object.__setattr__(self, "han_numerals", MappingProxyType(dict(self.han_numerals)))
        object.__setattr__(self, "numbers", MappingProxyType(dict(self.numbers)))
        object.__setattr__(self, "fractions", MappingProxyType(dict(self.fractions)))
        object.__setattr__(self, "mixed_numbers", MappingProxyType(dict(self.mixed_numbers)))

    def phrases(self, word_class: WordClass) -> tuple[str, ...]:
        """The phrases of ``word_class`` (``()`` where the language has none)."""
        return self.words.get(word_class, ())

    def classes_of(self, phrase: str) -> tuple[WordClass, ...]:
        """The classes ``phrase`` (any case) is listed in."""
        p = phrase.casefold().strip()
        return tuple(c for c, ps in self.words.items() if p in ps)

    def is_gated(self, phrase: str) -> bool:
        """Is ``phrase`` read only where the language is evident?"""
        return phrase.casefold().strip() in self.gated
