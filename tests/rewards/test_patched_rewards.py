"""Each upstream fault: the upstream profile fails the check, the patched profile passes it."""

from __future__ import annotations

import pytest

from rewardcheck.bench.tokenizers import qwen_tokenizer
from rewardcheck.rewards.registry import build_registry, get_reward_funcs

EOS = 151645
E4 = build_registry({}, "openr1@e4ac3ae")
M = build_registry({}, "openr1@1416fa0")
P = build_registry({"max_completion_length": 64, "eos_token_id": EOS}, "patched")

UPSTREAM_NAMES = {
    "accuracy": "accuracy_reward",
    "format": "format_reward",
    "tag_count": "tag_count_reward",
    "reasoning_steps": "reasoning_steps_reward",
    "cosine": "cosine_scaled_reward",
    "repetition_penalty": "repetition_penalty_reward",
    "length": "len_reward",
    "soft_overlong_punishment": "soft_overlong_punishment_reward",
}


def done(final: str, reasoning: str = "I add the two numbers carefully and check the sum twice.") -> str:
    return f"<think>\n{reasoning}\n</think>\n{final}"


def ids_for(n: int, complete: bool = True) -> list[int]:
    return [*range(1, n), EOS] if complete else list(range(1, n + 1))


# --- names and signatures ---------------------------------------------------------------------------


def test_same_names_as_upstream_and_what_trl_passes() -> None:
    assert {k: f.__name__ for k, f in P.items()} == UPSTREAM_NAMES
    for name in ("accuracy", "format", "cosine", "length"):
        assert M[name].__name__ == P[name].__name__
    conv = [[{"role": "assistant", "content": done(r"\boxed{4}")}]]
    extra = {"trainer_state": object(), "log_extra": None, "prompts": [[{"role": "user", "content": "2+2?"}]]}
    for name, f in P.items():
        values = f(conv, solution=["4"], completion_ids=[ids_for(20)], **extra)
        assert len(values) == 1, name
    assert P["accuracy"](conv, solution=["4"]) == [1.0]
    assert [
        f.__name__ for f in get_reward_funcs({"reward_funcs": ["accuracy", "length"]}, profile="patched")
    ] == [
        "accuracy_reward",
        "len_reward",
    ]


def test_explain_gives_reasons() -> None:
    (r,) = P["accuracy"].explain([done(r"\boxed{3}")], solution=["4"])
    assert r.value == 0.0 and "wrong" in r.reason and r.answer == "3"


# --- accuracy ---------------------------------------------------------------------------------------


def test_accuracy_unparseable_gold_is_skipped_not_paid() -> None:
    wrong = [done(r"\boxed{1}")]
    assert E4["accuracy"](wrong, solution=[r"\frac{1}{"]) == [1.0]
    assert P["accuracy"](wrong, solution=[r"\frac{1}{"]) == [None]


def test_accuracy_raw_latex_gold_without_dollars() -> None:
    # e4ac3ae cannot parse `2\sqrt{2}` without $ and pays everyone 1.0; patched judges it
    assert E4["accuracy"]([done(r"\boxed{3}")], solution=[r"2\sqrt{2}"]) == [1.0]
    got = P["accuracy"](
        [done(r"\boxed{3}"), done(r"\boxed{\sqrt{2} \cdot 2}"), done(r"\boxed{\sqrt{8}}")],
        solution=[r"2\sqrt{2}"] * 3,
    )
    assert got == [0.0, 1.0, 0.0]  # \sqrt{8} is unsimplified: not a final answer by default


def test_accuracy_prefix_misparse_of_gold() -> None:
    # main's default gold parse reads `1<x<2` as 1, so the answer 1 is paid
    assert M["accuracy"]([done(r"\boxed{1}")], solution=["1<x<2"]) == [1.0]
    assert P["accuracy"]([done(r"\boxed{1}"), done(r"\boxed{(1,2)}")], solution=["1<x<2"] * 2) == [0.0, 1.0]


def test_accuracy_verify_order() -> None:
    assert E4["accuracy"]([done(r"\boxed{(1,2)}")], solution=["$1<x<2$"]) == [0.0]
    assert P["accuracy"]([done(r"\boxed{(1,2)}")], solution=["$1<x<2$"]) == [1.0]


def test_accuracy_last_boxed_answer_counts_but_alternatives_do_not() -> None:
    corrected = [done(r"So \boxed{3}. Wait, I dropped a carry in the second step; redoing it, \boxed{4}.")]
    assert E4["accuracy"](corrected, solution=["$4$"]) == [0.0]  # upstream joins every box into one set
    assert P["accuracy"](corrected, solution=["$4$"]) == [1.0]
    hedge = [done(r"It is \boxed{4} or \boxed{5}.")]
    assert P["accuracy"](hedge, solution=["$4$"]) == [0.0]


def test_accuracy_ignores_answers_inside_the_reasoning() -> None:
    text = [done("I could not finish.", reasoning=r"Maybe \boxed{4}? Let me check that again.")]
    assert E4["accuracy"](text, solution=["$4$"]) == [1.0]
    assert P["accuracy"](text, solution=["$4$"], completion_ids=[ids_for(30)]) == [0.0]


