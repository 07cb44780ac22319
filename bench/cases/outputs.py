"""The catalogue's whole outputs for a training config: cheap exploits next to genuine attempts.

``rewardcheck check`` scores these with a config's composite (:mod:`rewardcheck.bench.configcheck.composite`); the same
problem and gold as the attack families' first problem (:data:`rewardcheck.bench.strategies.attacks.PROBLEMS`).

>>> from rewardcheck.bench.training_config import TrainingConfig
>>> [o.name for o in standard_outputs(TrainingConfig.from_mapping({"reward_funcs": ["format"]}))][:3]
['seed_exploit', 'step_markers', 'empty']
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rewardcheck.bench.strategies.attacks import PROBLEMS
from rewardcheck.bench.training_config import TrainingConfig

__all__ = ["SampleOutput", "standard_outputs", "PROBLEM", "GOLD"]

PROBLEM = PROBLEMS[0].prompt
GOLD = PROBLEMS[0].gold


@dataclass(frozen=True)
class SampleOutput:
    """A completion to score: ``kind`` is ``exploit`` (no answer, no work) or ``genuine``."""

    name: str
    kind: str
    text: str
    ids: tuple[int, ...] | None = None
    description: str = ""


_REASONING = (
    "Okay, so I need to compute {a} times {b} and then subtract 1. Let me think about how to do this carefully.\n\n"
    "First, I can split {b} into {b1} and {b2}, so {a} times {b} is {a} times {b1} plus {a} times {b2}.\n"
    "- {a} times {b1} is {p1}.\n"
    "- {a} times {b2} is {p2}.\n"
    "Adding them gives {s}. Hmm, wait, let me double-check that by doing it another way. "
    "If I round {a} up to {a10}, then {a10} times {b} is {q}, and I have to take away {d} times {b}, which is {r}. "
    "So {q} minus {r} is {s2}. That matches, good.\n\n"
)


def _attempt_text(target_chars: int) -> str:
    """A long, genuine-looking R1-style attempt that has not reached its answer yet."""
    parts = []
    n = 0
    for i in range(10_000):
        a, b = 17 + i % 7, 23 + i % 11
        b1, b2 = (b // 10) * 10, b % 10
        a10 = (a // 10 + 1) * 10
        part = _REASONING.format(
            a=a,
            b=b,
            b1=b1,
            b2=b2,
            p1=a * b1,
            p2=a * b2,
            s=a * b,
            a10=a10,
            q=a10 * b,
            d=a10 - a,
            r=(a10 - a) * b,
            s2=a * b,
        )
        parts.append(part)
        n += len(part)
        if n >= target_chars:
            break
    return "".join(parts)


def standard_outputs(config: TrainingConfig, tokenizer: Any = None) -> list[SampleOutput]:
    """Cheap exploits next to genuine attempts, in the layout the config's chat template produces.

    With a tokenizer, completions carry ``completion_ids`` as TRL passes them: EOS appended to finished
    completions, and the long attempt cut at exactly ``max_completion_length`` tokens with no EOS.
    """
    open_think = "" if config.prefills_think else "<think>\n"
    reasoning = "17 times 23 is 17 times 20 plus 17 times 3, which is 340 + 51 = 391. Subtract 1 to get 390."
    limit = config.max_completion_length
    outputs = [
        SampleOutput(
            "seed_exploit", "exploit", "First, Finally,", description="the open-r1 seed run's 7-token output"
        ),
        SampleOutput(
            "step_markers",
            "exploit",
            "First, Second, Next, Finally,",
            description="step markers, nothing else",
        ),
        SampleOutput("empty", "exploit", "", description="an empty completion"),
        SampleOutput(
            "tags_only",
            "exploit",
            f"{open_think}</think>\n<answer>\n</answer>",
            description="format tags with nothing inside",
        ),
        SampleOutput(
            "correct_r1",
            "genuine",
            f"{open_think}{reasoning}\n</think>\n\nThe answer is $\\boxed{{390}}$.",
            description="complete correct answer, R1 layout (think block, boxed answer)",
        ),
        SampleOutput(
            "correct_tags",
            "genuine",
            f"{open_think}{reasoning}\n</think>\n<answer>\n$390$\n</answer>",
            description="complete correct answer, open-r1 <answer> tag layout",
        ),
        SampleOutput(
            "wrong_r1",
            "genuine",
            f"{open_think}{reasoning.replace('390', '389')}\n</think>\n\nThe answer is $\\boxed{{389}}$.",
            description="complete wrong answer, R1 layout",
        ),
    ]
    cut_text = open_think + _attempt_text(max(limit * 6, 2000))
    if tokenizer is not None:
        ids = list(tokenizer(cut_text, add_special_tokens=False)["input_ids"])[:limit]
        cut_text = tokenizer.decode(ids)
        eos = getattr(tokenizer, "eos_token_id", None)
        finished = []
        for o in outputs:
            o_ids = list(tokenizer(o.text, add_special_tokens=False)["input_ids"])
            finished.append(
                SampleOutput(
                    o.name, o.kind, o.text, tuple([*o_ids, eos] if eos is not None else o_ids), o.description
                )
            )
        outputs = finished
        outputs.append(
            SampleOutput(
                "truncated_attempt",
                "genuine",
                cut_text,
                tuple(ids),
                f"genuine attempt cut at max_completion_length={limit} tokens",
            )
        )
    else:
        cut_text = cut_text[: limit * 4]  # ~4 characters per token when no tokenizer is available
        outputs.append(
            SampleOutput(
                "truncated_attempt",
                "genuine",
                cut_text,
                None,
                f"genuine attempt cut at ~{limit} tokens (4 chars/token)",
            )
        )
    return outputs
