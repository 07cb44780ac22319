r"""RSS over many distinct inputs: ``python -m benchmarks.rss --inputs N [--every K] [--no-reset]``.

Scores N never-repeated completions (distinct fractions, powers, radicals and sums against distinct golds)
with the patched accuracy reward and the verl adapter in this process, and prints the resident set size
every K inputs; ``--no-reset`` turns off the parser-cache bound (:mod:`rewards.parser_cache`) to show what
it saves. The isolated workers are separate processes and are recycled (see ``rewardcheck.rewards.engine.isolation``).
Each row also says how many of the inputs reached the LaTeX parser in this process (``parses``); the last
line says whether the RSS stayed within ``--flat-mb`` (default 50) of its value at ``--warm-up`` inputs (the
bounded memos full), or after the first row in a shorter run.

Issue 30's full size:
``python -m benchmarks.rss --inputs 270000 --every 20000`` (200,000 inputs after the 70,000-input warm-up that
fills the bounded memos; about 70 minutes on 2 idle cores).

>>> rows = run(inputs=20, every=10)
>>> [r["inputs"] for r in rows]
[10, 20]
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from typing import Any

__all__ = ["run", "main"]


def _rss_mb() -> float:
    import os

    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2**20


def _inputs(rng: random.Random, i: int) -> tuple[str, str]:
    a, b, c = rng.randint(1, 10**6), rng.randint(2, 10**6), rng.randint(2, 9)
    shape = i % 4
    answer = [
        rf"\frac{{{a}}}{{{b}}}",
        rf"{a}x^{{{c}}} + {b}",
        rf"\sqrt{{{a}}} + \frac{{{c}}}{{{b}}}",
        rf"{a}.{b} \cdot y_{{{c}}}",
    ][shape]
    gold = [rf"\frac{{{b}}}{{{a}}}", rf"{a}x^{{{c}}}+{b}", rf"\sqrt{{{b}}}", f"{a}"][shape]
    return f"<think>\nworking it out step {i}\n</think>\nThe answer is \\boxed{{{answer}}}.", gold


def run(inputs: int, every: int = 1000, reset: bool = True, seed: int = 0) -> list[dict[str, Any]]:
    from rewardcheck.rewards import build_registry, parser_cache
    from rewardcheck.rewards.adapters.verl import compute_score
    from rewardcheck.rewards.engine import clear_memos, counters

    if not reset:
        parser_cache.RESET_EVERY = 10**12
    rng = random.Random(seed)
    acc = build_registry({"isolation_warm_up": False}, "patched")["accuracy"]
    rows: list[dict[str, Any]] = []
    start = _rss_mb()
    t0 = time.monotonic()
    for i in range(1, inputs + 1):
        text, gold = _inputs(rng, i)
        acc([text], solution=[gold])
        compute_score("math", text, gold)
        if i % 64 == 0:
            clear_memos()  # per-batch memo, as a trainer's next batch would find it
        if i % every == 0:
            rows.append(
                {
                    "inputs": i,
                    "rss_mb": round(_rss_mb(), 1),
                    "growth_mb": round(_rss_mb() - start, 1),
                    "s": round(time.monotonic() - t0),
                    "parses": counters().get("parses", 0),
                }
            )
    return rows


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m benchmarks.rss", description=__doc__.split("\n\n")[0])
    ap.add_argument("--inputs", type=int, default=20000)
    ap.add_argument("--every", type=int, default=2000)
    ap.add_argument("--no-reset", action="store_true", help="do not bound the parser's DFA cache")
    ap.add_argument("--flat-mb", type=float, default=50.0, help="allowed growth after the warm-up row")
    ap.add_argument(
        "--warm-up",
        type=int,
        default=70000,
        help="inputs before the bounded memos (65,536 entries each) are full: growth counts from there",
    )
    args = ap.parse_args(argv)
    rows = run(args.inputs, args.every, reset=not args.no_reset)
    for row in rows:
        print(row, flush=True)
    warm = next((k for k, r in enumerate(rows) if r["inputs"] >= args.warm_up), 0)
    if len(rows) - warm >= 2:
        after = max(r["rss_mb"] for r in rows[warm + 1 :]) - rows[warm]["rss_mb"]
        flat = after <= args.flat_mb
        print(
            f"after warm-up ({rows[warm]['inputs']} inputs): RSS grew {after:.1f} MB over "
            f"{rows[-1]['inputs'] - rows[warm]['inputs']}"
            f" more inputs ({rows[-1]['parses']} parses in process): flat within {args.flat_mb:g} MB: {flat}"
        )
        return 0 if flat else 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
