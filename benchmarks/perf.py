"""Throughput of the patched reward composite against open-r1 e4ac3ae, in one process, on fresh completions.

Both profiles score the same batches of 256 real completions (16 per prompt, ``fixtures/perf/completions.jsonl``)
with accuracy, format, reasoning_steps and cosine, called batch by batch as TRL calls them (one prompt group
of 16 per call). Token ids come from the bundled Qwen tokenizer, computed before timing (TRL passes them for
free).

Every pass scores completions never seen before in the process (issue 29: in training every completion is
new; scoring the same 256 five times let math-verify's caches answer from memory). Pass ``k`` uses variant
``k`` of each row (:func:`fresh_variant`): every integer inside a ``\boxed{...}`` and the gold moved by
``1000 * k`` (the last integer of the text where there is no boxed integer), so a correct answer stays
correct, a wrong one wrong, and the text, the extracted answer and the gold are all new. The report prints
how many of a pass's completions were seen before in the process (0 expected) and each pass's verdicts.

Two measurements per profile:
* cold: the first pass in the process (variant 0, the rows verbatim; patched caches cleared first: gold
  parses, answer parses and the ANTLR/sympy warm-up are paid; upstream likewise pays math-verify's first
  parses);
* steady state (the headline): after one untimed pass (variant 1), the best of five passes (variants 2-6;
  the least disturbed by other processes; medians are printed too). Process-level caches stay warm for both
  profiles, but no pass repeats a completion, an answer or a gold of another.
The worst single-completion latency (variant 7) is the maximum over per-completion calls of all four patched
rewards, with cold parse caches.

The real code (issue 37): ``--openr1 PATH`` reads open-r1's own ``rewards.py`` at e4ac3ae (the file, or a
checkout holding ``src/open_r1/rewards.py``) and times it beside the two profiles, called as TRL calls it
(conversational completions); the headline ratio is then patched against the real code. The file is read
from where it lies, never copied into the project. Without it, or when the path is missing, the report says
so and the ratio is against the ``openr1@e4ac3ae`` profile, labelled as such.

Two input sets by default (``--fixture`` takes any number): ``fixtures/perf/completions.jsonl`` (AMC23, Sky-T1
long traces, cheap for math-verify) and ``fixtures/perf/realdata.jsonl.gz`` (R1-Distill traces, Qwen2.5-Math,
MATH500, GSM8K; ``tools/make_perf_realdata.py``): a ratio depends on the inputs, so both are reported.

Example: ``python -m benchmarks.perf --openr1 ../upstream/openr1-e4ac3ae/rewards.py`` or with
``--json perf.json``; ``--groups 1`` is a smoke run (not a figure).
"""

from __future__ import annotations

import gc
import json
import statistics
import sys
import time
from collections import Counter, defaultdict
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from benchmarks.fresh import fresh_variant
from rewardcheck.bench.jsonl import read_jsonl

__all__ = ["PerfReport", "run_perf", "golden_agreement", "load_completions", "fresh_variant", "main"]

ROOT = Path(__file__).resolve().parent.parent
FIXTURE = ROOT / "fixtures" / "perf" / "completions.jsonl"
REALDATA = ROOT / "fixtures" / "perf" / "realdata.jsonl.gz"
TARGETS = {FIXTURE.name: 3.0, REALDATA.name: 30.0}  # issue 37: patched / the real open-r1 code, per input set
OPENR1_FILE = Path("src") / "open_r1" / "rewards.py"  # where a checkout of open-r1 holds its rewards
GOLDEN = ROOT / "fixtures" / "golden" / "golden.jsonl"
COMPOSITE = ("accuracy", "format", "reasoning_steps", "cosine")
STEADY_PASSES = 5
N_VARIANTS = 4 + STEADY_PASSES  # cold, warm-up, the steady passes, latency, accuracy alone
ACCURACY_TARGET = 10_000  # fresh completions a second, accuracy alone on one core (issue 42)
SEED_ARGS = {
    "reward_funcs": list(COMPOSITE),
    "cosine_min_value_wrong": 0.0,
    "cosine_max_value_wrong": -0.5,
    "cosine_min_value_correct": 0.5,
    "cosine_max_value_correct": 1.0,
    "cosine_max_len": 1000,
}


