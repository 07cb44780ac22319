"""The reproduction's diagnostics: where GRPO's advantage goes, accuracy intervals, simulate-vs-real onset."""

from __future__ import annotations

import json
import math
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from experiments.repro.advantage import advantage_shares
from experiments.repro.interval import difference, wilson
from experiments.repro.interval import main as interval_main
from experiments.repro.simcompare import main as simcompare_main
from experiments.repro.simcompare import onset

ROOT = Path(__file__).resolve().parents[2]
RUNS = ROOT / "fixtures" / "runs" / "repro"


def _scores() -> tuple[np.ndarray, list[bool]]:
    # group 0: one correct answer; group 1: all wrong, members differ only in format (reward 2)
    acc = [1, 0, 0, 0, 0, 0, 0, 0]
    fmt = [1, 1, 1, 1, 1, 0, 1, 0]
    return np.array([[a, f] for a, f in zip(acc, fmt, strict=True)], dtype=float), [a == 1 for a in acc]


def test_group_scaling_makes_a_shaping_only_group_as_loud_as_a_correct_answer():
    scores, correct = _scores()
    for w in (1.0, 0.2):
        s = advantage_shares(scores, np.array([1.0, w]), correct, group_size=4, scale="group")
        # under group scaling the format-only group's advantages do not shrink with the format weight
        assert s.mean_abs_adv_all_wrong == pytest.approx(0.866, abs=0.01)
        assert s.all_wrong_share > 0.5  # more than half the push comes from the group with no correct answer
    batch = advantage_shares(scores, np.array([1.0, 0.2]), correct, group_size=4, scale="batch")
    assert batch.all_wrong_share < 0.25  # with one batch std the small format weight is heard as small
    assert batch.mean_abs_adv_correct > 5 * batch.mean_abs_adv_all_wrong


@settings(max_examples=40, deadline=None)
@given(
    st.lists(st.tuples(st.integers(0, 1), st.floats(0, 1), st.floats(-1, 1)), min_size=8, max_size=8),
    st.sampled_from(["group", "batch", "none"]),
)
def test_advantage_parts_are_shares_of_a_partition(rows, scale):
    scores = np.array(rows, dtype=float)
    s = advantage_shares(scores, np.array([1.0, 0.5, 1.0]), [r[0] == 1 for r in rows], 4, scale)
    assert sum(s.by_reward) == pytest.approx(1.0) or sum(s.by_reward) == 0
    assert 0.0 <= s.all_wrong_share <= 1.0


@settings(max_examples=60, deadline=None)
@given(st.integers(1, 400), st.data())
def test_wilson_interval_contains_the_estimate(n, data):
    k = data.draw(st.integers(0, n))
    lo, hi = wilson(k, n)
    assert 0.0 <= lo <= k / n <= hi <= 1.0
    d, dlo, dhi = difference(k, n, k, n)
    assert d == 0 and dlo < 0 < dhi or (dlo <= 0 <= dhi)


def test_difference_interval_separates_a_clear_gain():
    assert difference(6, 96, 20, 96)[1] > 0  # 0.06 -> 0.21 on 96 problems: above the start
    assert difference(6, 96, 1, 96)[2] > 0  # 0.06 -> 0.01: not distinguishable from no change
    assert wilson(0, 96)[0] == 0.0 and math.isclose(wilson(96, 96)[1], 1.0)


def test_interval_cli_on_committed_runs(capsys):
    interval_main([str(RUNS / "sft1000_lr3e-4" / "patched"), str(RUNS / "sft1000_lr1e-4" / "patched")])
    out = capsys.readouterr().out
    assert "sft1000_lr3e-4/patched" in out and "0.062" in out and "pooled (2 runs)" in out


def test_onset_rule():
    assert onset([100.0] * 20, [0.0] * 20) is None
    # window 4..13 holds one long step: mean 28 < 32, so the onset is the start of that window
    assert onset([100.0] * 5 + [20.0] * 20, [0.05] * 5 + [0.0] * 20) == 4
    assert onset([20.0] * 30, [0.5] * 30) is None  # short but correct is not a collapse
    assert onset([20.0] * 20 + [90.0] * 10, [0.0] * 30) is None  # recovered by the end


def test_simcompare_replays_committed_comparison(tmp_path, capsys):
    doc = RUNS / "simcompare.json"
    page = tmp_path / "cmp.html"
    assert simcompare_main([str(doc), "--html", str(page)]) == 0
    out = capsys.readouterr().out
    runs = json.loads(doc.read_text())["runs"]
    assert len(runs) >= 2 and out.count("onset (length < 32 tokens") == len(runs)
    upstream = next(c for c in runs if c["run"] == "sft1000_lr3e-4/openr1")
    assert upstream["real_onset"] is not None and upstream["sim_onset"] is not None
    assert page.read_text().count("<svg") == 3 * len(runs)
