"""no_contentless_credit: output with no content earns nothing, whatever the reward is for.

``idk``, whitespace only, the prompt echoed (raw, and in the reward's own answer template), a bare ``</think>``
or text that only mentions it (a think-format reward written for templates that pre-fill ``<think>`` pays
it), a tool call with no content (a tool-use bonus that pays the tags). Each is scored beside the right answer,
so the report shows what real content earns next to what nothing earns.
"""

from __future__ import annotations

from hypothesis import strategies as st

from rewardcheck.bench.cases.cases import ContentFreeCase
from rewardcheck.bench.strategies.attacks import GENUINE_BODY, PROBLEMS
from rewardcheck.bench.strategies.probes import CONTENT_FREE, ProbeKind, content_free, wrapped
from rewardcheck.bench.strategies.templates import TEMPLATES_BY_NAME, Template, render

from .base import Finding, Invariant, Verdict, make_batch
from .context import CheckContext
from .faults import Fault
from .goldchoice import FORM_KINDS

__all__ = ["NO_CONTENTLESS_CREDIT", "contentless_violation"]

_TOL = 1e-9
_FIX = {
    ProbeKind.THINK_CLOSE: "pay the think format only for a closed block with reasoning in it, never a bare </think>",
    ProbeKind.THINK_MENTION: "pay the think format only for the tag closing a block of reasoning, not a mention of it",
    ProbeKind.TOOL_CALL_EMPTY: "pay a tool-use bonus only for a call naming a tool, with its arguments parsed",
}


def contentless_violation(ctx: CheckContext, case: ContentFreeCase) -> Verdict:
    p = PROBLEMS[0]
    template = case.template
    text = case.probe.completion(p.prompt) if template is None else wrapped(case.probe, template, p.prompt)
    shown = (ctx.templates or (TEMPLATES_BY_NAME["boxed+think"],))[0]
    reference = render(shown, GENUINE_BODY, shown.mark(p.right))
    where = "raw" if template is None else f"in template {template.name}"
    label = f"content-free: {case.probe.kind.value} ({where})"
    scored = ctx.subject.score(
        make_batch(
            ctx,
            [reference, text],
            [ctx.gold(p.right)] * 2,
            ["reference (right answer)", label],
            [p.prompt] * 2,
        )
    )
    if scored.error:
        return Finding(scored.error, scored)
    for name, (_, paid) in scored.scores.items():
        if paid is not None and paid > _TOL:
            return Finding(
                f"{name} pays {paid:.4g} to a completion with no content: {case.probe.kind.value} ({where})",
                scored,
                Fault.of(
                    "content-free output paid", paid=paid, expected=0.0, at=1, fix=_FIX.get(case.probe.kind)
                ),
            )
    return None


def _answer_templates(ctx: CheckContext) -> tuple[Template, ...]:
    """Where an answer probe is wrapped: the reward's answer templates, for a reward of answers (a format
    reward pays ``idk`` inside well-formed tags by design: it judges the form, not the content)."""
    if ctx.kind in FORM_KINDS or ctx.subject.is_composite:  # a composite holds format rewards too
        return ()
    return tuple(ctx.templates or ())


def _searches(ctx: CheckContext) -> list[tuple[str, st.SearchStrategy[ContentFreeCase]]]:
    templates = _answer_templates(ctx)
    return [("content-free probes", content_free(templates).map(lambda pt: ContentFreeCase(pt[0], pt[1])))]


def _every_probe(ctx: CheckContext) -> list[tuple[str, ContentFreeCase]]:
    """Every probe raw, and every answer probe in the first template the reward credits."""
    cases = [(f"{p.kind.name.lower()}/raw {i}", ContentFreeCase(p)) for i, p in enumerate(CONTENT_FREE)]
    if _answer_templates(ctx):
        t = _answer_templates(ctx)[0]
        cases += [
            (f"{p.kind.name.lower()}/{t.name} {i}", ContentFreeCase(p, t))
            for i, p in enumerate(CONTENT_FREE)
            if not p.kind.form
        ]
    return cases


NO_CONTENTLESS_CREDIT = Invariant(
    name="no_contentless_credit",
    description=(
        "Output with no content earns nothing: 'idk', whitespace only, the prompt echoed (raw and in the "
        "reward's answer template), a bare </think> or text that only mentions it, a tool call with no content."
    ),
    kinds=frozenset({"accuracy", "format", "reasoning_steps", "cosine", "length", "shaping", "any"}),
    composite=True,
    searches=_searches,
    violation=contentless_violation,
    gated=True,
    enumerate=_every_probe,
)
