"""A byte-level BPE tokenizer trained locally on the synthetic corpus, with a ChatML template.

Load a saved tokenizer with :func:`load_tokenizer` (``PreTrainedTokenizerFast`` explicitly):
``AutoTokenizer`` on the saved folder picks a Qwen2 tokenizer class whose digit-splitting pre-tokeniser
encodes differently from the one trained here.

>>> tok = train_tokenizer(["What is 1 + 2?", "<think>\\nFirst, take 1.\\n</think>\\n\\\\boxed{3}"], vocab_size=300)
>>> tok.eos_token, tok.decode(tok("boxed")["input_ids"])
('<|im_end|>', 'boxed')
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from transformers import PreTrainedTokenizerFast

__all__ = ["SPECIAL_TOKENS", "CHAT_TEMPLATE", "train_tokenizer", "load_tokenizer"]

PAD, BOS, IM_START, IM_END = "<|pad|>", "<|endoftext|>", "<|im_start|>", "<|im_end|>"
SPECIAL_TOKENS = [PAD, BOS, IM_START, IM_END]

# ChatML, as Qwen models use; the generation prompt opens the assistant turn and the model ends it with EOS.
CHAT_TEMPLATE = (
    "{% for message in messages %}<|im_start|>{{ message['role'] }}\n{{ message['content'] }}<|im_end|>\n"
    "{% endfor %}{% if add_generation_prompt %}<|im_start|>assistant\n{% endif %}"
)


def train_tokenizer(corpus: Iterable[str], vocab_size: int = 700) -> PreTrainedTokenizerFast:
    """Train byte-level BPE on ``corpus`` and wrap it with the ChatML specials and template."""
    from tokenizers import Tokenizer, decoders, models, pre_tokenizers, trainers

    core = Tokenizer(models.BPE())
    core.pre_tokenizer = pre_tokenizers.ByteLevel(add_prefix_space=False)
    core.decoder = decoders.ByteLevel()
    trainer = trainers.BpeTrainer(
        vocab_size=vocab_size,
        special_tokens=SPECIAL_TOKENS,
        initial_alphabet=pre_tokenizers.ByteLevel.alphabet(),
        show_progress=False,
    )
    core.train_from_iterator(corpus, trainer=trainer)
    tok = PreTrainedTokenizerFast(
        tokenizer_object=core, pad_token=PAD, bos_token=BOS, eos_token=IM_END, unk_token=None
    )
    tok.add_special_tokens({"additional_special_tokens": [IM_START]})
    tok.chat_template = CHAT_TEMPLATE
    return tok


def load_tokenizer(path: str | Path) -> PreTrainedTokenizerFast:
    """Load a tokenizer saved by :func:`train_tokenizer` (never via ``AutoTokenizer``; see module doc)."""
    tok = PreTrainedTokenizerFast.from_pretrained(str(path))
    if tok.chat_template is None:
        tok.chat_template = CHAT_TEMPLATE
    return tok
