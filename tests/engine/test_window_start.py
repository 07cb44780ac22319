r"""The reader's first read opens at the sentence of the tail's first box (``anchored_start``), so that a long
region is read from its last sentence; the sentences before it are read only when that sentence commits to no
answer stated as such.

The property compares every reading with the reading of the whole tail (the reader as it was before the
anchored first read): equal for any sentences before the boxed one, whatever they hedge, deny, label or
attribute, in several languages.
"""

from __future__ import annotations

from unittest import mock

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rewardcheck.rewards.engine import judge
from rewardcheck.rewards.engine.read import reading
from rewardcheck.rewards.engine.read.commit import Commitment
from rewardcheck.rewards.engine.read.reading import anchored_start, read_commitment, window_start

PAD = "We add each term of the series and check it against the table. " * 6


@pytest.mark.parametrize(
    "closing, rule, answer",
    [
        # a hedge above a display, a blank line away from its box: one sentence
        ("Therefore, the length is approximately:\n\\[\n\\boxed{20}\n\\] meters.", "read.hedged", "20"),
        # two boxes of one sentence, the first in a display of its own
        (
            "The answer is:\n\n\\[\n\\boxed{9.5}\n\\] or \\(\\boxed{9 \\frac{1}{2}}\\).",
            "read.alternatives",
            None,
        ),
        ("Uzunluk yaklaşık olarak \\(\n\\boxed{20}\n\\) metredir.", "read.hedged", "20"),
    ],
)
def test_the_box_sentence_is_read_whole(closing: str, rule: str, answer: str | None) -> None:
    j = judge(PAD + closing, "20")
    assert (j.rule, j.verdict.value) == (rule, "wrong")
    if answer is not None:
        assert j.answer == answer


def test_a_long_region_is_read_from_the_box_sentence() -> None:
    text = PAD + "So the sum is:\n\n\\[\n\\boxed{42}\n\\]"
    assert text[anchored_start(text, window_start(text)) :].startswith("So the sum is:")
    assert judge(text, "42").verdict.value == "correct"


# sentences before the boxed one: steps, hedges, denials, labels, attributions, values, in several languages
BEFORE = (
    "We add 3 and 4 to get 7.",
    "I am not sure about this.",
    "Maybe 12, maybe 15.",
    "The answer is not 12.",
    "The answer is 13.",
    "My friend says the answer is 7.",
    "Suppose the side were 3.",
    "Wrong answer: 14.",
    "Possible answers: 12, 13.",
    "Actually, wait.",
    "A resposta é 11.",
    "Ответ: 10.",
    "答案是 9。",
    "Let me check: 6 × 2 = 12.",
    "Hmm, I made an error earlier.",
    "Final answer:",
    "**Answer:** 16",
)
BOXED = (
    "Thus, the answer is \\boxed{12}.",
    "So the total is:\n\n\\[\n\\boxed{12}\n\\]",
    "### Final Answer\n\\boxed{12}",
    "The answer is probably:\n\n\\[\\boxed{12}\\]",
    "It is \\boxed{12} or \\boxed{13}.",
    "Die Antwort ist nicht \\boxed{12}.",
    "$\\boxed{12}$",
)
SEPARATORS = (" ", "\n", "\n\n")


def _said(c: Commitment) -> tuple[str | None, str, tuple[str, ...]]:
    return (
        c.value() if c.candidate is not None else None,
        c.outcome.value,
        tuple(c.value(x) for x in c.alternatives),
    )


def _whole_tail(region: str, start: int) -> int:
    return start  # the first read opens where the tail opens: the reader without the anchored first read


@settings(max_examples=300, deadline=None, derandomize=True)
@given(
    st.lists(st.sampled_from(BEFORE), min_size=4, max_size=12),
    st.lists(st.sampled_from(SEPARATORS), min_size=12, max_size=12),
    st.sampled_from(BOXED),
)
def test_nothing_before_the_box_sentence_changes_the_reading(
    before: list[str], seps: list[str], boxed: str
) -> None:
    text = PAD + "".join(s + sep for s, sep in zip(before, seps, strict=False)) + boxed
    short = read_commitment(text)
    with mock.patch.object(reading, "anchored_start", _whole_tail):
        whole = read_commitment(text)
    assert _said(short) == _said(whole)
