r"""English cardinal numbers written in words, read by their grammar (never summed in any order).

A number is groups in falling scale order (``... million ... thousand ...``); a group below a thousand is
``[ones hundred [and]] [tens[-ones] | teen | ones]``. Anything else (``four twenty``, ``five three``,
``twenty thirty``) is not a number.

>>> number_from_words("Forty-Two"), number_from_words("one hundred and five"), number_from_words("two thousand twenty")
(42, 105, 2020)
>>> number_from_words("four twenty"), number_from_words("five three"), number_from_words("minus seven")
(None, None, -7)
"""

from __future__ import annotations

__all__ = ["number_from_words", "ONES", "TENS", "SCALES", "FRACTIONS"]

ONES = {
    w: i
    for i, w in enumerate(
        "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen "
        "sixteen seventeen eighteen nineteen".split()
    )
}
TENS = {
    w: 10 * (i + 2) for i, w in enumerate("twenty thirty forty fifty sixty seventy eighty ninety".split())
}
SCALES = {"thousand": 10**3, "million": 10**6, "billion": 10**9, "trillion": 10**12}
# the nouns of a fraction after its numerator ("three quarters", "two thirds"), with their denominators
_ORDINAL_DENOMINATORS = dict(
    enumerate(
        "third fourth fifth sixth seventh eighth ninth tenth eleventh twelfth thirteenth fourteenth fifteenth"
        " sixteenth seventeenth eighteenth nineteenth twentieth".split(),
        start=3,
    )
) | {30: "thirtieth", 40: "fortieth", 50: "fiftieth", 60: "sixtieth", 70: "seventieth", 80: "eightieth"}
_ORDINAL_DENOMINATORS |= {90: "ninetieth", 100: "hundredth", 1000: "thousandth", 1_000_000: "millionth"}
# a denominator is the ordinal of its number, plural after a numerator above one ("two thirteenths")
FRACTIONS = {"half": 2, "halves": 2, "quarter": 4, "quarters": 4} | {
    w + end: d for d, w in _ORDINAL_DENOMINATORS.items() for end in ("", "s")
}
MAX_WORDS = 16


def number_from_words(s: str) -> int | None:
    """The integer ``s`` spells (see the module docstring for the grammar); ``None`` unless every word is
    part of one English cardinal number (``minus`` / ``negative`` in front negates it)."""
    words = s.lower().replace("-", " ").replace(",", " ").split()
    if not words or len(words) > MAX_WORDS:
        return None
    sign = 1
    if words[0] in ("minus", "negative"):
        sign, words = -1, words[1:]
    if words == ["zero"]:
        return 0
    total = 0
    group = 0  # the value of the group being read (below a thousand, or a "twelve hundred" style count)
    hundred = tens = ones = False  # what the group holds so far
    last_scale = None
    after_joint = False  # "and" may follow "hundred" or a scale word only
    seen = False
    for w in words:
        if w == "and":
            if not after_joint:
                return None
            after_joint = False
            continue
        after_joint = False
        if w in ONES and w != "zero":
            v = ONES[w]
            if ones or (tens and v >= 10):
                return None
            group += v
            ones = True
        elif w in TENS:
            if tens or ones:
                return None
            group += TENS[w]
            tens = True
        elif w == "hundred":
            if hundred or tens or not ones or group >= 100:
                return None
            group *= 100
            hundred, ones, after_joint = True, False, True
        elif w in SCALES:
            scale = SCALES[w]
            if group == 0 or (last_scale is not None and scale >= last_scale):
                return None
            total += group * scale
            group, hundred, tens, ones = 0, False, False, False
            last_scale, after_joint = scale, True
        else:
            return None
        seen = True
    if not seen or after_joint and group == 0 and total == 0:
        return None
    return sign * (total + group)