def test_accuracy_truncated_completion_is_not_paid() -> None:
    looping = [done(r"\boxed{4}. " * 5)]
    assert E4["accuracy"](looping, solution=["$4$"]) == [1.0]
    assert P["accuracy"](looping, solution=["$4$"], completion_ids=[ids_for(64, complete=False)]) == [0.0]


# --- format -----------------------------------------------------------------------------------------


def test_format_accepts_prefilled_think() -> None:
    text = ["The sum of 2 and 2 is 4, checked twice.\n</think>\n\\boxed{4}"]
    assert E4["format"](text) == [0.0] and M["format"](text) == [0.0]
    assert P["format"](text) == [1.0]


def test_format_empty_think_earns_nothing() -> None:
    text = ["<think></think><answer>4</answer>"]
    assert E4["format"](text) == [1.0]
    assert P["format"](text) == [0.0]
    tags = build_registry({"format_answer_tags": True}, "patched")["format"]
    assert tags(text) == [0.0]
    assert tags(["<think>\nadd them\n</think>\n<answer>\n4\n</answer>"]) == [1.0]
    assert tags([done(r"\boxed{4}")]) == [0.0]


def test_format_needs_exactly_one_think_block_and_a_final_answer() -> None:
    two = ["<think>\na\n</think>\n<think>\nb\n</think>\n\\boxed{4}"]
    assert P["format"](two) == [0.0]
    assert P["format"]([done("no answer here")]) == [0.0]
    assert P["format"]([done(r"\boxed{4}")]) == [1.0]


# --- reasoning_steps --------------------------------------------------------------------------------


def test_reasoning_steps_seed_exploit_scores_zero() -> None:
    assert round(E4["reasoning_steps"](["First, Finally,"])[0], 3) == 0.667
    assert P["reasoning_steps"](["First, Finally,"]) == [0.0]
    assert P["reasoning_steps"](["First, 5.\nFirst, 4.\nNext,}"]) == [0.0]


def test_reasoning_steps_do_not_pay_filler_lines() -> None:
    # what the sft300 policy farmed (fixtures/runs/repro/sft300/patched): markers on generic lines, a wrong box
    farmed = "First, add 3 and 4 to get 7.\nSecond, let me recount the numbers.\nNext, let me check this again.\nFinally, so far this looks right."
    assert E4["reasoning_steps"]([done(r"\boxed{8}", reasoning=farmed)]) == [1.0]
    assert P["reasoning_steps"]([done(r"\boxed{8}", reasoning=farmed)]) == [pytest.approx(1 / 3)]
    repeated = "\n".join(["First, add 3 and 4 to get 7."] + ["Next, add 3 and 4 to get 7."] * 5)
    assert P["reasoning_steps"]([done(r"\boxed{7}", reasoning=repeated)]) == [pytest.approx(1 / 3)]
    prose = "First, let me think about it.\nNext, I will think more.\nFinally, I am thinking again."
    assert P["reasoning_steps"]([done(r"\boxed{7}", reasoning=prose)]) == [0.0]


def test_reasoning_steps_need_line_starts_content_and_an_answer() -> None:
    inline = done(r"\boxed{4}", reasoning="I will go First, Second, Next, Finally, done")
    assert E4["reasoning_steps"]([inline]) == [1.0]
    assert P["reasoning_steps"]([inline]) == [0.0]
    real = "First, add the tens digits: 1 + 2 = 3.\nNext, add the units digits: 4 + 5 = 9.\nFinally, combine both partial sums: 39."
    assert P["reasoning_steps"]([done(r"\boxed{4}", reasoning=real)]) == [1.0]
    assert P["reasoning_steps"]([done("no answer", reasoning=real)], completion_ids=[ids_for(30)]) == [0.0]
    cut = [f"<think>\n{real}\nStep 4: and then"]
    assert E4["reasoning_steps"](cut) == [1.0]
    assert P["reasoning_steps"](cut) == [0.0]


# --- cosine -----------------------------------------------------------------------------------------


def test_cosine_rejects_inverted_wrong_branch() -> None:
    from rewardcheck.rewards.patched.registry import get_cosine_scaled_reward

    with pytest.raises(ValueError, match="inverted"):
        get_cosine_scaled_reward(0.0, -0.5)
    with pytest.raises(ValueError, match="inverted"):
        build_registry({"cosine_min_value_wrong": 0.1, "cosine_max_value_wrong": -0.3}, "patched")
    with pytest.raises(ValueError, match="reach"):
        get_cosine_scaled_reward(-0.5, 0.6)
    get_cosine_scaled_reward(-1.0, -0.5)  # open-r1's factory default is not inverted


def test_cosine_registry_replaces_cli_default_wrong_branch() -> None:
    short_wrong, long_wrong = done(r"\boxed{3}"), done(r"\boxed{3}", reasoning="checking " * 200)
    ids = [ids_for(20), ids_for(900)]
    up = E4["cosine"]([short_wrong, long_wrong], solution=["$4$"] * 2)
    assert up[0] > up[1]  # upstream: the shorter wrong answer is paid more
    pa = P["cosine"]([short_wrong, long_wrong], solution=["4"] * 2, completion_ids=ids)
    assert pa[0] == pa[1] == -0.5  # patched default: flat wrong branch, no length gradient


