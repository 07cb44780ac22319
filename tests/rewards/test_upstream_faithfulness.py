"""Our upstream profiles reproduce what the real open-r1 code paid, value for value.

``fixtures/upstream/cases.jsonl`` holds 700 completions (real model output and generated edge cases) with the
outputs of open-r1's own ``rewards.py`` at e4ac3ae and 1416fa0 (see ``fixtures/upstream/README.md`` for how
they were produced). Every case is scored by every reward of both profiles; even cases are passed as
conversations, odd cases as plain strings, so both shapes TRL uses are covered.
"""

from __future__ import annotations

import json
import math
from collections import defaultdict
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from rewardcheck.rewards.registry import build_registry

CASES_FILE = Path(__file__).resolve().parents[2] / "fixtures" / "upstream" / "cases.jsonl"
PROFILES = {
    "openr1@e4ac3ae": ["accuracy", "format", "reasoning_steps", "cosine", "repetition_penalty"],
    "openr1@1416fa0": [
        "accuracy",
        "format",
        "tag_count",
        "reasoning_steps",
        "cosine",
        "repetition_penalty",
        "length",
        "soft_overlong_punishment",
        "soft_overlong_punishment@100/20",
    ],
}
SMALL_OVERLONG = {"max_completion_len": 100, "soft_punish_cache": 20}


@cache
def cases() -> tuple[dict[str, Any], ...]:
    with CASES_FILE.open(encoding="utf-8") as f:
        return tuple(json.loads(line) for line in f)


def shaped(case: dict[str, Any], index: int) -> Any:
    return [{"role": "assistant", "content": case["completion"]}] if index % 2 == 0 else case["completion"]


def reward_function(profile: str, reward: str) -> Any:
    if reward == "soft_overlong_punishment@100/20":
        return build_registry(SMALL_OVERLONG, profile)["soft_overlong_punishment"]
    return build_registry(None, profile)[reward]


def same(expected: Any, got: Any) -> bool:
    if expected is None or got is None:
        return expected is None and got is None
    return isinstance(got, (int, float)) and math.isfinite(got) and abs(float(got) - float(expected)) <= 1e-9


def score(profile: str, reward: str) -> list[tuple[dict[str, Any], Any]]:
    """(case, our value) for every case; ``length`` is batch-wide, so it is called once per recorded batch."""
    func = reward_function(profile, reward)
    groups: dict[int, list[int]] = defaultdict(list)
    for i, case in enumerate(cases()):
        groups[case["batch"] if reward == "length" else 0].append(i)
    out: list[tuple[dict[str, Any], Any]] = []
    for indices in groups.values():
        batch = [cases()[i] for i in indices]
        # keywords only, as TRL's GRPOTrainer calls reward functions
        values = func(
            prompts=["" for _ in batch],
            completions=[shaped(c, i) for c, i in zip(batch, indices, strict=True)],
            solution=[c["solution"] for c in batch],
            completion_ids=[c["completion_ids"] for c in batch],
        )
        assert len(values) == len(batch)
        out.extend(zip(batch, values, strict=True))
    return out


def test_fixture_size_and_coverage() -> None:
    kinds = {c["kind"] for c in cases()}
    formats = {c.get("completion_format") for c in cases() if c["kind"] == "real"}
    assert len(cases()) >= 500
    assert kinds == {"real", "edge"}
    assert formats == {"think_boxed", "sky_t1", "plain_boxed", "gsm8k_A"}
    for case in cases():
        for profile, rewards in PROFILES.items():
            assert set(case["outputs"][profile]) == set(rewards), case["case_id"]


@pytest.mark.parametrize(("profile", "reward"), [(p, r) for p, rs in PROFILES.items() for r in rs])
def test_profile_reproduces_upstream(profile: str, reward: str) -> None:
    mismatches = [
        f"{c['case_id']} ({c.get('note') or c.get('source_id')}): upstream {c['outputs'][profile][reward]!r}, ours {got!r}"
        for c, got in score(profile, reward)
        if not same(c["outputs"][profile][reward], got)
    ]
    assert not mismatches, f"{len(mismatches)} mismatch(es) for {profile} {reward}:\n" + "\n".join(
        mismatches[:25]
    )


def test_seed_exploit_pays_two_thirds_with_e4ac3ae() -> None:
    """The open-r1 seed run's collapse: "First, Finally," is paid for its step markers and a short wrong answer."""
    funcs = build_registry(None, "openr1@e4ac3ae")
    for completion in ("First, Finally,", [{"role": "assistant", "content": "First, Finally,"}]):
        values = {
            name: funcs[name]([completion], solution=["$3$"])[0]
            for name in ("accuracy", "format", "reasoning_steps", "cosine")
        }
        cosine = values["cosine"]
        assert values["accuracy"] == 0.0
        assert values["format"] == 0.0
        assert values["reasoning_steps"] == pytest.approx(2 / 3, abs=1e-12)
        assert cosine is not None and -0.001 < cosine < 0.0
        assert round(sum(v for v in values.values() if v is not None), 3) == 0.666
