"""Benchmark: ``rewardcheck scan`` throughput on real completions, patched vs an upstream profile, one run.

Source: ``fixtures/perf/completions.jsonl`` (256 real completions, 16 per prompt, from the realdata sample;
provenance in fixtures/README). The dump is that file repeated over ``--rows / 256`` steps; each step's
copy of a completion starts with a one-line step tag, so no completion is ever scored twice (the patched
engine memoises per completion text; gold parses and recurring final answers stay cached, as in training).
The whole scan is timed (read, score, flag, aggregate) with ``--workers`` processes, reward functions
accuracy, format, reasoning_steps, cosine. Upstream profiles call math-verify (sympy) on every completion
and run one pass (256 rows). Wall-clock rates depend on the machine's load, so CPU seconds (parent and
workers) are printed too.

Run: ``.venv/bin/python -m bench.scan_bench --workers 2``
"""

from __future__ import annotations

import argparse
import json
import resource
import tempfile
import time
from pathlib import Path
from typing import Any

from bench.scan.loader import load_dumps
from bench.scan.profiles import DEFAULT_FUNCS, build_profile
from bench.scan.report import build_report
from bench.scan.runner import ScoreOptions, score_rows

SOURCE = Path(__file__).resolve().parent.parent / "fixtures" / "perf" / "completions.jsonl"


def build_dump(path: Path, rows: int) -> int:
    """``rows`` completions: step k holds every source completion once, tagged with the step."""
    records = [json.loads(line) for line in SOURCE.read_text(encoding="utf-8").splitlines() if line.strip()]
    n = 0
    with path.open("w", encoding="utf-8") as fh:
        step = 0
        while n < rows:
            for r in records:
                if n >= rows:
                    break
                text = r["completion"] if step == 0 else f"(sample {step})\n{r['completion']}"
                row = {
                    "prompt": r["prompt"],
                    "completion": text,
                    "solution": r["solution"],
                    "step": step,
                    "id": f"{r['id']}-{step}",
                }
                fh.write(json.dumps(row) + "\n")
                n += 1
            step += 1
    return n


def _cpu() -> float:
    own, kids = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + kids.ru_utime + kids.ru_stime


def time_scan(
    dump: Path,
    profiles: list[str],
    workers: int,
    max_len: int | None,
    tokenizer: str | None,
    degenerate: bool = True,
) -> dict[str, Any]:
    start, cpu = time.perf_counter(), _cpu()
    loaded = load_dumps([str(dump)])
    # As `rewardcheck scan` does: with no ids and no tokenizer, patched cosine is told to count characters.
    args: dict[str, Any] = {"reward_funcs": list(DEFAULT_FUNCS), "cosine_count_chars": tokenizer is None}
    if max_len:
        args["max_completion_length"] = max_len
    specs = [build_profile(p, DEFAULT_FUNCS, None, args) for p in profiles]
    scores, groups = score_rows(
        loaded.rows,
        specs,
        ScoreOptions(max_completion_length=max_len, tokenizer=tokenizer, degenerate=degenerate),
        workers=workers,
    )
    report = build_report(loaded, specs, scores, groups)
    elapsed, cpu = time.perf_counter() - start, _cpu() - cpu
    n = report.data["rows_scored"]
    return {
        "profiles": profiles,
        "rows": n,
        "seconds": elapsed,
        "rate": n / elapsed,
        "cpu_s": cpu,
        "cpu_rate": n / cpu,
    }


def _classifier_ms() -> float | None:
    try:
        from bench.probes.classify import classify_degenerate
    except ImportError:
        return None
    records = [json.loads(line) for line in SOURCE.read_text(encoding="utf-8").splitlines() if line.strip()]
    start = time.process_time()
    for r in records:
        classify_degenerate(r["completion"], r["prompt"])
    return (time.process_time() - start) / len(records) * 1000


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--rows", type=int, default=8192, help="completions for the patched run")
    parser.add_argument("--upstream-rows", type=int, default=256, help="completions for the upstream run")
    parser.add_argument("--upstream", default="openr1@e4ac3ae", help="upstream profile to compare with")
    parser.add_argument("--max-completion-length", type=int, default=None)
    parser.add_argument(
        "--tokenizer", default=None, help="e.g. 'qwen': token lengths (slower; default: characters)"
    )
    args = parser.parse_args(argv)
    common = (args.workers, args.max_completion_length, args.tokenizer)
    with tempfile.TemporaryDirectory() as tmp:
        fast = Path(tmp) / "patched.jsonl"
        slow = Path(tmp) / "upstream.jsonl"
        build_dump(fast, args.rows)
        build_dump(slow, args.upstream_rows)
        runs = [
            ("patched", time_scan(fast, ["patched"], *common)),
            ("patched, --no-degenerate", time_scan(fast, ["patched"], *common, degenerate=False)),
            (args.upstream, time_scan(slow, [args.upstream], *common)),
        ]
    funcs = ",".join(DEFAULT_FUNCS)
    print(
        f"source: fixtures/perf/completions.jsonl (256 real completions, 16 per prompt); reward funcs {funcs}"
    )
    for label, r in runs:
        print(
            f"scan, {label:<26} {args.workers} workers: {r['rows']:>6} completions in {r['seconds']:7.2f} s wall = "
            f"{r['rate']:6.0f} completions/s ({r['cpu_s']:6.2f} CPU s = {r['cpu_rate']:5.0f} per CPU-second)"
        )
    classify_ms = _classifier_ms()
    if classify_ms is not None:
        print(
            f"degenerate classifier alone (bench.probes.classify, every row): {classify_ms:.2f} CPU ms per completion "
            f"= at most {1000 / classify_ms:.0f} completions per CPU-second"
        )
    patched, upstream = runs[0][1], runs[2][1]
    print(
        f"ratio patched / {args.upstream}: {patched['rate'] / upstream['rate']:.1f}x wall, "
        f"{patched['cpu_rate'] / upstream['cpu_rate']:.1f}x CPU"
    )
    for label, r in runs[:2]:
        verdict = "met" if r["rate"] >= 2000 else "NOT met"
        print(
            f"target >= 2000 completions/s with {args.workers} workers ({label}): {verdict} ({r['rate']:.0f}/s)"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
