"""markup_invariance: the same final answer in other markup scores the same.

The right answer in each answer template the reward credits is re-rendered (math delimiters dropped or
changed, display math, bold, spaces inside the box, tags on one line; :func:`~rewardcheck.bench.strategies.probes.markups`)
and must earn what the plain rendering earns: a policy learns whichever markup pays, not the answer.
"""

from __future__ import annotations

from hypothesis import strategies as st

from rewardcheck.bench.cases.cases import MarkupCase
from rewardcheck.bench.strategies.attacks import GENUINE_BODY, PROBLEMS
from rewardcheck.bench.strategies.probes import markups
from rewardcheck.bench.strategies.templates import one_per_marker, render

from .base import Finding, Invariant, Unjudged, Verdict, make_batch
from .context import CheckContext
from .faults import Fault

__all__ = ["MARKUP_INVARIANCE", "markup_violation"]


_FIX = "read the answer whatever markup surrounds it: $ or \\( \\), display math, bold, spaces inside the box"


def _tolerance(ctx: CheckContext) -> float:
    return 0.02 if ctx.kind == "cosine" else 1e-6  # a length-shaped reward sees a few characters' difference


def markup_violation(ctx: CheckContext, case: MarkupCase) -> Verdict:
    t = case.template
    texts = [render(t, GENUINE_BODY, t.mark(case.value)), render(t, GENUINE_BODY, case.region)]
    scored = ctx.subject.score(
        make_batch(ctx, texts, [ctx.gold(case.value)] * 2, ["right answer", f"same answer, {case.change}"])
    )
    if scored.error:
        return Finding(scored.error, scored)
    tol = _tolerance(ctx)
    judged = False
    for name, (ref, var) in scored.scores.items():
        if ref is None or ref <= tol:
            continue
        judged = True
        if var is None or abs(var - ref) > tol:
            title = "equivalent answer underpaid" if var is None or var < ref else "markup changes the pay"
            return Finding(
                f"{name} pays {var} to the right answer re-rendered ({case.change}, template {t.name}) but "
                f"{ref:.4g} to it as the template writes it",
                scored,
                Fault.of(title, paid=var, expected=ref, at=1, fix=_FIX),
            )
    if not judged:
        return Unjudged(f"the right answer is not paid in template {t.name}")
    return None


@st.composite
def _cases(draw: st.DrawFn, ctx: CheckContext) -> MarkupCase:
    template = draw(st.sampled_from(list(ctx.templates or ())))
    value = draw(st.sampled_from([p.right for p in PROBLEMS]))
    change, region = draw(st.sampled_from(markups(template, value)))
    return MarkupCase(value, template, change, region)


def _every_markup(ctx: CheckContext) -> list[tuple[str, MarkupCase]]:
    """Every re-rendering of the first problem's answer in one template per marker the reward credits."""
    templates = ctx.templates if ctx.depth.value == "deep" else one_per_marker(ctx.templates or ())
    value = PROBLEMS[0].right
    return [
        (f"markup/{t.name} {change}", MarkupCase(value, t, change, region))
        for t in templates or ()
        for change, region in markups(t, value)
    ]


MARKUP_INVARIANCE = Invariant(
    name="markup_invariance",
    description=(
        "The same final answer in other markup (no or other math delimiters, display math, bold, spaces inside "
        "the box, answer tags on one line) earns what it earns as the template writes it."
    ),
    kinds=frozenset({"accuracy", "cosine", "any"}),
    composite=False,
    searches=lambda ctx: [("re-rendered answers", _cases(ctx))] if ctx.templates else [],
    violation=markup_violation,
    gated=True,
    enumerate=_every_markup,
)
