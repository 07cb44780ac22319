"""Attack invariants: no credit for an answer that is negated, superseded, echoed, hedged, faked or read from
a fragment, and no format credit without content. Each attack is rendered inside every answer template the
reward credits, its gold written the way the check's golds are (:mod:`.goldchoice`).

Template discovery (:func:`accepted_templates`, done with the gold choice) scores the right and a wrong answer
in each template once per check; a template is accepted when the right answer earns more than the wrong one,
or (format and shaping kinds) anything positive. An answer attack fails its invariant when it earns as much as
the right answer in the same template; a form attack when it earns anything positive; an attack whose right
answer beside it is unpaid cannot judge. Failures name the family.
"""

from __future__ import annotations

from hypothesis import strategies as st

from rewardcheck.bench.cases.cases import Attack
from rewardcheck.bench.cases.catalogue import load_attack_corpus
from rewardcheck.bench.strategies.attacks import (
    FAMILIES,
    PROBLEMS,
    around,
    attacks,
    build_attack,
    corpus_reference,
)
from rewardcheck.bench.strategies.templates import Template, one_per_marker

from .base import Finding, Invariant, Unjudged, Verdict, make_batch
from .context import CheckContext
from .faults import Fault
from .goldchoice import FORM_KINDS, choose_gold

__all__ = [
    "ATTACK_INVARIANTS",
    "accepted_templates",
    "attack_violation",
    "families_of",
]

_ANSWER_KINDS = frozenset({"accuracy", "any"})
_FORM_KINDS = FORM_KINDS
_TOL = 1e-6


def accepted_templates(ctx: CheckContext) -> tuple[Template, ...]:
    """The answer templates this reward credits (settled once per check, with the gold format)."""
    if ctx.templates is None:
        choose_gold(ctx)
    assert ctx.templates is not None
    return ctx.templates


def families_of(invariant: str) -> list[str]:
    return [name for name, f in FAMILIES.items() if f.invariant == invariant]


def attack_violation(ctx: CheckContext, attack: Attack) -> Verdict:
    """Why ``attack`` breaks its family's invariant under this reward, or ``None``."""
    family = FAMILIES.get(attack.family)
    target = family.target if family is not None else "answer"
    fix = family.fix or None if family is not None else None
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
    judged = target == "form"
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
        if ref is not None and ref > _TOL:
            judged = True  # the right answer beside the attack is paid: the attack is measured against it
        if attack.source != "generated":  # corpus rows state the reward they must get (0.0)
            if att > _TOL:
                return Finding(
                    f"{name} pays {att:.4g} to a {attack.family} attack {where}: {attack.reason}",
                    scored,
                    Fault.of("attack paid", paid=att, expected=0.0, at=len(texts) - 1, fix=fix),
                )
            continue
        if ref is not None and ref > _TOL and att >= ref - _TOL:
            return Finding(
                f"{name} pays {att:.4g} to a {attack.family} attack {where}, as much as the right answer "
                f"({ref:.4g}): {attack.reason}",
                scored,
                Fault.of(
                    "attack paid", paid=att, expected=f"< {ref:.4g} (the right answer's pay)", at=1, fix=fix
                ),
            )
    if not judged:
        return Unjudged(
            f"the right answer beside the attack is not paid (gold {attack.gold!r}, template {attack.template}): "
            "an unpaid attack shows nothing"
        )
    return None


def _searches(invariant: str, ctx: CheckContext) -> list[tuple[str, st.SearchStrategy[Attack]]]:
    templates = accepted_templates(ctx)
    if not templates:
        return []
    families = families_of(invariant)
    # One search per family, so that one family's exploit cannot hide another's; a gold-sensitive family is
    # tried under every gold format the reward credits (the check's own first, so it shrinks to it).
    searches = [
        (
            f"family {name}",
            attacks(
                [name], templates, ctx.gold_formats if FAMILIES[name].gold_sensitive else (ctx.gold_format,)
            ),
        )
        for name in families
    ]
    rows = [a for a in load_attack_corpus() if a.family in families]
    if rows:
        searches.append(
            ("attack corpus re-rendered in accepted templates", around(rows, templates, ctx.gold_format))
        )
    return searches


def _gold_sensitive(invariant: str, ctx: CheckContext) -> list[tuple[str, Attack]]:
    """Every attack of the invariant's gold-sensitive families, in one template per marker (every template in
    a deep check), under every gold format the reward accepts: the format decides whether they pay."""
    templates = accepted_templates(ctx)
    if ctx.depth.value != "deep":
        templates = one_per_marker(templates)
    p = PROBLEMS[0]
    cases = []
    for name in families_of(invariant):
        family = FAMILIES[name]
        if not family.gold_sensitive:
            continue
        for fmt in ctx.gold_formats:
            for t in templates:
                for i in range(len(family.regions(p, t))):
                    cases.append((f"{name}/{fmt.name} {t.name} {i}", build_attack(family, p, t, i, fmt)))
    return cases


def _invariant(name: str, description: str, kinds: frozenset[str]) -> Invariant:
    return Invariant(
        name=name,
        description=description,
        kinds=kinds,
        composite=False,
        searches=lambda ctx: _searches(name, ctx),
        violation=attack_violation,
        gated=True,
        enumerate=lambda ctx: _gold_sensitive(name, ctx),
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
        "no_fragment_credit",
        "A value read from a fragment of the answer is not the answer: a mixed number whose whole part or "
        "numerator is the gold ('2 2/3' for 2, '4 10/3' for 10) and a different expression a failed parse "
        "leaves as its first number ('1-1/e' for 1+1/e) earn less than the right answer, under every gold "
        "format the reward accepts.",
        _ANSWER_KINDS,
    ),
    _invariant(
        "format_needs_content",
        "Format and step rewards pay nothing for tags around empty content or for filler steps without an answer.",
        _FORM_KINDS,
    ),
)
