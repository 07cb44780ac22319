r"""Yes or no: the answer to a yes/no question, read when the gold is a yes or a no word of any language.

A gold "No" (or "Ja", "Нет", "是", "いいえ") asks for a polarity, not a value. The text answers it with a yes or a
no word of the lexicon (``WordClass.AFFIRMATION``, ``WordClass.NEGATIVE_ANSWER``) that stands as a clause of its own
at the end of the final statement ("Is 91 prime? No.", "Ist 12 durch 3 teilbar? ... also ja.", "Answer: No", "the
answer is yes"); a hedge in that statement, or both polarities in it, give none.

>>> polar_answer("91 = 7 × 13.\nIs 91 prime? No.")
False
>>> polar_answer("Ist 12 durch 3 teilbar? 12 : 3 = 4, also ja."), polar_answer("No, wait: it is 12.") is None
(True, True)
>>> polar_gold("Nein"), polar_gold("\\text{Yes}"), polar_gold("12") is None
(False, True, True)
"""

from __future__ import annotations

from functools import cache

from rewardcheck.rewards.engine.lexicon import WordClass as W
from rewardcheck.rewards.engine.lexicon import every_language

from .marks import Mark
from .tokens import TokenKind
from .window import Window

__all__ = ["polar_answer", "polar_gold", "labelled_polar", "MAX_POLAR_TAIL"]

MAX_POLAR_TAIL = 400  # the final statement: its last characters are read, in bounded time
_AFTER = frozenset(
    {
        TokenKind.SENTENCE_END,
        TokenKind.EMPHASIS,
        TokenKind.CLOSE,
        TokenKind.MATH,
        TokenKind.TAG,
        TokenKind.NEWLINE,
    }
)
_STOPS = frozenset({".", "!", "。", "！"})
# may stand right before the word: "Answer: No", "the answer is yes", "so yes", "also ja"
_OPENERS = frozenset({W.ANSWER_ANCHOR, W.ANSWER_WORD, W.CONCLUSION, W.COPULA, W.RESULT_VERB})
_WRAPPERS = ("\\text{", "\\textbf{", "\\mathrm{", "\\boxed{", "$", "{", "}", "*", ".", "!")


def polar_gold(gold: str) -> bool | None:
    """``True`` for a gold that is a yes word of any language, ``False`` for a no word, else ``None``."""
    s = gold.strip()
    for wrapper in _WRAPPERS:
        s = s.replace(wrapper, "")
    s = s.strip().casefold()
    if not s or len(s) > 12:
        return None
    if s in _words(W.AFFIRMATION) or s in _words(W.TRUE_WORD) or s in _words(W.YES_WORD):
        return True
    if s in _words(W.NEGATIVE_ANSWER) or s in _words(W.FALSE_WORD):
        return False
    return None


_YES = frozenset(
    {W.AFFIRMATION, W.TRUE_WORD, W.YES_WORD}
)  # "yes" answers "is it?", "true" answers "true or false?"
_NO = frozenset({W.NEGATIVE_ANSWER, W.FALSE_WORD})
_POLAR = _YES | _NO
_TURNS = frozenset({W.RETRACTION, W.CORRECTION, W.HEDGE, W.QUESTION})  # "No, wait: it is 12"


@cache
def _words(word_class: W) -> frozenset[str]:
    """Every language's one-word phrases of the class, the gated short ones too (a gold is the whole word)."""
    return frozenset(p for p in every_language(word_class, gated=True) if " " not in p)


def polar_answer(region: str) -> bool | None:
    """The polarity the final statement of ``region`` answers with (see the module doc), or ``None``."""
    w = Window.of(region, max(0, len(region) - MAX_POLAR_TAIL))
    t = w.tokens
    end = t.n - 1
    while end >= 0 and (t.kinds[end] in _AFTER or t.texts[end] in _STOPS):  # "No." (an abbreviation's dot)
        end -= 1
    if end < 0:
        return None
    first, _ = w.statement_tokens(w.structure.statement[end])
    begin = t.starts[first]
    marks = w.marks_in(begin, t.ends[end])
    polar = [m for m in marks if m.classes & _POLAR]
    if not polar:
        return _lone_word(w, first, end)
    if any(W.HEDGE in m.classes for m in marks):
        return None  # a doubt
    said = {bool(m.classes & _YES) for m in polar if bool(m.classes & _YES) != bool(m.classes & _NO)}
    if len(said) != 1:
        return None  # both polarities ("yes ... no"), or a word that is both
    last = polar[-1]
    # a copula may close the statement after the word in a verb-final language: "तो उत्तर हाँ है।"
    tail = [m for m in marks if m.start >= last.end]
    closed = last.end >= t.ends[end] or (
        all(W.COPULA in m.classes and m.verb_final for m in tail) and tail[-1].end >= t.ends[end]
        if tail
        else False
    )
    closing = closed and (_opens(w, marks, last, begin) or bool(last.classes & {W.TRUE_WORD, W.FALSE_WORD}))
    return said.pop() if closing or _opening(w, marks, polar[0], begin) else None


