"""The degenerate classifier catches fluent filler loops, and only loops (issue 24, part 3).

Loops: the DeepSpeed-Chat runs' own outputs (``fixtures/runs/dschat``), where the hardened RM and the guarded
reward let the policy drift to 4-5 filler lines repeated until the limit. Not loops: the repro's SFT traces,
which repeat checking lines by design but end in an answer, and every real completion in ``fixtures/golden``
that is not cut off (the same rule flags only cut-off loops among the 9,651 realdata completions).
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from experiments.repro.tasks import make_sft_example
from rewardcheck.rewards.degenerate import DEGENERATE_LABELS, classify_degenerate

ROOT = Path(__file__).resolve().parents[2]
FILLER = [
    "Let me check this again.",
    "I will verify the step once more.",
    "Wait, let me recount the numbers.",
]


def _samples(run: str) -> list[str]:
    path = ROOT / "fixtures" / "runs" / "dschat" / run / "samples.jsonl"
    return [json.loads(line)["completion"] for line in path.read_text(encoding="utf-8").splitlines()]


@pytest.mark.parametrize("run", ["collapse", "guard", "harden"])
def test_late_outputs_of_each_dschat_run_are_flagged(run: str) -> None:
    texts = _samples(run)
    late = texts[-len(texts) // 4 :]
    flagged = [t for t in late if classify_degenerate(t) is not None]
    assert len(flagged) >= 0.75 * len(late), [t[:120] for t in late if classify_degenerate(t) is None]


def test_sft_traces_that_repeat_checking_lines_are_not_flagged() -> None:
    rng = random.Random(0)
    traces = [make_sft_example(rng)[1] for _ in range(600)]
    assert max(t.count("\n") for t in traces) > 25  # traces with many repeated checking lines are among them
    assert [t for t in traces if classify_degenerate(t) is not None] == []


def test_real_completions_that_are_not_cut_are_not_loops() -> None:
    rows = [json.loads(line) for line in (ROOT / "fixtures/golden/golden.jsonl").read_text().splitlines()]
    flagged = [
        r["id"] for r in rows if r["verdict"] in ("correct", "wrong") and classify_degenerate(r["completion"])
    ]
    assert flagged == []


@pytest.mark.parametrize("order", ["cycle", "shuffled"])
def test_a_filler_loop_in_any_order_is_a_filler_loop(order: str) -> None:
    rng = random.Random(1)
    lines = (
        [FILLER[i % 3] for i in range(14)] if order == "cycle" else [rng.choice(FILLER) for _ in range(14)]
    )
    lines += ["Checking: the numbers are 4, 5.", "Hmm, the operation is addition."]
    rng.shuffle(lines)
    text = "<think>\nFirst, take 4.\n" + "\n".join(lines)
    assert classify_degenerate(text) in ("filler_loop", "repetition")
    assert "filler_loop" in DEGENERATE_LABELS


def test_the_same_lines_ending_in_an_answer_are_an_attempt() -> None:
    body = "\n".join(FILLER[i % 3] + f" Step {i} checks {i} + 1 = {i + 1}." for i in range(12))
    assert classify_degenerate("<think>\n" + body + "\n</think>\nThe answer is \\boxed{13}.") is None


def test_a_phrase_loop_without_line_breaks_is_caught() -> None:
    text = "So the total is the sum of the parts and " * 12 + "so the total is"
    assert classify_degenerate(text) in ("filler_loop", "repetition")


# The cure campaign's DeepSpeed-Chat runs (fixtures/runs/cure/dschat): under the guarded reward the policy
# drifted to the loops the classifier missed, in two wordings; each is a class here, in several wordings.
FILLERS = [
    "Let me check this again.",
    "So far this looks right.",
    "Wait, let me recount the numbers.",
    "I will verify the step once more.",
]


@pytest.mark.parametrize("lines", [6, 7, 9])
@pytest.mark.parametrize("tail", ["18}", "", " again.", "\n13"])
def test_a_short_loop_without_an_answer_is_a_loop(lines: int, tail: str) -> None:
    body = [FILLERS[i % 2] for i in range(lines)]
    text = "<think>\nFirst, 16 + 17 = 33.\n" + "\n".join(body) + ("\n" + tail if tail else "")
    assert classify_degenerate(text) == "filler_loop", text


@pytest.mark.parametrize(
    "passing",
    [
        ["Finally, the answer is 2.", "Finally, the answer is 1."],
        ["The answer is 4.", "The answer is 4."],
        ["Finally, the answer is 3."],
    ],
)
@pytest.mark.parametrize(
    "ending", ["I will verify the step once", "Wait, let me recount the numbers.\nSo far"]
)
def test_answers_mentioned_in_passing_inside_a_loop_commit_to_nothing(
    passing: list[str], ending: str
) -> None:
    lines = [FILLERS[i % 3] for i in range(10)]
    for k, answer in enumerate(passing):
        lines.insert(2 + 3 * k, answer)
    text = "<think>\nFirst, take 11.\n" + "\n".join(lines) + "\n" + ending
    assert classify_degenerate(text) == "filler_loop", text


@pytest.mark.parametrize(
    "ending",
    ["Finally, the answer is 7.\n</think>\n\\boxed{7}", "So the answer is $\\boxed{7}$.", "#### 7"],
)
def test_a_loop_that_ends_on_its_answer_is_an_attempt(ending: str) -> None:
    lines = [FILLERS[i % 4] for i in range(12)]
    assert classify_degenerate("<think>\nFirst, take 3.\n" + "\n".join(lines) + "\n" + ending) is None


def test_late_outputs_of_the_cure_campaigns_collapse_run_are_flagged() -> None:
    path = ROOT / "fixtures" / "runs" / "cure" / "dschat" / "collapse-s0" / "samples.jsonl"
    rows = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    late = [r["completion"] for r in rows if r["step"] >= 90]
    assert sum(classify_degenerate(t) is not None for t in late) >= 0.9 * len(late)
