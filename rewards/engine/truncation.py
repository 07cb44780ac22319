"""Was a completion cut by the generation limit, or did the model stop?

With token ids: cut when ``len(completion_ids) >= max_completion_length`` and the last id is not a stop id
(TRL's own rule for ``mask_truncated_completions``); with stop ids but no limit, the last id alone decides.
Without ids: cut when the text ends inside an open reasoning block or without a final answer.

>>> cfg = EngineConfig(max_completion_length=4, eos_token_ids=(0,))
>>> is_truncated([5, 6, 7, 8], cfg, has_final_answer=True)
(True, '4 tokens >= max_completion_length 4 and the last id is not EOS')
>>> is_truncated([5, 6, 0], cfg, has_final_answer=False)[0]
False
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
    open_reasoning: bool = False,
    ends_cleanly: bool = False,
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
    if open_reasoning:
        return True, "ends inside an open reasoning block"
    if not has_final_answer and not ends_cleanly:
        return True, "ends without a final answer (no token ids to tell a stop from a cut)"
    return False, "has a final answer"
