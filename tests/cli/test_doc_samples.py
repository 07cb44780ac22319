"""The README and docs/: every sample output is what its command prints today (``tools/make_doc_samples.py``
wrote it; rerun it when a test here says a block is stale), the README stays one short page whose two commands
are the plain install and CI's own test command, and every relative link resolves."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

from tools import make_doc_samples as samples

ROOT = Path(__file__).resolve().parents[2]
README = ROOT / "README.md"
CI = ROOT / ".ci" / "run"
FOUND = samples.blocks()
LIGHT = (
    "python3 -m venv .venv && .venv/bin/pip install -e . && "
    ".venv/bin/rewardcheck scan fixtures/dumps/completions.jsonl"
)


@pytest.fixture(scope="module")
def fresh() -> dict[str, str]:
    """Every shown sample rerun once, its distinct commands side by side."""
    names = {name for _, name, _ in FOUND if not samples.missing(samples.SAMPLES[name])}
    return samples.run_all(names, workers=max(2, os.cpu_count() or 1))


def test_every_block_names_a_sample_and_every_sample_is_shown() -> None:
    shown = {name for _, name, _ in FOUND}
    assert shown <= set(samples.SAMPLES), shown - set(samples.SAMPLES)
    assert set(samples.SAMPLES) <= shown, set(samples.SAMPLES) - shown


@pytest.mark.parametrize(("doc", "name"), [(str(p.relative_to(ROOT)), n) for p, n, _ in FOUND])
def test_sample_output_is_what_the_command_prints(doc: str, name: str, fresh: dict[str, str]) -> None:
    lacking = samples.missing(samples.SAMPLES[name])
    if lacking:
        pytest.skip(f"the sample needs {', '.join(lacking)}")
    body = next(b for p, n, b in FOUND if n == name and str(p.relative_to(ROOT)) == doc)
    assert samples.normalise(body) == samples.normalise(fresh[name]), (
        f"{doc}: sample {name!r} is stale: run python -m tools.make_doc_samples"
    )


def test_a_stale_block_is_found_and_rewritten_and_a_duration_is_not_stale(tmp_path: Path) -> None:
    sample = samples.Sample("python -c \"print('3 rows scored in 1.25 s')\"")
    text = samples.run_sample(sample)
    assert text == "```\n$ python -c \"print('3 rows scored in 1.25 s')\"\n3 rows scored in 1.25 s\n```\n"
    doc = tmp_path / "doc.md"
    doc.write_text(
        f"intro\n<!-- sample: probe -->\n{text.replace('3 rows', '4 rows')}<!-- /sample -->\nend\n"
    )
    found = samples.blocks([doc])
    assert samples.stale_blocks(found, {"probe": text}) == [(doc, "probe")]
    assert samples.stale_blocks(found, {"probe": text.replace("3 rows", "4 rows").replace("1.25", "9")}) == []
    samples.rewrite(doc, {"probe": text})
    assert doc.read_text() == f"intro\n<!-- sample: probe -->\n{text}<!-- /sample -->\nend\n"


def test_readme_is_one_short_page() -> None:
    assert len(README.read_text(encoding="utf-8").splitlines()) <= 250


def test_readme_commands_are_the_plain_install_and_ci_own_test_command() -> None:
    readme = README.read_text(encoding="utf-8").splitlines()
    ci = CI.read_text(encoding="utf-8")
    install = re.search(r"^\.venv/bin/python -m pip install (?:-q )?(-c .+)$", ci, re.M)
    test = re.search(r"^(\.venv/bin/python -m pytest.*)$", ci, re.M)
    assert install and test, "the install or test line of .ci/run moved: update this test and the README"
    assert LIGHT in readme
    assert f".venv/bin/python -m pip install {install[1]} && {test[1]}" in readme


def test_every_relative_link_in_the_readme_and_docs_resolves() -> None:
    broken = []
    for doc in samples.DOCS:
        for target in re.findall(r"\]\(([^)\s]+)\)", doc.read_text(encoding="utf-8")):
            path = target.split("#")[0]
            if path and "://" not in path and not (doc.parent / path).exists():
                broken.append(f"{doc.relative_to(ROOT)}: {target}")
    assert not broken, broken
