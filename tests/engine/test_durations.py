"""A duration in hours and minutes is one value in hours, in every language of the lexicon (WordClass.HOURS and
WordClass.MINUTES): "12 h 30 min" is 12.5, where the two numbers read apart paid 12; "12小时30分" is no sum of
12 and 30 fen (zh "分" is also a subunit of money)."""

from __future__ import annotations

import pytest
from answer_labels import LABELS

from rewardcheck.rewards.engine import judge
from rewardcheck.rewards.engine.lexicon import LANGUAGE_ROWS, WORDS, WordClass


def _units(lang: str, word_class: WordClass) -> tuple[str, ...]:
    rows = WORDS[word_class] if lang == "en" else LANGUAGE_ROWS[lang].words[word_class]
    return tuple(rows)


def _verdict(text: str, gold: str) -> str:
    return judge(text, gold).verdict.value


@pytest.mark.parametrize("lang", sorted(LABELS))
def test_hours_and_minutes_are_one_value_in_hours(lang: str) -> None:
    for hours in _units(lang, WordClass.HOURS):
        for minutes in _units(lang, WordClass.MINUTES):
            text = f"{LABELS[lang]} 2 {hours} 30 {minutes}"
            assert _verdict(text, "2.5") == "correct", text
            assert _verdict(text, "5/2") == "correct", text
            for gold in ("2", "30", "2.3"):  # never one of the two numbers, never a sum of cents
                assert _verdict(text, gold) != "correct", (text, gold)


@pytest.mark.parametrize(
    ("text", "gold"),
    [
        ("The drive takes 12 h 30 min.", "12.5"),
        ("The trip takes 2 hours and 15 minutes.", "2.25"),
        ("Le trajet dure 2h30.", "2.5"),
        ("Die Fahrt dauert 2 Stunden, 45 Minuten.", "2.75"),
        ("所以一共需要12小时30分钟。", "12.5"),
        ("全部で12時間30分です。", "12.5"),
        ("Cevap: 2 saat 20 dakika", "7/3"),  # a third of an hour: a fraction, not a rounded decimal
        ("Vậy mất 1 giờ 6 phút.", "1.1"),
        ("Havuz 2 saat 24 dakikada dolar.", "2.4"),  # a case ending on the unit ("dakikada")
    ],
)
def test_a_duration_in_a_sentence_is_read_whole(text: str, gold: str) -> None:
    assert _verdict(text, gold) == "correct", text


@pytest.mark.parametrize(
    ("text", "gold"),
    [
        ("The drive takes 12 h 30 min.", "12"),  # the hours alone were paid before
        ("所以一共需要12小时30分。", "12.3"),  # read as 12 yuan 30 fen before
        ("It takes 12 h 75 min.", "13.25"),  # 75 is no count of minutes past an hour
        ("It costs 42 dollars and 50 cents.", "42"),
    ],
)
def test_what_is_no_such_duration_is_not_paid_as_one(text: str, gold: str) -> None:
    assert _verdict(text, gold) != "correct", text


def test_a_sum_in_a_unit_and_its_hundredth_is_read_as_before() -> None:
    assert _verdict("It costs 42 dollars and 50 cents.", "42.50") == "correct"
    assert _verdict("共计 12元5分。", "12.05") == "correct"


@pytest.mark.parametrize(
    ("text", "gold", "paid"),
    [
        ("Le trajet dure 2 h 30.", "2.5", True),  # two digits after the hours' unit close the statement
        ("Il viaggio dura 2h30.", "2.5", True),
        ("It takes 2 hours 30 apples.", "2.5", False),  # a word after them: no minutes
        ("It took 2 hours, 30 of them waiting.", "2.5", False),
    ],
)
def test_minutes_without_their_unit_close_the_duration(text: str, gold: str, paid: bool) -> None:
    assert (_verdict(text, gold) == "correct") is paid, text


def test_a_duration_restating_another_unit_is_compared_by_its_value() -> None:
    # another number in another unit restates the value: the first is read, the duration valued as 2.5
    text = "Answer: 150 min, i.e. 2 h 30"
    assert _verdict(text, "150") == "correct"
    assert _verdict(text, "2.5") != "correct"
    # the same number in another form is read in its last form
    same = "Answer: 2 h 30, i.e. 2.5 h"
    assert _verdict(same, "2.5") == "correct"
