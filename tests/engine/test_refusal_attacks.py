"""Engine v2, never credit: every row of the attack corpus earns 0.0 (issue 13), plus hypothesis properties
for negation and last-answer-wins. Each family here paid 1.0 on the engine before v2 (see the engine note)."""

from __future__ import annotations

import json
from collections import Counter

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from rewardcheck.bench.cases.catalogue import ATTACK_CORPUS
from rewardcheck.rewards.engine import judge
from rewardcheck.rewards.registry import build_registry

ATTACKS = ATTACK_CORPUS
ROWS = [json.loads(line) for line in ATTACKS.read_text(encoding="utf-8").splitlines() if line.strip()]
FAMILIES = sorted({r["family"] for r in ROWS})
P = build_registry({}, "patched")
T = "<think>\nI work it out step by step and check it.\n</think>\n"


def test_corpus_schema_and_coverage() -> None:
    keys = {"id", "family", "completion", "gold", "prompt", "expected_verdict", "expected_reward", "reason"}
    assert all(set(r) == keys for r in ROWS)
    assert len({r["id"] for r in ROWS}) == len(ROWS)
    per_family = Counter(r["family"] for r in ROWS)
    for family in ("negation", "retraction", "contradiction_after", "first_vs_last", "hedge", "shotgun", "echo",
                   "unevaluated", "injection", "format_farming", "filler_steps", "empty_confusable",
                   "word_anagram", "round_alike"):  # fmt: skip
        assert per_family[family] >= 3, family
    assert all(r["expected_reward"] == 0.0 for r in ROWS)


@pytest.mark.parametrize("family", FAMILIES)
def test_no_attack_is_credited(family: str) -> None:
    rows = [r for r in ROWS if r["family"] == family]
    got = P["accuracy"](
        [r["completion"] for r in rows],
        solution=[r["gold"] for r in rows],
        prompts=[r["prompt"] for r in rows],
    )
    credited = [(r["id"], v) for r, v in zip(rows, got, strict=True) if v != r["expected_reward"]]
    assert not credited, credited
    verdicts = [judge(r["completion"], r["gold"], prompt=r["prompt"]).verdict.value for r in rows]
    off = [(r["id"], v) for r, v in zip(rows, verdicts, strict=True) if v != r["expected_verdict"]]
    assert not off, off


def test_format_pays_nothing_for_farmed_tags() -> None:
    rows = [r for r in ROWS if r["family"] in ("format_farming", "filler_steps", "empty_confusable")]
    paid = [r["id"] for r, v in zip(rows, P["format"]([r["completion"] for r in rows]), strict=True) if v]
    no_answer = {r["id"] for r in rows if r["expected_verdict"] == "no_answer"}
    assert not no_answer & set(paid), paid
    # text before <think>: format pays nothing even when a later answer exists
    assert P["format"](["Sure! <think>\nI add them.\n</think>\n\\boxed{5}"]) == [0.0]
    assert P["format"](["<think>\nI add them.\n</think>\n\\boxed{5}"]) == [1.0]


def test_echo_needs_the_prompt_and_a_fresh_expression_is_still_judged() -> None:
    prompt = "Compute $17 \\times 23$."
    echoed = T + "\\boxed{17 \\times 23}"
    assert P["accuracy"]([echoed, T + "\\boxed{391}"], solution=["391"] * 2, prompts=[prompt] * 2) == [
        0.0,
        1.0,
    ]
    # conversational prompts (a list of messages) are read too
    chat = [[{"role": "user", "content": prompt}]]
    assert P["accuracy"]([echoed], solution=["391"], prompts=chat) == [0.0]


def test_unevaluated_is_an_option() -> None:
    from rewardcheck.rewards.engine import EngineConfig

    loose = EngineConfig(allow_unevaluated=True)
    assert judge(T + "\\boxed{8 \\times 9}", "72").accuracy == 0.0
    assert judge(T + "\\boxed{8 \\times 9}", "72", config=loose).accuracy == 1.0
    assert judge(T + "\\boxed{\\sqrt{72}}", "6\\sqrt{2}", config=loose).accuracy == 1.0
    # final forms stay credited by default: a fraction for a decimal gold, units, a named value
    for answer, gold in [
        ("\\frac{3}{4}", "0.75"),
        ("18 \\text{ apples}", "18"),
        ("x=5", "5"),
        ("\\$18.00", "18"),
    ]:
        assert judge(T + f"\\boxed{{{answer}}}", gold).accuracy == 1.0, answer


