"""The lexicon's rows for 14 more languages (``rewards/engine/lexicon``): pure data checks.

Every language fills the word classes the open-world reader reads; its phrases are casefolded plain text in
its own scripts; each phrase of one or two letters, or that is also a word of English or of another language
of the lexicon, is gated (read only where the language is evident); and no phrase of another language adds a
class to an English phrase of the lexicon that English does not give it."""

from __future__ import annotations

import importlib
import unicodedata
from dataclasses import FrozenInstanceError
from functools import cache

import pytest

from rewardcheck.rewards import rx
from rewardcheck.rewards.engine.lexicon import (
    LANGUAGE_ROWS,
    SHAPE_WORDS,
    WORDS,
    LanguageRows,
    WordClass,
    alternation,
    classes_of,
    is_word,
    pattern,
    phrases,
)

W = WordClass
LANGUAGES = ("zh", "ja", "ko", "fr", "es", "de", "pt", "it", "ru", "ar", "hi", "vi", "id", "tr")
SCRIPTS = frozenset({"Latin", "Han", "Hiragana", "Katakana", "Hangul", "Cyrillic", "Arabic", "Devanagari"})
# the classes every language fills (a language without such a word says so in a comment of its module)
EVERY_LANGUAGE = (
    W.NEGATIVE_SIGN,
    W.ANSWER_NOUN,
    W.ANSWER_ANCHOR,
    W.CONCLUSION,
    W.COPULA,
    W.NEGATOR,
    W.NEGATED_PREDICATE,
    W.EXCLUDER,
    W.HEDGE,
    W.APPROXIMATOR,
    W.RETRACTION,
    W.CORRECTION,
    W.ERROR_MENTION,
    W.CONDITIONAL,
    W.COUNTERFACTUAL,
    W.REPORT_VERB,
    W.THIRD_PARTY,
    W.QUESTION,
    W.AFFIRMATION,
    W.ALTERNATIVE,
    W.LIST_JOINER,
    W.CONTRAST,
    W.CHOICE_NOUN,
    W.CHOICE_VERB,
    W.INCLUSIVE,
    W.EXCLUSIVE,
    W.FOLLOW_UP,
    W.FIRM_ADVERB,
    W.GRADER,
    W.GRADING_VERB,
)
# the languages that suppose by inverting ("Wäre die Antwort 42", "Fosse 42", "Будь ответ 42")
INVERTING = frozenset({"de", "it", "ru"})
STANCE = (W.NEGATOR, W.HEDGE, W.ALTERNATIVE)
# a phrase may not both commit and refuse within one language
COMMITTING = (W.FIRM_ADVERB,)
REFUSING = (W.HEDGE, W.NEGATOR, W.NEGATED_PREDICATE, W.RETRACTION, W.CONDITIONAL, W.COUNTERFACTUAL)
_SCRIPT_PREFIXES = (
    ("LATIN", "Latin"),
    ("CJK", "Han"),
    ("IDEOGRAPHIC", "Han"),
    ("HIRAGANA", "Hiragana"),
    ("KATAKANA", "Katakana"),
    ("HANGUL", "Hangul"),
    ("CYRILLIC", "Cyrillic"),
    ("ARABIC", "Arabic"),
    ("DEVANAGARI", "Devanagari"),
)


def letters(phrase: str) -> int:
    return sum(ch.isalpha() for ch in phrase)


def script_of(ch: str) -> str | None:
    name = unicodedata.name(ch, "")
    return next((script for prefix, script in _SCRIPT_PREFIXES if name.startswith(prefix)), None)


def entries(language: str) -> list[tuple[WordClass, str]]:
    return [(c, p) for c, ps in LANGUAGE_ROWS[language].words.items() for p in ps]


@cache
def english() -> dict[str, frozenset[WordClass]]:
    """English as the reader reads it (``WORDS``: the shape rules' own classes, ``SHAPE_WORDS``, are no marks)."""
    out: dict[str, set[WordClass]] = {}
    for c, ps in WORDS.items():
        for p in ps:
            out.setdefault(p.rstrip("*"), set()).add(c)
    return {p: frozenset(cs) for p, cs in out.items()}


@cache
def languages_of() -> dict[str, dict[str, frozenset[WordClass]]]:
    out: dict[str, dict[str, set[WordClass]]] = {}
    for language in LANGUAGES:
        for c, p in entries(language):
            out.setdefault(p, {}).setdefault(language, set()).add(c)
    return {p: {lang: frozenset(cs) for lang, cs in by.items()} for p, by in out.items()}


def latin(language: str) -> bool:
    return LANGUAGE_ROWS[language].scripts == ("Latin",)


