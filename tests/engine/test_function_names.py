"""Function names written in plain text ("sin(π/3)", "sen x", "ln 2", "tg α") are read with their argument as one
value and compared as their LaTeX command (rewards/engine/function_names.py): "sin(π/3)" was read as "(π/3)" and
paid for a gold of π/3."""

from __future__ import annotations

import pytest

from rewardcheck.rewards.engine import judge
from rewardcheck.rewards.engine.forms import tidy
from rewardcheck.rewards.engine.function_names import COMMANDS, plain_functions_as_latex


def _verdict(text: str, gold: str) -> str:
    return judge(text, gold).verdict.value


@pytest.mark.parametrize(
    ("text", "gold"),
    [
        ("Answer: sin(π/3)", "\\frac{\\sqrt{3}}{2}"),
        ("Respuesta: sen(π/6)", "\\frac{1}{2}"),
        ("Ответ: sin α.", "\\sin\\alpha"),
        ("So the answer is ln 2.", "\\ln 2"),
        ("Ответ: tg α", "\\tan\\alpha"),
        ("Réponse : 2 sin x cos x", "\\sin 2x"),
    ],
)
def test_a_function_applied_in_plain_text_is_one_value(text: str, gold: str) -> None:
    assert _verdict(text, gold) == "correct", text


@pytest.mark.parametrize(
    ("text", "gold"),
    [
        ("Answer: sin(π/3)", "\\frac{\\pi}{3}"),  # the argument is no answer
        ("Ответ: sin α.", "\\sin\\beta"),
        ("Respuesta: sen(π/6)", "\\frac{\\pi}{6}"),
    ],
)
def test_the_argument_alone_is_not_paid(text: str, gold: str) -> None:
    assert _verdict(text, gold) != "correct", text


@pytest.mark.parametrize("text", ["The log is long.", "Answer: 7 (tan leather)"])
def test_a_function_name_not_applied_is_a_word(text: str) -> None:
    assert "\\" not in plain_functions_as_latex(text)


def test_every_name_becomes_a_command_and_greek_letters_are_latex() -> None:
    for name, command in COMMANDS.items():
        assert plain_functions_as_latex(f"{name}(x)") == f"{command} (x)"
        assert plain_functions_as_latex(f"a{name}(x)") == f"a{name}(x)"  # inside a longer word: none
    assert tidy("λ + θ") == "\\lambda  + \\theta"
