"""``benchmarks.probe_sets``: every committed probe set loads with the fields it needs, a bad line is an error
naming the file, line and field, and the score counts agreement per verifier."""

from __future__ import annotations

from pathlib import Path

import pytest

from benchmarks.probe_sets import PROBES, Probe, load, main, score
from rewardcheck.bench.errors import InputError


def test_every_set_loads_with_unique_ids_and_both_verdicts() -> None:
    paths = sorted(PROBES.glob("*.jsonl"))
    assert len(paths) >= 13
    for path in paths:
        probes = load(path)
        assert len({p.id for p in probes}) == len(probes), path.name
        assert any(p.pay for p in probes) and not all(p.pay for p in probes), path.name


def test_a_bad_line_names_file_line_and_field(tmp_path: Path) -> None:
    bad = tmp_path / "bad.jsonl"
    bad.write_text(
        '{"id": "a", "completion": "12", "gold": "12", "expect": "pay"}\n{"id": "b", "gold": "1"}\n'
    )
    with pytest.raises(InputError, match=r"bad\.jsonl:2: field 'completion' is missing"):
        load(bad)


def test_the_score_counts_agreement_per_verifier() -> None:
    probes = [
        Probe("p", "en", "The answer is $\\boxed{12}$.", "12", True),
        Probe("r", "en", "The answer is not 12.", "12", False),
    ]
    got = score(probes)
    assert got["patched"]["ok"] == 2 and got["patched"]["refuse"] == 1
    assert got["math-verify"]["ok"] == 1  # math-verify pays the negated 12
    assert got["math-verify"]["gold_unparsed"] == 0 and got["math-verify"]["raised"] == 0


def test_an_unknown_set_is_an_error() -> None:
    assert main(["--sets", "no-such-set"]) == 2
