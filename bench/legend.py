"""One line on each name a command prints (profiles, scan's flags, check's invariants, outputs and columns,
diff's verifiers and input families),
shown as a legend under the command's output, so no name on screen is left for the user to guess.

Names a command takes from data that already describes itself (an invariant's or a sample output's own
description) fall back to that description, cut to one line; everything else is defined here, once.

>>> for line in legend_lines(["patched", "zero_std_groups", "my_inv"], {"my_inv": "Holds. Always."}):
...     print(line)
  patched          rewardcheck's rewards (get_reward_funcs' default): every known fault fixed
  zero_std_groups  GRPO groups whose totals are all equal: zero advantage, no learning signal
  my_inv           Holds
>>> legend_lines(["no_such_name"])
Traceback (most recent call last):
...
KeyError: "no legend for 'no_such_name'"
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from rich.console import Console

__all__ = [
    "PROFILES",
    "SCAN_FLAGS",
    "CHECK_NAMES",
    "DIFF_NAMES",
    "LEGEND",
    "one_line",
    "legend_lines",
    "print_legend",
]

PROFILES: Mapping[str, str] = {
    "logged": "the rewards the dump itself logged: what the trainer paid (read, not recomputed)",
    "openr1@e4ac3ae": "open-r1's rewards at commit e4ac3ae (2025-02-10, the seed run), bugs included",
    "openr1@1416fa0": "open-r1's rewards at commit 1416fa0 (2026-04-02, main), bugs included",
    "patched": "rewardcheck's rewards (get_reward_funcs' default): every known fault fixed",
}

SCAN_FLAGS: Mapping[str, str] = {
    "truncated": "cut at max_completion_length; the basis is what decided it (ids, tokens, text)",
    "gold_unparseable": "the gold answer could not be read: the row cannot be graded",
    "answer_unparseable": "no final answer could be read from the completion",
    "degenerate": "empty, tag-only, looping or prompt-echo output",
    "shaping_no_answer": "a shaping reward (format, steps, cosine...) paid a completion with no answer",
    "paid_unparseable_gold": "a profile paid because it could not parse the gold (free reward on broken data)",
    "disagreement": "the profiles disagree on whether the answer is correct",
    "timeout": "grading ran past its time limit",
    "reward_error": "a reward function raised on the row; the row was scored without it",
    "machine_stalled": "stopped by the wall-clock safety net: a stalled machine, not a hard input",
    "zero_std_groups": "GRPO groups whose totals are all equal: zero advantage, no learning signal",
    "best_degenerate": "GRPO groups whose best-paid member is degenerate: training pushes towards it",
}

CHECK_NAMES: Mapping[str, str] = {
    "exploit": "an output with no answer and no work that a reward might still pay",
    "genuine": "a real attempt: correct, wrong, or cut at max_completion_length",
    "well_formed": "every call returns one finite value (or None) per completion, in bounds, in time",
    "batch_independent": "deterministic, and no reward depends on the other completions in the batch",
    "ordering": "the total ranks correct > wrong >= truncated attempt >= degenerate output",
    "no_collapse": "no cheap exploit earns as much as a genuine attempt cut at max_completion_length",
    "steps": "the reasoning_steps reward",
    "repet.": "the repetition_penalty reward",
    "overlong": "the soft_overlong_punishment reward",
    "tags": "the tag_count reward",
}

DIFF_NAMES: Mapping[str, str] = {
    "math-verify": "plain math-verify: verify(parse(gold), parse(completion))",
    "trl": "TRL's trl.rewards.accuracy_reward",
    "verl": "verl's math scorer",
    "real": "a row of the dumps given (default: the bundled completion dump)",
    "reference": "the right answer, plainly stated: every verifier should pay it",
    "equivalent": "the right answer written another way: every verifier should pay it",
    "near_miss": "a wrong answer close to the right one: no verifier should pay it",
}

LEGEND: Mapping[str, str] = {**PROFILES, **SCAN_FLAGS, **CHECK_NAMES, **DIFF_NAMES}


def one_line(text: str, limit: int = 100) -> str:
    """``text``'s first sentence, cut at a word to at most ``limit`` characters.

    >>> one_line("Never raises; returns one value. More.")
    'Never raises; returns one value'
    """
    first = " ".join(text.split()).split(". ")[0].rstrip(".")
    if len(first) <= limit:
        return first
    return first[: limit - 1].rsplit(" ", 1)[0] + "…"


def legend_lines(
    names: Iterable[str], described: Mapping[str, str] | None = None, width: int = 130
) -> list[str]:
    """One line per name (first appearance order): ``described`` (a name's own description) where the
    legend has no entry. ``KeyError`` for a name neither defines: a new name must come with its meaning."""
    order = list(dict.fromkeys(names))
    pad = max((len(n) for n in order), default=0) + 2
    lines = []
    for name in order:
        meaning = LEGEND.get(name) or (one_line(described[name]) if described and name in described else None)
        if not meaning:
            raise KeyError(f"no legend for {name!r}")
        line = f"  {name.ljust(pad)}{meaning}"
        lines.append(line if len(line) <= width else line[: width - 1] + "…")
    return lines


def print_legend(console: Console, names: Iterable[str], described: Mapping[str, str] | None = None) -> None:
    """The legend under a command's output: a heading, then one line per name shown."""
    lines = legend_lines(names, described, width=console.width)
    if lines:
        console.print("Legend", style="bold", highlight=False)
        for line in lines:
            console.print(line, style="dim", highlight=False, markup=False, soft_wrap=True)