def test_cosine_counts_tokens_and_clamps() -> None:
    text = [done(r"\boxed{4}")] * 2
    with pytest.raises(ValueError, match="tokens"):
        P["cosine"](text[:1], solution=["4"])
    near, far = P["cosine"](text, solution=["4"] * 2, completion_ids=[ids_for(999), ids_for(5000)])
    assert far == pytest.approx(0.5) and near >= far
    # upstream: a 1500-character correct answer is paid more than a 1000-character one (wrap-around)
    a1000 = done(r"\boxed{4}", reasoning="x" * 970)
    a1500 = done(r"\boxed{4}", reasoning="x" * 1470)
    up = E4["cosine"]([a1000, a1500], solution=["$4$"] * 2)
    assert up[1] > up[0]
    tok = build_registry({"tokenizer": qwen_tokenizer()}, "patched")["cosine"]
    toks = qwen_tokenizer()(a1000, add_special_tokens=False)["input_ids"]
    assert tok([a1000], solution=["4"]) == tok([a1000], solution=["4"], completion_ids=[[*toks[:-1], EOS]])
    chars = build_registry({"cosine_count_chars": True}, "patched")["cosine"]
    c1000, c1500 = chars([a1000, a1500], solution=["4"] * 2)
    assert c1500 <= c1000


def test_cosine_truncated_and_unparseable_gold() -> None:
    cut = [done(r"\boxed{3}", reasoning="hmm " * 40)]
    up = E4["cosine"](cut, solution=["$4$"])[0]
    pa = P["cosine"](cut, solution=["4"], completion_ids=[ids_for(64, complete=False)])[0]
    assert pa is not None and pa <= -0.5 and pa < up  # no better than the worst wrong answer
    assert E4["cosine"]([done(r"\boxed{3}")], solution=[r"\frac{1}{"]) == [1.0]
    assert P["cosine"]([done(r"\boxed{3}")], solution=[r"\frac{1}{"], completion_ids=[ids_for(9)]) == [None]


# --- len_reward -------------------------------------------------------------------------------------


def test_len_reward_is_per_prompt_group_in_tokens() -> None:
    texts = [
        done(r"\boxed{4}"),
        done(r"\boxed{4}", reasoning="x" * 50),
        done(r"\boxed{9}", reasoning="y" * 2000),
        done(r"\boxed{9}", reasoning="y" * 4000),
    ]
    sols = ["4", "4", "9", "9"]
    ids = [ids_for(10), ids_for(20), ids_for(400), ids_for(800)]
    up = M["length"](texts, solution=["$4$", "$4$", "$9$", "$9$"])
    assert up[2] < 0.1  # batch-wide: the shorter correct answer of the long-answer prompt is not rewarded
    pa = P["length"](texts, solution=sols, completion_ids=ids, prompts=["p1", "p1", "p2", "p2"])
    assert pa == [0.5, -0.5, 0.5, -0.5]
    assert P["length"](texts[:2], solution=[r"\frac{1}{"] * 2, completion_ids=ids[:2]) == [None, None]
    assert sorted(M["length"](texts[:2], solution=[r"\frac{1}{"] * 2)) == [
        -0.5,
        0.5,
    ]  # unparseable gold treated as correct


# --- tag_count, repetition, soft overlong -----------------------------------------------------------


def test_tag_count_tags_alone_earn_nothing() -> None:
    tags_only = ["<think>\n\n</think>\n<answer>\n\n</answer>"]
    assert M["tag_count"](tags_only) == [1.0]
    assert P["tag_count"](tags_only) == [0.0]
    full = ["<think>\nadd them\n</think>\n<answer>\n4\n</answer>"]
    assert P["tag_count"](full) == M["tag_count"](full) == [1.0]


def test_repetition_uses_token_ids_when_given() -> None:
    text = ["alpha beta gamma delta epsilon zeta"]
    assert P["repetition_penalty"](text) == [0.0]
    assert P["repetition_penalty"](text, completion_ids=[[5, 6, 7] * 6])[0] < -0.5
    assert P["repetition_penalty"](["a b c a b c a b c"]) == E4["repetition_penalty"](["a b c a b c a b c"])


def test_soft_overlong_keeps_upstream_behaviour() -> None:
    ids = [[1] * 10, [1] * 15000, [1] * 20000]
    expected = M["soft_overlong_punishment"](completions=["", "", ""], completion_ids=ids)
    assert (
        P["soft_overlong_punishment"](completions=["", "", ""], completion_ids=ids)
        == expected
        == [0.0, (12288 - 15000) / 4096, -1.0]
    )
    assert (
        P["soft_overlong_punishment"](["", "", ""], completion_ids=ids) == expected
    )  # positional completions too
    with pytest.raises(ValueError, match="completion_ids"):
        P["soft_overlong_punishment"]([""])
