"""`rewardcheck diff` ends with a legend: one line on every verifier and input family its table shows."""

from __future__ import annotations

import re

from rewardcheck.bench.diff.cluster import cluster_disagreements
from rewardcheck.bench.diff.inputs import DiffInput
from rewardcheck.bench.diff.render import as_report
from rewardcheck.bench.diff.run import DiffReport
from rewardcheck.bench.report import terminal_text

FAMILIES = ("negation@lexicon", "real", "near_miss", "a_corpus_family")
VERIFIERS = ["patched", "openr1@e4ac3ae", "math-verify", "my_reward"]


def test_every_verifier_and_family_shown_has_a_legend_line() -> None:
    inputs = [
        DiffInput(f"x{i}", "generated", f, "The answer is 3.", "$3$", "p") for i, f in enumerate(FAMILIES)
    ]
    verdicts = {v: ["correct" if v == "math-verify" else "wrong"] * len(inputs) for v in VERIFIERS}
    values: dict[str, list[float | None]] = {v: [0.0] * len(inputs) for v in VERIFIERS}
    report = DiffReport(VERIFIERS, inputs, values, verdicts, cluster_disagreements(inputs, verdicts))
    text = terminal_text(as_report(report), width=200)
    lines = text.splitlines()
    legend = lines[lines.index("Legend") + 1 :]
    meanings = dict(m.groups() for line in legend if (m := re.fullmatch(r"  (\S+)\s{2,}(.+)", line)))
    assert set(VERIFIERS) | set(FAMILIES) <= set(meanings), set(VERIFIERS) | set(FAMILIES) - set(meanings)
    assert meanings["negation@lexicon"].startswith("the right answer is only denied")
    assert meanings["my_reward"] == "a verifier named by --verifiers"
