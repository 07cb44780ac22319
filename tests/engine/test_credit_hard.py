"""Engine v3, HardVerify classes (issue 23): correct answers that verifiers tend to reject, each class in more
than one wording, each next to the refusals it borders (a wrong tuple, a set missing an element, a wrong
period, an inverted ratio...). Every credit case here was refused before the class was fixed."""

from __future__ import annotations

import pytest

from rewardcheck.rewards.engine import Verdict, judge

T = "<think>\nI work it out step by step and check it.\n</think>\n"


def _v(answer: str, gold: str, prompt: str | None = None) -> Verdict:
    return judge(T + f"The final answer is $\\boxed{{{answer}}}$.", gold, prompt=prompt).verdict


def _said(completion: str, gold: str, prompt: str | None = None) -> Verdict:
    return judge(T + completion, gold, prompt=prompt).verdict


# --- 1. labelled values: names, function values, words, a tuple of names; unit words after the values ------
LABELLED_CREDIT = [
    ("T(10)=2, T(11)=4, T(12)=3", "2,4,3"),
    ("f(1) = 5,\\ f(2) = 7", "5, 7"),
    ("Maximum = 2, Minimum = 1", "1,2"),
    ("\\text{Minimum: } 1, \\text{ Maximum: } 3", "1,3"),
    ("Paolo: 18, Qing: 14, Rayna: 7", "7,14,18"),
    ("\\text{Paolo}: 18,\\ \\text{Qing}: 14,\\ \\text{Rayna}: 7", "7, 14, 18"),
    ("(x, y, z) = (1, 2, 3)", "$1,2,3$"),
    ("x_1 = 1, x_2 = -2", "-2,1"),
    ("7 \\text{ stuffed goats and } 4 \\text{ toy helicopters}", "7,4"),
    ("40 \\text{ chocolate},\\ 60 \\text{ hard},\\ 10 \\text{ jelly}", "40, 60, 10"),
    ("(f(n), g(n)) = (n, 1) \\text{ for all positive integers } n", "$f(n)=n$, $g(n)=1$"),
    ("g(n) = 1, f(n) = n", "$f(n)=n$, $g(n)=1$"),
    ("f(x) = -1 \\text{ for all } x \\in \\mathbb{Z}, \\text{ and } f(x) = x + 1", "$f(x)=-1$,$f(x)=x+1$"),
    ("n^2 - n - 1", "$m_{\\max }=n^{2}-n-1$"),
    ("(-32 + 3t, 64 - 5t) \\text{ for some integer } t", "(k, \\, \\ell) = (-32 + 3x, \\; 64 - 5x)"),
    ("\\text{Sequence 1: } -2, -1, 0 \\text{ and Sequence 2: } 10, 11, 12", "10,11,12,-2,-1,0"),
]
LABELLED_REFUSE = [
    ("T(10)=2, T(11)=4, T(12)=4", "2,4,3"),  # a wrong value in the tuple
    ("Maximum = 2, Minimum = 0", "1,2"),
    ("Paolo: 18, Qing: 12, Rayna: 5", "7,14,18"),
    ("(x, y, z) = (1, 3, 4)", "$1,2,3$"),
    ("7 \\text{ stuffed goats and } 3 \\text{ toy helicopters}", "7,4"),
    ("(f(n), g(n)) = (n, 2)", "$f(n)=n$, $g(n)=1$"),
    ("f(n) = 1, g(n) = n", "$f(n)=n$, $g(n)=1$"),  # the values swapped between the two names
    ("f(x) = -1, f(x) = x", "$f(x)=-1$,$f(x)=x+1$"),
    ("f(x) = -1", "$f(x)=-1$,$f(x)=x+1$"),  # one of the two functions missing
    ("(-32 + 3t, 64 + 5t) \\text{ for some integer } t", "(k, \\, \\ell) = (-32 + 3x, \\; 64 - 5x)"),
    ("p=4, q=3", "(3, 4)"),  # a labelled tuple still states its values in order
    ("x = 2 \\text{ or } x = 3", "3"),  # two values for one gold: alternatives
]


@pytest.mark.parametrize(("answer", "gold"), LABELLED_CREDIT)
def test_labelled_values_are_read(answer: str, gold: str) -> None:
    assert _v(answer, gold) is Verdict.CORRECT


@pytest.mark.parametrize(("answer", "gold"), LABELLED_REFUSE)
def test_labelled_neighbours_are_refused(answer: str, gold: str) -> None:
    assert _v(answer, gold) is Verdict.WRONG


