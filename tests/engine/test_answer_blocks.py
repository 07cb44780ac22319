"""An ``<answer>`` block that is one expression is that expression (a regression of engine v3 found on the
r1-zero dump: ``<answer> 4a-2 </answer>`` was read as ``2``), and the unclosed-think setting end to end."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from rewardcheck.rewards.engine import judge
from rewardcheck.rewards.registry import build_registry

THINK = "<think>\nok\n</think>\n"


@pytest.mark.parametrize(
    ("block", "gold"),
    [
        ("4a-2", "4a-2"),
        (" 4a - 2 ", "4a-2"),
        ("n+5", "n+5"),
        ("3x+1", "1+3x"),
        ("7\\pi", "7\\pi"),
        ("$7\\pi$", "7\\pi"),
        ("2\\sqrt{3}", "\\sqrt{12}"),
        ("x^2-1", "(x-1)(x+1)"),
        ("-b+4", "4-b"),
    ],
)
def test_an_expression_block_is_read_whole(block: str, gold: str) -> None:
    for layout in (
        f"<answer>{block}</answer>",
        f"<answer> {block} </answer>",
        f"</think> <answer>\n{block}\n</answer>",
    ):
        text = THINK + layout if not layout.startswith("</think>") else "<think>\nok\n" + layout
        j = judge(text, gold)
        assert j.verdict.value == "correct", (layout, j)


@pytest.mark.parametrize(("block", "gold"), [("4a-2", "4a+2"), ("n+5", "5"), ("3x+1", "1"), ("7\\pi", "7")])
def test_an_expression_block_is_not_its_last_number(block: str, gold: str) -> None:
    assert judge(THINK + f"<answer> {block} </answer>", gold).verdict.value == "wrong"


def test_sentences_in_a_block_are_still_read_as_claims() -> None:
    assert judge(THINK + "<answer> 36 marbles were left </answer>", "36").verdict.value == "correct"
    assert judge(THINK + "<answer> I could not solve it </answer>", "4").verdict.value == "no_answer"


# the chat template opened <think>; the completion stopped without closing it, its last paragraph the answer
STOPPED = "So the total is 2 + 3 = 5.\n\nThe answer is \\boxed{5}."


@pytest.mark.parametrize(("setting", "paid"), [("read_final", 1.0), ("no_answer", 0.0)])
def test_unclosed_think_setting_through_the_reward(setting: str, paid: float) -> None:
    acc = build_registry(
        {"max_completion_length": 100, "think_prefilled": True, "unclosed_think": setting}, "patched"
    )["accuracy"]
    assert acc([STOPPED], solution=["5"], completion_length=[30]) == [paid]
    assert acc([STOPPED], solution=["5"], completion_length=[100]) == [0.0]  # cut at the limit: truncated
    assert acc([STOPPED], solution=["5"]) == [0.0]  # no length: a stop cannot be told from a cut


def test_scan_reports_the_setting_both_ways(tmp_path: Path) -> None:
    dump = tmp_path / "d.jsonl"
    rows = [{"prompt": "q", "completion": STOPPED, "solution": "5", "completion_length": 30}] * 2
    dump.write_text("".join(json.dumps(r) + "\n" for r in rows))
    means = {}
    for setting in ("read_final", "no_answer"):
        out = tmp_path / f"{setting}.json"
        subprocess.run(
            [
                sys.executable,
                "-m",
                "rewardcheck.cli",
                "scan",
                str(dump),
                "--profile",
                "patched",
                "--think-prefilled",
                "--length-field",
                "completion_length",
                "--max-completion-length",
                "100",
                "--unclosed-think",
                setting,
                "--json",
                str(out),
                "--quiet",
            ],
            check=True,
            capture_output=True,
            cwd=Path(__file__).resolve().parents[2],
        )
        means[setting] = json.loads(out.read_text())["rewards"]["patched"]["accuracy"]["mean"]
    assert means == {"read_final": 1.0, "no_answer": 0.0}


# (a long trace cut on a computation step is held by golden dcdf3db868c7a0a2 in tests/rewards/test_golden_fixtures.py)
LONG_REASONING = "Let me count the arrangements of the six books carefully, one case at a time. " * 12


@pytest.mark.parametrize(
    "closing",
    ["Therefore, there are 480 arrangements.", "The number of arrangements is 480.", "So the total is 480."],
)
def test_a_long_reasoning_ending_on_a_conclusion_is_its_answer(closing: str) -> None:
    assert judge(LONG_REASONING + "\n\n" + closing, "480").verdict.value == "correct"


@pytest.mark.parametrize(
    "text",
    [
        "What is 1 + 2? Put your final answer in \\boxed{}.",
        "What is 1 + 2?\n\nPlease reason step by step.",
    ],
)
def test_a_question_asserts_no_answer(text: str) -> None:
    # the prompt echoed back is no answer (found by the composite ordering invariant after the closing-prose rule)
    assert judge(text, "3").verdict.value == "no_answer"
