"""ordering (composite): for one prompt, a complete correct answer > a complete wrong answer >= an attempt
cut at max_completion_length >= a degenerate output, in the weighted total TRL optimises."""

from __future__ import annotations

from hypothesis import strategies as st

from rewardcheck.bench.cases.cases import OrderingCase
from rewardcheck.bench.strategies.answers import ANSWER_CASES
from rewardcheck.bench.strategies.completions import build_completion, completion_styles
from rewardcheck.bench.strategies.degenerate import degenerate_outputs
from rewardcheck.bench.strategies.reasoning import real_bodies
from rewardcheck.bench.strategies.tokens import pad_to_tokens

from .base import Finding, Invariant, make_batch
from .context import CheckContext

__all__ = ["OrderingCase", "ORDERING", "ordering_violation"]

_INTEGER = ANSWER_CASES[0]


def _total(v: float | None) -> float:
    return 0.0 if v is None else v  # TRL sums with nansum: a skipped row adds nothing


def ordering_violation(ctx: CheckContext, case: OrderingCase) -> Finding | None:
    gold, right, wrong = ctx.gold(_INTEGER.canonical), _INTEGER.canonical, _INTEGER.near_misses[0]
    pre = ctx.prefill_think
    long_body = pad_to_tokens(ctx.tokens, case.body, ctx.max_completion_length + 32)
    texts = [
        build_completion(case.style, case.body, right, prefill_think=pre),
        build_completion(case.style, case.body, wrong, prefill_think=pre),
        build_completion(case.style, long_body, right, prefill_think=pre),  # cut before its answer
        case.degenerate.text,
    ]
    labels = ["complete correct", "complete wrong", "truncated", f"degenerate ({case.degenerate.kind})"]
    scored = ctx.subject.score(make_batch(ctx, texts, [gold] * 4, labels))
    if scored.error:
        return Finding(scored.error, scored)
    c, w, t, d = (_total(v) for v in scored.total)
    if not c > w:
        return Finding(
            f"a complete wrong answer totals {w:.4g}, as much as the correct one ({c:.4g})", scored
        )
    if not w >= t - 1e-9:
        return Finding(
            f"a truncated attempt totals {t:.4g}, more than a complete wrong answer ({w:.4g})", scored
        )
    if not t >= d - 1e-9:
        return Finding(
            f"a degenerate output ({case.degenerate.kind}) totals {d:.4g}, more than a genuine attempt cut at "
            f"max_completion_length ({t:.4g})",
            scored,
        )
    return None


@st.composite
def _cases(draw: st.DrawFn, ctx: CheckContext) -> OrderingCase:
    return OrderingCase(
        draw(completion_styles(ctx.prefill_think)),
        draw(real_bodies(1)),
        draw(degenerate_outputs(ctx.prompt, "3")),
    )


ORDERING = Invariant(
    name="ordering",
    description=(
        "For the same prompt the weighted total ranks complete-correct > complete-wrong >= truncated at "
        "max_completion_length >= degenerate (empty, tags only, step markers only, prompt echo, repetition)."
    ),
    kinds=frozenset(),
    composite=True,
    searches=lambda ctx: [("four attempts", _cases(ctx))],
    violation=ordering_violation,
)
