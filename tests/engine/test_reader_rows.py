"""Reader rows: each answer format the reader knows, in several wordings (issue 29).

A new answer format is one reader row (``rewards/engine/text.py``) and one test here."""

from __future__ import annotations

import pytest

from rewardcheck.rewards.engine import judge


def verdict(text: str, gold: str, prompt: str | None = None) -> str:
    return judge(text, gold, prompt=prompt).verdict.value


@pytest.mark.parametrize(
    ("text", "gold"),
    [
        ("So x = 5", "5"),
        ("Total = 12", "12"),
        ("Therefore the total is\nTotal = 12", "12"),
        ("We have n = 42", "42"),
        ("Adding them up:\n\\text{Total} = 12", "12"),
    ],
)
def test_a_closing_equation_that_names_its_quantity_is_the_answer(text: str, gold: str) -> None:
    assert verdict(text, gold) == "correct"
    assert verdict(text, "13") == "wrong"


@pytest.mark.parametrize(
    ("text", "gold"),
    [
        ("The result:\n42", "42"),
        ("... computing ...\n\n$\\frac{1}{2}$", "\\frac{1}{2}"),
        ("Adding the parts gives\n\n\\[ 17 \\]", "17"),
    ],
)
def test_a_bare_final_value_without_token_ids_is_read_not_truncated(text: str, gold: str) -> None:
    assert verdict(text, gold) == "correct"


@pytest.mark.parametrize(
    "text",
    [
        "Answer:\n\\[\n\\frac{3}{4}\n\\]",
        "Final Answer\n$$\n\\frac{3}{4}\n$$",
        "**Answer:**\n\n$$x = \\frac{3}{4}$$",
        "**Final Answer:**\n\\[ \\dfrac{3}{4} \\]",
    ],
)
def test_answer_followed_by_a_display_block_on_the_next_line(text: str) -> None:
    assert verdict(text, "\\frac{3}{4}") == "correct"
    assert verdict(text, "\\frac{1}{4}") == "wrong"


@pytest.mark.parametrize(
    "text",
    [
        "\\begin{pmatrix} 1 & 2 \\\\ 3 & 4 \\end{pmatrix}",
        "So the product is\n$$\\begin{pmatrix} 1 & 2 \\\\ 3 & 4 \\end{pmatrix}$$",
        "The matrix is:\n\\[\n\\begin{pmatrix} 1 & 2 \\\\ 3 & 4 \\end{pmatrix}\n\\]",
    ],
)
def test_a_matrix_without_an_anchor(text: str) -> None:
    gold = "\\begin{pmatrix} 1 & 2 \\\\ 3 & 4 \\end{pmatrix}"
    assert verdict(text, gold) == "correct"
    assert verdict(text, "\\begin{pmatrix} 1 & 2 \\\\ 3 & 5 \\end{pmatrix}") != "correct"


@pytest.mark.parametrize(
    "text",
    [
        "The solutions are $x = 3$ and $x = 5$.",
        "The solutions are 3 and 5.",
        "So the roots are $3$, $5$.",
    ],
)
def test_several_values_in_prose_are_a_list(text: str) -> None:
    assert verdict(text, "3, 5") == "correct"
    assert verdict(text, "5") != "correct"  # a list never pays one of its members


@pytest.mark.parametrize(
    ("text", "gold"),
    [
        ("Therefore, Tom has 12 apples left.", "12"),
        ("Consequently, the number of students is 30.", "30"),
        ("As a result, she needs 8 more boxes.", "8"),
        ("In summary, the area is 25 square units.", "25"),
        ("This means the perimeter equals 40.", "40"),
        ("Therefore there are twelve apples.", "12"),
        ("So in the end she has one hundred and five stickers.", "105"),
    ],
)
def test_prose_conclusions(text: str, gold: str) -> None:
    assert verdict(text, gold) == "correct"


@pytest.mark.parametrize(
    ("text", "gold"),
    [
        ("The answer is ½.", "\\frac{1}{2}"),
        ("The answer is √2.", "\\sqrt{2}"),
        ("Answer: 3π", "3\\pi"),
        ("The answer is −5.", "-5"),
        ("x ≤ 3", "x \\le 3"),
        ("So the value is ⅓.", "\\frac{1}{3}"),
        ("So x ≥ 2.", "[2, \\infty)"),
        ("The result is x ∈ [1, 2].", "[1, 2]"),
        ("Thus the length is 2√3 units.", "2\\sqrt{3}"),
    ],
)
def test_unicode_outside_a_box(text: str, gold: str) -> None:
    assert verdict(text, gold) == "correct"


FOLLOW_UPS = [
    "#### 12\n\nQuestion: John has 5 apples. He eats 2. How many are left?\nAnswer: 3",
    "The answer is \\boxed{12}.\n\nProblem 2: A train travels 60 miles in 2 hours. Its speed is \\boxed{30}.",
    "\\boxed{12}\n\nHuman: Now solve this: what is 3+4?\n\nAssistant: \\boxed{7}",
    "So the total is 12.\n\n### Instruction:\nCompute 2+2.\n\n### Response:\n\\boxed{4}",
]


@pytest.mark.parametrize("text", FOLLOW_UPS)
def test_an_invented_follow_up_problem_does_not_replace_the_answer(text: str) -> None:
    from rewardcheck.rewards.engine import EngineConfig

    assert verdict(text, "12") == "correct"
    refused = judge(text, "12", config=EngineConfig(after_answer="refuse"))
    assert refused.verdict.value == "wrong" and refused.rule == "read.after_answer"


@pytest.mark.parametrize(
    ("text", "gold", "expected"),
    [
        ("The answer is four hundred twenty.", "420", "correct"),
        ("\\boxed{twenty four}", "24", "correct"),
        ("\\boxed{four twenty}", "24", "wrong"),
        ("\\boxed{five three}", "8", "wrong"),
        ("\\boxed{three five}", "8", "wrong"),
        ("\\boxed{one hundred twenty}", "120", "correct"),
        ("\\boxed{twenty one hundred}", "120", "wrong"),
    ],
)
def test_number_words_are_read_by_their_grammar_never_summed(text: str, gold: str, expected: str) -> None:
    assert verdict(text, gold) == expected


@pytest.mark.parametrize(
    "remark",
    [
        "So, our answer is correct.",
        "Our answer is right.",
        "The answer is consistent.",
        "My answer is verified.",
    ],
)
def test_a_verdict_on_the_answer_is_not_an_answer(remark: str) -> None:
    text = f"Checking: 16 times 18 is 288.\n\nThe greater integer is 18. {remark}"
    assert verdict(text, "18") == "correct"


def test_the_patched_reward_takes_the_policies_from_the_script_arguments() -> None:
    from rewardcheck.rewards.registry import build_registry

    text = "#### 12\n\nQuestion: John has 5 apples.\nAnswer: 3"
    assert build_registry({}, "patched")["accuracy"]([text], solution=["12"]) == [1.0]
    assert build_registry({"after_answer": "refuse"}, "patched")["accuracy"]([text], solution=["12"]) == [0.0]
    unevaluated = build_registry({"allow_unevaluated": True}, "patched")["accuracy"]
    assert unevaluated(["\\boxed{12 \\cdot 11 \\cdot 10}"], solution=["1320"]) == [1.0]
    assert build_registry({}, "patched")["accuracy"](
        ["\\boxed{12 \\cdot 11 \\cdot 10}"], solution=["1320"]
    ) == [0.0]
