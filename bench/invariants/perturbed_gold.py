"""perturbed_gold: a completion paid for its gold is not paid as much against a different gold.

The right answer, in each answer template the reward credits, is scored against its gold and against the gold
with a character appended, its last character dropped, or its last two swapped, each written the way the
check's golds are (every gold format the reward accepts is tried). A reward that compares by substring,
prefix or the set of digits pays the perturbed gold: the same reward pays a wrong answer (``390`` for the gold
``39``). A perturbation that leaves the value unchanged (``1.50`` -> ``1.5``) is skipped: the engine's
``judge`` says which.
"""

from __future__ import annotations

from functools import lru_cache

from hypothesis import strategies as st

from rewardcheck.bench.cases.cases import PerturbedGoldCase
from rewardcheck.bench.strategies.attacks import GENUINE_BODY, PROBLEMS
from rewardcheck.bench.strategies.probes import PERTURBATIONS, perturb
from rewardcheck.bench.strategies.templates import one_per_marker, render

from .base import Finding, Invariant, Unjudged, Verdict, make_batch
from .context import CheckContext
from .faults import Fault

__all__ = ["PERTURBED_GOLD", "perturbed_gold_violation", "same_value"]

_TOL = 1e-6
_MAX_USER_VALUES = 5  # of a user's sample golds, the first few serve as problems too


@lru_cache(maxsize=1024)
def same_value(a: str, b: str) -> bool:
    """Whether two gold values are equal, by the answer engine (its public ``judge``)."""
    from rewardcheck.rewards.engine import judge

    return judge(f"The answer is $\\boxed{{{b}}}$.", f"${a}$").verdict.value == "correct"


def perturbed_gold_violation(ctx: CheckContext, case: PerturbedGoldCase) -> Verdict:
    other = perturb(case.value, case.perturbation)
    if not other.strip() or other == case.value or same_value(case.value, other):
        return Unjudged(f"{case.perturbation.value} leaves {case.value!r} the same value")
    text = render(case.template, GENUINE_BODY, case.template.mark(case.value))
    gold, wrong_gold = case.gold.render(case.value), case.gold.render(other)
    labels = ["right answer, its gold", f"same answer, gold with {case.perturbation.value}"]
    scored = ctx.subject.score(make_batch(ctx, [text, text], [gold, wrong_gold], labels))
    if scored.error:
        return Finding(scored.error, scored)
    judged = False
    for name, (ref, att) in scored.scores.items():
        if ref is None or ref <= _TOL:
            continue
        judged = True
        if att is not None and att >= ref - _TOL:
            return Finding(
                f"{name} pays {att:.4g} to the answer {case.value!r} against the gold {wrong_gold!r} "
                f"({case.perturbation.value}), as much as against its own gold ({ref:.4g}); template "
                f"{case.template.name}, {case.gold.name} golds",
                scored,
                Fault.of("paid against a perturbed gold", paid=att, expected=f"< {ref:.4g}", at=1),
            )
    if not judged:
        return Unjudged(f"the right answer {case.value!r} is not paid in template {case.template.name}")
    return None


@st.composite
def _cases(draw: st.DrawFn, ctx: CheckContext) -> PerturbedGoldCase:
    values = [p.right for p in PROBLEMS] + list(ctx.user_values[:_MAX_USER_VALUES])
    return PerturbedGoldCase(
        draw(st.sampled_from(values)),
        draw(st.sampled_from(list(ctx.templates or ()))),
        draw(st.sampled_from(PERTURBATIONS)),
        draw(st.sampled_from(list(ctx.gold_formats))),
    )


def _every_perturbation(ctx: CheckContext) -> list[tuple[str, PerturbedGoldCase]]:
    """The first problem's answer in one template per marker, each perturbation, under every gold format the
    reward accepts."""
    templates = ctx.templates if ctx.depth.value == "deep" else one_per_marker(ctx.templates or ())
    return [
        (
            f"perturbed/{fmt.name} {t.name} {how.name.lower()}",
            PerturbedGoldCase(PROBLEMS[0].right, t, how, fmt),
        )
        for fmt in ctx.gold_formats
        for t in templates or ()
        for how in PERTURBATIONS
    ]


PERTURBED_GOLD = Invariant(
    name="perturbed_gold",
    description=(
        "A completion paid for its gold earns less against a different gold: the gold with a character "
        "appended, its last character dropped, or its last two swapped (a substring, prefix or digit-set "
        "comparison pays them), under every gold format the reward accepts."
    ),
    kinds=frozenset({"accuracy", "cosine", "any"}),
    composite=False,
    searches=lambda ctx: [("perturbed golds", _cases(ctx))] if ctx.templates else [],
    violation=perturbed_gold_violation,
    gated=True,
    enumerate=_every_perturbation,
)