@dataclass
class PerfReport:
    completions: int
    group_size: int
    upstream_cold_s: float
    patched_cold_s: float
    upstream_s: float
    patched_s: float
    upstream_median_s: float
    patched_median_s_pass: float
    upstream_per_s: float
    patched_per_s: float
    ratio: float
    patched_worst_s: float
    patched_median_s: float
    upstream_worst_s: float
    timeout_s: float
    over_limit: int
    verdicts: dict[str, int] = field(default_factory=dict)
    engine_counters: dict[str, int] = field(default_factory=dict)
    golden: dict[str, Any] | None = None
    seen_before: list[int] = field(default_factory=list)
    pass_verdicts: list[dict[str, int]] = field(default_factory=list)
    fixture: str = ""
    real: str = ""  # what the real open-r1 code is: its path, or why it is not there
    real_s: float | None = None
    real_median_s: float | None = None
    real_per_s: float | None = None
    ratio_real: float | None = None  # real code's time / patched's: the headline when the code is there
    # golds the real code printed "Failed to parse gold solution" for (it then pays 1.0 unread): must be 0, or
    # its time is a skip, not a verification (issue 42)
    real_gold_failures: int | None = None
    real_gold_calls: int = 0
    accuracy_per_s: float | None = None  # patched accuracy alone, one pass on fresh completions


def load_openr1(path: Path | None) -> tuple[list[Callable[..., Any]] | None, str]:
    """open-r1's real accuracy, format, reasoning_steps and cosine (CLI defaults of the seed run), wrapped to
    take plain completions as the profiles do; ``(None, why)`` when the code is not there."""
    import importlib.util

    if path is None:
        return None, "not given (--openr1 PATH): ratios are against the openr1@e4ac3ae profile"
    file = path / OPENR1_FILE if path.is_dir() else path
    if not file.is_file():
        return None, f"{file} is missing: ratios are against the openr1@e4ac3ae profile"
    spec = importlib.util.spec_from_file_location("openr1_rewards_real", file)
    if spec is None or spec.loader is None:
        return None, f"{file} cannot be loaded: ratios are against the openr1@e4ac3ae profile"
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    cosine = module.get_cosine_scaled_reward(
        min_value_wrong=SEED_ARGS["cosine_min_value_wrong"],
        max_value_wrong=SEED_ARGS["cosine_max_value_wrong"],
        min_value_correct=SEED_ARGS["cosine_min_value_correct"],
        max_value_correct=SEED_ARGS["cosine_max_value_correct"],
        max_len=SEED_ARGS["cosine_max_len"],
    )
    real = [module.accuracy_reward, module.format_reward, module.reasoning_steps_reward, cosine]

    def conversational(f: Callable[..., Any]) -> Callable[..., Any]:
        def call(completions: Sequence[str], **kwargs: Any) -> Any:
            import contextlib
            import io

            out = io.StringIO()
            with contextlib.redirect_stdout(out):  # it prints each gold it cannot parse
                result = f([[{"role": "assistant", "content": c}] for c in completions], **kwargs)
            if f is module.accuracy_reward:
                REAL_GOLDS["calls"] += len(completions)
                REAL_GOLDS["failed"] += out.getvalue().count("Failed to parse gold")
            return result

        return call

    return [conversational(f) for f in real], str(file)


REAL_GOLDS = {"calls": 0, "failed": 0}  # the real accuracy_reward's gold parses, counted from what it prints


