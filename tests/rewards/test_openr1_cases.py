"""open-r1's own reward tests, re-expressed against each faithful profile, called exactly as they call them.

Cases, values and call shapes come from huggingface/open-r1 tests/test_rewards.py at the two profile commits
(e4ac3ae070e43d7923f806c4e66c45e32ea52969 and 1416fa0cf21595d2083b399a2a0bbddd7f6e9563); the code here is ours.
They call ``accuracy_reward(completions, solution)`` positionally and ``soft_overlong_punishment(ids)``.
1416fa0's ``test_full_repetition_with_language`` runs in every profile whose factory takes ``language``
(openr1@1416fa0 and patched); its ``zh`` half skips only when jieba (the ``zh`` extra) is not installed.
Left out: code rewards (not reproduced), and e4ac3ae's ``test_zero_max_penalty_returns_zero``, which asserts a
factory equals 0 and fails against upstream itself.
"""

from __future__ import annotations

import importlib
import importlib.util
import sys
from typing import Any

import pytest

from rewardcheck.rewards.upstream import unchanged_rewards

PROFILES = {
    "openr1@e4ac3ae": "rewardcheck.rewards.upstream.openr1_e4ac3ae",
    "openr1@1416fa0": "rewardcheck.rewards.upstream.openr1_1416fa0",
}
FRAC_63 = r"\frac{63}{400}"


def conv(text: str) -> list[dict[str, str]]:
    return [{"content": text}]


@pytest.fixture(params=sorted(PROFILES))
def up(request: pytest.FixtureRequest) -> Any:
    return importlib.import_module(PROFILES[request.param])


def repetition(up: Any, ngram_size: int, max_penalty: float) -> Any:
    factory = getattr(up, "get_repetition_penalty_reward", unchanged_rewards.get_repetition_penalty_reward)
    return factory(ngram_size=ngram_size, max_penalty=max_penalty)


def test_accuracy_positional(up: Any) -> None:
    assert up.accuracy_reward([conv(rf"\boxed{{{FRAC_63}}}")], [FRAC_63]) == [1.0]
    assert up.accuracy_reward([conv(r"\boxed{\frac{64}{400}}")], [FRAC_63]) == [0.0]
    two = up.accuracy_reward([conv(rf"\boxed{{{FRAC_63}}}"), conv(r"\boxed{\frac{64}{400}}")], [FRAC_63] * 2)
    assert two == [1.0, 0.0]


def test_accuracy_gold_without_latex_differs_by_commit(up: Any) -> None:
    # 1416fa0's test expects 0.0; at e4ac3ae the LaTeX-only gold parse fails and the sample is paid 1.0.
    expected = [1.0] if up.PROFILE == "openr1@e4ac3ae" else [0.0]
    assert up.accuracy_reward([conv(r"\boxed{3}")], ["6"]) == expected


def test_format(up: Any) -> None:
    assert up.format_reward([conv("<think>\nSome reasoning\n</think>\n<answer>\nThe answer\n</answer>")]) == [
        1.0
    ]
    for bad in (
        "<think>Only thinking</think>",
        "<answer>Only answer</answer>",
        "No tags at all",
        "<think>Missing closing</think><answer>Missing closing",
        "<think>Wrong order</answer><answer>Wrong order</think>",
    ):
        assert up.format_reward([conv(bad)]) == [0.0], bad
    counting = "\n".join(f"{i}. object {i}" for i in range(1, 10))
    tail = "<answer>9</answer>" if up.PROFILE == "openr1@e4ac3ae" else "<answer>\n9\n</answer>"
    assert up.format_reward([conv(f"<think>\nI count:\n{counting}\n\nThere are 9.\n</think>\n{tail}")]) == [
        1.0
    ]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Step 1: First step\nStep 2: Second step\nStep 3: Third step", 1.0),
        ("First, we do this.\nSecond, we do that.\nFinally, we conclude.", 1.0),
        ("Step 1: Only step", 1 / 3),
        ("First, we do this.\nFinally, we conclude.", 2 / 3),
        ("Just plain text without any clear steps", 0.0),
    ],
)
def test_reasoning_steps(up: Any, text: str, expected: float) -> None:
    assert up.build_registry(up.RewardArgs.from_any({}))["reasoning_steps"]([conv(text)])[0] == pytest.approx(
        expected
    )


