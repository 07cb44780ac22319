"""HardVerify-Math (TinyV): recall and precision of patched against plain math-verify, on the same answers.

Each of the 250 items has a correct answer verifiers tend to reject (``fn_output``) and a wrong one
(``tn_output``). Every verifier sees each answer as the final line of a completion
(``The final answer is $\\boxed{ANSWER}$.``) and the item's gold: patched through its accuracy reward,
math-verify through ``verify(parse(gold), parse(completion))`` and the reversed order. The question is
passed to patched as TRL's ``prompts`` column (it refuses an echo of the prompt's own expression).

Run: ``python -m benchmarks.hardverify [--per-source] [--json out.json]``. The target (issue 23):
recall >= 0.70 at precision >= 0.99 for patched.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import defaultdict
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "fixtures" / "hardverify" / "HardVerify-Math.json"

Verifier = Callable[[str, str, str], bool | None]

# Items whose "wrong" answer (tn_output) is in fact correct: a credit there is the fixture's error, not a
# verifier's. Counted in precision as they are (the fixture is not edited); named when printed.
LABEL_ERRORS = {
    52: "tn_output is fn_output's set {-1, 1, 3, 1 +- sqrt 2} with two elements swapped: the same answer",
}


def completion(answer: str) -> str:
    return f"The final answer is $\\boxed{{{answer}}}$."


def patched_verifier() -> Verifier:
    from rewardcheck.rewards.registry import build_registry

    accuracy = build_registry({}, "patched")["accuracy"]

    def run(answer: str, gold: str, question: str) -> bool | None:
        value = accuracy([completion(answer)], solution=[gold], prompts=[question])[0]
        return None if value is None else value >= 0.5

    return run


def math_verify_verifier(gold_first: bool) -> Verifier:
    from math_verify import parse, verify

    def run(answer: str, gold: str, question: str) -> bool | None:
        try:
            g, a = parse(gold, parsing_timeout=None), parse(completion(answer), parsing_timeout=None)
            return bool(
                verify(g, a, timeout_seconds=None) if gold_first else verify(a, g, timeout_seconds=None)
            )
        except Exception:  # noqa: BLE001 - a verifier that raises credits nothing
            return None

    return run


def measure(items: Sequence[dict[str, Any]], verifier: Verifier) -> dict[str, Any]:
    tp = fp = none = 0
    wrong_ids: list[int] = []
    per_source: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0])
    for item in items:
        gold, question = str(item["ground_truth"]), str(item["question"])
        right = verifier(str(item["fn_output"]), gold, question)
        wrong = verifier(str(item["tn_output"]), gold, question)
        tp += bool(right)
        fp += bool(wrong)
        if wrong:
            wrong_ids.append(int(item["id"]))
        none += (right is None) + (wrong is None)
        src = per_source[str(item["source"])]
        src[0] += 1
        src[1] += bool(right)
        src[2] += bool(wrong)
    n = len(items)
    return {
        "items": n,
        "recall": tp / n,
        "precision": tp / (tp + fp) if tp + fp else 1.0,
        "credited_correct": tp,
        "credited_wrong": fp,
        "none": none,
        "credited_wrong_ids": wrong_ids,
        "per_source": {
            k: {"items": v[0], "recall": v[1] / v[0], "credited_wrong": v[2]} for k, v in per_source.items()
        },
    }


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m benchmarks.hardverify", description=__doc__)
    ap.add_argument("--per-source", action="store_true")
    ap.add_argument("--json", type=Path)
    args = ap.parse_args(argv)
    items = json.loads(DATA.read_text(encoding="utf-8"))
    verifiers = {
        "patched": patched_verifier(),
        "math-verify (gold, answer)": math_verify_verifier(True),
        "math-verify (answer, gold)": math_verify_verifier(False),
    }
    report = {name: measure(items, v) for name, v in verifiers.items()}
    print(f"HardVerify-Math ({len(items)} items; {DATA.relative_to(ROOT)})")
    print(
        f"  {'verifier':28s} {'recall':>7s} {'precision':>9s} {'credited right':>15s} {'credited wrong':>15s}"
    )
    for name, r in report.items():
        print(
            f"  {name:28s} {r['recall']:7.3f} {r['precision']:9.3f} {r['credited_correct']:15d} {r['credited_wrong']:15d}"
        )
        if args.per_source:
            for src, s in sorted(r["per_source"].items()):
                print(
                    f"      {src:24s} recall {s['recall']:.3f} of {s['items']}, credited wrong {s['credited_wrong']}"
                )
    p = report["patched"]
    for name, r in report.items():
        known = [i for i in r["credited_wrong_ids"] if i in LABEL_ERRORS]
        if known:
            print(f"  {name}: credited 'wrong' answers that are correct (fixture errors): {known}")
    for i, why in LABEL_ERRORS.items():
        print(f"    #{i}: {why}")
    print(
        f"target recall >= 0.70 at precision >= 0.99: {'met' if p['recall'] >= 0.7 and p['precision'] >= 0.99 else 'NOT met'}"
    )
    if args.json:
        args.json.write_text(json.dumps(report, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
