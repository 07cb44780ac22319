"""no_free_reward: an unparseable gold never yields a positive reward (None, a skip, is best; 0.0 is allowed); and
no_degenerate_reward: a degenerate output (empty, tags only, step markers only, repetition, prompt echo,
boxed loops) never earns a positive reward."""

from __future__ import annotations

from hypothesis import strategies as st

from rewardcheck.bench.cases.cases import DegenerateCase, FreeRewardCase
from rewardcheck.bench.strategies.answers import answer_pairs, unparseable_golds
from rewardcheck.bench.strategies.completions import completions_with_answer
from rewardcheck.bench.strategies.degenerate import degenerate_outputs
from rewardcheck.bench.strategies.golds import AsWritten

from .base import Finding, Invariant, make_batch
from .context import CheckContext
from .faults import Fault

__all__ = ["FreeRewardCase", "DegenerateCase", "NO_FREE_REWARD", "NO_DEGENERATE_REWARD"]


def free_reward_violation(ctx: CheckContext, case: FreeRewardCase) -> Finding | None:
    n = len(case.texts)
    answered = case.answered or (True,) * n
    labels = ["answered" if a else "no answer" for a in answered]
    gold = ctx.gold(case.gold)
    scored = ctx.subject.score(make_batch(ctx, case.texts, [gold] * n, labels))
    if scored.error:
        return Finding(scored.error, scored)
    for name, values in scored.scores.items():
        paid = [v for v in values if v is not None]
        if any(v > 1e-9 for v in paid):
            what = (
                "a constant positive reward" if len(set(paid)) == 1 and len(paid) == n else "positive rewards"
            )
            at = next(i for i, v in enumerate(values) if v is not None and v > 1e-9)
            return Finding(
                f"{name} pays {what} {values} for the unparseable gold {gold!r} instead of None",
                scored,
                Fault.of("free reward", paid=values[at], expected=None, at=at),
            )
        # 0.0 (or a negative reward) against a gold it cannot read pays nothing: a wasted sample, not free
        # reward; None is better (the sample is skipped), but only a positive reward is a fault here.
    return None


@st.composite
def _free_cases(draw: st.DrawFn, ctx: CheckContext) -> FreeRewardCase:
    # an unparseable gold is unparseable however a dataset writes golds: kept as written
    gold = AsWritten(draw(unparseable_golds()))
    pair = draw(answer_pairs())
    texts = tuple(
        draw(
            completions_with_answer(
                draw(st.sampled_from([pair.canonical, pair.near_miss])), ctx.prefill_think, real_text=False
            )
        )
        for _ in range(draw(st.integers(2, 3)))
    )
    return FreeRewardCase(gold, texts)


NO_FREE_REWARD = Invariant(
    name="no_free_reward",
    description=(
        "An unparseable gold (empty, 'N/A', prose) never yields a positive reward: a reward cannot pay for "
        "matching a gold it cannot read (None, skipping the sample, is best; 0.0 pays nothing and is allowed)."
    ),
    kinds=frozenset({"accuracy", "cosine", "length"}),
    composite=False,
    searches=lambda ctx: [("unparseable gold", _free_cases(ctx))],
    violation=free_reward_violation,
    gated=True,
)


def degenerate_violation(ctx: CheckContext, case: DegenerateCase) -> Finding | None:
    scored = ctx.subject.score(make_batch(ctx, [case.output.text], [ctx.gold(case.gold)], [case.output.kind]))
    if scored.error:
        return Finding(scored.error, scored)
    for name, values in scored.scores.items():
        v = values[0]
        if v is not None and v > 1e-9:
            return Finding(
                f"{name} pays {v:.4g} to a degenerate output ({case.output.kind})",
                scored,
                Fault.of("degenerate output paid", paid=v, expected=0.0, at=0),
            )
    return None


@st.composite
def _degenerate_cases(draw: st.DrawFn, ctx: CheckContext) -> DegenerateCase:
    # A gold every parser reads: free reward on odd golds is no_free_reward's business.
    return DegenerateCase(draw(degenerate_outputs(ctx.prompt, "3")), "3")


NO_DEGENERATE_REWARD = Invariant(
    name="no_degenerate_reward",
    description=(
        "A degenerate output (empty, whitespace, only tags, empty think block, only step markers such as "
        "'First, Finally,', a repeated token or n-gram, the prompt echoed, \\boxed{} loops) earns no positive reward."
    ),
    kinds=frozenset({"accuracy", "format", "reasoning_steps", "cosine", "shaping"}),
    composite=False,
    searches=lambda ctx: [("degenerate output", _degenerate_cases(ctx))],
    violation=degenerate_violation,
    gated=True,
)
