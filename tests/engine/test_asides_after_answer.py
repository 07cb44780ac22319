"""What follows a stated answer and says nothing of it leaves it stated, in every language of the lexicon:

- a line opened by an aside word (``WordClass.ASIDE``: "Fun fact:", "推广：", "ちなみに、", "Вообще,") or a note
  (``WordClass.NOTE``: "Hinweis:", "참고:"), whatever numbers it holds; a note that concludes a new value, or any
  aside that corrects, retracts or states an answer, is read as it stands;
- a last statement that only supposes ("If you also need the perimeter, it would be 20 cm."), or asks a question
  of its own after a value stated in words ("Vuoi che proviamo con due persone?"); not one that doubts, turns,
  or asks briefly or about the answer's own value;
- an invented next problem in any language ("Задача 2 (для закрепления).", "Ahora, otro problema parecido:").
"""

from __future__ import annotations

import pytest

from rewardcheck.rewards.engine import judge


def paid(text: str, gold: str) -> bool:
    return judge(text, gold).verdict.value == "correct"


@pytest.mark.parametrize(
    ("text", "gold"),
    [
        ("The set has 1024 subsets.\n\nFun fact: 2^20 = 1,048,576 bytes make a megabyte.", "1024"),
        ("The answer is 28.\n\nBonus: a party of 10 would have 45 handshakes.", "28"),
        ("So 24 cm² is the area.\n\nSide note: the perimeter is 20 cm.", "24"),
        ("La respuesta es 45.\n\nDato curioso: con 10 personas serían 45 apretones; con 20, 190.", "45"),
        ("So there are 36 ways.\nBy the way, with 5 colours there would be 60 ways.", "36"),
        ("Итак, в классе 32 ученика.\nКстати, в параллели 4 класса, то есть 128 учеников.", "32"),
        (
            "Ответ: 64.\nВообще, число подмножеств множества из n элементов равно 2^n, при n = 8 это 256.",
            "64",
        ),
        ("所以一共有 35 个学生。\n拓展：如果每排坐 8 人，需要 5 排，最后一排有 3 人。", "35"),
        ("答え：48 通り\nちなみに、5 人なら 120 通りになります。", "48"),
        ("따라서 넓이는 54입니다.\n참고: 둘레는 2 × (9 + 6) = 30입니다.", "54"),
        ("Also beträgt der Preis 18 €.\nHinweis: Mit 10 % Rabatt wären es 16,20 €.", "18"),
        ("Donc il faut 14 bus.\nLe saviez-vous ? Un bus scolaire transporte en moyenne 50 élèves.", "14"),
        ("Portanto, a média é 7,5.\nCuriosidade: a mediana desse conjunto é 8.", "7.5"),
        ("Quindi il perimetro è 46 m.\nOsservazione: l'area (120 m²) qui non serve.", "46"),
        ("Jadi, luasnya 96 cm².\nFakta menarik: kelilingnya 40 cm.", "96"),
        ("Vậy có 21 đường chéo.\nMở rộng: đa giác 10 cạnh có 35 đường chéo.", "21"),
        ("अतः उत्तर 120 है।\nरोचक तथ्य: 6! = 720 होता है।", "120"),
        ("إذن الناتج 81.\nهل تعلم؟ 3 أس 5 يساوي 243.", "81"),
        ("Sonuç olarak 15 öğrenci var.\nBu arada, 3 sınıfta toplam 45 öğrenci olur.", "15"),
        (
            "Il faut donc 38 mètres de grillage.\nPetite anecdote : en 1791, le mètre a été défini autrement.",
            "38",
        ),
        ("Die Fläche beträgt 24 m².\nKleiner Hinweis: Der Umfang wäre 20 m.", "24"),
    ],
)
def test_the_answer_before_an_aside_line_is_read(text: str, gold: str) -> None:
    assert paid(text, gold), text


@pytest.mark.parametrize(
    ("text", "gold"),
    [
        # a note that concludes, corrects or states an answer is read as it stands
        ("The total is 12.\nNote: we forgot the 3 extra boxes, so the total is 15.", "15"),
        ("Der Preis ist 18 €.\nHinweis: Ich habe mich verrechnet, es sind 20 €.", "20"),
        ("The answer is 12.\nFun fact: actually, I miscounted, the answer is 14.", "14"),
        ("The total is 12.\nNote: each of the 3 boxes holds 5, so the total is 15.", "15"),
        ("The total is 12.\nNote: recounting gives \\boxed{14}.", "14"),
        ("Answer: 12\nNote: recounting gives \\boxed{14}.", "14"),
        # a value after the aside line is read as it stands
        ("The total is 12.\nSide note: boxes hold 4 each.\nSo the total is 16.", "16"),
    ],
)
def test_an_aside_that_states_the_answer_is_read(text: str, gold: str) -> None:
    assert paid(text, gold), text


