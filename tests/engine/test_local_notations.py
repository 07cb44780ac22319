"""Local notations a blind 15-language probe set found unread: a point written with its name ("A'(-3, 2)",
German "P(4 | -1)"), an interval in the outward-bracket style with LaTeX sizing ("S = \\left]-2 \\,;\\, 4\\right]"),
a decimal comma after a one-letter name ("P = 0{,}125" for 1/8, and a lead zero is never a thousands group),
the times sign plain text writes ("3 x 4 = 12"), and closings that say the value cannot be determined in wordings the lexicon lacked."""

from __future__ import annotations

import pytest

from rewardcheck.rewards.engine import judge

PAID = [
    ("Vậy S = (−∞; 2] ∪ [5; +∞).", "(-\\infty,2]\\cup[5,+\\infty)"),  # a union of intervals with semicolons
    ("x = log₂5.", "\\log_2 5"),  # a logarithm's base in subscript digits
    ("Ответ: log₅2.", "\\log_5 2"),
    ("उत्तर: log₂ 7", "\\log_2 7"),
    ("답: x = log_3 7", "\\log_3 7"),
    ("Cevap: x = log₃ 15", "1+\\log_3 5"),
    ("مجموعة الحل: {−2، 4}", "\\{-2,4\\}"),  # the Arabic comma between a set's values
    ("La respuesta es $0,\\overline{6}$.", "\\frac{2}{3}"),  # a repeating block after a decimal comma
    ("La risposta è $0{,}1\\overline{6}$.", "\\frac{1}{6}"),
    ("Ответ: $1,\\overline{3}$", "\\frac{4}{3}"),
    ("Dal punto $A(3, 2)$ si ottiene quindi $A'(-3, 2)$.", "(-3, 2)"),
    ("Aus $P(4 \\mid 1)$ wird daher der Bildpunkt $P'(4 \\mid -1)$.", "(4, -1)"),
    ("Der Bildpunkt ist $P(4|-1)$.", "(4, -1)"),
    ("Sonuç olarak simetrik nokta $A'(3, -2)$ bulunur.", "(3, -2)"),
    ("Le milieu est $M(1,5 ; 2)$.", "(1.5, 2)"),
    ("L'ensemble des solutions est $S = \\left]-2 \\,;\\, 4\\right]$.", "(-2, 4]"),
    ("Logo, $S = \\,]1, 5]$.", "(1, 5]"),
    ("Τελική απάντηση: $P = 0{,}125$", "\\frac{1}{8}"),
    ("Die Wahrscheinlichkeit ist p = 0,125.", "0.125"),
    ("I checked it: 3 x 4 = 12.", "12"),  # a lone x between two numbers is the times sign
    ("The area is 3x4 = 12.", "12"),
    ("3x = 12, so x = 4.", "4"),  # next to anything else it is a name
    ("So the runner's average speed is 12 m/s.\n#### 12 m/s", "12"),  # a one-letter SI unit over another
    ("#### 3 g/L", "3"),
    # a decimal comma inside a longer form: a power of ten, a degree, a point's coordinate, a tuple
    ("On obtient 1,2·10³ bactéries.", "1200"),
    ("Ergebnis: 1,2 · 10³ Bakterien", "1200"),
    ("Totale: 1,2·10⁴ €", "12000"),
    ("$\\boxed{−3{,}5\\,^\\circ\\text{C}}$", "-3.5"),
    ("Schnittpunkt: S(2,5 | −1)", "(2.5, -1)"),
    ("Le point d'intersection est $\\boxed{(2{,}5\\ ;\\ 3)}$.", "(2.5, 3)"),
    ("所以 x＝３．５", "3.5"),  # a full-width decimal point
    # a decimal point with three places in a language that writes a decimal comma: models write the point in
    # every language, so the gold decides which separator "1.732" holds (not the language)
    ("Por lo tanto, la raíz es 1.732.", "1.732"),
    ("Die Länge beträgt also 2.236 m.", "2.236"),
    ("５ｘ＝５－２０＝－１５\nｘ＝－１５÷５\n\n答え：ｘ＝－３", "-3"),  # a full-width minus is the sign
    # a verb-final statement puts its result last, after its conclusion word and the values leading up to it
    ("इसलिए 12 मज़दूर यह काम 4 दिन में पूरा करेंगे।", "4"),
    ("よって、12人で4日かかります。", "4"),
    ("따라서 12명이 4일 만에 끝냅니다.", "4"),
    ("So she has 12 apples in 3 baskets.", "12"),  # not in English: the value after the predicate
]

NOT_PAID = [
    ("Vậy S = (−∞; 2] ∪ [6; +∞).", "(-\\infty,2]\\cup[5,+\\infty)"),  # another end
    ("Vậy S = (−∞; 2] ∪ [5; +∞).", "(-\\infty,2]"),  # one interval of the two
    ("x = log₂6.", "\\log_2 5"),  # another argument
    ("x = log₃5.", "\\log_2 5"),  # another base
    ("x = log₂5.", "5"),  # the argument alone is no value of it
    ("مجموعة الحل: {−2، 4}", "4"),
    ("So we get $A'(-3, 2)$.", "(3, 2)"),  # the other point
    ("The value is f(2, 3) = 7.", "(2, 3)"),  # a function's arguments are no point
    ("P = 0,125", "125"),  # "0,125" is a decimal, never 125 with a thousands comma
    ("0,125", "125"),
    ("#### 12 x/y", "12"),  # a variable over another is no unit
    # values a range or list word links are read together, not as steps to the last ("between 10 and 11")
    (
        "두 수를 $n, n+2$라 하면 $9 < n < 12$.\n따라서 작은 수는 9와 12 사이 어딘가에 있으며, 10에서 11 사이의 값입니다.",
        "11",
    ),
    # a supposition, then a closing that says the value cannot be determined
    (
        "Supponiamo $a = 5$: allora $a + 1 = 6$.\n\nTuttavia, senza altri dati il valore resta indeterminato.",
        "6",
    ),
    (
        "Допустим, $k = 6$; тогда $k + 4 = 10$.\n\nНо без дополнительных данных однозначно ответить нельзя.",
        "10",
    ),
    ("मान लीजिए $p = 2$, तब $p^2 + 1 = 5$।\n\nबिना अतिरिक्त जानकारी के निश्चित मान नहीं निकाला जा सकता।", "5"),
    ("Misalkan $n = 4$, maka $3n = 12$.\n\nTanpa informasi tambahan, nilainya tidak bisa dipastikan.", "12"),
]


@pytest.mark.parametrize(("text", "gold"), PAID)
def test_local_notations_are_read(text: str, gold: str) -> None:
    got = judge(text, gold)
    assert got.verdict.value == "correct", (text, got.reason)


@pytest.mark.parametrize(("text", "gold"), NOT_PAID)
def test_other_values_and_undetermined_closings_are_not_paid(text: str, gold: str) -> None:
    got = judge(text, gold)
    assert got.verdict.value != "correct", (text, got.reason)