@pytest.mark.parametrize(
    ("boxed", "length", "expected"),
    [
        (FRAC_63, 20, 0.943),
        (FRAC_63, 80, 0.547),
        (r"\frac{64}{400}", 20, -0.942),
        (r"\frac{64}{400}", 80, -0.547),
    ],
)
def test_cosine_positional(up: Any, boxed: str, length: int, expected: float) -> None:
    f = unchanged_rewards.get_cosine_scaled_reward(
        min_value_wrong=-1.0, max_value_wrong=-0.5, min_value_correct=0.5, max_value_correct=1.0, max_len=100
    )
    content = rf"\boxed{{{boxed}}}"
    assert f([conv(content.ljust(length))], [FRAC_63])[0] == pytest.approx(expected, abs=5e-3)


def test_repetition_rejects_a_positive_penalty_with_upstreams_words(up: Any) -> None:
    with pytest.raises(ValueError):
        repetition(up, 2, 1.0)
    with pytest.raises(ValueError, match="max_penalty 1.5 should not be positive"):
        repetition(up, 2, 1.5)


@pytest.mark.parametrize(
    ("n", "penalty", "text", "expected"),
    [
        (2, -1.0, "this is a test sentence", 0.0),
        (2, -1.0, "this this this this this", -0.75),
        (2, -1.0, "this is a this is a test", -1 / 3),
        (2, -1.0, "", 0.0),
        (3, -2.0, "this is a this is a test", -0.4),
        (3, -1.0, "word", 0.0),
        (3, -1.0, "two words", 0.0),
        (3, -1.0, "three different words", 0.0),
        (3, -1.0, "word word word word", -0.5),
        (3, -1.0, "one two one two", 0.0),
        (3, -0.5, "A B C A B", 0.0),
        (3, -1.0, "A B C A B C", -0.25),
        (3, -1.0, "A B C A B C E F G A B C A B C", -0.3846),
        (3, -1.0, "A B C D E F G H I J K L", 0.0),
    ],
)
def test_repetition(up: Any, n: int, penalty: float, text: str, expected: float) -> None:
    assert repetition(up, n, penalty)([conv(text)])[0] == pytest.approx(expected, abs=1e-4)


def test_repetition_batch_and_case(up: Any) -> None:
    assert repetition(up, 3, -0.5)([conv("this is a test"), conv("test test test test")]) == [0.0, -0.25]
    f = repetition(up, 2, -1.0)
    assert f([conv("This is A Test")]) == f([conv("this IS a test")])


# ---- rewards that exist at 1416fa0 only
def _latest() -> Any:
    return importlib.import_module(PROFILES["openr1@1416fa0"])


def test_repetition_language_argument_at_1416fa0() -> None:
    up = _latest()
    assert up.get_repetition_penalty_reward(ngram_size=2, max_penalty=-1.0, language="en")(
        [conv("that that that that that")]
    ) == [-0.75]
    with pytest.raises(ValueError, match="not yet implemented"):
        up.get_repetition_penalty_reward(2, -1.0, language="fr")