@pytest.mark.parametrize(
    ("text", "gold"),
    [
        (
            "So the area is 24 cm².\n\n(If you also need the perimeter, it would be 2 × (6 + 4) = 20 cm.)",
            "24",
        ),
        ("El interés generado es de 180 €.\nSi el interés fuera compuesto, serían unos 187,30 €.", "180"),
        (
            "Luca impiega 45 minuti.\nVuoi che proviamo un esercizio simile con due persone che leggono insieme?",
            "45",
        ),
        (
            "Như vậy, Lan cần 5 ngày để đọc xong.\nBạn có muốn mình giải thêm trường hợp đọc 30 trang mỗi ngày không?",
            "5",
        ),
        (
            "Jadi, Budi berjalan sejauh 1,2 km.\nBerapa jauh ia berjalan jika kecepatannya 6 km/jam selama 18 menit?",
            "1.2",
        ),
        (
            "So she has 27 stamps left.\nWould you like me to work out how many she had after 3 more weeks?",
            "27",
        ),
        ("1人12枚ずつになります。\n\n人数が9人の場合や、枚数が100枚の場合も計算しましょうか？", "12"),
    ],
)
def test_a_supposition_or_a_question_of_its_own_leaves_the_answer(text: str, gold: str) -> None:
    assert paid(text, gold), text


@pytest.mark.parametrize(
    ("text", "gold"),
    [
        # a doubt or a turn after the value: nothing is committed
        (
            "El área es 25π.\nSin embargo, si el 5 fuera el diámetro, el área sería 6,25π. No está claro cuál usar.",
            "25\\pi",
        ),
        ("So the area is 24.\nBut if the sides were 7 and 4, it would be 28; I am not sure which.", "24"),
        # a short question, or the answer's own value asked again, doubts it
        ("So the area is 24 cm². Or is it 20?", "24"),
        ("So the area is 24 cm².\n20 cm²?", "24"),
        ("So the area is 24 cm². Is 24 really right, given the 3 cut corners?", "24"),
        # a value only computed, never stated in words, is not read back over a supposition
        ("6 × 4 = 24\nIf we had 7 rows, we would get 28.", "24"),
        # a code line is no sentence of prose
        ("So we check n.\nfor n in range(1, 100):\n    if total(n) == 70:", "70"),
        ("So we try n = 5 first.\nif total(n) == 70:", "5"),
        ("So we try n = 5 first.\nif total(n) == 70:\n    print(n)", "5"),
        ("So we try n = 5 first.\nif total(n) == 70: stop\nThen we go on.", "5"),
        (
            "We try the range.\nfor n in range(1, 5):  # the values we try\n    if total(n) == 70:\n        print(n)",
            "(1, 5)",
        ),
        (
            "We try the range.\nfor n in range(1, 5):  # the values we try\nIf none works, we would try 9 next.",
            "(1, 5)",
        ),
    ],
)
def test_a_doubt_a_short_question_or_code_is_no_aside(text: str, gold: str) -> None:
    assert not paid(text, gold), text


@pytest.mark.parametrize(
    ("text", "gold"),
    [
        ("A cube has 12 edges.\nAnswer: 12 edges.\nFun fact: a cube also has 8 vertices and 6 faces.", "8"),
        ("Resposta: 24.\nBônus: o MDC deles é 4, e 24 × 4 = 96.", "4"),
        ("1 से 50 तक 15 अभाज्य संख्याएँ हैं।\nउत्तर: 15\nरोचक तथ्य: 1 से 100 तक कुल 25 अभाज्य संख्याएँ हैं।", "25"),
    ],
)
def test_the_value_of_an_aside_is_not_the_answer(text: str, gold: str) -> None:
    assert not paid(text, gold), text


@pytest.mark.parametrize(
    ("text", "gold"),
    [
        ("Ответ: 35.\n\nЗадача 2 (для закрепления). Найдите 20 % от 35.\nРешение: 35 · 0,2 = 7.", "35"),
        ("평균은 85점입니다.\n\n**연습 문제**: 70점, 75점, 95점의 평균은 얼마일까요? (정답: 80점)", "85"),
        (
            "Así que Ana tiene 15 años.\n\nAhora, otro problema parecido: si la suma es 30, x + (x + 4) = 30…",
            "15",
        ),
        ("Logo, o volume é 125 cm³.\n\nPróximo problema: um cubo de aresta 6 cm tem volume 216 cm³.", "125"),
        ("Risposta: 24.\nProviamo un altro esempio: LUCCA ha 5!/2! = 60 anagrammi.", "24"),
        ("Réponse : 24.\nUn autre exemple : MAMAN a 6!/(3!·2!) = 60 anagrammes.", "24"),
        ("Ответ: 24.\nДругой пример: у слова ЛУННА 5!/2! = 60 перестановок.", "24"),
    ],
)
def test_an_invented_next_problem_in_any_language_is_cut(text: str, gold: str) -> None:
    assert paid(text, gold), text


