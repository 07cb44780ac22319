r"""Growth of the reading time with the length of a pumped run: time at 2n over time at n, per piece and
position (linear is 2.0; target <= 2.2 everywhere), for our judge and, side by side in the same run, for the
upstream accuracy reward or math-verify on the same inputs.

Every input is new to the process on every pass (a unique number opens each completion), so no cache is
measured; each figure is the fastest of ``--repeat`` passes.

    python -m benchmarks.pumped                       # judge, n = 3,750 .. 15,000 -> 2n up to 30,000
    python -m benchmarks.pumped --peer math-verify    # and math-verify's parse + verify on the same texts
"""

from __future__ import annotations

import argparse
import itertools
import json
import os
import sys
import time
from collections.abc import Callable

os.environ.setdefault("HF_HUB_OFFLINE", "1")

from rewardcheck.bench.strategies.pumped import CASES, PumpCase  # noqa: E402
from rewardcheck.rewards.engine import judge  # noqa: E402

SIZES = (3_750, 7_500, 15_000)
_fresh = itertools.count()


def _ours(text: str, gold: str) -> object:
    return judge(text, gold)


def _math_verify() -> Callable[[str, str], object]:
    from math_verify import parse, verify

    def run(text: str, gold: str) -> object:
        return verify(parse(gold), parse(text, parsing_timeout=None))  # type: ignore[arg-type]

    return run


def _time(fn: Callable[[str, str], object], case: PumpCase, n: int, repeat: int) -> float:
    best = float("inf")
    for _ in range(repeat):
        text = f"Attempt {next(_fresh)}.\n" + case.pumped(n)
        t = time.perf_counter()
        fn(text, case.gold)
        best = min(best, time.perf_counter() - t)
    return best


def growth(fn: Callable[[str, str], object], case: PumpCase, repeat: int) -> dict[str, float]:
    times = {n: _time(fn, case, n, repeat) for n in (*SIZES, 2 * SIZES[-1])}
    ratios = [times[2 * n] / max(times[n], 1e-6) for n in SIZES]
    return {"max_ratio": max(ratios), "t_30000_s": times[2 * SIZES[-1]]}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--peer", choices=["math-verify"], default=None)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--json", default=None, help="write every figure here")
    args = ap.parse_args(argv)
    subjects = {"rewardcheck judge": _ours}
    if args.peer == "math-verify":
        subjects["math-verify parse+verify"] = _math_verify()
    judge("warm up \\boxed{1}", "1")
    rows = []
    for case in CASES:
        row = {"case": case.name}
        for name, fn in subjects.items():
            row[name] = growth(fn, case, args.repeat)
        rows.append(row)
    for name in subjects:
        worst = max(rows, key=lambda r: r[name]["max_ratio"])
        slowest = max(rows, key=lambda r: r[name]["t_30000_s"])
        over = sum(r[name]["max_ratio"] > 2.2 for r in rows)
        print(
            f"{name}: {len(rows)} cases; worst growth t(2n)/t(n) {worst[name]['max_ratio']:.2f} "
            f"({worst['case']}); cases over 2.2: {over}; slowest at 30,000 chars "
            f"{slowest[name]['t_30000_s'] * 1000:.1f} ms ({slowest['case']})"
        )
    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump({"sizes": SIZES, "rows": rows}, f, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
