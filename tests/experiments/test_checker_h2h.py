"""The head-to-head's planted-fault rewards (experiments.checker_h2h): the checker finds every planted fault on
the functions as written, given a sample of their golds or nothing but the function, whatever the way their
data writes golds; and the mapping from a report to planted faults reads the report's typed findings, so it
finds nothing in a report of a reward without the fault."""

from __future__ import annotations

import re

import pytest

from experiments.checker_h2h.ours import FOUND_BY, run_ours
from experiments.checker_h2h.planted import CASES, FAULTS
from rewardcheck.bench.checker import check_reward


def test_every_planted_fault_has_a_reading_and_a_description() -> None:
    planted = [f for c in CASES for f in c.faults]
    assert sorted(planted) == sorted(FAULTS) and set(FOUND_BY) == set(FAULTS)
    assert {c.gold_format for c in CASES} >= {
        "bare",
        "$",
        "####",
        "solution",
        "",
    }  # every way of writing golds


@pytest.mark.parametrize("given_golds", [True, False], ids=["golds given", "nothing but the function"])
def test_the_checker_finds_every_planted_fault(given_golds: bool) -> None:
    missed = {}
    for case in CASES:
        outcome = run_ours(case, given_golds)
        if set(case.faults) - outcome.found:
            missed[case.name] = sorted(set(case.faults) - outcome.found)
    assert not missed


def test_a_report_without_the_fault_maps_to_nothing() -> None:
    def strict(completions: list[str], solution: list[str], **kw: object) -> list[float]:
        """One sentence after the reasoning, the answer boxed in it; markup and spaces aside."""
        out = []
        for c, s in zip(completions, solution, strict=True):
            if "</think>" not in c:
                out.append(0.0)
                continue
            region = re.sub(r"[\s$*:]|\\[()\[\]]", "", c.rsplit("</think>", 1)[-1]).rstrip(".")
            box = f"\\boxed{{{s.strip('$')}}}"
            out.append(float(region in (f"Theansweris{box}", f"Thefinalansweris{box}")))
        return out

    report = check_reward(strict, max_examples=4, heavy_cases=False)
    assert [f for f, found in FOUND_BY.items() if found(report)] == []
