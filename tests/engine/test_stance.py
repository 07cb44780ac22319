"""Stance: corrections, "wait, no", retractions and hedges, each in several wordings (issue 29).

The rule under test: the answer is the last committed statement; a later committed value overrides an earlier
one however it is worded; a hedged, retracted or negated statement asserts nothing (never paid)."""

from __future__ import annotations

import pytest

from rewardcheck.rewards.engine import judge


def paid(text: str, gold: str) -> bool:
    return judge(text, gold).verdict.value == "correct"


CORRECTIONS = [
    "The answer is 5. Actually, I made an error: the answer is 7.",
    "\\boxed{5}\n\nHmm, I realize I miscounted. The correct total is 7.",
    "\\boxed{5}\n\nOn second thought, the answer should be 7.",
    "\\boxed{5}. Upon re-examination, the count is 7.",
    "\\boxed{5}\n\nLooking again, I overlooked one case: the total is 7.",
    "\\boxed{5}\nCorrection: it is 7",
]


@pytest.mark.parametrize("text", CORRECTIONS)
def test_a_later_correction_overrides_the_earlier_answer(text: str) -> None:
    assert paid(text, "7"), text
    assert not paid(text, "5"), text


WAIT_NO = [
    "\\boxed{5}. Wait, no. It's 7.",
    "The answer is 5 -- wait no, 7.",
    "Hmm, \\boxed{5}... wait, no, it should be \\boxed{7}.",
    "The answer is 5. No wait, it is 7.",
]


@pytest.mark.parametrize("text", WAIT_NO)
def test_wait_no_takes_the_earlier_value_back(text: str) -> None:
    assert paid(text, "7"), text
    assert not paid(text, "5"), text


RETRACTIONS = [
    "\\boxed{5}\n\nI take that back.",
    "\\boxed{5}\n\nNever mind, I am not sure about this.",
    "The answer is 5. Disregard that.",
    "\\boxed{5} -- strike that, I need to recheck.",
    "\\boxed{5}\n\nScratch that.",
]


@pytest.mark.parametrize("text", RETRACTIONS)
def test_a_retracted_answer_is_never_paid(text: str) -> None:
    assert not paid(text, "5"), text


HEDGES = [
    "The answer is probably \\boxed{5}.",
    "I'm not sure, but maybe \\boxed{5}.",
    "My best guess is \\boxed{5}.",
    "It could be \\boxed{5}.",
    "The answer might be 5.",
    "Possibly 5.",
    "I guess the answer is \\boxed{5}.",
]


@pytest.mark.parametrize("text", HEDGES)
def test_a_hedged_answer_is_never_paid(text: str) -> None:
    assert not paid(text, "5"), text


@pytest.mark.parametrize(
    "text",
    [
        "I think the answer is \\boxed{5}.",
        "I think the answer is definitely $5$.",
        "Around the table there are \\boxed{5} seats.",
        "The problem is roughly about counting. The answer is \\boxed{5}.",
    ],
)
def test_a_hedge_outside_the_answers_clause_does_not_refuse_it(text: str) -> None:
    assert paid(text, "5"), text


@pytest.mark.parametrize(
    "text",
    [
        "Or is it $\\boxed{5}$?",
        "Could it be 5?",
        "Is the answer \\boxed{5}? I am not sure.",
    ],
)
def test_a_question_asserts_nothing(text: str) -> None:
    assert not paid(text, "5"), text


@pytest.mark.parametrize(
    "text",
    [
        "We ruled out \n\\[\n5\n\\]\n.",
        "The answer wouldn't be $5$.",
        "The answer doesn't equal 5.",
        "The answer cannot be 5.",
    ],
)
def test_a_negated_closing_statement_asserts_nothing(text: str) -> None:
    assert not paid(text, "5"), text


@pytest.mark.parametrize(
    "text",
    [
        "The answer is \\(5\\), perhaps.",
        "The answer is $\\boxed{5}$, probably.",
        "Final answer: 5 (maybe).",
    ],
)
def test_a_hedge_after_the_value_in_its_sentence(text: str) -> None:
    assert not paid(text, "5"), text