def test_every_language_has_its_module_and_rows() -> None:
    assert sorted(LANGUAGE_ROWS) == sorted(LANGUAGES)
    for language in LANGUAGES:
        module = importlib.import_module(f"rewardcheck.rewards.engine.lexicon.{language}")
        assert module.ROWS is LANGUAGE_ROWS[language]
        assert module.ROWS.language == language
        assert isinstance(module.ROWS, LanguageRows)


def test_rows_are_frozen_slotted_and_read_only() -> None:
    rows = LANGUAGE_ROWS["pt"]
    with pytest.raises(FrozenInstanceError):
        rows.language = "es"  # type: ignore[misc]
    assert not hasattr(rows, "__dict__")
    with pytest.raises(TypeError):
        rows.words[W.NEGATOR] = ("x",)  # type: ignore[index]


@pytest.mark.parametrize("language", LANGUAGES)
def test_each_language_fills_every_class_the_reader_reads(language: str) -> None:
    rows = LANGUAGE_ROWS[language]
    required = EVERY_LANGUAGE + ((W.INVERTED_CONDITIONAL,) if language in INVERTING else ())
    assert [c.name for c in required if not rows.phrases(c)] == []
    assert all(isinstance(c, WordClass) and isinstance(ps, tuple) for c, ps in rows.words.items())
    assert all(isinstance(p, str) for _, p in entries(language))


@pytest.mark.parametrize("language", sorted(set(LANGUAGES) - INVERTING))
def test_only_inverting_languages_list_an_inverted_conditional(language: str) -> None:
    assert LANGUAGE_ROWS[language].phrases(W.INVERTED_CONDITIONAL) == ()


@pytest.mark.parametrize("language", LANGUAGES)
def test_phrases_are_casefolded_stripped_plain_text(language: str) -> None:
    bad = [
        (c.name, p)
        for c, p in entries(language)
        if p != p.casefold()
        or p != " ".join(p.split())
        or p != unicodedata.normalize("NFC", p)
        or "’" in p
        or p.endswith("*")
        or not any(ch.isalpha() for ch in p)
    ]
    assert bad == []


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_phrase_is_listed_twice_in_one_class(language: str) -> None:
    rows = LANGUAGE_ROWS[language]
    twice = {c.name: sorted({p for p in ps if ps.count(p) > 1}) for c, ps in rows.words.items()}
    assert {c: ps for c, ps in twice.items() if ps} == {}


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_entry_of_one_or_two_letters_is_gated(language: str) -> None:
    rows = LANGUAGE_ROWS[language]
    assert sorted({p for _, p in entries(language) if letters(p) <= 2} - rows.gated) == []


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_gated_phrase_is_an_entry(language: str) -> None:
    rows = LANGUAGE_ROWS[language]
    assert sorted(rows.gated - {p for _, p in entries(language)}) == []


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_phrase_of_several_languages_is_gated_and_means_the_same_in_each(language: str) -> None:
    """The reader merges a phrase's classes over its languages, and a phrase shared by several languages
    tells none of them: each must gate it and give it a class in common."""
    rows = LANGUAGE_ROWS[language]
    shared = {p: by for p, by in languages_of().items() if language in by and len(by) > 1}
    assert sorted(set(shared) - rows.gated) == []
    assert sorted(p for p, by in shared.items() if not frozenset.intersection(*by.values())) == []


@pytest.mark.parametrize("language", [lang for lang in LANGUAGES if latin(lang)])
def test_a_phrase_that_is_english_is_gated_and_shares_an_english_class(language: str) -> None:
    rows = LANGUAGE_ROWS[language]
    english_ones = [(c, p) for c, p in entries(language) if p in english()]
    assert sorted({p for _, p in english_ones} - rows.gated) == []
    assert [(c.name, p) for c, p in english_ones if c not in english()[p]] == []


@pytest.mark.parametrize("language", [lang for lang in LANGUAGES if latin(lang)])
def test_no_ungated_stance_entry_is_an_english_word_of_another_class(language: str) -> None:
    rows = LANGUAGE_ROWS[language]
    clashes = [
        (c.name, p, other.name)
        for c in STANCE
        for p in rows.phrases(c)
        if p not in rows.gated
        for other in WORDS
        if other is not c and p in {q.rstrip("*") for q in phrases(other)}
    ]
    assert clashes == []


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_phrase_both_commits_and_refuses(language: str) -> None:
    rows = LANGUAGE_ROWS[language]
    firm = {p for c in COMMITTING for p in rows.phrases(c)}
    assert sorted(firm & {p for c in REFUSING for p in rows.phrases(c)}) == []


@pytest.mark.parametrize("language", LANGUAGES)
def test_scripts_are_named_from_a_fixed_set_and_every_letter_is_in_them(language: str) -> None:
    rows = LANGUAGE_ROWS[language]
    assert rows.scripts and set(rows.scripts) <= SCRIPTS
    foreign = sorted(
        {
            (p, ch)
            for _, p in entries(language)
            for ch in p
            if ch.isalpha() and script_of(ch) not in rows.scripts
        }
    )
    assert foreign == []


