"""Numbers written as words in the lexicon's languages (``LanguageRows.numbers``, :mod:`numerals`) and in
Chinese / Japanese numerals: read where they state the answer (after an answer phrase or a copula, after a
label, alone, or anywhere in a statement with no value in digits), never where a number word only counts things
in passing."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rewardcheck.rewards.engine import judge
from rewardcheck.rewards.engine.lexicon import LANGUAGE_ROWS
from rewardcheck.rewards.engine.numerals import cjk_number, cjk_value, word_number

STATED = [
    ("La respuesta es doce.", "12"),
    ("La réponse est douze.", "12"),
    ("La réponse est vingt-deux.", "22"),
    ("Die Antwort ist zwölf.", "12"),
    ("A resposta é doze.", "12"),
    ("Risposta: sette.", "7"),
    ("Sumamos las partes.\n\ndoce.", "12"),  # alone in its statement, Spanish shown by "las"
    ("Ответ: двенадцать.", "12"),
    ("Jawabannya adalah sebelas.", "11"),
    ("Cevap: üç.", "3"),
    ("الإجابة هي ثلاثة.", "3"),
    ("उत्तर बारह है।", "12"),
    ("答案是十二。", "12"),
    ("所以一共有二十五个。", "25"),
    ("答えは十二です。", "12"),
    ("答案是四分之三。", "\\frac34"),
    ("答え：六分の一", "1/6"),  # Japanese writes the fraction with の
    ("答えは四分の三です。", "3/4"),
    ("Ответ: две девятых.", "2/9"),  # the ordinal after a numerator, genitive plural after more than one
    ("Ответ: одна пятая.", "1/5"),
    ("Nhiệt độ buổi tối là âm 7 độ C.", "-7"),  # "độ" after a number is a degree, no approximation
    ("所以现在的温度是零下 5℃。", "-5"),  # "零下" is below zero, a sign word: its "零" is no number
    # the indefinite article counts one in front of a fraction's noun
    ("The answer is a third.", "1/3"),
    ("Each friend gets a third of the pizza.", "1/3"),
    ("La respuesta es un tercio.", "1/3"),
    ("La réponse est un tiers.", "1/3"),
    ("Die Antwort ist ein Drittel.", "1/3"),
    ("A resposta é um quarto.", "1/4"),
    ("La risposta è un quarto.", "1/4"),
    ("答案是百分之五十。", "50\\%"),
    # the answer noun itself, no copula between ("the result: seven" in languages that drop the copula)
    ("Sonuç yedi.", "7"),
    ("الإجابة سبعة.", "7"),
    ("Hasilnya tujuh.", "7"),
    ("Đáp án là bảy.", "7"),  # Vietnamese one-word numbers
    ("Kết quả là mười.", "10"),
    # digits scaled by a myriad sign, unless the gold counts in that unit itself
    ("总共是 3.5 万元。", "35000"),
    ("答案是2亿。", "200000000"),
    ("1.2億円です。", "120000000"),
    ("总共是 3.5 万元。", "3.5"),
    # a statement with no value in digits: its number word is its value wherever it stands
    ("On compte 5 garçons et 7 filles. Il y a douze élèves dans la classe.", "12"),
    ("In der Klasse sind 5 Jungen und 7 Mädchen. Es sind insgesamt zwölf Schüler.", "12"),
    ("Lớp có 5 bạn nam và 7 bạn nữ. Vậy có tất cả mười hai học sinh.", "12"),
    ("Portanto, ela tem doze maçãs.", "12"),
    ("Por lo tanto, cada uno de los hermanos recibe doce caramelos.", "12"),
    ("Итак, у Маши осталось двенадцать яблок.", "12"),
    # a fraction noun of the language after its numerator (LanguageRows.fractions)
    ("النسبة هي 9 ÷ 12 = 0.75. إذن قطعت سارة ثلاثة أرباع المسافة.", "\\frac{3}{4}"),
    ("भरा हुआ भाग = 150/200 = 0.75। अतः टंकी का तीन-चौथाई भाग भरा हुआ है।", "\\frac{3}{4}"),
    ("Rasionya 15/20 = 0,75. Jadi, jawabannya adalah tiga perempat.", "\\frac{3}{4}"),
    (
        "Tỉ số là 30/40 = 0,75. Vậy số học sinh thích môn Toán chiếm ba phần tư số học sinh cả lớp.",
        "\\frac{3}{4}",
    ),
    ("Đáp án là ba phần tư.", "\\frac{3}{4}"),  # a noun of two words: "parts of four"
    # a clause of its own with no digits, after a conclusion word and a predicate, states the number word
    ("Como hay 3 filas con 3 estudiantes cada una, en total hay nueve estudiantes.", "9"),
    ("In jeder der 3 Reihen sitzen 4 Schüler, also sind es insgesamt zwölf Schüler.", "12"),
    ("Ada 2 kelompok dan masing-masing berisi 5 siswa, jadi jumlah siswa ada sepuluh orang.", "10"),
    ("Il y a 3 rangées de 4 élèves, donc il y a douze élèves.", "12"),
    ("Ci sono 3 file da 4, quindi ci sono dodici studenti.", "12"),
    # a run of numerals (or a native number with its counter) in a statement without digits
    ("50÷2 で求めます。\n女子は二十五人です。", "25"),
    ("90÷200=0.45\n答：喜欢数学的学生占百分之四十五。", "45"),
    ("5 × 4를 계산하면\n사과는 모두 스무 개입니다.", "20"),
    ("답은 열두 개입니다.", "12"),
]


@pytest.mark.parametrize(("text", "gold"), STATED)
def test_a_number_word_that_states_the_answer_is_read(text: str, gold: str) -> None:
    assert judge(text, gold).verdict.value == "correct", judge(text, gold).reason
    assert judge(text, "13").verdict.value != "correct", text


IN_PASSING = [
    ("Hay dos casos; la respuesta es 12 para los dos casos.", "12"),  # "dos" counts cases
    ("Il y a un chat, donc la réponse est 12.", "12"),  # "un" is the article
    ("一共有一个答案：12。", "12"),  # "一个": one of them, no value
    ("The answer is due to 12.", "12"),  # Italian "due" in English text is no number
    ("Sonuç iki kez kontrol edildi; cevap 12.", "12"),  # "the result, checked twice": the later value states
    ("Hasilnya dua kali dicek, jawabannya 12.", "12"),
    # a statement that states its value in digits: a number word away from the answer phrase counts something
    ("Por lo tanto, cada uno de los tres recibe 12 caramelos.", "12"),
    ("Beide Lösungen ergeben 12, also zwei Möglichkeiten.", "12"),
    ("Il risultato è 12 in entrambi i casi, cioè per tre valori.", "12"),
    ("Let's try a third approach: the answer is 12.", "12"),  # an ordinal before its noun counts no part
    ("Probamos un tercer método; la respuesta es 12.", "12"),
    ("答案是12。所以这是一个三角形。", "12"),  # a single numeral is a word's part
    ("答案是12。万一不对就再算。", "12"),  # a run that opens on a myriad is a word ("in case")
]


@pytest.mark.parametrize(("text", "gold"), IN_PASSING)
def test_a_number_word_in_passing_is_not_the_answer(text: str, gold: str) -> None:
    assert judge(text, gold).verdict.value == "correct", judge(text, gold).reason


def test_rows_leave_out_articles_and_agree_across_languages() -> None:
    articles = {"fr": "un", "pt": "um", "tr": "bir", "de": "ein"}
    for language, word in articles.items():
        assert word not in LANGUAGE_ROWS[language].numbers
    # counted by twenties (multiplied, then added): rows of their own, never the sum of the parts
    assert word_number("quatre-vingt") == 80 and word_number("quatre-vingt-dix-neuf") == 99
    assert word_number("dix-sept") == 17 and word_number("Doce") == 12


_DIGITS = "零一二三四五六七八九"


def _cjk(n: int) -> str:
    """``n`` (1..9999) in Chinese numerals, written the standard way."""
    out, zero = "", False
    for unit, name in ((1000, "千"), (100, "百"), (10, "十"), (1, "")):
        d = n // unit % 10
        if d:
            if zero:
                out += "零"
            out += ("" if (unit == 10 and d == 1 and not out) else _DIGITS[d]) + name
            zero = False
        elif out:
            zero = True
    return out


@settings(max_examples=300, deadline=None, derandomize=True)
@given(st.integers(min_value=1, max_value=9999))
def test_cjk_numerals_read_by_place(n: int) -> None:
    assert cjk_number(_cjk(n)) == n
    assert cjk_value(_cjk(n)) == str(n)
