"""Every verdict of the answer engine, gold parsing, final-answer extraction and truncation."""

from __future__ import annotations

import pytest

from rewardcheck.rewards.engine import EngineConfig, Verdict, extract_answer, judge, parse_gold, split_layout
from rewardcheck.rewards.engine.gold import GoldStatus
from rewardcheck.rewards.engine.judge import analyse
from rewardcheck.rewards.engine.mathcore import parse_value
from rewardcheck.rewards.engine.text import normalise

EOS = 99
IDS_CFG = EngineConfig(max_completion_length=8, eos_token_ids=(EOS,))


def done(text: str) -> str:
    return f"<think>\nworking it out carefully\n</think>\n{text}"


@pytest.mark.parametrize(
    ("gold", "expr", "shown"),
    [
        ("72", "72", "72"),
        (r"2\sqrt{2}", r"2\sqrt{2}", "2*sqrt(2)"),
        (r"\frac{\pi}{4}", r"\frac{\pi}{4}", "pi/4"),
        # a one-variable inequality is read as its interval; its exact ends need no sympy (shown as written)
        ("1<x<2", "(1, 2)", "(1, 2)"),
        (r"\boxed{5}", "5", "5"),
        ("$3$", "3", "3"),
        ("#### 42", "42", "42"),
        (r"We add them up, so the total is $\boxed{\frac{3}{4}}$ as claimed.", r"\frac{3}{4}", "3/4"),
        (r"First we find x = 2, then y = 3, and so the final answer is $5$ overall.", "5", "5"),
    ],
)
def test_gold_forms_parse_to_the_whole_gold(gold: str, expr: str, shown: str) -> None:
    g = parse_gold(gold)
    assert g.status is GoldStatus.OK, g
    assert g.shown == shown
    if "answer is" not in gold:
        assert g.expr == expr


def test_prefix_parse_is_a_misparse_not_a_gold() -> None:
    # math-verify's plain-expression reading of `1<x<2` is `1`, of `2\sqrt{2}` (unwrapped) is `2`
    assert parse_value("1<x<2").shown != "1"
    assert parse_value(r"2\sqrt{2}").shown == "2*sqrt(2)"
    assert judge(done(r"\boxed{2}"), r"2\sqrt{2}").verdict is Verdict.WRONG
    assert judge(done(r"\boxed{1}"), "1<x<2").verdict is Verdict.WRONG


def test_gold_is_parsed_once_per_unique_solution() -> None:
    parse_gold.cache_clear()
    for _ in range(16):
        judge(done(r"\boxed{7}"), "seven-gold-7 $7$ ok")
    info = parse_gold.cache_info()
    assert info.misses == 1 and info.hits >= 15


def test_correct_by_fast_path_and_by_sympy() -> None:
    fast = judge(done(r"\boxed{\dfrac{1}{2}}"), r"\frac{1}{2}")
    assert fast.verdict is Verdict.CORRECT and fast.path == "fast"
    exact = judge(done(r"\boxed{0.5}"), r"\frac{1}{2}")
    assert exact.verdict is Verdict.CORRECT and exact.path == "exact"
    slow = judge(done(r"\boxed{\frac{\sqrt{2}}{2}}"), r"\frac{1}{\sqrt{2}}")
    assert slow.verdict is Verdict.CORRECT and slow.path == "inline"


def test_wrong() -> None:
    j = judge(done(r"\boxed{3}"), "4")
    assert j.verdict is Verdict.WRONG and j.answer == "3" and j.accuracy == 0.0


def test_verify_is_called_gold_first() -> None:
    # verify(gold, answer) accepts the interval for the inequality; the reversed call does not
    assert judge(done(r"\boxed{(1,2)}"), "1<x<2").verdict is Verdict.CORRECT


def test_no_answer_needs_a_completed_generation() -> None:
    j = judge("<think>\nhmm\n</think>\nI am not sure.", "4", completion_ids=[1, 2, EOS], config=IDS_CFG)
    assert j.verdict is Verdict.NO_ANSWER and j.accuracy == 0.0


def test_truncated_by_ids_even_with_a_boxed_answer() -> None:
    looping = done(r"\boxed{4}. \boxed{4}. \boxed{4}.")
    assert judge(looping, "4", completion_ids=list(range(8)), config=IDS_CFG).verdict is Verdict.TRUNCATED
    assert judge(looping, "4", completion_ids=[*range(7), EOS], config=IDS_CFG).verdict is Verdict.CORRECT
    assert judge(looping, "4", completion_ids=[1, 2, 3], config=IDS_CFG).verdict is Verdict.CORRECT


def test_without_ids_truncation_is_unknown_never_true() -> None:
    # issue 44: without length information a stop cannot be told from a cut; no answer, never "truncated"
    for text in ("<think>\nlet me compute 2+2 = ", "Let me compute 2+2 = ", "<|begin_of_thought|>\nsum is 4"):
        j = judge(text, "4")
        assert j.verdict is Verdict.NO_ANSWER, (text, j)
    assert judge("First, Finally,", "4").verdict is Verdict.NO_ANSWER
    assert "truncation unknown" in analyse("First, Finally,").truncation_reason
    cfg = EngineConfig(think_prefilled=True)
    # no ids: a stop cannot be told from a cut (issue 44): no answer, not truncated
    assert judge(r"reasoning that never closes \boxed{4}", "4", config=cfg).verdict is Verdict.NO_ANSWER


