"""Engine v3 (issue 23): pay every correct answer that real models write, and keep each refusal next to the
credit it borders (the wrong value, the hedge, the negation, the echo), so credit is never paid wholesale."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rewardcheck.rewards.engine import EngineConfig, Verdict, judge

T = "<think>\nI work it out step by step and check it.\n</think>\n"


def _v(completion: str, gold: str, **kw: object) -> Verdict:
    return judge(T + completion, gold, **kw).verdict  # type: ignore[arg-type]


# --- 1. equation chains: the last right-hand side is the answer; a labelled tuple states its values ---------
CHAIN_CREDIT = [
    ("$7^4 = 2401$", "2401"),
    ("\\boxed{7^4 = 2401}", "2401"),
    ("The answer is $7^{4}=2401$.", "2401"),
    ("\\boxed{\\frac{7!}{4!} = \\frac{5040}{24} = 210}", "210"),
    ("So $\\dfrac{7!}{4!}=\\dfrac{5040}{24}=210$.", "210"),
    ("The answer is $(100 - 20) / 10 + 1 = 9$.", "9"),
    ("\\boxed{(100-20)/10+1=9}", "9"),
    ("\\boxed{b = -3, c = 0}", "-3, 0"),
    ("The answer is $b=-3,\\ c=0$.", "-3, 0"),
    ("\\boxed{p=3, q=4}", "3, 4"),
    ("\\boxed{p = 3,\\; q = 4}", "3, 4"),
    ("\\boxed{p=3, q=4}", "(3, 4)"),
    ("\\boxed{(x, y, z) = (1, 2, 3)}", "(1, 2, 3)"),
    ("\\boxed{x=1, y=2, z=3}", "(1, 2, 3)"),
    ("\\boxed{3 \\times 4 = 12}", "12"),
]
CHAIN_REFUSE = [
    ("\\boxed{7^4 = 2400}", "2401"),  # ends in a wrong value
    ("\\boxed{7^4}", "2401"),  # a bare unevaluated expression
    ("\\boxed{2401 = 7^4}", "2401"),  # the chain ends in the unevaluated form
    ("\\boxed{2 + 2 = 5 = 4}", "4"),  # a chain that contradicts itself asserts nothing
    ("\\boxed{p=4, q=3}", "(3, 4)"),  # a labelled tuple states its values in order
    ("\\boxed{3 \\times 4 = 12}", "13"),
]


@pytest.mark.parametrize(("completion", "gold"), CHAIN_CREDIT)
def test_chain_ending_in_the_gold_is_credited(completion: str, gold: str) -> None:
    assert _v(completion, gold) is Verdict.CORRECT


@pytest.mark.parametrize(("completion", "gold"), CHAIN_REFUSE)
def test_chain_ending_elsewhere_is_refused(completion: str, gold: str) -> None:
    assert _v(completion, gold) is Verdict.WRONG


_OPS = {"+": lambda a, b: a + b, "-": lambda a, b: a - b, "\\times": lambda a, b: a * b}


@settings(max_examples=60, deadline=None, derandomize=True)
@given(
    a=st.integers(-500, 500),
    b=st.integers(-500, 500),
    op=st.sampled_from(sorted(_OPS)),
    wrap=st.sampled_from(["\\boxed{%s}", "The answer is $%s$.", "$%s$"]),
    off=st.integers(1, 50),
)
def test_true_chain_states_its_last_value(a: int, b: int, op: str, wrap: str, off: int) -> None:
    c = _OPS[op](a, b)
    bb = f"({b})" if b < 0 else str(b)
    chain = f"{a} {op} {bb} = {c}"
    assert _v(wrap % chain, str(c)) is Verdict.CORRECT, chain
    assert _v(wrap % f"{a} {op} {bb} = {c + off}", str(c)) is Verdict.WRONG
    assert _v(wrap % f"{a} {op} {bb}", str(c)) is Verdict.WRONG  # unevaluated: still refused


# --- 2. prose conclusions in <answer> or after </think> --------------------------------------------------
PROSE_CREDIT = [
    ("<answer>Therefore, the value of $n$ is 29.</answer>", "29", None),
    ("<answer>... is 9.</answer>", "9", None),
    ("<answer>So it is 9.</answer>", "9", None),
    ("<answer>Yielding 29 as the answer.</answer>", "29", None),
    ("<answer>This gives 29 as the final answer.</answer>", "29", None),
    ("<answer>The trail was 52 miles long.</answer>", "52", None),
    ("The trail was 52 miles long.", "52", None),
    ("In total, she walked 52 miles.", "52", None),
    ("**Answer**: 196 has 9 positive divisors.", "9", None),
    ("Answer: 196 has 9 positive divisors.", "9", None),
    ("<answer>196 has 9 positive divisors.</answer>", "9", None),
    ("<answer>9 is the number of positive divisors of 196.</answer>", "9", None),
    ("Answer: there are 9 positive divisors of 196.", "9", "How many positive divisors does 196 have?"),
]
PROSE_REFUSE = [
    ("<answer>The trail was 53 miles long.</answer>", "52", None),
    ("<answer>The trail was not 52 miles long.</answer>", "52", None),
    ("<answer>The trail was about 52 miles long.</answer>", "52", None),
    ("**Answer**: 196 has 9 positive divisors.", "196", None),
    ("<answer>The trail was 52 or 53 miles long.</answer>", "52", None),
]


@pytest.mark.parametrize(("completion", "gold", "prompt"), PROSE_CREDIT)
def test_prose_conclusion_is_read(completion: str, gold: str, prompt: str | None) -> None:
    assert _v(completion, gold, prompt=prompt) is Verdict.CORRECT


@pytest.mark.parametrize(("completion", "gold", "prompt"), PROSE_REFUSE)
def test_prose_conclusion_neighbours_are_refused(completion: str, gold: str, prompt: str | None) -> None:
    assert _v(completion, gold, prompt=prompt) in (Verdict.WRONG, Verdict.NO_ANSWER)


# --- 3. stray delimiters and unicode math -----------------------------------------------------------------
UNICODE_CREDIT = [
    ("\\boxed{\\(2401}", "2401"),
    ("The answer is \\(2401", "2401"),
    ("The answer is 6 \\)", "6"),
    ("\\boxed{6 \\)}", "6"),
    ("The answer is radius $2$.", "2"),
    ("The answer is $2$$.", "2"),
    ("\\boxed{3√13}", "3\\sqrt{13}"),
    ("\\boxed{3√(13)}", "3\\sqrt{13}"),
    ("\\boxed{3 × 4}", "3 \\times 4"),
    ("\\boxed{x²}", "x^2"),
    ("\\boxed{x² + 1}", "x^2+1"),
    ("\\boxed{−5}", "-5"),
    ("The answer is −5.", "-5"),
    ("\\boxed{2π}", "2\\pi"),
]
UNICODE_REFUSE = [
    ("\\boxed{3√12}", "6\\sqrt{3}"),  # unsimplified radical, however it is written
    ("\\boxed{−6}", "-5"),
    ("\\boxed{x³}", "x^2"),
    ("\\boxed{3 × 4}", "12"),  # unevaluated for a numeric gold
]


@pytest.mark.parametrize(("completion", "gold"), UNICODE_CREDIT)
def test_unicode_and_stray_delimiters_are_read(completion: str, gold: str) -> None:
    assert _v(completion, gold) is Verdict.CORRECT


@pytest.mark.parametrize(("completion", "gold"), UNICODE_REFUSE)
def test_unicode_neighbours_are_refused(completion: str, gold: str) -> None:
    assert _v(completion, gold) is Verdict.WRONG


# --- 4. a bare final value without ids ---------------------------------------------------------------------
BARE = [
    ("</think>\n\n-5", "-5"),
    ("<think>\nok\n</think>\n\n-5", "-5"),
    ("</think>\n1,000.0", "1000"),
    ("</think>\n1 000", "1000"),
    ("</think>\n.4", "0.4"),
    ("</think>\n\\frac{3}{4}", "\\frac34"),
    ("</think>\n  42  \n", "42"),
]


@pytest.mark.parametrize(("completion", "gold"), BARE)
def test_bare_final_value_is_an_answer(completion: str, gold: str) -> None:
    assert judge(completion, gold).verdict is Verdict.CORRECT


@pytest.mark.parametrize(
    ("completion", "gold"), [("</think>\n-6", "-5"), ("</think>\n1,001", "1000"), ("</think>\n.5", "0.4")]
)
def test_bare_wrong_value_is_wrong_not_truncated(completion: str, gold: str) -> None:
    assert judge(completion, gold).verdict is Verdict.WRONG


def test_cut_reasoning_without_ids_is_no_answer_not_truncated() -> None:
    # issue 44: truncation without length information is unknown, never counted as truncated
    assert judge("<think>\nlet me compute 2+2 = ", "4").verdict is Verdict.NO_ANSWER
    assert judge("</think>\nSo the total is", "4").verdict is Verdict.NO_ANSWER
    ids = EngineConfig(max_completion_length=4, eos_token_ids=(0,))
    assert (
        judge("<think>\nlet me compute 2+2 = ", "4", completion_ids=[5] * 4, config=ids).verdict
        is Verdict.TRUNCATED
    )


# --- 5. loose answer anchors, relations, and inexact decimals --------------------------------------------
LOOSE_CREDIT = [
    ("Answer $ 9 $", "9"),
    ("Answer $$ 9 $$", "9"),
    ("Final answer $9$", "9"),
    ("\\boxed{125\\textnormal{ miles}}", "125"),
    ("\\boxed{125 \\text{ miles}}", "125"),
    ("\\boxed{x \\gt 5}", "x>5"),
    ("\\boxed{x \\lt 3}", "x<3"),
    ("\\boxed{x \\lt 3}", "(-\\infty, 3)"),
    ("\\boxed{-x > -1}", "x<1"),
    ("\\boxed{-2x > -2}", "x<1"),
    ("\\boxed{2x \\le 6}", "x \\le 3"),
    ("\\boxed{0.33}", "\\frac13"),
    ("\\boxed{0.333}", "\\frac{1}{3}"),
    ("\\boxed{0.67}", "\\frac{2}{3}"),
    ("\\boxed{3.14}", "\\frac{22}{7}"),
]
LOOSE_REFUSE = [
    ("Answer $ 8 $", "9"),
    ("\\boxed{126\\textnormal{ miles}}", "125"),
    ("\\boxed{x \\gt 5}", "x<5"),
    ("\\boxed{-x > -1}", "x>1"),
    ("\\boxed{0.3}", "\\frac13"),  # fewer significant digits than the gold's own precision
    ("\\boxed{0.34}", "\\frac13"),  # not the gold rounded
    ("\\boxed{0.66}", "\\frac23"),  # truncated, not rounded
    ("\\boxed{0.13}", "\\frac18"),  # the gold has an exact decimal (0.125): it must be met exactly
    ("\\boxed{33}", "\\frac{100}{3}"),  # an integer claims exactness
    ("\\boxed{1.00}", "1+10^{-12}"),
    ("\\boxed{0.0000000010}", "\\frac{1}{1000000007}"),  # far fewer digits than the gold's own
]


@pytest.mark.parametrize(("completion", "gold"), LOOSE_CREDIT)
def test_loose_anchor_is_credited(completion: str, gold: str) -> None:
    assert _v(completion, gold) is Verdict.CORRECT


@pytest.mark.parametrize(("completion", "gold"), LOOSE_REFUSE)
def test_loose_anchor_neighbours_are_refused(completion: str, gold: str) -> None:
    assert _v(completion, gold) is Verdict.WRONG


# --- 6. Minerva / lighteval closing line --------------------------------------------------------------------
MINERVA = [
    "So $\\boxed{14400}$. Final Answer: The final answer is 14400. I hope it is correct.",
    "Final Answer: The final answer is 14400. I hope it is correct.",
    "Final Answer: The final answer is $14400$. I hope it is correct.",
    "The final answer is 14400. I hope it is correct.",
    "Final Answer: The final answer is 14400. I hope it is correct!",
]


@pytest.mark.parametrize("completion", MINERVA)
def test_minerva_closing_line_is_credited(completion: str) -> None:
    assert _v(completion, "14400") is Verdict.CORRECT
    assert _v(completion, "14401") is Verdict.WRONG


# --- 7. number-word golds ---------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("gold", "answer"),
    [
        ("forty two", "42"),
        ("forty-two", "42"),
        ("Forty-Two", "42"),
        ("twelve", "12"),
        ("\\text{seven}", "7"),
        ("one hundred and five", "105"),
        ("two thousand three hundred", "2300"),
        ("42", "\\text{forty-two}"),
    ],
)
def test_number_word_is_a_number(gold: str, answer: str) -> None:
    assert _v(f"\\boxed{{{answer}}}", gold) is Verdict.CORRECT
    assert _v("\\boxed{41}", gold) is Verdict.WRONG


# --- 8. two-letter word golds -------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("gold", "anagram"), [("no", "on"), ("it", "ti"), ("am", "ma"), ("\\text{no}", "on")]
)
def test_two_letter_word_gold_is_text(gold: str, anagram: str) -> None:
    assert _v(f"\\boxed{{{anagram}}}", gold) is Verdict.WRONG
    assert _v(f"\\boxed{{\\text{{{anagram}}}}}", gold) is Verdict.WRONG
    word = gold.removeprefix("\\text{").rstrip("}")
    assert _v(f"\\boxed{{{word}}}", gold) is Verdict.CORRECT
    assert _v(f"\\boxed{{\\text{{{word.capitalize()}}}}}", gold) is Verdict.CORRECT


# --- 9. several boxes in the gold ---------------------------------------------------------------------------
SEVERAL_GOLD = "She needs \\boxed{1} papers and \\boxed{2} bins."


@pytest.mark.parametrize(
    "completion",
    ["\\boxed{1} and \\boxed{2}", "\\boxed{1, 2}", "\\boxed{2}, \\boxed{1}"],
)
def test_every_gold_box_is_part_of_the_answer(completion: str) -> None:
    assert _v(completion, SEVERAL_GOLD) is Verdict.CORRECT
    assert _v(completion, "\\boxed{1} papers and \\boxed{2} bins") is Verdict.CORRECT


@pytest.mark.parametrize(
    "completion", ["\\boxed{2}", "\\boxed{1}", "\\boxed{1, 3}", "\\boxed{1} and \\boxed{3}"]
)
def test_one_gold_box_alone_is_not_the_answer(completion: str) -> None:
    assert _v(completion, SEVERAL_GOLD) is Verdict.WRONG


# --- 10. think block never closed ---------------------------------------------------------------------------
PREFILLED = EngineConfig(think_prefilled=True, eos_token_ids=(0,), max_completion_length=64)
UNCLOSED = [
    "I add 2 and 2.\n\nSo the answer is \\boxed{4}.",
    "2+2 is 4, so \\boxed{4}",
    "Sum: 4.\n\n$\\boxed{4}$",
]


@pytest.mark.parametrize("text", UNCLOSED)
def test_unclosed_think_that_stopped_is_read(text: str) -> None:
    assert PREFILLED.unclosed_think == "read_final"  # the default
    assert judge(text, "4", completion_ids=[5, 6, 0], config=PREFILLED).verdict is Verdict.CORRECT
    assert judge(text, "5", completion_ids=[5, 6, 0], config=PREFILLED).verdict is Verdict.WRONG


@pytest.mark.parametrize("text", UNCLOSED)
def test_unclosed_think_cut_or_unknown_or_strict(text: str) -> None:
    cut = judge(text, "4", completion_ids=[5] * 64, config=PREFILLED)
    assert cut.verdict is Verdict.TRUNCATED
    unknown = judge(text, "4", config=PREFILLED)  # no ids: a stop cannot be told from a cut (issue 44)
    assert unknown.verdict is Verdict.NO_ANSWER
    strict = EngineConfig(think_prefilled=True, eos_token_ids=(0,), unclosed_think="no_answer")
    assert judge(text, "4", completion_ids=[5, 6, 0], config=strict).verdict is Verdict.NO_ANSWER


def test_unclosed_think_reads_only_the_last_paragraph() -> None:
    text = "Maybe \\boxed{4}?\n\nLet me check again: 2+3 is 5, hmm."
    assert judge(text, "4", completion_ids=[5, 0], config=PREFILLED).verdict is not Verdict.CORRECT
    with pytest.raises(ValueError):
        EngineConfig(unclosed_think="maybe")


# --- 11. a prose correction after the boxed answer -----------------------------------------------------------
CORRECTIONS = [
    "\\boxed{10}. Actually, it should be 12.",
    "\\boxed{10}. Correction: 12",
    "\\boxed{10}. Correction: 12.",
    "\\boxed{10} so the real answer is 12",
    "\\boxed{10}. So the real answer is 12.",
    "\\boxed{10}. I made a mistake; the total is 12.",
    "\\boxed{10}. Oops, I miscounted: the total is 12.",
    "\\boxed{10}. Wait, that's off by two. It is 12.",
    "\\boxed{10}. On second thought, the correct answer is 12.",
    "\\boxed{10}. Hmm, no: 12.",
]


@pytest.mark.parametrize("completion", CORRECTIONS)
def test_prose_correction_after_the_box_wins(completion: str) -> None:
    assert _v(completion, "10") is not Verdict.CORRECT
    assert _v(completion, "12") is Verdict.CORRECT


@pytest.mark.parametrize(
    "completion",
    [
        "\\boxed{10}. I hope it is correct.",
        "\\boxed{10}. This took 3 steps.",
        "\\boxed{10}. Indeed, 2 times 5 is 10.",
        "\\boxed{10}. This is correct because 2 \\times 5 = 10.",
    ],
)
def test_remarks_after_the_box_do_not_override_it(completion: str) -> None:
    assert _v(completion, "10") is Verdict.CORRECT
