"""An example word opens an illustration with data of its own (WordClass.EXAMPLE: "For example, with n = 10 the
sum is 55.", "比如n=10时，和就是55。"): its values are no answer, in every language of the lexicon, and an answer
stated before it stays. A distributive word goes over a group whose size the value next to it gives
(WordClass.DISTRIBUTIVE: "each of the 5 friends pays 14 €", "5 arkadaşın her biri 240 TL öder"): the value after
it is the answer."""

from __future__ import annotations

import pytest
from answer_labels import LABELS, phrases_of
from verdicts import verdict as _verdict

from rewardcheck.rewards.engine.lexicon import WordClass


@pytest.mark.parametrize("lang", sorted(LABELS))
def test_a_value_after_an_example_word_is_no_answer(lang: str) -> None:
    for phrase in phrases_of(lang, WordClass.EXAMPLE):
        text = f"S = n(n+1)/2.\n{phrase.capitalize()} n = 10: 55."
        assert _verdict(text, "55") != "correct", text


@pytest.mark.parametrize("lang", sorted(LABELS))
def test_an_answer_stated_before_an_example_stays(lang: str) -> None:
    for phrase in phrases_of(lang, WordClass.EXAMPLE)[:3]:
        text = f"{LABELS[lang]} 12\n{phrase.capitalize()} 12 = 3 · 4."
        assert _verdict(text, "12") == "correct", text


@pytest.mark.parametrize(
    "text",
    [
        "For example 12 fails, but 15 works.",
        "Por ejemplo, 12 no sirve, pero 15 sí.",
        "Zum Beispiel geht 12 nicht, aber 15 erfüllt alle Bedingungen.",
    ],
)
def test_a_contrast_after_the_example_word_turns_back_to_the_answer(text: str) -> None:
    assert _verdict(text, "15") == "correct"


GROUPS = {  # "so each of the 5 friends pays 14" in each language: the group's size, then what each pays
    "en": "So each of the 5 friends pays 14 €.",
    "fr": "Ainsi, chacun des 5 amis paie 14 €.",
    "es": "Así que cada uno de los 5 amigos paga 14 €.",
    "pt": "Portanto, cada um dos 5 amigos paga 14 €.",
    "it": "Quindi ognuno dei 5 amici paga 14 €.",
    "de": "Also zahlt jeder der 5 Freunde 14 €.",
    "ru": "Итак, каждый из 5 друзей платит 14 евро.",
    "ar": "إذن يدفع كل واحد من 5 أصدقاء 14 يورو.",
    "hi": "इसलिए 5 दोस्तों में से हर एक 14 रुपये देता है।",
    "vi": "Vậy mỗi bạn trong 5 bạn phải trả 14 nghìn đồng.",
    "id": "Jadi, setiap dari 5 anak mendapat 14 kelereng.",
    "tr": "Yani 5 arkadaşın her biri 14 TL öder.",
    "zh": "所以5个朋友每人付14元。",
    "ja": "つまり、5人の友達それぞれが14ユーロを払います。",
    "ko": "따라서 5명의 친구가 각자 14유로를 냅니다.",
}


@pytest.mark.parametrize("lang", sorted(GROUPS))
def test_the_value_after_a_group_and_its_distributive_word_is_the_answer(lang: str) -> None:
    assert _verdict(GROUPS[lang], "14") == "correct", GROUPS[lang]
    assert _verdict(GROUPS[lang], "5") != "correct", GROUPS[lang]


def test_every_language_has_a_group_row() -> None:
    assert sorted(GROUPS) == sorted(LABELS)
    assert all(phrases_of(lang, WordClass.DISTRIBUTIVE) for lang in GROUPS)


def test_a_group_size_alone_is_still_the_answer() -> None:
    assert _verdict("So the answer is 5: each of the 5 friends pays.", "5") == "correct"
