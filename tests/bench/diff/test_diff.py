"""``rewardcheck diff``: the same inputs through several verifiers, disagreements clustered as minimal pairs."""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from rewardcheck.bench.diff import cluster_disagreements, generated_inputs, run_diff
from rewardcheck.cli import main


def lenient(completions: Sequence[str], solution: Sequence[str], **kw: Any) -> list[float]:
    return [float(s.strip("$") in c) for c, s in zip(completions, solution, strict=True)]


def strict(completions: Sequence[str], solution: Sequence[str], **kw: Any) -> list[float]:
    return [
        float(c.endswith(f"\\boxed{{{s.strip('$')}}}$.")) for c, s in zip(completions, solution, strict=True)
    ]


def test_disagreements_cluster_into_minimal_pairs() -> None:
    inputs = [
        x
        for x in generated_inputs()
        if x.id.startswith(("reference/boxed", "retraction/boxed", "contradiction_after/boxed"))
    ]
    report = run_diff([lenient, strict], inputs)
    families = {c.family for c in report.clusters}
    assert {"retraction", "contradiction_after"} <= families and "reference" not in families
    neg = next(c for c in report.clusters if c.family == "retraction")
    assert neg.verdicts == {"lenient": "correct", "strict": "wrong"}
    assert neg.pair is not None and neg.pair_verdicts == {"lenient": "correct", "strict": "correct"}
    assert neg.example == min(neg.members, key=lambda m: (len(m.completion), m.id))


def test_agreeing_verifiers_have_no_clusters() -> None:
    inputs = generated_inputs()[:10]
    assert cluster_disagreements(inputs, {"a": ["wrong"] * 10, "b": ["wrong"] * 10}) == []


def test_cli_diff_on_the_bundled_dump(tmp_path: Path, capsys: Any) -> None:
    out = tmp_path / "diff.json"
    html = tmp_path / "diff.html"
    code = main(
        [
            "diff",
            "--verifiers",
            "openr1@e4ac3ae,math-verify",
            "--json",
            str(out),
            "--html",
            str(html),
        ]
    )
    assert code == 0
    printed = capsys.readouterr().out
    assert "Disagreements" in printed and "agreement:" in printed
    data = json.loads(out.read_text())
    assert data["inputs"] > 32 and data["disagreements"] > 0
    assert any(c["family"] == "real" for c in data["clusters"])  # e4ac3ae pays unparsed plain golds
    assert html.read_text().startswith("<!DOCTYPE html>") or "<html" in html.read_text()


def test_check_reward_against_other_verifiers() -> None:
    from rewardcheck.bench.checker import check_reward

    report = check_reward(
        strict, "accuracy", invariants=["well_formed"], max_examples=3, heavy_cases=False, against=[lenient]
    )
    assert report.diff is not None and report.diff.verifiers == ["strict", "lenient"]
    retraction = [c for c in report.diff.clusters if c.family == "retraction"]
    assert retraction and retraction[0].verdicts == {"strict": "wrong", "lenient": "correct"}
    assert "diff against lenient" in report.render() and report.to_dict()["diff"]["disagreements"] > 0
