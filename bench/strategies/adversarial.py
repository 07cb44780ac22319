"""Adversarial outputs: inputs that break parsers, hang sympy or confuse answer extraction.

The heavy ones (power tower, 500 nested braces, a 1 MB string) are plain examples for fixed cases; the
strategy draws only cheap ones so property runs stay fast.
"""

from __future__ import annotations

from dataclasses import dataclass

from hypothesis import strategies as st

__all__ = ["Adversarial", "heavy_adversarial", "adversarial_outputs"]


@dataclass(frozen=True)
class Adversarial:
    kind: str
    text: str


def heavy_adversarial() -> list[Adversarial]:
    return [
        Adversarial("power_tower", "<think>\nlarge\n</think>\n<answer>\n\\boxed{9^{9^{9^{9}}}}\n</answer>"),
        Adversarial("nested_braces", "\\boxed{" + "{" * 500 + "1" + "}" * 500 + "}"),
        Adversarial("one_megabyte", "a" * 1_000_000 + " \\boxed{3}"),
    ]


@st.composite
def adversarial_outputs(draw: st.DrawFn, answer: str = "3") -> Adversarial:
    kind = draw(
        st.sampled_from(
            [
                "several_boxed",
                "self_correction",
                "answer_in_think_only",
                "text_wrapped",
                "huge_number",
                "nested_braces",
                "unicode",
            ]
        )
    )
    if kind == "several_boxed":
        return Adversarial(kind, f"The answer is \\boxed{{{answer}}} or \\boxed{{{answer}1}}.")
    if kind == "self_correction":
        return Adversarial(
            kind, f"So \\boxed{{{answer}1}}. Wait, that is wrong; recomputing gives \\boxed{{{answer}}}."
        )
    if kind == "answer_in_think_only":
        return Adversarial(kind, f"<think>\nthe answer is \\boxed{{{answer}}}\n</think>\n<answer>\n</answer>")
    if kind == "text_wrapped":
        return Adversarial(kind, f"\\boxed{{\\text{{{answer}}}}}")
    if kind == "huge_number":
        return Adversarial(kind, "\\boxed{" + "9" * draw(st.integers(20, 400)) + "}")
    if kind == "nested_braces":
        depth = draw(st.integers(1, 40))
        return Adversarial(kind, "\\boxed{" + "{" * depth + answer + "}" * depth + "}")
    return Adversarial(kind, draw(st.text(max_size=60)))
