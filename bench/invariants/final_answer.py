"""final_answer: correctness is judged on the final answer only.

The last boxed answer after the reasoning counts (a model that corrects itself is judged on its
correction); an answer that appears only inside the think block, a correct answer in the think block
followed by a wrong final one, and two different answers offered as alternatives are not credited.
"""

from __future__ import annotations

from hypothesis import strategies as st

from rewardcheck.bench.cases.cases import FinalAnswerCase
from rewardcheck.bench.strategies.answers import answer_pairs

from .base import Finding, Invariant, correct_pay, make_batch
from .context import CheckContext
from .faults import Fault

__all__ = ["FinalAnswerCase", "FINAL_ANSWER", "final_answer_violation", "PATTERNS"]

# pattern -> (credited?, template with {right} and {wrong})
PATTERNS: dict[str, tuple[bool, str]] = {
    "self_correction": (
        True,
        "<think>\nchecking\n</think>\n\nFirst I wrote $\\boxed{{{wrong}}}$, but that is wrong; the answer is $\\boxed{{{right}}}$.",
    ),
    "think_wrong_final_right": (
        True,
        "<think>\nmaybe $\\boxed{{{wrong}}}$\n</think>\n\nThe final answer is $\\boxed{{{right}}}$.",
    ),
    "answer_in_think_only": (
        False,
        "<think>\nthe answer is $\\boxed{{{right}}}$\n</think>\n\nI am not sure.",
    ),
    "think_right_final_wrong": (
        False,
        "<think>\nmaybe $\\boxed{{{right}}}$\n</think>\n\nThe final answer is $\\boxed{{{wrong}}}$.",
    ),
    "alternatives": (
        False,
        "<think>\nhmm\n</think>\n\nThe answer is $\\boxed{{{right}}}$ or $\\boxed{{{wrong}}}$.",
    ),
}


def _render(pattern: str, right: str, wrong: str, prefill: bool) -> str:
    text = PATTERNS[pattern][1].format(right=right, wrong=wrong)
    return text.removeprefix("<think>\n") if prefill else text


# The reference: the right answer alone, boxed once after the reasoning. Nothing in it may trip a reward that
# reads the first box, the last box or any box: a first-box-wins reward must fail the self-correction
# patterns against it, not share their fault (the old reference put a wrong box in the think block first).
REFERENCE = "<think>\nchecking\n</think>\n\nThe final answer is $\\boxed{{{right}}}$."


def final_answer_violation(ctx: CheckContext, case: FinalAnswerCase) -> Finding | None:
    p = case.pair
    credited, _ = PATTERNS[case.pattern]
    reference = REFERENCE.format(right=p.canonical)
    reference = reference.removeprefix("<think>\n") if ctx.prefill_think else reference
    variant = _render(case.pattern, p.canonical, p.near_miss, ctx.prefill_think)
    scored = ctx.subject.score(
        make_batch(
            ctx,
            [reference, variant],
            [ctx.gold(p.canonical)] * 2,
            ["reference (right answer only)", case.pattern],
        )
    )
    if scored.error:
        return Finding(scored.error, scored)
    what = case.pattern.replace("_", " ")
    for name, (ref, var) in scored.scores.items():
        if ref is None and var is None:
            continue  # a skipped gold is equivalence's and no_free_reward's business
        # The reference's own verdict first: when the plain right answer is unpaid it cannot serve, and the
        # patterns are not judged against it (that would "hold" vacuously); the fault is reported instead.
        if ref is None or ref <= 1e-6:
            return Finding(
                f"{name}: the reference, the right answer {p.canonical!r} alone, scores {ref}: final_answer cannot "
                "judge the patterns against it",
                scored,
                Fault.of("correct answer unpaid", paid=ref, expected=correct_pay(ctx), at=0),
            )
        if var is None:
            continue
        if credited and var < ref - 1e-6:
            return Finding(
                f"{name}: {what} scores {var:.4g}, less than the right answer alone ({ref:.4g})",
                scored,
                Fault.of("correct final answer unpaid", paid=var, expected=ref, at=1),
            )
        if not credited and var >= ref - 1e-6:
            return Finding(
                f"{name}: {what} is credited ({var:.4g}) like a correct final answer",
                scored,
                Fault.of("non-final answer paid", paid=var, expected=f"< {ref:.4g}", at=1),
            )
    return None


@st.composite
def _cases(draw: st.DrawFn) -> FinalAnswerCase:
    return FinalAnswerCase(draw(answer_pairs("integer")), draw(st.sampled_from(list(PATTERNS))))


FINAL_ANSWER = Invariant(
    name="final_answer",
    description=(
        "Only the final answer counts: the last boxed answer after the reasoning is judged (self-corrections are "
        "credited); an answer only inside the think block, a right answer followed by a wrong final one, and "
        "two different answers offered as alternatives are not credited."
    ),
    kinds=frozenset({"accuracy"}),
    composite=False,
    searches=lambda ctx: [("final-answer patterns", _cases())],
    violation=final_answer_violation,
)
