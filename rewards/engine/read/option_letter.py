r"""The choice letter of an answer given by its content, read when the gold is a letter; the content of an
answer given by its letter, read when the gold is a value.

A multiple-choice answer is often given as the option's value, not its letter ("Options: (A) 21 (B) 27 (C) 29
(D) 33 ... so the prime number is **29**", "選択肢：(A) 8 (B) 12 (C) 16 ... 正解は 16 です"). Where the text
lists its options, three or more letters in their order each followed by its content, an answer equal to
exactly one option's content is that option's letter.

>>> option_letter("Options: (A) 21 (B) 27 (C) 29 (D) 33\nSo the prime is **29**.", "29")
'C'
>>> option_letter("Pilihan: A. 6　B. 8　C. 12　D. 72\nJawaban yang benar adalah 12.", "12")
'C'
>>> option_letter("(A) 2 (B) 2 (C) 3", "2") is None, option_letter("We get 12.", "12") is None
(True, True)
>>> option_content("Options: (A) 21 (B) 27 (C) 29 (D) 33\nThe answer is (C).", "C")
'29'
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction

from rewardcheck.rewards.engine.choices import CHOICE_LETTERS, OWN_LETTERS, latin_letter
from rewardcheck.rewards.engine.exact import exact_value
from rewardcheck.rewards.engine.text import normalise

from .tokens import TokenKind, Tokens, tokenize

__all__ = ["option_letter", "letter_of", "option_content", "options_in"]

MAX_OPTIONS_CHARS = 6_000  # options are listed near the question: the text's first and last characters
MIN_OPTIONS = 3  # a listing: "(A) .. (B) .. (C) .." in order, not one stray "a)"
MAX_OPTION_TOKENS = 24  # an option's content is short
_MARK_ENDS = frozenset({")", "）", ".", ":", "："})


def _marker(t: Tokens, i: int) -> tuple[str, int] | None:
    """The Latin letter of an option marker at token ``i`` ("(A)", "A.", "a)", "A:") and the token after it."""
    k = i + 1 if t.kinds[i] is TokenKind.OPEN and t.texts[i] in "(（" else i
    if k >= t.n - 1 or t.kinds[k] is not TokenKind.WORD:
        return None
    letter = latin_letter(t.texts[k].upper()) if t.texts[k].upper() in CHOICE_LETTERS else None
    if letter is None:
        return None
    if t.texts[k + 1] in _MARK_ENDS:
        return letter, k + 2
    if t.texts[k] in OWN_LETTERS and k == i and t.kinds[k + 1] is TokenKind.NUMBER:
        return letter, k + 1  # a language's own letter before its value, spaced: "ア 54　イ 56　ウ 58"
    return None


def options_in(text: str) -> dict[str, str]:
    """The options a text lists, by Latin letter: ``{}`` when it lists none (fewer than ``MIN_OPTIONS`` in
    order). A letter listed twice with different contents lists nothing."""
    found: dict[str, str] = {}
    for part in (
        text[:MAX_OPTIONS_CHARS],
        text[-MAX_OPTIONS_CHARS:] if len(text) > MAX_OPTIONS_CHARS else "",
    ):
        t = tokenize(part)
        run: list[tuple[str, int, int]] = []  # (letter, first content token, marker token)
        for i in range(t.n):
            m = _marker(t, i)
            if m is not None and (not run or ord(m[0]) == ord(run[-1][0]) + 1):
                run.append((m[0], m[1], i))
            elif m is not None and m[0] == "A":
                _keep(found, t, run)
                run = [(m[0], m[1], i)]
        _keep(found, t, run)
    return found


def _keep(found: dict[str, str], t: Tokens, run: list[tuple[str, int, int]]) -> None:
    """Add a run of markers, each option's content up to the next marker or the line's end."""
    if len(run) < MIN_OPTIONS:
        return
    for n, (letter, first, _) in enumerate(run):
        stop = run[n + 1][2] if n + 1 < len(run) else min(t.n, first + MAX_OPTION_TOKENS)
        last = first
        while last < stop and t.kinds[last] is not TokenKind.NEWLINE and last - first < MAX_OPTION_TOKENS:
            last += 1
        if last > first:
            content = t.source[t.starts[first] : t.ends[last - 1]].strip(" \u3000,;、")
            if found.get(letter, content) != content:
                found[letter] = ""  # listed twice, two contents: no listing to go by
            else:
                found[letter] = content


def _value(s: str) -> str | Fraction:
    norm = normalise(s.strip(" *$.。"))
    exact = exact_value(norm)
    return exact if exact is not None else norm


def option_letter(text: str, answer: str) -> str | None:
    """The letter of the one option whose content is ``answer`` (as a value, or as normalised text)."""
    return letter_of(options_in(text), answer)


def letter_of(listed: Mapping[str, str], answer: str) -> str | None:
    """:func:`option_letter` of options already read (``options_in``): a caller that asks more of the listing
    reads it once."""
    options = {k: v for k, v in listed.items() if v}
    if not options:
        return None
    want = _value(answer)
    hits = [letter for letter, content in options.items() if _value(content) == want]
    return hits[0] if len(hits) == 1 else None


def option_content(text: str, letter: str) -> str | None:
    """The content of the option ``letter`` (a Latin letter) where ``text`` lists its options, else ``None``."""
    return options_in(text).get(letter) or None
