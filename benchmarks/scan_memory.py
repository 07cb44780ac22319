"""Peak memory of ``rewardcheck scan`` against dump size: generated dumps of growing size, one fresh scan
process each, its peak RSS read from the kernel (``wait4``).

Each row is a distinct ~2 KB completion (real reasoning paragraphs from ``bench/data/`` around a
numeric answer), groups of 8 per prompt, a new step every 800 rows; the scan runs with ``--profile patched
--rows-out`` (every row written) and ``--json``, one worker, so the RSS is the whole scan's. Memory that is
flat in rows shows as the same peak for every size.

Run: ``.venv/bin/python -m benchmarks.scan_memory --rows 5000 20000 80000``
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from rewardcheck.bench.data import data_path
from rewardcheck.bench.jsonl import read_jsonl

SNIPPETS = data_path("reasoning_snippets.jsonl")


def write_dump(path: Path, rows: int) -> int:
    texts = [str(row["text"]) for row in read_jsonl(SNIPPETS, ("text",))]
    with path.open("w", encoding="utf-8") as fh:
        for i in range(rows):
            body = "\n\n".join(texts[(i + k) % len(texts)] for k in range(6))
            answer = (i * 7919) % 1000
            fh.write(
                json.dumps(
                    {
                        "step": i // 800,
                        "prompt": f"Problem {i // 8}: what is {answer} + 0?",
                        "completion": f"<think>\nRow {i}.\n{body}\n</think>\nThe answer is \\boxed{{{answer}}}.",
                        "solution": f"${answer if i % 3 else answer + 1}$",
                    }
                )
                + "\n"
            )
    return path.stat().st_size


def peak_rss(dump: Path, out: Path) -> tuple[float, float]:
    argv = [sys.executable, "-m", "rewardcheck.cli", "scan", str(dump), "--profile", "patched", "--quiet"]
    argv += ["--rows-out", str(out / "rows.jsonl"), "--json", str(out / "report.json")]
    start = time.perf_counter()
    proc = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(proc.pid, 0)
    if os.waitstatus_to_exitcode(status) not in (0, 1):
        raise SystemExit(f"scan of {dump} failed")
    return usage.ru_maxrss / 1024, time.perf_counter() - start  # ru_maxrss is in KiB on Linux


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--rows", type=int, nargs="+", default=[5000, 20000, 80000])
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp_name:
        tmp = Path(tmp_name)
        for rows in args.rows:
            dump = tmp / f"dump{rows}.jsonl"
            size = write_dump(dump, rows)
            rss, seconds = peak_rss(dump, tmp)
            print(
                f"{rows:>8} rows, {size / 2**20:8.1f} MiB dump: peak RSS {rss:7.1f} MiB "
                f"({seconds:.0f} s, machine shared)",
                flush=True,
            )
            dump.unlink()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
