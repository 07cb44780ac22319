"""Answer templates: the ways a completion marks its final answer, with or without a think block.

A template is a marker (how the answer is marked: ``\\boxed``, ``<answer>`` tags, "The answer is", GSM8K's
``####``) and a think layout (a ``<think>`` block, none, or a chat template that pre-filled ``<think>``).
:func:`render` puts a final-answer *region* after the reasoning; attacks build that region with
:meth:`Template.mark`, so every attack is tried inside each template the reward credits.

>>> t = TEMPLATES_BY_NAME["boxed+think"]
>>> render(t, "2 + 1 = 3.", t.mark("3"))
'<think>\\n2 + 1 = 3.\\n</think>\\nThe answer is $\\\\boxed{3}$.'
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = [
    "MARKERS",
    "THINKS",
    "Template",
    "TEMPLATES",
    "TEMPLATES_BY_NAME",
    "render",
    "templates_for",
    "one_per_marker",
]

MARKERS: tuple[str, ...] = ("boxed", "answer_tags", "answer_is", "hashes")
THINKS: tuple[str, ...] = ("think", "none", "prefilled")


@dataclass(frozen=True)
class Template:
    marker: str
    think: str

    @property
    def name(self) -> str:
        return f"{self.marker}+{self.think}"

    def mark(self, answer: str) -> str:
        """``answer`` marked as this template's final answer, as a sentence a region can hold."""
        if self.marker == "boxed":
            return f"The answer is $\\boxed{{{answer}}}$."
        if self.marker == "answer_tags":
            return f"<answer>\n{answer}\n</answer>"
        if self.marker == "answer_is":
            return f"The answer is {answer}."
        if self.marker == "hashes":
            return f"#### {answer}"
        raise ValueError(f"unknown answer marker {self.marker!r}; known: {', '.join(MARKERS)}")

    def negated(self, answer: str) -> str:
        """The marker's own words negated: "The answer is not $\\boxed{3}$."."""
        if self.marker == "answer_tags":
            return f"<answer>\nnot {answer}\n</answer>"
        if self.marker == "hashes":
            return f"#### not {answer}"
        return self.mark(answer).replace("The answer is", "The answer is not", 1)

    def bare(self, answer: str) -> str:
        """The marked answer without a sentence around it (for lists of answers)."""
        if self.marker == "boxed":
            return f"$\\boxed{{{answer}}}$"
        return self.mark(answer).removesuffix(".")


TEMPLATES: tuple[Template, ...] = tuple(Template(m, t) for t in THINKS for m in MARKERS)
TEMPLATES_BY_NAME: dict[str, Template] = {t.name: t for t in TEMPLATES}


def render(template: Template, body: str, region: str) -> str:
    """A completion: ``body`` as the reasoning in the template's think layout, then ``region``."""
    if template.think == "think":
        return f"<think>\n{body}\n</think>\n{region}"
    if template.think == "prefilled":
        return f"{body}\n</think>\n{region}"
    return f"{body}\n\n{region}"


def templates_for(prefill_think: bool) -> tuple[Template, ...]:
    """Templates to try: a chat template that pre-fills ``<think>`` only ever produces the prefilled layout."""
    if prefill_think:
        return tuple(t for t in TEMPLATES if t.think == "prefilled")
    return TEMPLATES


def one_per_marker(templates: tuple[Template, ...] | list[Template]) -> tuple[Template, ...]:
    """The first of ``templates`` with each answer marker: one try per way of marking the answer.

    >>> [t.name for t in one_per_marker([TEMPLATES_BY_NAME[n] for n in ("boxed+think", "boxed+none", "hashes+none")])]
    ['boxed+think', 'hashes+none']
    """
    seen: dict[str, Template] = {}
    for t in templates:
        seen.setdefault(t.marker, t)
    return tuple(seen.values())