# --- 2. "find all": a list, a set, "or", boxes, the plus-minus sign: any order, every element ---------------
FIND_ALL_CREDIT = [
    ("1, -2", "-2,1"),
    ("7 \\text{ and } -5", "-5,7"),
    ("x = 7 \\text{ or } x = -5", "-5,7"),
    ("\\{1, -2\\}", "-2, 1"),
    (
        "(\\pm \\sqrt{2}, 0, \\pm \\sqrt{2})",
        "(\\sqrt{2}, 0, \\sqrt{2}), (\\sqrt{2}, 0, -\\sqrt{2}), "
        "(-\\sqrt{2}, 0, \\sqrt{2}), (-\\sqrt{2}, 0, -\\sqrt{2})",
    ),
    ("(\\pm 1, 2)", "(-1, 2), (1, 2)"),
    ("1 \\pm \\sqrt{2}, 3", "3, 1+\\sqrt{2}, 1-\\sqrt{2}"),
    ("(x, y) = (2, 1) \\text{ or } (1, 2)", "(1, 2), (2, 1)"),
]
FIND_ALL_REFUSE = [
    ("1, -3", "-2,1"),
    ("1", "-2,1"),  # a set missing an element
    ("1, -2, 3", "-2,1"),  # one too many
    ("7 \\text{ and } -6", "-5,7"),
    (
        "(\\pm \\sqrt{2}, 1, \\pm \\sqrt{3})",
        "(\\sqrt{2}, 0, \\sqrt{2}), (\\sqrt{2}, 0, -\\sqrt{2}), "
        "(-\\sqrt{2}, 0, \\sqrt{2}), (-\\sqrt{2}, 0, -\\sqrt{2})",
    ),
    (
        "(\\pm \\sqrt{2}, 0, \\sqrt{2})",
        "(\\sqrt{2}, 0, \\sqrt{2}), (\\sqrt{2}, 0, -\\sqrt{2}), "
        "(-\\sqrt{2}, 0, \\sqrt{2}), (-\\sqrt{2}, 0, -\\sqrt{2})",
    ),  # half the signs
    ("(1, 2)", "(-1, 2), (1, 2)"),
    ("\\pm 2", "2"),  # a plus-minus answer to a one-value gold
    ("(2, 1)", "(1, 2)"),  # a tuple is ordered
]


@pytest.mark.parametrize(("answer", "gold"), FIND_ALL_CREDIT)
def test_find_all_answers_in_any_order(answer: str, gold: str) -> None:
    assert _v(answer, gold) is Verdict.CORRECT


@pytest.mark.parametrize(("answer", "gold"), FIND_ALL_REFUSE)
def test_find_all_neighbours_are_refused(answer: str, gold: str) -> None:
    assert _v(answer, gold) is Verdict.WRONG


def test_boxed_roots_joined_by_and_are_the_list() -> None:
    assert _said("The roots are $\\boxed{1}$ and $\\boxed{-2}$.", "-2,1") is Verdict.CORRECT
    assert _said("The roots are $\\boxed{1}$ and $\\boxed{-3}$.", "-2,1") is Verdict.WRONG


# --- 3. general solutions: the parameter's name and its qualifier do not matter; the period does -----------
PERIOD_CREDIT = [
    ("n\\pi", "x = k\\pi"),
    ("x = m\\pi \\text{ where } m \\in \\mathbb{Z}", "x = k\\pi"),
    ("\\frac{\\pi}{4} + n\\pi, \\; n \\in \\mathbb{Z}", "x = \\frac{\\pi}{4} + k\\pi"),
    (
        "\\frac{\\pi}{4} + t\\pi \\text{ for some integer } t",
        "x = \\frac{\\pi}{4} + k\\pi, k \\in \\mathbb{Z}",
    ),
    (
        "\\frac{\\pi}{6}+n \\pi, \\frac{\\pi}{3}+n \\pi, \\frac{2 \\pi}{3}+n \\pi, \\frac{5 \\pi}{6}+n \\pi",
        "$x=\\frac{1}{6} \\pi+\\pi k, \\frac{1}{3} \\pi+\\pi k, \\frac{2}{3} \\pi+\\pi k, \\frac{5}{6} \\pi+\\pi k$",
    ),
    (
        "\\frac{\\pi}{3} + 2n\\pi \\text{ or } -\\frac{\\pi}{3} + 2n\\pi",
        "x = \\frac{\\pi}{3} + 2k\\pi, -\\frac{\\pi}{3} + 2k\\pi",
    ),
]
PERIOD_REFUSE = [
    ("2n\\pi", "x = k\\pi"),  # a wrong period
    ("\\frac{\\pi}{4} + 2n\\pi, \\; n \\in \\mathbb{Z}", "x = \\frac{\\pi}{4} + k\\pi"),
    ("\\frac{\\pi}{2} + n\\pi", "x = \\frac{\\pi}{4} + k\\pi"),  # a wrong offset
    ("\\frac{\\pi}{4}", "x = \\frac{\\pi}{4} + k\\pi"),  # one solution for the family
    (
        "\\frac{\\pi}{6}, \\frac{\\pi}{3}, \\frac{2 \\pi}{3}, \\frac{5 \\pi}{6}",
        "$x=\\frac{1}{6} \\pi+\\pi k, \\frac{1}{3} \\pi+\\pi k, \\frac{2}{3} \\pi+\\pi k, \\frac{5}{6} \\pi+\\pi k$",
    ),
    (
        "\\frac{\\pi}{3} + 2n\\pi",
        "x = \\frac{\\pi}{3} + 2k\\pi, -\\frac{\\pi}{3} + 2k\\pi",
    ),  # half the family
]


