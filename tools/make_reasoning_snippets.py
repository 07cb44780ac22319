"""Rebuild reasoning_snippets.jsonl from the read-only realdata sample (run by hand, never by tests).

python -m tools.make_reasoning_snippets /path/to/shared/realdata
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

from rewardcheck.bench.jsonl import numbered_jsonl

SOURCES = {
    "manncodes__thought-anchors.jsonl.gz": ("MIT", 30),
    "QwenLM__Qwen2.5-Math.jsonl.gz": ("MIT", 30),
}
# Paragraphs that could be mistaken for a final answer or a layout tag are left out: snippets are bodies only.
FORBIDDEN = re.compile(r"\\boxed|<think>|</think>|<answer>|</answer>|<\|")


def paragraphs(text: str) -> list[str]:
    return [p.strip() for p in text.split("\n\n") if 80 <= len(p.strip()) <= 500 and not FORBIDDEN.search(p)]


def main(realdata: Path) -> None:
    out = Path(__file__).resolve().parents[1] / "bench" / "data" / "reasoning_snippets.jsonl"
    rows = []
    for name, (licence, wanted) in SOURCES.items():
        seen: set[str] = set()
        for _, rec in numbered_jsonl(realdata / name):  # gzip by magic bytes
            for para in paragraphs(rec["completion"])[1:3]:
                if para in seen or len(seen) >= wanted:
                    continue
                seen.add(para)
                rows.append(
                    {
                        "text": para,
                        "record_id": rec["id"],
                        "model": rec["model"],
                        "source_repo": rec["source_repo"],
                        "source_path": rec["source_path"],
                        "source_commit": rec["source_commit"],
                        "licence": licence,
                    }
                )
    with out.open("w", encoding="utf-8") as fh:
        for row in rows:
            fh.write(json.dumps(row, ensure_ascii=False) + "\n")
    print(f"wrote {len(rows)} snippets to {out}")


if __name__ == "__main__":
    main(Path(sys.argv[1]))
