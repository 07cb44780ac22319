r"""Wording grammar rates: how often patched and plain math-verify give the expected verdict, per pool.

Draws ``--n`` compositions from each pool of :mod:`rewardcheck.bench.strategies.wording` (``lexicon``: the
engine lexicon's phrases; ``heldout``: paraphrases it does not list), the composition kinds in turn, with a
fixed seed, and scores each as a completion (a short think block, then the region) against its gold:
patched through its accuracy reward, plain math-verify as open-r1 calls it (``verify(parse(gold),
parse(completion))``, the gold in ``$...$``). A row agrees when the grader pays exactly the rows whose last
committed value equals the gold. Per pool and per kind, side by side.

Run: ``python -m benchmarks.wording [--n 600] [--seed 0] [--failures 10]``.
"""

from __future__ import annotations

import argparse
import logging
import sys
from collections import defaultdict
from collections.abc import Callable, Sequence

from rewardcheck.bench.strategies.wording import KINDS, Wording, completion, sample

__all__ = ["graders", "rates", "main"]

Grader = Callable[[Wording], bool]


def graders() -> dict[str, Grader]:
    """``{name: paid(wording)}`` for patched and plain math-verify."""
    from math_verify import parse, verify

    from rewardcheck.rewards.registry import build_registry

    for noisy in ("latex2sympy2_extended", "math_verify"):
        logging.getLogger(noisy).setLevel(logging.CRITICAL)
    accuracy = build_registry({}, "patched")["accuracy"]

    def patched(w: Wording) -> bool:
        return accuracy([completion(w)], solution=[w.gold])[0] == 1.0

    def math_verify(w: Wording) -> bool:
        try:
            return bool(verify(parse(f"${w.gold}$"), parse(completion(w))))
        except Exception:  # noqa: BLE001 - a verifier that raises pays nothing
            return False

    return {"patched": patched, "math-verify": math_verify}


def rates(rows: Sequence[Wording], grade: dict[str, Grader]) -> dict[str, dict[str, list[int]]]:
    """``{grader: {kind: [agree, n]}}`` with an ``ALL`` kind."""
    out: dict[str, dict[str, list[int]]] = {}
    for name, fn in grade.items():
        per: dict[str, list[int]] = defaultdict(lambda: [0, 0])
        for w in rows:
            ok = fn(w) == w.expected_paid
            for key in (w.kind, "ALL"):
                per[key][0] += ok
                per[key][1] += 1
        out[name] = dict(per)
    return out


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m benchmarks.wording", description=__doc__.split("\n")[0])
    p.add_argument("--n", type=int, default=600, help="compositions per pool")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--failures", type=int, default=0, help="print up to N patched disagreements per pool")
    args = p.parse_args(argv)
    grade = graders()
    for pool_name in ("lexicon", "heldout"):
        rows = sample(pool_name, args.n, args.seed)
        r = rates(rows, grade)
        print(f"\n== {pool_name}: {len(rows)} compositions (seed {args.seed})")
        print(f"    {'kind':26s}" + " | ".join(f"{g:>20s}" for g in grade))
        for kind in ("ALL", *KINDS):
            cells = []
            for g in grade:
                agree, n = r[g].get(kind, [0, 0])
                cells.append(f"{100.0 * agree / n if n else 0.0:5.1f}% ({agree}/{n})")
            print(f"    {kind:26s}" + " | ".join(f"{c:>20s}" for c in cells))
        shown = 0
        for w in rows:
            if shown >= args.failures:
                break
            if grade["patched"](w) != w.expected_paid:
                shown += 1
                print(f"      patched wrong: expected paid={w.expected_paid} gold={w.gold} {w.region!r}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