@pytest.mark.parametrize(("answer", "gold"), PERIOD_CREDIT)
def test_general_solutions_any_parameter_name(answer: str, gold: str) -> None:
    assert _v(answer, gold) is Verdict.CORRECT


@pytest.mark.parametrize(("answer", "gold"), PERIOD_REFUSE)
def test_general_solution_neighbours_are_refused(answer: str, gold: str) -> None:
    assert _v(answer, gold) is Verdict.WRONG


# --- 4. ratios as golds, and ratio answers -------------------------------------------------------------------
RATIO_PROMPT = "What is the ratio of the two areas?"
RATIO_CREDIT = [
    ("2", "2:1", RATIO_PROMPT),
    ("2", "2:1", None),
    ("3", "$3:1$", None),
    ("4:2", "2:1", RATIO_PROMPT),
    ("2 : 1", "2:1", None),
    ("\\frac{3}{2}", "3 : 2", None),
    ("2:4:6", "1:2:3", None),
    ("20:3", "6.67", "What is the ratio of A's share to B's share?"),
    ("3:4", "\\frac{3}{4}", RATIO_PROMPT),
]
RATIO_REFUSE = [
    ("1:2", "2:1", RATIO_PROMPT),  # inverted
    ("\\frac{1}{2}", "2:1", None),
    ("1", "2:1", RATIO_PROMPT),
    ("2:3", "3 : 2", None),
    ("1:2:4", "1:2:3", None),
    ("20:7", "6.67", "What is the ratio of A's share to B's share?"),
    ("4:3", "\\frac{3}{4}", RATIO_PROMPT),
]


@pytest.mark.parametrize(("answer", "gold", "prompt"), RATIO_CREDIT)
def test_ratios_are_read(answer: str, gold: str, prompt: str | None) -> None:
    assert _v(answer, gold, prompt) is Verdict.CORRECT


@pytest.mark.parametrize(("answer", "gold", "prompt"), RATIO_REFUSE)
def test_ratio_neighbours_are_refused(answer: str, gold: str, prompt: str | None) -> None:
    assert _v(answer, gold, prompt) is not Verdict.CORRECT


# --- 5. exact answers to a rounded decimal gold; degrees for radians ----------------------------------------
ROUNDED_CREDIT = [
    ("\\dfrac{1587}{52}", "30.52"),
    ("\\dfrac{27}{59}", "0.458"),
    ("21 \\dfrac{13}{14}", "21.93"),
    ("\\dfrac{542}{3}\\text{ seconds}", "180.67"),
    ("\\dfrac{1}{15}", "6.67\\%"),
    ("\\sqrt{2} - 1", "41.4\\%"),
    ("\\frac{640}{51}", "$12.55"),
    ("2\\sqrt{3}", "3.464"),
    # engine v4 (issue 29): a decimal gold is itself a rounded figure; the gold rounded half-up to fewer
    # decimals (two significant digits or more) pays, as hand graders and HardVerify-Math's labels do
    ("165.5", "165.47"),
]
ROUNDED_REFUSE = [
    ("\\dfrac{1587}{51}", "30.52"),
    ("\\dfrac{2}{7}", "0.3"),  # a gold of one significant digit matches too much
    ("\\dfrac{1}{16}", "6.67\\%"),
    ("\\sqrt{3} - 1", "41.4\\%"),
    ("784", "785.12"),
    ("165.4", "165.47"),  # a decimal answer that is not the gold rounded
    ("2\\sqrt{2}", "3.464"),
]
ANGLE_CREDIT = [
    ("120^\\circ", "C = \\frac{2\\pi}{3}"),
    ("30^{\\circ}", "\\frac{\\pi}{6}"),
    ("135°", "\\dfrac{3\\pi}{4}"),
    ("\\frac{\\pi}{3}", "60^\\circ"),
    ("45 \\text{ degrees}", "\\frac{\\pi}{4}"),
]
ANGLE_REFUSE = [
    ("60^\\circ", "C = \\frac{2\\pi}{3}"),
    ("150^{\\circ}", "\\frac{\\pi}{6}"),
    ("\\frac{\\pi}{6}", "60^\\circ"),
    ("30", "\\frac{\\pi}{6}"),  # no degree sign: not an angle in degrees
]


