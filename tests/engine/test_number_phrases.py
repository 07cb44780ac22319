"""A number is read whole, in every language: several number words ("yirmi yedi", "vinte e sete", "dua puluh
tujuh") or one compound word ("veintisiete", "siebenundzwanzig"), a sign word before it ("minus 5", "负五"), a
fraction noun after its numerator ("three quarters"), a scale word after its digits ("2 million"). Before, the
reader took its first number ("yirmi" = 20, "minus 5" = 5, "three quarters" = 3) and paid a gold of that. Several
numbers that do not make one ("dois e três") stay several, and an operand of an operation written in words ("5
times 3") is not the answer."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rewardcheck.rewards.engine import judge
from rewardcheck.rewards.engine.lexicon import LANGUAGE_ROWS, WordClass
from rewardcheck.rewards.engine.number_phrases import compound_number, number_phrase

# (text, its number, the number its first word alone would have been read as)
WHOLE = [
    ("Cevap yirmi yedi.", "27", "20"),  # tr: tens, then ones
    ("Cevap on iki.", "12", "10"),
    ("Cevap iki yüz.", "200", "2"),  # a digit times a hundred
    ("Ответ: двадцать семь.", "27", "20"),  # ru
    ("Ответ: сто двадцать.", "120", "100"),
    ("Jawabannya dua puluh tujuh.", "27", "2"),  # id: the ten multiplies the digit before it
    ("Jawabannya seratus dua puluh.", "120", "100"),
    ("Câu trả lời là hai mươi bảy.", "27", "2"),  # vi
    ("A resposta é vinte e sete.", "27", "20"),  # pt: the language's "and" between tens and ones
    ("A resposta é cento e vinte.", "120", "100"),
    ("La respuesta es treinta y uno.", "31", "30"),  # es
    ("La respuesta es ciento veinte.", "120", "100"),
    ("La respuesta es veintisiete.", "27", "20"),  # one word: twenty's compound form, then ones
    ("La risposta è ventisette.", "27", "20"),  # it
    ("La risposta è trentuno.", "31", "30"),  # the tens' last vowel elided before "uno"
    ("Die Antwort ist siebenundzwanzig.", "27", "7"),  # de: ones "und" tens, in one word
    ("الإجابة سبعة وعشرون", "27", "7"),  # ar: ones, then "and" written onto the tens
    ("Jawabannya dua belas.", "12", "2"),  # id: the teen's ten adds to the digit before it
    ("Jawabannya seratus dua belas.", "112", "100"),
    ("Die Antwort ist einundzwanzig.", "21", "1"),  # de: "ein", not "eins", before "und"
    ("Die Antwort ist einhundert.", "100", "1"),
    ("अतः उत्तर बयालीस है।", "42", "2"),  # hi: 21-99 are words of their own
    ("उत्तर निन्यानवे है।", "99", "9"),
    ("La respuesta es doscientos veinticinco.", "225", "200"),  # es/pt/ru/ar: the hundreds are words
    ("A resposta é trezentos e dois.", "302", "300"),
    ("Ответ: двести двадцать пять.", "225", "200"),
    ("الإجابة مئتان", "200", "2"),
    ("Die Antwort ist zweihundertfünfundzwanzig.", "225", "200"),  # de/it: compounds of compounds
    ("La risposta è duecentoventicinque.", "225", "200"),
    ("La risposta è tremiladuecento.", "3200", "3000"),
]


SEVERAL = [
    ("dois", "e", "três"),  # two units joined by "and": a list
    ("yedi", "sekiz"),  # two units side by side
    ("двадцать", "тридцать"),  # two tens
    ("iki", "iki"),
    ("yedi", "on"),  # a ten that adds, after a digit: no number
    ("tiga", "puluh", "dua", "belas"),  # a teen after tens
    ("zero", "zero"),
    ("двести", "двести"),  # two hundreds
    ("сто", "двести"),
]


@pytest.mark.parametrize("words", SEVERAL)
def test_several_numbers_are_not_one(words: tuple[str, ...]) -> None:
    assert number_phrase(words) is None


@pytest.mark.parametrize("language", ["hi", "de"])
def test_every_number_word_of_a_row_reads_as_its_value(language: str) -> None:
    """Hindi's 21-99 and German's ones-und-tens compounds: each word of the row, in a closing sentence."""
    closing = {"hi": "अतः उत्तर {} है।", "de": "Die Antwort ist {}."}[language]
    rows = [(w, v) for w, v in LANGUAGE_ROWS[language].numbers.items() if 21 <= v < 100]
    assert len(rows) >= 72
    misread = [(w, judge(closing.format(w), str(v)).answer) for w, v in rows]
    assert [(w, a) for (w, a), (_, v) in zip(misread, rows, strict=True) if a != str(v)] == []


@pytest.mark.parametrize("text", ["Die Antwort ist ein Bruch.", "Es ist ein Dreieck mit 3 Seiten."])
def test_the_article_ein_is_no_number(text: str) -> None:
    assert judge(text, "1").verdict.value != "correct"


@pytest.mark.parametrize("word", ["settembre", "Dreieck", "treno", "dosis", "cinquecentesco"])
def test_a_word_that_only_starts_like_numbers_is_no_compound(word: str) -> None:
    assert compound_number(word) is None


def _row(language: str, lo: int, hi: int, step: int) -> list[tuple[str, int]]:
    """The single words of a language's number row with a value in ``range(lo, hi, step)``, one per value."""
    seen: dict[int, str] = {}
    for word, value in LANGUAGE_ROWS[language].numbers.items():
        if lo <= value < hi and value % step == 0 and " " not in word:
            seen.setdefault(value, word)
    return [(w, v) for v, w in sorted(seen.items())]


