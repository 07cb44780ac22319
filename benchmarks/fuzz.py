r"""Fuzz the reward functions: ``python -m benchmarks.fuzz --inputs N [--processes P] [--json out.json] [--seed S]``.

Inputs come from hypothesis (random unicode, LaTeX-ish fragments, boxed answers) and hand-written families
(1 MB strings, nesting, power towers, factorials, huge integers, malformed LaTeX, wrong types); golds from
a fixed list that includes the known hard ones. Every patched reward and the verl adapter is called on each
input (``--upstream`` adds the unpatched upstream profiles, ``--only PREFIX`` picks functions). Counted, per
function: exceptions on string inputs, unclear errors on wrong-type inputs (anything but a TypeError/ValueError
naming the argument), calls over the time limit (patched and verl: caller-side wall time, queueing for a
worker included, past ``--limit`` plus ``--slack``, by default up to the "machine stalled" safety net: the
limit is a work budget since issue 30), non-determinism (a sample re-judged with every cache cleared must give
the same values), values that differ when every string input is scored again from ``--threads`` threads
(default 8, cold caches: ``thread_mismatch``), out-of-range or NaN values; and for the run: RSS growth per
process and leaked worker processes (zombies included).

Issue 30's full size (100,000 inputs, every patched reward and the verl adapter, 1 and 8 threads; about 25 min
on 2 idle cores): ``python -m benchmarks.fuzz --inputs 100000 --processes 2 --threads 8 --json fuzz.json``.

``--processes P`` spreads the inputs over P spawned processes (each with its own verify workers); the
inputs for a seed are the same whatever P. Heavy hand-written inputs (each call costs a full limit) appear
in ``--heavy-cycles`` cycles only, so a campaign's time grows with the cheap inputs: on 2 cores with 2
processes, 100,000 inputs through the patched rewards and the verl adapter take well under an hour.

>>> report = run(inputs=12, seed=1, functions=("patched:accuracy",))
>>> report["inputs"], sorted(report["functions"])
(12, ['patched:accuracy'])
"""

from __future__ import annotations

import argparse
import functools
import json
import math
import os
import random
import sys
import time
import warnings
from collections import Counter, defaultdict
from collections.abc import Callable, Iterator
from typing import Any

__all__ = ["run", "main", "hand_written", "GOLDS"]

GOLDS: list[Any] = [
    "3",
    r"\frac{1}{2}",
    r"\sqrt{2}",
    "x^2+1",
    r"\Gamma(100000)",
    r"\frac{0}{0} x",
    "10^{5000}",
    "1" * 5000,
    None,
    [],
    ["3", r"\frac{1}{2}", "x^2+1"],
    10**5000,
    12,
    r"\boxed{\pi}",
    "(1, 2)",
    r"\text{yes}",
    "The answer is 7 because each of the seven days counts once.",
]

WRAP = "<think>\nFirst, we compute carefully here.\n</think>\nThe answer is \\boxed{%s}."
TOWERS = [
    r"((10^{999})^{999})^{999}",
    r"(10^{10})!",
    r"e^{e^{e^{9}}}",
    r"9^{9^{9^{9}}}",
    r"2^{2^{2^{2^{2^{2}}}}}",
    r"10^{10^{10}}",
    "100000!",
    r"\binom{10^{9}}{10^{8}}",
    r"\prod_{k=1}^{10^{9}} k",
    r"\sum_{k=1}^{10^{12}} k^{99}",
]
MALFORMED = [
    r"\frac{",
    r"\sqrt[",
    "}}}{{",
    r"\left(",
    r"\frac{1}{",
    "^^^",
    r"\boxed{",
    "$$$",
    r"\begin{matrix}",
    r"\\\\",
]


from rewardcheck.bench.strategies.pumped import CASES as PUMP_CASES  # noqa: E402
from rewardcheck.bench.strategies.pumped import MAX_PUMP_CHARS  # noqa: E402


