"""Synthetic arithmetic problems and R1-style reasoning traces for the tiny-LM reproduction.

Each problem has a question, an integer answer and a gold string in the ``$...$`` form open-r1's
datasets use. A trace is a think block of ``First, ... Next, ... Finally, the answer is X.`` steps with
optional checking lines (0-28 lines, which spread lengths well past a GRPO ``max_completion_length``), then
``\\boxed{X}``. A share of traces is wrong on purpose so that the SFT model starts with low accuracy,
like the seed run's policy, and the filler is independent of correctness so length carries no signal.

>>> import random
>>> p = make_problem(random.Random(0), "add")
>>> p.gold == f"${p.answer}$"
True
>>> t = make_trace(random.Random(1), p, wrong=False, two_markers=False, filler_lines=0)
>>> t.startswith("<think>\\nFirst, ") and t.endswith(f"\\\\boxed{{{p.answer}}}")
True
"""

from __future__ import annotations

import random
import zlib
from dataclasses import dataclass
from typing import Literal

__all__ = [
    "Problem",
    "KINDS",
    "TraceMix",
    "SEED_MIX",
    "CURE_MIX",
    "is_heldout",
    "make_problem",
    "make_trace",
    "make_sft_example",
    "SYSTEM_HINT",
    "boxed_answer",
]

KINDS = ("add", "mul", "addsub")
MAX_FILLER_LINES = 28  # with ~7 tokens a line, about a quarter of traces exceed 192 tokens
SYSTEM_HINT = "Think step by step, then give the answer in \\boxed{}."


@dataclass(frozen=True)
class Problem:
    kind: str
    numbers: tuple[int, ...]
    question: str
    answer: int

    @property
    def gold(self) -> str:
        return f"${self.answer}$"


Split = Literal["train", "eval", "validation", "test"]
HELDOUT_MODULUS = 5  # one problem in five is held out for evaluation when a split is asked for


def is_heldout(p: Problem) -> bool:
    """Whether ``p`` belongs to the evaluation split: a fixed hash of the problem, so that no training draw
    (SFT or GRPO) ever meets an evaluation problem, whatever the seed.

    >>> is_heldout(Problem("add", (3, 4), "What is 3 + 4?", 7)) == is_heldout(Problem("add", (3, 4), "", 7))
    True
    """
    key = f"{p.kind}:{','.join(str(n) for n in p.numbers)}".encode()
    return zlib.crc32(key) % HELDOUT_MODULUS == 0


def heldout_part(p: Problem) -> str:
    """The held-out split's two halves by a second fixed hash: ``validation`` (choices: the learning rate,
    thresholds) and ``test`` (used once, for the results). Only meaningful for a held-out problem.

    >>> sorted({heldout_part(Problem("add", (a, 1), "", a + 1)) for a in range(40)})
    ['test', 'validation']
    """
    key = f"part:{p.kind}:{','.join(str(n) for n in p.numbers)}".encode()
    return "validation" if zlib.crc32(key) % 2 == 0 else "test"


def in_split(p: Problem, split: Split) -> bool:
    """``train`` (not held out), ``eval`` (held out: both halves), ``validation`` / ``test`` (one half)."""
    if split == "train":
        return not is_heldout(p)
    if split == "eval":
        return is_heldout(p)
    return is_heldout(p) and heldout_part(p) == split


def make_problem(rng: random.Random, kind: str | None = None, split: Split | None = None) -> Problem:
    """A random problem of ``kind`` (``add`` a+b in 0-30, ``mul`` a*b in 2-12, ``addsub`` a+b-c); with
    ``split``, redrawn until it lies in that split (:func:`in_split`)."""
    while True:
        p = _draw(rng, kind)
        if split is None or in_split(p, split):
            return p


def _draw(rng: random.Random, kind: str | None) -> Problem:
    kind = kind or rng.choice(KINDS)
    if kind == "add":
        a, b = rng.randint(0, 30), rng.randint(0, 30)
        return Problem(kind, (a, b), f"What is {a} + {b}?", a + b)
    if kind == "mul":
        a, b = rng.randint(2, 12), rng.randint(2, 12)
        return Problem(kind, (a, b), f"What is {a} * {b}?", a * b)
    if kind == "addsub":
        a, b = rng.randint(0, 30), rng.randint(0, 30)
        c = rng.randint(0, a + b)
        return Problem(kind, (a, b, c), f"What is {a} + {b} - {c}?", a + b - c)
    raise ValueError(f"unknown problem kind {kind!r}; valid kinds: {', '.join(KINDS)}")


