"""Peak memory of ``rewardcheck scan`` against dump size: generated dumps of growing size, one fresh scan
process each, its peak RSS read from the kernel (``wait4``).

Each row is a distinct ~2 KB completion (real reasoning paragraphs from ``bench/data/`` around a
numeric answer), groups of 8 per prompt, a new step every 800 rows; the scan runs with ``--profile patched
--rows-out`` (every row written) and ``--json``, one worker, so the RSS is the whole scan's. Memory that is
flat in rows shows as the same peak for every size.

Run: ``.venv/bin/python -m benchmarks.scan_memory --rows 5000 20000 80000``

``--real-gb G`` (issue 30): a dump of at least ``G`` GB in the real format, made of the real rows of
``fixtures/dumps/r1zero/rollouts.jsonl.gz`` repeated (each repetition with its completions tagged and its
steps shifted, so every row and group is new), scanned with 1 and then 2 workers in the same run with every
option a user of that dump turns on. Prints the throughput of each and their ratio, and the RSS of the scan's
process tree sampled every second: the highest RSS in each quarter of the scan, flat when the last quarter is
within ``--flat-mb`` of the second (the first holds the start-up ramp). Full size on 2 idle cores (about 25 minutes):
``python -m benchmarks.scan_memory --real-gb 1``; ``--real-gb 0.02`` for a quick look.
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


REAL = Path(__file__).resolve().parent.parent / "fixtures" / "dumps" / "r1zero" / "rollouts.jsonl.gz"
USER_FLAGS = ["--think-prefilled", "--length-field", "completion_length", "--max-completion-length", "3000"]


def write_real_dump(path: Path, gigabytes: float) -> tuple[int, int]:
    """Real r1-zero rows repeated until the file holds ``gigabytes`` GB: ``(rows, bytes)``."""
    from rewardcheck.bench.jsonl import numbered_jsonl

    source = [rec for _, rec in numbered_jsonl(REAL)]
    steps = 1 + max(int(rec.get("step", 0) or 0) for rec in source)
    want, size, rows, cycle = int(gigabytes * 1e9), 0, 0, 0
    with path.open("w", encoding="utf-8") as fh:
        while size < want:
            for rec in source:
                out = dict(rec)
                out["completion"] = f"(copy {cycle})\n{rec['completion']}"
                out["step"] = int(rec.get("step", 0) or 0) + cycle * steps
                line = json.dumps(out, ensure_ascii=False) + "\n"
                fh.write(line)
                size += len(line.encode("utf-8"))
                rows += 1
                if size >= want:
                    break
            cycle += 1
    return rows, size


def _tree_rss_mb(pid: int) -> float:
    import psutil

    try:
        proc = psutil.Process(pid)
        procs = [proc, *proc.children(recursive=True)]
    except psutil.NoSuchProcess:
        return 0.0
    total = 0
    for p in procs:
        try:
            total += p.memory_info().rss
        except psutil.NoSuchProcess:
            pass
    return total / 2**20


def sampled_scan(dump: Path, out: Path, workers: int) -> tuple[float, list[float], dict[str, object]]:
    """One scan (every user flag on) with its process tree's RSS sampled each second: (seconds, samples, report)."""
    argv = [
        sys.executable, "-m", "rewardcheck.cli", "scan", str(dump), "--profile", "patched", "--workers",
        str(workers), *USER_FLAGS, "--rows-out", str(out / "rows.jsonl"), "--json", str(out / "report.json"),
        "--quiet",
    ]  # fmt: skip
    start = time.perf_counter()
    proc = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    samples: list[float] = []
    while proc.poll() is None:
        samples.append(_tree_rss_mb(proc.pid))
        time.sleep(1.0)
    seconds = time.perf_counter() - start
    if proc.returncode not in (0, 1):
        raise SystemExit(f"scan of {dump} failed (exit {proc.returncode})")
    report = json.loads((out / "report.json").read_text(encoding="utf-8"))
    return seconds, samples, report


def real_size(gigabytes: float, flat_mb: float) -> int:
    with tempfile.TemporaryDirectory() as tmp_name:
        tmp = Path(tmp_name)
        dump = tmp / "real.jsonl"
        rows, size = write_real_dump(dump, gigabytes)
        print(f"dump: {rows} real-format rows, {size / 1e9:.2f} GB (from {REAL.name})", flush=True)
        rates = {}
        flat_all = True
        for workers in (1, 2):
            seconds, samples, report = sampled_scan(dump, tmp, workers)
            scored = int(report["rows_scored"])  # type: ignore[call-overload]
            rates[workers] = scored / seconds
            samples = [v for v in samples if v > 0]  # the process tree had exited
            q = max(1, len(samples) // 4)
            quarters = [max(samples[k * q : (k + 1) * q] or [0.0]) for k in range(4)]
            flat = quarters[3] - quarters[1] <= flat_mb  # the first quarter holds the start-up ramp
            flat_all &= flat
            print(
                f"{workers} worker(s): {scored} rows in {seconds:.0f} s = {rates[workers]:.0f} rows/s; RSS by quarter "
                f"{', '.join(f'{v:.0f}' for v in quarters)} MiB: flat within {flat_mb:g} MB: {flat}",
                flush=True,
            )
        print(f"throughput 2 workers / 1 worker, same dump, same run: {rates[2] / rates[1]:.2f}x")
        return 0 if flat_all else 1


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--rows", type=int, nargs="+", default=[5000, 20000, 80000])
    parser.add_argument("--real-gb", type=float, help="scan a dump of this many GB of real rows (issue 30)")
    parser.add_argument("--flat-mb", type=float, default=50.0)
    args = parser.parse_args(argv)
    if args.real_gb:
        return real_size(args.real_gb, args.flat_mb)
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
