r"""Which way of writing golds the check uses, and the answer templates the reward credits under it.

A reward reads its golds the way its dataset writes them: bare (``390``), ``$390$``, ``\boxed{390}``,
GSM8K's ``... #### 390`` or a whole worked solution (:mod:`rewardcheck.bench.strategies.golds`). Checked
against golds written another way, a reward that compares strings pays no right answer, and every "it does
not pay this attack" would show nothing. So before any invariant runs, the check settles the format:

- ``DECLARED``: the user named it (``gold_format=``), or ``FROM_GOLDS``: it is the most common format of a
  sample of the user's golds (``golds=``);
- ``DETECTED``: otherwise, the first format (``$``, bare, ``\boxed``, ``####``, solution) under which the
  reward pays the right answer more than a wrong one in some answer template;
- ``FALLBACK``: no format made it do so; ``$`` is used and every invariant that needs the right answer paid
  says it cannot judge.

One call per format scores the right and a wrong answer in every answer template
(:mod:`rewardcheck.bench.strategies.templates`); the templates where the right answer earns more (or, for
format and shaping kinds, anything) are the ones every attack is rendered in.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import Enum

from rewardcheck.bench.strategies.attacks import GENUINE_BODY, PROBLEMS
from rewardcheck.bench.strategies.golds import (
    DETECTION_ORDER,
    DOLLAR,
    GoldFormat,
    GoldSpec,
    gold_format,
    infer_gold_format,
)
from rewardcheck.bench.strategies.templates import TEMPLATES_BY_NAME, Template, render, templates_for

from .base import make_batch
from .context import CheckContext, Scored

__all__ = ["ChoiceHow", "FormatTrial", "GoldChoice", "choose_gold", "FORM_KINDS", "TOL"]

FORM_KINDS = frozenset({"format", "reasoning_steps", "shaping"})
TOL = 1e-6
_FIRST = TEMPLATES_BY_NAME["boxed+think"]


class ChoiceHow(Enum):
    DECLARED = "given"
    FROM_GOLDS = "read from your golds"
    DETECTED = "detected"
    FALLBACK = "fallback"


@dataclass(frozen=True)
class FormatTrial:
    """The right and a wrong answer, in every answer template, scored against golds in one format."""

    format: GoldFormat
    paid_right: bool  # the right answer earned something positive in some template
    templates: tuple[Template, ...]  # the templates the reward credits under this format
    error: str | None = None

    @property
    def accepted(self) -> bool:
        return bool(self.templates)


@dataclass(frozen=True)
class GoldChoice:
    """The format the check renders every gold in, how it was settled, and what each trial showed."""

    format: GoldFormat
    how: ChoiceHow
    trials: tuple[FormatTrial, ...]
    counts: dict[str, int] = field(default_factory=dict)  # styles of the user's sample golds
    # the calls of the trials that failed (raised, timed out): well_formed reports them, once each
    failed: tuple[Scored, ...] = ()

    @property
    def paid(self) -> frozenset[str]:
        """The names of the formats tried under which the reward paid the right answer something."""
        return frozenset(t.format.name for t in self.trials if t.paid_right)

    @property
    def accepted(self) -> tuple[GoldFormat, ...]:
        """Every format tried under which the reward credits the right answer, the chosen one first."""
        others = [t.format for t in self.trials if t.accepted and t.format != self.format]
        return (self.format, *others)

    def describe(self) -> str:
        """One line for the report: the format used and why.

        >>> t = FormatTrial(DOLLAR, False, ())
        >>> GoldChoice(DOLLAR, ChoiceHow.FALLBACK, (t,)).describe()
        "gold rendering: $ ('$390$'), fallback: the reward paid the right answer under no format tried ($)"
        """
        head = f"gold rendering: {self.format.describe()}, {self.how.value}"
        if self.how is ChoiceHow.FROM_GOLDS:
            seen = ", ".join(f"{n} {s}" for s, n in self.counts.items())
            return f"{head} ({seen})"
        if self.how is ChoiceHow.DECLARED:
            return head
        paid = [t.format.name for t in self.trials if t.accepted]
        unpaid = [t.format.name for t in self.trials if not t.accepted]
        if self.how is ChoiceHow.FALLBACK:
            return f"{head}: the reward paid the right answer under no format tried ({', '.join(unpaid)})"
        if not paid:
            return f"{head}: the reward pays a wrong answer as much as the right one under every format tried"
        tail = f"; not under {', '.join(unpaid)}" if unpaid else ""
        return f"{head}: the reward credits the right answer under {', '.join(paid)}{tail}"

    def to_dict(self) -> dict[str, object]:
        return {
            "format": self.format.name,
            "how": self.how.value,
            "accepted": [f.name for f in self.accepted],
            "trials": {
                t.format.name: {"paid_right": t.paid_right, "templates": [x.name for x in t.templates]}
                for t in self.trials
            },
            "counts": self.counts,
        }


def _trial(ctx: CheckContext, fmt: GoldFormat, failed: list[Scored]) -> FormatTrial:
    p = PROBLEMS[0]
    candidates = templates_for(ctx.prefill_think)
    texts: list[str] = []
    for t in candidates:
        texts += [render(t, GENUINE_BODY, t.mark(p.right)), render(t, GENUINE_BODY, t.mark(p.wrong))]
    batch = make_batch(
        ctx,
        texts,
        [fmt.render(p.right)] * len(texts),
        [f"{t.name}:{w}" for t in candidates for w in "rw"],
        [p.prompt] * len(texts),
    )
    scored = ctx.subject.score(batch)
    if scored.error:
        failed.append(scored)
        return FormatTrial(fmt, False, (), scored.error)
    accepted: list[Template] = []
    paid = False
    for i, t in enumerate(candidates):
        right, wrong = scored.total[2 * i], scored.total[2 * i + 1]
        if right is None:
            continue
        paid = paid or right > TOL
        if right > (wrong if wrong is not None else 0.0) + TOL or (ctx.kind in FORM_KINDS and right > TOL):
            accepted.append(t)
    return FormatTrial(fmt, paid, tuple(accepted))


def choose_gold(
    ctx: CheckContext, spec: GoldSpec | None = None, golds: Sequence[str] | None = None
) -> GoldChoice:
    """Settle the check's gold format (see the module's doc) and set it, with the templates the reward credits,
    on ``ctx``."""
    counts: dict[str, int] = {}
    order: tuple[GoldFormat, ...]
    if spec is not None:
        how, order = ChoiceHow.DECLARED, (gold_format(spec),)
    elif golds:
        inferred = infer_gold_format(golds)
        how, order, counts = ChoiceHow.FROM_GOLDS, (inferred.format,), inferred.counts
        ctx.user_values = inferred.values
    else:
        how, order = ChoiceHow.DETECTED, DETECTION_ORDER
    trials: list[FormatTrial] = []
    failed: list[Scored] = []
    # One completion first: a reward that hangs or raises costs one short call here, not a batch's time limit
    # (the limit grows with the batch); a later call may still work (a hang on the first input only).
    p = PROBLEMS[0]
    first = make_batch(ctx, [render(_FIRST, GENUINE_BODY, _FIRST.mark(p.right))], [order[0].render(p.right)])
    probe = ctx.subject.score(first)
    if probe.error:
        failed.append(probe)
    for fmt in order if not probe.error else ():
        trials.append(_trial(ctx, fmt, failed))
        if trials[-1].error is not None:
            break  # a call that failed (raised, timed out) would fail under every format: do not wait again
    if not trials:
        trials.append(FormatTrial(order[0], False, (), probe.error))
    chosen = next((t for t in trials if t.accepted), None)
    if how is not ChoiceHow.DETECTED:
        chosen = trials[0]
    elif chosen is None:
        chosen = next((t for t in trials if t.paid_right), None)
    if chosen is None:
        how, chosen = ChoiceHow.FALLBACK, next((t for t in trials if t.format == DOLLAR), trials[0])
    choice = GoldChoice(chosen.format, how, tuple(trials), counts, tuple(failed))
    ctx.gold_choice = choice
    ctx.gold_format = chosen.format
    ctx.gold_formats = choice.accepted
    ctx.gold_declared = how in (ChoiceHow.DECLARED, ChoiceHow.FROM_GOLDS)
    ctx.templates = chosen.templates
    ctx.reference_paid = chosen.paid_right if chosen.error is None else None
    return choice
