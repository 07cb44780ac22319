"""Issue 23: the answer classes the labelled set (fixtures/labelled) found, each with credits in several
wordings and the refusal neighbours that must stay refused."""

from __future__ import annotations

import pytest

from rewardcheck.rewards.engine import judge
from rewardcheck.rewards.engine.config import EngineConfig
from rewardcheck.rewards.engine.verdict import Verdict

R1 = EngineConfig(think_prefilled=True)
PLAIN = EngineConfig()


def verdict(text: str, gold: str, config: EngineConfig = PLAIN) -> Verdict:
    return judge(text, gold, config=config).verdict


LONG = (
    "Let me work through this carefully. " * 90
)  # a long final-answer region (no think block): the closing sentences are all there is


# 1. A prose answer with no box or "answer is" anchor: the closing sentence that asserts a value
PROSE_CREDIT = [
    (
        LONG
        + "So, based on the information given, Karla would have saved 550 gallons of gasoline last year.",
        "550",
    ),
    (LONG + "Therefore, it will take 4 cylindrical beakers of water to fill the spherical tank.", "4"),
    (LONG + "I think I'm good. The height is 5 cm.", "5"),
    (
        LONG
        + "I think I've confirmed it enough ways. The last nonzero digit to the right of the point is 4.",
        "4",
    ),
    (LONG + "In any case, our solution seems solid. The greater integer is indeed 18.", "18"),
    (
        LONG + "I can't think of any scenario where this wouldn't hold. Therefore, the answer should be 1.",
        "1",
    ),
    (
        LONG
        + "Therefore, 57/160 is indeed 0.35625, which is a terminating decimal.\n\nI think that's the answer.",
        "0.35625",
    ),
    (LONG + "I think that's it. The radius is 3 units.", "3"),
]
PROSE_REFUSED = [
    (
        LONG
        + "So, based on the information given, Karla would have saved 550 gallons of gasoline last year.",
        "500",
    ),
    (LONG + "The height is not 5 cm.", "5"),
    (LONG + "The height is 5 or 6 cm.", "5"),
    (LONG + "The reference answer is 5.", "5"),
    (LONG + "The height is about 5 cm.", "5"),
    (LONG + "Is the height 5 cm?", "5"),
    (LONG + "The height is 5 cm, I think, but I am not sure what the", "5"),
]


@pytest.mark.parametrize(("text", "gold"), PROSE_CREDIT)
def test_closing_prose_sentence_is_the_answer(text: str, gold: str) -> None:
    assert verdict(text, gold) is Verdict.CORRECT


@pytest.mark.parametrize(("text", "gold"), PROSE_REFUSED)
def test_closing_prose_refusals(text: str, gold: str) -> None:
    assert verdict(text, gold) is not Verdict.CORRECT


# 2. Equations as final answers; an equation gold is compared as an equation
EQUATION_CREDIT = [
    ("Combine like terms to simplify the expression: $$19x - 4x + 1 - 81 = 15x - 80.$$", "15x-80"),
    (LONG + "Therefore, the function is continuous for all n, and a = 5.\n\nI think that's the answer.", "5"),
    (LONG + "So the value we want is $a = 5$.", "5"),
    (LONG + "The equation of the plane is 5x - 7y + 11z + 4 = 0.", "5x-7y+11z+4=0"),
    (LONG + "The equation of the plane is $10x - 14y + 22z + 8 = 0$.", "5x-7y+11z+4=0"),
    ("ok</think> <answer> 5x-7y+11z+4=0 </answer>", "5x-7y+11z+4=0"),
    ("ok</think> <answer> 5x - 7y + 11z = -4 </answer>", "5x-7y+11z+4=0"),
]
EQUATION_REFUSED = [
    ("Combine like terms to simplify the expression: $$19x - 4x + 1 - 81 = 15x - 79.$$", "15x-80"),
    (LONG + "The equation of the plane is 5x + 9y + 11z + 20 = 0.", "5x-7y+11z+4=0"),
    ("ok</think> <answer> 5x+9y+11z+20=0 </answer>", "5x-7y+11z+4=0"),
    ("ok</think> <answer> 0 </answer>", "5x-7y+11z+4=0"),
    (LONG + "So the line is y = 2x + 3.", "3"),
    (LONG + "Therefore, the function is continuous for all n, and a = 6.\n\nI think that's the answer.", "5"),
]


