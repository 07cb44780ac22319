"""Composite guarantee of the patched profile, under the default weights of every upstream recipe and equal weights:

    complete correct  >  complete wrong  >=  truncated attempt  >=  degenerate output

Recipes (open-r1 ``recipes/*/grpo/*.yaml``): at e4ac3ae none sets ``reward_funcs``, so grpo.py's default
(accuracy, format) with equal weights applies (DeepSeek-R1-Distill-Qwen-7B, Qwen2.5-1.5B-Instruct,
Qwen2.5-Math-7B); at 1416fa0 the math recipes (DeepSeek-R1-Distill-Qwen-1.5B, Qwen2.5-1.5B-Instruct
config_demo) use accuracy, format, tag_count at 1.0 each; the code recipes pay code-execution rewards
(out of scope: no math answer), so only their math-side weight pattern (format at 0.1) is not a separate case.
Plus the open-r1 seed run (accuracy, format, reasoning_steps, cosine) and all eight rewards at weight 1.
"""

from __future__ import annotations

import pytest

from rewardcheck.bench.tokenizers import qwen_tokenizer
from rewardcheck.rewards.registry import build_registry

EOS = 151645
PROMPT = "Tom has 17 apples and buys 25 more. How many apples does he have now?"
REASONING = (
    "First, I note that Tom starts with seventeen apples in his basket.\n"
    "Next, he buys twenty-five additional apples at the market this morning.\n"
    "Finally, adding both amounts, seventeen plus twenty-five gives the total count.\n"
)
# A genuine attempt that runs out of budget: varied sentences, little repetition (a looping attempt is
# degenerate output, and the repetition penalty treats it so).
LONG_REASONING = REASONING + (
    "Before answering, I want to verify this sum by another route, since arithmetic slips are common.\n"
    "Splitting 25 into 20 and 5 lets me add the tens first: 17 and 20 make 37.\n"
    "Then the remaining 5 on top of 37 brings us to 42, which agrees with the direct addition.\n"
    "A third check counts upward from 25 by 17 steps, landing again on the same value.\n"
    "The problem does not mention eating or giving away any apples, so nothing is subtracted.\n"
    "It also says nothing about rotten fruit, so every purchased apple still counts toward his stock.\n"
    "Units are apples throughout; no conversion between dozens or crates is needed here.\n"
    "One more sanity check: 42 is less than twice 25 and more than 25, as a sum of these should be.\n"
    "Now I should write the final answer clearly and put it in a box, as the instructions ask\n"
)

RECIPES = {
    "e4ac3ae default (accuracy, format)": (("accuracy", "format"), (1.0, 1.0)),
    "1416fa0 math recipes (accuracy, format, tag_count)": (
        ("accuracy", "format", "tag_count"),
        (1.0, 1.0, 1.0),
    ),
    "open-r1 seed run (accuracy, format, reasoning_steps, cosine)": (
        ("accuracy", "format", "reasoning_steps", "cosine"),
        (1.0,) * 4,
    ),
    "equal weights, all eight": (
        (
            "accuracy",
            "format",
            "tag_count",
            "reasoning_steps",
            "cosine",
            "repetition_penalty",
            "length",
            "soft_overlong_punishment",
        ),
        (1.0,) * 8,
    ),
}

LAYOUTS = {
    "r1-prefilled-think": lambda r, a: f"{r}</think>\n\nThe total is $\\boxed{{{a}}}$.",
    "think-boxed": lambda r, a: f"<think>\n{r}</think>\n\nThe total is $\\boxed{{{a}}}$.",
    "think-answer-tags": lambda r, a: f"<think>\n{r}</think>\n<answer>\n{a}\n</answer>",
}


def _ids(text: str) -> list[int]:
    return list(qwen_tokenizer()(text, add_special_tokens=False)["input_ids"])


