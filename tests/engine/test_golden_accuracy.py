"""Patched accuracy against the reviewed golden fixtures (skipped until they exist)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from rewardcheck.bench.tokenizers import qwen_tokenizer
from rewardcheck.rewards.engine import EngineConfig, Verdict, judge

GOLDEN = Path(__file__).resolve().parents[2] / "fixtures" / "golden"


def _rows(name: str) -> list[dict]:
    path = GOLDEN / name
    if not path.is_file():
        pytest.skip(f"{path} not built yet")
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def test_every_truncated_variant_is_judged_truncated() -> None:
    eos = qwen_tokenizer().eos_token_id
    rows = _rows("truncated.jsonl")
    wrong = []
    for r in rows:
        cfg = EngineConfig(max_completion_length=r["max_completion_length"], eos_token_ids=(eos,))
        j = judge(r["completion"], r["gold"], completion_ids=r.get("completion_ids"), config=cfg)
        if j.verdict is not Verdict.TRUNCATED:
            wrong.append((r["id"], j.verdict, j.reason))
    assert not wrong, wrong[:5]


def test_patched_accuracy_agrees_with_golden_verdicts() -> None:
    rows = _rows("golden.jsonl")
    agree = 0
    for r in rows:
        value = judge(r["completion"], r["gold"]).accuracy
        agree += value == (1.0 if r["verdict"] == "correct" else 0.0)
    # the rest are mangled source golds (empty, rows of a vector run together), answers in a form the
    # problem forbids, and conclusions stated in prose without a box or an "answer is" (see benchmarks/perf.py)
    assert agree / len(rows) >= 0.9, (agree, len(rows))
