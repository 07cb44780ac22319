r"""Speed on hard pairs: patched ``judge`` against plain math-verify on (completion, gold) pairs that need
symbolic comparison, in one process, on fresh inputs each pass.

About 240 pairs per pass: the correct golden rows whose gold is symbolic (``fixtures/golden/golden.jsonl``),
plus generated pairs of equivalent forms that no string rule decides (``\frac{\sqrt{2}}{2}`` against
``\frac{1}{\sqrt{2}}``, expanded against factored polynomials, an inequality against its interval, a tuple
of fractions written another way, ``\sin 2x`` against ``2\sin x\cos x``...) and a quarter of them made
wrong by one coefficient. Every pass draws new numbers (seeded by the pass) and no (completion, gold) pair
occurs twice in the process (a repeat is drawn again; each golden pair is used in one pass only), so no
pass reads another's caches: patched's parse caches and memos, math-verify's and latex2sympy's. One untimed
warm-up pass on its own numbers starts both (ANTLR, sympy, patched's worker).

Each pair is timed on its own: patched ``judge(completion, gold)`` and math-verify
``verify(parse(gold), parse(completion))`` with math-verify's defaults, as open-r1 calls it (the gold in
``$...$``, as a dataset's solution holds it: math-verify reads LaTeX only between delimiters). Printed per
verifier: total, p50, p99 and the patched/math-verify ratios; with ``--composite`` the composite
comparison of :mod:`benchmarks.perf` (patched against ``openr1@e4ac3ae``) runs in the same process after.

The machine may be loaded: read the ratios, not the absolute times.

Run: ``python -m benchmarks.hardpairs [--passes 3] [--seed 0] [--composite] [--json out.json]``.
"""

from __future__ import annotations

import argparse
import json
import random
import re
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
GOLDEN = ROOT / "fixtures" / "golden" / "golden.jsonl"
THINK = "<think>\nLet me work this out carefully and check the result.\n</think>\n"

Pair = tuple[str, str, bool]  # (answer, gold, equivalent)
_SYMBOLIC = re.compile(r"\\(?:sqrt|frac|pi|sin|cos|tan|log|ln)|[a-z]\^|\\cup|\\infty")
_BROKEN = re.compile(r"\\begin|\(\+|\.\.|:")


def golden_pairs() -> list[tuple[str, str]]:
    """(completion, gold) of the correct golden rows whose gold is a clean symbolic expression."""
    out = []
    for line in GOLDEN.read_text(encoding="utf-8").splitlines():
        if not line.strip():
            continue
        r = json.loads(line)
        gold = str(r["gold"])
        if r["verdict"] == "correct" and _SYMBOLIC.search(gold) and not _BROKEN.search(gold):
            out.append((str(r["completion"]), gold))
    return out


def _nonsquare(rng: random.Random) -> int:
    while True:
        n = rng.randint(2, 97)
        if int(n**0.5) ** 2 != n and all(n % (k * k) for k in range(2, 10)):
            return n


def _sign(v: int) -> str:
    return f"+ {v}" if v >= 0 else f"- {-v}"