def openr1_gold(gold: str) -> str:
    """The gold as open-r1's datasets give it: LaTeX with its delimiters (``$90$``, a solution ending in
    ``\\boxed{90}``). open-r1's accuracy_reward cannot parse a plain ``90`` and pays 1.0 without reading the
    completion, so a plain gold would time a skip.

    >>> openr1_gold("90"), openr1_gold("$\\frac{1}{2}$"), openr1_gold("so \\boxed{3}")
    ('$90$', '$\\frac{1}{2}$', 'so \\boxed{3}')
    """
    g = gold.strip()
    return g if "$" in g or "\\boxed" in g or "\\(" in g or "\\[" in g else f"${g}$"


def load_completions(path: Path) -> list[dict[str, Any]]:
    """The fixture's rows; a bad line raises :class:`~bench.errors.InputError` (a ``ValueError``) as
    ``file:line: ...``."""
    return read_jsonl(path, ("completion", "solution", "group"))


def _token_ids(rows: Sequence[dict[str, Any]]) -> tuple[list[list[int]], int]:
    from rewardcheck.bench.tokenizers import qwen_tokenizer

    tok = qwen_tokenizer()
    eos = int(tok.eos_token_id)
    ids = []
    for row in rows:
        toks = list(tok(row["completion"], add_special_tokens=False)["input_ids"])
        ids.append(toks if row.get("truncated_heuristic") else [*toks, eos])
    return ids, eos


def _clear_patched_caches() -> None:
    from rewardcheck.rewards.engine import clear_caches

    clear_caches()


def _groups(rows: Sequence[dict[str, Any]]) -> list[list[int]]:
    by: dict[Any, list[int]] = defaultdict(list)
    for i, row in enumerate(rows):
        by[row["group"]].append(i)
    return list(by.values())


def _timed_pass(
    funcs: Sequence[Callable[..., Any]],
    rows: Sequence[dict[str, Any]],
    ids: Sequence[list[int]],
    batches: Sequence[Sequence[int]],
) -> float:
    gc.collect()  # each pass starts without the previous pass's garbage
    t0 = time.perf_counter()
    for batch in batches:
        kwargs = {
            "solution": [rows[i]["solution"] for i in batch],
            "completion_ids": [ids[i] for i in batch],
            "prompts": [rows[i].get("prompt", "") for i in batch],
        }
        completions = [rows[i]["completion"] for i in batch]
        for f in funcs:
            f(completions, **kwargs)
    return time.perf_counter() - t0


def golden_agreement(path: Path, timeout_s: float = 2.0) -> dict[str, Any]:
    """How often patched accuracy agrees with the reviewed ``verdict`` of each golden record, by source."""
    from rewardcheck.rewards.registry import build_registry

    acc = build_registry({"reward_funcs": ["accuracy"], "reward_timeout_s": timeout_s}, "patched")["accuracy"]
    per: dict[str, Counter[str]] = defaultdict(Counter)
    disagreements = []
    for rec in read_jsonl(path, ("completion", "gold", "verdict")):
        source = str(rec.get("source_repo", "?"))
        result = acc.explain([rec["completion"]], solution=[rec["gold"]])[0]
        expected = 1.0 if rec["verdict"] == "correct" else 0.0
        if result.value is None:
            per[source]["skipped"] += 1
            disagreements.append(
                {"id": rec.get("id"), "verdict": rec["verdict"], "patched": None, "reason": result.reason}
            )
        elif result.value == expected:
            per[source]["agree"] += 1
        else:
            per[source]["disagree"] += 1
            disagreements.append(
                {
                    "id": rec.get("id"),
                    "verdict": rec["verdict"],
                    "patched": result.value,
                    "reason": result.reason,
                }
            )
    table = {
        s: {"n": sum(c.values()), "agree": c["agree"], "disagree": c["disagree"], "skipped": c["skipped"]}
        for s, c in sorted(per.items())
    }
    total = sum(t["n"] for t in table.values())
    agree = sum(t["agree"] for t in table.values())
    return {
        "path": str(path),
        "n": total,
        "agree": agree,
        "rate": agree / total if total else 0.0,
        "by_source": table,
        "disagreements": disagreements,
    }


