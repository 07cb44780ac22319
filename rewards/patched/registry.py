r"""The ``patched`` profile: every known fault of open-r1's rewards fixed, same names and signatures.

``build_registry(RewardArgs) -> {name: reward}`` with keys accuracy, format, tag_count, reasoning_steps,
cosine, repetition_penalty, length, soft_overlong_punishment; each function has upstream's ``__name__`` and
takes what TRL passes. All correctness comes from :mod:`rewardcheck.rewards.engine` (one verdict per completion, shared).

Configuration rule for cosine (exact):

* ``RewardArgs`` cannot tell "left at open-r1's CLI default" from "set to the same numbers", so the pair
  ``cosine_min_value_wrong == 0.0 and cosine_max_value_wrong == -0.5`` (open-r1's CLI default, inverted) is read
  as *not set* and replaced by the patched wrong branch ``-0.5 / -0.5`` (flat: no length gradient among wrong
  answers, so neither "shorter" nor "pad to the cap" pays, and an all-wrong group gets no spurious advantage).
* Any other pair is used as given and validated by :class:`~rewards.patched.correctness.CosineConfig`: an
  inverted wrong branch (``min_value_wrong > max_value_wrong``) or a wrong value that reaches the correct
  branch raises ``ValueError`` with the reason.
* The correct branch (``cosine_min_value_correct`` / ``cosine_max_value_correct``, default 0.5 / 1.0) and
  ``cosine_max_len`` (default 1000, now **tokens**) are used as given; progress is clamped to [0, 1].
* Truncated completions get ``worst wrong - 0.25`` (-0.75 by default), completions without a final answer
  ``truncated - 0.25`` (-1.0); unparseable gold, timeout or error -> None.

The other rewards:

* accuracy: 1.0 correct, 0.0 wrong / no answer / truncated, None for unparseable gold, timeout or error.
* format: 1.0 for exactly one non-empty think block (opened by the completion or pre-filled by the chat
  template) followed by a final answer; empty think, no final answer or truncation earn 0.
* tag_count: upstream's 0.25 per tag, a pre-filled ``<think>`` counting as present; 0 when truncated,
  answer-less or the think block is empty (tags alone earned 1.0 upstream).
* reasoning_steps: min(1, steps / 3) for markers at line starts inside the reasoning, each followed by real
  work (a number, operator, relation or LaTeX); 0 when truncated or without a final answer, and, by default,
  0 under a wrong answer (``reasoning_steps_gate``: ``"correct"``; ``"none"`` pays steps whatever the answer,
  upstream's contract, which GRPO gamed in ``fixtures/runs/cure``).
* length (Kimi 1.5): per prompt group (``prompts``, else ``solution``), tokens; truncated / no answer -0.5;
  None when the gold cannot be judged.
* repetition_penalty: upstream's n-gram rule, on token ids when given; soft_overlong_punishment: upstream.

Engine settings come from ``RewardArgs``: ``max_completion_length``, ``eos_token_id`` (or
``tokenizer.eos_token_id``), ``tokenizer`` (token lengths when TRL passes no ``completion_ids``), and from
``RewardArgs.extra``: ``reward_timeout_s`` (default 2.0), ``think_prefilled`` (default False),
``format_answer_tags`` (default: what the recipe's ``system_prompt`` asks for; without one the R1 layout;
True: ``<answer>`` layout), ``reasoning_steps_gate`` (``"correct"`` or ``"none"``), ``cosine_count_chars``,
``isolation_warm_up`` (default True: start the verify worker now; False: only when a risky input needs it).

>>> from rewardcheck.rewards.args import RewardArgs
>>> reg = build_registry(RewardArgs.from_any({}))
>>> sorted(reg) == sorted(REWARD_NAMES), reg["cosine"].__name__
(True, 'cosine_scaled_reward')
>>> reg["reasoning_steps"](["First, Finally,"])
[0.0]
"""

from __future__ import annotations

from ..args import RewardArgs
from ..engine import EngineConfig, eos_ids_from, start_lazily, warm_up
from ..result import RewardFunc, reward_factory
from .context import Settings
from .correctness import CosineConfig, make_accuracy, make_cosine, make_len
from .repetition import get_repetition_penalty_reward, get_soft_overlong_punishment
from .structure import make_format, make_reasoning_steps, make_tag_count

__all__ = [
    "REWARD_NAMES",
    "OPENR1_CLI_WRONG",
    "PATCHED_WRONG",
    "build_registry",
    "settings_from",
    "get_cosine_scaled_reward",
    "registry_entry",
]

REWARD_NAMES = (
    "accuracy",
    "format",
    "tag_count",
    "reasoning_steps",
    "cosine",
    "repetition_penalty",
    "length",
    "soft_overlong_punishment",
)
OPENR1_CLI_WRONG = (0.0, -0.5)
PATCHED_WRONG = (-0.5, -0.5)


