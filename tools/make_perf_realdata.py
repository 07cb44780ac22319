"""Build ``fixtures/perf/realdata.jsonl.gz``: 256 distinct real completions for ``benchmarks/perf.py``'s second
input set, drawn from the shared real-data copies (read here, once; the project never reads them at run time).

Groups are problems (each group's completions share their gold, as TRL calls a reward per prompt group):
- every row of manncodes/thought-anchors (40 DeepSeek-R1-Distill traces, ~11k characters, 4 per problem);
- 96 rows of QwenLM/Qwen2.5-Math (problems of 8 samples);
- 80 rows of NovaSky-AI/SkyThought's MATH500 outputs (5 models per problem; AMC23, which
  ``fixtures/perf/completions.jsonl`` holds, is not drawn);
- 40 rows of openai/grade-school-math (GSM8K, 4 solutions per problem).
Problems are taken in a ``random.Random(37)`` order, each with its distinct completions (a completion two
samples share is taken once) until the count is reached; rows are verbatim, with their provenance fields.

Run: ``python -m tools.make_perf_realdata ../shared/realdata``
"""

from __future__ import annotations

import gzip
import json
import random
import sys
from collections import defaultdict
from pathlib import Path
from typing import Any

OUT = Path(__file__).resolve().parent.parent / "fixtures" / "perf" / "realdata.jsonl.gz"
LICENCES = {
    "manncodes/thought-anchors": "MIT",
    "QwenLM/Qwen2.5-Math": "MIT",
    "NovaSky-AI/SkyThought": "Apache-2.0",
    "openai/grade-school-math": "MIT",
}
# (file, how many rows, dataset filter or None for every row)
DRAWS = (
    ("manncodes__thought-anchors.jsonl.gz", 40, None),
    ("QwenLM__Qwen2.5-Math.jsonl.gz", 96, None),
    ("NovaSky-AI__SkyThought.jsonl.gz", 80, "math500"),
    ("openai__grade-school-math.jsonl.gz", 40, None),
)
KEEP = ("id", "source_repo", "source_path", "source_commit", "model", "dataset", "prompt_prefill")


def _rows(path: Path) -> list[dict[str, Any]]:
    with gzip.open(path, "rt", encoding="utf-8") as fh:
        return [json.loads(line) for line in fh]


def build(shared: Path) -> list[dict[str, Any]]:
    rng = random.Random(37)
    out: list[dict[str, Any]] = []
    group = 0
    seen: set[str] = set()
    for name, n_rows, dataset in DRAWS:
        by: dict[str, list[dict[str, Any]]] = defaultdict(list)
        for row in _rows(shared / name):
            if dataset is None or row.get("dataset") == dataset:
                by[row["problem"]].append(row)
        problems = sorted(by)
        rng.shuffle(problems)
        taken = 0
        for problem in problems:
            if taken == n_rows:
                break
            for row in by[problem]:
                if row["completion"] in seen or taken == n_rows:
                    continue  # a completion two samples share is taken once
                seen.add(row["completion"])
                taken += 1
                out.append(
                    {
                        **{k: row.get(k) for k in KEEP},
                        "licence": LICENCES[row["source_repo"]],
                        "group": group,
                        "prompt": row["problem"],
                        "solution": str(row["gold"]),
                        "completion": row["completion"],
                        "truncated_heuristic": bool(row.get("truncated_heuristic")),
                    }
                )
            group += 1
    return out


def main(argv: list[str]) -> int:
    rows = build(Path(argv[0]))
    if len({r["completion"] for r in rows}) != len(rows):
        raise SystemExit("two rows share a completion: the set must be distinct")
    with gzip.open(OUT, "wt", encoding="utf-8") as fh:
        for row in rows:
            fh.write(json.dumps(row, ensure_ascii=False) + "\n")
    chars = sum(len(r["completion"]) for r in rows)
    print(
        f"{OUT}: {len(rows)} completions in {rows[-1]['group'] + 1} groups, mean {chars // len(rows)} characters"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
