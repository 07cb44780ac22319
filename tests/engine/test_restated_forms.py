"""A value restated as its percentage, in brackets or as a chain's last member ("0,6 (60%)", "1/4 = 0,25 = 25 %",
"٠٫٧٥ أي ٧٥٪"), is one answer; a copula between two values makes the second the first's predicate ("1 到 10 的和是
55"); a label names the one value set in bold after a value that is not ("**요약:** 10봉지는 **10,800원**입니다."),
and a mark that closes a bold label is no emphasis of the value after it."""

from __future__ import annotations

import pytest
from verdicts import verdict as _verdict


@pytest.mark.parametrize(
    ("text", "gold"),
    [
        ("Probabilidade: 3/5, ou seja, 0,6 (60%).", "\\frac{3}{5}"),
        ("Wahrscheinlichkeit: 1/4 = 0,25 = 25 %", "0.25"),
        ("La probabilità è 0,125 (12,5%).", "0.125"),
        ("概率为 0.75（75%）。", "0.75"),
        ("Peluangnya 1/2 = 0,5 (50%).", "0.5"),
        ("النسبة هي ٠٫٧٥ أي ٧٥٪.", "0.75"),
        ("La probabilité vaut 3/4, soit 0,75 ou 75 %.", "0.75"),
    ],
)
def test_a_value_restated_as_its_percentage_is_one_answer(text: str, gold: str) -> None:
    assert _verdict(text, gold) == "correct", text


@pytest.mark.parametrize(
    ("text", "gold"),
    [("Probabilidade: 0,6 (65%).", "0.6"), ("Wahrscheinlichkeit: 1/4 = 0,25 = 20 %", "0.25")],
)
def test_a_percentage_that_says_another_value_is_no_restatement(text: str, gold: str) -> None:
    assert _verdict(text, gold) != "correct", text


@pytest.mark.parametrize(
    ("text", "gold"),
    [
        ("所以 1 到 10 的和是 55。", "55"),
        ("**요약:** 10봉지는 **10,800원**입니다.", "10800"),
        ("**Özet:** 3 ayda **2.000 TL** faiz kazanırsın.", "2000"),
        ("**Answer:** **12** apples in 3 baskets.", "12"),
    ],
)
def test_the_predicate_or_the_bold_value_is_the_answer(text: str, gold: str) -> None:
    assert _verdict(text, gold) == "correct", text


def test_two_values_a_choice_word_joins_stay_alternatives() -> None:
    assert _verdict("The answer is 2 or 3.", "3") != "correct"


@pytest.mark.parametrize(
    ("text", "gold"), [("The answer is **42**, else 84.", "42"), ("The answer is $12$, else **24**.", "12")]
)
def test_a_choice_word_between_a_bold_value_and_another_stays_a_choice(text: str, gold: str) -> None:
    assert _verdict(text, gold) != "correct", text
