"""Yes/no and true/false golds in any language (WordClass.TRUE_WORD, FALSE_WORD, YES_WORD): a truth word closing
the final statement answers a true-or-false question ("Antwort: Wahr", "C'est vrai."); a yes or no word opening
the final statement as a clause of its own answers it ("So no, 91 is not prime."); a lone yes word of any language
ends the text ("Sì.", "Đáp án: Có"). A gold that is a relation sign is answered by the last relation sign of the
final statement ("Ответ: <", "Como 81 > 64, 3^40 > 4^30.")."""

from __future__ import annotations

import pytest
from answer_labels import LABELS, phrases_of
from verdicts import verdict as _verdict

from rewardcheck.rewards.engine.lexicon import WordClass


@pytest.mark.parametrize("lang", sorted(LABELS))
def test_a_labelled_truth_word_answers_a_true_or_false_gold(lang: str) -> None:
    for word in phrases_of(lang, WordClass.TRUE_WORD):
        text = f"1 + 3 + 5 = 9 = 3².\n{LABELS[lang]} {word}"
        assert _verdict(text, "True") == "correct", text
        assert _verdict(text, "False") == "wrong", text
    for word in phrases_of(lang, WordClass.FALSE_WORD):
        text = f"1 + 3 + 5 = 9 = 3².\n{LABELS[lang]} {word}"
        assert _verdict(text, "False") == "correct", text
        assert _verdict(text, "True") == "wrong", text


@pytest.mark.parametrize(
    ("text", "gold"),
    [
        ("91 / 7 = 13, so 91 = 7 × 13.\nSo no, 91 is not prime.", "No"),
        ("2047 = 23 × 89.\nQuindi no, 2047 non è primo.", "No"),
        ("143 = 11 × 13.\nVậy không, 143 không phải số nguyên tố.", "Không"),
        ("f(−x) = −f(x).\n**Да**, функция нечётная.", "Yes"),
        ("Un número es par si es múltiplo de 2, y 0 = 2 · 0.\nAsí que sí, 0 es par.", "Sí"),
        ("1000 è un cubo perfetto? Sì o no?\n10³ = 1000.\nSì.", "Yes"),
        ("150 chia hết cho 3.\nĐáp án: Có", "Có"),
        ("2024 को 4 से भाग दिया जा सकता है।\nतो उत्तर हाँ है।", "हाँ"),
        ("Vrai ou faux : 1 + 3 + … + 19 = 100.\n1 + 3 + … + 19 = 10² = 100.\nC'est vrai.", "Vrai"),
        (
            "Verdadeiro ou falso: todo número divisível por 6 é divisível por 4.\nLogo, a afirmação é falsa.",
            "False",
        ),
    ],
)
def test_a_yes_or_no_opening_or_closing_the_final_statement_answers(text: str, gold: str) -> None:
    assert _verdict(text, gold) == "correct", text


@pytest.mark.parametrize(
    ("text", "gold"),
    [
        ("So no, 91 is not prime.", "Yes"),
        ("No, wait: 91 = 7 × 13, so it is 13.", "No"),
        ("Maybe yes, maybe no.", "Yes"),
        ("1000 = 10³.\nSì.", "No"),
    ],
)
def test_the_other_polarity_or_a_turn_is_not_paid(text: str, gold: str) -> None:
    assert _verdict(text, gold) != "correct", text


@pytest.mark.parametrize(
    ("text", "gold"),
    [
        ("11 · 7 = 77, 6 · 13 = 78.\nПоэтому 11/13 < 6/7.\nОтвет: <", "<"),
        ("3^40 = 81^10 y 4^30 = 64^10.\nComo 81 > 64, 3^40 > 4^30.", ">"),
        ("1 > π/4 なので、sin 1 > cos 1 です。\nしたがって空欄に入る記号は「>」。", "$>$"),
        ("So $2^{10} \\geq 10^3$.", "\\ge"),
    ],
)
def test_a_relation_sign_gold_is_answered_by_the_last_sign(text: str, gold: str) -> None:
    assert _verdict(text, gold) == "correct", text


def test_the_other_sign_is_wrong() -> None:
    assert _verdict("So 11/13 < 6/7.", ">") == "wrong"
