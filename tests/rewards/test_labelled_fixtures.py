"""The third labelled set (``fixtures/labelled``): schema, coverage, provenance, no overlap, reproducible build.

Reads committed files only (never ``/work/shared``): ``labelled.jsonl`` must equal the join of the committed
intermediate ``selected.jsonl.gz`` with ``reviews.jsonl`` byte for byte (``python -m tools.make_labelled build``).
"""

from __future__ import annotations

import gzip
import json
from collections import Counter
from functools import cache
from pathlib import Path
from typing import Any

from tools.make_labelled import (
    ENDINGS,
    FIELDS,
    FORMATS,
    LABELLED,
    REVIEW_FIELDS,
    REVIEWS,
    SELECTED,
    VERDICTS,
    build_text,
)

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures"
PROVENANCE = ("source_repo", "source_path", "source_commit", "licence", "source_id", "origin", "model")
LICENCES = {
    "NovaSky-AI/SkyThought": "Apache-2.0",
    "QwenLM/Qwen2.5-Math": "MIT",
    "openai/grade-school-math": "MIT",
}


@cache
def rows() -> tuple[dict[str, Any], ...]:
    with open(LABELLED, encoding="utf-8") as fh:
        return tuple(json.loads(line) for line in fh if line.strip())


def _used(name: str) -> list[dict[str, Any]]:
    with open(FIXTURES / name, encoding="utf-8") as fh:
        return [json.loads(line) for line in fh if line.strip()]


def test_schema_and_values() -> None:
    assert len(rows()) >= 400
    for r in rows():
        assert set(r) == set(FIELDS) | set(REVIEW_FIELDS), r["id"]
        assert r["verdict"] in VERDICTS, r["id"]
        assert r["format"] in FORMATS, r["id"]
        assert r["ending"] in ENDINGS, r["id"]
        assert isinstance(r["completion"], str) and isinstance(r["gold"], str) and r["gold"], r["id"]
        assert r["rule"] and len(r["verdict_note"]) >= 4, r["id"]
        assert r["reviewer"] == "AI agent (rewardcheck labelled-set helper)"
        assert isinstance(r["orig_label"], bool) and r["math_verify_label"] in (True, False, None)
        assert r["graders_disagree"] == (
            r["math_verify_label"] is not None and r["math_verify_label"] != r["orig_label"]
        )
        assert r["n_chars"] == len(r["completion"])
    assert len({r["id"] for r in rows()}) == len(rows())
    assert len({r["source_id"] for r in rows()}) == len(rows()), "one row per source completion"


def test_every_format_and_verdict_present() -> None:
    formats = Counter(r["format"] for r in rows())
    assert set(formats) == set(FORMATS), formats
    assert set(Counter(r["verdict"] for r in rows())) == set(VERDICTS)
    # not filtered by agreement: rows where the source grader and math-verify disagree are in
    assert sum(r["graders_disagree"] for r in rows()) >= 20


def test_provenance() -> None:
    for r in rows():
        for field in PROVENANCE:
            assert r[field], (r["id"], field)
        assert r["licence"] == LICENCES[r["source_repo"]], r["id"]
        dump = r["origin"] == "fixtures/dumps/r1zero/rollouts.jsonl.gz"
        assert dump or r["origin"].startswith("realdata/"), r["id"]
        assert r["think_prefilled"] is dump and (r["format"] == "answer_tag") is dump, r["id"]
        assert (r["dump_completion_length"] is not None) is dump, r["id"]
        assert r["id"] == ("r1zero-" if dump else "") + r["source_id"]


def test_no_overlap_with_golden_or_reviewed() -> None:
    used = _used("golden/golden.jsonl") + _used("reviewed/reviewed.jsonl")
    ids = {u["id"] for u in used}
    texts = {u["completion"] for u in used}
    for r in rows():
        assert r["source_id"] not in ids and r["id"] not in ids, r["id"]
        assert r["completion"] not in texts, r["id"]


def test_builder_reproduces_the_set_byte_for_byte() -> None:
    assert SELECTED.is_file() and REVIEWS.is_file()
    assert LABELLED.read_text(encoding="utf-8") == build_text()
    with gzip.open(SELECTED, "rt", encoding="utf-8") as fh:
        selected = [json.loads(line) for line in fh if line.strip()]
    assert [s["id"] for s in selected] == [r["id"] for r in rows()]
    assert all(s["completion"] == r["completion"] for s, r in zip(selected, rows(), strict=True))
