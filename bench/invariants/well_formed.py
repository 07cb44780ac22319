"""well_formed: never raises, one finite float or None per completion, within the declared bounds, in time."""

from __future__ import annotations

from hypothesis import strategies as st

from rewardcheck.bench.cases.cases import WellFormedCase
from rewardcheck.bench.strategies.adversarial import adversarial_outputs
from rewardcheck.bench.strategies.answers import UNPARSEABLE_GOLDS, answer_pairs
from rewardcheck.bench.strategies.completions import completions_with_answer
from rewardcheck.bench.strategies.degenerate import degenerate_outputs

from .base import KIND_BOUNDS, Finding, Invariant, make_batch
from .context import CheckContext

__all__ = ["WellFormedCase", "WELL_FORMED", "well_formed_violation"]


def well_formed_violation(ctx: CheckContext, case: WellFormedCase) -> Finding | None:
    scored = ctx.subject.score(make_batch(ctx, case.texts, [case.gold] * len(case.texts), case.labels))
    if scored.error is not None:
        return Finding(scored.error, scored)
    bounds = (
        ctx.bounds
        if ctx.bounds is not None
        else (None if ctx.subject.is_composite else KIND_BOUNDS.get(ctx.kind))
    )
    if bounds is not None:
        lo, hi = bounds
        for name, values in scored.scores.items():
            for i, v in enumerate(values):
                if v is not None and not lo - 1e-9 <= v <= hi + 1e-9:
                    return Finding(
                        f"{name} returned {v:.4g} for completion #{i}, outside the declared bounds [{lo:g}, {hi:g}]",
                        scored,
                    )
    return None


@st.composite
def _cases(draw: st.DrawFn, ctx: CheckContext) -> WellFormedCase:
    pair = draw(answer_pairs())
    gold = draw(st.sampled_from([pair.gold, *UNPARSEABLE_GOLDS[:3]]))
    n = draw(st.integers(1, 3))
    texts, labels = [], []
    for _ in range(n):
        which = draw(st.sampled_from(["answer", "degenerate", "adversarial"]))
        if which == "answer":
            answer = draw(st.sampled_from([pair.equivalent, pair.near_miss]))
            texts.append(draw(completions_with_answer(answer, ctx.prefill_think, real_text=False)))
        elif which == "degenerate":
            texts.append(draw(degenerate_outputs(ctx.prompt)).text)
        else:
            texts.append(draw(adversarial_outputs()).text)
        labels.append(which)
    return WellFormedCase(tuple(texts), gold, tuple(labels))


WELL_FORMED = Invariant(
    name="well_formed",
    description=(
        "Never raises; returns one finite float or None per completion, within the declared bounds, and "
        "answers within the per-completion time limit (also on power towers, 500 nested braces, 1 MB strings)."
    ),
    kinds=frozenset({"accuracy", "format", "reasoning_steps", "cosine", "length", "shaping", "any"}),
    composite=True,
    searches=lambda ctx: [("mixed batch", _cases(ctx))],
    violation=well_formed_violation,
)