def run_perf(
    fixture: Path = FIXTURE,
    golden: Path | None = GOLDEN,
    timeout_s: float = 2.0,
    groups: int | None = None,
    openr1: Path | None = None,
) -> PerfReport:
    from rewardcheck.rewards.engine import EngineConfig, clear_caches, clear_memos, counters, judge_batch
    from rewardcheck.rewards.engine.isolation import default_pool
    from rewardcheck.rewards.registry import build_registry

    REAL_GOLDS.update(calls=0, failed=0)
    base = [{**row, "solution": openr1_gold(str(row["solution"]))} for row in load_completions(fixture)]
    if groups is not None:
        keep = {row["group"] for row in base[: 16 * groups]}
        base = [row for row in base if row["group"] in keep]
    variants = [[fresh_variant(row, k) for row in base] for k in range(N_VARIANTS)]
    tokens = [_token_ids(rows) for rows in variants]
    eos = tokens[0][1]
    batches = _groups(base)
    upstream = build_registry(SEED_ARGS, "openr1@e4ac3ae")
    patched = build_registry({**SEED_ARGS, "eos_token_id": eos, "reward_timeout_s": timeout_s}, "patched")
    up_funcs = [upstream[n] for n in COMPOSITE]
    pa_funcs = [patched[n] for n in COMPOSITE]
    real_funcs, real = load_openr1(openr1)
    seen: set[tuple[str, str]] = set()
    seen_before: list[int] = []

    def fresh(k: int) -> tuple[list[dict[str, Any]], list[list[int]]]:
        """Variant ``k``, counting its completions already scored in this process."""
        rows = variants[k]
        keys = {(r["completion"], r["solution"]) for r in rows}
        seen_before.append(sum((r["completion"], r["solution"]) in seen for r in rows))
        seen.update(keys)
        return rows, tokens[k][0]

    config = EngineConfig(timeout_s=timeout_s, eos_token_ids=(eos,))

    def verdicts_of(k: int) -> dict[str, int]:
        rows, ids = variants[k], tokens[k][0]
        got = judge_batch([r["completion"] for r in rows], [r["solution"] for r in rows], ids, config)
        return dict(Counter(j.verdict.value for j, _ in got))

    default_pool().wait_ready()  # its start-up is a one-off; keep it out of both profiles' timings
    rows, ids = fresh(0)
    if real_funcs is not None:
        # the real code's first parses, untimed (the cold figure is the profile's)
        _timed_pass(real_funcs, rows, ids, batches)
    upstream_cold = _timed_pass(up_funcs, rows, ids, batches)
    clear_caches()
    patched_cold = _timed_pass(pa_funcs, rows, ids, batches)
    rows, ids = fresh(1)  # the untimed warm-up pass
    _timed_pass(up_funcs, rows, ids, batches)
    _timed_pass(pa_funcs, rows, ids, batches)
    if real_funcs is not None:
        _timed_pass(real_funcs, rows, ids, batches)
    up_runs, pa_runs, real_runs = [], [], []
    for k in range(2, 2 + STEADY_PASSES):
        rows, ids = fresh(k)
        if real_funcs is not None:  # all three on the same fresh variant, one after another
            real_runs.append(_timed_pass(real_funcs, rows, ids, batches))
        up_runs.append(_timed_pass(up_funcs, rows, ids, batches))
        pa_runs.append(_timed_pass(pa_funcs, rows, ids, batches))
    upstream_s, patched_s = min(up_runs), min(pa_runs)
    upstream_median, patched_median = statistics.median(up_runs), statistics.median(pa_runs)
    rows, ids = fresh(N_VARIANTS - 1)  # accuracy alone, on completions never seen before
    accuracy_s = _timed_pass([patched["accuracy"]], rows, ids, batches)
    rows, ids = fresh(N_VARIANTS - 2)
    up_lat = [_timed_pass(up_funcs, rows, ids, [[i]]) for i in range(len(rows))]
    clear_caches()
    pa_lat = []
    for i in range(len(rows)):
        clear_memos()
        pa_lat.append(_timed_pass(pa_funcs, rows, ids, [[i]]))
    pass_verdicts = [verdicts_of(k) for k in range(N_VARIANTS)]  # after timing: judging warms caches
    n = len(rows)
    return PerfReport(
        completions=n,
        group_size=max(len(b) for b in batches),
        upstream_cold_s=upstream_cold,
        patched_cold_s=patched_cold,
        upstream_s=upstream_s,
        patched_s=patched_s,
        upstream_median_s=upstream_median,
        patched_median_s_pass=patched_median,
        upstream_per_s=n / upstream_s,
        patched_per_s=n / patched_s,
        ratio=upstream_s / patched_s,
        patched_worst_s=max(pa_lat),
        patched_median_s=statistics.median(pa_lat),
        upstream_worst_s=max(up_lat),
        timeout_s=timeout_s,
        over_limit=sum(t > timeout_s for t in pa_lat),
        verdicts=pass_verdicts[0],
        engine_counters=counters(),
        golden=golden_agreement(golden, timeout_s) if golden is not None and golden.is_file() else None,
        seen_before=seen_before,
        pass_verdicts=pass_verdicts,
        fixture=str(fixture),
        real=real,
        real_s=min(real_runs) if real_runs else None,
        real_median_s=statistics.median(real_runs) if real_runs else None,
        real_per_s=n / min(real_runs) if real_runs else None,
        ratio_real=min(real_runs) / patched_s if real_runs else None,
        real_gold_failures=REAL_GOLDS["failed"] if real_funcs is not None else None,
        real_gold_calls=REAL_GOLDS["calls"],
        accuracy_per_s=n / accuracy_s,
    )


