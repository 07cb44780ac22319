"""rewardcheck.rewards.guarded: degenerate outputs are floored with the kind in the reason, everything else passes through
unchanged (a property over arbitrary text), and the classifier moved to rewards/ is what bench re-exports."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from rewardcheck.rewards.degenerate import degenerate_kind
from rewardcheck.rewards.guarded import guarded


def _rm(completions, **kwargs):
    return [float(len(c)) for c in completions]


def test_floors_flagged_outputs_and_keeps_the_rest() -> None:
    g = guarded(_rm, floor=-5.0)
    texts = ["the " * 30, "", "What is 2 + 3?", "We add 2 and 3 to get 5, so the answer is \\boxed{5}."]
    values = g(texts, prompts=["What is 2 + 3?"] * 4)
    assert values[:3] == [-5.0, -5.0, -5.0]
    assert values[3] == float(len(texts[3]))
    reasons = [r.reason for r in g.explain(texts, prompts=["What is 2 + 3?"] * 4)]
    assert "repetition" in reasons[0] and "empty" in reasons[1] and "prompt_echo" in reasons[2]
    assert g.__name__ == "guarded__rm"


def test_none_from_the_wrapped_reward_is_kept_and_lengths_are_checked() -> None:
    g = guarded(lambda completions, **kw: [None for _ in completions])
    assert g(["a fine answer of several words"]) == [None]
    bad = guarded(lambda completions, **kw: [1.0])
    try:
        bad(["x", "y"])
    except ValueError as exc:
        assert "2 completions" in str(exc)
    else:
        raise AssertionError("a reward returning the wrong number of values must raise")


def test_conversational_prompts_and_completions() -> None:
    g = guarded(lambda completions, **kw: [0.3 for _ in completions], floor=-1.0)
    prompts = [[{"role": "user", "content": "Compute the sum of the first ten positive integers."}]]
    echo = [[{"role": "assistant", "content": "Compute the sum of the first ten positive integers."}]]
    assert g(echo, prompts=prompts) == [-1.0]


@settings(max_examples=60, deadline=None)
@given(st.text(max_size=200))
def test_unflagged_text_is_paid_exactly_what_the_wrapped_reward_pays(text: str) -> None:
    value = guarded(_rm)([text])[0]
    if degenerate_kind(text) is None:
        assert value == float(len(text))
    else:
        assert value == -5.0


def test_bench_uses_the_one_classifier() -> None:
    import rewardcheck.bench.cases as cases
    from rewardcheck.rewards.degenerate import degenerate_kind as from_scan

    assert from_scan is degenerate_kind
    assert not hasattr(cases, "classify_degenerate")  # no second home: importers use rewards.degenerate
