"""Benchmark: ``rewardcheck scan`` throughput on a real r1-zero GRPO dump, backends and profiles side by side.

Source: ``fixtures/dumps/r1zero/rollouts.jsonl.gz`` (24,030 rows: real completions from the realdata
collection in the r1-zero layout, prompt pre-filling ``<think>``, ``<answer>`` tags, logged per-rollout
rewards and token lengths; provenance in ``fixtures/dumps/r1zero/provenance.json``). Every pass runs the
real command line with every option a user of that dump turns on (each pass a fresh ``python -m rewardcheck.cli scan`` process, cold caches, Ray start-up included):
``--think-prefilled --length-field completion_length --max-completion-length 3000``, the
degenerate classifier, ``--rows-out`` (every row), ``--json`` and ``--html``. Each pass gets fresh inputs:
every completion is tagged with the pass number, so no pass reuses another's caches.

Passes: ``patched`` with local 1 and 2 workers and Ray 1 and 2 workers (Ray start-up timed apart) on the
same rows; then ``patched`` and the upstream profile (``openr1@e4ac3ae``, math-verify on every row) with 2
workers on the same first ``--upstream-rows`` rows, and their ratio. Wall-clock rates depend on the
machine's load; local passes also print CPU seconds (parent and worker processes).

Issue 30's claims, in the same run and on the same rows: ``patched`` with 2 local workers against a plain
math-verify loop (a fresh ``python`` process that imports math-verify and, per row, parses the gold and the
completion and calls ``verify``: start-up included on both sides), with the ratio (target 8x); Ray with 1
and 2 workers, their ratio (target 1.7x) and whether their JSON reports are identical (timings and notes
aside). ``--cprofile`` runs one local 2-worker pass under cProfile and prints where the parent's time goes
(start-up, reading, the pool).

Run: ``.venv/bin/python -m benchmarks.scan_bench`` (``--rows 4000`` for a quick look; ``--no-ray`` without ray).
Issue 30's full size on 2 idle cores (about 6 minutes): ``python -m benchmarks.scan_bench --rows 6000
--upstream-rows 1000``.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from rewardcheck.bench.jsonl import numbered_jsonl

SOURCE = Path(__file__).resolve().parent.parent / "fixtures" / "dumps" / "r1zero" / "rollouts.jsonl.gz"
USER_FLAGS = ["--think-prefilled", "--length-field", "completion_length", "--max-completion-length", "3000"]


def write_pass(path: Path, rows: int, tag: str) -> int:
    """The first ``rows`` rows of the source, each completion tagged with ``tag`` (fresh text per pass)."""
    n = 0
    with path.open("w", encoding="utf-8") as out:
        for _, rec in numbered_jsonl(SOURCE):  # gzip by magic bytes
            if n >= rows:
                break
            rec["completion"] = f"({tag})\n{rec['completion']}"
            out.write(json.dumps(rec, ensure_ascii=False) + "\n")
            n += 1
    return n


def write_bytecode() -> int:
    """Compile the project's modules to bytecode, as ``pip install`` does for an installed package and did for
    math-verify and sympy: a checkout run with ``PYTHONDONTWRITEBYTECODE`` (or never run before) would compile
    every module from source in every pass's processes, which math-verify's loop never does. The package's
    folders are compiled where they really are (``rewardcheck/rewards`` and ``rewardcheck/bench`` are links,
    which ``compileall`` does not follow). Returns how many folders were compiled."""
    import compileall

    import rewardcheck

    folders = {Path(rewardcheck.__file__).resolve().parent}
    folders |= {p.resolve() for p in Path(rewardcheck.__file__).parent.iterdir() if p.is_dir()}
    for folder in sorted(folders):
        if not compileall.compile_dir(str(folder), quiet=1, workers=1):
            raise SystemExit(f"could not compile {folder} to bytecode")
    return len(folders)


def _cpu() -> float:
    own, kids = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + kids.ru_utime + kids.ru_stime


def time_pass(
    tmp: Path, tag: str, rows: int, profile: str, workers: int, backend: str = "local"
) -> dict[str, Any]:
    """One scan in a fresh process (cold caches, as a user's run), timed from the outside."""
    dump = tmp / f"{tag}.jsonl"
    n = write_pass(dump, rows, tag)
    argv = [
        sys.executable, "-m", "rewardcheck.cli", "scan", str(dump), "--profile", profile, "--workers", str(workers),
        "--backend", backend, *USER_FLAGS, "--rows-out", str(tmp / f"{tag}.rows.jsonl"),
        "--json", str(tmp / f"{tag}.json"), "--html", str(tmp / f"{tag}.html"), "--quiet",
    ]  # fmt: skip
    start, cpu = time.perf_counter(), _cpu()
    proc = subprocess.run(argv, capture_output=True, text=True, env={**os.environ, "HF_HUB_OFFLINE": "1"})
    elapsed, cpu = time.perf_counter() - start, _cpu() - cpu
    report = json.loads((tmp / f"{tag}.json").read_text(encoding="utf-8"))
    if proc.returncode not in (0, 1) or report["rows_scored"] + sum(report["rows_skipped"].values()) != n:
        raise SystemExit(f"pass {tag}: scan failed (exit {proc.returncode}): {proc.stderr[-2000:]}")
    started = [note for note in report["notes"] if "Ray cluster" in note]
    return {
        "rows": report["rows_scored"],
        "seconds": elapsed,
        "rate": report["rows_scored"] / elapsed,
        "cpu_s": cpu if backend == "local" else None,  # Ray workers are not this process's children
        "note": started[0] if started else "",
    }


_MATH_VERIFY_LOOP = """
import json, sys
from math_verify import parse, verify
counts = {"paid": 0, "golds_unparsed": 0, "answers_empty": 0, "raised": 0}
with open(sys.argv[1], encoding="utf-8") as f:
    for line in f:
        rec = json.loads(line)
        try:
            gold = parse("$" + str(rec.get("solution", "")) + "$")
            answer = parse(rec["completion"])
            counts["golds_unparsed"] += not gold
            counts["answers_empty"] += not answer
            counts["paid"] += bool(verify(gold, answer))
        except Exception:
            counts["raised"] += 1
print(json.dumps(counts))
"""


def math_verify_pass(tmp: Path, tag: str, rows: int) -> dict[str, Any]:
    """The plain math-verify parse-and-verify loop over the same rows, in a fresh process (start-up included)."""
    dump = tmp / f"{tag}.jsonl"
    n = write_pass(dump, rows, tag)
    start, cpu = time.perf_counter(), _cpu()
    proc = subprocess.run(
        [sys.executable, "-c", _MATH_VERIFY_LOOP, str(dump)], capture_output=True, text=True
    )
    elapsed, cpu = time.perf_counter() - start, _cpu() - cpu
    if proc.returncode != 0:
        raise SystemExit(f"math-verify loop failed: {proc.stderr[-2000:]}")
    work = json.loads(
        proc.stdout.strip().splitlines()[-1]
    )  # the peer did the work: golds parsed, answers read
    return {"rows": n, "seconds": elapsed, "rate": n / elapsed, "cpu_s": cpu, "note": "", "work": work}


_TIMING_KEYS = ("notes", "files")


def comparable_report(tmp: Path, tag: str) -> dict[str, Any]:
    """A pass's JSON report without what differs between backends by design (timings, notes, file names)."""
    report = json.loads((tmp / f"{tag}.json").read_text(encoding="utf-8"))
    return {k: v for k, v in report.items() if k not in _TIMING_KEYS}


def cprofile_pass(tmp: Path, rows: int, top: int = 25) -> None:
    """One local 2-worker scan under cProfile (the parent: start-up, reading, the pool, writing)."""
    import pstats

    dump = tmp / "prof.jsonl"
    write_pass(dump, rows, "prof")
    prof = tmp / "scan.prof"
    argv = [
        sys.executable, "-m", "cProfile", "-o", str(prof), "-m", "rewardcheck.cli", "scan", str(dump),
        "--profile", "patched", "--workers", "2", *USER_FLAGS, "--rows-out", str(tmp / "prof.rows.jsonl"),
        "--json", str(tmp / "prof.json"), "--html", str(tmp / "prof.html"), "--quiet",
    ]  # fmt: skip
    subprocess.run(argv, capture_output=True, text=True, env={**os.environ, "HF_HUB_OFFLINE": "1"})
    pstats.Stats(str(prof)).sort_stats("cumulative").print_stats(top)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument(
        "--rows", type=int, default=24030, help="rows per backend pass (default: the whole dump)"
    )
    parser.add_argument(
        "--upstream-rows", type=int, default=1000, help="rows of the patched-vs-upstream pair"
    )
    parser.add_argument("--upstream", default="openr1@e4ac3ae")
    parser.add_argument("--no-ray", action="store_true", help="skip the Ray passes")
    parser.add_argument("--cprofile", action="store_true", help="only profile one local 2-worker pass")
    args = parser.parse_args(argv)
    if args.cprofile:
        with tempfile.TemporaryDirectory() as tmp_name:
            cprofile_pass(Path(tmp_name), args.rows)
        return 0
    lines: list[tuple[str, dict[str, Any]]] = []
    compiled = write_bytecode()
    load_before = os.getloadavg()[0]
    with tempfile.TemporaryDirectory() as tmp_name:
        tmp = Path(tmp_name)
        for workers in (1, 2):
            lines.append(
                (
                    f"patched, local {workers} worker(s)",
                    time_pass(tmp, f"local{workers}", args.rows, "patched", workers),
                )
            )
        baseline = math_verify_pass(tmp, "mathverify", args.rows)
        # Start-up floor: the same command on one row (imports, plan, warm-up, pool, report).
        startup = time_pass(tmp, "startup", 1, "patched", 2)
        ray_same: bool | None = None
        if not args.no_ray:
            for workers in (1, 2):
                r = time_pass(tmp, f"ray{workers}", args.rows, "patched", workers, backend="ray")
                lines.append((f"patched, Ray {workers} worker(s)", r))
            # the same rows (the tag differs per pass, so compare two Ray passes over one file)
            ray_same = _ray_reports_identical(tmp, args.rows)
        same = min(args.rows, args.upstream_rows)
        pair = [
            (f"patched, local 2 workers, first {same}", time_pass(tmp, "pair-patched", same, "patched", 2)),
            (
                f"{args.upstream}, local 2 workers, first {same}",
                time_pass(tmp, "pair-upstream", same, args.upstream, 2),
            ),
        ]
    print(
        f"source: {SOURCE.relative_to(SOURCE.parents[3])}; flags: {' '.join(USER_FLAGS)} --rows-out --json --html"
    )
    print("machine shared with other jobs: absolute rates are under load, compare ratios within this run")
    print(
        f"bytecode: the project's {compiled} package folders compiled before the passes, as pip install does "
        "(math-verify and sympy were compiled when installed)"
    )
    print(
        f"load average (1 min) {load_before:.1f} before the passes, {os.getloadavg()[0]:.1f} after, on "
        f"{os.cpu_count()} CPUs (above CPUs - 2, two workers cannot each have a core)"
    )
    for label, r in lines + pair:
        cpu = f", {r['cpu_s']:.1f} CPU s" if r.get("cpu_s") is not None else ""
        up = f" (includes: {r['note']})" if r["note"] else ""
        print(
            f"scan {label:<42} {r['rows']:>6} rows in {r['seconds']:7.1f} s = {r['rate']:7.0f} completions/s{cpu}{up}"
        )
    base = lines[0][1]["rate"]
    print(
        "ratio to local 1 worker: " + ", ".join(f"{label} {r['rate'] / base:.2f}x" for label, r in lines[1:])
    )
    print(
        f"ratio patched / {args.upstream} on the same {same} rows: {pair[0][1]['rate'] / pair[1][1]['rate']:.1f}x"
    )
    two = lines[1][1]["rate"]
    verdict = "met" if two >= 2000 else "NOT met"
    print(f"target >= 2000 completions/s, patched --workers 2, every flag on: {verdict} ({two:.0f}/s)")
    ratio = two / baseline["rate"]
    print(
        f"plain math-verify loop, same {baseline['rows']} rows, start-up included: {baseline['seconds']:.1f} s = "
        f"{baseline['rate']:.0f} rows/s, {baseline['cpu_s']:.1f} CPU s; scan with 2 workers / math-verify: "
        f"{ratio:.1f}x (target 8x: {'met' if ratio >= 8 else 'NOT met'}); by CPU seconds: "
        f"{baseline['cpu_s'] / lines[1][1]['cpu_s']:.1f}x"
    )
    work = baseline["work"]
    print(
        f"math-verify did the work: golds it could not parse {work['golds_unparsed']}, answers it read nothing "
        f"from {work['answers_empty']}, rows that raised {work['raised']} (paid {work['paid']} of {baseline['rows']})"
    )
    print(
        f"scan start-up (2 workers, 1 row, every flag on): {startup['seconds']:.2f} s, {startup['cpu_s']:.2f} CPU s; "
        f"so {args.rows} rows took {lines[1][1]['seconds'] - startup['seconds']:.2f} s beyond start-up"
    )
    if ray_same is not None:
        ray1, ray2 = lines[2][1]["rate"], lines[3][1]["rate"]
        print(
            f"Ray 2 / 1 workers: {ray2 / ray1:.2f}x (target 1.7x: {'met' if ray2 / ray1 >= 1.7 else 'NOT met'}); "
            f"reports identical: {ray_same}"
        )
        warm = [_without_start(r) for _, r in lines[2:4]]
        if all(w is not None for w in warm):
            ratio_warm = warm[1] / warm[0]  # type: ignore[operator]
            print(f"Ray 2 / 1 workers, cluster start-up left out: {ratio_warm:.2f}x")
    return 0


def _without_start(r: dict[str, Any]) -> float | None:
    """Rows per second with the Ray cluster's start-up (stated in the report's note) left out."""
    import re

    m = re.search(r"in ([0-9.]+) s", r["note"])
    if m is None:
        return None
    return float(r["rows"] / max(1e-9, r["seconds"] - float(m.group(1))))


def _ray_reports_identical(tmp: Path, rows: int) -> bool:
    """Scan one file with Ray at 1 and at 2 workers and compare the reports (timings and notes aside)."""
    dump = tmp / "raysame.jsonl"
    write_pass(dump, rows, "raysame")
    reports = []
    for workers in (1, 2):
        tag = f"raysame{workers}"
        argv = [
            sys.executable, "-m", "rewardcheck.cli", "scan", str(dump), "--profile", "patched", "--workers",
            str(workers), "--backend", "ray", *USER_FLAGS, "--json", str(tmp / f"{tag}.json"), "--quiet",
        ]  # fmt: skip
        subprocess.run(argv, capture_output=True, text=True, env={**os.environ, "HF_HUB_OFFLINE": "1"})
        reports.append(comparable_report(tmp, tag))
    return reports[0] == reports[1]


if __name__ == "__main__":
    raise SystemExit(main())