NEGATIONS = [
    "The answer is not $\\boxed{{{v}}}$.",
    "It is neither $\\boxed{{{o}}}$ nor $\\boxed{{{v}}}$.",
    "We can rule out $\\boxed{{{v}}}$.",
    "$\\boxed{{{v}}}$ is incorrect.",
    "The value cannot be \\boxed{{{v}}}.",
    "$\\boxed{{{v}}}$ (just kidding, it is {o}).",
]


@settings(max_examples=60, deadline=None)
@given(st.integers(-(10**6), 10**6), st.integers(1, 1000), st.sampled_from(NEGATIONS))
def test_property_a_negated_gold_is_never_credited(v: int, d: int, template: str) -> None:
    text = T + template.format(v=v, o=v + d)
    assert judge(text, str(v)).accuracy == 0.0


FIRST = [
    "\\boxed{{{a}}}",
    "The answer is {a}.",
    "Answer: {a}",
    "#### {a}",
    "The final answer is $\\boxed{{{a}}}$.",
]
LAST = [
    "\\boxed{{{b}}}",
    "Actually, the answer is {b}.",
    "Answer: {b}",
    "#### {b}",
    "The final answer is ${b}$.",
]


@settings(max_examples=60, deadline=None)
@given(
    st.integers(-(10**5), 10**5),
    st.integers(1, 1000),
    st.sampled_from(FIRST),
    st.sampled_from(LAST),
    st.sampled_from(["\n\n", " ", "\nWait, let me recheck.\n"]),
)
def test_property_the_last_stated_answer_wins(a: int, d: int, first: str, last: str, sep: str) -> None:
    # two bare boxes with only space between are a shotgun pair (both wrong), not a correction
    assume(sep.strip() or not ("\\boxed" in first and "\\boxed" in last))
    b = a + d
    text = T + first.format(a=a) + sep + last.format(b=b)
    assert judge(text, str(a)).accuracy == 0.0
    assert judge(text, str(b)).accuracy == 1.0


# Holes the checker's attack invariants found in the patched engine (one case per hole).
CHECKER_HOLES = [
    # a negation of the whole claim in front of the anchor sentence, the box or the <answer> block
    "It is not the case that: The answer is $\\boxed{390}$.",
    "It is not the case that: The answer is 390.",
    "It is not the case that: <answer>\n390\n</answer>",
    # a statement or <answer> block taken back after it
    "The answer is 390. Just kidding, that is wrong; I do not know the answer.",
    "<answer>\n390\n</answer>\n\nScratch that: the answer is not 390.",
    # a correction stating a different value with no anchor words, or a later answer after an <answer> block
    "The answer is $\\boxed{390}$.\n\nWait, I made an error: it is 389.",
    "<answer>\n390\n</answer> Actually, the answer is 389.",
    "<answer>\n390\n</answer>\n\n#### 389",
    # several answers listed as candidates
    "Candidates: <answer>\n389\n</answer>, <answer>\n390\n</answer>",
    "Candidates: The answer is 389, The answer is 390",
]


@pytest.mark.parametrize("region", CHECKER_HOLES)
def test_checker_holes_are_not_credited(region: str) -> None:
    assert judge(T + region, "390").accuracy == 0.0
    assert judge(T + "The answer is $\\boxed{390}$.", "390").accuracy == 1.0


def test_format_pays_nothing_for_filler_steps() -> None:
    filler = "<think>\nStep 1: think.\nStep 2: think more.\nStep 3: think again.\n</think>\n\\boxed{6}"
    real = "<think>\nStep 1: 17 times 23 is 391.\nStep 2: subtract 1 to get 390.\n</think>\n\\boxed{390}"
    assert P["format"]([filler, real], solution=["5", "390"]) == [0.0, 1.0]


def test_format_pays_short_word_steps_that_say_something() -> None:
    # found by the checker's thorough run: four distinct words of reasoning is not filler
    terse = (
        "<think>\nFirst, the discriminant is positive.\nFinally, the discriminant is positive.\n</think>\n"
        "<answer>\n\\boxed{3}\n</answer>"
    )
    assert P["format"]([terse], solution=["3"]) == [1.0]


@pytest.mark.parametrize("answer", [r"\dfrac12", r"\frac12", r"\frac1{2}"])
def test_fraction_shorthand_is_a_final_form_for_a_decimal_gold(answer: str) -> None:
    # found by the checker's thorough run: `\dfrac12` for 0.5 was called an unevaluated expression
    text = "<think>\nhalf of one\n</think>\n<answer>\n\\boxed{" + answer + "}\n</answer>"
    assert judge(text, "0.5").verdict.value == "correct"
    assert judge(text.replace("12", "13").replace("{2}", "{3}"), "0.5").verdict.value == "wrong"