@pytest.mark.parametrize(("answer", "gold"), ROUNDED_CREDIT + ANGLE_CREDIT)
def test_exact_answer_to_a_rounded_or_other_unit_gold(answer: str, gold: str) -> None:
    assert _v(answer, gold) is Verdict.CORRECT


@pytest.mark.parametrize(("answer", "gold"), ROUNDED_REFUSE + ANGLE_REFUSE)
def test_rounded_and_angle_neighbours_are_refused(answer: str, gold: str) -> None:
    assert _v(answer, gold) is Verdict.WRONG


# --- 6. set-builder sets, inequalities joined by "or", Greek variables: intervals ---------------------------
INTERVAL_CREDIT = [
    ("(-1, 1)", "\\{x|-1 < x < 1\\}"),
    ("(2, 3)", "$\\Big\\{x | 2 < x < 3\\Big\\}$"),
    ("(-2,\\ 3)", "\\{x \\mid -2<x<3\\}"),
    ("(4, 8] \\cup [10, 12)", "4 < m \\leq 8 \\text{ or } 10 \\leq m < 12"),
    ("(-\\infty, -2] \\cup \\{1\\}", "a \\leqslant -2 \\text{ or } a = 1"),
    ("x < 1 \\text{ or } x > 2", "(-\\infty, 1) \\cup (2, \\infty)"),
    ("3 < \\lambda \\leq 4", "(3,4]"),
]
INTERVAL_REFUSE = [
    ("[-1, 1]", "\\{x|-1 < x < 1\\}"),  # the endpoints are not in the set
    ("1", "\\{x|-1 < x < 1\\}"),  # sympy read the set-builder gold as 1
    ("(-2, 4)", "\\{x \\mid -2<x<3\\}"),
    ("(4, 8) \\cup [10, 12)", "4 < m \\leq 8 \\text{ or } 10 \\leq m < 12"),
    ("(-\\infty, -2]", "a \\leqslant -2 \\text{ or } a = 1"),  # the point 1 missing
    ("3 \\le \\lambda \\le 4", "(3,4]"),
]


@pytest.mark.parametrize(("answer", "gold"), INTERVAL_CREDIT)
def test_set_builder_and_or_inequalities_are_intervals(answer: str, gold: str) -> None:
    assert _v(answer, gold) is Verdict.CORRECT


@pytest.mark.parametrize(("answer", "gold"), INTERVAL_REFUSE)
def test_interval_neighbours_are_refused(answer: str, gold: str) -> None:
    assert _v(answer, gold) is Verdict.WRONG


# --- 7. the false credits: a quantified statement, a variable read as a unit --------------------------------
PROPOSITION = "∀x＞0, 3<sup>x</sup>≥x<sup>2</sup>"


def test_quantified_statement_compared_as_written() -> None:
    assert _v("\\forall x > 0, 3^x \\geq x^2", PROPOSITION) is Verdict.CORRECT
    assert _v("\\forall x>0,\\ 3^{x} \\ge x^{2}", PROPOSITION) is Verdict.CORRECT
    assert _v("\\forall x > 0, 3^x \\geq x", PROPOSITION) is Verdict.WRONG  # HardVerify #174
    assert _v("\\exists x > 0, 3^x \\geq x^2", PROPOSITION) is Verdict.WRONG
    assert _v("\\forall x > 0, 3^x < x^2", PROPOSITION) is Verdict.WRONG
    assert _v("3", PROPOSITION) is Verdict.WRONG  # what sympy read the gold as


@pytest.mark.parametrize(
    ("answer", "gold", "verdict"),
    [
        ("3n + 2", "3n + 2m", Verdict.WRONG),  # m read as metres and dropped: 3n + 2
        ("\\frac{3n + 1}{2}", "\\frac{3}{2}n + \\frac{1}{2}m", Verdict.WRONG),
        ("\\dfrac{3n + m}{2}", "\\frac{3}{2}n + \\frac{1}{2}m", Verdict.CORRECT),
        ("7 + 2h", "9", Verdict.WRONG),
        ("2x + 3", "2x + 3g", Verdict.WRONG),
    ],
)
def test_a_variable_is_never_a_unit(answer: str, gold: str, verdict: Verdict) -> None:
    assert _v(answer, gold) is verdict
