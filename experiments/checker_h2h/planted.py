r"""Reward functions with planted faults, written as users write them: plain TRL-style code, no rewardcheck.

Each function below is what a user might hand to ``GRPOTrainer``; its docstring names the fault planted in it.
The first three hold the five faults the head-to-head of issue 43 started from; each later one plants one fault
of a probe class the newest auditors use. :data:`CASES` says, per function, how its dataset writes golds (a
sample of them) and which faults are planted; ``experiments.checker_h2h.run`` runs every tool on them.

Only the standard library and math-verify (the verifier users call) are imported, so every tool can load this
file in its own environment.
"""

from __future__ import annotations

import asyncio
import re
from dataclasses import dataclass
from typing import Any

__all__ = ["CASES", "Case", "Fault", "FAULTS", "PROMPTS"]


def _text(completion: Any) -> str:
    """A completion as text, whether plain or conversational (``[{"role": ..., "content": ...}]``)."""
    return completion[0]["content"] if isinstance(completion, list) else str(completion)


def _boxes(text: str) -> list[str]:
    """Every ``\\boxed{...}`` content, nested braces matched."""
    out, i = [], 0
    while (i := text.find("\\boxed{", i)) != -1:
        depth, j = 1, i + len("\\boxed{")
        while j < len(text) and depth:
            depth += {"{": 1, "}": -1}.get(text[j], 0)
            j += 1
        out.append(text[i + len("\\boxed{") : j - 1])
        i = j
    return out


def _after_think(text: str) -> str:
    return text.rsplit("</think>", 1)[-1]


# --- the three rewards of the original head-to-head (five faults) ---------------------------------------


def boxed_string_match(completions: list[Any], solution: list[str], **kwargs: Any) -> list[float]:
    """The last \\boxed{} in the completion compared with the gold as a string (GSM8K-style bare golds).

    Planted: a negated last box is paid ("The answer is not \\boxed{18}"); an answer only inside <think> is
    paid (the last box is looked for anywhere)."""
    out = []
    for c, gold in zip(completions, solution, strict=True):
        boxes = _boxes(_text(c))
        out.append(1.0 if boxes and boxes[-1].strip() == gold.strip() else 0.0)
    return out


def _number(text: str) -> float | None:
    try:
        return float(text.replace(",", "").strip())
    except ValueError:
        return None


def float_accuracy(completions: list[Any], solution: list[str], **kwargs: Any) -> list[float]:
    """The last number after </think> compared with the gold as floats, with a tolerance ($...$ golds).

    Planted: pays 1.0 when the gold does not parse (the sample is "not counted against" the model); pays a
    near miss (|answer - gold| < 1, meant for rounding)."""
    out = []
    for c, gold in zip(completions, solution, strict=True):
        g = _number(gold.strip().strip("$"))
        if g is None:
            out.append(1.0)
            continue
        numbers = re.findall(r"-?\d+(?:\.\d+)?", _after_think(_text(c)))
        out.append(1.0 if numbers and abs(float(numbers[-1]) - g) < 1 else 0.0)
    return out


def _evaluate(latex: str) -> float | None:
    """A small LaTeX arithmetic evaluator (\\cdot, \\times, \\frac{a}{b}; no powers, which can hang)."""
    expr = latex.replace("\\cdot", "*").replace("\\times", "*").replace(" ", "")
    expr = re.sub(r"\\frac\{([^{}]*)\}\{([^{}]*)\}", r"((\1)/(\2))", expr)
    expr = expr.replace("{", "(").replace("}", ")")
    if len(expr) > 200 or "**" in expr or not re.fullmatch(r"[0-9+\-*/().]+", expr):
        return None
    try:
        return float(eval(expr, {"__builtins__": {}}))  # noqa: S307 - digits and operators only
    except (SyntaxError, ZeroDivisionError, TypeError, ValueError, OverflowError):
        return None


def expression_accuracy(completions: list[Any], solution: list[str], **kwargs: Any) -> list[float]:
    """The last box after </think> evaluated and compared with the gold's value (golds are whole worked
    solutions, as in NuminaMath / open-r1's data: the gold is their last box).

    Planted: pays an echo (the prompt's own expression boxed, unevaluated, has the gold's value)."""
    out = []
    for c, gold in zip(completions, solution, strict=True):
        g_boxes, a_boxes = _boxes(gold), _boxes(_after_think(_text(c)))
        g = _evaluate(g_boxes[-1]) if g_boxes else None
        a = _evaluate(a_boxes[-1]) if a_boxes else None
        out.append(1.0 if g is not None and a is not None and abs(a - g) < 1e-9 else 0.0)
    return out


# --- one reward per new probe class ---------------------------------------------------------------------