def _lone_word(w: Window, first: int, end: int) -> bool | None:
    """A final statement that is one yes or no word of any language, a short one too ("Sì.", "Ja."), alone or
    after a label ("Jawaban: Ya"): read where the language is not evident from the text (a short word is otherwise
    read only in its language)."""
    t = w.tokens
    words = [k for k in range(first, end + 1) if t.kinds[k] is TokenKind.WORD]
    labelled = len(words) >= 2 and words[-1] - 1 >= first and t.texts[words[-1] - 1] in (":", "：")
    if not (len(words) == 1 and end - first <= 2) and not (labelled and len(words) <= 1 + MAX_LABEL):
        return None  # one word, or a label of a few words and one word: "Jawaban: Ya", "Đáp án: Có"
    word = t.texts[words[-1]].casefold()
    yes = any(word in _words(c) for c in _YES)
    no = any(word in _words(c) for c in _NO)
    return yes if yes != no else None


def _opens(w: Window, marks: list[Mark], word: Mark, begin: int) -> bool:
    """Does ``word`` stand as a clause of its own: opening its statement, after a clause end, or right after an
    opener ("Answer: No", "the answer is yes", "so yes", "also ja")?"""
    t = w.tokens
    i = t.index_at(word.start)
    before = [m for m in marks if m.end <= word.start]
    return (
        w.words_between(begin, word.start) == 0
        or (i > 0 and t.kinds[i - 1] in (TokenKind.CLAUSE_END, TokenKind.SENTENCE_END))
        or (
            bool(before)
            and bool(before[-1].classes & _OPENERS)
            and w.words_between(before[-1].end, word.start) == 0
        )
    )


def _opening(w: Window, marks: list[Mark], word: Mark, begin: int) -> bool:
    """A yes or no word that opens the final statement as a clause of its own, the rest restating it ("So no, 91
    is not prime.", "إذن نعم، 97 عدد أولي", "**Да**, функция нечётная."), with no turn after it ("No, wait")."""
    t = w.tokens
    after = t.index_at(word.end)
    while after < t.n and t.kinds[after] is TokenKind.EMPHASIS:
        after += 1
    before = [m for m in marks if m.end <= word.start]
    at_start = w.words_between(begin, word.start) == 0 or (
        len(before) == 1
        and W.CONCLUSION in before[0].classes
        and w.words_between(before[0].end, word.start) == 0
    )
    comma = after < t.n and t.kinds[after] is TokenKind.CLAUSE_END and t.texts[after] in _COMMAS
    return at_start and comma and not any(m.classes & _TURNS for m in marks if m.start >= word.end)


_COMMAS = frozenset({",", "，", "、", "،"})


def labelled_polar(w: Window) -> tuple[int, int] | None:
    """The span of a yes or a no word that a label opens as the text's last statement, with no value in it ("...
    60 è divisibile per 4.\\nRisposta: sì.", "Trả lời: Đúng."): the text answered a yes/no question, and a value
    before it was its data; ``None`` for any other ending, or one after a question on a value ("Is it 13?
    Answer: yes" confirms 13).

    >>> labelled_polar(Window.of("29 is prime.\\nAnswer: Yes.")) is not None
    True
    >>> labelled_polar(Window.of("Is it 13?\\nAnswer: yes.")), labelled_polar(Window.of("Answer: 12."))
    (None, None)
    """
    t = w.tokens
    end = t.n - 1
    while end >= 0 and (t.kinds[end] in _AFTER or t.texts[end] in _STOPS):
        end -= 1
    if end < 0:
        return None
    first, _ = w.statement_tokens(w.structure.statement[end])
    marks = w.marks_in(t.starts[first], t.ends[end])
    if not marks or marks[-1].end < t.ends[end] or not marks[-1].classes & {W.AFFIRMATION, W.NEGATIVE_ANSWER}:
        return None
    word = marks[-1]
    colon = t.index_at(word.start) - 1
    while colon > first and t.kinds[colon] is TokenKind.EMPHASIS:
        colon -= 1
    label = (
        t.texts[colon] in (":", "：") and 1 <= w.words_between(t.starts[first], t.starts[colon]) <= MAX_LABEL
    )
    if not label or w.count_candidates(t.starts[first], t.ends[end]) or len(marks) > 2:
        return None
    before = t.starts[first] - 1
    while before >= 0 and source_space(w.source[before]):
        before -= 1
    return None if before >= 0 and w.source[before] in "?？؟" else (t.starts[first], word.end)


MAX_LABEL = 3  # words of a label before its colon: "Answer", "Trả lời", "Réponse finale"


def source_space(ch: str) -> bool:
    return ch.isspace() or ch in "*_"
