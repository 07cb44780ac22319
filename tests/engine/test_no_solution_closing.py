"""A closing that says the problem or equation has no solution (``WordClass.UNDETERMINED`` rows, in every
language of the lexicon) refuses the value found before it: the root was extraneous, the value is discarded.
A value stated after such a remark (for another case) is read as before."""

from __future__ import annotations

import pytest

from rewardcheck.rewards.engine import judge

# the value found, then the closing that says there is none
_CLOSINGS = {
    "en": "So x = 2. Checking the domain, x = 2 makes the log undefined. Therefore the equation has no solution.",
    "zh": "得 $a = 2$。检验定义域，$a = 2$ 应舍去。综上，本题无解。",
    "ja": "$x = 2$ を得る。しかし定義域を満たさないので、この方程式は解をもたない。",
    "ko": "$x = 2$를 얻는다. 그러나 정의역을 만족하지 않으므로 이 방정식은 해가 없다.",
    "fr": "On obtient $x = 2$. Mais $x = 2$ annule le dénominateur, donc l'équation n'admet aucune solution.",
    "es": "Obtenemos $x = 2$. Pero $x = 2$ anula el denominador, así que la ecuación no tiene solución.",
    "de": "Wir erhalten $x = 2$. Aber $x = 2$ liegt nicht im Definitionsbereich, also hat die Gleichung keine Lösung.",
    "pt": "Obtemos $x = 2$. Mas $x = 2$ anula o denominador, portanto a equação não tem solução.",
    "it": "Otteniamo $x = 2$. Ma $x = 2$ annulla il denominatore, quindi l'equazione non ha soluzioni.",
    "ru": "Получаем $x = 2$. Но $x = 2$ не входит в область определения, поэтому уравнение не имеет решений.",
    "ar": "نحصل على $x = 2$. لكن $x = 2$ لا تحقق شرط المجال، إذن لا يوجد حل للمعادلة.",
    "hi": "हमें $x = 2$ मिलता है। लेकिन $x = 2$ प्रांत में नहीं है, इसलिए समीकरण का कोई हल नहीं है।",
    "vi": "Ta được $x = 2$. Tuy nhiên $x = 2$ không thỏa điều kiện, do đó phương trình vô nghiệm.",
    "id": "Diperoleh $x = 2$. Namun $x = 2$ tidak memenuhi syarat, jadi persamaan tidak memiliki solusi.",
    "tr": "$x = 2$ bulunur. Ancak $x = 2$ tanım kümesinde değildir, dolayısıyla denklemin çözümü yoktur.",
}


@pytest.mark.parametrize("lang", sorted(_CLOSINGS))
def test_a_closing_that_says_there_is_no_solution_refuses_the_value_before(lang: str) -> None:
    text = _CLOSINGS[lang]
    got = judge(text, "2")
    assert got.verdict.value != "correct", (text, got.reason)


@pytest.mark.parametrize(
    "text",
    [
        "The equation has no real solutions when k < 0; for k = 8 we get x = 2.",
        "Die Gleichung hat keine Lösung für a = 0. Für a = 1 ist x = 2.",
        "当 $a=0$ 时方程无解；当 $a=1$ 时，$x = 2$。",
    ],
)
def test_a_value_after_the_remark_is_read(text: str) -> None:
    assert judge(text, "2").verdict.value == "correct", text
