"""The invariant record, the runner shared by every invariant (fixed cases first, then hypothesis searches),
and batch building at real token boundaries."""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from hypothesis import strategies as st

from rewardcheck.bench.cases.catalogue import cases_for
from rewardcheck.bench.strategies.tokens import truncate

from .context import Batch, CheckContext, Scored
from .faults import Fault
from .results import Counterexample, InvariantResult

__all__ = [
    "Finding",
    "fault_of",
    "correct_pay",
    "Invariant",
    "make_batch",
    "run_invariant",
    "KIND_BOUNDS",
    "same",
]

KIND_BOUNDS: dict[str, tuple[float, float] | None] = {
    "accuracy": (0.0, 1.0),
    "format": (0.0, 1.0),
    "reasoning_steps": (0.0, 1.0),
    "cosine": (-1.0, 1.0),
    "length": (-1.0, 1.0),
    "shaping": (-1.0, 1.0),
    "any": None,
}

TOL = 1e-6


@dataclass(frozen=True)
class Finding:
    """Why a case breaks an invariant; ``fault`` says what the user must fix (paid against expected), when the
    invariant knows it (else the runner names the fault from the invariant and any failed call)."""

    note: str
    scored: Scored
    fault: Fault | None = None


def fault_of(invariant: str, finding: Finding) -> Fault:
    """The finding's fault: its own, a failed call's, or the invariant's failure with its note."""
    if finding.fault is not None:
        return finding.fault
    if finding.scored.failures:
        name, what = next(iter(finding.scored.failures.items()))
        title = "timed out" if what.startswith("timed out") else "call failed"
        return Fault.of(title, paid=f"{name} {what}", expected="a float or None for each completion")
    return Fault.of(f"{invariant} fails", paid=None, expected="", fix="")


@dataclass(frozen=True)
class Invariant:
    """A named property: ``searches(ctx)`` gives (label, strategy) pairs and ``violation(ctx, case)`` says
    why a case breaks the property (``None`` when it holds). The catalogue supplies fixed cases."""

    name: str
    description: str
    kinds: frozenset[str]
    composite: bool
    searches: Callable[[CheckContext], Sequence[tuple[str, st.SearchStrategy[Any]]]]
    violation: Callable[[CheckContext, Any], Finding | None]

    def applies(self, kind: str, composite: bool) -> bool:
        return self.composite if composite else kind in self.kinds


def make_batch(
    ctx: CheckContext,
    texts: Sequence[str],
    solutions: Sequence[str | None],
    labels: Sequence[str] = (),
    prompts: Sequence[str] | None = None,
) -> Batch:
    """A batch as TRL builds it: each text cut at ``max_completion_length`` tokens (ids without EOS) or
    finished with EOS."""
    cut = [truncate(ctx.tokens, t, ctx.max_completion_length) for t in texts]
    return Batch(
        completions=tuple(c.text for c in cut),
        solutions=tuple(solutions),
        prompts=tuple(prompts) if prompts is not None else tuple(ctx.prompt for _ in texts),
        completion_ids=tuple(tuple(c.completion_ids) for c in cut),
        labels=tuple(labels) if labels else tuple(f"#{i}" for i in range(len(texts))),
    )


def correct_pay(ctx: CheckContext) -> float | str:
    """What a correct answer should be paid under the check's kind: the top of its bounds (1.0 for accuracy),
    or "> 0" when the kind has none."""
    bounds = ctx.bounds or KIND_BOUNDS.get(ctx.kind)
    return bounds[1] if bounds is not None else "> 0"


def same(a: float | None, b: float | None, tol: float = TOL) -> bool:
    if a is None or b is None:
        return a is b
    return abs(a - b) <= tol


def run_invariant(ctx: CheckContext, inv: Invariant) -> InvariantResult:
    start = time.perf_counter()
    found: list[Counterexample] = []
    case_found: list[Counterexample] = []
    runs = 0
    for fixed in cases_for(inv.name, ctx.kind, composite=ctx.subject.is_composite, heavy=ctx.heavy_cases):
        runs += 1
        finding = inv.violation(ctx, fixed.case(ctx))
        if finding is not None:
            cx = finding.scored.counterexample(
                f"{finding.note} (expected: {fixed.expectation})", f"case:{fixed.name}"
            )
            cx.fault = fault_of(inv.name, finding)
            case_found.append(cx)
    for label, strategy in inv.searches(ctx):

        def why(case: Any) -> str | None:
            f = inv.violation(ctx, case)
            return None if f is None else f.note

        result = ctx.search(strategy, why)
        runs += result.runs
        if result.example is not None:
            finding = inv.violation(ctx, result.example)
            if finding is not None:
                cx = finding.scored.counterexample(finding.note, f"hypothesis (shrunk; search {label!r})")
                cx.fault = fault_of(inv.name, finding)
                found.append(cx)
    every = found + case_found
    if every:
        searches = "" if not found else f"; {len(found)} from hypothesis"
        message = f"{len(every)} counterexample(s){searches}; first: {every[0].note}"
    else:
        message = "no counterexample found"
    return InvariantResult(
        inv.name,
        inv.description,
        not every,
        every[0] if every else None,
        message,
        runs,
        every,
        seconds=time.perf_counter() - start,
    )
