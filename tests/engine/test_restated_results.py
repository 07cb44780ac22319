"""A closing statement that names the last equation's result among the data it came from states that result,
in any language and wherever it stands in the statement ("48 − 30 = 18" then "So the baker still has eighteen
muffins left out of the 48 he made."); a value a predicate names right after the result, a label's computed
value, and two values joined as a group stay. A value restated in another unit after "i.e." is the first one
where the unit converts it ("2,5 kg, soit 2 500 g", "0.3L、つまり300mL"), not where another quantity follows
("termina às 10h, ou seja, 150 minutos depois")."""

from __future__ import annotations

import pytest
from verdicts import verdict as _verdict

RESTATED = [
    (
        "Total: 4 × 12 = 48\nLeft: 48 − 30 = 18\nSo the baker still has eighteen muffins left out of the 48.",
        "18",
    ),
    ("Spent: 2 × 1.35 + 2.10 = 4.80\n10 − 4.80 = 5.20\nTim gets $5.20 back, because he spent $4.80.", "5.2"),
    ("360 ÷ 24 = 15（分钟）\n答：按每分钟24页计算，打印360页需要15分钟。", "15"),
    ("15 + 8 = 23\nMaría tiene 8 más que Juan, es decir, 23 canicas.", "23"),
    ("34 − 9 = 25\nBruno tem 9 figurinhas a menos que Carlos, isto é, 25.", "25"),
    ("48 + 15 = 63\nDodi punya 15 kelereng lebih banyak dari Rina, yaitu 63 kelereng.", "63"),
    (
        "Rapat 13.15 sampai 15.00.\n60 + 45 = 105 menit\nRapat selesai pukul 15.00, yaitu 105 menit setelah dimulai.",
        "105",
    ),
]


@pytest.mark.parametrize(("text", "gold"), RESTATED)
def test_the_closing_statement_states_the_last_result(text: str, gold: str) -> None:
    assert _verdict(text, gold) == "correct", text


KEPT = [
    ("4 × 49 = 196, so 196 is a divisor.\nTherefore, the number of divisors of 196 is 9.", "9"),
    ("60 × 3/4 = 45（个）\n60 − 45 = 15（个）\n答：面包店卖出了 45 个蛋糕，还剩 15 个。", "45"),
    ("x = 5, and 2·5 + 3 = 13.\nSo x = 5.", "5"),
]


@pytest.mark.parametrize(("text", "gold"), KEPT)
def test_a_value_named_by_its_predicate_or_a_computed_label_stays(text: str, gold: str) -> None:
    assert _verdict(text, gold) == "correct", text


def test_two_values_joined_as_a_group_stay_a_group() -> None:
    text = "(x-2)(x-3) = 0, so x = 3 is a root.\nSo the answer is 2 or 3."
    assert _verdict(text, "3") != "correct"


@pytest.mark.parametrize(
    ("text", "gold", "other"),
    [
        ("Masse totale = 2,5 kg, soit 2 500 g.", "2.5", "2500"),
        ("1人分は0.3L、つまり300mLです。", "0.3", "300"),
        ("还剩2.6千克，也就是2600克。", "2.6", "2600"),
        ("The area is 400 m², i.e. 0.04 ha.", "400", "0.04"),
        ("A aula termina às 10h, ou seja, 150 minutos depois de começar.", "150", "10"),
    ],
)
def test_a_restatement_in_another_unit_keeps_the_first_value(text: str, gold: str, other: str) -> None:
    assert _verdict(text, gold) == "correct", text
    assert _verdict(text, other) != "correct", text


@pytest.mark.parametrize(
    ("text", "gold"), [("还剩2.6千克。", "2.6"), ("一共5千米。", "5"), ("功率是3千瓦。", "3")]
)
def test_the_kilo_prefix_is_no_thousand(text: str, gold: str) -> None:
    assert _verdict(text, gold) == "correct", text
    assert _verdict(text, str(int(float(gold) * 1000))) != "correct", text
