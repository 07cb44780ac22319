"""Terse endings of small policies (found by the blind set ``terse15``), each a class in every language:

* a value written twice after a label with only a space between ("Resposta: 30 30") is that value, and two
  different values so written ("Answer: 30 32") are two answers offered, not the number 3032;
* a correction word that follows its value, as verb-final languages write it ("Bekle, 32 olmalı."), still
  corrects the answer stated before it;
* a text that ends on an operation word right after its last value ("Il totale è 100 diviso per") was cut
  before the operand: no answer, as after a dangling operator sign.
"""

from __future__ import annotations

import pytest
from answer_labels import LABELS

from rewardcheck.rewards.engine import judge
from rewardcheck.rewards.engine.lexicon import LANGUAGE_ROWS, WORDS, WordClass


def _verdict(text: str, gold: str) -> str:
    return judge(text, gold).verdict.value


@pytest.mark.parametrize("lang", sorted(LABELS))
def test_a_value_written_twice_after_a_label_is_that_value(lang: str) -> None:
    text = f"{LABELS[lang]} 30 30"
    assert _verdict(text, "30") == "correct", text
    assert _verdict(text, "3030") != "correct", text


@pytest.mark.parametrize("lang", sorted(LABELS))
def test_two_values_written_after_a_label_are_two_answers(lang: str) -> None:
    for first, second in (("30", "32"), ("32", "30")):
        text = f"{LABELS[lang]} {first} {second}"
        for gold in ("30", "32", first + second):
            assert _verdict(text, gold) != "correct", (text, gold)


@pytest.mark.parametrize(
    ("text", "gold"),
    [
        ("Answer: 2 1/2", "2.5"),  # a whole number before a fraction: one mixed number
        ("Antwort: 1 250", "1250"),  # a space inside one number
        ("Ответ: 12 345", "12345"),
    ],
)
def test_one_number_written_with_a_space_stays_one(text: str, gold: str) -> None:
    assert _verdict(text, gold) == "correct", text


# A correction word after the answer, then a new value; the verb-final rows close the new value with a
# correction word of their own after it (tr "olmalı", hi "होना चाहिए"), which must not hide the value.
CORRECTED = {
    "en": "Answer: 30. Wait, it should be 32.",
    "tr": "Cevap 30. Bekle, 32 olmalı.",
    "ja": "答え：30。待って、32 のはずです。",
    "ko": "답: 30. 잠깐, 32여야 합니다.",
    "hi": "उत्तर: 30. रुको, 32 होना चाहिए।",
    "de": "Antwort: 30. Moment, es müsste 32 sein.",
}


@pytest.mark.parametrize("lang", sorted(CORRECTED))
def test_a_correction_after_the_answer_replaces_it_in_any_word_order(lang: str) -> None:
    text = CORRECTED[lang]
    assert _verdict(text, "32") == "correct", text
    assert _verdict(text, "30") != "correct", text


# "the total is" in each language, before "100" and one of the language's operation words (after the
# language's answer label: a phrase two languages share is read where the text shows its language)
TOTAL = {
    "en": "The total is",
    "fr": "Le total est",
    "es": "El total es",
    "pt": "O total é",
    "it": "Il totale è",
    "de": "Die Summe ist",
    "ru": "Итого",
    "zh": "总数是",
    "ja": "合計は",
    "ko": "합계는",
    "ar": "المجموع هو",
    "hi": "कुल",
    "vi": "Tổng là",
    "id": "Totalnya adalah",
    "tr": "Toplam",
}


def _operation_words(lang: str) -> tuple[str, ...]:
    if lang == "en":
        return tuple(WORDS[WordClass.OPERATION])
    return LANGUAGE_ROWS[lang].words.get(WordClass.OPERATION, ())


@pytest.mark.parametrize("lang", sorted(TOTAL))
def test_a_text_cut_after_an_operation_word_states_no_answer(lang: str) -> None:
    words = _operation_words(lang)
    assert words, lang
    for word in words:
        text = f"{LABELS[lang]} {TOTAL[lang]} 100 {word}"
        assert _verdict(text, "100") == "no_answer", text
    # the same value, the sentence finished: read as it stands
    finished = f"{LABELS[lang]} {TOTAL[lang]} 100."
    assert _verdict(finished, "100") == "correct", finished


def test_an_operation_word_with_its_operand_or_an_end_is_no_cut() -> None:
    assert _verdict("He jumped 100 times.", "100") == "correct"
    assert _verdict("The answer is 100. The game is over", "100") == "correct"


@pytest.mark.parametrize(
    ("text", "gold", "paid"),
    [
        ("2人でやると4日で終わります。", "4", True),  # the "と" of "やると" ends a clause: no list
        ("2人で作業すると、4日かかります。", "4", True),
        ("答えは 2人と4人です。", "4", False),  # a counter, then "と": a list of two values
        ("答案是 2 和 4。", "4", False),
    ],
)
def test_a_joiner_inside_a_clause_of_an_unspaced_script_joins_no_values(
    text: str, gold: str, paid: bool
) -> None:
    assert (_verdict(text, gold) == "correct") is paid, text


@pytest.mark.parametrize(
    "text",
    [
        "4 4 4 4 44 444 four four 4 4 4 4 4 4 4 4",  # a repetition loop
        "=== 1 2 1 2 ==== aaaa 12 12 !! ??",  # two numbers after no label: junk, not an answer written twice
        "1 2 3 1 2 3 1 2 4",
    ],
)
def test_numbers_written_apart_without_a_label_are_no_answer_written_twice(text: str) -> None:
    for gold in ("4", "12"):
        assert _verdict(text, gold) != "correct", text
