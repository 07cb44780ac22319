"""Engine v2, must credit (issue 13): answers the engine missed before v2, and the wrong neighbours of each
(a missing or extra solution, a different value) so that crediting cannot be done by paying everything."""

from __future__ import annotations

import pytest

from rewardcheck.rewards.engine import Verdict, judge
from rewardcheck.rewards.registry import build_registry

T = "<think>\nI work it out step by step and check it.\n</think>\n"
P = build_registry({}, "patched")

CREDIT = [
    # anchors anywhere in the final-answer region
    ("**Answer:** 17", "17"),
    ("**Answer**: 17", "17"),
    ("So the count is odd. Answer: 17", "17"),
    ("Final Answer: The final answer is 2.45.", "2.45"),
    ("So she has 18 left. #### 18", "18"),
    ("That makes 44. I am confident that 44 is the correct answer.", "44"),
    # answer sentences: the stated value, never the variable name
    ("<answer> 36 marbles were left in the jar. </answer>", "36"),
    ("The sum of the roots is $-3$.", "-3"),
    ("Final Answer: The smallest $k$ is 12.", "12"),
    # a final-answer region that is one lone math expression
    ("$\\dfrac{3}{7}$", "\\frac{3}{7}"),
    # several boxes stating all solutions of a set or list gold
    ("$\\boxed{1}$ and $\\boxed{2}$", "1, 2"),
    ("$\\boxed{1}\\quad\\text{and}\\quad\\boxed{2}$", "1, 2"),
    ("$\\boxed{2}$ and $\\boxed{1}$", "\\boxed{1}\\boxed{2}"),
    ("$x = 1$ or $x = 2$, so $\\boxed{x=1 \\text{ or } x=2}$", "\\{1,2\\}"),  # solutions joined by "or"
    ("$\\boxed{1}$ or $\\boxed{2}$", "1, 2"),
    # golds: bases, several boxes, units and text, shorthand
    ("\\boxed{1101_2}", "1101_2"),
    ("\\boxed{1101}", "1101_2"),
    ("\\boxed{3012}", "3012_4"),
    ("\\boxed{50}", "50 \\mbox{ cm}^2"),
    ("\\boxed{50 \\text{ cm}^2}", "50 \\mbox{ cm}^2"),
    ("\\boxed{\\frac{5}{8}}", "\\frac5{8}"),
    ("\\boxed{7}", "\\textnormal{7}"),
    ("\\boxed{\\text{Evelyn}}", "\\textnormal{Evelyn}"),
    ("\\boxed{east}", "\\text{East}"),
    # equivalences
    ("\\boxed{(2,\\infty)}", "t>2"),
    ("\\boxed{t>2}", "(2,\\infty)"),
    ("\\boxed{x \\geq 2}", "[2, \\infty)"),
    ("\\boxed{y < -1}", "(-\\infty, -1)"),
    ("\\boxed{[-1, 3)}", "-1 \\le y < 3"),
    ("\\boxed{g(t)=2t+1}", "g(x)=2x+1"),
    ("\\boxed{\\begin{pmatrix} 1 \\\\ 2 \\end{pmatrix}}", "(1,2)"),
    ("\\boxed{(1,2)}", "\\begin{pmatrix} 1 \\\\ 2 \\end{pmatrix}"),
    ("\\boxed{\\{3, 1, 2\\}}", "\\{1,2,3\\}"),
    ("\\boxed{3, 1, 2}", "1, 2, 3"),
    # final forms that are not "unevaluated"
    ("\\boxed{\\frac{3}{4}}", "0.75"),
    ("\\boxed{1.2 \\times 10^{5}}", "120000"),
    ("\\boxed{12^{\\text{th}}}", "12"),
    ("\\boxed{x=5}", "5"),
]

NOT_CREDIT = [
    ("$\\boxed{1}$", "1, 2"),  # a missing solution
    ("$\\boxed{1}$, $\\boxed{2}$ and $\\boxed{3}$", "1, 2"),  # an extra one
    ("$\\boxed{1}$ or $\\boxed{3}$", "1, 2"),  # "or" between solutions: still the whole set or nothing
    ("\\boxed{1 \\text{ or } 2}", "2"),  # a choice for a single-valued gold
    ("\\boxed{13}", "1101_2"),  # the value in decimal is not the digits in the gold's base
    ("\\boxed{1102}", "1101_2"),
    ("\\boxed{(2,\\infty)}", "t \\geq 2"),
    ("\\boxed{g(t)=2t+2}", "g(x)=2x+1"),
    ("\\boxed{(1,3)}", "\\begin{pmatrix} 1 \\\\ 2 \\end{pmatrix}"),
    ("\\boxed{\\{1, 2\\}}", "\\{1,2,3\\}"),
    ("\\boxed{west}", "\\text{East}"),
    ("The sum of the roots is $3$.", "-3"),
]


@pytest.mark.parametrize(("final", "gold"), CREDIT)
def test_credited(final: str, gold: str) -> None:
    j = judge(T + final, gold)
    assert j.verdict is Verdict.CORRECT, j


@pytest.mark.parametrize(("final", "gold"), NOT_CREDIT)
def test_neighbour_not_credited(final: str, gold: str) -> None:
    j = judge(T + final, gold)
    assert j.accuracy == 0.0, j


def test_mangled_tags_earn_what_the_readme_says() -> None:
    # `</ think>` (stray spaces in the closing tag) is read as `</think>` for accuracy; format pays nothing
    spaced = "<think>\nI add them.\n</ think>\n\\boxed{5}"
    assert P["accuracy"]([spaced], solution=["5"]) == [1.0]
    assert P["format"]([spaced]) == [0.0]
    # any other spelling is not a tag: `<end think>` leaves the think block open (no answer without ids, 0)
    assert judge("<think>\nI add them.\n<end think>\n\\boxed{5}", "5").verdict is Verdict.NO_ANSWER
    # `<.answer>` is not an answer block; the value it wraps is still the value stated (open-world reader)
    assert judge(T + "<.answer>5</.answer>", "5").verdict is Verdict.CORRECT
    # a boxed answer inside a misspelt answer tag is still a boxed answer
    assert judge(T + "<.answer>\\boxed{5}</.answer>", "5").verdict is Verdict.CORRECT
