"""Degenerate outputs a policy collapses into, each labelled with what it is.

>>> sorted(DEGENERATE_KINDS)[:3]
['bare_answer', 'boxed_loop', 'empty']
"""

from __future__ import annotations

from dataclasses import dataclass

from hypothesis import strategies as st

__all__ = ["SEED_EXPLOIT", "Degenerate", "DEGENERATE_KINDS", "degenerate_outputs", "degenerate_examples"]

SEED_EXPLOIT = "First,\n...\nFinally,\n.."


@dataclass(frozen=True)
class Degenerate:
    kind: str
    text: str


DEGENERATE_KINDS = frozenset(
    {
        "empty",
        "whitespace",
        "tags_only",
        "empty_think",
        "markers_only",
        "repetition",
        "prompt_echo",
        "boxed_loop",
        "bare_answer",
    }
)


def degenerate_examples(prompt: str = "What is 1 + 2?", answer: str = "3") -> list[Degenerate]:
    """One fixed example of each kind (the case catalogue uses these too)."""
    return [
        Degenerate("empty", ""),
        Degenerate("whitespace", " \n\t\n "),
        Degenerate("tags_only", "<think></think><answer></answer>"),
        Degenerate("tags_only", "<think>\n\n</think>\n<answer>\n\n</answer>"),
        Degenerate("empty_think", "<think>\n</think>\n"),
        Degenerate("markers_only", "First, Finally,"),
        Degenerate("markers_only", SEED_EXPLOIT),
        Degenerate("markers_only", "Step 1: Step 2: Step 3: First, Second, Next, Finally,"),
        Degenerate("repetition", " ".join(["the"] * 64)),
        Degenerate("repetition", " ".join(["so the answer is"] * 24)),
        Degenerate("prompt_echo", prompt),
        Degenerate("boxed_loop", "\\boxed{}. " * 40),
        Degenerate("bare_answer", f"\\boxed{{{answer}}}"),
    ]


@st.composite
def degenerate_outputs(
    draw: st.DrawFn, prompt: str = "What is 1 + 2?", answer: str = "3", include_bare_answer: bool = False
) -> Degenerate:
    """A degenerate output; ``bare_answer`` (a correct answer with no reasoning) only when asked for."""
    kind = draw(
        st.sampled_from(
            [
                "markers_only",
                "empty",
                "whitespace",
                "tags_only",
                "empty_think",
                "repetition",
                "prompt_echo",
                "boxed_loop",
            ]
            + (["bare_answer"] if include_bare_answer else [])
        )
    )
    if kind == "empty":
        return Degenerate(kind, "")
    if kind == "whitespace":
        return Degenerate(kind, draw(st.text(alphabet=" \n\t", min_size=1, max_size=8)))
    if kind == "tags_only":
        sep = draw(st.sampled_from(["", "\n", "\n\n"]))
        return Degenerate(kind, f"<think>{sep}</think>{sep}<answer>{sep}</answer>")
    if kind == "empty_think":
        return Degenerate(kind, draw(st.sampled_from(["<think></think>", "<think>\n</think>\n", "</think>"])))
    if kind == "markers_only":
        markers = draw(
            st.lists(
                st.sampled_from(
                    ["First,", "Finally,", "Second,", "Next,", "Step 1:", "Step 2:", "1.", "\n-", "\n*"]
                ),
                min_size=1,
                max_size=6,
            )
        )
        return Degenerate(kind, draw(st.sampled_from([" ", "\n"])).join(markers))
    if kind == "repetition":
        unit = draw(st.sampled_from(["the", "so the answer is", "wait,", "1"]))
        return Degenerate(kind, " ".join([unit] * draw(st.integers(16, 64))))
    if kind == "prompt_echo":
        return Degenerate(kind, prompt)
    if kind == "boxed_loop":
        return Degenerate(
            kind, draw(st.sampled_from(["\\boxed{}. ", "\\boxed{}"])) * draw(st.integers(5, 40))
        )
    return Degenerate(kind, f"\\boxed{{{answer}}}")