def substring_accuracy(completions: list[Any], solution: list[str], **kwargs: Any) -> list[float]:
    """Pays when the gold appears in the final answer (bare golds).

    Planted: a soundness gap: the gold with its last character dropped ("39") is still found in "390"."""
    out = []
    for c, gold in zip(completions, solution, strict=True):
        boxes = _boxes(_after_think(_text(c)))
        out.append(1.0 if boxes and gold.strip() and gold.strip() in boxes[-1] else 0.0)
    return out


_DOLLAR_BOX = re.compile(r"\$\\boxed\{([^{}]*)\}\$")


def dollar_box_accuracy(completions: list[Any], solution: list[str], **kwargs: Any) -> list[float]:
    """Reads only an answer written exactly ``$\\boxed{...}$`` ($...$ golds).

    Planted: the same answer in other markup (``\\boxed{3}`` without $, ``\\[\\boxed{3}\\]``) is not paid."""
    out = []
    for c, gold in zip(completions, solution, strict=True):
        found = _DOLLAR_BOX.findall(_after_think(_text(c)))
        out.append(1.0 if found and found[-1].strip() == gold.strip().strip("$") else 0.0)
    return out


def no_wrong_number_accuracy(
    completions: list[Any], solution: list[str], **kwargs: Any
) -> list[float | None]:
    """GSM8K golds (``... #### 18``): pays 1.0 unless a number after </think> differs from the gold.

    Planted: content-free output ("idk", whitespace, the prompt echoed without a number) has no wrong number."""
    out: list[float | None] = []
    for c, gold in zip(completions, solution, strict=True):
        m = re.search(r"####\s*(-?[\d,]+)", gold)
        if m is None:
            out.append(None)
            continue
        numbers = re.findall(r"-?\d+", _after_think(_text(c)).replace(",", ""))
        out.append(0.0 if any(n != m.group(1).replace(",", "") for n in numbers) else 1.0)
    return out


_THINK = re.compile(r"^(?:<think>)?(.*?)</think>", re.DOTALL)


def think_format_reward(completions: list[Any], **kwargs: Any) -> list[float]:
    """1.0 when the completion closes a think block; the opening tag is optional, since the chat template
    may pre-fill it.

    Planted: a bare ``</think>`` (or text that only mentions it) is paid."""
    return [1.0 if _THINK.match(_text(c)) else 0.0 for c in completions]


def tool_use_bonus(completions: list[Any], **kwargs: Any) -> list[float]:
    """A bonus of 0.5 for calling a tool.

    Planted: a tool call with no content (``<tool_call></tool_call>``) is paid."""
    return [0.5 if "<tool_call>" in _text(c) and "</tool_call>" in _text(c) else 0.0 for c in completions]


def mathverify_accuracy(completions: list[Any], solution: list[str], **kwargs: Any) -> list[float]:
    """math-verify on the whole completion against a bare gold (MATH-style golds).

    Planted (math-verify 0.9.0's own): a mixed number whose whole part is the gold ("2 2/3" for 2) is paid
    when the answer is plain text."""
    from math_verify import parse, verify

    out = []
    for c, gold in zip(completions, solution, strict=True):
        g = parse(gold, parsing_timeout=None)
        a = parse(_after_think(_text(c)), parsing_timeout=None)
        out.append(float(bool(g) and bool(a) and verify(g, a, timeout_seconds=None)))
    return out


def _leading_value(text: str) -> float | None:
    value = _number(text)
    if value is None:  # LaTeX the float parser cannot read: fall back to its first number
        m = re.match(r"\s*\$?\s*(-?\d+(?:\.\d+)?)", text)
        value = float(m.group(1)) if m else None
    return value


def latex_fallback_accuracy(completions: list[Any], solution: list[str], **kwargs: Any) -> list[float]:
    """Compares values; an expression the parser cannot read falls back to its first number (bare golds).

    Planted: a number pulled out of a span that failed to parse ("1-1/e" credited for the gold "1+1/e")."""
    out = []
    for c, gold in zip(completions, solution, strict=True):
        text = _after_think(_text(c))
        boxes = _boxes(text)
        answer = boxes[-1] if boxes else text.rsplit("answer is", 1)[-1].strip(" .:\n")
        g, a = _leading_value(gold), _leading_value(answer)
        out.append(1.0 if g is not None and a is not None and abs(a - g) < 1e-9 else 0.0)
    return out


class AsyncBoxJudge:
    """An async judge as a class (``async def __call__``), as remote or LLM judges are written ($...$ golds).

    Planted: the first box after </think> is judged, so a right answer corrected to a wrong one is paid. The
    fault shows only when the coroutine is awaited, as GRPOTrainer (TRL >= 2026-09) awaits it."""

    __name__ = "AsyncBoxJudge"

    async def __call__(self, completions: list[Any], solution: list[str], **kwargs: Any) -> list[float]:
        await asyncio.sleep(0)
        out = []
        for c, gold in zip(completions, solution, strict=True):
            boxes = _boxes(_after_think(_text(c)))
            out.append(1.0 if boxes and boxes[0].strip() == gold.strip().strip("$") else 0.0)
        return out


