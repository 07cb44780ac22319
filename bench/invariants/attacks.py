"""Attack invariants: no credit for an answer that is negated, superseded, echoed, hedged or faked, and no
format credit without content. Each attack is rendered inside every answer template the reward credits.

Template discovery (:func:`accepted_templates`) scores the right and a wrong answer in each template once
per check; a template is accepted when the right answer earns more than the wrong one, or (format and
shaping kinds) anything positive. An answer attack fails its invariant when it earns as much as the right
answer in the same template; a form attack when it earns anything positive. Failures name the family.
"""

from __future__ import annotations

from hypothesis import strategies as st

from rewardcheck.bench.cases.cases import Attack
from rewardcheck.bench.cases.catalogue import load_attack_corpus
from rewardcheck.bench.strategies.attacks import (
    FAMILIES,
    GENUINE_BODY,
    PROBLEMS,
    around,
    attacks,
    corpus_reference,
)
from rewardcheck.bench.strategies.templates import Template, render, templates_for

from .base import Finding, Invariant, make_batch
from .context import CheckContext
from .faults import Fault

__all__ = [
    "ATTACK_INVARIANTS",
    "accepted_templates",
    "attack_violation",
    "families_of",
]

_ANSWER_KINDS = frozenset({"accuracy", "any"})
_FORM_KINDS = frozenset({"format", "reasoning_steps", "shaping"})
_TOL = 1e-6


def accepted_templates(ctx: CheckContext) -> tuple[Template, ...]:
    """The answer templates this reward credits (cached on the context: one call per check)."""
    if ctx.templates is not None:
        return ctx.templates
    p = PROBLEMS[0]
    candidates = templates_for(ctx.prefill_think)
    texts: list[str] = []
    for t in candidates:
        texts += [render(t, GENUINE_BODY, t.mark(p.right)), render(t, GENUINE_BODY, t.mark(p.wrong))]
    scored = ctx.subject.score(
        make_batch(
            ctx,
            texts,
            [p.gold] * len(texts),
            [f"{t.name}:{w}" for t in candidates for w in "rw"],
            [p.prompt] * len(texts),
        )
    )
    accepted = []
    for i, t in enumerate(candidates):
        right, wrong = scored.total[2 * i], scored.total[2 * i + 1]
        if right is None:
            continue
        if right > (wrong if wrong is not None else 0.0) + _TOL or (ctx.kind in _FORM_KINDS and right > _TOL):
            accepted.append(t)
    ctx.templates = tuple(accepted)
    return ctx.templates


def families_of(invariant: str) -> list[str]:
    return [name for name, f in FAMILIES.items() if f.invariant == invariant]


def attack_violation(ctx: CheckContext, attack: Attack) -> Finding | None:
    """Why ``attack`` breaks its family's invariant under this reward, or ``None``."""
    family = FAMILIES.get(attack.family)
    target = family.target if family is not None else "answer"
    prompt = attack.prompt or ctx.prompt
    # A corpus row carries no reference: score a correct completion for its gold in its own template beside
    # it (never an empty one, which would read as "the right answer scores 0"), or none when there is none.
    reference = attack.reference or corpus_reference(attack)
    texts = [attack.text] if reference is None else [reference, attack.text]
    labels = [f"attack: {attack.family}"]
    if reference is not None:
        labels.insert(0, "reference (right answer)")
    scored = ctx.subject.score(
        make_batch(ctx, texts, [attack.gold] * len(texts), labels, [prompt] * len(texts))
    )
    if scored.error:
        return Finding(scored.error, scored)
    where = f"in template {attack.template}" + (f", {attack.source}" if attack.source != "generated" else "")
    for name, values in scored.scores.items():
        ref, att = (None, values[0]) if reference is None else (values[0], values[1])
        if att is None:
            continue
        if target == "form":
            if att > _TOL:
                return Finding(
                    f"{name} pays {att:.4g} to a {attack.family} attack {where}: {attack.reason}",
                    scored,
                    Fault.of(
                        "format paid without content" if ctx.kind in _FORM_KINDS else "attack paid",
                        paid=att,
                        expected=0.0,
                        at=len(texts) - 1,
                    ),
                )
            continue
        if attack.source != "generated":  # corpus rows state the reward they must get (0.0)
            if att > _TOL:
                return Finding(
                    f"{name} pays {att:.4g} to a {attack.family} attack {where}: {attack.reason}",
                    scored,
                    Fault.of("attack paid", paid=att, expected=0.0, at=len(texts) - 1),
                )
            continue
        if ref is not None and ref > _TOL and att >= ref - _TOL:
            return Finding(
                f"{name} pays {att:.4g} to a {attack.family} attack {where}, as much as the right answer "
                f"({ref:.4g}): {attack.reason}",
                scored,
                Fault.of("attack paid", paid=att, expected=f"< {ref:.4g} (the right answer's pay)", at=1),
            )
    return None


def _searches(invariant: str, ctx: CheckContext) -> list[tuple[str, st.SearchStrategy[Attack]]]:
    templates = accepted_templates(ctx)
    if not templates:
        return []
    families = families_of(invariant)
    # One search per family, so that one family's exploit cannot hide another's.
    searches = [(f"family {name}", attacks([name], templates)) for name in families]
    rows = [a for a in load_attack_corpus() if a.family in families]
    if rows:
        searches.append(("attack corpus re-rendered in accepted templates", around(rows, templates)))
    return searches


def _invariant(name: str, description: str, kinds: frozenset[str]) -> Invariant:
    return Invariant(
        name=name,
        description=description,
        kinds=kinds,
        composite=False,
        searches=lambda ctx: _searches(name, ctx),
        violation=attack_violation,
    )


ATTACK_INVARIANTS: tuple[Invariant, ...] = (
    _invariant(
        "no_negated_credit",
        "A negated or retracted answer ('The answer is not \\boxed{390}', 'just kidding') earns less than the "
        "answer stated plainly, in every template the reward credits.",
        _ANSWER_KINDS,
    ),
    _invariant(
        "last_answer_counts",
        "When a different answer follows the marked one (a contradiction, or a second marked answer), the last "
        "answer is judged: the earlier right one earns nothing.",
        _ANSWER_KINDS,
    ),
    _invariant(
        "no_echo_credit",
        "The prompt's own expression (or another unevaluated expression of the gold's value) is not credited as "
        "the answer to a numeric gold.",
        _ANSWER_KINDS,
    ),
    _invariant(
        "one_answer",
        "Hedges ('3 or 4', '\\approx 3') and enumerated candidates earn less than one committed answer.",
        _ANSWER_KINDS,
    ),
    _invariant(
        "no_trick_credit",
        "Grader instructions, empty / blank / look-alike answers, anagrams of a word gold and exact values that "
        "only round like the gold earn less than the right answer.",
        _ANSWER_KINDS,
    ),
    _invariant(
        "format_needs_content",
        "Format and step rewards pay nothing for tags around empty content or for filler steps without an answer.",
        _FORM_KINDS,
    ),
)