def _templates(rng: random.Random) -> list[Callable[[], Pair]]:
    def recip_root() -> Pair:
        n, k = _nonsquare(rng), rng.randint(1, 9)
        return f"\\frac{{{k}\\sqrt{{{n}}}}}{{{n}}}", f"\\frac{{{k}}}{{\\sqrt{{{n}}}}}", True

    def half_root() -> Pair:
        k = rng.randint(2, 999)
        return f"\\frac{{{k}\\sqrt{{2}}}}{{2}}", f"\\frac{{{k}}}{{\\sqrt{{2}}}}", True

    def factored() -> Pair:
        a, b = rng.randint(-99, 99), rng.randint(1, 99)
        return f"x^2 {_sign(a + b)}x {_sign(a * b)}", f"(x {_sign(a)})(x {_sign(b)})", True

    def square() -> Pair:
        a = rng.randint(1, 500)
        return f"x^2 + {2 * a}x + {a * a}", f"(x+{a})^2", True

    def interval() -> Pair:
        a = rng.randint(-200, 0)
        b = a + rng.randint(1, 200)
        return f"{a} \\le x < {b}", f"[{a}, {b})", True

    def union() -> Pair:
        a = rng.randint(-200, 0)
        b = a + rng.randint(1, 200)
        return f"x < {a} \\text{{ or }} x > {b}", f"(-\\infty, {a}) \\cup ({b}, \\infty)", True

    def double_angle() -> Pair:
        k = rng.randint(2, 999)
        return f"{k}\\sin 2x", f"{2 * k}\\sin x\\cos x", True

    def pi_fraction() -> Pair:
        a, b = rng.randint(1, 99), rng.randint(2, 99)
        return f"\\frac{{{a}}}{{{b}}}\\pi", f"\\frac{{{a}\\pi}}{{{b}}}", True

    def tuple_fracs() -> Pair:
        a, b, n = rng.randint(1, 9), rng.randint(2, 9), _nonsquare(rng)
        return (
            f"\\left(\\frac{{{2 * a}}}{{{2 * b}}}, \\sqrt{{{n}}}\\right)",
            f"(\\frac{{{a}}}{{{b}}}, \\sqrt{{{n}}})",
            True,
        )

    def complex_form() -> Pair:
        a, b = rng.randint(-99, 99), rng.randint(1, 99)
        return f"{b}i {_sign(a)}", f"{a} + {b}i", True

    def rational() -> Pair:
        a = rng.randint(1, 99)
        return f"\\frac{{x^2 - {a * a}}}{{x - {a}}}", f"x + {a}", True

    def radical_sum() -> Pair:
        m, n = _nonsquare(rng), _nonsquare(rng)
        return f"\\sqrt{{{n}}} + \\sqrt{{{m}}}", f"\\sqrt{{{m}}}+\\sqrt{{{n}}}", True

    return [
        recip_root,
        half_root,
        factored,
        square,
        interval,
        union,
        double_angle,
        pi_fraction,
        tuple_fracs,
        complex_form,
        rational,
        radical_sum,
    ]


_DIGIT = re.compile(r"(?<![\\{a-z])(\d+)")


def _wrong(answer: str, rng: random.Random) -> str:
    """The answer with one of its numbers moved by one (never equivalent for these templates)."""
    found = list(_DIGIT.finditer(answer))
    if not found:
        return answer + " + 1"
    m = rng.choice(found)
    return answer[: m.start()] + str(int(m.group()) + 1) + answer[m.end() :]


def make_pairs(
    seed: int,
    per_template: int = 18,
    seen: set[tuple[str, str]] | None = None,
    golden: Sequence[tuple[str, str]] | None = None,
) -> list[tuple[str, str, bool]]:
    """One pass's (completion, gold, equivalent) pairs; the numbers depend on ``seed`` only. A pair already in
    ``seen`` is drawn again (``seen`` gains this pass's pairs), so no pair repeats within the process.
    ``golden``: this pass's share of the golden pairs (default: all of them)."""
    rng = random.Random(seed)
    seen = set() if seen is None else seen
    out: list[tuple[str, str, bool]] = []
    for make in _templates(rng):
        for i in range(per_template):
            for _ in range(100):
                answer, gold, same = make()
                if i % 4 == 3:
                    answer, same = _wrong(answer, rng), False
                completion = f"{THINK}The answer is $\\boxed{{{answer}}}$."
                if (completion, gold) not in seen:
                    break
            else:
                continue  # the template's range is used up: one pair fewer
            seen.add((completion, gold))
            out.append((completion, gold, same))
    for completion, gold in golden_pairs() if golden is None else golden:
        if (completion, gold) not in seen:
            seen.add((completion, gold))
            out.append((completion, gold, True))
    rng.shuffle(out)
    return out


def _percentile(xs: Sequence[float], q: float) -> float:
    s = sorted(xs)
    return s[min(len(s) - 1, int(round(q * (len(s) - 1))))]


def _time(fn: Callable[[str, str], bool], pairs: Sequence[tuple[str, str, bool]]) -> tuple[list[float], int]:
    times, agree = [], 0
    for completion, gold, same in pairs:
        t0 = time.perf_counter()
        got = fn(completion, gold)
        times.append(time.perf_counter() - t0)
        agree += got == same
    return times, agree


