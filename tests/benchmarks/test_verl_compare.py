"""benchmarks/verl_compare.py: verl's scorers and the adapter on the same inputs; the committed table is current.

Skips only where verl is not importable (the verl CI step, ``.ci/verl.sh``, has it)."""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("verl", reason="verl is not installed (the verl CI step runs this)")

from benchmarks import verl_compare  # noqa: E402

TABLE = Path(verl_compare.TABLE)


def test_the_committed_table_is_what_the_script_prints() -> None:
    text = verl_compare.render(verl_compare.run(verl_compare.CASES + verl_compare.golden_cases()))
    assert TABLE.read_text(encoding="utf-8") == text, (
        "benchmarks/verl_vs_adapter.md is stale: run python -m benchmarks.verl_compare --write in the verl env"
    )


def test_the_adapter_is_never_the_wrong_side_where_verl_credits() -> None:
    """Every input that verl's MATH scorer credits and the adapter refuses is one the labels refuse."""
    rows = verl_compare.run(verl_compare.CASES)
    for r in rows:
        if r.verl_math and not r.adapter and r.case.credit is not None:
            assert r.case.credit is False, r


def test_hand_written_labels_cover_every_class_both_ways() -> None:
    by_cls: dict[str, set[bool | None]] = {}
    for c in verl_compare.CASES:
        by_cls.setdefault(c.cls, set()).add(c.credit)
    assert len(by_cls) >= 15
    assert all(True in credits for credits in by_cls.values())
