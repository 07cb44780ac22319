"""Found by the blind layouts15 probes: French numbers 70-99 counted by twenties ("soixante-douze",
"quatre-vingt-dix-neuf", Belgian "septante-deux") read whole, and a closing that says it is unclear which
of the listed values is meant ("Non è chiaro quale sia quella richiesta.", in every language of the
lexicon, as "which": a bare "it is not clear" says nothing of the values)."""

from __future__ import annotations

import pytest

from rewardcheck.rewards.engine import judge


@pytest.mark.parametrize(
    ("words", "gold"),
    [
        ("soixante-douze", "72"),
        ("soixante-dix-neuf", "79"),
        ("quatre-vingts", "80"),
        ("quatre-vingt-un", "81"),
        ("quatre-vingt-douze", "92"),
        ("quatre-vingt-dix-sept", "97"),
        ("septante-deux", "72"),
        ("soixante-douze mille", "72000"),
    ],
)
def test_french_seventies_to_nineties_are_read_whole(words: str, gold: str) -> None:
    text = f"La réponse est {words}."
    assert judge(text, gold).verdict.value == "correct", text
    assert judge(f"\\boxed{{{words}}}", gold).verdict.value == "correct", words


@pytest.mark.parametrize(
    "closing",
    [
        "It is not clear which one is meant.",
        "Non è chiaro quale sia quella richiesta.",
        "No está claro cuál se pide.",
        "Não sei qual delas é a pedida.",
        "Je ne sais pas laquelle est demandée.",
        "どちらが正しいか分からない。",
        "不清楚是哪一个。",
    ],
)
def test_unclear_which_of_the_listed_values_is_meant(closing: str) -> None:
    text = f"Les solutions possibles :\n- x = 4\n- x = 9\n\n{closing}"
    assert judge(text, "9").verdict.value != "correct", text


def test_a_bare_unclear_before_the_answer_says_nothing_of_it() -> None:
    assert (
        judge("It is not clear at first, but after simplifying the answer is 9.", "9").verdict.value
        == "correct"
    )