@pytest.mark.parametrize(
    "text",
    [
        "All in all, the answer is $\\boxed{5}$. It took 3 steps to get there.",
        "The final answer is **5**. We used 7 multiplications along the way.",
        "#### $5$ It took 4 steps to get there.",
        "The correct answer is 5.\n\nasdf qwer zxcv asdf qwer zxcv",
    ],
)
def test_a_remark_stating_another_quantity_is_not_an_answer(text: str) -> None:
    assert paid(text, "5"), text
    assert not paid(text, "3") and not paid(text, "7") and not paid(text, "4")


@pytest.mark.parametrize(
    "text",
    [
        "The final answer is **5**.",
        "In summary, the answer is **5**.",
        "The answer can't be \\(9\\). Final answer: **5**",
    ],
)
def test_bold_markup_around_the_answer(text: str) -> None:
    assert paid(text, "5"), text


# --- stance by shape (stance.py): wordings no lexicon class lists -----------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "The answer is allegedly 12.",  # an adverb in front of the value that is not a firm one
        "The answer is allegedly $\\boxed{12}$.",  # the value's own markup between them
        "The answer is allegedly **12**.",
        "The result is ostensibly $12$.",
        "Provisionally, the answer is 12.",
        "The answer is 12, reportedly.",
        "I'd go with 12.",  # a first-person modal
        "I might put it at \\(12\\).",
        "I wager the answer is 12.",  # a first-person verb that holds no result
        "I imagine the answer is $\\boxed{12}$.",
        "My hypothesis for the answer is 12.",  # a first-person noun that is no answer noun
        "Our conjecture: 12.",
    ],
)
def test_a_hedge_by_its_shape_is_never_paid(text: str) -> None:
    assert judge(text, "12").accuracy == 0.0, judge(text, "12")


@pytest.mark.parametrize(
    "text",
    [
        "The answer is exactly 12.",
        "Finally, the answer is 12.",
        "Consequently, the answer is $12$.",
        "I get 12.",
        "I found that the answer is 12.",
        "My final answer is 12.",
        "Our result is 12.",
        "Multiplying directly, we obtain 12.",
        "The answers are 5 and 12, respectively.",
    ],
)
def test_a_firm_shape_still_commits(text: str) -> None:
    gold = "5, 12" if "respectively" in text else "12"
    assert judge(text, gold).accuracy == 1.0, judge(text, gold)


@pytest.mark.parametrize(
    "text",
    ["12 is nonsense.", "12 can be thrown away.", "12 contradicts the second condition.", "We discard 12."],
)
def test_a_value_talked_about_is_not_stated(text: str) -> None:
    assert judge(text, "12").accuracy == 0.0, judge(text, "12")


@pytest.mark.parametrize(
    ("text", "gold"),
    [
        ("Provisionally, the answer is 9. In conclusion, the answer is 12.", "12"),  # hedged, then committed
        ("The answer is $\\boxed{9}$. Therefore, the total is 12.", "12"),  # a later conclusion overrides
        ("In conclusion, the answer is 12. I'd guess it could also be 14.", "12"),  # committed, then hedged
        ("The answer is 12. Allegedly, the answer is 14.", "12"),
        (
            "Net result: 12. We counted 6 carries along the way.",
            "12",
        ),  # a remark on another quantity after it
    ],
)
def test_the_last_committed_statement_counts(text: str, gold: str) -> None:
    assert judge(text, gold).accuracy == 1.0, judge(text, gold)
    other = "13"
    assert judge(text, other).accuracy == 0.0


