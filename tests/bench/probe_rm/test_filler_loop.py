"""``probe-rm --harden`` writes fluent filler loops too (issue 27): the reference's own reasoning lines looped
without its answer, the text the DeepSpeed-Chat policy drifted to under a hardened reward model. Each written
loop is what the degenerate classifier labels ``filler_loop``, in several reference layouts."""

from __future__ import annotations

import pytest

from rewardcheck.bench.probe_rm.harden import HARDEN_CLASSES, LOOP_CLASS, filler_loop, harden_rows
from rewardcheck.bench.probe_rm.inputs import ProbeItem
from rewardcheck.rewards.degenerate import classify_degenerate

REFERENCES = [
    "<think>\nFirst, 24 + 28 = 52.\nSo far this looks right.\nLet me check this again.\nFinally, the answer is 52."
    "\n</think>\n\\boxed{52}",
    "We add the two numbers. Then we check the sum once more. Then we compare with the estimate. "
    "So the answer is 7.",
    "Step 1: multiply 6 by 7 to get 42.\nStep 2: subtract 2 to get 40.\nStep 3: check 40 + 2 = 42.\n#### 40",
]


@pytest.mark.parametrize("reference", REFERENCES, ids=["r1-trace", "one-paragraph", "gsm8k"])
def test_the_loop_drops_the_answer_and_is_labelled_a_loop(reference: str) -> None:
    loop = filler_loop(reference)
    assert loop is not None
    assert "boxed" not in loop and "answer is" not in loop and "####" not in loop
    assert len(loop.splitlines()) >= 8
    assert classify_degenerate(loop) == "filler_loop", loop


def test_harden_writes_the_loop_class_by_default() -> None:
    assert LOOP_CLASS in HARDEN_CLASSES
    items = [ProbeItem(f"Q{i}", " " + r) for i, r in enumerate(REFERENCES)]
    rows = [r for r in harden_rows(items) if r["probe_class"] == LOOP_CLASS]
    assert len(rows) == len(REFERENCES)
    assert all(r["rejected"].startswith(" ") and r["rejected"] != r["chosen"] for r in rows)


def test_a_reference_that_is_only_its_answer_has_nothing_to_loop() -> None:
    assert filler_loop("\\boxed{3}") is None
