"""The tiny Qwen2-architecture causal LM used by the reproduction (random init, a few hundred k params).

>>> from transformers import PreTrainedTokenizerFast
>>> spec = ModelSpec.small()
>>> spec.hidden_size, spec.num_hidden_layers
(64, 2)
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

__all__ = ["ModelSpec", "build_model", "count_parameters"]


@dataclass(frozen=True)
class ModelSpec:
    hidden_size: int = 128
    num_hidden_layers: int = 3
    num_attention_heads: int = 4
    num_key_value_heads: int = 2
    intermediate_size: int = 384
    max_position_embeddings: int = 512

    @classmethod
    def small(cls) -> ModelSpec:
        """For smoke tests: seconds to train, still a real transformer."""
        return cls(
            hidden_size=64,
            num_hidden_layers=2,
            num_attention_heads=4,
            num_key_value_heads=2,
            intermediate_size=128,
        )

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)


def build_model(spec: ModelSpec, tokenizer: Any, seed: int = 0) -> Any:
    """A randomly initialised ``Qwen2ForCausalLM`` whose special ids match ``tokenizer``."""
    import torch
    from transformers import Qwen2Config, Qwen2ForCausalLM

    torch.manual_seed(seed)
    config = Qwen2Config(
        vocab_size=len(tokenizer),
        tie_word_embeddings=True,
        bos_token_id=tokenizer.bos_token_id,
        eos_token_id=tokenizer.eos_token_id,
        pad_token_id=tokenizer.pad_token_id,
        **spec.as_dict(),
    )
    model = Qwen2ForCausalLM(config)
    model.generation_config.eos_token_id = tokenizer.eos_token_id
    model.generation_config.pad_token_id = tokenizer.pad_token_id
    model.generation_config.bos_token_id = tokenizer.bos_token_id
    return model


def count_parameters(model: Any) -> int:
    return sum(p.numel() for p in model.parameters())