@pytest.mark.parametrize(
    "text",
    [
        "The answer is 12. Delete that.",  # an order that points back
        "$\\boxed{12}$. Disregard what I just wrote.",
        "The total is 12. Cross out the line above.",
        "The answer is 12. That was a typo.",  # a back-reference with no approval said of it
        "The answer is \\(12\\). The previous line is garbage.",
    ],
)
def test_a_retraction_by_its_shape_takes_the_answer_back(text: str) -> None:
    assert judge(text, "12").accuracy == 0.0, judge(text, "12")


@pytest.mark.parametrize(
    "text",
    [
        "The answer is $\\boxed{12}$. That is correct.",
        "The answer is $\\boxed{12}$. I hope this helps.",
        "The answer is 12. This matches both conditions.",
        "The answer is 12. See above for the derivation.",
        "The answer is 12. Let me know if that helps.",
        "The answer is 9. That was a slip. The answer is 12.",  # retracted, then restated
        # a later sentence that mentions a value without concluding with it (a reviewed row paid 1 for 10)
        "The sum is $\\boxed{12}$.\n\nThis ensures that we evaluated the sum at $x = 1$ accurately.",
    ],
)
def test_an_approving_or_unrelated_remark_is_no_retraction(text: str) -> None:
    assert judge(text, "12").accuracy == 1.0, judge(text, "12")


# Stance by shape in held-out wordings (issue 29): the class is read from the sentence's shape, so these
# phrases are deliberately absent from the lexicon (tests/engine/test_wording_grammar.py checks that).
SHAPED_REFUSALS = [
    "The answer is $\\boxed{390}$. I misspoke.",
    "The answer is 390. I spoke too soon.",
    "<answer>\n390\n</answer> I misstated it.",
    "$\\boxed{390}$ is out of the question.",
    "$\\boxed{390}$ can be discarded.",
    "390 is bogus.",
    "We can dismiss $\\boxed{390}$.",
    "In all probability the answer is $\\boxed{390}$.",
    "#### Tentatively, the answer is 390.",
    "#### 390 That was a slip.",
    "We didn't get $\\boxed{390}$ as the answer.",
    "The answer is somewhere near 390.",
]


@pytest.mark.parametrize("tail", SHAPED_REFUSALS)
def test_held_out_wordings_are_refused_by_shape(tail: str) -> None:
    assert not paid("<think>\nwork\n</think>\n" + tail, "390"), tail


SHAPED_COMMITS = [
    "$\\boxed{390}$ is correct.",
    "$\\boxed{390}$ is the number of ways.",
    "We conclude $\\boxed{390}$.",
    "In all, the answer is $\\boxed{390}$.",
    "Hmm, no: the final answer is $\\boxed{390}$.",
]


@pytest.mark.parametrize("tail", SHAPED_COMMITS)
def test_committing_shapes_still_pay(tail: str) -> None:
    assert paid("<think>\nwork\n</think>\n" + tail, "390"), tail


# A negator inside the subject describes what is counted; it denies nothing (real r1-zero rows: "the number of
# boxes that contain neither pens nor pencils is $\boxed{3}$"). Red before the predicate rule.
@pytest.mark.parametrize(
    "closing",
    [
        "Therefore, the number of boxes that contain neither pens nor pencils is $\\boxed{3}$.",
        "So the count of integers not divisible by 5 is \\boxed{3}.",
        "The number of students who did not pass is \\boxed{3}.",
        "Hence the number of ways that never repeat a colour equals \\boxed{3}.",
        "The value that isn't allowed is $\\boxed{3}$.",
    ],
)
def test_a_negator_in_the_subject_denies_nothing(closing: str) -> None:
    assert judge("<think>\nI count them.\n</think>\n" + closing, "3").verdict.value == "correct"


@pytest.mark.parametrize(
    "closing",
    [
        "It is not \\boxed{3}.",
        "We did not get \\boxed{3} as the answer.",
        "The result does not equal \\boxed{3}.",
        "The answer is definitely not $\\boxed{3}$.",
    ],
)
def test_a_negator_on_the_predicate_still_denies(closing: str) -> None:
    assert judge("<think>\nI count them.\n</think>\n" + closing, "3").verdict.value != "correct"
