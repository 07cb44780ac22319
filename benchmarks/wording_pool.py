"""A held-out wording pool (``fixtures/wording_<pool>``): patched against math-verify (both argument orders)
on probes written before the reader change they judge and never used to tune it; each pool is reported once,
at the end of its round.

    python -m benchmarks.wording_pool --pool d [--per-class] [--per-language]

Pools: ``c`` (issue 37, 103 probes, 5 languages), ``d`` (issue 42, 329 probes, 15 languages and local number
styles). A probe is agreed with when the verifier pays it exactly when ``expected_paid`` says so.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections import defaultdict
from collections.abc import Callable
from pathlib import Path
from typing import Any

os.environ.setdefault("HF_HUB_OFFLINE", "1")

ROOT = Path(__file__).resolve().parent.parent
POOLS = ("c", "d")


def _math_verify(gold_first: bool) -> Callable[[str, str], bool]:
    def paid(completion: str, gold: str) -> bool:
        from math_verify import parse, verify

        try:
            g, p = parse(f"${gold}$"), parse(completion)
            return bool(verify(g, p) if gold_first else verify(p, g))
        except Exception:  # math-verify raising is a refusal here
            return False

    return paid


def _patched(completion: str, gold: str, prompt: str | None = None) -> bool:
    from rewardcheck.rewards.engine import judge

    return judge(completion, gold, prompt=prompt).verdict.value == "correct"


def _report(name: str, got: list[bool], rows: list[dict[str, Any]]) -> str:
    right = [g == r["expected_paid"] for g, r in zip(got, rows, strict=True)]
    credits = sum(ok for ok, r in zip(right, rows, strict=True) if r["expected_paid"])
    refuses = sum(ok for ok, r in zip(right, rows, strict=True) if not r["expected_paid"])
    n_credit = sum(r["expected_paid"] for r in rows)
    return (
        f"{name}: {sum(right)}/{len(rows)} = {sum(right) / len(rows):.1%} agree; credits {credits} of "
        f"{n_credit}, refuses {refuses} of {len(rows) - n_credit}"
    )


def _breakdown(key: str, paid: dict[str, list[bool]], rows: list[dict[str, Any]]) -> list[str]:
    per: dict[str, dict[str, list[int]]] = defaultdict(lambda: defaultdict(lambda: [0, 0]))
    for name, got in paid.items():
        for g, r in zip(got, rows, strict=True):
            per[r[key]][name][0] += g == r["expected_paid"]
            per[r[key]][name][1] += 1
    return [
        f"  {k:28s} " + "  ".join(f"{n} {per[k][n][0]}/{per[k][n][1]}" for n in paid) for k in sorted(per)
    ]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--pool", choices=POOLS, default="d")
    ap.add_argument("--per-class", action="store_true")
    ap.add_argument("--per-language", action="store_true")
    a = ap.parse_args(argv)
    path = ROOT / "fixtures" / f"wording_{a.pool}" / "probes.jsonl"
    rows = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    paid = {
        "patched": [_patched(r["completion"], r["gold"], r.get("prompt")) for r in rows],
        "math-verify(gold, answer)": [_math_verify(True)(r["completion"], r["gold"]) for r in rows],
        "math-verify(answer, gold)": [_math_verify(False)(r["completion"], r["gold"]) for r in rows],
    }
    print(f"pool {a.pool}: {path.relative_to(ROOT)}, {len(rows)} probes")
    for name, got in paid.items():
        print(_report(name, got, rows))
    if a.per_class:
        print("\n".join(_breakdown("class", paid, rows)))
    if a.per_language:
        print("\n".join(_breakdown("language", paid, rows)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
