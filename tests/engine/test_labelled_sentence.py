"""A label that opens a sentence of several values states the sentence's result, which stands last in its clause
in every language ("Answer: 8 notebooks cost 12 €.", "答：汽车 3 小时行驶 180 千米。"), unless a list, choice,
range or rate word joins them, brackets hold the later ones, or a restatement word restates the value in another
unit ("The area is 400 m², i.e. 0.04 ha."); the same number restated in another form is read in that form
("0.25, i.e. 25%"). Dotted abbreviations ("i.e.", "d.h.", "т.е.") end no sentence."""

from __future__ import annotations

import pytest

from rewardcheck.rewards.engine import judge
from rewardcheck.rewards.engine.read.tokens import TokenKind, tokenize

LABELLED = {
    "en": ("Answer: 8 notebooks cost 12 €.", "12"),
    "zh": ("答：汽车 3 小时行驶 180 千米。", "180"),
    "ja": ("答え：りんご5個で600円", "600"),
    "ko": ("정답: 공책 4권의 가격은 6,000원입니다.", "6000"),
    "es": ("Respuesta: con 6 litros se pintan 48 m².", "48"),
    "de": ("Antwort: 3 kg Äpfel kosten 7,50 €.", "7.5"),
    "pt": ("Resposta: em 5 dias ele economiza R$ 35,00.", "35"),
    "it": ("Risposta: in 6 ore il rubinetto riempie 90 litri.", "90"),
    "ru": ("Ответ: за 4 часа поезд проходит 320 км.", "320"),
    "ar": ("الإجابة: ثمن 5 أقلام هو 15 ريالًا.", "15"),
    "hi": ("उत्तर: 3 किलो चीनी ₹135 की है।", "135"),
    "vi": ("Đáp số: trong 4 giờ ô tô đi được 180 km.", "180"),
    "id": ("Jawaban: harga 6 buku adalah Rp30.000.", "30000"),
    "tr": ("Cevap: 5 kalem 20 TL tutar.", "20"),
    "fr": ("Réponse : les 7 cahiers coûtent 21 €.", "21"),
}


@pytest.mark.parametrize("lang", sorted(LABELLED))
def test_a_labelled_sentence_states_its_last_value(lang: str) -> None:
    text, gold = LABELLED[lang]
    assert judge(text, gold).verdict.value == "correct", text


@pytest.mark.parametrize(
    ("text", "gold"),
    [
        ("Réponse : 45 minutes pour lire 60 pages.", "45"),  # a rate word joins them
        ("Đáp số: 2,5 giờ (tức 2 giờ 30 phút).", "2.5"),  # brackets hold the later values
        (
            "따라서 답은 28%이고, 풀이집의 40%는 틀렸다고 생각합니다.",
            "28",
        ),  # another clause names another value
        ("Answer: 12, 15 and 18.", "12, 15, 18"),  # a list
    ],
)
def test_the_labelled_value_stays_where_the_sentence_joins_or_remarks(text: str, gold: str) -> None:
    assert judge(text, gold).verdict.value == "correct", text


@pytest.mark.parametrize(
    ("text", "gold"),
    [
        ("The plot is 20 m by 20 m.\nThe area is 400 m², i.e. 0.04 ha.", "400"),
        ("L'area è 2,5 m², cioè 25 000 cm².", "2.5"),
        ("答：这块地的面积是 1500 平方米（合 0.15 公顷）。", "1500"),
        ("So the ratio is 10/40 = 0.25, i.e. 25%.", "25\\%"),
        ("Il conto risulta in rosso di 12,50 €, cioè il saldo è −12,50 €.", "-12.5"),
    ],
)
def test_a_restatement_in_another_unit_keeps_the_first_and_another_form_the_last(
    text: str, gold: str
) -> None:
    assert judge(text, gold).verdict.value == "correct", text


@pytest.mark.parametrize("text", ["i.e. 0.04", "d.h. 2,5", "т.е. 25", "e.g. 3"])
def test_a_dotted_abbreviation_ends_no_sentence(text: str) -> None:
    t = tokenize(text)
    assert TokenKind.SENTENCE_END not in t.kinds[: t.n], text
