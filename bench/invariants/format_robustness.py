"""format_robustness: a canonical R1 answer earns format credit whether the chat template pre-filled
``<think>`` or not, and whatever whitespace sits at the tag joints."""

from __future__ import annotations

from hypothesis import strategies as st

from rewardcheck.bench.cases.cases import LayoutCase
from rewardcheck.bench.strategies.completions import canonical_r1, r1_layouts

from .base import Finding, Invariant, correct_pay, make_batch
from .context import CheckContext
from .faults import Fault

__all__ = ["LayoutCase", "FORMAT_ROBUSTNESS", "format_violation"]


def format_violation(ctx: CheckContext, case: LayoutCase) -> Finding | None:
    reference = canonical_r1(case.body, "3")
    scored = ctx.subject.score(
        make_batch(ctx, [reference, case.text], [ctx.gold("3")] * 2, ["reference layout", "variant"])
    )
    if scored.error:
        return Finding(scored.error, scored)
    changed = {
        k: v for k, v in case.layout.items() if v != {"prefill_think": False, "trailing": ""}.get(k, "\n")
    }
    for name, (ref, var) in scored.scores.items():
        if ref is None or ref <= 0:
            return Finding(
                f"{name}: the reference R1 layout earns no format credit ({ref})",
                scored,
                Fault.of("correct format unpaid", paid=ref, expected=correct_pay(ctx), at=0),
            )
        if var is None or var < ref - 1e-6:
            return Finding(
                f"{name}: R1 answer with {changed or 'the reference layout'} scores {var} < {ref:.4g}",
                scored,
                Fault.of("correct format unpaid", paid=var, expected=ref, at=1),
            )
    return None


@st.composite
def _cases(draw: st.DrawFn) -> LayoutCase:
    text, layout = draw(r1_layouts())
    return LayoutCase(text, layout)


FORMAT_ROBUSTNESS = Invariant(
    name="format_robustness",
    description=(
        "A canonical R1 answer (<think> reasoning </think> then the answer) earns full format credit when the "
        "chat template pre-filled <think> and whatever whitespace surrounds the tags."
    ),
    kinds=frozenset({"format"}),
    composite=False,
    searches=lambda ctx: [("R1 layouts", _cases())],
    violation=format_violation,
)
