"""Completions in the layouts reasoning models write, with a final answer, and the strategies that draw them.

Styles: ``r1_boxed`` (``<think>`` reasoning ``</think>`` then a boxed answer, as R1 distills write),
``r1_tags`` (open-r1's ``<think>…</think><answer>…</answer>`` system-prompt layout), ``plain_boxed`` (plain
chain of thought ending in ``\\boxed``). With ``prefill_think`` the chat template already wrote ``<think>``,
so the completion starts inside the think block.

>>> build_completion("r1_tags", "First, x = 3.", "3")
'<think>\\nFirst, x = 3.\\n</think>\\n<answer>\\n\\\\boxed{3}\\n</answer>'
>>> build_completion("r1_boxed", "x = 3", "3", prefill_think=True)
'x = 3\\n</think>\\n\\nThe final answer is $\\\\boxed{3}$.'
"""

from __future__ import annotations

from hypothesis import strategies as st

from .reasoning import generated_bodies, reasoning_bodies

__all__ = [
    "STYLES",
    "build_completion",
    "completion_styles",
    "completions_with_answer",
    "canonical_r1",
    "r1_layouts",
]

STYLES: tuple[str, ...] = ("r1_tags", "r1_boxed", "plain_boxed")


def build_completion(style: str, body: str, answer: str, *, prefill_think: bool = False) -> str:
    """One completion whose final answer is ``answer`` (wrapped in ``\\boxed{}``)."""
    think_open = "" if prefill_think else "<think>\n"
    if style == "r1_tags":
        return f"{think_open}{body}\n</think>\n<answer>\n\\boxed{{{answer}}}\n</answer>"
    if style == "r1_boxed":
        return f"{think_open}{body}\n</think>\n\nThe final answer is $\\boxed{{{answer}}}$."
    if style == "plain_boxed":
        return f"{body}\n\nThe final answer is $\\boxed{{{answer}}}$."
    raise ValueError(f"unknown completion style {style!r}; known: {', '.join(STYLES)}")


def completion_styles(prefill_think: bool = False) -> st.SearchStrategy[str]:
    # A template that pre-fills <think> never yields a plain CoT without a think block.
    return st.sampled_from(STYLES[:2] if prefill_think else STYLES)


@st.composite
def completions_with_answer(
    draw: st.DrawFn, answer: str, prefill_think: bool = False, real_text: bool = True
) -> str:
    """A completion in any style whose final answer is ``answer``."""
    style = draw(completion_styles(prefill_think))
    body = draw(reasoning_bodies() if real_text else generated_bodies())
    return build_completion(style, body, answer, prefill_think=prefill_think)


def canonical_r1(
    body: str,
    answer: str,
    *,
    prefill_think: bool = False,
    after_open: str = "\n",
    before_close: str = "\n",
    between: str = "\n",
    inside_answer: str = "\n",
    trailing: str = "",
) -> str:
    """The R1 tag layout with chosen whitespace at each joint (format rewards must not care)."""
    think_open = "" if prefill_think else f"<think>{after_open}"
    return (
        f"{think_open}{body}{before_close}</think>{between}<answer>{inside_answer}\\boxed{{{answer}}}"
        f"{inside_answer}</answer>{trailing}"
    )


@st.composite
def r1_layouts(draw: st.DrawFn, answer: str = "3") -> tuple[str, dict[str, object]]:
    """A well-formed R1 answer with pre-filled ``<think>`` or not and varied whitespace; returns (text, layout)."""
    layout: dict[str, object] = {
        "prefill_think": draw(st.booleans()),
        "after_open": draw(st.sampled_from(["\n", "", " ", "\n\n"])),
        "before_close": draw(st.sampled_from(["\n", "", " ", "\n\n"])),
        "between": draw(st.sampled_from(["\n", "", "\n\n", " "])),
        "inside_answer": draw(st.sampled_from(["\n", "", " "])),
        "trailing": draw(st.sampled_from(["", "\n"])),
    }
    body = draw(generated_bodies())
    return canonical_r1(body, answer, **layout), layout  # type: ignore[arg-type]