def format_report(r: PerfReport) -> str:
    lines = [
        f"perf: {r.fixture}: {r.completions} real completions (up to {r.group_size} per prompt), "
        "composite accuracy+format+reasoning_steps+cosine",
        f"  real open-r1 code: {r.real}",
        "  steady state (best of 5 passes, each on completions never seen before in the process; median in brackets):",
    ]
    if r.real_gold_failures is not None:
        verdict = (
            "ok" if r.real_gold_failures == 0 else "INVALID: the real code skipped these and paid 1.0 unread"
        )
        lines.append(
            f"  golds the real open-r1 code failed to parse: {r.real_gold_failures} of {r.real_gold_calls} calls "
            f"({verdict})"
        )
    if r.real_s is not None and r.real_per_s is not None and r.real_median_s is not None:
        lines.append(
            f"    open-r1 e4ac3ae (real code) {r.real_s * 1000:8.1f} ms  {r.real_per_s:9.0f} completions/s  "
            f"[{r.real_median_s * 1000:.1f} ms]"
        )
    lines += [
        f"    openr1@e4ac3ae  {r.upstream_s * 1000:8.1f} ms  {r.upstream_per_s:9.0f} completions/s  [{r.upstream_median_s * 1000:.1f} ms]",
        f"    patched         {r.patched_s * 1000:8.1f} ms  {r.patched_per_s:9.0f} completions/s  [{r.patched_median_s_pass * 1000:.1f} ms]",
        f"    ratio patched / openr1@e4ac3ae profile: {r.ratio:.1f}x best, "
        f"{r.upstream_median_s / r.patched_median_s_pass:.1f}x median",
    ]
    if r.ratio_real is not None and r.real_median_s is not None:
        lines.append(
            f"    RATIO patched / real open-r1 code: {r.ratio_real:.1f}x best, "
            f"{r.real_median_s / r.patched_median_s_pass:.1f}x median "
            f"(target >= {TARGETS.get(Path(r.fixture).name, 30.0):g}x)"
        )
    if r.accuracy_per_s is not None:
        lines.append(
            f"    patched accuracy alone: {r.accuracy_per_s:.0f} completions/s, one pass on fresh completions "
            f"(target >= {ACCURACY_TARGET:,})"
        )
    lines += [
        f"  cold first pass: openr1@e4ac3ae {r.upstream_cold_s * 1000:.1f} ms, patched {r.patched_cold_s * 1000:.1f} ms "
        f"(ratio {r.upstream_cold_s / r.patched_cold_s:.1f}x)",
        f"  worst single completion: patched {r.patched_worst_s * 1000:.1f} ms (median {r.patched_median_s * 1000:.2f} ms), "
        f"openr1@e4ac3ae {r.upstream_worst_s * 1000:.1f} ms",
        f"  completions over the {r.timeout_s:g} s limit: {r.over_limit}",
        f"  completions already seen in this process, per pass: {r.seen_before} (fresh inputs: all 0)",
        f"  verdicts, rows verbatim: {', '.join(f'{k} {v}' for k, v in sorted(r.verdicts.items()))}",
        "  verdicts per pass variant: "
        + "; ".join(",".join(f"{k[:5]} {v}" for k, v in sorted(pv.items())) for pv in r.pass_verdicts),
        f"  engine: {', '.join(f'{k} {v}' for k, v in sorted(r.engine_counters.items()) if not k.startswith('verdict_'))}",
    ]
    if r.golden is not None:
        g = r.golden
        lines.append(
            f"golden agreement (patched accuracy vs reviewed verdict), {g['path']}: {g['agree']}/{g['n']} = {g['rate']:.3f}"
        )
        for source, t in g["by_source"].items():
            rate = t["agree"] / t["n"] if t["n"] else 0.0
            lines.append(
                f"  {source:32s} {t['agree']:4d}/{t['n']:<4d} = {rate:.3f}   disagree {t['disagree']}, skipped (None) {t['skipped']}"
            )
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    import argparse

    p = argparse.ArgumentParser(prog="python -m benchmarks.perf", description=__doc__)
    add_arguments(p)
    return run_from_args(p.parse_args(argv))


