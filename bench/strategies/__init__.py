"""Hypothesis strategies for reward-function inputs: answers, completions, truncation, degenerate and
adversarial outputs. Each strategy is small and named; invariants compose them."""

from __future__ import annotations

from .adversarial import Adversarial, adversarial_outputs, heavy_adversarial
from .answers import (
    ANSWER_CASES,
    FAMILIES,
    UNPARSEABLE_GOLDS,
    AnswerCase,
    AnswerPair,
    answer_cases,
    answer_pairs,
    unparseable_golds,
)
from .completions import (
    STYLES,
    build_completion,
    canonical_r1,
    completion_styles,
    completions_with_answer,
    r1_layouts,
)
from .degenerate import DEGENERATE_KINDS, SEED_EXPLOIT, Degenerate, degenerate_examples, degenerate_outputs
from .reasoning import (
    SnippetsMissing,
    generated_bodies,
    generated_steps,
    load_snippets,
    real_bodies,
    reasoning_bodies,
)
from .tokens import (
    ByteTokenizer,
    HFTokens,
    TokenizedCompletion,
    Tokens,
    finish,
    pad_to_tokens,
    tokens_for,
    truncate,
    truncated_completions,
)

__all__ = [
    "ANSWER_CASES",
    "DEGENERATE_KINDS",
    "FAMILIES",
    "SEED_EXPLOIT",
    "STYLES",
    "UNPARSEABLE_GOLDS",
    "Adversarial",
    "AnswerCase",
    "AnswerPair",
    "ByteTokenizer",
    "Degenerate",
    "HFTokens",
    "SnippetsMissing",
    "TokenizedCompletion",
    "Tokens",
    "adversarial_outputs",
    "answer_cases",
    "answer_pairs",
    "build_completion",
    "canonical_r1",
    "completion_styles",
    "completions_with_answer",
    "degenerate_examples",
    "degenerate_outputs",
    "finish",
    "generated_bodies",
    "generated_steps",
    "heavy_adversarial",
    "load_snippets",
    "pad_to_tokens",
    "r1_layouts",
    "real_bodies",
    "reasoning_bodies",
    "tokens_for",
    "truncate",
    "truncated_completions",
    "unparseable_golds",
]