def test_len_reward_positional() -> None:
    up = _latest()
    wrong = r"\boxed{\frac{64}{400}}"
    right = rf"\boxed{{{FRAC_63}}}"
    assert up.len_reward([conv(right), conv(wrong)], [FRAC_63] * 2) == [0.0, 0.0]
    r = up.len_reward([conv(right), conv(right + "  " + "x" * 10)], [FRAC_63] * 2)
    assert r[0] == pytest.approx(0.5) and r[0] > r[1]
    r = up.len_reward([conv(wrong), conv(wrong + "  " + "x" * 10)], [FRAC_63] * 2)
    assert r[0] <= 0.0 and r[1] <= 0.0 and r[0] > r[1]
    r = up.len_reward(
        [conv(right), conv(right + "  " + "x" * 10), conv(wrong), conv(wrong + "  " + "x" * 10)],
        [FRAC_63] * 4,
    )
    assert r[0] > 0.0 and r[2] > r[1] >= r[3] and r[2] <= 0.0 and r[3] <= 0.0 and r[0] > r[1] and r[2] > r[3]
    r = up.len_reward(
        [conv(r"\boxed{answer}"), conv(r"\boxed{answer} " + "x" * 10)], ["unparseable_latex"] * 2
    )
    assert r[0] == pytest.approx(0.5) and r[0] > r[1]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("<think>\nSome reasoning\n</think>\n<answer>\nThe answer\n</answer>", 1.0),
        ("Some reasoning\n</think>\n<answer>\nThe answer\n</answer>", 0.75),
        ("<think>\nSome reasoning\n<answer>\nThe answer\n</answer>", 0.75),
        ("<think>\nSome reasoning\n</think>\nThe answer\n</answer>", 0.75),
        ("<think>\nSome reasoning\n</think>\n<answer>\nThe answer", 0.75),
        ("Some reasoning\nThe answer", 0.0),
    ],
)
def test_tag_count(text: str, expected: float) -> None:
    assert _latest().tag_count_reward([conv(text)]) == [expected]


def test_soft_overlong_punishment_call_shapes() -> None:
    f = _latest().get_soft_overlong_punishment(max_completion_len=100, soft_punish_cache=20)
    assert f(completion_ids=[[1] * 50]) == [0]
    assert f([[1] * 110]) == [-1]
    assert f([[1] * 90])[0] == pytest.approx(-0.5, abs=1e-4)


def test_registry_names_in_upstream_order() -> None:
    from rewardcheck.rewards import get_reward_funcs

    names = ["accuracy", "format", "reasoning_steps", "cosine", "repetition_penalty", "length", "tag_count"]
    funcs = get_reward_funcs({"reward_funcs": names}, profile="openr1@1416fa0")
    assert [f.__name__ for f in funcs] == [
        "accuracy_reward",
        "format_reward",
        "reasoning_steps_reward",
        "cosine_scaled_reward",
        "repetition_penalty_reward",
        "len_reward",
        "tag_count_reward",
    ]


# ---- 1416fa0's test_full_repetition_with_language, in every profile whose factory takes ``language``
LANGUAGE_FACTORIES = {
    "openr1@1416fa0": "rewardcheck.rewards.upstream.openr1_1416fa0",
    "patched": "rewardcheck.rewards.patched.repetition",
}


@pytest.fixture(params=sorted(LANGUAGE_FACTORIES))
def language_factory(request: pytest.FixtureRequest) -> Any:
    return importlib.import_module(LANGUAGE_FACTORIES[request.param]).get_repetition_penalty_reward


def test_full_repetition_with_language_en(language_factory: Any) -> None:
    reward_fn = language_factory(ngram_size=2, max_penalty=-1.0, language="en")
    assert reward_fn([conv("that that that that that")]) == [-0.75]


@pytest.mark.skipif(
    importlib.util.find_spec("jieba") is None, reason="jieba not installed (pip install 'rewardcheck[zh]')"
)
def test_full_repetition_with_language_zh(language_factory: Any) -> None:
    reward_fn = language_factory(ngram_size=2, max_penalty=-1.0, language="zh")
    assert reward_fn([conv("这个这个这个这个这个")]) == [-0.75]  # jieba: 这个 x5, 1 distinct of 4 bigrams
    assert reward_fn([conv("今天天气很好")]) == [0.0]  # no repeated word pair


def test_zh_without_jieba_names_the_extra(monkeypatch: pytest.MonkeyPatch, language_factory: Any) -> None:
    monkeypatch.setitem(sys.modules, "jieba", None)  # import jieba -> ImportError, find_spec -> None
    with pytest.raises((ImportError, ValueError), match=r"pip install 'rewardcheck\[zh\]'"):
        language_factory(ngram_size=2, max_penalty=-1.0, language="zh")
    with pytest.raises(ValueError, match="max_penalty 1.5 should not be positive"):
        language_factory(2, 1.5, language="zh")  # the sign is checked first, as upstream
    with pytest.raises(ValueError, match="`fr` is not yet implemented"):
        language_factory(2, -1.0, language="fr")
