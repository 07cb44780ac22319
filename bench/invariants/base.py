"""The invariant record, the runner shared by every invariant (fixed cases first, then hypothesis searches),
and batch building at real token boundaries."""

from __future__ import annotations

import time
from collections import Counter
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
    "Unjudged",
    "Verdict",
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


@dataclass(frozen=True)
class Unjudged:
    """A case that could not show the property either way, and why (the reward did not pay the right answer
    the case measures against). An invariant whose every case is unjudged reports *cannot judge*."""

    why: str


Verdict = Finding | Unjudged | None  # what an invariant's ``violation`` says of one case


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
    why a case breaks the property (``None`` when it holds, :class:`Unjudged` when the case cannot tell). The
    catalogue supplies fixed cases.

    ``gated``: the property is that something is *not* paid, which a reward that never pays the right answer
    satisfies without showing anything; such an invariant holds only when the check saw the right answer paid
    (``CheckContext.reference_paid``), else it cannot judge."""

    name: str
    description: str
    kinds: frozenset[str]
    composite: bool
    searches: Callable[[CheckContext], Sequence[tuple[str, st.SearchStrategy[Any]]]]
    violation: Callable[[CheckContext, Any], Verdict]
    gated: bool = False
    # named cases built from the check itself (the templates and gold formats the reward credits), run before
    # the searches: a small space enumerated, so no combination is left to chance. A name is "group/detail":
    # after a group's first counterexample the rest of the group is skipped.
    enumerate: Callable[[CheckContext], Sequence[tuple[str, Any]]] | None = None
    quick_examples: int | None = None  # a quick check's examples per search, when fewer than the check's

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


def never_paid(ctx: CheckContext) -> str:
    """Why nothing the reward left unpaid shows anything: it never paid the right answer."""
    tried = "the gold format given" if ctx.gold_declared else "every gold format tried"
    return (
        f"the reward never paid the right answer (gold {ctx.gold_format.name}, {tried}, every answer "
        "template): that it pays nothing to these cases shows nothing"
    )


def idle_reason(ctx: CheckContext) -> str:
    """Why an invariant ran no case at all."""
    if ctx.reference_paid is False:
        return never_paid(ctx)
    return (
        f"no answer template pays the right answer more than a wrong one (gold {ctx.gold_format.name}): "
        "there is nothing to measure these cases against"
    )


def run_invariant(ctx: CheckContext, inv: Invariant) -> InvariantResult:
    start = time.perf_counter()
    found: list[Counterexample] = []
    case_found: list[Counterexample] = []
    runs = 0
    judged = 0
    unjudged: Counter[str] = Counter()

    def verdict(case: Any) -> Finding | None:
        nonlocal judged
        out = inv.violation(ctx, case)
        if isinstance(out, Unjudged):
            unjudged[out.why] += 1
            return None
        judged += 1
        return out

    for fixed in cases_for(
        inv.name,
        ctx.kind,
        composite=ctx.subject.is_composite,
        heavy=ctx.heavy_cases,
        gold_declared=ctx.gold_declared,
        deep=ctx.depth.value == "deep",
        formats_paid=getattr(ctx.gold_choice, "paid", None),
    ):
        runs += 1
        finding = verdict(fixed.case(ctx))
        if finding is not None:
            cx = finding.scored.counterexample(
                f"{finding.note} (expected: {fixed.expectation})", f"case:{fixed.name}"
            )
            cx.fault = fault_of(inv.name, finding)
            case_found.append(cx)
    failed_groups: set[str] = set()
    for name, case in inv.enumerate(ctx) if inv.enumerate is not None else ():
        group = name.split("/", 1)[0]
        if group in failed_groups:
            continue
        runs += 1
        finding = verdict(case)
        if finding is not None:
            failed_groups.add(group)
            cx = finding.scored.counterexample(finding.note, f"case:{name}")
            cx.fault = fault_of(inv.name, finding)
            case_found.append(cx)
    for label, strategy in inv.searches(ctx):

        def why(case: Any) -> str | None:
            f = verdict(case)
            return None if f is None else f.note

        limit = inv.quick_examples if ctx.depth.value == "quick" else None
        result = ctx.search(strategy, why, min(ctx.max_examples, limit) if limit else None)
        runs += result.runs
        if result.example is not None:
            shrunk = inv.violation(ctx, result.example)
            if isinstance(shrunk, Finding):
                cx = shrunk.scored.counterexample(shrunk.note, f"hypothesis (shrunk; search {label!r})")
                cx.fault = fault_of(inv.name, shrunk)
                found.append(cx)
    every = found + case_found
    cannot: str | None = None
    if every:
        searches = "" if not found else f"; {len(found)} from hypothesis"
        message = f"{len(every)} counterexample(s){searches}; first: {every[0].note}"
    elif judged == 0:
        cannot = unjudged.most_common(1)[0][0] if unjudged else idle_reason(ctx)
        message = f"cannot judge: {cannot}"
    elif inv.gated and ctx.reference_paid is False:
        cannot = never_paid(ctx)
        message = f"cannot judge: {cannot}"
    else:
        message = f"no counterexample found ({judged} cases judged)"
    return InvariantResult(
        inv.name,
        inv.description,
        not every and cannot is None,
        every[0] if every else None,
        message,
        runs,
        every,
        seconds=time.perf_counter() - start,
        cannot_judge=cannot,
    )
