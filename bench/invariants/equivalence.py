"""equivalence: every equivalent rendering of the gold scores like the canonical answer; near misses never do.

Searched per answer family so that one family's fault (say intervals under a reversed ``verify``) is not
hidden behind another's.
"""

from __future__ import annotations

from hypothesis import strategies as st

from rewardcheck.bench.cases.cases import EquivalenceCase
from rewardcheck.bench.strategies.answers import FAMILIES, answer_pairs
from rewardcheck.bench.strategies.completions import build_completion, completion_styles
from rewardcheck.bench.strategies.reasoning import generated_bodies

from .base import Finding, Invariant, correct_pay, make_batch
from .context import CheckContext
from .faults import Fault

__all__ = ["EquivalenceCase", "EQUIVALENCE", "equivalence_violation"]


def _tolerance(ctx: CheckContext) -> float:
    # Length-shaped rewards see a few characters' difference between renderings.
    return 0.02 if ctx.kind in {"cosine", "length"} else 1e-6


def equivalence_violation(ctx: CheckContext, case: EquivalenceCase) -> Finding | None:
    p = case.pair
    texts = [
        build_completion(case.style, case.body, a, prefill_think=ctx.prefill_think)
        for a in (p.canonical, p.equivalent, p.near_miss)
    ]
    gold = ctx.gold(case.written_gold or p.canonical)
    scored = ctx.subject.score(make_batch(ctx, texts, [gold] * 3, ["canonical", "equivalent", "near miss"]))
    if scored.error:
        return Finding(scored.error, scored)
    tol = _tolerance(ctx)
    full = correct_pay(ctx)
    for name, (canon, equiv, near) in scored.scores.items():
        # The canonical answer is the reference of this invariant: judge it first, or a reward that pays no
        # correct answer would "hold" (every rendering 0) or be blamed for a near miss scoring as little.
        if canon is None or canon <= tol:
            return Finding(
                f"{name}: the correct answer {p.canonical!r} for gold {gold!r} scores {canon}",
                scored,
                Fault.of("correct answer unpaid", paid=canon, expected=full, at=0),
            )
        if equiv is None or abs(equiv - canon) > tol:
            return Finding(
                f"{name}: equivalent rendering {p.equivalent!r} scores {equiv} but the canonical {p.canonical!r} "
                f"scores {canon:.4g} (gold {gold!r})",
                scored,
                Fault.of("equivalent answer underpaid", paid=equiv, expected=canon, at=1),
            )
        if near is not None and near >= canon - tol:
            return Finding(
                f"{name}: near miss {p.near_miss!r} scores {near:.4g}, as much as the canonical answer (gold {gold!r})",
                scored,
                Fault.of("near miss paid as the correct answer", paid=near, expected=f"< {canon:.4g}", at=2),
            )
    return None


@st.composite
def _cases(draw: st.DrawFn, ctx: CheckContext, family: str) -> EquivalenceCase:
    return EquivalenceCase(
        draw(answer_pairs(family)), draw(completion_styles(ctx.prefill_think)), draw(generated_bodies(2, 2))
    )


EQUIVALENCE = Invariant(
    name="equivalence",
    description=(
        "Every equivalent rendering of the gold (\\dfrac12, 0.5, 1/2, x = 3, \\text{3}, units, intervals for "
        "inequalities, sets in any order) scores as the canonical answer does; near misses (0.51, -1/2, 2 for "
        "2\\sqrt{2}, (1,2] for 1<x<2) always score less."
    ),
    kinds=frozenset({"accuracy", "cosine"}),
    composite=False,
    searches=lambda ctx: [(f"family {f}", _cases(ctx, f)) for f in FAMILIES],
    violation=equivalence_violation,
)
