"""check_reward finds a reward that hangs on a repeated piece (a user's regex is as exposed as ours was), names
the piece and the place, and passes a reward that reads in linear time."""

from __future__ import annotations

import re
from typing import Any

from rewardcheck import check_reward
from rewardcheck.bench.strategies.pumped import POSITIONS
from rewardcheck.rewards import build_registry

# engine v4's stance._OPENERS, in a user's own reward: nested repeats before "$"
_TAIL = re.compile(r"(?:\\(?:boxed|fbox)\{|\$+|\*+|\s+)+$")


def exposed_accuracy(completions: list[Any], solution: list[str], **kwargs: Any) -> list[float]:
    out = []
    for c, gold in zip(completions, solution, strict=True):
        text = c if isinstance(c, str) else c[0]["content"]
        open_tail = _TAIL.search(text) is not None  # "the box is still open": a backtracking engine blows up
        out.append(0.0 if open_tail else float(f"\\boxed{{{gold}}}" in text))
    return out


def test_a_backtracking_regex_reward_is_reported_with_its_piece_and_place() -> None:
    report = check_reward(
        exposed_accuracy,
        "accuracy",
        invariants=["linear_time"],
        max_examples=3,
        time_limit_s=1.0,
        heavy_cases=False,
    )
    result = next(r for r in report.results if r.name == "linear_time")
    assert not result.holds
    text = report.render()
    assert "reading blows up on a repeated piece" in text
    assert "repeated to 30,000 characters" in text and "(killed)" in text  # which piece, and where:
    assert any(f"characters, {place}" in text for place in POSITIONS)


def test_the_patched_accuracy_reward_reads_in_linear_time() -> None:
    report = check_reward(
        build_registry({"max_completion_length": 1024, "eos_token_id": 151645}, "patched")["accuracy"],
        "accuracy",
        invariants=["linear_time"],
        max_examples=3,
    )
    assert report.ok, report.render()