# languages that write tens then ones as separate words, with or without their "and"
SPACED = ("tr", "ru", "pt", "es")


@settings(max_examples=200, deadline=None, derandomize=True)
@given(language=st.sampled_from(SPACED), data=st.data())
def test_tens_then_ones_add_in_every_spaced_language(language: str, data: st.DataObject) -> None:
    tens = [(w, v) for w, v in _row(language, 20, 100, 10)]
    ones = _row(language, 1, 10, 1)
    (ten, t), (one, o) = data.draw(st.sampled_from(tens)), data.draw(st.sampled_from(ones))
    joiners = [p for p in LANGUAGE_ROWS[language].phrases(WordClass.LIST_JOINER) if " " not in p]
    joined = data.draw(st.booleans()) and language in ("pt", "es")
    words = [ten, joiners[0], one] if joined else [ten, one]
    assert number_phrase(words, frozenset({language})) == t + o
    # two ones joined the same way are two numbers, never their sum
    (a, _), (b, _) = data.draw(st.sampled_from(ones)), data.draw(st.sampled_from(ones))
    assert number_phrase([a, joiners[0], b] if joined else [a, b], frozenset({language})) is None


@settings(max_examples=100, deadline=None, derandomize=True)
@given(language=st.sampled_from(("id", "vi")), data=st.data())
def test_a_digit_times_the_multiplying_ten_then_ones(language: str, data: st.DataObject) -> None:
    ones = _row(language, 1, 10, 1)
    (digit, d), (one, o) = data.draw(st.sampled_from(ones)), data.draw(st.sampled_from(ones))
    ten = LANGUAGE_ROWS[language].ten_multipliers[0]
    assert number_phrase([digit, ten, one], frozenset({language})) == 10 * d + o


# a sign word of any language right before a number makes it negative; between two values it is the operation
SIGNED = [
    ("The answer is minus 5.", "-5", "5"),
    ("The answer is negative five.", "-5", "5"),
    ("La réponse est moins cinq.", "-5", "5"),
    ("La respuesta es menos 5.", "-5", "5"),
    ("Die Antwort ist minus fünf.", "-5", "5"),
    ("Ответ: минус двадцать семь.", "-27", "27"),
    ("Cevap eksi yedi.", "-7", "7"),
    ("Jawabannya minus 5.", "-5", "5"),
    ("Câu trả lời là âm 5.", "-5", "5"),
    ("الإجابة سالب 5", "-5", "5"),
    ("उत्तर ऋण 5 है।", "-5", "5"),
    ("答えはマイナス5です。", "-5", "5"),
    ("答案是负五。", "-5", "5"),
    ("답은 마이너스 5입니다.", "-5", "5"),
    ("5 minus 3 is 2.", "2", "-3"),  # between two values: the operation
    ("He has 5 apples, minus 2 eaten, so 3 remain.", "3", "-2"),
]


# a numerator in words, then the noun of its denominator: a fraction, never the numerator alone
FRACTIONS = [
    ("The answer is three quarters.", "3/4", "3"),
    ("The answer is two-thirds.", "2/3", "2"),
    ("The answer is one half.", "1/2", "1"),
    ("The answer is twenty-one hundredths.", "21/100", "21"),
    ("La respuesta es tres cuartos.", "3/4", "3"),
    ("La réponse est trois quarts.", "3/4", "3"),
    ("A resposta é dois terços.", "2/3", "2"),
    ("La risposta è tre quarti.", "3/4", "3"),
    ("Die Antwort ist drei Viertel.", "3/4", "3"),
    ("Ответ: три четверти.", "3/4", "3"),
]


