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
from dataclasses import dataclass

__all__ = [
    "Problem",
    "KINDS",
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


def make_problem(rng: random.Random, kind: str | None = None) -> Problem:
    """A random problem of ``kind`` (``add`` a+b in 0-30, ``mul`` a*b in 2-12, ``addsub`` a+b-c)."""
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


def make_sft_example(rng: random.Random, p: Problem | None = None) -> tuple[Problem, str]:
    """A problem and a trace with the mix used for SFT (35% wrong, 25% two markers, 0-28 filler lines)."""
    p = p or make_problem(rng)
    trace = make_trace(
        rng,
        p,
        wrong=rng.random() < 0.35,
        two_markers=rng.random() < 0.25,
        filler_lines=rng.randint(0, MAX_FILLER_LINES),
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