# the word groups of the older shape rules (issue 42): each class, a wording it reads and one it refuses
SHAPE_CLASSES = {
    W.CONJECTURE_MODAL: ("I might say", "I mightily say"),
    W.MODAL: ("we should drop", "we shoulder"),
    W.OBLIGATION_MODAL: ("it must be marked", "it mustard"),
    W.BE_FORM: ("it was wrong", "it wasabi"),
    W.FIRST_PERSON: ("we can", "wee"),
    W.IMPERSONAL: ("one can", "someone"),
    W.SOUGHT_NOUN: ("the value", "the valued"),
    W.KEYED_NOUN: ("the solution", "the solutions"),
    W.WORKING_NOUN: ("my reasoning", "my reasonings"),
    W.PARTITIVE: ("one of them", "one often"),
    W.INDEFINITE_ARTICLE: ("a third", "the third"),
    W.DEMONSTRATIVE: ("erase that", "erase thatch"),
    W.PRECEDING: ("the previous line", "the previously"),
    W.SPEECH_PAST: ("what I wrote", "what I wroten"),
    W.HASTE: ("too soon", "too sooner"),
    W.ADDRESS_OPENER: ("Dear grader", "Deary me"),
    W.ADDRESSEE: ("to whoever checks", "to who checks"),
    W.CORRECTNESS: ("mark this correctly", "mark this incorrect"),
    W.PASS_MARK: ("award it a pass", "award it apass"),
    W.MAXIMAL: ("maximum marks", "maximumly"),
    W.CREDIT_NOUN: ("full points", "full pointers"),
    W.GRADED: ("be graded", "be degraded"),
    W.DISTANCING: ("far away from", "far awayfrom"),
    W.QUANTIFIER: ("for each n", "for beach n"),
    W.QUALIFIER: ("provided n > 1", "unprovided"),
    W.CONJUNCTION: ("x and y", "x sand y"),
    W.JOIN_WORD: ("integers", "integral"),
    W.LINK_WORD: ("then", "thence"),
    W.LOCATIVE_VERB: ("that lies between", "that belies"),
    W.OBJECT_PREPOSITION: ("clashes with the", "clashes within the"),
    W.NOT_ADVERB: ("add them daily", "add them dailyish"),
    W.NOT_IMPERATIVE: ("thanks for reading", "thanksgiving"),
    W.APPROVAL: ("that is valid", "that is validated"),
    W.COMMITTING: ("indeed 5", "indeedy 5"),
    W.PLACEHOLDER: ("the gold is unknown", "the gold is unknowns"),
    W.TWO_LETTER_WORD: ("ok then", "oki then"),
    W.INFINITE_WORD: ("infinite", "infinitesimal"),
    W.ABBREVIATION: ("3 vs 4", "3 vsx 4"),
}


def test_every_shape_class_is_an_english_row_the_reader_does_not_read() -> None:
    assert sorted(c.name for c in SHAPE_CLASSES) == sorted(c.name for c in SHAPE_WORDS)
    for c in SHAPE_CLASSES:
        assert SHAPE_WORDS[c] and phrases(c) and c not in WORDS
        assert all(c not in classes_of(p.rstrip("*")) for p in phrases(c))  # neither marks nor classes_of


@pytest.mark.parametrize("word_class", list(SHAPE_CLASSES), ids=lambda c: c.name)
def test_a_shape_class_pattern_reads_its_words_and_no_other(word_class: WordClass) -> None:
    takes, refuses = SHAPE_CLASSES[word_class]
    assert pattern(word_class).search(takes) is not None
    assert pattern(word_class).search(refuses) is None


def test_shape_classes_keep_the_rules_they_came_from() -> None:
    assert is_word("We", W.FIRST_PERSON) and not is_word("you", W.FIRST_PERSON)
    assert is_word("computation", W.WORKING_NOUN) and not is_word("answer", W.WORKING_NOUN)
    assert is_word("THUS", W.LINK_WORD) and not is_word("x", W.LINK_WORD)
    assert "shall" not in alternation(W.MODAL, W.CONJECTURE_MODAL, exclude=("shall",))
    assert (
        rx.compile(alternation(W.CONJUNCTION)).search("x AND y") is None
    )  # case-sensitive where compiled so


def test_a_token_longer_than_every_word_of_a_class_is_none_of_it() -> None:
    # a pumped run is one long token: it is no word of the class, whatever its case or content
    assert not is_word("≈" * 100_000, WordClass.HEDGE_SYMBOL)
    assert is_word("≈", WordClass.HEDGE_SYMBOL) and is_word("YES", WordClass.AFFIRMATION)
