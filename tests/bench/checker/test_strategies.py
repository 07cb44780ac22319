"""Strategies: answers, completions, TRL-exact truncation, degenerate outputs, real reasoning snippets."""

from __future__ import annotations

import json
import re
import warnings

import pytest
from hypothesis import find, given, settings
from hypothesis import strategies as st

from rewardcheck.bench.strategies import (
    ANSWER_CASES,
    SEED_EXPLOIT,
    ByteTokenizer,
    answer_pairs,
    build_completion,
    completions_with_answer,
    degenerate_examples,
    degenerate_outputs,
    load_snippets,
    real_bodies,
    tokens_for,
    truncate,
)
from rewardcheck.bench.strategies import reasoning as reasoning_mod
from rewardcheck.bench.strategies.reasoning import SNIPPETS_PATH, SnippetsMissing
from rewardcheck.bench.tokenizers import qwen_tokenizer
from rewardcheck.rewards.degenerate import DEGENERATE_LABELS, classify_degenerate

QWEN = tokens_for(qwen_tokenizer())
QWEN_EOS = 151645


def test_answer_cases_are_consistent() -> None:
    assert len({c.family for c in ANSWER_CASES}) == len(ANSWER_CASES)
    for case in ANSWER_CASES:
        assert case.canonical in case.equivalents, case.family
        assert not set(case.near_misses) & set(case.equivalents), case.family
        assert case.golds and all(isinstance(g, str) and g for g in case.golds)


@given(answer_pairs())
def test_answer_pair_draws_from_one_case(pair) -> None:  # type: ignore[no-untyped-def]
    case = next(c for c in ANSWER_CASES if c.family == pair.family)
    assert (
        pair.gold in case.golds and pair.equivalent in case.equivalents and pair.near_miss in case.near_misses
    )


@settings(max_examples=20)
@given(st.sampled_from(["3", "\\frac{1}{2}", "(1,2)"]), st.booleans(), st.data())
def test_completion_ends_with_the_boxed_answer(answer: str, prefill: bool, data: st.DataObject) -> None:
    text = data.draw(completions_with_answer(answer, prefill_think=prefill))
    last_boxed = text.rsplit("\\boxed{", 1)[1]
    assert last_boxed.startswith(answer + "}")
    if prefill:
        assert not text.startswith("<think>") and "</think>" in text
    assert text.count("</think>") <= 1


def test_build_completion_layouts() -> None:
    assert build_completion("plain_boxed", "x", "3") == "x\n\nThe final answer is $\\boxed{3}$."
    assert build_completion("r1_boxed", "x", "3").startswith("<think>\nx\n</think>")
    with pytest.raises(ValueError, match="unknown completion style"):
        build_completion("nope", "x", "3")


@settings(max_examples=15)
@given(real_bodies(max_paragraphs=3), st.integers(min_value=8, max_value=300))
def test_truncation_matches_trl(body: str, max_len: int) -> None:
    text = build_completion("r1_boxed", body, "3")
    c = truncate(QWEN, text, max_len)
    n_text = len(QWEN.encode(text))
    if n_text + 1 <= max_len:
        assert not c.truncated and c.text == text
        assert c.completion_ids[-1] == QWEN_EOS and len(c.completion_ids) == n_text + 1
    else:
        # TRL: exactly max_completion_length ids, no EOS, text decoded from those ids
        assert c.truncated and len(c.completion_ids) == max_len and QWEN_EOS not in c.completion_ids
        assert c.completion_ids == QWEN.encode(text)[:max_len]
        assert c.text == qwen_tokenizer().decode(c.completion_ids, skip_special_tokens=True)


def test_byte_tokenizer_fallback() -> None:
    tok = ByteTokenizer()
    assert truncate(tok, "abcdef", 4).completion_ids == [97, 98, 99, 100]
    assert truncate(tok, "ab", 4).completion_ids == [97, 98, 256]


def test_seed_exploit_reconstruction_matches_the_log() -> None:
    # The seed log: completion_length 7.0 (6 tokens + EOS), reasoning_steps 0.6667, cosine -0.0005969.
    from rewardcheck.rewards import build_registry

    reg = build_registry({}, "openr1@e4ac3ae")
    ids = QWEN.encode(SEED_EXPLOIT) + [QWEN_EOS]
    assert len(ids) == 7 and len(SEED_EXPLOIT) == 22
    assert reg["reasoning_steps"]([SEED_EXPLOIT])[0] == pytest.approx(2 / 3)
    assert reg["cosine"]([SEED_EXPLOIT], solution=["$3$"])[0] == pytest.approx(-0.0005968734, abs=1e-9)


def test_classify_degenerate_examples() -> None:
    for example in degenerate_examples(prompt="What is 1 + 2? Explain."):
        got = classify_degenerate(example.text, prompt="What is 1 + 2? Explain.")
        if example.kind == "bare_answer":
            assert got is None
        elif example.kind == "empty_think":
            assert got == "tags_only"
        else:
            assert got == example.kind, example
    assert set(DEGENERATE_LABELS) >= {
        "empty",
        "whitespace",
        "tags_only",
        "markers_only",
        "repetition",
        "prompt_echo",
        "boxed_loop",
    }


@settings(max_examples=30)
@given(degenerate_outputs(prompt="Compute the sum of the first ten positive integers."))
def test_every_drawn_degenerate_output_is_classified(d) -> None:  # type: ignore[no-untyped-def]
    got = classify_degenerate(d.text, prompt="Compute the sum of the first ten positive integers.")
    assert got is not None, d


def test_real_reasoning_is_not_degenerate() -> None:
    snippets = load_snippets()
    flagged = [s for s in snippets if classify_degenerate(s) is not None]
    assert not flagged, flagged[:2]
    answer = build_completion("r1_boxed", "\n\n".join(snippets[:3]), "3")
    assert classify_degenerate(answer) is None


def test_snippets_carry_provenance() -> None:
    rows = [
        json.loads(line) for line in SNIPPETS_PATH.read_text(encoding="utf-8").splitlines() if line.strip()
    ]
    assert len(rows) >= 50
    for row in rows:
        assert {"text", "source_repo", "source_path", "source_commit", "licence", "model"} <= set(row)
        assert re.fullmatch(r"[0-9a-f]{7,40}", row["source_commit"])
        assert "\\boxed" not in row["text"] and "<think>" not in row["text"]


def test_missing_snippets_fail_clearly_and_fall_back(tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    missing = tmp_path / "nope.jsonl"
    with pytest.raises(SnippetsMissing, match="nope.jsonl"):
        reasoning_mod.load_snippets.__wrapped__(missing)

    def absent() -> tuple[str, ...]:
        raise SnippetsMissing(f"reasoning snippets not found at {missing}")

    monkeypatch.setattr(reasoning_mod, "load_snippets", absent)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        strategy = reasoning_mod.reasoning_bodies()
    assert any("generated steps only" in str(w.message) for w in caught)
    assert find(strategy, lambda body: True).startswith("First,")


@settings(max_examples=5)
@given(st.data())
def test_truncated_completions_are_cut_like_trl(data: st.DataObject) -> None:
    from rewardcheck.bench.strategies import truncated_completions

    c = data.draw(truncated_completions(QWEN, 256, prefill_think=True))
    assert c.truncated and len(c.completion_ids) == 256 and c.completion_ids[-1] != QWEN_EOS
    assert not c.text.startswith("<think>") and "\\boxed{3}" not in c.text