# digits followed by a scale word of any language are the scaled number, not the digits
SCALED = [
    ("The answer is 2 million.", "2000000", "3000000"),
    ("The answer is 1.5 million.", "1500000", "15"),
    ("La respuesta es 2 millones.", "2000000", "3000000"),
    ("Die Antwort ist 3 Millionen.", "3000000", "30"),
    ("Ответ: 2 миллиона.", "2000000", "20"),
    ("Jawabannya 3 juta.", "3000000", "30"),
    ("Câu trả lời là 2 triệu.", "2000000", "20"),
    ("उत्तर 3 लाख है।", "300000", "30"),
    ("So the answer is 12 hundred.", "1200", "120"),  # English's "hundred" after digits, as "twelve hundred"
]


# every class above: (text, its value, what a read of its first number alone gave and paid)
WHOLE_VALUES = {"words": WHOLE, "sign": SIGNED, "fraction": FRACTIONS, "scale": SCALED}


@pytest.mark.parametrize(
    ("text", "gold", "bare"),
    [
        pytest.param(*row, id=f"{kind}-{n}")
        for kind, rows in WHOLE_VALUES.items()
        for n, row in enumerate(rows)
    ],
)
def test_a_number_is_read_whole_and_only_it_is_paid(text: str, gold: str, bare: str) -> None:
    assert judge(text, gold).verdict.value == "correct", judge(text, gold).reason
    assert judge(text, bare).verdict.value != "correct", text


# a lone value next to an operation written in words is an operand, never paid as the answer; a value that
# states the operation's result is read
OPERANDS = [
    ("The answer is 5 times 3.", ("5", "3")),
    ("The answer is 3 squared.", ("3",)),
    ("The answer is the square root of 2.", ("2",)),
    ("The answer is 2 to the power of 10.", ("2", "10")),
    ("The answer is 12 divided by 4.", ("12", "4")),
    ("La réponse est 3 au carré.", ("3",)),
    ("La respuesta es la raíz cuadrada de 2.", ("2",)),
    ("Ответ: корень из 2.", ("2",)),
    ("Die Antwort ist 5 mal 3.", ("5", "3")),
    ("A resposta é 5 vezes 3.", ("5", "3")),
]


@pytest.mark.parametrize(("text", "operands"), OPERANDS)
def test_an_operand_is_not_the_answer(text: str, operands: tuple[str, ...]) -> None:
    for operand in operands:
        assert judge(text, operand).verdict.value != "correct", (text, operand)


@pytest.mark.parametrize(
    "text",
    [
        "The answer is 15, which is 5 times 3.",
        "So 5 times 3 is 15.",
        "The answer is 15 (5 times 3).",
        "Multiply 5 times 3 to get 15.",
        "Donc 3 au carré fait 15.",
        "The coin was flipped 15 times.",  # an operation word with no other operand counts, it multiplies nothing
        "Die Antwort ist 15 mal.",
    ],
)
def test_the_result_of_an_operation_is_read(text: str) -> None:
    assert judge(text, "15").verdict.value == "correct", judge(text, "15").reason


# a bound on the value is no value: in front of it, or after it where the language puts it there
BOUNDS = [
    "The answer is more than 12.",
    "The answer is at least 12.",
    "The answer is under 12.",
    "La respuesta es más de 12.",
    "Die Antwort ist höchstens 12.",
    "La risposta è almeno 12.",
    "Ответ: больше 12.",
    "答案至少是12。",
    "答えは12以上です。",
    "답은 12 이상입니다.",
    "उत्तर 12 से अधिक है।",
    "Cevap 12'den fazla.",
    "Jawabannya lebih dari 12.",
    "الإجابة أكثر من 12",
]


@pytest.mark.parametrize("text", BOUNDS)
def test_a_bound_is_not_the_value(text: str) -> None:
    assert judge(text, "12").verdict.value != "correct", judge(text, "12").reason


@pytest.mark.parametrize(
    ("text", "gold"),
    [
        ("5 is less than 12, so the answer is 12.", "12"),  # a comparison between two values bounds nothing
        ("At least 12 people came; the answer is 12.", "12"),
        ("The answer is 12, which is more than 10.", "12"),
        ("So the answer is 12 mod 5 = 2.", "2"),  # an operation between numbers: the run reads to the result
        ("The answer is 5 times 3 = 15.", "15"),
    ],
)
def test_a_value_beside_a_bound_or_an_operation_elsewhere_is_read(text: str, gold: str) -> None:
    assert judge(text, gold).verdict.value == "correct", judge(text, gold).reason
