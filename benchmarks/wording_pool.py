"""Held-out wording pool C (``fixtures/wording_c``): patched against math-verify on probes written before any
reader change of issue 37 and never used to tune. Reported once, at the end of the round.

    python -m benchmarks.wording_c [--per-class]
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections import defaultdict
from pathlib import Path

os.environ.setdefault("HF_HUB_OFFLINE", "1")

ROOT = Path(__file__).resolve().parent.parent
PROBES = ROOT / "fixtures" / "wording_c" / "probes.jsonl"


def _math_verify(completion: str, gold: str) -> bool:
    from math_verify import parse, verify

    try:
        return bool(verify(parse(f"${gold}$"), parse(completion)))
    except Exception:  # math-verify raising is a refusal here
        return False


def main(argv: list[str] | None = None) -> int:
    from rewardcheck.rewards.engine import judge

    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--per-class", action="store_true")
    a = ap.parse_args(argv)
    rows = [json.loads(line) for line in PROBES.read_text(encoding="utf-8").splitlines()]
    paid = {
        "patched": [
            judge(r["completion"], r["gold"], prompt=r.get("prompt")).verdict.value == "correct" for r in rows
        ],
        "math-verify": [_math_verify(r["completion"], r["gold"]) for r in rows],
    }
    for name, got in paid.items():
        right = [g == r["expected_paid"] for g, r in zip(got, rows, strict=True)]
        credits = sum(ok for ok, r in zip(right, rows, strict=True) if r["expected_paid"])
        refuses = sum(ok for ok, r in zip(right, rows, strict=True) if not r["expected_paid"])
        n_credit = sum(r["expected_paid"] for r in rows)
        print(
            f"{name}: {sum(right)}/{len(rows)} = {sum(right) / len(rows):.1%} agree; credits {credits} of "
            f"{n_credit}, refuses {refuses} of {len(rows) - n_credit}"
        )
    if a.per_class:
        per: dict[str, dict[str, list[int]]] = defaultdict(lambda: defaultdict(lambda: [0, 0]))
        for name, got in paid.items():
            for g, r in zip(got, rows, strict=True):
                per[r["class"]][name][0] += g == r["expected_paid"]
                per[r["class"]][name][1] += 1
        for cls in sorted(per):
            p, m = per[cls]["patched"], per[cls]["math-verify"]
            print(f"  {cls:28s} patched {p[0]}/{p[1]}  math-verify {m[0]}/{m[1]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
