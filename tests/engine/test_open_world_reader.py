"""The open-world reader's stages (issue 42), each asserted on its own: tokens cover the text, finders find values
and leave layout alone, every stance refuses on its evidence, the commit step picks the final value, and words
the lexicon never saw change nothing (the default holds for any wording)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rewardcheck.rewards.engine import judge
from rewardcheck.rewards.engine.read.commit import Outcome
from rewardcheck.rewards.engine.read.reading import read_commitment, read_final
from rewardcheck.rewards.engine.read.stance import Stance, Stances
from rewardcheck.rewards.engine.read.tokens import TokenKind, tokenize


@settings(max_examples=200, deadline=None, derandomize=True)
@given(st.text(max_size=300))
def test_tokens_are_ordered_disjoint_slices_of_the_text(text: str) -> None:
    t = tokenize(text)
    for i in range(len(t)):
        assert 0 <= t.starts[i] < t.ends[i] <= len(text)
        assert t.text(i) == text[t.starts[i] : t.ends[i]]
        if i:
            assert t.ends[i - 1] <= t.starts[i]
        assert not text[t.starts[i] : t.ends[i]].isspace() or t.kinds[i] is TokenKind.NEWLINE


@pytest.mark.parametrize(
    ("text", "kinds"),
    [
        ("x = 12", [TokenKind.WORD, TokenKind.OPERATOR, TokenKind.NUMBER]),
        ("l'aire", [TokenKind.WORD, TokenKind.WORD]),  # an elision is two words
        ("答案是12", [TokenKind.WORD, TokenKind.NUMBER]),  # a CJK run, then the number
        ("<answer>7</answer>", [TokenKind.TAG, TokenKind.NUMBER, TokenKind.TAG]),
        ("\\boxed{3}", [TokenKind.BOX, TokenKind.NUMBER, TokenKind.CLOSE]),
    ],
)
def test_token_kinds(text: str, kinds: list[TokenKind]) -> None:
    t = tokenize(text)
    assert [t.kinds[i] for i in range(len(t))] == kinds


@pytest.mark.parametrize(
    ("region", "value"),
    [
        ("1. add the two\n2. multiply by 3\nSo the answer is 12.", "12"),
        ("So we get\n1) 4 apples\n2) 5 pears\nTotal 9.", "9"),
        ("Answer:\n3.", "3"),  # one line of that shape is a value, not a list
        ("The answer is <answer><answer>7</answer>", "7"),
        ("The answer is three hundred twelve.", "312"),
        ("उत्तर ४२ है।", "42"),  # digits of any script
        ("The answer is ٤٢.", "42"),
    ],
)
def test_finders_read_values_and_leave_layout(region: str, value: str) -> None:
    assert read_final(region).answer == value


@pytest.mark.parametrize(
    "region",
    [
        "1. add them\n2. multiply them\n3. check the sum",  # a list's markers are not values
        "Steps:\n1) read it\n2) solve it",
        "<answer><answer><answer>",  # tags alone
    ],
)
def test_layout_alone_is_no_value(region: str) -> None:
    assert read_final(region).answer is None


@pytest.mark.parametrize(
    ("region", "stance"),
    [
        ("Is the answer 12?", Stance.QUESTIONED),
        ("The answer is not 12.", Stance.NEGATED),
        ("12 is wrong.", Stance.NEGATED),
        ("Maybe the answer is 12.", Stance.HEDGED),
        ("The answer is $\\boxed{\\approx 390}$.", Stance.HEDGED),  # the value opens with an approximation
        ("\\boxed{about 390}", Stance.HEDGED),
        ("If the answer were 12, the sum would be odd.", Stance.SUPPOSED),
        ("My friend says the answer is 12.", Stance.ATTRIBUTED),
        ("That is because 2 cubed is 8.", Stance.REASON),
        ("The answer is 12. Wait, that is wrong.", Stance.RETRACTED),
        ("The answer is $\\boxed{390}$.\n\nScratch that: the answer is not 390.", Stance.RETRACTED),
    ],
)
def test_each_stance_refuses_on_its_evidence(region: str, stance: Stance) -> None:
    c = read_commitment(region)
    found = {r.stance for x in c.window.candidates for r in Stances(c.window).of(x)}
    assert stance in found, (region, found)
    assert (
        c.outcome is not Outcome.COMMITTED
        or c.candidate is None
        or stance not in {r.stance for r in Stances(c.window).of(c.candidate)}
    )


@pytest.mark.parametrize(
    ("region", "outcome", "value"),
    [
        ("First I got 10. Actually, I made a slip: the answer is 12.", None, "12"),
        ("\\boxed{3} then \\boxed{4}", Outcome.COMMITTED, "4"),
        ("The answer is 12 or 15.", Outcome.ALTERNATIVES, None),
        # a correction or retraction between two boxes of one statement: the later one replaces the first
        ("\\boxed{3} Wait, I made an error: it is \\boxed{4}.", Outcome.COMMITTED, "4"),
        ("\\boxed{3}, no wait, I was wrong, \\boxed{4}", Outcome.COMMITTED, "4"),
        ("\\boxed{3}, \\boxed{4}", Outcome.ALTERNATIVES, None),
        ("We get \\boxed{12} for the area, so the perimeter is \\boxed{14}.", Outcome.COMMITTED, "14"),
        # a label's first math is the subject of a predicate: the predicate's value is the answer
        ("Answer: the area of $\\triangle ABC$ is 12.", Outcome.COMMITTED, "12"),
        ("Final Answer: The volume of $ABCDEFGH$ is 120. I hope it is correct.", Outcome.COMMITTED, "120"),
        # the text ends on a statement it opened and left empty: no earlier bare value is its last word
        ("First, 5.\nFirst, 4.\nNext,}", Outcome.REFUSED, None),
        ("x = 4.\nSo the answer is", Outcome.REFUSED, None),
        ("x = 4.\nDonc la réponse est", Outcome.REFUSED, None),
        ("x = 4. 結果：", Outcome.REFUSED, None),
        ("The answer is 4.\n\nI hope this helps!", Outcome.COMMITTED, "4"),
        ("Therefore, the number is 4.\n\nI think that's the answer.", Outcome.COMMITTED, "4"),
        ("\\boxed{4}. Next,", Outcome.COMMITTED, "4"),
        ("<answer>\n390\n</answer>\n\nWait, I made an error: it is 389.", Outcome.CORRECTED, "389"),
        ("Nothing to report here.", Outcome.NONE, None),
        # a number word that picks from a group states no number ("one of")
        ("The answer is one of 1, 2.", Outcome.ALTERNATIVES, None),
        ("He ate one of the apples, so 4 remain.", Outcome.COMMITTED, "4"),
        # an approximation sign between an expression and the value relates them; it hedges nothing
        ("CE = ((16 * 17) / 107) + 184 ≈  \\boxed{104}", Outcome.COMMITTED, "104"),
        ("It is ≈ \\boxed{104}", Outcome.HEDGED, "104"),
    ],
)
def test_commit_picks_the_final_value(region: str, outcome: Outcome | None, value: str | None) -> None:
    c = read_commitment(region)
    if outcome is not None:
        assert c.outcome is outcome, (region, c.outcome)
    if value is not None:
        assert c.value() == value


_INVENTED = st.text(alphabet="bcdfghjklmnpqrstvwxz", min_size=3, max_size=9).map(lambda s: s + "o")


@settings(max_examples=60, deadline=None, derandomize=True)
@given(words=st.lists(_INVENTED, min_size=1, max_size=6))
def test_words_nobody_taught_it_change_nothing(words: list[str]) -> None:
    """Open world: a sentence in a language the lexicon has no row for still states its last value, and words
    it never saw in front of a stated answer neither pay nor refuse it."""
    sentence = " ".join(words).capitalize()
    assert judge(f"{sentence} 12.", "12").verdict.value == "correct"
    assert judge(f"{sentence} 12.", "13").verdict.value == "wrong"
    assert judge(f"{sentence}. The answer is 12.", "12").verdict.value == "correct"


@pytest.mark.parametrize(
    ("completion", "gold", "verdict"),
    [
        # an answer block of values with only separators between them states one list (the roots, a tuple)
        ("<answer> 3+2\\sqrt{2},3-2\\sqrt{2} </answer>", "3+2\\sqrt{2},3-2\\sqrt{2}", "correct"),
        ("<answer> 3+2\\sqrt{2},3-2\\sqrt{2} </answer>", "3+2\\sqrt{2}", "wrong"),
        ("<answer> -5, -\\frac{1}{3}, 2, 7 </answer>", "-5,-\\frac{1}{3},2,7", "correct"),
        ("<answer>12 or 15</answer>", "12", "wrong"),  # a word between them: alternatives
        # a letter written onto the bracket before it belongs to the value
        ("<answer> \\frac{3}{5}+\\frac{1}{5}i </answer>", "\\frac{3}{5}+\\frac{1}{5}i", "correct"),
        ("<answer> \\frac{3}{5}+\\frac{1}{5}i </answer>", "\\frac{3}{5}+\\frac{1}{5}", "wrong"),
    ],
)
def test_answer_block_values(completion: str, gold: str, verdict: str) -> None:
    assert judge(completion, gold).verdict.value == verdict


def test_a_long_value_is_math_and_junk_is_not() -> None:
    # a 24-term polynomial (about 310 tokens) is a value; 500 nested braces (1,001 tokens) never reach the parser
    poly = "+".join(f"\\frac{{{i + 1}}}{{{i + 2}}}x^{{{i}}}" for i in range(24))
    assert read_final(f"\\boxed{{{poly}}}").answer == poly
    junk = read_final("The answer is \\boxed{" + "{" * 500 + "3" + "}" * 500 + "}")
    assert junk.not_math and "tokens long" in junk.not_math
