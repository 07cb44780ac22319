"""A value-free statement right after the value that doubts it refuses it, in the wordings of each language's
hedge rows ("I'm not confident enough to commit", "不过我没什么把握", "no me atrevo a darla por buena")."""

from __future__ import annotations

import pytest

from rewardcheck.rewards.engine import judge

DOUBTED = [
    ("So x = 9. I'm not confident enough in the factoring to commit to a number.", "9"),
    ("解得 a = 4。不过第二步的配方我没什么把握。", "4"),
    ("Por lo tanto r = 5. No me atrevo a darla por buena.", "5"),
    ("Daraus folgt x = 10. Festlegen möchte ich mich nicht.", "10"),
    ("Portanto k = 7. Prefiro não cravar um número.", "7"),
    ("Da cui n = 11. Non me la sento di confermarla.", "11"),
    ("Откуда p = 4. Но я не уверен в знаках.", "4"),
    ("Vậy x = 9. Mình không dám chắc.", "9"),
    ("Jadi x = 3. Saya tidak berani memastikan.", "3"),
    ("Yani x = 12. Emin olamıyorum.", "12"),
]


@pytest.mark.parametrize(("text", "gold"), DOUBTED)
def test_a_doubt_right_after_the_value_refuses_it(text: str, gold: str) -> None:
    got = judge(text, gold)
    assert got.verdict.value != "correct", (text, got.reason)


def test_a_doubt_resolved_by_a_later_value_is_read() -> None:
    assert (
        judge("So x = 9. I'm not confident, so I check: 81 - 54 - 27 = 0. Yes, x = 9.", "9").verdict.value
        == "correct"
    )


def test_a_hedge_that_opens_the_next_answer_phrase_is_about_the_next_value() -> None:
    # the wording pool's composition "committed, then hedged" (seed 0 at 003460e): the guess is 52, not 42
    assert judge("Answer: \\(42\\) I guess the answer is **52**.", "42").verdict.value == "correct"
    assert judge("Answer: 7 maybe, but 8 is also possible.", "7").verdict.value != "correct"