def hand_written(rng: random.Random) -> Iterator[tuple[str, Any]]:
    """(family, completion) pairs; the expensive ones at full size, once each per cycle."""
    mb = 1_000_000
    yield "1mb", "the answer is" + "\n" * 2000
    yield "1mb", r"\boxed{1}" + " " * 30000 + r"\boxed{2}"
    yield "1mb", r"\text{" * 100_000 + "x" + "}" * 100_000
    yield "1mb", "a" * mb
    yield "1mb", "<think>\n" + "First, " * (mb // 7)
    yield "1mb", WRAP % ("9" * 200_000)
    yield "nesting", WRAP % (r"\frac{" * 200 + "1" + "}{2}" * 200)
    yield "nesting", WRAP % ("(" * 3000 + "1" + ")" * 3000)
    yield "nesting", WRAP % (r"\sqrt{" * 500 + "2" + "}" * 500)
    for t in TOWERS:
        yield "towers", WRAP % t
    yield "factorials", WRAP % f"{rng.randint(10, 10**6)}!"
    yield "huge_ints", WRAP % (str(rng.randint(1, 9)) + "".join(rng.choices("0123456789", k=4500)))
    yield "huge_ints", WRAP % ("1" * rng.randint(4000, 6000))
    for m in rng.sample(MALFORMED, 3):
        yield "malformed", WRAP % m
    for case in rng.sample(
        PUMP_CASES, 6
    ):  # a piece repeated to up to 30,000 characters at one place (issue 35)
        yield "pumped", case.pumped(rng.randint(1_000, MAX_PUMP_CHARS))
    yield "wrong_type", None
    yield "wrong_type", [{"role": "assistant"}]
    yield "wrong_type", [{"content": None}]
    yield "wrong_type", 42
    yield "wrong_type", b"bytes"


def _hypothesis_inputs(n: int, seed: int) -> list[tuple[str, Any]]:
    from hypothesis import HealthCheck, Phase, given, settings
    from hypothesis import seed as hseed
    from hypothesis import strategies as st

    out: list[tuple[str, Any]] = []
    atoms = st.sampled_from(
        [
            "1",
            "2",
            "x",
            "y",
            r"\pi",
            r"\frac{1}{2}",
            "^",
            "_",
            "{",
            "}",
            "(",
            ")",
            "+",
            "-",
            r"\sqrt",
            r"\cdot",
            "!",
            "=",
            ",",
            ".",
            " ",
            r"\boxed{",
            r"\text{",
            "$",
            "\n",
        ]
    )
    latexish = st.lists(atoms, max_size=40).map("".join)
    text = st.text(max_size=200)
    completion = st.one_of(
        latexish.map(lambda s: WRAP % s),
        text,
        st.tuples(text, latexish).map(lambda p: p[0] + r" \boxed{" + p[1] + "}"),
        latexish,
    )

    @hseed(seed)
    @settings(
        max_examples=n,
        database=None,
        deadline=None,
        phases=[Phase.generate],
        suppress_health_check=list(HealthCheck),
    )
    @given(c=completion, conv=st.booleans())
    def collect(c: str, conv: bool) -> None:
        out.append(
            ("unicode" if not c.startswith("<think>") else "latexish", [{"content": c}] if conv else c)
        )

    if n > 0:
        collect()
    return out[:n]


def _short(value: Any, n: int) -> str:
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 10_000:
        return f"<int of {value.bit_length()} bits>"
    try:
        return repr(str(value)[:n])
    except Exception as exc:  # noqa: BLE001 - an odd object must not stop the report
        return f"<{type(value).__name__}: {type(exc).__name__}>"


def _rss_mb() -> float:
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2**20


def _children() -> set[int]:
    me, kids = os.getpid(), set()
    for pid in os.listdir("/proc"):
        if pid.isdigit():
            try:
                with open(f"/proc/{pid}/stat") as f:
                    if int(f.read().rsplit(")", 1)[1].split()[1]) == me:
                        kids.add(int(pid))
            except (OSError, ValueError, IndexError):
                pass
    return kids


RANGES: dict[str, tuple[float, float]] = {
    "accuracy": (0.0, 1.0),
    "format": (0.0, 1.0),
    "tag_count": (0.0, 1.0),
    "reasoning_steps": (0.0, 1.0),
    "cosine": (-1.0, 1.0),
    "repetition_penalty": (-1.0, 0.0),
    "length": (-1.0, 1.0),
    "soft_overlong_punishment": (-1.0, 0.0),
    "verl": (0.0, 1.0),
}


def _functions(limit_s: float) -> dict[str, Callable[[Any, Any], Any]]:
    from rewardcheck.rewards import build_registry
    from rewardcheck.rewards.adapters.verl import compute_score

    funcs: dict[str, Callable[[Any, Any], Any]] = {}
    for profile in ("openr1@e4ac3ae", "openr1@1416fa0", "patched"):
        reg = build_registry({"reward_timeout_s": limit_s, "cosine_count_chars": True}, profile)
        for name, f in reg.items():
            funcs[f"{profile}:{name}"] = functools.partial(
                _call_reward, f, name == "soft_overlong_punishment"
            )
    funcs["verl:compute_score"] = functools.partial(_call_verl, compute_score, limit_s)
    return funcs


def _call_reward(f: Any, ids_only: bool, completion: Any, gold: Any) -> Any:
    if ids_only:  # open-r1's soft overlong punishment takes no completions
        return f(completions=[completion], completion_ids=[[1] * 7])
    return f(completions=[completion], solution=[gold], completion_ids=[[1] * 7])


def _call_verl(compute_score: Any, limit_s: float, completion: Any, gold: Any) -> list[Any]:
    # verl decodes responses to text: a conversation-shaped input reaches it as its text
    if isinstance(completion, list) and completion and isinstance(completion[0], dict):
        completion = completion[0].get("content")
    return [compute_score("math", completion, gold, {"timeout_s": limit_s})["score"]]


HEAVY = frozenset({"1mb", "nesting", "towers", "factorials"})


def _inputs(
    inputs: int, seed: int, hand_share: float, skip_families: tuple[str, ...] | None, heavy_cycles: int
) -> list[tuple[str, Any]]:
    """The campaign's inputs, the same for a seed whatever the process count. Heavy hand-written families
    (1 MB strings, nesting, towers, factorials) are fixed strings that each cost a full limit per call: they
    appear in at most ``heavy_cycles`` cycles, the light ones (malformed, huge ints, wrong types) fill the rest
    of the hand-written share."""
    rng = random.Random(seed)
    n_hand = int(inputs * hand_share)
    hand: list[tuple[str, Any]] = []
    cycles = 0
    while len(hand) < n_hand:
        cycle = [
            (fam, c)
            for fam, c in hand_written(rng)
            if (skip_families is None or fam not in skip_families)
            and (cycles < heavy_cycles or fam not in HEAVY)
        ]
        if not cycle:
            break
        rng.shuffle(cycle)
        hand.extend(cycle)
        cycles += 1
    pool = hand[:n_hand] + _hypothesis_inputs(inputs - n_hand, seed)
    rng.shuffle(pool)
    return pool


def _shard(
    pool: list[tuple[str, Any]],
    seed: int,
    limit_s: float,
    slack_s: float,
    recheck_every: int,
    functions: tuple[str, ...] | None,
    progress: bool,
    shard: int = 0,
    threads: int = 0,
) -> dict[str, Any]:
    """Fuzz ``pool`` in this process; the report of one shard (merged by :func:`run`). With ``threads``, every
    string input is then scored again from that many threads (caches cleared), and each value that differs
    from the one-thread pass counts as ``thread_mismatch``."""
    warnings.simplefilter("ignore")  # upstream's deprecated NormalizationConfig warns on every call
    from rewardcheck.rewards.engine import clear_caches, clear_memos, counters, default_pool
    from rewardcheck.rewards.engine.isolation import reap_all

    rng = random.Random(seed * 7919 + shard)
    funcs = _functions(limit_s)
    if functions is not None:
        funcs = {k: v for k, v in funcs.items() if k in functions}
    default_pool().wait_ready(60.0)
    kids_before = _children()
    rss0 = _rss_mb()
    per: dict[str, Counter[str]] = defaultdict(Counter)
    examples: dict[str, list[str]] = defaultdict(list)
    families: Counter[str] = Counter()
    slowest: dict[str, float] = defaultdict(float)
    t_start = time.monotonic()

    def note(key: str, what: str, family: str, c: Any, g: Any, extra: str = "") -> None:
        per[key][what] += 1
        if len(examples[f"{key}|{what}"]) < 3:
            examples[f"{key}|{what}"].append(f"{family}: {_short(c, 80)} gold {_short(g, 40)} {extra}"[:240])

    first_pass: list[tuple[int, Any, dict[str, Any]]] = []  # (input number, gold, values per function)
    for i, (family, completion) in enumerate(pool):
        families[family] += 1
        gold = GOLDS[rng.randrange(len(GOLDS))]
        wrong_type = family == "wrong_type"
        seen: dict[str, Any] = {}
        if threads and not wrong_type:
            first_pass.append((i, gold, seen))
        for key, f in funcs.items():
            per[key]["calls"] += 1
            t0 = time.monotonic()
            try:
                values = f(completion, gold)
                seen[key] = values
            except (TypeError, ValueError) as exc:
                if wrong_type:
                    per[key]["clear_type_errors"] += 1
                else:
                    note(key, "exceptions", family, completion, gold, f"{type(exc).__name__}: {exc}"[:120])
                continue
            except Exception as exc:  # noqa: BLE001 - counting them is the point
                note(
                    key,
                    "unclear_errors" if wrong_type else "exceptions",
                    family,
                    completion,
                    gold,
                    f"{type(exc).__name__}: {exc}"[:120],
                )
                continue
            finally:
                # the caller's side: queueing for a worker is part of the limit (issue 22)
                elapsed = time.monotonic() - t0
                slowest[key] = max(slowest[key], elapsed)
            guarded = key.startswith(("patched:", "verl:"))
            if guarded and elapsed > limit_s + slack_s:
                note(key, "over_limit", family, completion, gold, f"{elapsed:.2f} s")
            if wrong_type:
                note(key, "wrong_type_accepted", family, completion, gold)
            short = key.split(":", 1)[1]
            lo, hi = RANGES.get("verl" if key.startswith("verl") else short, (-math.inf, math.inf))
            for v in values:
                if v is None:
                    continue
                if not math.isfinite(v) or (guarded and not lo - 1e-9 <= v <= hi + 1e-9):
                    note(key, "out_of_range", family, completion, gold, repr(v))
        if recheck_every and i % recheck_every == 0 and family != "wrong_type":
            first = {}
            for key, f in funcs.items():
                try:
                    first[key] = f(completion, gold)
                except Exception as exc:  # noqa: BLE001
                    first[key] = type(exc).__name__
            clear_memos()
            clear_caches()
            for key, f in funcs.items():
                try:
                    again = f(completion, gold)
                except Exception as exc:  # noqa: BLE001
                    again = type(exc).__name__
                if again != first[key]:
                    note(key, "nondeterministic", family, completion, gold, f"{first[key]} then {again}")
        if progress and i % 1000 == 0:
            print(
                f"[{shard}] {i}/{len(pool)} {time.monotonic() - t_start:.0f} s rss {_rss_mb():.0f} MB",
                file=sys.stderr,
                flush=True,
            )

    if threads:
        _thread_pass(pool, first_pass, funcs, threads, note)
    rss1 = _rss_mb()
    default_pool().close()
    reap_all(10.0)
    time.sleep(0.5)
    leaked = sorted(_children() - kids_before)
    return {
        "inputs": len(pool),
        "seconds": round(time.monotonic() - t_start, 1),
        "families": dict(families),
        "functions": {k: dict(v) for k, v in per.items()},
        "slowest_s": dict(slowest),
        "rss_mb": {"start": round(rss0, 1), "end": round(rss1, 1), "growth": round(rss1 - rss0, 1)},
        "leaked_workers": leaked,
        "zombies": [pid for pid in leaked if _state(pid) == "Z"],
        "engine_counters": counters(),
        "examples": dict(examples),
    }


def _thread_pass(
    pool: list[tuple[str, Any]],
    first_pass: list[tuple[int, Any, dict[str, Any]]],
    funcs: dict[str, Callable[[Any, Any], Any]],
    threads: int,
    note: Callable[..., None],
) -> None:
    """Score every recorded input again from ``threads`` threads (cold caches); count differing values."""
    from concurrent.futures import ThreadPoolExecutor

    from rewardcheck.rewards.engine import clear_caches

    clear_caches()

    def work(part: int) -> list[tuple[int, Any, str, Any, Any]]:
        out = []
        for i, gold, seen in first_pass[part::threads]:
            for key, value in seen.items():
                try:
                    again = funcs[key](pool[i][1], gold)
                except Exception as exc:  # noqa: BLE001 - a difference, counted below
                    again = type(exc).__name__
                if again != value:
                    out.append((i, gold, key, value, again))
        return out

    with ThreadPoolExecutor(threads) as ex:
        for diffs in ex.map(work, range(threads)):
            for i, gold, key, value, again in diffs:
                family, completion = pool[i]
                note(key, "thread_mismatch", family, completion, gold, f"{value} then {again}")


def _state(pid: int) -> str:
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0]
    except (OSError, IndexError):
        return "?"