@pytest.mark.parametrize(("text", "gold"), EQUATION_CREDIT)
def test_equation_final_answers(text: str, gold: str) -> None:
    config = R1 if "</think>" in text else PLAIN
    assert verdict(text, gold, config) is Verdict.CORRECT


@pytest.mark.parametrize(("text", "gold"), EQUATION_REFUSED)
def test_equation_refusals(text: str, gold: str) -> None:
    config = R1 if "</think>" in text else PLAIN
    assert verdict(text, gold, config) is not Verdict.CORRECT


# 3. A closing remark (a value inside a subordinate clause) is not the answer; the answer before it is
REMARK = (
    LONG + "Yes, that matches the original equation. So, \\(x = 4\\) is indeed the correct solution.\n\n"
    "I don't think there are any other steps needed here. The equation is straightforward once you isolate "
    "the exponential term and recognize that 10 to the power of {v} is {p}."
)


def test_closing_remark_is_not_the_answer() -> None:
    assert verdict(REMARK.format(v=4, p=10000), "4") is Verdict.CORRECT
    assert verdict(REMARK.format(v=4, p=10000), "10000") is not Verdict.CORRECT
    assert verdict(REMARK.format(v=3, p=1000), "4") is Verdict.CORRECT
    assert verdict(REMARK.replace("x = 4", "x = 5").format(v=4, p=10000), "4") is not Verdict.CORRECT
    other = (
        LONG + "So the answer is clear. It works because we know that 2 cubed is 8, which is what we need."
    )
    assert verdict(other, "8") is not Verdict.CORRECT


# 4. From verl's comparison
@pytest.mark.parametrize(
    ("text", "gold"),
    [
        ("The answer is 4. Wait, no: it is 5.", "5"),
        ("The answer is 4. Wait no, it is 5.", "5"),
        ("So \\boxed{x<1 \\text{ or } x>2}", "(-\\infty,1)\\cup(2,\\infty)"),
        ("So \\boxed{x = 1 \\text{ or } x = 2}", "1, 2"),
        ("So \\boxed{x = 1 or x = -1}", "\\pm 1"),
        ("So \\boxed{５}", "5"),
        ("So \\boxed{－３}", "-3"),
        ("So \\boxed{0.\\overline{3}}", "\\frac13"),
        ("So \\boxed{0.1\\overline{6}}", "\\frac{1}{6}"),
        ("So \\boxed{25\\%}", "0.25"),
        ("So \\boxed{0.25}", "25\\%"),
        ("So \\boxed{50\\%}", "\\frac{1}{2}"),
        ("ok</think> <answer> 4:30 </answer>", "4:30p.."),
        ("ok</think> <answer> 4:30 p.m. </answer>", "4:30p.."),
        ("ok</think> <answer> 16:30 </answer>", "4:30 p.m."),
    ],
)
def test_verl_forms_credited(text: str, gold: str) -> None:
    config = R1 if "</think>" in text else PLAIN
    assert verdict(text, gold, config) is Verdict.CORRECT


@pytest.mark.parametrize(
    ("text", "gold"),
    [
        ("The answer is 4. Wait, no: it is 5.", "4"),
        ("So \\boxed{1 \\text{ or } 2}", "2"),
        ("So \\boxed{1 or 2}", "2"),
        ("So \\boxed{x<1 \\text{ or } x>3}", "(-\\infty,1)\\cup(2,\\infty)"),
        ("So \\boxed{x = 1 \\text{ or } x = 3}", "1, 2"),
        ("So \\boxed{x = 1 or x = -2}", "\\pm 1"),
        ("So \\boxed{６}", "5"),
        ("So \\boxed{0.\\overline{4}}", "\\frac13"),
        ("So \\boxed{0.3}", "\\frac13"),
        ("So \\boxed{25\\%}", "0.5"),
        ("So \\boxed{0.25}", "0.25\\%"),
        ("So \\boxed{50}", "\\frac{1}{2}"),
        ("ok</think> <answer> 4:30 a.m. </answer>", "4:30p.."),
        ("ok</think> <answer> 5:30 </answer>", "4:30p.."),
        ("ok</think> <answer> 4:30 or 5:30 </answer>", "4:30p.."),
    ],
)
def test_verl_forms_refused(text: str, gold: str) -> None:
    config = R1 if "</think>" in text else PLAIN
    assert verdict(text, gold, config) is not Verdict.CORRECT