def run(passes: int = 3, seed: int = 0, per_template: int = 18) -> dict[str, Any]:
    from math_verify import parse, verify

    from rewardcheck.rewards.engine import Verdict, judge

    def patched(completion: str, gold: str) -> bool:
        return judge(completion, gold).verdict is Verdict.CORRECT

    skipped = {"gold": 0, "answer": 0, "raised": 0}  # the peer's calls that did no real work

    def math_verify(completion: str, gold: str) -> bool:
        try:
            g, a = parse(f"${gold}$"), parse(completion)
            skipped["gold"] += not g
            skipped["answer"] += not a
            return bool(verify(g, a))
        except Exception:  # noqa: BLE001 - a verifier that raises credits nothing
            skipped["raised"] += 1
            return False

    seen: set[tuple[str, str]] = set()
    real = golden_pairs()
    share = [real[i :: passes + 1] for i in range(passes + 1)]  # each golden pair in one pass only
    warm = make_pairs(seed + 10_000, per_template, seen=seen, golden=share[passes])
    _time(patched, warm)
    _time(math_verify, warm)
    report: dict[str, Any] = {"passes": []}
    all_p: list[float] = []
    all_m: list[float] = []
    for k in range(passes):
        pairs = make_pairs(seed + k, per_template, seen=seen, golden=share[k])
        order = (patched, math_verify) if k % 2 == 0 else (math_verify, patched)  # neither always goes first
        results = {fn.__name__: _time(fn, pairs) for fn in order}
        (tp, ap), (tm, am) = results["patched"], results["math_verify"]
        all_p += tp
        all_m += tm
        report["passes"].append(
            {
                "pairs": len(pairs),
                "golden_pairs": len(share[k]),
                "patched": {
                    "total_s": sum(tp),
                    "p50_s": _percentile(tp, 0.5),
                    "p99_s": _percentile(tp, 0.99),
                },
                "math_verify": {
                    "total_s": sum(tm),
                    "p50_s": _percentile(tm, 0.5),
                    "p99_s": _percentile(tm, 0.99),
                },
                "agreement": {"patched": ap, "math_verify": am},
            }
        )
    for name, xs in (("patched", all_p), ("math_verify", all_m)):
        report[name] = {
            "total_s": sum(xs),
            "p50_s": statistics.median(xs),
            "p99_s": _percentile(xs, 0.99),
        }
    report["math_verify_skipped"] = dict(skipped)  # over the warm-up and every timed pass
    report["ratio"] = {
        q: report["patched"][q] / report["math_verify"][q] for q in ("total_s", "p50_s", "p99_s")
    }
    return report


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m benchmarks.hardpairs", description=__doc__)
    ap.add_argument("--passes", type=int, default=3)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument(
        "--per-template", type=int, default=18, help="pairs per template per pass (2: a smoke run)"
    )
    ap.add_argument("--composite", action="store_true", help="also run benchmarks.perf in this process")
    ap.add_argument("--groups", type=int, default=None, help="with --composite: perf's first N groups only")
    ap.add_argument("--json", type=Path)
    args = ap.parse_args(argv)
    r = run(args.passes, args.seed, args.per_template)
    print(
        f"Hard pairs (need sympy): {r['passes'][0]['pairs']} per pass, {args.passes} passes, "
        "no pair seen twice in the process"
    )
    print("  (the machine may be loaded: compare the ratios, not the absolute times)")
    print(f"  {'':12s} {'total s':>9s} {'p50 ms':>9s} {'p99 ms':>9s}")
    for name in ("patched", "math_verify"):
        x = r[name]
        print(f"  {name:12s} {x['total_s']:9.2f} {1e3 * x['p50_s']:9.2f} {1e3 * x['p99_s']:9.2f}")
    q = r["ratio"]
    print(
        f"  patched / math-verify time: total {q['total_s']:.2f}, p50 {q['p50_s']:.2f}, p99 {q['p99_s']:.2f} "
        f"(<= 1.0 is no slower: {'met' if max(q.values()) <= 1.0 else 'NOT met'})"
    )
    for k, p in enumerate(r["passes"]):
        print(
            f"    pass {k}: patched {p['patched']['total_s']:.2f} s, math-verify {p['math_verify']['total_s']:.2f} s; "
            f"agree with the expected verdict: patched {p['agreement']['patched']}/{p['pairs']}, "
            f"math-verify {p['agreement']['math_verify']}/{p['pairs']}"
        )
    n = r["math_verify_skipped"]
    print(
        f"  math-verify did the work: golds it could not parse {n['gold']}, answers it read nothing from "
        f"{n['answer']}, calls that raised {n['raised']} (warm-up and every pass)"
    )
    if args.composite:
        from benchmarks.perf import format_report, run_perf

        perf = run_perf(groups=args.groups)
        r["composite_ratio"] = perf.ratio
        print(format_report(perf))
        print(f"  composite patched vs openr1@e4ac3ae throughput: {perf.ratio:.1f}x (target >= 30x)")
    if args.json:
        args.json.write_text(json.dumps(r, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
