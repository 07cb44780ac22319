"""well_formed: never raises, one finite float or None per completion, within the declared bounds, in time."""

from __future__ import annotations

from dataclasses import dataclass

from hypothesis import strategies as st

from rewardcheck.bench.cases.cases import WellFormedCase
from rewardcheck.bench.strategies.adversarial import adversarial_outputs
from rewardcheck.bench.strategies.answers import UNPARSEABLE_GOLDS, answer_pairs
from rewardcheck.bench.strategies.completions import completions_with_answer
from rewardcheck.bench.strategies.degenerate import degenerate_outputs
from rewardcheck.bench.strategies.golds import AsWritten

from .base import KIND_BOUNDS, Finding, Invariant, make_batch
from .calling import Awaiting
from .context import CheckContext, Scored
from .faults import Fault
from .forked import can_fork, in_fork

__all__ = ["WellFormedCase", "WELL_FORMED", "well_formed_violation"]


@dataclass(frozen=True)
class FailedCall:
    """A call made before the invariants ran (choosing the gold format) that raised or timed out."""

    scored: Scored


def _failed_calls(ctx: CheckContext) -> list[tuple[str, FailedCall]]:
    failed = getattr(ctx.gold_choice, "failed", ())
    return [(f"gold choice/call {i}", FailedCall(s)) for i, s in enumerate(failed)]


def well_formed_violation(ctx: CheckContext, case: WellFormedCase | FailedCall) -> Finding | None:
    if isinstance(case, FailedCall):
        return Finding(str(case.scored.error), case.scored)
    gold = ctx.gold(case.gold)
    batch = make_batch(ctx, case.texts, [gold] * len(case.texts), case.labels)
    if case.isolated and can_fork():
        # a power tower can send a reward into C code (a huge integer power) that no in-process limit stops
        limit = ctx.subject.time_limit_s * len(case.texts)
        out = in_fork(lambda: ctx.subject.score_fresh(batch), limit_s=limit + 1.0)
        if out.killed or out.error is not None:
            what = f"did not return within {limit:g} s (killed)" if out.killed else f"raised {out.error}"
            name = ", ".join(ctx.subject.funcs)
            stand_in = Scored(batch, {n: [None] * len(case.texts) for n in ctx.subject.funcs}, [None], what)
            stand_in.failures.update({n: what for n in ctx.subject.funcs})
            title = "timed out" if out.killed else "call failed"
            return Finding(
                f"{name} {what}", stand_in, Fault.of(title, paid=f"{name} {what}", expected="a float or None")
            )
        scored = out.value
    else:
        scored = ctx.subject.score(batch)
    if scored.error is not None:
        return Finding(scored.error, scored)
    for name, awaiting in ctx.subject.awaiting.items():
        if awaiting is Awaiting.UNDECLARED:
            return Finding(
                f"{name} {awaiting.value}",
                scored,
                Fault.of(
                    "call failed",
                    paid=f"{name} returned a coroutine to a synchronous call",
                    expected="a list of floats, or `async def` on the function or its __call__",
                    fix="declare the function (or the class's __call__) `async def`, or return the values",
                ),
            )
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
    golds: list[str | AsWritten] = [pair.canonical, *map(AsWritten, UNPARSEABLE_GOLDS[:3])]
    gold = draw(st.sampled_from(golds))
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
    enumerate=_failed_calls,
)
