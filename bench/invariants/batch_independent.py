"""deterministic / batch_independent: a completion's reward depends only on itself (and, for group-relative
rewards, on its own prompt group), never on other prompts' completions in the same call."""

from __future__ import annotations

from hypothesis import strategies as st

from rewardcheck.bench.cases.cases import GroupsCase
from rewardcheck.bench.strategies.answers import answer_pairs
from rewardcheck.bench.strategies.completions import completions_with_answer

from .base import Finding, Invariant, make_batch, same
from .context import CheckContext, Scored

__all__ = ["GroupsCase", "BATCH_INDEPENDENT", "batch_independent_violation"]


def _differs(a: Scored, b: Scored, offset: int, n: int) -> str | None:
    for name in a.scores:
        for i in range(n):
            if not same(a.scores[name][i], b.scores[name][offset + i]):
                return f"{name} of completion #{i}: {a.scores[name][i]} alone vs {b.scores[name][offset + i]}"
    return None


def batch_independent_violation(ctx: CheckContext, case: GroupsCase) -> Finding | None:
    n_a, n_b = len(case.group_a), len(case.group_b)
    sol_a, sol_b = [ctx.gold(case.gold_a)] * n_a, [ctx.gold(case.gold_b)] * n_b
    pr_a, pr_b = [ctx.prompt] * n_a, [ctx.other_prompt] * n_b
    labels = [f"A{i}" for i in range(n_a)] + [f"B{i}" for i in range(n_b)]
    alone = ctx.subject.score(make_batch(ctx, case.group_a, sol_a, labels[:n_a], pr_a))
    mixed = ctx.subject.score(
        make_batch(ctx, case.group_a + case.group_b, sol_a + sol_b, labels, pr_a + pr_b)
    )
    for scored in (alone, mixed):
        if scored.error:
            return Finding(scored.error, scored)
    again = ctx.subject.score_fresh(make_batch(ctx, case.group_a, sol_a, labels[:n_a], pr_a))
    if (d := _differs(alone, again, 0, n_a)) is not None:
        return Finding(f"not deterministic: {d} when called twice", again)
    if (d := _differs(alone, mixed, 0, n_a)) is not None:
        return Finding(
            f"depends on another prompt's completions in the batch: {d} next to group B (other prompt)", mixed
        )
    swapped = ctx.subject.score(
        make_batch(ctx, case.group_b + case.group_a, sol_b + sol_a, labels[n_a:] + labels[:n_a], pr_b + pr_a)
    )
    if swapped.error:
        return Finding(swapped.error, swapped)
    if (d := _differs(alone, swapped, n_b, n_a)) is not None:
        return Finding(f"depends on position in the batch: {d} after group B", swapped)
    return None


@st.composite
def _cases(draw: st.DrawFn, ctx: CheckContext) -> GroupsCase:
    size = draw(st.integers(2, 3))  # equal group sizes so num_generations-based grouping works too
    groups = []
    for _ in range(2):
        pair = draw(answer_pairs())
        texts = tuple(
            draw(
                completions_with_answer(
                    draw(st.sampled_from([pair.canonical, pair.near_miss])), ctx.prefill_think
                )
            )
            for _ in range(size)
        )
        groups.append((texts, pair.canonical))
    return GroupsCase(groups[0][0], groups[0][1], groups[1][0], groups[1][1])


BATCH_INDEPENDENT = Invariant(
    name="batch_independent",
    description=(
        "Deterministic, and a completion's reward does not depend on the other completions in the call: "
        "adding or reordering another prompt's group leaves it unchanged (group-relative rewards may depend "
        "only on their own prompt group)."
    ),
    kinds=frozenset({"accuracy", "format", "reasoning_steps", "cosine", "length", "shaping", "any"}),
    composite=True,
    searches=lambda ctx: [("two prompt groups", _cases(ctx))],
    violation=batch_independent_violation,
)
