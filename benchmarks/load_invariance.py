r"""A verdict depends on its input alone: ``python -m benchmarks.load_invariance [--rounds R] [--busy B]``.

The 52-case set of issue 30 (long polynomials in another term order, expanded against factored, rational
functions, fractions, radicals, intervals, sets, tuples, power towers, ``\Gamma``, the hanging gold,
``5!\,x`` against ``120x``...) is scored one call at a time on an idle machine, then from 8 threads while
``--busy`` processes (default 4) spin on the cores; every round uses fresh inputs (the case set shifted by
the round's number, so no cache answers). Prints, per case, the idle and the loaded verdict, the number of
cases whose verdict changed (must be 0), and the counts of admission refusals, over-budget calls and
"machine stalled" safety-net calls. ``tests/limits/test_load_invariance.py`` runs the same check in CI.

Full size (2 idle cores, about 1 minute): ``python -m benchmarks.load_invariance --rounds 8``.

>>> len(cases(0)), cases(0)[0].family
(52, 'long polynomial, other term order')
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass

__all__ = ["Case", "cases", "busy_processes", "score_alone", "score_threaded", "HANGING_GOLD", "main"]

T = "<think>\nI work it out.\n</think>\n"
# A generated gold whose verify against \log_2 8 ran in sympy's nc_simplify for minutes (issue 22).
HANGING_GOLD = r"\frac{\gcd(12, 18)}{(\frac12)^{\angle ABC}}\cdot \frac{1}{2}\cdot 3+4i\times\left( \frac{1}{2} \right)/0.5"


@dataclass(frozen=True)
class Case:
    family: str
    text: str
    gold: str


def _poly(k: int, n: int, var: str = "x") -> list[str]:
    return [f"\\frac{{{k + i + 1}}}{{{i + 2}}}{var}^{{{i}}}" for i in range(n)]


def cases(k: int) -> list[Case]:
    """52 cases; ``k`` shifts every constant that can be shifted (fresh inputs per round, same verdicts)."""
    a, b = k + 1, k + 2
    out: list[tuple[str, str, str]] = []
    for n in (12, 16, 20, 24):
        terms = _poly(k, n)
        out.append(("long polynomial, other term order", "+".join(terms), "+".join(reversed(terms))))
        wrong = list(reversed(terms))
        wrong[0] = wrong[0].replace("}{", "1}{", 1)
        out.append(("long polynomial, one coefficient wrong", "+".join(terms), "+".join(wrong)))
    for n in (8, 10):
        terms = _poly(k, n, "y")
        out.append(("polynomial in y, shuffled", "+".join(terms[1::2] + terms[::2]), "+".join(terms)))
    out += [
        ("factored against expanded", f"(x+{a})(x-{b})", f"x^{{2}}-x-{a * b}"),
        ("factored against expanded", f"(x-{a})^{{2}}", f"x^{{2}}-{2 * a}x+{a * a}"),
        ("factored, wrong", f"(x+{a})(x+{b})", f"x^{{2}}-x-{a * b}"),
        ("multivariate cube", f"(x+{a}y)^{{3}}", f"x^3+{3 * a}x^2y+{3 * a * a}xy^2+{a**3}y^3"),
        ("product of powers", f"(x+{a})^{{30}}(y-1)^{{20}}", f"(y-1)^{{20}}(x+{a})^{{30}}"),
        (
            "rational function",
            f"\\frac{{1}}{{x+{a}}}+\\frac{{1}}{{x+{b}}}",
            f"\\frac{{2x+{a + b}}}{{(x+{a})(x+{b})}}",
        ),
        (
            "rational function, wrong",
            f"\\frac{{1}}{{x+{a}}}+\\frac{{1}}{{x+{b}}}",
            f"\\frac{{2}}{{2x+{a + b}}}",
        ),
        (
            "rational function in two letters",
            f"\\frac{{{a}}}{{x}}+\\frac{{1}}{{y}}",
            f"\\frac{{{a}y+x}}{{xy}}",
        ),
        ("rational function, cancelled", f"\\frac{{x^2-{a * a}}}{{x-{a}}}", f"x+{a}"),
        ("fraction", f"\\frac{{{2 * a}}}{{{2 * b}}}", f"\\frac{{{a}}}{{{b}}}"),
        ("fraction, wrong", f"\\frac{{{a}}}{{{b + 1}}}", f"\\frac{{{a}}}{{{b}}}"),
        ("fraction times letter", f"\\frac{{{a}x}}{{{b}}}", f"\\frac{{{a}}}{{{b}}}x"),
        ("radical", f"\\sqrt{{{4 * (2 * k + 3)}}}", f"2\\sqrt{{{2 * k + 3}}}"),
        ("radical, rationalised", "\\frac{1}{\\sqrt{2}}", "\\frac{\\sqrt{2}}{2}"),
        ("radical, wrong", "\\sqrt{2}+\\sqrt{3}", "\\sqrt{5}"),
        ("radical with a letter", f"{a}\\sqrt{{2}}x+\\sqrt{{8}}", f"2\\sqrt{{2}}+{a}x\\sqrt{{2}}"),
        ("interval", f"(-\\infty, {a}]", f"\\left(-\\infty,{a}\\right]"),
        ("interval, wrong end", f"[{a}, {b})", f"({a}, {b})"),
        (
            "interval, expressions",
            f"[\\frac{{{a}}}{{2}}, \\sqrt{{2}}]",
            f"[\\frac{{{2 * a}}}{{4}}, \\sqrt{{2}}]",
        ),
        ("set, other order", f"\\{{{a}, {b}, x\\}}", f"\\{{x, {b}, {a}\\}}"),
        ("set, wrong", f"\\{{{a}, {b}\\}}", f"\\{{{a}, {b + 1}\\}}"),
        ("tuple", f"({a}, {b})", f"({a},{b})"),
        ("tuple, other order", f"({a}, {b})", f"({b}, {a})"),
        ("tuple of expressions", f"(x+{a}, \\frac{{1}}{{2}})", f"({a}+x, 0.5)"),
        ("power tower", "9^{9^{9^{9}}}", "5"),
        ("power tower, symbolic gold", "2^{2^{2^{2^{2^{2}}}}}", f"{a}x"),
        ("power of a power", "((10^{999})^{999})^{999}", "5"),
        ("Gamma", "\\Gamma(10^{7})", "5"),
        ("Gamma gold", "5", "\\Gamma(100000)"),
        ("huge factorial", "(10^{10})!", "5"),
        ("factorial times letter", "5!\\,x", "120x"),
        ("binomial times letter", "\\binom{5}{2} y", "10y"),
        ("sum in an exponent", "x^{\\sum_{k=1}^{4} k}", "x^{10}"),
        ("factorial fraction", "\\frac{4!}{2} x", "12x"),
        ("short, in process", f"x^2+{a}", f"{a}+x^2"),
        ("pi", "\\frac{\\pi}{4}", "\\pi/4"),
        ("pi polynomial", f"\\pi r^{{2}}+{a}\\pi r", f"{a}r\\pi+r^{{2}}\\pi"),
        ("integer", str(10**6 + k), str(10**6 + k)),
        ("integer, wrong", str(10**6 + k), str(10**6 + k + 1)),
        ("decimal", "0.5", "\\frac{1}{2}"),
        ("equation", f"y = {a}x+1", f"y={a}x+1"),
    ]
    # the hanging gold burns its whole work budget: in the first two rounds only, so a run stays short
    out.append(
        ("hanging gold", "\\log_2 8", HANGING_GOLD) if k < 2 else ("hanging gold (round 0-1 only)", "4", "4")
    )
    return [Case(f, T + "\\boxed{" + ans + "}", g) for f, ans, g in out]


@contextmanager
def busy_processes(n: int, seconds: float) -> Iterator[list[subprocess.Popen[bytes]]]:
    """``n`` processes that spin on the CPU for at most ``seconds`` each; always killed on exit."""
    code = f"import time\nend = time.monotonic() + {seconds}\nwhile time.monotonic() < end:\n    pass\n"
    procs = [subprocess.Popen([sys.executable, "-c", code]) for _ in range(n)]
    try:
        yield procs
    finally:
        for p in procs:
            if p.poll() is None:
                p.kill()
        for p in procs:
            p.wait()


def _judge(case: Case, timeout_s: float) -> tuple[str, str]:
    from rewardcheck.rewards.engine import EngineConfig, judge

    j = judge(case.text, case.gold, config=EngineConfig(timeout_s=timeout_s))
    return j.verdict.value, j.reason


def score_alone(rounds: list[list[Case]], timeout_s: float) -> list[list[tuple[str, str]]]:
    """Every round's cases one call at a time, caches cleared first."""
    from rewardcheck.rewards.engine import clear_caches

    clear_caches()
    return [[_judge(c, timeout_s) for c in cs] for cs in rounds]


