"""Write ``bench/data/simulate_corpus.jsonl.gz``: the fields of ``fixtures/golden/golden.jsonl`` that
``rewardcheck simulate`` reads, with each row's provenance, as package data (byte-reproducible).

Run: ``python -m tools.make_simulate_corpus`` (``--check`` exits 1 when the committed file differs).
"""

from __future__ import annotations

import argparse
import gzip
import io
import json
import sys
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

from rewardcheck.bench.jsonl import read_jsonl

ROOT = Path(__file__).resolve().parents[1]
GOLDEN = ROOT / "fixtures" / "golden" / "golden.jsonl"
OUT = ROOT / "bench" / "data" / "simulate_corpus.jsonl.gz"
FIELDS = ("id", "problem", "gold", "completion", "completion_format", "verdict")
PROVENANCE = ("source_repo", "source_path", "source_commit", "licence")


def corpus_bytes(rows: Iterable[Mapping[str, Any]]) -> bytes:
    """The gzipped projection; ``mtime=0`` so the same rows give the same bytes."""
    text = "".join(
        json.dumps({k: row[k] for k in (*FIELDS, *PROVENANCE) if k in row}, ensure_ascii=False) + "\n"
        for row in rows
    )
    buf = io.BytesIO()
    with gzip.GzipFile(fileobj=buf, mode="wb", mtime=0, compresslevel=9) as gz:
        gz.write(text.encode("utf-8"))
    return buf.getvalue()


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m tools.make_simulate_corpus", description=__doc__)
    ap.add_argument(
        "--check", action="store_true", help="compare with the committed file; exit 1 if it differs"
    )
    args = ap.parse_args(argv)
    data = corpus_bytes(read_jsonl(GOLDEN, FIELDS))
    if args.check:
        same = OUT.is_file() and OUT.read_bytes() == data
        print(f"{OUT}: {'reproduced byte for byte' if same else 'DIFFERS from a rebuild'}")
        return 0 if same else 1
    OUT.write_bytes(data)
    print(f"wrote {OUT} ({len(data)} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
