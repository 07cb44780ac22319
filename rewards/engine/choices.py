r"""The multiple-choice letter an answer gives: alone ("C", "(C)"), as the label of its value ("(C) 24",
"C) 24", "C: 24", "C. 24"), or named ("option C", "choice (C) 24"); and the label written right before a value
in prose ("... is (C) 24.", "Option C, which is 24"). The judge compares letters when the gold is one.

>>> choice_letter("(C) 24"), choice_letter("C: 24"), choice_letter("option (b)"), choice_letter("24")
('C', 'C', 'B', None)
>>> choice_letter("Б"), choice_letter("(В)")
('B', 'C')
>>> label_before("The answer is (C) 24.", "24"), label_before("Option D, which is 24.", "24")
('C', 'D')
>>> label_before("Add 3 and 24.", "24"), without_label("(C) 24"), without_label("C")
('', '24', 'C')
"""

from __future__ import annotations

from rewardcheck.rewards import rx

from .lexicon import LANGUAGE_ROWS, WordClass, alternation

__all__ = [
    "choice_letter",
    "label_before",
    "without_label",
    "latin_letter",
    "MAX_LABEL_GAP",
    "LATIN_LETTERS",
    "OWN_LETTERS",
    "CHOICE_LETTERS",
]

LATIN_LETTERS = "ABCDEFGHIJ"
# a language's choice letters as the Latin letters of the same place ("Б" is B, "В" is C)
_AS_LATIN = {
    letter: LATIN_LETTERS[n]
    for rows in LANGUAGE_ROWS.values()
    for n, letter in enumerate(rows.choice_letters[: len(LATIN_LETTERS)])
}


# circled numbers label choices by place in CJK tests ("③" is the third, C); only an answer is read so, against a
# letter gold: "③" against a number gold is 3, and a circled number in text is no choice letter of the reader's
_CIRCLED = "①②③④⑤⑥⑦⑧⑨⑩"
OWN_LETTERS = frozenset(_AS_LATIN)  # the languages' own choice letters ("Б", "ख", "ب", "イ")
CHOICE_LETTERS = frozenset(LATIN_LETTERS) | OWN_LETTERS  # every capital a choice finder reads as a choice


def latin_letter(letter: str) -> str | None:
    """The Latin choice letter of ``letter``: itself for A-J, the letter of the same place for a language's own
    choice letters (``LanguageRows.choice_letters``), else ``None``.

    >>> latin_letter("C"), latin_letter("Б"), latin_letter("В"), latin_letter("Ж"), latin_letter("x")
    ('C', 'B', 'C', 'G', None)
    """
    return letter if len(letter) == 1 and letter in LATIN_LETTERS else _AS_LATIN.get(letter)


_NOUN = alternation(WordClass.CHOICE_NOUN)
# the answer itself: a letter alone or labelling what follows it
_LETTER = rx.compile(
    rf"^\s*(?:{_NOUN}\s{{1,3}})?(?:\\text\{{\s*)?\(?([A-Ea-e])\)?(?:\s*\}})?"
    r"(?:\s*$|\s*[).:]\s*[\d$\\(\-+]|\s+[\d$\\(])",  # "E = mc^2", "D - 3" name no letter
    rx.IGNORECASE,
)
MAX_LABEL_GAP = 24  # a label stands this close before its value ("(C) 24", "option C, which is 24")
# a label at the end of the text before a value: "(C)", "C)", "option C," / "choice C which is"
_LABEL_END = rx.compile(
    rf"(?:\(([A-E])\)|(?:^|\s)([A-E])\)|{_NOUN}\s{{1,3}}\(?([A-E])\)?)"
    r"[\s,:.]{0,3}(?:which\s{1,3}is\s{1,3}|i\.e\.\s{0,3}|=\s{0,3})?$",
    rx.IGNORECASE,
)


def _lone_letter(answer: str) -> str | None:
    """A capital A-E alone, bracketed or not ("(C)", "C)", " C ")."""
    core = answer.strip(" \t\n\r\f")
    core = core[1:] if core.startswith("(") else core
    core = core[:-1] if core.endswith(")") else core
    if core in OWN_LETTERS:  # "Б", "(В)": a language's own letter
        return _AS_LATIN[core]
    if (
        len(core) == 1 and core in _CIRCLED
    ):  # "③": Korean, Japanese and Chinese tests number their choices in circles
        return LATIN_LETTERS[_CIRCLED.index(core)]
    return core if len(core) == 1 and core in "ABCDE" else None


def choice_letter(answer: str) -> str | None:
    """The letter ``answer`` gives (uppercase), or ``None`` when it gives none. A lowercase letter counts only
    when it is bracketed or named ("(b)", "option b"): a lone "a" is a word."""
    lone = _lone_letter(answer)
    if lone is not None:
        return lone
    m = _LETTER.match(answer)
    if m is None:
        return None
    letter = m.group(1)
    if letter.islower() and "(" not in answer[: m.end()] and not rx.match(rf"\s*{_NOUN}", answer, rx.I):
        return None
    return letter.upper()


def label_before(region: str, value: str) -> str:
    """The letter written as the label of ``value`` where it last stands in ``region`` ("" when none)."""
    at = region.rfind(value)
    if at < 0:
        return ""
    m = _LABEL_END.search(region[max(0, at - MAX_LABEL_GAP) : at])
    if m is None:
        return ""
    return next(g for g in m.groups() if g is not None).upper()


def without_label(answer: str) -> str:
    """``answer`` without the letter that labels its value ("(C) 24" -> "24"); a lone letter stays."""
    m = _LETTER.match(answer)
    if m is None or choice_letter(answer) is None:
        return answer
    rest = answer[m.end() - 1 :].strip()  # the pattern ends on the value's first character
    return rest or answer