def score_threaded(
    rounds: list[list[Case]], timeout_s: float, threads: int = 8
) -> list[list[tuple[str, str]]]:
    """Round ``t`` from thread ``t`` (all threads start together), caches cleared first."""
    from rewardcheck.rewards.engine import clear_caches

    clear_caches()
    barrier = threading.Barrier(min(threads, len(rounds)))

    def work(cs: list[Case]) -> list[tuple[str, str]]:
        barrier.wait()
        return [_judge(c, timeout_s) for c in cs]

    with ThreadPoolExecutor(threads) as ex:
        return list(ex.map(work, rounds))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--rounds", type=int, default=8, help="fresh case sets, one per thread (default 8)")
    ap.add_argument("--busy", type=int, default=4, help="busy processes during the threaded pass")
    ap.add_argument("--limit", type=float, default=2.0, help="EngineConfig.timeout_s (the work budget)")
    args = ap.parse_args(argv)
    from rewardcheck.rewards.engine import counters, default_pool

    default_pool().wait_ready(120.0)
    rounds = [cases(k) for k in range(args.rounds)]
    t0 = time.monotonic()
    alone = score_alone(rounds, args.limit)
    t_alone = time.monotonic() - t0
    before = counters()
    with busy_processes(args.busy, 600.0):
        t0 = time.monotonic()
        loaded = score_threaded(rounds, args.limit)
        t_loaded = time.monotonic() - t0
    after = counters()
    changed = 0
    print(f"{'case':44} {'idle':>10} {'8 threads + busy':>18}")
    for r, (cs, xs, ys) in enumerate(zip(rounds, alone, loaded, strict=True)):
        for c, x, y in zip(cs, xs, ys, strict=True):
            changed += x != y
            if r == 0 or x != y:
                mark = "" if x == y else "   CHANGED: " + y[1][:60]
                print(f"{c.family[:44]:44} {x[0]:>10} {y[0]:>18}{mark}")
    total = sum(len(cs) for cs in rounds)
    delta = {
        k: after.get(k, 0) - before.get(k, 0)
        for k in ("not_admitted", "over_budget", "over_budget_known", "machine_stalled")
    }
    print(
        f"\n{total} verdicts, {changed} changed under load ({args.rounds} threads, {args.busy} busy processes)"
    )
    print(f"loaded pass: {delta}; idle {t_alone:.1f} s, loaded {t_loaded:.1f} s")
    return 1 if changed else 0


if __name__ == "__main__":
    sys.exit(main())