def _candidates(layout: str) -> tuple[dict[str, tuple[str, list[int]]], int]:
    make = LAYOUTS[layout]
    complete = {"correct": make(REASONING, 42), "wrong": make(REASONING, 41)}
    cut_text = ("" if layout == "r1-prefilled-think" else "<think>\n") + LONG_REASONING
    cut_ids = _ids(cut_text)
    limit = len(cut_ids)  # the attempt ran into max_completion_length without EOS
    cands = {k: (v, [*_ids(v), EOS]) for k, v in complete.items()}
    assert all(len(ids) < limit for _, ids in cands.values())
    cands["truncated"] = (cut_text, cut_ids)
    degenerate = {
        "empty": "",
        "tags-only": "<think>\n\n</think>\n<answer>\n\n</answer>",
        "markers-only": "First, Finally,",
        "markers-lines": "First, 5.\nFirst, 4.\nNext,}",
        "prompt-echo": PROMPT,
        "repeated-token": "the " * 40,
    }
    for k, v in degenerate.items():
        cands[f"degenerate:{k}"] = (v, [*_ids(v), EOS])
    rep = _ids("the ") * limit
    cands["degenerate:repeated-token-to-limit"] = ("the " * limit, rep[:limit])
    return cands, limit


def _totals(
    funcs: tuple[str, ...], weights: tuple[float, ...], layout: str, extra: dict[str, object]
) -> dict[str, float]:
    cands, limit = _candidates(layout)
    args = {"max_completion_length": limit, "eos_token_id": EOS, "tokenizer": qwen_tokenizer(), **extra}
    reg = build_registry(args, "patched")
    names = list(cands)
    texts = [cands[n][0] for n in names]
    kwargs = {
        "solution": ["42"] * len(names),
        "completion_ids": [cands[n][1] for n in names],
        "prompts": [PROMPT] * len(names),
    }
    totals = dict.fromkeys(names, 0.0)
    for f, w in zip(funcs, weights, strict=True):
        values = reg[f](texts, **kwargs)
        for n, v in zip(names, values, strict=True):
            totals[n] += w * (v if v is not None else 0.0)  # TRL's nansum skips None
    return totals


@pytest.mark.parametrize("layout", list(LAYOUTS))
@pytest.mark.parametrize("recipe", list(RECIPES))
def test_composite_guarantee(recipe: str, layout: str) -> None:
    funcs, weights = RECIPES[recipe]
    extra = {
        "think_prefilled": layout == "r1-prefilled-think",
        "format_answer_tags": layout == "think-answer-tags",
    }
    t = _totals(funcs, weights, layout, extra)
    assert t["correct"] > t["wrong"], t
    assert t["wrong"] >= t["truncated"], t
    for name, value in t.items():
        if name.startswith("degenerate:"):
            assert t["truncated"] >= value, (name, t)


def test_upstream_seed_set_breaks_the_guarantee() -> None:
    """The same check on openr1@e4ac3ae: the seed collapse's answer-less output outscores a complete wrong answer."""
    reg = build_registry({}, "openr1@e4ac3ae")
    cands, _ = _candidates("think-boxed")
    funcs = ("accuracy", "format", "reasoning_steps", "cosine")
    totals = {}
    for name in ("wrong", "degenerate:markers-lines"):
        text = cands[name][0]
        totals[name] = sum(reg[f]([text], solution=["$42$"])[0] or 0.0 for f in funcs)
    assert totals["degenerate:markers-lines"] > totals["wrong"]


def test_a_sentence_looping_on_its_answer_anchor_has_no_answer() -> None:
    # Found by the checker's ordering search: "so the answer is so the answer is ..." used to be read as
    # the answer "so", a complete wrong answer (-0.5) that outscored a genuine attempt cut at the limit.
    loop = "so the answer is " * 15
    reg = build_registry({"max_completion_length": 1024}, "patched")
    cosine = reg["cosine"].explain([loop], solution=["$3$"], completion_ids=[[1] * 65])[0]
    assert cosine.answer is None and cosine.value == -1.0
    cut = reg["cosine"]([loop], solution=["$3$"], completion_ids=[[1] * 1024])[0]
    assert cut is not None and cosine.value <= cut