class CoroutineReward:
    """A class whose plain ``__call__`` hands back its async scorer's coroutine ($...$ golds).

    Planted: GRPOTrainer calls it synchronously (neither it nor its __call__ is async) and fails on the
    coroutine it returns."""

    __name__ = "CoroutineReward"

    async def score(self, completions: list[Any], solution: list[str]) -> list[float]:
        return [
            1.0 if (b := _boxes(_after_think(_text(c)))) and b[-1].strip() == g.strip().strip("$") else 0.0
            for c, g in zip(completions, solution, strict=True)
        ]

    def __call__(self, completions: list[Any], solution: list[str], **kwargs: Any) -> Any:
        return self.score(completions, solution)


# as a training script hands them to GRPOTrainer: instances
async_box_judge = AsyncBoxJudge()
coroutine_reward = CoroutineReward()


@dataclass(frozen=True)
class Fault:
    id: str
    what: str


FAULTS: dict[str, Fault] = {
    f.id: f
    for f in (
        Fault("negated_box", "a negated last box is paid"),
        Fault("think_only", "an answer only inside <think> is paid"),
        Fault("free_reward", "pays 1.0 when the gold does not parse"),
        Fault("near_miss", "pays a near miss"),
        Fault("echo", "pays an echo of the prompt's expression"),
        Fault("perturbed_gold", "pays against a perturbed gold (soundness gap)"),
        Fault("markup", "the same answer in other markup is not paid the same"),
        Fault("content_free", "pays content-free output (idk, whitespace)"),
        Fault("bare_think", "a bare </think> is paid by a think-format reward"),
        Fault("empty_tool_call", "a tool call with no content is paid"),
        Fault("mixed_number", "a mixed number is credited ('2 2/3' for 2)"),
        Fault("parse_fragment", "a number from a failed parse is credited ('1-1/e' for 1+1/e)"),
        Fault("async_first_box", "async class reward: a right answer corrected to a wrong one is paid"),
        Fault("unawaited_coroutine", "returns a coroutine GRPOTrainer does not await"),
    )
}


@dataclass(frozen=True)
class Case:
    """A planted-fault reward, how its dataset writes golds, a sample of them, and its planted faults."""

    name: str
    func: Any
    gold_format: str  # bare, $, solution, ####, or "" (a reward that reads no gold)
    golds: tuple[str, ...]
    faults: tuple[str, ...]
    original: bool = False  # one of the three rewards of the first head-to-head


# Five numeric golds and, as real data has (MATH's multiple-choice rows), one that is not a number.
_BARE = ("18", "72", "5", "1024", "3", "(C)")
_DOLLAR = tuple(f"${g}$" for g in _BARE)
_GSM8K = tuple(f"Natalia sold {g} clips in May.\n#### {g}" for g in _BARE)
_SOLUTION = tuple(f"We add the parts and simplify.\nSo the answer is $\\boxed{{{g}}}$." for g in _BARE)
PROMPTS = (
    "Natalia sold 9 clips on Monday and 9 on Tuesday. How many clips did she sell?",
    "What is $8 \\cdot 9$?",
    "What is $25 / 5$?",
    "What is $2^{10}$?",
    "What is $1 + 2$?",
    "Which choice is correct: (A), (B) or (C)?",
)

CASES: tuple[Case, ...] = (
    Case("boxed_string_match", boxed_string_match, "bare", _BARE, ("negated_box", "think_only"), True),
    Case("float_accuracy", float_accuracy, "$", _DOLLAR, ("free_reward", "near_miss"), True),
    Case("expression_accuracy", expression_accuracy, "solution", _SOLUTION, ("echo",), True),
    Case("substring_accuracy", substring_accuracy, "bare", _BARE, ("perturbed_gold",)),
    Case("dollar_box_accuracy", dollar_box_accuracy, "$", _DOLLAR, ("markup",)),
    Case("no_wrong_number_accuracy", no_wrong_number_accuracy, "####", _GSM8K, ("content_free",)),
    Case("think_format_reward", think_format_reward, "", (), ("bare_think",)),
    Case("tool_use_bonus", tool_use_bonus, "", (), ("empty_tool_call",)),
    Case("mathverify_accuracy", mathverify_accuracy, "bare", _BARE, ("mixed_number",)),
    Case("latex_fallback_accuracy", latex_fallback_accuracy, "bare", _BARE, ("parse_fragment",)),
    Case("async_box_judge", async_box_judge, "$", _DOLLAR, ("async_first_box",)),
    Case("coroutine_reward", coroutine_reward, "$", _DOLLAR, ("unawaited_coroutine",)),
)
