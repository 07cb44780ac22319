"""A half word after a whole number or after its unit adds one half (WordClass.HALF: "two and a half hours", "dos
horas y media", "2時間半", "两个半小时", "2시간 반이"): one value, in every language of the lexicon, never the whole
number alone; a half of something ("10的一半", "半径") adds nothing."""

from __future__ import annotations

import pytest
from answer_labels import phrases_of
from verdicts import verdict as _verdict

from rewardcheck.rewards.engine.lexicon import WordClass

HALVES = {  # "the trip takes two and a half hours" in each language
    "en": "So the trip takes two and a half hours.",
    "fr": "Le trajet dure donc deux heures et demie.",
    "es": "Así que el viaje dura dos horas y media.",
    "pt": "Portanto, a viagem leva duas horas e meia.",
    "it": "Quindi il viaggio dura due ore e mezza.",
    "de": "Die Fahrt dauert also 2 und ein halb Stunden.",
    "ru": "Значит, поездка займёт два с половиной часа.",
    "ar": "إذن تستغرق الرحلة 2 ساعة ونصف.",
    "hi": "इसलिए यात्रा में 2 घंटे और आधा लगता है।",
    "vi": "Vậy chuyến đi mất hai tiếng rưỡi.",
    "id": "Jadi perjalanan memakan waktu dua setengah jam.",
    "tr": "Yani yolculuk iki buçuk saat sürer.",
    "zh": "所以这段路需要两个半小时。",
    "ja": "よって、かかる時間は2時間半です。",
    "ko": "따라서 총 2시간 반이 걸립니다.",
}


@pytest.mark.parametrize("lang", sorted(HALVES))
def test_a_half_after_a_number_or_its_unit_adds_one_half(lang: str) -> None:
    assert _verdict(HALVES[lang], "2.5") == "correct", HALVES[lang]
    assert _verdict(HALVES[lang], "2") != "correct", HALVES[lang]


def test_every_language_has_a_half_row() -> None:
    assert all(phrases_of(lang, WordClass.HALF) for lang in HALVES)


@pytest.mark.parametrize(
    ("text", "gold"),
    [
        ("It takes an hour and a half.", "1.5"),
        ("Le trajet dure une heure et demie.", "1.5"),
        ("It takes twenty two and a half hours.", "22.5"),
        ("It takes 2 and a half hours.", "2.5"),
        ("总共需要2个半小时。", "2.5"),
        ("Yolculuk 3 buçuk saat sürer.", "3.5"),
    ],
)
def test_the_whole_number_may_be_a_word_an_article_or_digits(text: str, gold: str) -> None:
    assert _verdict(text, gold) == "correct", text


@pytest.mark.parametrize(
    ("text", "gold"),
    [("10的一半是5。", "5"), ("So the answer is 12, a dozen.", "12"), ("半径は2cmです。", "2")],
)
def test_a_half_of_something_adds_nothing(text: str, gold: str) -> None:
    assert _verdict(text, gold) == "correct", text


@pytest.mark.parametrize(
    ("text", "gold"),
    [
        ("It takes an hour and a quarter.", "1.25"),
        ("Le trajet dure deux heures et trois quarts.", "2.75"),
        ("La respuesta: dos horas y cuarto.", "2.25"),
        ("Ответ: полчаса.", "0.5"),
        ("La respuesta es media hora.", "0.5"),
        ("Yani yarım saat sürer.", "0.5"),
        ("Answer: half an hour", "0.5"),
        ("所以需要半小时。", "0.5"),
        ("Jadi dibutuhkan setengah jam.", "0.5"),
        ("Jadi dua setengah jam.", "2.5"),
        ("Er braucht zweieinhalb Stunden.", "2.5"),
        ("**Antwort: anderthalb Stunden**", "1.5"),
        ("Поездка заняла полтора часа.", "1.5"),
        ("उत्तर: डेढ़ लीटर", "1.5"),
        ("कुल समय ढाई घंटे है।", "2.5"),
    ],
)
def test_quarters_half_hours_and_one_word_mixed_numbers(text: str, gold: str) -> None:
    assert _verdict(text, gold) == "correct", text
    whole = gold.split(".")[0]
    assert _verdict(text, whole) != "correct", text


def test_every_language_has_a_half_hour_row() -> None:
    assert all(phrases_of(lang, WordClass.HALF_HOUR) for lang in HALVES)


@pytest.mark.parametrize(
    ("text", "gold"),
    [
        ("कुल बचत ₹1,50,000 यानी डेढ़ लाख रुपये है।", "150000"),
        ("Die Stadt hat zweieinhalb Millionen Einwohner.", "2500000"),
    ],
)
def test_a_scale_word_after_a_mixed_number_scales_it(text: str, gold: str) -> None:
    assert _verdict(text, gold) == "correct", text
