"""Was a completion cut by the generation limit, or did the model stop?

With token ids: cut when ``len(completion_ids) >= max_completion_length`` and the last id is not a stop id
(TRL's own rule for ``mask_truncated_completions``); with stop ids but no limit, the last id alone decides.
Without ids a stop cannot be told from a cut: truncation is unknown and never counted as true (the reason
says so); a completion with no final answer is then ``no_answer``, not ``truncated``.

>>> cfg = EngineConfig(max_completion_length=4, eos_token_ids=(0,))
>>> is_truncated([5, 6, 7, 8], cfg, has_final_answer=True)
(True, '4 tokens >= max_completion_length 4 and the last id is not EOS')
>>> is_truncated([5, 6, 0], cfg, has_final_answer=False)[0]
False
>>> is_truncated(None, cfg, has_final_answer=False)
(False, 'truncation unknown (no token ids)')
"""

from __future__ import annotations

from collections.abc import Sequence

from .config import EngineConfig

__all__ = ["is_truncated"]


def is_truncated(
    completion_ids: Sequence[int] | None,
    config: EngineConfig,
    *,
    has_final_answer: bool,
) -> tuple[bool, str]:
    if completion_ids is not None and (config.max_completion_length is not None or config.eos_token_ids):
        n = len(completion_ids)
        last_is_eos = bool(completion_ids) and completion_ids[-1] in config.eos_token_ids
        limit = config.max_completion_length
        if config.eos_token_ids:
            if last_is_eos:
                return False, "ends with EOS"
            if limit is None:
                return True, "the last id is not EOS (no generation limit given)"
            if n >= limit:
                return True, f"{n} tokens >= max_completion_length {limit} and the last id is not EOS"
            return False, f"{n} tokens < max_completion_length {limit}"
        if limit is not None:
            if n >= limit:
                return True, f"{n} tokens >= max_completion_length {limit} (EOS id unknown)"
            return False, f"{n} tokens < max_completion_length {limit}"
    # without token ids a stop cannot be told from a cut: truncation is unknown, never counted as true
    return False, "truncation unknown (no token ids)"
