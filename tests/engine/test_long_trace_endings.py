"""What long reasoning traces write after their answer, found by the blind set ``long15``, each a class in
several languages:

* a hedged value after the answer leaves it (the project's rule: a committed answer, then a hedged one, pays the
  committed one; the blind set's rows that expected a refusal there are noted in fixtures/probes/README.md);
* a remark in round brackets that closes the text, or a note's paragraph running on over a display line, is
  read past; a note denying that its value is the answer ("sorunun cevabı değildir") states none;
* a tick written in LaTeX (``\\checkmark``) marks a check, as "✓" does;
* a negator that opens a subject headed by an answer noun ("Hiçbir sporu oynamayan öğrenci sayısı 4'tür")
  denies nothing of the value;
* "约数" (divisor) holds no "about" (WordClass.PLAIN_WORD).
"""

from __future__ import annotations

import pytest

from rewardcheck.rewards.engine import judge


def _verdict(text: str, gold: str) -> str:
    return judge(text, gold).verdict.value


@pytest.mark.parametrize(
    "text",
    [
        "The answer is 48.\nA rough estimate gives about 50.",  # an approximation, no second answer
        "**Answer: 48**\n\nThe answer is probably 48.",  # the same value
        "So the probability is $\\boxed{\\frac{1}{6}}$.\nThis matches the fact that 7 is the most likely sum "
        "with two dice.",  # a hedge word of a remark that names no answer
    ],
)
def test_a_hedged_value_that_is_no_other_answer_leaves_the_answer(text: str) -> None:
    gold = "\\frac{1}{6}" if "1}{6" in text else "48"
    assert _verdict(text, gold) == "correct", text


@pytest.mark.parametrize(
    ("text", "gold"),
    [
        ("So the mean is **81**.\n\n(The mode is 80, but the question asks for the mean.)", "81"),
        (
            "Jadi rata-rata nilai ujian adalah **81**.\n\n(Modusnya 80, tetapi yang ditanyakan adalah rata-rata.)",
            "81",
        ),
        (
            "العوامل الأولية هي 2 و 11 و 23، وأكبرها **23**.\n\n(القيمة 253 ليست أولية لأن $253 = 11 \\times 23$.)",
            "23",
        ),
        ("所以第 20 项是 **79**。\n\n（前 20 项之和为 820。）", "79"),
    ],
)
def test_a_remark_in_brackets_after_the_answer_is_read_past(text: str, gold: str) -> None:
    assert _verdict(text, gold) == "correct", text


def test_a_correction_in_brackets_is_read_as_it_stands() -> None:
    text = "So the mean is **81**.\n\n(Actually, it is 82.)"
    assert _verdict(text, "82") == "correct"
    assert _verdict(text, "81") != "correct"


@pytest.mark.parametrize(
    ("text", "gold"),
    [
        (
            "Hiçbir sporu oynamayan öğrenci sayısı **4**'tür.\n\nNot: tabloda görünen 36, en az bir spor "
            "yapanların sayısıdır; sorunun cevabı değildir.",
            "4",
        ),
        (
            "The number of students is **4**.\n\nNote: the 36 in the table counts those who play a sport; it "
            "is not the answer.",
            "4",
        ),
        (
            "所以第 20 项是 **79**。\n\n附注：前 20 项之和为\n$$S_{20} = \\frac{20\\times(3+79)}{2} = 820,$$\n"
            "这只是顺带一提，不是本题所求。",
            "79",
        ),
        ("A área do trapézio é **40**.\n\nComentário: o perímetro seria 26,8, valor que não é pedido.", "40"),
    ],
)
def test_a_note_after_the_answer_is_read_past(text: str, gold: str) -> None:
    assert _verdict(text, gold) == "correct", text


def test_a_note_that_states_another_answer_is_read() -> None:
    text = "The number of students is **4**.\n\nNote: recounting, the answer is 36."
    assert _verdict(text, "36") == "correct"


def test_a_latex_tick_marks_a_check() -> None:
    text = "**Respuesta:** hay $66$ soluciones.\n\nSumando:\n$$11 + 10 + \\cdots + 1 = 66. \\checkmark$$"
    assert _verdict(text, "66") == "correct"


@pytest.mark.parametrize(
    ("text", "gold", "paid"),
    [
        ("Hiçbir sporu oynamayan öğrenci sayısı **4**'tür.", "4", True),
        ("答案不是 6。", "6", False),
        ("The total is not 6.", "6", False),
        ("मैं तय नहीं कर पा रहा कि सही मान 12 है या 24।", "12", False),
    ],
)
def test_a_negator_opening_the_subject_denies_no_value(text: str, gold: str, paid: bool) -> None:
    assert (_verdict(text, gold) == "correct") is paid, text


@pytest.mark.parametrize(
    "text", ["所以 360 共有 $\\boxed{24}$ 个正约数。", "由约数个数公式，正约数的个数为 24。"]
)
def test_a_divisor_is_no_approximation(text: str) -> None:
    assert _verdict(text, "24") == "correct", text
    assert _verdict("约 24。", "24") != "correct"
