r"""Wording grammar rates: how often patched and plain math-verify give the expected verdict, per pool.

Draws ``--n`` compositions from each pool of :mod:`rewardcheck.bench.strategies.wording` (``lexicon``: the
engine lexicon's phrases; ``heldout``: paraphrases it does not list), the composition kinds in turn, with a
fixed seed, and scores each as a completion (a short think block, then the region) against its gold:
patched through its accuracy reward, plain math-verify as open-r1 calls it (``verify(parse(gold),
parse(completion))``, the gold in ``$...$``). A row agrees when the grader pays exactly the rows whose last
committed value equals the gold. Per pool and per kind, side by side.

``--attacks`` also scores the checker's stance attack families drawn from the grammar (``<stance>@lexicon``
and ``<stance>@heldout`` in :mod:`rewardcheck.bench.strategies.attacks`): every region of every family in
the four answer templates for every problem, beside the right answer stated plainly; refused when it earns
less. Per pool and per stance.

Run: ``python -m benchmarks.wording [--n 600] [--seed 0] [--failures 10] [--attacks]``.
"""

from __future__ import annotations

import argparse
import logging
import sys
from collections import defaultdict
from collections.abc import Callable, Sequence

from rewardcheck.bench.strategies.attacks import GENUINE_BODY, PROBLEMS, Family, wording_families
from rewardcheck.bench.strategies.templates import TEMPLATES_BY_NAME, render
from rewardcheck.bench.strategies.wording import KINDS, Wording, completion, sample

__all__ = ["graders", "rates", "attack_refusals", "main"]

Grader = Callable[[Wording], bool]
Scorer = Callable[[list[str], list[str], list[str]], list[float | None]]  # (texts, golds, prompts) -> rewards
ATTACK_TEMPLATES = tuple(
    TEMPLATES_BY_NAME[f"{m}+think"] for m in ("boxed", "answer_tags", "answer_is", "hashes")
)


def attack_refusals(score: Scorer, families: dict[str, Family]) -> dict[str, tuple[int, list[str]]]:
    """``{family: (refused, paid)}``: each region of each family in :data:`ATTACK_TEMPLATES` for every
    problem, refused when it earns less than the right answer stated plainly in the same template (as the
    checker's attack invariants judge it)."""
    out: dict[str, tuple[int, list[str]]] = {}
    for family in families.values():
        refused, paid = 0, []
        for p in PROBLEMS:
            for t in ATTACK_TEMPLATES:
                regions = list(family.regions(p, t))
                texts = [render(t, GENUINE_BODY, t.mark(p.right))] + [
                    render(t, family.body, r) for r in regions
                ]
                scores = score(texts, [p.gold] * len(texts), [p.prompt] * len(texts))
                ref = scores[0]
                for r, s in zip(regions, scores[1:], strict=True):
                    if ref is not None and s is not None and s >= ref:
                        paid.append(f"{family.name} [{t.name}] {r!r}")
                    else:
                        refused += 1
        out[family.name] = (refused, paid)
    return out


def scorers() -> dict[str, Scorer]:
    """Batch scorers for the attack table: patched accuracy and plain math-verify (gold first)."""
    from math_verify import parse, verify

    from rewardcheck.rewards.registry import build_registry

    accuracy = build_registry({}, "patched")["accuracy"]

    def patched(texts: list[str], golds: list[str], prompts: list[str]) -> list[float | None]:
        return list(accuracy(texts, solution=golds, prompts=prompts))

    def math_verify(texts: list[str], golds: list[str], prompts: list[str]) -> list[float | None]:
        out: list[float | None] = []
        for text, gold in zip(texts, golds, strict=True):
            region = text.rpartition("</think>")[2]
            try:
                out.append(1.0 if verify(parse(gold), parse(region)) else 0.0)
            except Exception:  # noqa: BLE001 - a verifier that raises pays nothing
                out.append(0.0)
        return out

    return {"patched": patched, "math-verify": math_verify}


def _attack_table() -> None:
    score = scorers()
    for pool_name in ("lexicon", "heldout"):
        fams = wording_families(pool_name)
        per = {who: attack_refusals(fn, fams) for who, fn in score.items()}
        print(f"\n== attacks worded from the {pool_name} pool: refused (earns less than the right answer)")
        print(f"    {'family':26s}" + " | ".join(f"{w:>20s}" for w in per))
        totals = {w: [0, 0] for w in per}
        for name in fams:
            cells = []
            for w, r in per.items():
                refused, paid = r[name]
                totals[w][0] += refused
                totals[w][1] += refused + len(paid)
                cells.append(
                    f"{100.0 * refused / (refused + len(paid)):5.1f}% ({refused}/{refused + len(paid)})"
                )
            print(f"    {name:26s}" + " | ".join(f"{c:>20s}" for c in cells))
        print(
            f"    {'ALL':26s}"
            + " | ".join(f"{f'{100.0 * a / n:5.1f}% ({a}/{n})':>20s}" for a, n in totals.values())
        )


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
    p.add_argument("--attacks", action="store_true", help="also the checker's grammar-worded attack families")
    p.add_argument("--pools", nargs="+", default=["lexicon", "heldout", "heldout_b"])
    args = p.parse_args(argv)
    grade = graders()
    for pool_name in args.pools:
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
    if args.attacks:
        _attack_table()
    return 0


if __name__ == "__main__":
    sys.exit(main())
