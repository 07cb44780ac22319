"""Engine settings: the wall-clock limit and what the engine needs to recognise a truncated completion.

>>> cfg = EngineConfig(timeout_s=1.5, max_completion_length=1024, eos_token_ids=(151645,))
>>> cfg.timeout_s, cfg.eos_token_ids
(1.5, (151645,))
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

__all__ = ["EngineConfig", "eos_ids_from", "UNCLOSED_THINK", "AFTER_ANSWER", "MIN_READ_CHARS", "bounded_read"]

UNCLOSED_THINK = ("read_final", "no_answer")
MIN_READ_CHARS = 200  # shorter would cut into an ordinary closing sentence
AFTER_ANSWER = ("read_answer", "refuse")


@dataclass(frozen=True)
class EngineConfig:
    """``timeout_s``: hard wall-clock limit per completion (isolated work is killed past it).
    ``max_completion_length`` / ``eos_token_ids``: the trainer's generation limit and stop ids, used to tell a
    completion cut by the limit from one that stopped. ``think_prefilled``: the chat template opens ``<think>``,
    so a completion with no ``</think>`` ended inside its reasoning. ``max_inline_chars``: longer answers are
    verified in the isolated worker (pre-screen threshold). ``allow_unevaluated``: credit an expression that
    still has to be computed (``8 \\times 9``, ``\\binom{6}{3}``, ``\\sqrt{72}``) when it equals an integer or
    decimal gold (or a simplified radical). ``None`` (default): paid when the prompt is known (TRL passes
    ``prompts``), except the prompt's own expression echoed back (always refused); refused when the prompt is
    not known, since an echo cannot then be told from work. Hand graders and math-verify pay ``\\sqrt{50}``
    for ``5\\sqrt{2}``; refusing every unevaluated form takes correct answers away (HardVerify-Math).
    ``True``: paid even without a prompt; ``False``: never paid (the v3 behaviour).

    ``after_answer``: an answer followed by junk, a loop or an invented follow-up problem ("Problem 2: ...",
    "Human: ..."). ``"read_answer"`` (default): the answer stated before the follow-up is read and judged
    (the follow-up's own "Answer: ..." is not the completion's answer); ``"refuse"``: such a completion is
    wrong. The default is what a GRPO user needs: the correctness reward says whether the problem was
    solved; the degenerate classifier (``rewards.degenerate``, ``guarded``) and the length/format rewards are
    where rambling is charged, and refusing here would take the correctness signal away from a solved
    problem a second time (measured on the labelled dumps: see ARCHITECTURE.md).

    ``max_read_chars``: how many characters of the final-answer region the reader looks at, from its end
    (default 12,000; the region is cut at the first line break after that point when one is near). A
    completion's final answer stands at its end; what lies beyond the bound is not read, and the verdict's
    reason says so with the count. A count of characters, never of seconds, so the verdict depends on the
    text alone, and the reading costs the same whatever a policy writes before its answer.

    Memory, not a field: every cache the engine keeps is bounded by a count of entries, one constant per
    cache in :mod:`rewardcheck.rewards.cache_bounds` (``GOLD_PARSES``, ``VALUE_PARSES``, ``VERIFIES``,
    ``JUDGEMENTS``, ``OVER_BUDGET``...; its ``caches()`` lists each cache with its bound): the caches live as
    long as the process, whatever config a call passes. ``timeout_s`` is also the work budget (CPU time) that a
    gold's own work and then its answer's each get in the worker; a gold found over it is kept as such (at
    most ``OVER_BUDGET``), and its next answers get the same verdict and reason without a worker.

    ``unclosed_think``: what a completion answers that never writes ``</think>`` after a ``<think>`` the chat
    template opened (``think_prefilled``; one that opens ``<think>`` itself and never closes it is truncated
    when the ids show a cut, else no_answer). ``"read_final"`` (default): when the token ids show it *stopped* (its last id is
    EOS, or it is shorter than ``max_completion_length``), its final answer is read from its last paragraph
    only (a box or answer line tried earlier in the reasoning is not read); when the ids show it was *cut*, it
    is truncated; with no ids (a stop cannot be told from a cut: truncation is unknown, issue 44) it is
    no_answer. ``"no_answer"``: a stopped one is
    no_answer (the v2 behaviour). The default follows open-r1/TRL: their logged accuracy (math-verify over
    the whole text) pays such a completion, and the format reward already charges for the missing tag, so
    refusing it would take away the correctness signal twice for one formatting slip.

    ``unfinished_value``: what the reader does with a bare value the text ends on in the middle of a line when
    the token ids do not show a stop, and whose last number runs to 20 digits or more ("... = 0.3333333333333
    33333333" where a loop or an expansion was cut): ``"refuse"`` (default): never read (no answer, the reason
    says so), since sympy on a cut expansion only spends the time limit; ``"read"``: read like any other. A short
    number the text ends on is read ("So x = 5" ends many finished texts; a cut cannot be told from a stop
    without ids). A completion the token ids show cut is ``truncated`` whatever this says."""

    timeout_s: float = 2.0
    max_completion_length: int | None = None
    eos_token_ids: tuple[int, ...] = ()
    think_prefilled: bool = False
    max_inline_chars: int = 120
    allow_unevaluated: bool | None = None
    unclosed_think: str = "read_final"
    after_answer: str = "read_answer"
    max_read_chars: int = 12_000
    unfinished_value: str = "refuse"

    def __hash__(self) -> int:  # cached: configs key every memo lookup
        return self._hash  # type: ignore[attr-defined,no-any-return]

    def __post_init__(self) -> None:
        object.__setattr__(
            self,
            "_hash",
            hash(
                (
                    self.timeout_s,
                    self.max_completion_length,
                    self.eos_token_ids,
                    self.think_prefilled,
                    self.max_inline_chars,
                    self.allow_unevaluated,
                    self.unclosed_think,
                    self.after_answer,
                    self.max_read_chars,
                    self.unfinished_value,
                )
            ),
        )
        if self.unclosed_think not in UNCLOSED_THINK:
            raise ValueError(f"unclosed_think must be one of {UNCLOSED_THINK}, got {self.unclosed_think!r}")
        if self.unfinished_value not in ("refuse", "read"):
            raise ValueError(f"unfinished_value must be 'refuse' or 'read', got {self.unfinished_value!r}")
        if self.after_answer not in AFTER_ANSWER:
            raise ValueError(f"after_answer must be one of {AFTER_ANSWER}, got {self.after_answer!r}")
        if not self.timeout_s > 0:
            raise ValueError(f"timeout_s must be positive, got {self.timeout_s!r}")
        if self.max_read_chars < MIN_READ_CHARS:
            raise ValueError(f"max_read_chars must be at least {MIN_READ_CHARS}, got {self.max_read_chars!r}")
        if self.max_completion_length is not None and self.max_completion_length <= 0:
            raise ValueError(f"max_completion_length must be positive, got {self.max_completion_length!r}")


def eos_ids_from(
    eos_token_id: int | tuple[int, ...] | list[int] | None, tokenizer: Any = None
) -> tuple[int, ...]:
    """Stop ids from an explicit id (or ids) or from a tokenizer's ``eos_token_id``; ``()`` when unknown."""
    if eos_token_id is None and tokenizer is not None:
        eos_token_id = getattr(tokenizer, "eos_token_id", None)
    if eos_token_id is None:
        return ()
    if isinstance(eos_token_id, int):
        return (eos_token_id,)
    return tuple(int(i) for i in eos_token_id)


LINE_SNAP_CHARS = 200  # the cut moves forward to a line break this close after it


def bounded_read(region: str, limit: int) -> tuple[str, int]:
    r"""The last ``limit`` characters of ``region`` (from the first line break just after the cut, when one is
    within :data:`LINE_SNAP_CHARS`), and how many characters before them are not read.

    >>> bounded_read("ab\ncd", 10)
    ('ab\ncd', 0)
    >>> kept, unread = bounded_read("x" * 300 + "\nThe answer is 4." + " " * 190, 210)
    >>> kept.strip(), unread
    ('The answer is 4.', 301)
    """
    if len(region) <= limit:
        return region, 0
    cut = len(region) - limit
    nl = region.find("\n", cut, cut + LINE_SNAP_CHARS)
    if nl >= 0:
        cut = nl + 1
    return region[cut:], cut
