"""linear_time: a reward returns in time linear in the completion, whatever piece a policy repeats and wherever,
and a run of whitespace or repeated punctuation does not change what it pays.

A backtracking regex (nested or adjacent quantifiers: ``(?:\\s+|\\$+)+$``) takes exponential time on a long run
of one character, holds the GIL, and stalls a GRPO step for good. The cases are
:mod:`rewardcheck.bench.strategies.pumped`: a realistic completion with one piece repeated to 30,000
characters at one position; the report names the piece and the position.
"""

from __future__ import annotations

import time

from rewardcheck.bench.strategies.pumped import FIXED_PUMPS, MAX_PUMP_CHARS, PumpCase, pump_cases
from rewardcheck.bench.strategies.tokens import finish

from .base import Finding, Invariant, same
from .context import Batch, CheckContext, Scored
from .faults import Fault
from .forked import can_fork, in_fork

__all__ = ["LINEAR_TIME", "FIXED_PUMPS", "linear_time_violation", "GROWTH_LIMIT", "SLOW_S"]

FORK_GRACE_S = 1.0  # the child's start and the pickle back, on top of the subject's time limit
MAX_KILLS = 3  # after this many killed calls a subject's remaining pumped cases are skipped
SLOW_S = 0.5  # a call this slow on 30,000 characters is timed again on half the run
GROWTH_LIMIT = 3.0  # time(2n) / time(n) above this is not linear (linear is 2; noise stays well under 3)


def _batch(ctx: CheckContext, case: PumpCase, text: str, label: str) -> Batch:
    # passed whole, as a completion that stopped (its ids end in EOS; no token cut): the question is the time
    # a reader takes on the text it is given
    ids = tuple(finish(ctx.tokens, text).completion_ids)
    return Batch((text,), (ctx.gold(case.gold),), (ctx.prompt,), (ids,), (label,))


def _timed(ctx: CheckContext, case: PumpCase, n: int) -> tuple[Scored | None, float, str | None]:
    """Score the pumped completion in a forked child killed at the limit (a regex stuck in C code holds the
    GIL: no limit inside this process can stop it). (scored, seconds, why it failed)."""
    batch = _batch(ctx, case, case.pumped(n), f"{case.name} x{n:,}")
    limit = ctx.subject.time_limit_s
    if not can_fork():
        start = time.perf_counter()
        return ctx.subject.score_fresh(batch), time.perf_counter() - start, None
    out = in_fork(lambda: ctx.subject.score_fresh(batch), limit_s=limit + FORK_GRACE_S)
    if out.killed:
        return None, out.seconds, f"did not return within {limit:g} s (killed)"
    if out.error is not None:
        return None, out.seconds, f"raised {out.error}"
    return out.value, out.seconds, None


def _blow_up(case: PumpCase, n: int, name: str, what: str) -> Fault:
    return Fault.of(
        "reading blows up on a repeated piece",
        paid=f"{name} {what}",
        expected=f"time linear in the text ({case.piece.name} repeated to {n:,} characters, {case.position.name})",
        at=0,
    )


def linear_time_violation(ctx: CheckContext, case: PumpCase) -> Finding | None:
    n = MAX_PUMP_CHARS
    if getattr(ctx.subject, "_pump_kills", 0) >= MAX_KILLS:
        return None  # already shown to blow up: each further case would cost the whole limit again
    scored, seconds, failed = _timed(ctx, case, n)
    where = f"{case.piece.name!r} repeated to {n:,} characters {case.position.name}"
    if scored is None:
        ctx.subject._pump_kills = getattr(ctx.subject, "_pump_kills", 0) + 1  # type: ignore[attr-defined]
        stand_in = Scored(_batch(ctx, case, case.pumped(n), f"{case.name} x{n:,}"), {}, [None], failed)
        name = ", ".join(ctx.subject.funcs)
        return Finding(f"{name} {failed} on {where}", stand_in, _blow_up(case, n, name, str(failed)))
    for name, what in scored.failures.items():
        if what.startswith("timed out"):
            return Finding(f"{name} {what} on {where}", scored, _blow_up(case, n, name, what))
    if scored.error:
        return Finding(scored.error, scored)
    if seconds > SLOW_S:
        _, half, _ = _timed(ctx, case, n // 2)
        ratio = seconds / max(half, 1e-9)
        if ratio > GROWTH_LIMIT:
            what = f"took {seconds:.2f} s at {n:,} characters and {half:.2f} s at {n // 2:,} ({ratio:.1f}x for 2x)"
            return Finding(f"not linear: {what} of {where}", scored, _blow_up(case, n, "the reward", what))
    if case.neutral and ctx.kind == "accuracy":
        plain = ctx.subject.score(_batch(ctx, case, case.plain, f"{case.name} once"))
        if plain.error:
            return Finding(plain.error, plain)
        for name, values in scored.scores.items():
            if not same(values[0], plain.scores[name][0]):
                note = f"{name} pays {values[0]} with {where}, {plain.scores[name][0]} with the piece once"
                fault = Fault.of(
                    "repeated filler changes the reward", paid=values[0], expected=plain.scores[name][0], at=0
                )
                return Finding(note, scored, fault)
    return None


LINEAR_TIME = Invariant(
    name="linear_time",
    description=(
        "Returns in time linear in the completion whatever piece is repeated (a character, a token, a word, a "
        "LaTeX command, an answer anchor) and wherever (before, inside or after the answer, between two "
        "answers, inside a tag or the answer's clause), up to 30,000 characters; a run of whitespace or "
        "repeated punctuation pays what the piece once pays."
    ),
    kinds=frozenset({"accuracy", "format", "reasoning_steps", "cosine", "length", "shaping", "any"}),
    composite=False,
    searches=lambda ctx: [("pumped piece", pump_cases())],
    violation=linear_time_violation,
    quick_examples=3,  # each example forks a child and reads 30,000 characters
)
