"""Property tests of the answer engine (hypothesis; deadline None because sympy runs)."""

from __future__ import annotations

from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from rewardcheck.rewards.engine import EngineConfig, Verdict, extract_answer, judge
from rewardcheck.rewards.engine.text import normalise
from rewardcheck.rewards.engine.truncation import is_truncated


def done(final: str) -> str:
    return f"<think>\nI work it out step by step.\n</think>\n{final}"


@settings(deadline=None)
@given(st.integers(min_value=-(10**6), max_value=10**6), st.integers(min_value=1, max_value=50))
def test_integer_answers(n: int, delta: int) -> None:
    assert judge(done(f"\\boxed{{{n}}}"), str(n)).verdict is Verdict.CORRECT
    assert judge(done(f"\\boxed{{{n + delta}}}"), str(n)).verdict is Verdict.WRONG


@settings(deadline=None)
@given(
    st.fractions(min_value=-100, max_value=100, max_denominator=50).filter(lambda f: f.denominator > 1),
    st.integers(2, 9),
)
def test_equivalent_fractions_verify_exactly(f: Fraction, k: int) -> None:
    gold = f"\\frac{{{f.numerator}}}{{{f.denominator}}}"
    unreduced = f"\\frac{{{f.numerator * k}}}{{{f.denominator * k}}}"
    j = judge(done(f"\\boxed{{{unreduced}}}"), gold)
    assert j.verdict is Verdict.CORRECT and j.path == "exact"


@settings(deadline=None)
@given(st.text(max_size=300))
def test_any_text_gets_a_verdict_and_never_raises(text: str) -> None:
    j = judge(text, "7", config=EngineConfig(timeout_s=1.0))
    assert isinstance(j.verdict, Verdict)
    assert j.accuracy in (None, 0.0, 1.0)


@given(st.lists(st.integers(0, 999), min_size=1, max_size=6, unique=True))
def test_last_boxed_answer_counts_after_corrections(values: list[int]) -> None:
    text = " Hmm, that step was wrong; recomputing from the start. ".join(f"\\boxed{{{v}}}" for v in values)
    span = extract_answer(text)
    assert span.answer == str(values[-1]) and span.alternatives == ()


@given(st.text(alphabet="0123456789+-=(){}\\ fracsqt,.$", max_size=40))
def test_normalise_is_idempotent(s: str) -> None:
    assert normalise(normalise(s)) == normalise(s)


@given(st.lists(st.integers(0, 20), max_size=12), st.integers(1, 12))
def test_truncation_rule_with_ids(ids: list[int], limit: int) -> None:
    cfg = EngineConfig(max_completion_length=limit, eos_token_ids=(0,))
    cut, _ = is_truncated(ids, cfg, has_final_answer=True)
    assert cut == (len(ids) >= limit and (not ids or ids[-1] != 0))