def _merge(reports: list[dict[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {
        "inputs": 0,
        "families": Counter(),
        "functions": defaultdict(Counter),
        "slowest_s": defaultdict(float),
        "rss_mb": {"start": 0.0, "end": 0.0, "growth": 0.0},
        "leaked_workers": [],
        "zombies": [],
        "engine_counters": Counter(),
        "examples": defaultdict(list),
    }
    for r in reports:
        out["inputs"] += r["inputs"]
        out["families"].update(r["families"])
        for k, c in r["functions"].items():
            out["functions"][k].update(c)
        for k, v in r["slowest_s"].items():
            out["slowest_s"][k] = max(out["slowest_s"][k], v)
        for k in ("start", "end", "growth"):
            out["rss_mb"][k] = max(out["rss_mb"][k], r["rss_mb"][k])  # per process: the worst one
        out["leaked_workers"] += r["leaked_workers"]
        out["zombies"] += r["zombies"]
        out["engine_counters"].update(r["engine_counters"])
        for k, v in r["examples"].items():
            out["examples"][k] = (out["examples"][k] + v)[:3]
    out["functions"] = {k: dict(v) for k, v in out["functions"].items()}
    for key in ("families", "slowest_s", "engine_counters", "examples"):
        out[key] = dict(out[key])
    return out


def _run_shards(
    pool: list[tuple[str, Any]],
    seed: int,
    limit_s: float,
    slack_s: float,
    recheck_every: int,
    functions: tuple[str, ...] | None,
    progress: bool,
    processes: int,
    threads: int = 0,
) -> list[dict[str, Any]]:
    """One plain ``python -m benchmarks.fuzz --shard`` subprocess per shard, each waited for: no executor, no
    multiprocessing resource tracker, nothing of the fuzz tool's own left behind."""
    import pickle
    import subprocess
    import tempfile

    with tempfile.TemporaryDirectory(prefix="rewardcheck-fuzz-") as tmp:
        procs = []
        for k in range(processes):
            job = os.path.join(tmp, f"shard{k}.pickle")
            with open(job, "wb") as f:
                args = (
                    pool[k::processes],
                    seed,
                    limit_s,
                    slack_s,
                    recheck_every,
                    functions,
                    progress,
                    k,
                    threads,
                )
                pickle.dump(args, f)
            procs.append((subprocess.Popen([sys.executable, "-m", "benchmarks.fuzz", "--shard", job]), job))
        reports = []
        for proc, job in procs:
            if proc.wait() != 0:
                raise RuntimeError(f"fuzz shard {job} exited with {proc.returncode}")
            with open(job + ".json") as f:
                reports.append(json.load(f))
    return reports


def _shard_main(job: str) -> int:
    import pickle

    with open(job, "rb") as f:
        args = pickle.load(f)  # written by this tool's own parent process (_run_shards)
    report = _shard(*args)
    with open(job + ".json", "w") as f:
        json.dump(report, f, default=str)
    return 0


def run(
    inputs: int = 200,
    seed: int = 0,
    limit_s: float = 2.0,
    slack_s: float | None = None,
    recheck_every: int = 10,
    functions: tuple[str, ...] | None = None,
    hand_share: float = 0.2,
    progress: bool = False,
    skip_families: tuple[str, ...] | None = None,
    processes: int = 1,
    heavy_cycles: int = 3,
    threads: int = 0,
) -> dict[str, Any]:
    """Fuzz ``inputs`` inputs over ``processes`` processes (fresh interpreters, each with its own workers).
    ``slack_s`` defaults to the safety net's margin (``budget.stall_after(limit_s) - limit_s``): a patched or
    verl call is over the limit when its caller-side wall time passes ``limit_s + slack_s``."""
    from rewardcheck.rewards.engine.budget import stall_after

    # issue 30: the limit is a work budget; wall time only matters past the "machine stalled" safety net
    slack = stall_after(limit_s) - limit_s if slack_s is None else slack_s
    t_start = time.monotonic()
    pool = _inputs(inputs, seed, hand_share, skip_families, heavy_cycles)
    processes = max(1, min(processes, len(pool)))
    kids_before = _children()
    if processes == 1:
        reports = [_shard(pool, seed, limit_s, slack, recheck_every, functions, progress, 0, threads)]
    else:
        reports = _run_shards(
            pool, seed, limit_s, slack, recheck_every, functions, progress, processes, threads
        )
    report = _merge(reports)
    time.sleep(0.2)
    own = sorted(_children() - kids_before)  # the shards themselves, once the executor has joined them
    report["leaked_workers"] += own
    report["zombies"] += [pid for pid in own if _state(pid) == "Z"]
    totals: Counter[str] = Counter()
    for c in report["functions"].values():
        totals.update(c)
    report.update(
        seed=seed,
        limit_s=limit_s,
        slack_s=slack,
        processes=processes,
        seconds=round(time.monotonic() - t_start, 1),
        slowest_s={k: round(v, 2) for k, v in report["slowest_s"].items()},
        totals={k: v for k, v in totals.items() if k != "calls"},
        calls=totals.get("calls", 0),
    )
    return report


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["--shard"]:
        return _shard_main(argv[1])
    ap = argparse.ArgumentParser(prog="python -m benchmarks.fuzz", description=__doc__.split("\n\n")[0])
    ap.add_argument("--inputs", type=int, default=200)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--limit", type=float, default=2.0, help="hard limit per call of patched/verl (s)")
    ap.add_argument("--json", help="write the full report here")
    ap.add_argument(
        "--only", action="append", help="function-name prefix to fuzz (repeatable), e.g. patched: or verl:"
    )
    ap.add_argument("--progress", action="store_true")
    ap.add_argument("--recheck-every", type=int, default=10, help="re-judge every N-th input cold (0: never)")
    ap.add_argument(
        "--hand-share", type=float, default=0.2, help="share of hand-written inputs (rest: hypothesis)"
    )
    ap.add_argument("--skip-family", action="append", help="hand-written family to leave out (repeatable)")
    ap.add_argument("--processes", type=int, default=1, help="spread the inputs over N processes")
    ap.add_argument(
        "--heavy-cycles",
        type=int,
        default=3,
        help="cycles of the heavy hand-written families (each call costs the limit)",
    )
    ap.add_argument(
        "--upstream",
        action="store_true",
        help="fuzz the unpatched upstream profiles too (default: patched and verl)",
    )
    ap.add_argument(
        "--slack",
        type=float,
        default=None,
        help="seconds past --limit that count as over the limit (default: up to the safety net)",
    )
    ap.add_argument(
        "--threads",
        type=int,
        default=8,
        help="score every string input again from N threads, cold caches; count differing values (0: off)",
    )
    args = ap.parse_args(argv)
    if args.inputs < 1:
        print("--inputs must be >= 1", file=sys.stderr)
        return 2
    warnings.simplefilter("ignore")  # upstream's deprecated NormalizationConfig warns on every call
    prefixes = tuple(args.only) if args.only else (None if args.upstream else ("patched:", "verl:"))
    names = None if prefixes is None else tuple(k for k in _functions(args.limit) if k.startswith(prefixes))
    report = run(
        inputs=args.inputs,
        seed=args.seed,
        limit_s=args.limit,
        functions=names,
        progress=args.progress,
        hand_share=args.hand_share,
        recheck_every=args.recheck_every,
        skip_families=tuple(args.skip_family) if args.skip_family else None,
        processes=args.processes,
        heavy_cycles=args.heavy_cycles,
        slack_s=args.slack,
        threads=args.threads,
    )
    if args.json:
        with open(args.json, "w") as f:
            json.dump(report, f, indent=1, default=str)
    print(
        f"{report['inputs']} inputs, {report['calls']} calls in {report['seconds']} s over {report['processes']} "
        f"processes, families {report['families']}"
    )
    print(
        f"rss {report['rss_mb']}, leaked workers {len(report['leaked_workers'])} (zombies "
        f"{len(report['zombies'])}); over_limit = caller-side wall > {report['limit_s']:g} + {report['slack_s']:g} s"
    )
    cols = (
        "exceptions",
        "unclear_errors",
        "wrong_type_accepted",
        "over_limit",
        "nondeterministic",
        "thread_mismatch",
        "out_of_range",
    )
    print(f"{'function':40s} " + " ".join(f"{c[:12]:>12s}" for c in cols) + "   slowest")
    for key, c in sorted(report["functions"].items()):
        print(
            f"{key:40s} "
            + " ".join(f"{c.get(col, 0):12d}" for col in cols)
            + f"   {report['slowest_s'][key]:.2f} s"
        )
    bad = sum(report["totals"].get(c, 0) for c in cols) + len(report["leaked_workers"])
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
