"""The cure protocol's committed runs (``fixtures/runs/protocol``, issue 41): the figures in ``RESULTS.md`` and
``docs/cure.md`` are what the pre-registered summary derives from them, and every artefact passes its provenance
check (one campaign commit, the frozen code unchanged from the protocol commit).

The summary is recomputed here from the per-run files; a hand edit of a run, of ``RESULTS.md`` or of the
frozen code at the protocol commit makes these tests fail.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from experiments.cure.protocol_summary import summarize_protocol
from experiments.cure.provenance import ProvenanceError

ROOT = Path(__file__).resolve().parents[2]
RUNS = ROOT / "fixtures" / "runs" / "protocol"
COMMAND = (
    "python -m experiments.cure summary fixtures/runs/protocol --markdown fixtures/runs/protocol/RESULTS.md"
)


def _has_history() -> bool:
    # the provenance check reads the protocol commit's frozen files with git; a source tarball has none
    probe = subprocess.run(
        ["git", "-C", str(ROOT), "cat-file", "-e", "f8a80ba^{commit}"], capture_output=True, check=False
    )
    return probe.returncode == 0


needs_git = pytest.mark.skipif(not _has_history(), reason="no git history with the protocol commit")


@pytest.fixture(scope="module")
def regenerated(tmp_path_factory: pytest.TempPathFactory) -> tuple[str, dict]:  # type: ignore[type-arg]
    tmp = tmp_path_factory.mktemp("protocol")
    md, js = tmp / "RESULTS.md", tmp / "summary.json"
    summarize_protocol(RUNS, json_path=js, markdown_path=md, command=COMMAND)
    return md.read_text(), json.loads(js.read_text())


@needs_git
def test_committed_results_are_what_the_summary_derives(regenerated: tuple[str, dict]) -> None:  # type: ignore[type-arg]
    markdown, _ = regenerated
    assert markdown == (RUNS / "RESULTS.md").read_text()


@needs_git
def test_the_figures_quoted_in_the_docs_come_from_the_runs(regenerated: tuple[str, dict]) -> None:  # type: ignore[type-arg]
    markdown, _ = regenerated
    docs = (ROOT / "docs" / "cure.md").read_text()
    p1 = next(line for line in markdown.splitlines() if line.startswith("- P1:"))
    pooled = next(line for line in markdown.splitlines() if line.strip().startswith("- pooled:"))
    verdict = p1.split("**")[1]  # "shown" or "not shown", as the decision code wrote it
    stated = next(line for line in docs.splitlines() if line.startswith("**P1,"))
    assert f": {verdict}.**" in stated
    assert pooled.split("Fisher p ")[1].split(";")[0] in docs  # the pooled p-value the docs state
    p2 = next(line for line in markdown.splitlines() if line.startswith("- P2:"))
    p2_stated = next(line for line in docs.splitlines() if line.startswith("**P2,"))
    assert f": {p2.split('**')[1]}.**" in p2_stated  # the P2 decision, as the decision code wrote it
    assert p2.split("minus upstream at ")[1].split(": ")[1].split(";")[0] in docs  # its gain and interval


@needs_git
def test_a_changed_run_is_refused(tmp_path: Path) -> None:
    copy = tmp_path / "protocol"
    shutil.copytree(RUNS, copy)
    run = next(p for p in sorted((copy / "grpo").iterdir()) if (p / "code.jsonl").is_file())
    rows = (run / "code.jsonl").read_text().splitlines()
    first = json.loads(rows[0])
    first["commit"] = "0" * 40  # a run that claims another campaign commit
    (run / "code.jsonl").write_text("\n".join([json.dumps(first), *rows[1:]]) + "\n")
    with pytest.raises(ProvenanceError):
        summarize_protocol(copy, json_path=tmp_path / "s.json", markdown_path=tmp_path / "r.md")