def add_arguments(p: Any) -> None:
    p.add_argument(
        "--fixture",
        type=Path,
        nargs="+",
        default=[FIXTURE, REALDATA],
        help="completions JSONL files (fields completion, solution, group); each is its own report",
    )
    p.add_argument(
        "--openr1",
        type=Path,
        default=None,
        help="open-r1's real rewards.py at e4ac3ae (the file or a checkout); without it: the profile, labelled",
    )
    p.add_argument(
        "--golden", type=Path, default=GOLDEN, help="golden JSONL for the agreement table (skipped if absent)"
    )
    p.add_argument("--timeout", type=float, default=2.0, help="per-completion wall-clock limit in seconds")
    p.add_argument("--json", type=Path, help="also write the report as JSON")
    p.add_argument(
        "--groups", type=int, default=None, help="first N prompt groups only (a smoke run, no figure)"
    )


def run_from_args(args: Any) -> int:
    fixtures = args.fixture if isinstance(args.fixture, list) else [args.fixture]
    reports = []
    for i, fixture in enumerate(fixtures):
        golden = args.golden if i == 0 else None  # the agreement table once
        report = run_perf(
            fixture, golden, args.timeout, getattr(args, "groups", None), getattr(args, "openr1", None)
        )
        print(format_report(report), flush=True)
        reports.append(report)
    if args.json:
        args.json.write_text(json.dumps([asdict(r) for r in reports], indent=2))
    fresh = not any(any(r.seen_before) for r in reports)
    ok = all(
        (r.ratio_real if r.ratio_real is not None else r.ratio) >= TARGETS.get(Path(r.fixture).name, 30.0)
        for r in reports
    )
    return 0 if ok and all(r.over_limit == 0 for r in reports) and fresh else 1


if __name__ == "__main__":
    sys.exit(main())
