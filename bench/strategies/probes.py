r"""Probes the newest reward auditors and users' threads use, as small named pieces:

- **content-free outputs** (:data:`CONTENT_FREE`): ``idk``, whitespace only, the prompt echoed, a bare
  ``</think>`` or text that only mentions it (a think-format reward written for templates that pre-fill
  ``<think>`` pays it), a tool call with no content (a tool-use bonus pays the tags);
- **perturbed golds** (:data:`PERTURBATIONS`): the gold with a character appended, its last character dropped,
  its last two swapped: a completion paid for the gold must not be paid as much for a different gold (a
  substring, prefix or digit-set comparison is);
- **re-renderings** (:func:`markups`): the same final answer in other markup (math delimiters, bold, spaces
  inside the box, tags on one line), which a reward must pay the same.

>>> [p.kind.value for p in CONTENT_FREE][:4]
['empty', 'whitespace', 'idk', 'idk']
>>> [perturb("390", k) for k in PERTURBATIONS]
['3907', '39', '309']
>>> markups(TEMPLATES_BY_NAME["boxed+think"], "3")[:2]
[('no math delimiters', 'The answer is \\boxed{3}.'), ('\\( \\)', 'The answer is \\(\\boxed{3}\\).')]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum

from hypothesis import strategies as st

from .golds import GoldFormat
from .templates import TEMPLATES_BY_NAME, Template, render

__all__ = [
    "ProbeKind",
    "Probe",
    "CONTENT_FREE",
    "content_free",
    "wrapped",
    "Perturbation",
    "PERTURBATIONS",
    "perturb",
    "markups",
    "TEMPLATES_BY_NAME",
]


class ProbeKind(Enum):
    EMPTY = "empty"
    WHITESPACE = "whitespace"
    IDK = "idk"
    PROMPT_ECHO = "prompt echoed"
    THINK_CLOSE = "bare </think>"
    THINK_MENTION = "</think> only mentioned"
    TOOL_CALL_EMPTY = "tool call with no content"

    @property
    def form(self) -> bool:
        """A probe of a format or tool reward (tags without content), not of an answer."""
        return self in (ProbeKind.THINK_CLOSE, ProbeKind.THINK_MENTION, ProbeKind.TOOL_CALL_EMPTY)


@dataclass(frozen=True)
class Probe:
    """A completion with no content; ``text`` holds ``{prompt}`` where the prompt is echoed."""

    kind: ProbeKind
    text: str

    def completion(self, prompt: str) -> str:
        return self.text.replace("{prompt}", prompt)


# Simplest first: hypothesis shrinks toward the first.
CONTENT_FREE: tuple[Probe, ...] = (
    Probe(ProbeKind.EMPTY, ""),
    Probe(ProbeKind.WHITESPACE, " \n\t\n "),
    Probe(ProbeKind.IDK, "idk"),
    Probe(ProbeKind.IDK, "I don't know."),
    Probe(ProbeKind.PROMPT_ECHO, "{prompt}"),
    Probe(ProbeKind.THINK_CLOSE, "</think>"),
    Probe(ProbeKind.THINK_CLOSE, "\n</think>\n"),
    Probe(ProbeKind.THINK_MENTION, "I will close my reasoning with the </think> tag."),
    Probe(ProbeKind.TOOL_CALL_EMPTY, "<tool_call>\n</tool_call>"),
    Probe(ProbeKind.TOOL_CALL_EMPTY, "<tool_call>{}</tool_call>"),
    Probe(ProbeKind.TOOL_CALL_EMPTY, '<tool_call>\n{"name": "", "arguments": {}}\n</tool_call>'),
)


def wrapped(probe: Probe, template: Template, prompt: str) -> str:
    """An answer probe in the reward's own answer template: the content-free text as reasoning and answer."""
    text = probe.completion(prompt).strip()
    return render(template, text, template.mark(text))


@st.composite
def content_free(draw: st.DrawFn, templates: Sequence[Template]) -> tuple[Probe, Template | None]:
    """A content-free probe, raw or (answer probes) wrapped in one of ``templates``; shrinks to the raw
    empty completion."""
    probe = draw(st.sampled_from(CONTENT_FREE))
    if probe.kind.form or not templates:
        return probe, None
    return probe, draw(st.sampled_from([None, *templates]))


class Perturbation(Enum):
    APPEND = "a character appended"
    DROP_LAST = "the last character dropped"
    SWAP_LAST_TWO = "the last two characters swapped"


PERTURBATIONS: tuple[Perturbation, ...] = tuple(Perturbation)


def perturb(value: str, how: Perturbation) -> str:
    """``value`` perturbed (the result may equal ``value``: the caller skips it)."""
    if how is Perturbation.APPEND:
        return value + "7"
    if how is Perturbation.DROP_LAST:
        return value[:-1]
    return value[:-2] + value[-1] + value[-2] if len(value) >= 2 else value


def markups(template: Template, value: str) -> list[tuple[str, str]]:
    """The final-answer region ``template.mark(value)`` re-rendered in other markup: (what changed, region)."""
    v = value
    if template.marker == "boxed":
        return [
            ("no math delimiters", f"The answer is \\boxed{{{v}}}."),
            ("\\( \\)", f"The answer is \\(\\boxed{{{v}}}\\)."),
            ("display \\[ \\]", f"The answer is\n\\[\\boxed{{{v}}}\\]"),
            ("display $$", f"The answer is\n$$\\boxed{{{v}}}$$"),
            ("bold", f"The answer is **$\\boxed{{{v}}}$**."),
            ("spaces inside the box", f"The answer is $\\boxed{{ {v} }}$."),
        ]
    if template.marker == "answer_tags":
        return [
            ("tags on one line", f"<answer>{v}</answer>"),
            ("math delimiters", f"<answer>\n${v}$\n</answer>"),
            ("spaces inside the tags", f"<answer> {v} </answer>"),
        ]
    if template.marker == "answer_is":
        return [
            ("math delimiters", f"The answer is ${v}$."),
            ("bold", f"The answer is **{v}**."),
            ("colon", f"The answer is: {v}."),
            ("\\( \\)", f"The answer is \\({v}\\)."),
        ]
    return [("math delimiters", f"#### ${v}$"), ("no space", f"####{v}"), ("bold", f"#### **{v}**")]


def gold_label(fmt: GoldFormat, gold: str) -> str:
    """How a probe's gold reads in a report: the format and the gold as written."""
    return f"{fmt.name} gold {gold!r}"