TABLE_AFTER = [
    # the table restates the working: its last number was stated before it
    (
        "3 + 5 + 4 = 12\n合計 12 km です。\n\n| 曜日 | 距離 |\n|---|---|\n| 月 | 3 km |\n| 1 日平均 | 4 km |",
        "12",
    ),
    (
        "(80 + 90 + 100) ÷ 3 = 270 ÷ 3 = 90\n평균은 90점입니다.\n\n| 과목 | 점수 |\n|---|---|\n| 합계 | 270 |",
        "90",
    ),
    (
        "Ein Teil: 60 € : 6 = 10 €\nDer zweite bekommt 2 · 10 € = 20 €.\n\n| Freund | Betrag |\n|---|---|\n| Summe | 60 € |",
        "20",
    ),
]
TABLE_ANSWER = [
    # the table states what the text has not: its last row is the answer
    (
        "So x = 2, and then $y = 2 + 1 = 3$.\n\n| Quantity | Value |\n|---|---|\n| $x$ | 2 |\n| Point | $(2, 3)$ |",
        "(2, 3)",
    ),
    (
        "Стороны: 8 см и 5 см.\n\n| Величина | Значение |\n|---|---|\n| Длина | 8 см |\n| **Площадь** | **40 см²** |",
        "40",
    ),
]


@pytest.mark.parametrize(("text", "gold"), TABLE_AFTER)
def test_a_table_after_the_answer_that_restates_the_working_is_an_aside(text: str, gold: str) -> None:
    assert paid(text, gold), text


@pytest.mark.parametrize(("text", "gold"), TABLE_ANSWER)
def test_a_table_that_states_a_new_value_is_the_answer(text: str, gold: str) -> None:
    assert paid(text, gold), text


@pytest.mark.parametrize(
    ("text", "gold", "other"),
    [
        (
            "42 caramelle divise tra 3 bambini: 42 ÷ 3 = 14 a testa.\n\nSe i bambini fossero solo 2, ne avrebbero 21 ciascuno.",
            "14",
            "21",
        ),
        (
            "64 kue dibagi rata ke 8 kotak: 64 : 8 = 8 kue per kotak.\n\nKalau kuenya ada 80, tiap kotak berisi 10.",
            "8",
            "10",
        ),
        ("So each of the 4 friends gets 6 stickers.\nIf there were 8 friends, each would get 3.", "6", "3"),
    ],
)
def test_a_condition_on_other_data_after_the_answer_supposes(text: str, gold: str, other: str) -> None:
    assert paid(text, gold), text
    assert not paid(text, other), text


@pytest.mark.parametrize(
    ("text", "gold"),
    [
        ("We have 3 and 4.\nIf we add 3 and 4, we get 7.", "7"),  # the condition restates the data: a means
        ("If x = 5, then 6x = 30.", "30"),  # nothing stated before it
    ],
)
def test_a_condition_on_stated_data_is_a_means(text: str, gold: str) -> None:
    assert paid(text, gold), text


@pytest.mark.parametrize(
    ("text", "gold"),
    [
        (
            "Il viaggio dura 105 minuti.\n\nProva tu: un treno parte alle 9:15 e arriva alle 11:40. (Risposta: 145)",
            "105",
        ),
        ("उत्तर: 12\n\nअभ्यास के लिए: 6 डिब्बों में 3-3 पेंसिलें हों तो कुल 18 होंगी।", "12"),
        (
            "The trip takes 105 minutes.\n\nYour turn: a train leaves at 9:15 and arrives at 11:40. (Answer: 145)",
            "105",
        ),
    ],
)
def test_a_practice_problem_for_the_reader_is_cut(text: str, gold: str) -> None:
    assert paid(text, gold), text


def test_a_list_of_cases_reads_its_last_case() -> None:
    text = (
        "He pays 100 pesos per hour.\n"
        "If he stays for 2 hours, he will pay 200 pesos.\n"
        "If he stays for 3 hours, he will pay 300 pesos."
    )
    assert paid(text, "300"), text