def test_gold_unparseable_is_unscored() -> None:
    j = judge(done(r"\boxed{4}"), r"\frac{1}{")
    assert j.verdict is Verdict.GOLD_UNPARSEABLE and j.accuracy is None and not j.is_scored


@pytest.mark.parametrize(
    "gold", ["N/A", "n/a.", "???", "none", "see the solution above", "The answer cannot be determined."]
)
def test_placeholder_and_sentence_golds_are_unparseable(gold: str) -> None:
    # sympy reads "N/A" as N/A and a sentence as a product of symbols: judging against that is a mis-parse
    j = judge(done(r"\boxed{3}"), gold)
    assert j.verdict is Verdict.GOLD_UNPARSEABLE and j.accuracy is None


@pytest.mark.parametrize(("gold", "answer"), [("east", "east"), ("A", "A"), ("(A)", "A")])
def test_short_word_golds_still_count(gold: str, answer: str) -> None:
    assert judge(done(rf"\boxed{{{answer}}}"), gold).verdict is Verdict.CORRECT


def test_error_is_unscored() -> None:
    class Exploding(str):
        def rfind(self, *a: object, **k: object) -> int:
            raise RuntimeError("boom")

    j = judge(Exploding("<think>x</think> \\boxed{1}"), "1")
    assert j.verdict is Verdict.ERROR and j.accuracy is None


def test_final_answer_region_after_think() -> None:
    # a boxed guess inside the reasoning does not count; the final answer after </think> does
    text = "<think>\nmaybe \\boxed{3}?\n</think>\nThe answer is \\boxed{4}."
    assert judge(text, "4").verdict is Verdict.CORRECT
    assert judge("<think>\nsurely \\boxed{4}\n</think>\nNo idea.", "4").verdict is not Verdict.CORRECT


def test_prefilled_think_and_sky_t1_layouts() -> None:
    lay = split_layout("reasoning without an opening tag\n</think>\n\\boxed{4}")
    assert lay.prefilled and lay.reasoning is not None and "\\boxed{4}" in (lay.final or "")
    sky = "<|begin_of_thought|>\n\\boxed{3}\n<|end_of_thought|>\n<|begin_of_solution|>\n\\boxed{4}\n<|end_of_solution|>"
    assert judge(sky, "4").verdict is Verdict.CORRECT


def test_last_boxed_counts_and_alternatives_are_wrong() -> None:
    corrected = done(r"So \boxed{3}. Wait, I made an arithmetic slip above; redoing it gives \boxed{4}.")
    assert judge(corrected, "4").verdict is Verdict.CORRECT
    for alt in (r"\boxed{3} or \boxed{4}", r"\boxed{4} or \boxed{3}", r"$\boxed{3}$, $\boxed{4}$"):
        j = judge(done(alt), "4")
        assert j.verdict is Verdict.WRONG and "alternatives" in j.reason
    assert judge(done(r"\boxed{4} or \boxed{4}"), "4").verdict is Verdict.CORRECT
    assert extract_answer(r"\boxed{1} and \boxed{2}").alternatives == ("1", "2")


def test_answer_anchors_without_box() -> None:
    assert judge("Janet has 16 - 3 = 13 eggs\nA: 26", "18").verdict is Verdict.WRONG
    assert judge("Janet has 16 - 3 = 13 eggs\nA: 18", "18").verdict is Verdict.CORRECT
    assert judge(done("The final answer is $12$."), "12").verdict is Verdict.CORRECT


def test_normalise_only_removes_spelling() -> None:
    assert normalise(r"\left( 1 , 2 \right)") == normalise("(1,2)")
    assert normalise(r"\dfrac{1}{2}") == normalise(r"\frac{1}{2}")
    assert normalise("12") != normalise("1.2")
    assert normalise(r"\text{(C)}") == normalise("(C)")


def test_a_digit_loop_the_text_ends_on_is_unfinished() -> None:
    # issue 42: a loop or an expansion cut by the length limit is never a value (it would only spend the limit)
    cut = done("So the probability is 3/440 = 0.00681818181818181818181818181818")
    j = judge(cut, "\\frac{3}{440}")
    assert j.verdict is Verdict.NO_ANSWER and "unfinished" in j.reason
    stopped = EngineConfig(max_completion_length=100, eos_token_ids=(EOS,))
    assert (
        judge(cut, "\\frac{3}{440}", completion_ids=[5, 6, EOS], config=stopped).verdict
        is not Verdict.NO_ANSWER
    )
    read = judge(cut, "\\frac{3}{440}", config=EngineConfig(unfinished_value="read"))
    assert read.verdict is not Verdict.NO_ANSWER
    # a short number the text ends on, a value alone on its line, a labelled, boxed or delimited one is read
    for text in (
        "-5",
        "So x = 120",
        "The answer is 120",
        "So \\boxed{120}",
        "So we get $120$",
        "so we get 120",
    ):
        assert judge(done(text), "120" if "120" in text else "-5").verdict is Verdict.CORRECT, text