def _steps(p: Problem, final: int) -> list[str]:
    if p.kind == "add":
        a, b = p.numbers
        return [f"take {a}.", f"add {b} to {a}."]
    if p.kind == "mul":
        a, b = p.numbers
        return [f"take {a} groups of {b}.", f"multiply {a} by {b}."]
    a, b, c = p.numbers
    return [f"{a} + {b} = {a + b}.", f"subtract {c} from {a + b}."]


def _wrong(rng: random.Random, answer: int) -> int:
    delta = rng.choice([-3, -2, -1, 1, 2, 3, 10, -10])
    return max(0, answer + delta) if answer + delta != answer else answer + 1


_FILLER = (
    "Let me check this again.",
    "Wait, let me recount the numbers.",
    "Checking: the numbers are {nums}.",
    "So far this looks right.",
    "I will verify the step once more.",
    "Hmm, the operation is {op}.",
    "Let me write the numbers down: {nums}.",
)


def make_trace(rng: random.Random, p: Problem, *, wrong: bool, two_markers: bool, filler_lines: int) -> str:
    """One R1-style completion: think block with step markers and filler, then ``\\boxed{X}``."""
    final = _wrong(rng, p.answer) if wrong else p.answer
    if final == p.answer and wrong:
        final = p.answer + 1
    first, second = _steps(p, final)
    nums = ", ".join(str(n) for n in p.numbers)
    op = {"add": "addition", "mul": "multiplication", "addsub": "addition then subtraction"}[p.kind]
    lines = [f"First, {first}"]
    if not two_markers:
        lines.append(f"{rng.choice(['Next', 'Second'])}, {second}")
    lines += [rng.choice(_FILLER).format(nums=nums, op=op) for _ in range(filler_lines)]
    lines.append(f"Finally, the answer is {final}.")
    return "<think>\n" + "\n".join(lines) + "\n</think>\n\\boxed{" + str(final) + "}"


@dataclass(frozen=True)
class TraceMix:
    """How SFT traces are drawn: the share deliberately wrong, the share with only two step markers, the most
    filler lines, the problem kinds, and whether problems come from the training split only."""

    wrong_share: float = 0.35
    two_marker_share: float = 0.25
    max_filler: int = MAX_FILLER_LINES
    kinds: tuple[str, ...] = KINDS
    train_split_only: bool = False


# The seed reproduction's mix (the committed runs under fixtures/runs/repro used it).
SEED_MIX = TraceMix()
# The cure campaign's mix: add and add-subtract problems from the training split, 10% wrong, 0-4 filler lines
# (traces of ~28-80 tokens, so a GRPO budget of 64 tokens still cuts the longest attempts, as in the seed run).
CURE_MIX = TraceMix(wrong_share=0.10, max_filler=4, kinds=("add", "addsub"), train_split_only=True)


def make_sft_example(
    rng: random.Random, p: Problem | None = None, mix: TraceMix = SEED_MIX
) -> tuple[Problem, str]:
    """A problem and a trace drawn with ``mix`` (default: 35% wrong, 25% two markers, 0-28 filler lines)."""
    if p is None:
        split: Split | None = "train" if mix.train_split_only else None
        p = make_problem(rng, rng.choice(mix.kinds), split=split)
    trace = make_trace(
        rng,
        p,
        wrong=rng.random() < mix.wrong_share,
        two_markers=rng.random() < mix.two_marker_share,
        filler_lines=rng.randint(0, mix.max_filler),
    )
    return p, trace


def boxed_answer(text: str) -> str | None:
    """Content of the last ``\\boxed{...}`` (no nesting needed for these problems), or ``None``."""
    start = text.rfind("\\boxed{")
    if start < 0:
        return None
    end = text.find("}", start)
    if end < 0:
        return None
    return text[start + len("\\boxed{") : end].strip()
