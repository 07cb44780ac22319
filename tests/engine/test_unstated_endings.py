"""Endings that state no answer although the gold is written, found by the blind sets chat16 and hacks15: a
program never run (a fenced code block the text ends on), a template's unfilled slot ("Respuesta: [respuesta]"),
every number of the working boxed as an operand, and two methods whose boxes disagree with nothing choosing
between them (WordClass.METHOD). Printed output, a filled slot, one boxed result, and a correction between two
methods' boxes are read as before."""

from __future__ import annotations

import pytest
from answer_labels import LABELS
from verdicts import verdict as _verdict

from rewardcheck.rewards.engine.lexicon import LANGUAGE_ROWS, WORDS, WordClass


@pytest.mark.parametrize(
    "text",
    [
        "We verify with a short script.\n\n```python\na, b = 12, 13\nproduct = 156\nassert product == a * b\n```",
        "파이썬으로 계산해 보겠습니다.\n\n```python\nnumbers = range(1, 13)\ns = 156\n```",
        "Calculons-le :\n```\ntotal = 12 * 13  # 156\n```",
        "```js\nconst total = 156;\n```",
    ],
)
def test_a_program_never_run_states_no_answer(text: str) -> None:
    assert _verdict(text, "156") != "correct", text


@pytest.mark.parametrize(
    "text",
    [
        "```python\nprint(12 * 13)\n```\n```output\n156\n```",
        "```python\nprint(12 * 13)\n```\nOutput:\n```\n156\n```",
        "```python\nprint(12 * 13)\n```\n```output\n156\n```\nSo the product is 156.",
    ],
)
def test_printed_output_is_read(text: str) -> None:
    assert _verdict(text, "156") == "correct", text


# ja and zh write their label's noun without an anchor phrase of the lexicon ("答え：" is a noun and a colon)
@pytest.mark.parametrize("lang", sorted(set(LABELS) - {"ja", "zh"}))
@pytest.mark.parametrize("slot", ["[{word}]", "<{word}>", "{{{word}}}"])
def test_an_unfilled_template_slot_leaves_no_answer(lang: str, slot: str) -> None:
    word = LABELS[lang].rstrip(":： ").casefold()
    text = f"24 · 36 / 12 = 72\n\n{LABELS[lang]} {slot.format(word=word)}"
    assert _verdict(text, "72") != "correct", text


@pytest.mark.parametrize(
    "text",
    [
        "First, \\boxed{30} × \\boxed{31} = \\boxed{30} × \\boxed{30} + \\boxed{30} × \\boxed{1} = \\boxed{930}",
        "首先， \\boxed{30}/\\boxed{100} · \\boxed{3100} = \\boxed{930}",
        "$\\boxed{30} \\times \\boxed{31} = \\boxed{930}$",
    ],
)
def test_every_number_boxed_states_no_answer(text: str) -> None:
    assert _verdict(text, "930") != "correct", text


@pytest.mark.parametrize(
    "text",
    [
        "30 × 31 = \\boxed{930}",
        "The roots are \\boxed{2} and \\boxed{3}, so the larger is \\boxed{930}.",
        "So the answer is \\boxed{930}. Double-check: \\boxed{930}.",
    ],
)
def test_a_boxed_result_is_read(text: str) -> None:
    assert _verdict(text, "930") == "correct", text


def _methods(lang: str) -> tuple[str, ...]:
    """The language's method words that need no other evidence of the language (gated ones are read where it is)."""
    if lang == "en":
        return tuple(WORDS[WordClass.METHOD])
    rows = LANGUAGE_ROWS[lang]
    return tuple(m for m in rows.words[WordClass.METHOD] if m not in rows.gated)


@pytest.mark.parametrize("lang", sorted(LABELS))
def test_two_methods_with_different_boxes_offer_two_answers(lang: str) -> None:
    for method in _methods(lang):
        text = f"{method} 1: 9x = 108, x = 13\n\\boxed{{13}}\n\n{method} 2: 9x = 108, x = 12\n\\boxed{{12}}"
        assert _verdict(text, "12") != "correct", text
        assert _verdict(text, "13") != "correct", text


@pytest.mark.parametrize(
    "text",
    [
        "Method 1: x = 12\n\\boxed{12}\n\nMethod 2: x = 12\n\\boxed{12}",  # the same value twice
        "Method 1: x = 13\n\\boxed{13}\n\nMethod 2: wait, 9x = 108, so x = 12\n\\boxed{12}",  # a correction
        "Step 1: 9x = 108, so x = \\boxed{13}\nStep 2: the answer is \\boxed{12}",  # steps name no method
    ],
)
def test_methods_that_agree_or_correct_are_read(text: str) -> None:
    assert _verdict(text, "12") == "correct", text


@pytest.mark.parametrize(
    ("text", "gold"),
    [
        ("Kecepatan = 150 km ÷ 2,5 jam = 60 km/jam\n\n```\njawaban = 75\n```", "75"),
        ("The speed is 150 / 2.5 = 60.\n```python\nanswer = 75\n```", "75"),
    ],
)
def test_code_that_assigns_the_answer_states_it(text: str, gold: str) -> None:
    assert _verdict(text, gold) == "correct", text  # the answer the code names, not the value before it
    assert _verdict(text, "60") != "correct", text