def _optional_bool(value: object) -> bool | None:
    """A script argument that is unset (``None``: the engine's default policy) or a yes/no.

    >>> _optional_bool(None), _optional_bool("false"), _optional_bool(True)
    (None, False, True)
    """
    if value is None:
        return None
    if isinstance(value, str):
        return value.strip().lower() in ("1", "true", "yes", "on")
    return bool(value)


def settings_from(args: RewardArgs) -> Settings:
    extra = dict(args.extra)
    engine = EngineConfig(
        timeout_s=float(extra.get("reward_timeout_s", 2.0)),
        max_completion_length=args.max_completion_length,
        eos_token_ids=eos_ids_from(args.eos_token_id, args.tokenizer),
        think_prefilled=bool(extra.get("think_prefilled", False)),
        unclosed_think=str(extra.get("unclosed_think", "read_final")),
        allow_unevaluated=_optional_bool(extra.get("allow_unevaluated")),
        after_answer=str(extra.get("after_answer", "read_answer")),
    )
    return Settings(
        engine=engine, tokenizer=args.tokenizer, count_chars=bool(extra.get("cosine_count_chars", False))
    )


@reward_factory
def get_cosine_scaled_reward(
    min_value_wrong: float = PATCHED_WRONG[0],
    max_value_wrong: float = PATCHED_WRONG[1],
    min_value_correct: float = 0.5,
    max_value_correct: float = 1.0,
    max_len: int = 1000,
    *,
    truncated_value: float | None = None,
    no_answer_value: float | None = None,
    max_completion_length: int | None = None,
    eos_token_id: int | tuple[int, ...] | None = None,
    tokenizer: object = None,
    count_chars: bool = False,
    timeout_s: float = 2.0,
) -> RewardFunc:
    """Factory with open-r1's signature plus the patched options; raises on an inverted wrong branch."""
    config = CosineConfig(
        min_value_wrong,
        max_value_wrong,
        min_value_correct,
        max_value_correct,
        max_len,
        truncated_value,
        no_answer_value,
    )
    engine = EngineConfig(
        timeout_s=timeout_s,
        max_completion_length=max_completion_length,
        eos_token_ids=eos_ids_from(eos_token_id, tokenizer),
    )
    return make_cosine(config, Settings(engine=engine, tokenizer=tokenizer, count_chars=count_chars))


def answer_tags(args: RewardArgs) -> bool:
    """Whether ``format`` asks for an ``<answer>`` block: ``format_answer_tags`` when set, else what the
    recipe's ``system_prompt`` asks for (open-r1's recipes ask for ``<think>`` then ``<answer>``), else the R1
    layout (a think block, then the final answer) when no prompt is known.

    >>> answer_tags(RewardArgs.from_any({"system_prompt": "<think>...</think><answer>...</answer>"}))
    True
    >>> answer_tags(RewardArgs.from_any({})), answer_tags(RewardArgs.from_any({"format_answer_tags": True}))
    (False, True)
    """
    explicit = args.extra.get("format_answer_tags")
    if explicit is not None:
        return bool(explicit)
    prompt = args.extra.get("system_prompt")
    return isinstance(prompt, str) and "<answer>" in prompt


@reward_factory
def registry_entry(args: RewardArgs, name: str) -> RewardFunc:
    """The patched reward ``name`` configured from ``args``; a pickled registry entry is rebuilt by this call
    in the receiving process (a spawned trainer worker, a Ray task), so no closure crosses a process."""
    settings = settings_from(args)
    if name == "accuracy":
        return make_accuracy(settings)
    if name == "format":
        return make_format(settings, answer_tags=answer_tags(args))
    if name == "tag_count":
        return make_tag_count(settings)
    if name == "reasoning_steps":
        return make_reasoning_steps(settings, gate=str(args.extra.get("reasoning_steps_gate", "correct")))
    if name == "cosine":
        wrong = (args.cosine_min_value_wrong, args.cosine_max_value_wrong)
        if wrong == OPENR1_CLI_WRONG:
            wrong = PATCHED_WRONG
        config = CosineConfig(
            wrong[0],
            wrong[1],
            args.cosine_min_value_correct,
            args.cosine_max_value_correct,
            args.cosine_max_len,
        )
        return make_cosine(config, settings)
    if name == "repetition_penalty":
        return get_repetition_penalty_reward(args.repetition_n_grams, args.repetition_max_penalty)
    if name == "length":
        return make_len(settings)
    if name == "soft_overlong_punishment":
        return get_soft_overlong_punishment(args.max_completion_len, args.soft_punish_cache)
    raise KeyError(f"no patched reward {name!r}; valid: {', '.join(REWARD_NAMES)}")


def build_registry(args: RewardArgs) -> dict[str, RewardFunc]:
    if args.extra.get("isolation_warm_up", True):
        warm_up()
    else:
        start_lazily()
    return {name: registry_entry(args, name) for name in REWARD_NAMES}
