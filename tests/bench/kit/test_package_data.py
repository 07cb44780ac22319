"""Runtime data ships inside the package and is never silently missing."""

from __future__ import annotations

import gzip
from pathlib import Path

import pytest

from rewardcheck.bench.cases.catalogue import load_attack_corpus
from rewardcheck.bench.data import NAMES, data_path
from rewardcheck.bench.errors import CorpusError
from rewardcheck.bench.jsonl import read_jsonl
from rewardcheck.bench.simulate.corpus import load_corpus
from rewardcheck.bench.strategies.reasoning import SnippetsMissing, load_snippets
from tools.make_simulate_corpus import FIELDS, GOLDEN, corpus_bytes

ROOT = Path(__file__).resolve().parents[3]


@pytest.mark.parametrize("name", NAMES)
def test_bundled_file_lies_inside_the_package(name: str) -> None:
    path = data_path(name)
    assert path.is_file() and path.stat().st_size > 0
    assert path.resolve().is_relative_to((ROOT / "bench" / "data").resolve())


def test_unknown_name_is_refused() -> None:
    with pytest.raises(KeyError, match="no bundled data file"):
        data_path("golden.jsonl")


def test_simulate_corpus_is_the_golden_projection() -> None:
    # the shipped corpus cannot drift from the labelled golden set it is cut from
    assert data_path("simulate_corpus.jsonl.gz").read_bytes() == corpus_bytes(read_jsonl(GOLDEN, FIELDS))


def test_attack_corpus_is_its_builders_output() -> None:
    from tools.make_attacks import corpus_text

    assert data_path("attacks.jsonl").read_text(encoding="utf-8") == corpus_text()


def test_example_dump_is_the_built_fixture() -> None:
    assert (
        data_path("completions.jsonl").read_bytes()
        == (ROOT / "fixtures/dumps/completions.jsonl").read_bytes()
    )


def test_simulate_reads_the_gzipped_corpus(tmp_path: Path) -> None:
    from rewardcheck.bench.tokenizers import qwen_tokenizer

    plain = tmp_path / "golden.jsonl"
    plain.write_bytes(gzip.decompress(data_path("simulate_corpus.jsonl.gz").read_bytes()))
    tok = qwen_tokenizer()
    packed, unpacked = load_corpus(data_path("simulate_corpus.jsonl.gz"), tok), load_corpus(plain, tok)
    assert packed.rows_used == unpacked.rows_used > 100
    assert [p.problem for p in packed.prompts] == [p.problem for p in unpacked.prompts]


def test_a_missing_corpus_is_an_error_not_an_empty_run(tmp_path: Path) -> None:
    with pytest.raises(CorpusError, match="attack corpus not found"):
        load_attack_corpus(tmp_path / "attacks.jsonl")
    with pytest.raises(SnippetsMissing, match="not found"):
        load_snippets(tmp_path / "snippets.jsonl")
    with pytest.raises(CorpusError, match="not found"):
        load_corpus(tmp_path / "golden.jsonl", None)


def test_a_bad_corpus_line_names_file_line_and_field(tmp_path: Path) -> None:
    bad = tmp_path / "attacks.jsonl"
    row = '{"id": "x-01", "family": "negation", "completion": "c", "gold": "1", "expected_verdict": "wrong", "reason": "r"}'
    bad.write_text(row + "\n{not json\n", encoding="utf-8")
    with pytest.raises(CorpusError, match=r"attacks\.jsonl:1: field 'expected_reward' is missing"):
        load_attack_corpus(bad)
    bad.write_text(row[:-1] + ', "expected_reward": 0.0}\n{not json\n', encoding="utf-8")
    with pytest.raises(CorpusError, match=r"attacks\.jsonl:2: invalid JSON"):
        load_attack_corpus(bad)
