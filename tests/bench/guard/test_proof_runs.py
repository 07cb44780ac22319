"""The committed proof runs (``fixtures/runs/guard``), replayed through the guard without training (CI does
not train): the same detector fires at the same step as it did live.

- ``live-sft1000_lr3e-4/<run>``: the tiny-LM GRPO reproduction trained with ``--guard`` (stop enabled);
- ``replay-sft1000_lr3e-4/<run>``: the guard-free 200-step runs of ``fixtures/runs/repro/sft1000_lr3e-4``
  replayed by ``python -m rewardcheck.bench.guard replay ... --stop``; they show where the upstream run would have been
  stopped relative to the collapse that followed. The upstream replay was regenerated when ``shaping_gamed``
  was added: it now stops at step 20 (onset 10; before, zero_group_variance at step 35), and the run's own
  samples show that from step 10 it already wrote the short template with wrong answers.
"""

from __future__ import annotations

import csv
import json
import re
from pathlib import Path

import pytest

from rewardcheck.bench.guard import GuardConfig, replay_csv
from rewardcheck.bench.logs import diagnose, read_log

ROOT = Path(__file__).resolve().parents[3]
GUARD = ROOT / "fixtures/runs/guard"
REPRO = ROOT / "fixtures/runs/repro/sft1000_lr3e-4"


def _first(guard_json: Path) -> tuple[dict | None, dict]:
    doc = json.loads(guard_json.read_text())
    return doc["first_stop"], doc


def _same(first: dict | None, metrics: Path) -> None:
    guard = replay_csv(metrics, GuardConfig(actions=("stop",)))
    if first is None:
        assert guard.findings == []
        return
    got = guard.first_stop
    assert got is not None
    assert (got.signal.name, got.fired_at, got.signal.step) == (
        first["name"],
        first["fired_at"],
        first["step"],
    )


def test_live_openr1_run_replays_to_its_firing_step() -> None:
    folder = GUARD / "live-sft1000_lr3e-4/openr1"
    first, doc = _first(folder / "guard" / "guard.json")
    assert first is not None and first["critical"] and doc["errors"] == {}
    _same(first, folder / "metrics.csv")
    with (folder / "metrics.csv").open() as handle:
        steps = [float(r["step"]) for r in csv.DictReader(handle)]
    assert steps[-1] == doc["stopped_at"] == first["fired_at"]  # stop enabled: the run ended there
    assert doc["cost"]["fraction_of_training"] < 0.01


@pytest.mark.parametrize("run", ["openr1", "patched"])
def test_replayed_full_runs_match_their_committed_reports(run: str) -> None:
    first, doc = _first(GUARD / "replay-sft1000_lr3e-4" / run / "guard.json")
    _same(first, REPRO / run / "metrics.csv")
    if run == "patched":
        assert first is None and doc["findings"] == [] and doc["records"] == 200


def test_upstream_is_stopped_before_the_collapse_it_predicts() -> None:
    """On the full 200-step upstream run the guard fires long before accuracy stays 0 and reward_std stays ~0."""
    first, _ = _first(GUARD / "replay-sft1000_lr3e-4/openr1/guard.json")
    assert first is not None
    onsets = {s.name: s.step for s in diagnose(read_log(REPRO / "openr1/metrics.csv")).signals}
    assert first["fired_at"] < onsets["shaping_dominance"]  # accuracy 0 from this step to the end
    assert first["fired_at"] < onsets["reward_flatline"]
    with (REPRO / "openr1/metrics.csv").open() as handle:
        rows = list(csv.DictReader(handle))
    # the last step with a correct answer and the last with group variance come after the firing step
    last_correct = max(float(r["step"]) for r in rows if float(r["rewards/accuracy_reward/mean"]) > 0)
    last_spread = max(float(r["step"]) for r in rows if float(r["reward_std"]) > 0.05)
    assert first["fired_at"] < last_correct and first["fired_at"] < last_spread


def test_upstream_replay_stops_where_its_samples_are_already_a_template() -> None:
    """The firing step is the truth, not an artefact: every sample from the onset to the stop is a short
    template (under half the 137-token start) and none is correct."""
    first, _ = _first(GUARD / "replay-sft1000_lr3e-4/openr1/guard.json")
    assert first is not None
    assert (first["name"], first["step"], first["fired_at"]) == ("shaping_gamed", 10.0, 20.0)
    rows = [json.loads(line) for line in (REPRO / "openr1/samples.jsonl").read_text().splitlines()]
    window = [r for r in rows if first["step"] <= r["step"] <= first["fired_at"]]
    assert len(window) == 11 and all(r["tokens"] <= 0.5 * 137 for r in window)
    boxed = [re.search(r"\\boxed\{([^}]*)\}", r["completion"]) for r in window]
    assert not any(m and m.group(1) == r["gold"].strip("$") for m, r in zip(boxed, window, strict=True))


def test_live_patched_run_never_fired() -> None:
    """Ended by its STOP file after 97 of 200 steps (time budget on a shared CPU); no finding live or replayed."""
    folder = GUARD / "live-sft1000_lr3e-4/patched"
    first, doc = _first(folder / "guard" / "guard.json")
    assert first is None and doc["findings"] == [] and doc["errors"] == {} and doc["records"] == 97
    guard = replay_csv(folder / "metrics.csv", GuardConfig())
    assert guard.findings == [] and len(guard.log.records) == 97
    assert doc["cost"]["fraction_of_training"] < 0.01
