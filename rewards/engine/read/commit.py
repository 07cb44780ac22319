r"""Commit: which candidate the completion commits to. The default holds for any wording and language: the
last explicit answer statement (a box, an ``<answer>`` block, a labelled value) that no override refuses, or,
where there is none, the value the final statement states (the object of its last predicate, else its last
value). The override table (:mod:`.stance`) decides the rest, and a correction after the answer ("...
actually, it is 44") replaces it.

>>> from rewardcheck.rewards.engine.read.window import Window
>>> def said(text):
...     c = commit(Window.of(text))
...     return (c.value(), c.outcome.value) if c.candidate else (None, c.outcome.value)
>>> said("A resposta é 42.")
('42', 'committed')
>>> said("The answer is 12, not 15.")
('12', 'committed')
>>> said("The answer is not 42.")
(None, 'refused')
>>> said("It is \\boxed{3} or \\boxed{4}.")
('4', 'alternatives')
"""

from __future__ import annotations

import bisect
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from rewardcheck.rewards import rx
from rewardcheck.rewards.engine import stance as shapes
from rewardcheck.rewards.engine.identity_enum import IdentityEnum
from rewardcheck.rewards.engine.lexicon import WordClass as W
from rewardcheck.rewards.engine.numerals import word_number
from rewardcheck.rewards.engine.numeric import SUBSCRIPT_DIGITS
from rewardcheck.rewards.engine.numwords import number_from_words

from .aside import MAX_ASIDES, aside, opens_with_condition, states_value, supposes_other_data
from .compounds import compound_value
from .finders import QUOTED_AFTER, STRENGTH, Candidate, Compound, StatementKind
from .marks import NO_SPACE_SCRIPTS, Mark, _script_of
from .stance import CONCLUDING, DANGLING, TRAILING, Refusal, Stance, Stances
from .structure import quoted_in_prose
from .tokens import TokenKind
from .window import Window

__all__ = ["Outcome", "Commitment", "commit"]


class Outcome(IdentityEnum):
    COMMITTED = "committed"
    CORRECTED = "corrected"  # a later correction replaced the answer
    ALTERNATIVES = "alternatives"  # several values offered together
    HEDGED = "hedged"  # the only value is hedged: stated, not committed to
    REFUSED = "refused"  # every value is refused (negated, supposed, retracted, ...)
    NONE = "none"  # no value at all


@dataclass(frozen=True, slots=True)
class Commitment:
    window: Window
    outcome: Outcome
    candidate: Candidate | None = None
    alternatives: tuple[Candidate, ...] = ()
    joiner: str = ""
    refusals: tuple[Refusal, ...] = ()
    in_block: bool = False

    def value(self, c: Candidate | None = None) -> str:
        c = c or self.candidate
        return "" if c is None else self.window.source[c.start : c.end].strip()


_PREDICATE = frozenset({W.COPULA, W.ANSWER_ANCHOR, W.CONCLUSION, W.RESULT_VERB, W.DERIVATION, W.CHOICE_VERB})
_CORRECTING = frozenset({W.CORRECTION, W.RETRACTION, W.ERROR_MENTION})
_JOINERS = frozenset({W.LIST_JOINER, W.ALTERNATIVE})
_PLAIN = frozenset({StatementKind.BARE, StatementKind.LABELLED, StatementKind.NAMED})


def _only_hedged(refusals: Sequence[Refusal]) -> bool:
    return _only(refusals, Stance.HEDGED)


def _only(refusals: Sequence[Refusal], stance: Stance) -> bool:
    return bool(refusals) and all(r.stance is stance for r in refusals)


def _object_of_predicate(w: Window, committed: Sequence[Candidate]) -> Candidate:
    """In one statement: the first committed value after the last predicate that has one after it ("So she
    has 12 apples in 3 baskets" states 12); a value a correction word follows another with ("24 cm, or
    rather 26 cm") replaces it; the last value when a copula closes the statement right after it (a
    verb-final language: "距離は120kmです"), or when there is no predicate."""
    last = committed[-1]
    first_tok, last_tok = w.statement_tokens(last.statement)
    begin = w.tokens.starts[first_tok] if first_tok < w.tokens.n else 0
    corrections = [
        m for m in w.marks_in(committed[0].end, last.start) if m.classes & {W.CORRECTION, W.RETRACTION}
    ]  # "24, or rather 26", "24, no wait, it is 20"
    if corrections:
        return [c for c in committed if c.start >= corrections[-1].end][0]
    committed = unrestated(w, committed)  # "400 m², i.e. 0.04 ha": what follows restates the value before
    committed = _without_closing_working(w, committed)  # "2,000 円です（250 円 × 8 日）。"
    committed = _without_group_sizes(w, committed)  # "chacun des 5 amis paie 14 €"
    aside_at = _aside_clause_after(w, committed) or _dash_remark_after(
        w, committed
    )  # "24 cm², and by the way
    # the perimeter is 20 cm", "$45 in total — enough for the $40 game"
    committed = [c for c in committed if c.end <= aside_at] if aside_at is not None else committed
    restated = _restated_result(w, committed)
    if restated is not None:  # "12 × 9 = 108.\nHugo aura économisé 108 € au bout de 9 semaines."
        return restated
    last = committed[-1]
    end = w.tokens.ends[last_tok] if last_tok < w.tokens.n else len(w.source)
    closing = [m for m in w.marks_in(last.end, end) if W.COPULA in m.classes and m.verb_final]
    if closing and w.words_between(last.end, closing[0].start) <= 1:
        return last
    if _equation(w, last) and not [m for m in w.marks_in(last.end, end) if m.classes & _PREDICATE]:
        return last  # "So, m = 25 and n = 169, and m + n = 194": the last equation states the result
    if _opens_with_value(w, committed[0], begin):  # "9 is the number of positive divisors of 196."
        return committed[0]
    remark = _relative_clause_start(w, committed, begin) or _subordinate_after(w, committed)
    if remark is not None:  # "42, which is 3 fewer than 45": the values after "which" remark on 42
        committed = [c for c in committed if c.end <= remark]
        last = committed[-1]
    predicates = [m for m in w.marks_in(begin, last.start) if m.classes & _PREDICATE]
    for m in reversed(predicates):
        after = [c for c in committed if c.start >= m.end]
        if after and m.verb_final and m.classes & _PREDICATE == {W.CONCLUSION} and not _linked(w, after):
            # "इसलिए 12 मज़दूर यह काम 4 दिन में पूरा करेंगे": a verb-final statement puts its result last,
            # before the verb; the values after its conclusion word lead up to it
            return after[-1]
        if after:
            return _past_lead_phrase(w, m, after)
    return committed[-1]


MAX_GROUP_GAP = 2  # words between a group's size and the distributive word after it ("5 arkadaşın her biri")


def _without_group_sizes(w: Window, committed: Sequence[Candidate]) -> Sequence[Candidate]:
    """The values less those that give the size of a group a distributive word goes over, where a value follows
    them ("So each of the 5 friends pays 14 €", "5 arkadaşın her biri 240 TL öder", "5人の友達それぞれが14ユーロ"):
    the value after says what each gets or pays."""
    kept = [c for c in committed[:-1] if not _group_size(w, c)]
    return [*kept, committed[-1]] if len(committed) > 1 else committed


def _group_size(w: Window, c: Candidate) -> bool:
    before = w.last_mark_of(W.DISTRIBUTIVE, max(w.start, c.start - 40), c.start)
    if before is not None and not w.source[before.end : c.start].strip():
        return True  # "each of the 5", "mỗi bạn trong 6 bạn"
    after = w.first_mark_of(W.DISTRIBUTIVE, c.end, c.end + 40)
    return (
        after is not None
        and w.words_between(c.end, after.start) <= MAX_GROUP_GAP
        and not w.candidates_in(c.end, after.start)
    )


def _past_lead_phrase(w: Window, m: Mark, after: Sequence[Candidate]) -> Candidate:
    """The first value after the conclusion word ``m``, past a lead phrase of words and one value that a comma
    sets off before a clause of words and values ("Así que, después de 4 semanas, Lucía tiene 50 €", "Jadi
    setelah 3 minggu, Budi menabung 45.000"): the phrase says when or where, the clause after it states the
    value, whatever its verb. A value right after the conclusion word, or before no comma, is its object."""
    first = after[0]
    t = w.tokens
    if (
        W.CONCLUSION not in m.classes
        or m.classes & _PREDICATE - CONCLUDING
        or len(after) < 2
        or w.words_between(m.end, first.start) < 1
    ):
        return first
    comma = first.last + 1
    while comma < t.n and t.kinds[comma] is TokenKind.WORD:
        comma += 1  # the phrase's noun after its value ("4 semanas")
    if comma >= t.n or t.texts[comma] not in (",", "،", "、") or after[1].first <= comma:
        return first
    naming = _PREDICATE | {W.ANSWER_NOUN, W.ANSWER_WORD}
    end = after[1].last + 1
    while end < t.n and t.kinds[end] not in (TokenKind.CLAUSE_END, TokenKind.SENTENCE_END):
        end += 1  # the clause of the second value: words before or after it make it one
    clause_end = t.ends[end - 1] if end > after[1].last + 1 else after[1].end
    if w.words_between(t.ends[comma], clause_end) < 1 or any(
        x.classes & naming for x in w.marks_in(m.end, first.start)
    ):
        return first  # "so, 12, 14": no clause; "so the answer is 4, ...": a predicate names the first
    return after[1]


_LINKS = frozenset({W.LIST_JOINER, W.ALTERNATIVE, W.RANGE_JOINER})
_DERIVING = frozenset({W.RESULT_VERB, W.CONCLUSION, W.OPERATION, W.ARITHMETIC_WORD})


def _restated_result(w: Window, committed: Sequence[Candidate]) -> Candidate | None:
    """The value of a closing statement that restates the result of the last equation before it, where every
    value after it in the statement was given before that equation ("27 + 8 = 35.\nSekarang di dalam bus ada 35 orang,
    termasuk 8 orang yang baru naik.", "60 × 2.5 = 150\nकार 150 किलोमीटर की दूरी 2.5 घंटे में तय करती है।"):
    the statement states the result and names the data it came from. A value new to the text after it, a
    predicate, a derivation word or an operator after it, or a statement of equations of its own leave the rules
    below."""
    if len(committed) < 2 or any(_equation(w, c) for c in committed):
        return None
    found = _last_result(w, committed[0])
    if found is None:
        return None
    result, equation_end = found
    same = [c for c in committed if _plain_number(_value_of(w, c)) == result]
    if len(same) != 1 or same[0] is committed[-1]:
        return None
    chosen = same[0]
    first, last = w.statement_tokens(chosen.statement)
    end = w.tokens.ends[last] if last < w.tokens.n else len(w.source)
    if any(m.classes & _DERIVING for m in w.marks_in(chosen.end, end)) or any(
        w.tokens.kinds[i] is TokenKind.OPERATOR for i in range(chosen.last + 1, min(last + 1, w.tokens.n))
    ):
        return None
    later = [c for c in committed if c.start > chosen.end]
    if any(m.classes & _PREDICATE for m in w.marks_in(chosen.end, later[-1].start)):
        return None  # "the number of divisors of 196 is 9": a predicate states the value after it
    # data given before the result (not a value offered after it), its spacing dropped once for every value
    given = "".join(w.source[:equation_end].split())
    return chosen if all(_given(w, c, given) for c in later) else None


def _result_restated(w: Window, chosen: Candidate, values: Sequence[Candidate]) -> Candidate:
    """Of a closing statement's values, the one that restates the last equation's result, where the value read
    otherwise was given before that equation ("50 − 13 = 37" then "答：苹果共13元，付50元，应找回37元。", "48 − 30 = 18"
    then "So the baker still has eighteen muffins left out of the 48 he made.", "10 € − 4,80 € = 5,20 €" then "Tim
    bekommt 5,20 € zurück, denn er hat 4,80 € ausgegeben."): the statement names the result and the data it came
    from. A statement of equations of its own, a value in a box, or two values equal to the result leave it."""
    if chosen.kind in (StatementKind.BOXED, StatementKind.TAGGED) or any(_equation(w, c) for c in values):
        return chosen
    found = _last_result(w, values[0], prefix=True)
    if found is None or _number_of(w, chosen) == found[0]:
        return chosen
    same = [c for c in values if c is not chosen and _number_of(w, c) == found[0]]
    given = "".join(w.source[: found[1]].split())
    if len(same) != 1 or not _given(w, chosen, given):
        return chosen
    a, b = (same[0], chosen) if same[0].end <= chosen.start else (chosen, same[0])
    between = w.marks_in(a.end, b.start)
    if w.words_between(a.end, b.start) < 2 and any(m.classes & _JOINERS for m in between):
        return chosen  # "2 or 3", "45 et 15": two values joined, read as a group
    lead = (
        w.marks_in(a.end, chosen.start) if a is same[0] else w.marks_in(w.clause_start(chosen), chosen.start)
    )
    named = any(m.classes & _NAMES_NEXT and w.words_between(m.end, chosen.start) <= 1 for m in lead)
    if named and not any(m.classes & _OPENS_REASON for m in lead):
        # "the number of divisors of 196 is 9", "termina às 10h, ou seja, 150", "So the area is 36 cm² (the
        # perimeter, 26 cm, was not asked)": a predicate names the value right after it
        return chosen
    return same[0]


_NAMES_NEXT = _PREDICATE | {W.RESTATEMENT}
_OPENS_REASON = frozenset({W.REASON, W.SUBORDINATOR})  # "..., denn er hat 4,80 € ausgegeben"


def _computed(w: Window, c: Candidate) -> bool:
    """Is ``c``'s value the result of an equation before its statement ("60 × 3/4 = 45" before "答：面包店卖出了
    45 个蛋糕，还剩 15 个。")? A label's first value so computed is an answer, not data."""
    number = _number_of(w, c)
    return number is not None and any(
        x.statement < c.statement and "=" in w.value(x) and _number_before_unit(_result(w.value(x))) == number
        for x in w.candidates[: bisect.bisect_left(w.candidate_starts, c.start)][-MAX_EQUATIONS_BACK:]
    )


MAX_EQUATIONS_BACK = 32  # candidates before a labelled value looked at for the equation it is the result of


def _number_of(w: Window, c: Candidate) -> Fraction | None:
    """``c``'s value as one number: digits, or a number word of any language ("eighteen", "douze")."""
    value = _value_of(w, c)
    number = _plain_number(value)
    if number is None and value.replace("-", "").isalpha():
        spelled = number_from_words(value)  # English's own reader, then every language's number row
        spelled = spelled if spelled is not None else word_number(value)
        return Fraction(spelled) if spelled is not None else None
    return number


def _last_result(w: Window, c: Candidate, prefix: bool = False) -> tuple[Fraction, int] | None:
    """The plain number the last equation before ``c``'s statement comes to ("27 + 8 = 35" -> 35), and where
    the equation ends; with ``prefix``, a number with a unit after it too ("= 5,20 €", "= 110 min")."""
    for x in reversed(w.candidates):
        if x.statement < c.statement and "=" in w.value(x):
            side = _result(w.value(x)).rstrip(".$")
            result = _plain_number(side) if not prefix else _number_before_unit(side)
            return None if result is None else (result, x.end)
    return None


def _number_before_unit(side: str) -> Fraction | None:
    """The number an equation's side opens with, when no digit follows it ("5,20€", "110min"; not "2/3")."""
    side = side.replace(" ", "")  # "2 500 g": a space groups thousands
    m = _PLAIN_NUMBER.match(side)
    if m is None or any(ch.isdigit() for ch in side[m.end() :]):
        return None
    return _plain_number(m.group())


def _given(w: Window, c: Candidate, given: str) -> bool:
    """Was ``c``'s value written in ``given`` (the text before the equation, without its spacing)?"""
    value = "".join(w.value(c).split())
    return bool(value) and value in given


_CONVERSIONS = frozenset(
    {Fraction(10) ** k for k in range(-9, 10) if k} | {Fraction(60), Fraction(3600), Fraction(24)}
)  # metric prefixes, minutes and seconds, hours of a day


def _converted(a: Fraction, b: Fraction) -> bool:
    """Is ``b`` the value ``a`` in another unit (a power of ten, 60, 3600 or 24 times it, or a part of it: "2,5 kg,
    soit 2 500 g", "2 h, i.e. 120 min")? "Termina às 10h, ou seja, 150 minutos depois" names another quantity."""
    if a == 0 or b == 0 or abs(a) == abs(b):
        return False
    ratio = abs(b / a)
    return ratio in _CONVERSIONS or 1 / ratio in _CONVERSIONS


def unrestated(w: Window, values: Sequence[Candidate]) -> list[Candidate]:
    """``values`` (of one statement, in order) around a restatement word with values on both sides: those before
    it where the values after restate them in another unit ("400 m², i.e. 0.04 ha", "1500 平方米（合 0.15 公顷）"),
    those after it where they restate the same number in another form ("0.25, i.e. 25%"); all where none."""
    for m in w.marks_of(W.RESTATEMENT, values[0].end, values[-1].start):
        before = [c for c in values if c.end <= m.start]
        after = [c for c in values if c.start >= m.end]
        if before and after:
            a, b = _plain_number(_value_of(w, before[-1])), _plain_number(_value_of(w, after[0]))
            # another number: the same quantity in another unit, the asked one first; the same number in
            # another form ("0.25, i.e. 25%", "12,50 €, cioè il saldo è −12,50 €", "i.e. x ∈ [1, 5)") is read
            # in its last form
            if a is not None and b is not None and abs(a) != abs(b):
                return before
            # a unit written onto a value ("0.3L、つまり300mL"): the same quantity where the unit converts it,
            # not another one ("termina às 10h, ou seja, 150 minutos depois")
            a, b = _number_before_unit(_value_of(w, before[-1])), _number_before_unit(_value_of(w, after[0]))
            return before if a is not None and b is not None and _converted(a, b) else after
    return list(values)


def _value_of(w: Window, c: Candidate) -> str:
    """``c``'s value as written, or a compound's one value ("2 h 30" is 2.5)."""
    return w.value(c) if c.compound is Compound.NONE else compound_value(w.tokens, c)


def _plain_number(value: str) -> Fraction | None:
    """A value that is one number (a decimal comma, a percent sign: "25%" is 1/4) as an exact fraction."""
    m = _PLAIN_NUMBER.fullmatch(value.replace(" ", ""))
    if m is None:
        return None
    n = Fraction(m.group(1).replace(",", ".").replace("−", "-"))
    return n / 100 if m.group(2) else n


_PLAIN_NUMBER = rx.compile(r"([-−]?\d{1,15}(?:[.,]\d{1,15})?)(%|\\%|٪)?")


def _labelled_object(w: Window, c: Candidate, pool: Sequence[Candidate], stances: Stances) -> Candidate:
    """The value a labelled sentence states: its label opens a sentence of several values ("Answer: 8 notebooks
    cost 12 €.", "答：汽车 3 小时行驶 180 千米。", "Cevap: 5 kalem 20 TL tutar."), whose result stands last, as a
    statement's does (:func:`_object_of_predicate`, the label's own phrase left out); one value, or values a list,
    choice, range or rate word joins ("45 minutes pour lire 60 pages"), leave the labelled one."""
    if c.kind is not StatementKind.LABELLED:
        return c
    clause = w.structure.clause[c.first]  # its own clause: "답은 28%이고, 풀이집의 40%는 ..." names another
    later = [
        x
        for x in pool
        if w.structure.clause[x.first] == clause
        and x.start >= c.end
        and x.kind is StatementKind.BARE
        and stances.committed(x)
    ]
    first, _ = w.statement_tokens(c.statement)
    labelled_by_word = any(m.classes & _LABEL_WORDS for m in w.marks_in(w.tokens.starts[first], c.start))
    if not labelled_by_word or w.structure.inside[c.first]:
        return c  # "#### $5$ It took 4 steps": a format mark or a value in math is complete as it stands
    if not later or w.words_between(c.end, later[0].start) == 0:
        return c
    if any(ch in w.source[c.end : later[0].start] for ch in "(（["):
        return c  # "Đáp số: 2,5 giờ (tức 2 giờ 30 phút)": a remark in brackets on the labelled value
    if any(m.classes & _KEEPS_LABELLED for m in w.marks_in(c.end, later[-1].start)):
        return c
    values = unrestated(w, [c, *later])
    predicates = [  # the sentence's own ("there are 9 divisors of 196"), not the label's ("Answer:")
        m
        for m in w.marks_in(w.tokens.starts[first], values[-1].start)
        if m.classes & _SENTENCE_PREDICATE and not m.classes & _LABEL_WORDS
    ]
    for m in reversed(predicates):  # "Answer: 8 notebooks cost 12 €, 3 more than 9": after its predicate
        after = [x for x in values if x.start >= m.end]
        if after:
            return after[0]
    return values[-1]


_SENTENCE_PREDICATE = _PREDICATE | {W.EXISTENTIAL}
_LABEL_WORDS = frozenset({W.ANSWER_ANCHOR, W.ANSWER_WORD})
_KEEPS_LABELLED = frozenset(
    {
        W.LIST_JOINER,
        W.ALTERNATIVE,
        W.RANGE_JOINER,
        W.RATIO_JOINER,
        W.OUT_OF,
        W.REASON,
        W.RELATIVE,
        W.CORRECTION,
    }
)


def _linked(w: Window, values: Sequence[Candidate]) -> bool:
    """Does a list, choice or range word stand between the first and the last of ``values`` ("9와 12 사이",
    "10에서 11 사이")? Then they are read together, not as steps leading up to the last."""
    return any(m.classes & _LINKS for m in w.marks_in(values[0].end, values[-1].start))


def _relative_clause_start(w: Window, committed: Sequence[Candidate], begin: int) -> int | None:
    """Where a relative clause about a number already stated opens ("42, which is divisible by 7", "42
    apples, which is 3 fewer than 45"): the values after it remark on that number and state no new one; a
    clause that restates it in another form ("which simplifies to 3/4", "which is 0.7 hours") carries the
    value on."""
    first, t = committed[0], w.tokens
    if not any(t.kinds[x] is TokenKind.NUMBER for x in range(first.first, first.last + 1)):
        return None  # "angle BAC, which is 124°": the clause gives the named thing its value
    marks = w.marks_in(first.end, committed[-1].start)
    for n, m in enumerate(marks):
        if W.RELATIVE in m.classes and w.tokens_between(first.end, m.start) <= 4:
            verb = marks[n + 1] if n + 1 < len(marks) else None
            if verb is not None and (W.DERIVATION in verb.classes or _restates(w, verb, committed)):
                return (
                    None  # "150/200, which simplifies to 3/4", "10 which is 1,000.99": the value carried on
                )
            return m.start
    return None


def _without_closing_working(w: Window, committed: Sequence[Candidate]) -> Sequence[Candidate]:
    """The statement's values without those of a bracketed working that closes it after a value ("金額は 2,000 円
    です（250 円 × 8 日）。", "Tiene 50 € (4 × 12,50)."): the brackets show how the value before them was made, an
    operator inside says so; any other closing bracket is read as it stands ("5 (or 7)")."""
    t = w.tokens
    _, last = w.statement_tokens(committed[-1].statement)
    close = min(last, t.n - 1)
    while close > 0 and t.kinds[close] in (TokenKind.SENTENCE_END, TokenKind.CLAUSE_END):
        close -= 1
    if t.kinds[close] is not TokenKind.CLOSE:
        return committed
    depth, at = 0, close
    while at >= 0 and at >= committed[0].first:
        depth += (t.kinds[at] is TokenKind.CLOSE) - (t.kinds[at] is TokenKind.OPEN)
        if depth == 0:
            break
        at -= 1
    if at < 0 or depth or not any(t.kinds[x] is TokenKind.OPERATOR for x in range(at, close)):
        return committed
    if any(c.start < t.starts[at] < c.end for c in committed):
        return committed  # the brackets close the value itself: "(x+3)/(x-3)"
    before = [c for c in committed if c.end <= t.starts[at]]
    return before or committed


_SETS_ASIDE = frozenset({W.ASIDE, W.NOTE})
_TURNS_BACK = frozenset({W.CORRECTION, W.RETRACTION, W.ERROR_MENTION, W.WRONG, W.ANSWER_ANCHOR, W.CONCLUSION})


def _aside_clause_after(w: Window, committed: Sequence[Candidate]) -> int | None:
    """Where a clause that an aside or a note word opens starts after a stated value ("So the area is 24 cm²,
    and by the way the perimeter is 20 cm.", "넓이는 24 cm²이고, 참고로 둘레는 20 cm입니다."): its values are
    a remark on another quantity; not one that corrects, or states the answer itself."""
    for m in w.marks_of(W.ASIDE, committed[0].end, committed[-1].start) + w.marks_of(
        W.NOTE, committed[0].end, committed[-1].start
    ):
        if not w.count_candidates(m.end, committed[-1].end):
            continue
        if "\n" in w.source[committed[0].end : m.start]:
            return None  # a note on a line of its own is read as a line (:func:`.aside.aside_line`)
        if any(x.classes & _TURNS_BACK for x in w.marks_in(m.start, committed[-1].end)):
            return None
        return m.start
    return None


_DASHES = frozenset({"—", "–", "--"})
_DASH_TURNS = _TURNS_BACK | _PREDICATE | {W.NEGATOR, W.NEGATED_PREDICATE, W.HEDGE}


def _dash_remark_after(w: Window, committed: Sequence[Candidate]) -> int | None:
    """Where a remark a spaced dash opens starts after a stated value, words first and no verb of its own
    ("She has saved $45 in total — enough for the $40 game, with $5 to spare."): its values say what the
    value is good for, not the answer. Not a dash that corrects, doubts, concludes or states ("12 — no, 14",
    "12 — so the total is 14"), nor a dash between numbers ("12 – 5 = 7")."""
    t = w.tokens
    if any(c.kind is StatementKind.CHOICE for c in committed):
        return None  # "(C) — niepoprawna": a dash after an option letter says what the option is worth
    for i in range(committed[0].last + 1, min(committed[-1].first, t.n)):
        if t.texts[i] not in _DASHES or i + 1 >= t.n or t.kinds[i + 1] is not TokenKind.WORD:
            continue
        if t.starts[i] == t.ends[i - 1] or t.ends[i] == t.starts[i + 1]:
            return None  # unspaced: a compound word or a range
        if any(m.classes & _DASH_TURNS for m in w.marks_in(t.ends[i], committed[-1].end)):
            return None
        return t.starts[i] if w.count_candidates(t.ends[i], committed[-1].end) else None
    return None


def _subordinate_after(w: Window, committed: Sequence[Candidate]) -> int | None:
    """Where a subordinate clause opens after a stated value ("So there are 35 people on the bus when it leaves
    the first stop at 8:10 am."): its values say when or on what condition, not the answer. Not "that" (it opens
    what is said: "we find that the total is 12"), and not in a verb-final language, whose subordinate clause
    comes before the main one ("8時10分に出るとき、35人が乗っています")."""
    for m in w.marks_of(W.SUBORDINATOR, committed[0].end, committed[-1].start):
        if m.verb_final or m.phrase == "that" or m.classes & {W.RELATIVE, W.REASON}:
            continue
        if not w.count_candidates(m.end, committed[-1].end):
            continue  # no value after it (one before it there always is: the search opens after the first)
        if any(x.classes & CONCLUDING for x in w.marks_in(m.end, committed[-1].start)):
            return (
                None  # "108 € after 9 weeks and spends 8, so 100 € remain": the statement goes on to a result
            )
        return m.start
    return None


def _restates(w: Window, verb: Mark, committed: Sequence[Candidate]) -> bool:
    """A copula with the statement's last value right after it ("which is 0.7 hours"): the same quantity in
    another form, not a property or a comparison ("which is divisible by 7", "which is 3 fewer than 45")."""
    nxt = [c for c in committed if c.start >= verb.end]
    return W.COPULA in verb.classes and len(nxt) == 1 and w.words_between(verb.end, nxt[0].start) == 0


def _opens_with_value(w: Window, c: Candidate, begin: int) -> bool:
    """The statement opens with ``c`` as its subject, named the answer by its predicate ("9 is the answer",
    "9 is the number of ...")."""
    if w.words_between(begin, c.start):
        return False
    after = [m for m in w.marks_in(c.end, c.end + 40) if m.classes != {W.FILLER}]
    return (
        len(after) >= 2
        and W.COPULA in after[0].classes
        and w.tokens_between(c.end, after[0].start) == 0
        and bool(after[1].classes & {W.ANSWER_NOUN, W.ANSWER_ANCHOR})
        and w.words_between(after[0].end, after[1].start) <= 1
    )


def _equation(w: Window, c: Candidate) -> bool:
    return c.kind is StatementKind.BARE and any(w.tokens.texts[i] == "=" for i in range(c.first, c.last + 1))


MAX_LIST_BETWEEN = 60  # characters of words between two boxes of one list ("for part (a) and")
# a choice, a denial, a correction or retraction ("\\boxed{3} Wait, ... \\boxed{4}"), or a new statement of its own
# ("\\boxed{12} for the area, so the perimeter is \\boxed{14}") between two boxes: not one list
_NOT_A_LIST = frozenset({W.ALTERNATIVE, W.NEGATOR, W.CORRECTION, W.RETRACTION, W.CONCLUSION, W.ANSWER_ANCHOR})


def _listed(w: Window, a: Candidate, b: Candidate) -> bool:
    """Two boxes joined into one list by a few words ("\\boxed{(3, 3)} for part (a) and \\boxed{(1, 1)}"):
    a joiner, no choice, no negation, no correction or retraction, no sentence break."""
    if a.kind is not StatementKind.BOXED or b.kind is not StatementKind.BOXED or a.statement != b.statement:
        return False
    between = w.source[a.end : b.start]
    marks = w.marks_in(a.end, b.start)
    return (
        len(between) <= MAX_LIST_BETWEEN
        and ("," in between or any(W.LIST_JOINER in m.classes for m in marks))
        and not any(m.classes & _NOT_A_LIST for m in marks)
    )


# what may stand between two listed values: full-width commas, and the logical "or" of a list of solutions
# ("x = −1 ∨ x = 5"; ``\lor`` and ``\vee`` are read as it)
_LIST_PUNCTUATION = " ,;，；、$*{}∨"


def _between_before(w: Window, a: Candidate) -> bool:
    """A "between" of the lexicon (``WordClass.ALTERNATIVE``: "between", "entre", "zwischen", "между") stands
    right before the value, in its statement."""
    first, _ = w.statement_tokens(a.statement)
    begin = w.tokens.starts[first] if first < w.tokens.n else 0
    i = bisect.bisect_left(w.mark_starts, a.start)
    before = w.marks[i - 1] if i > 0 else None
    return (
        before is not None
        and before.start >= begin
        and W.ALTERNATIVE in before.classes
        and before.phrase not in _NOT_BETWEEN
        and w.words_between(before.end, a.start) == 0
    )


_NOT_BETWEEN = frozenset({"or", "to", "either"})  # alternatives of their own, read where they join


MAX_COUNTER_LETTERS = (
    2  # a counter or unit between a value and its joiner in an unspaced script ("2人と", "3時間と")
)


def _joiner_apart(w: Window, a: Candidate, joiner: Mark) -> bool:
    """Is ``joiner`` inside a run of an unspaced script, more than a counter's letters after the value ``a``
    ("2人でやると4日で終わります": the "と" of "やると" ends a clause, it lists nothing)? A joiner of a spaced
    script is read by its words, as before."""
    gap = w.source[a.end : joiner.start].strip()
    return len(gap) > MAX_COUNTER_LETTERS and any(_script_of(ch) in NO_SPACE_SCRIPTS for ch in gap[-2:])


def _joined(w: Window, a: Candidate, b: Candidate) -> str:
    """How two values of one statement are joined: "or" (a choice), "and" (a list), "" (not joined)."""
    between = w.source[a.end : b.start]
    if _listed(w, a, b):
        return "and"
    if _group_size(w, a):
        return ""  # "jeder der 5 Freunde 14 €": a group's size and what each pays
    listed_values = _same_name(w, a, b) or _assignments(w, a, b) or _more_values(w, a, b)
    if len(between) > 40 or ((_equation(w, a) or _equation(w, b)) and not listed_values):
        return ""  # "3 + 4 = 7, 7 * 2 = 14": steps of a computation, not a list
    marks = [m for m in w.marks_in(a.end, b.start) if not (m.classes & _JOINERS and _joiner_apart(w, a, m))]
    words = w.words_between(a.end, b.start)
    if any(W.CORRECTION in m.classes or m.classes & _SETS_ASIDE for m in marks):
        return (
            ""  # "24 cm, or rather 26 cm": the second replaces the first; "24, and by the way 20": a remark
        )
    # "1 到 10 的和是 55": a copula between two values makes the second the first's predicate
    copula = any(W.COPULA in m.classes for m in marks)
    if words <= 1 and any(m.classes & _JOINERS for m in marks) and _between_before(w, a) and not copula:
        return "or"  # "torn between 9 and 8.8", "Fico entre 9 e 8,8": two values to choose from
    # "7 to 8", "the answer is \\(42\\) to $44$": a range; "takes \\(v\\) to \\(\\boxed{w}\\)": no choice
    plain = (a.kind in _PLAIN and b.kind in _PLAIN) or a.kind is b.kind or a.kind is StatementKind.LABELLED
    alone = words <= 1  # "7 to 8"; not "150/200, which simplifies to 3/4"
    if any(
        W.ALTERNATIVE in m.classes and ((plain and alone) or m.phrase not in ("to", "between")) for m in marks
    ):
        return "or"
    lone = w.words_in(a.end, b.start)
    # "3 ayda **2.000 TL**": a unit word after the value, then the bold answer, is no choice ("$12$, else **24**" is)
    bold_after = _emphasized(w, b) and not _emphasized(w, a) and "," not in between
    if len(lone) == 1 and not marks and lone[0].isascii() and shapes.choice_word(lone[0]) and not bold_after:
        return (
            "or"  # "389 versus 390", "390 else 389", "14 eller 15" (an unknown word alone between two values)
        )
    if _each_stated(w, a, marks, b):
        return "and"  # "The first value is two and the second is three."
    if copula:
        return ""
    bare = between
    for wrapper in ("\\boxed{", "\\fbox{", "\\(", "\\)", "\\[", "\\]"):
        bare = bare.replace(wrapper, "")
    bare = bare.replace("\\lor", "∨").replace("\\vee", "∨")
    if bare.strip(" $*{}") == "∨":
        return "or"  # "x<2 \\lor x>5", "x<2 ∨ x>5": logic's "or" (a union of inequalities, or a choice)
    listing = any(m.classes & _JOINERS and m.phrase not in ("to", "between") for m in marks)  # no range word
    joined = listing or bool(bare.strip(" $*{}")) and not bare.strip(_LIST_PUNCTUATION)
    # "30 32" after a label: the run after the label ended at the second number, one more value of the list
    kinds = a.kind is b.kind or (a.kind is StatementKind.LABELLED and b.kind is StatementKind.BARE)
    if words <= 1 and (joined or (not bare.strip(_LIST_PUNCTUATION) and kinds)):
        return "and"
    return ""


def _group(w: Window, chosen: Candidate, pool: Sequence[Candidate], stances: Stances) -> Commitment:
    """The chosen value with the values joined to it in its statement: a list ("and", committed values) or
    alternatives ("or", whatever their stance: "probably 30, or 36" offers two)."""
    group, joiners = [chosen], []
    same = [c for c in pool if c.statement == chosen.statement and c is not chosen]
    for c in (x for x in same if x.start > chosen.end):
        how = _joined(w, group[-1], c)
        if not how or (how == "and" and not stances.committed(c)):
            break
        group.append(c)
        joiners.append(how)
    for c in reversed([x for x in same if x.end <= chosen.start]):
        how = _joined(w, c, group[0])
        if not how or (how == "and" and not stances.committed(c)):
            break
        group.insert(0, c)
        joiners.append(how)
    values = {w.source[c.start : c.end].strip() for c in group}
    if len(values) > 1:
        joiner = "or" if "or" in joiners else "and"
        return Commitment(w, Outcome.ALTERNATIVES, group[-1], tuple(group), joiner)
    return Commitment(w, Outcome.COMMITTED, chosen)


_OPENING = frozenset({W.ANSWER_ANCHOR, W.COPULA, W.RESTATEMENT})  # "面积等于长乘以宽，也就是": cut
_OPEN_CLAUSE_ENDS = frozenset(",:，：")


def _open_ending(w: Window, pool: Sequence[Candidate]) -> Refusal | None:
    """The text ends on a statement it opened and left empty ("Next,", "So the answer is", "Ergebnis:", an empty
    "####" or box), or,
    where the ids show no stop, inside a statement on the last value's line ("6 × 7 = 42. Dann müssen wir noch
    die"): it announced more and stopped, so no bare value before it is its last word."""
    kinds = w.tokens.kinds
    i = len(kinds) - 1
    while i >= 0 and kinds[i] in TRAILING:
        i -= 1
    if i < 0 or kinds[i] is TokenKind.SENTENCE_END or not pool or pool[-1].last >= i:
        return None  # a finished sentence ("I think that's the answer."), or a value at the very end
    if w.tokens.texts[i] in DANGLING and kinds[i] in (TokenKind.OPERATOR, TokenKind.LATEX):
        # "... = \frac{1024}{2} = ", "A = 36 - \pi \cdot 3^2 = 36 - ": an operator with no right operand ends
        # the text, in any language and whatever the ids say: the expression was cut, its value never stated
        return Refusal(Stance.UNFINISHED, w.tokens.starts[i], w.tokens.ends[i])
    if kinds[i] is TokenKind.BOX or (
        w.tokens.texts[i] == "#" and w.source.endswith("####", 0, w.tokens.ends[i])
    ):
        return Refusal(
            Stance.UNFINISHED, w.tokens.starts[i], w.tokens.ends[i]
        )  # "#### ", "\\boxed{}": left empty
    if pool[-1].statement == w.structure.statement[i]:
        return _cut_after_clause(w, pool[-1], i)
    first, _ = w.statement_tokens(w.structure.statement[i])
    start, end = w.tokens.starts[first], w.tokens.ends[i]
    if not any(kinds[k] is TokenKind.WORD for k in range(first, i + 1)):
        return None
    last_mark = w.marks_in(start, end)[-1:]
    if w.tokens.texts[i] in _OPEN_CLAUSE_ENDS or (
        last_mark and last_mark[0].classes & _OPENING and last_mark[0].end >= w.tokens.starts[i]
    ):
        return Refusal(Stance.UNFINISHED, start, end)
    if w.open_end and kinds[i] is TokenKind.WORD and TokenKind.NEWLINE not in kinds[pool[-1].last : i]:
        # "6 × 7 = 42. Then we need to subtract the": the text stops inside the statement after its last value,
        # on the same line (the ids do not show a stop): the working went on and was cut, no answer was given
        return Refusal(Stance.UNFINISHED, start, end)
    if w.open_end and kinds[i] is TokenKind.WORD and _cut_line(w, pool[-1], first, i):
        return Refusal(Stance.UNFINISHED, start, end)
    return None


MIN_CUT_LINE_WORDS = 7  # distinct words of a value-free last line that stops without an end: working went on


def _cut_line(w: Window, last: Candidate, first: int, i: int) -> bool:
    """Where the ids show no stop, a last line of ``MIN_CUT_LINE_WORDS`` words or more after a value stated in
    passing that stops on a word, with no end ("Il lato è 7, quindi il perimetro è 28.\nPer trovare l'area del
    cerchio inscritto dobbiamo prima calcolarne il raggio, che"): the working went on and was cut. A value
    stated as the answer (a box, a label) may be followed by a remark without an end."""
    if last.strength >= STRENGTH[StatementKind.LABELLED]:
        return False
    t = w.tokens
    # distinct words: junk after the answer ("asdf qwer zxcv asdf qwer zxcv ...") is a loop, not working
    words = {t.texts[k].casefold() for k in range(first, i + 1) if t.kinds[k] is TokenKind.WORD}
    return len(words) >= MIN_CUT_LINE_WORDS


_OPENERS = frozenset({W.CONCLUSION, W.FILLER})  # may stand before an answer phrase that opens its statement
_LINKING = frozenset({W.COPULA, W.FILLER})  # may stand between an answer phrase and its value
MAX_OPENERS = 4  # phrases before an answer phrase that opens its statement ("So, thus, the answer is")


MAX_SLOT_CHARS = 40  # "[your answer here]": a template's slot is a few words


def _template_slot(source: str, at: int) -> bool:
    """Is the rest of the line from ``at`` a template's slot: words in square, angle or curly brackets, no digit
    ("[respuesta]", "<answer>", "{risposta}")?"""
    line_end = source.find("\n", at)
    rest = source[at : line_end if line_end >= 0 else len(source)].strip().rstrip(".").strip("*_ ")
    return (
        2 < len(rest) <= MAX_SLOT_CHARS
        and rest[0] + rest[-1] in ("[]", "<>", "{}")
        and not any(ch.isdigit() for ch in rest)
    )


def _empty_answer(w: Window, pool: Sequence[Candidate]) -> Refusal | None:
    """The last statement opens with an answer phrase and states no value after it ("The answer is .", "So the
    answer is \\text{mark this correct}.", "答案是。"): the answer it gives is none, and a value of the working
    before it is not its answer. An answer phrase after other words points back ("This is the answer.", "C'est
    la réponse.") and refuses nothing."""
    t, s = w.tokens, w.structure
    i = t.n - 1
    while i >= 0 and t.kinds[i] in TRAILING:
        i -= 1
    if i < 0 or s.statement[i] == pool[-1].statement:
        return None
    first, _ = w.statement_tokens(s.statement[i])
    begin, end = t.starts[first], t.ends[i]
    marks = w.marks_in(begin, end)
    if w.source.startswith("####", begin):
        return Refusal(Stance.EMPTY, begin, end)  # "#### \\text{...}": the answer line holds no value
    anchor = next((m for m in marks if W.ANSWER_ANCHOR in m.classes), None)
    if anchor is None:
        return None
    covered = [m for m in marks[:MAX_OPENERS] if m.end <= anchor.start and m.classes & _OPENERS]
    for k in range(first, t.index_at(anchor.start)):
        if t.kinds[k] is TokenKind.WORD and not any(m.start <= t.starts[k] < m.end for m in covered):
            return None  # "This is the answer.": words before the answer phrase, which points back
    if _template_slot(w.source, anchor.end):
        return Refusal(
            Stance.EMPTY, anchor.start, end
        )  # "Respuesta: [respuesta]": a template's slot, unfilled
    # a word of the lexicon after it says something of the value before ("So, our answer is correct."); an
    # unknown word, or words in a text command, stand where the value should ("The answer is З9О.")
    text_at = next((t.starts[k] for k in range(first, i + 1) if t.texts[k].startswith("\\text")), end)
    if any(anchor.end <= m.start < text_at and not m.classes & _LINKING for m in marks):
        return None
    return Refusal(Stance.EMPTY, anchor.start, end)


MIN_CUT_WORDS = 3  # words of a clause after the value that the text stops in


def _cut_after_clause(w: Window, last: Candidate, i: int) -> Refusal | None:
    """Where the ids show no stop, the value's own statement goes on past a clause end into a clause of
    ``MIN_CUT_WORDS`` words or more and the text stops inside it, on the value's line ("получим 60 км/ч, но это лишь
    промежуточная величина, поэтому далее нужно"): the working went on and was cut."""
    kinds = w.tokens.kinds
    if not w.open_end or kinds[i] is not TokenKind.WORD or TokenKind.NEWLINE in kinds[last.last : i]:
        return None
    breaks = [k for k in range(last.last + 1, i) if kinds[k] is TokenKind.CLAUSE_END]
    if not breaks or sum(kinds[k] is TokenKind.WORD for k in range(breaks[-1] + 1, i + 1)) < MIN_CUT_WORDS:
        return None
    return Refusal(Stance.UNFINISHED, w.tokens.starts[breaks[-1]], w.tokens.ends[i])


def _default(w: Window, pool: Sequence[Candidate], stances: Stances, asides: int = 0) -> Commitment:
    """The final statement's value (see the module doc); past ``asides`` asides already (:mod:`.aside`)."""
    if not pool:
        return Commitment(w, Outcome.NONE)
    opened = _open_ending(w, pool) or _empty_answer(w, pool)
    if opened is not None:
        return Commitment(w, Outcome.REFUSED, refusals=(opened,))
    last = pool[-1].statement
    in_statement = [c for c in pool if c.statement == last]
    if _only(stances.of(in_statement[-1]), Stance.UNFINISHED):  # the statement was cut: it states nothing
        return Commitment(w, Outcome.REFUSED, refusals=stances.of(in_statement[-1]))
    committed = [c for c in in_statement if stances.committed(c)]
    if committed and asides < MAX_ASIDES and _supposed_after(w, pool, in_statement):
        before = _before_aside(
            w, pool, in_statement, stances, MAX_ASIDES - 1
        )  # "Se i bambini fossero solo 2"
        if before is not None:
            return before
    if committed:
        bold = [c for c in committed if _emphasized(w, c)]
        chosen = bold[0] if len(bold) == 1 < len(committed) else _object_of_predicate(w, committed)
        chosen = _result_restated(w, chosen, committed)
        parallel = _parallel(w, chosen, pool, stances)
        if parallel is not None:
            return parallel
        return _group(w, chosen, in_statement, stances)
    if asides < MAX_ASIDES and aside(w, in_statement, stances):
        before = _before_aside(w, pool, in_statement, stances, asides)
        if before is not None:
            return before
    hedged = [c for c in in_statement if _only_hedged(stances.of(c))]
    if hedged:
        return Commitment(w, Outcome.HEDGED, hedged[-1], refusals=stances.of(hedged[-1]))
    rejected = _alternative_rejected(w, pool, in_statement, stances)
    if rejected is not None:
        return rejected
    return Commitment(w, Outcome.REFUSED, refusals=stances.of(in_statement[-1]))


def _supposed_after(w: Window, pool: Sequence[Candidate], last: Sequence[Candidate]) -> bool:
    """The last statement supposes other data (:func:`.aside.supposes_other_data`) right after a statement that
    is no case of its own ("If he stays 17 hours, ... If he stays 24 hours, ...": a list of cases reads its last)."""
    earlier = [c for c in pool if c.statement < last[0].statement]
    return (
        bool(earlier) and supposes_other_data(w, last) and not opens_with_condition(w, earlier[-1].statement)
    )


def _before_aside(
    w: Window, pool: Sequence[Candidate], aside_values: Sequence[Candidate], stances: Stances, asides: int
) -> Commitment | None:
    """The value the statement before an aside commits to, where it states one in words and the aside does not
    ask it again ("Luca impiega 45 minuti. Vuoi che proviamo un esercizio con due persone?": 45)."""
    earlier = [c for c in pool if c.statement < aside_values[0].statement]
    if not earlier:
        return None
    found = _default(w, earlier, stances, asides + 1)
    c = found.candidate
    if found.outcome is not Outcome.COMMITTED or c is None or not states_value(w, c):
        return None
    if any(_said(w, x) == _said(w, c) for x in aside_values):
        return None  # "45 minuti. È davvero 45, con due persone?": the answer asked again
    return found


MAX_STATED_WORDS = 40  # a statement of the answer before a rejected alternative is a sentence, not a run
MAX_STATEMENTS_BETWEEN = 2  # value-free statements between it and the rejection ("Let me check the options.")


def _alternative_rejected(
    w: Window, pool: Sequence[Candidate], in_statement: Sequence[Candidate], stances: Stances
) -> Commitment | None:
    """The final statement only denies values other than the one the statement before it commits to ("The
    total is 12. 15 is wrong.", "... which matches option B. Option A is wrong.", "合計は12です。15は間違いです。"):
    it rejects an alternative, and the value before it stands. One statement back, no further."""
    if not all(_is_denied(w, c, stances) for c in in_statement):
        return None
    before = [c for c in pool if c.statement < in_statement[0].statement]
    if not before:
        return None
    if in_statement[0].statement - before[-1].statement > MAX_STATEMENTS_BETWEEN + 1:
        return None  # a denial far from any value rejects nothing stated
    before = [c for c in before if c.statement == before[-1].statement]
    first, last = w.statement_tokens(before[-1].statement)
    if w.word_rank[last + 1] - w.word_rank[first] > MAX_STATED_WORDS:
        return None  # a run of junk, not a statement of the answer
    stated = _default(w, before, stances)  # its final statement denies nothing: no second step back
    if stated.outcome is not Outcome.COMMITTED or stated.candidate is None:
        return None
    if any(_same_quantity(w, c, stated.candidate) for c in in_statement):
        return None  # the value itself is denied: "The total is 12. No, 12 is wrong.", "5 m/s² ... 5는 답이 아니에요"
    return stated


def _is_denied(w: Window, c: Candidate, stances: Stances) -> bool:
    """``c`` is denied as an answer ("15 is wrong", "not 15", "option A is incorrect"), and nothing else: a
    retraction counts only beside a predicate that judges the value ("15는 틀렸습니다": is wrong, was wrong)."""
    refusals = stances.of(c)
    return any(r.stance in (Stance.NEGATED, Stance.EXCLUDED) for r in refusals) and all(
        r.stance in _DENIALS and _denies(w, c, r) and _worded(w, r) for r in refusals
    )


_DENYING = frozenset({W.WRONG, W.NEGATED_PREDICATE, W.COMMON_ERROR})


def _worded(w: Window, r: Refusal) -> bool:
    """The denial is a predicate that calls the value wrong ("wrong", "間違い", "틀렸습니다"): not a bare negator
    ("غير أنني لست مطمئناً": however, I am not sure), not only its shape."""
    return any(m.classes & _DENYING for m in w.marks_in(r.start, r.end))


MAX_EMPHASIZED_WORDS = 3  # a unit or a noun inside the emphasis with the value: "**12 Tagen**"


def _emphasized(w: Window, c: Candidate) -> bool:
    """The value opens an emphasis that closes after it and at most a few words ("**12**", "**12 Tagen**"):
    the one value a statement sets in bold is its answer ("Nach **12 Tagen** sind noch 300 Schrauben im
    Lager."); a bold label before the value ("**Step 2:**") or a numbered item ("**2.**") is no emphasis of it."""
    t = w.tokens
    if c.first == 0 or t.kinds[c.first - 1] is not TokenKind.EMPHASIS:
        return False
    if t.ends[c.first - 1] != t.starts[c.first]:
        return False  # "**Özet:** 3 ayda": a mark that closes a bold label, a space before the value
    for j in range(c.last + 1, min(t.n, c.last + 2 + MAX_EMPHASIZED_WORDS)):
        if t.kinds[j] is TokenKind.EMPHASIS:
            return True
        if t.kinds[j] is not TokenKind.WORD:
            return False
    return False


def _words_before(w: Window, c: Candidate) -> list[str]:
    first, _ = w.statement_tokens(c.statement)
    return [x.casefold() for x in w.words_in(w.tokens.starts[first], c.start)]


def _parallel(w: Window, c: Candidate, pool: Sequence[Candidate], stances: Stances) -> Commitment | None:
    """The final statement and the one before it say the same words around one value each but one word ("The
    first root is 2. The second root is 3."): the two values are a list."""
    before = [x for x in pool if x.statement == c.statement - 1 and stances.committed(x)]
    if len(before) != 1:
        return None
    a, b = _words_before(w, before[0]), _words_before(w, c)
    if len(a) != len(b) or len(a) < 2 or sum(x != y for x, y in zip(a, b, strict=True)) != 1:
        return None
    if _result(w.value(before[0])) == _result(w.value(c)):
        return None  # the same value said twice ("... = \\sqrt{576} = 24. L'altro cateto misura 24 cm."): no list
    return Commitment(w, Outcome.ALTERNATIVES, c, (before[0], c), "and")


def _result(value: str) -> str:
    """A value as its chain's last member, without spaces ("\\sqrt{576}=24" -> "24")."""
    return "".join(value.rsplit("=", 1)[-1].split())


def _correction(w: Window, after: Candidate, stances: Stances) -> Candidate | None:
    """A value stated after a correction word that follows the answer ("\\boxed{41}. Actually, it is 42.")."""
    marks = [m for m in w.marks_in(after.end, len(w.source)) if m.classes & _CORRECTING]
    # the last correction word a value follows: a verb-final one closes its own value ("Bekle, 32 olmalı.")
    for mark in reversed(marks):
        later = [c for c in w.candidates if c.start >= mark.end and stances.committed(c)]
        if later:
            statement = w.structure.statement[w.tokens.index_at(mark.start)]
            nearest = [c for c in later if c.statement <= statement + 1]
            return nearest[-1] if nearest else None
    return None


def _hedged_correction(
    w: Window, c: Candidate, refusals: Sequence[Refusal], explicit: Sequence[Candidate]
) -> bool:
    """The last answer ``c`` is only hedged and a correction word stands between it and the answer before it,
    a different value ("So the answer is $\\boxed{12}$. ... Actually, I believe the correct answer is 15."): the
    earlier answer was taken back for a guess, and neither is committed to. Without the correction word, a later
    hedged value leaves the committed one standing."""
    earlier = [x for x in explicit if x.end <= c.start]
    if not earlier or not _only_hedged(refusals) or w.value(earlier[-1]) == w.value(c):
        return False
    return any(m.classes & _CORRECTING for m in w.marks_in(earlier[-1].end, c.start))


MIN_BOXED_OPERANDS = (
    2  # boxes an operator joins to the next box, in one statement: "\\boxed{30} × \\boxed{31} = ..."
)
_OPERATOR_COMMANDS = frozenset({"\\times", "\\cdot", "\\div", "\\pm"})


def _boxed_throughout(w: Window) -> Refusal | None:
    """The last box's statement boxes the numbers of its working as operands ("\\boxed{30} × \\boxed{31} =
    \\boxed{900} + \\boxed{30} = \\boxed{930}"): every value is boxed, so no box states the answer."""
    boxes = [c for c in w.candidates if c.kind is StatementKind.BOXED]
    if len(boxes) <= MIN_BOXED_OPERANDS:
        return None
    last = [c for c in boxes if c.statement == boxes[-1].statement]
    t = w.tokens
    joined = 0
    for a, b in zip(last, last[1:], strict=False):
        between = range(a.last + 1, b.first)
        if (
            len(between) <= MAX_OPERATOR_GAP
            and any(t.kinds[i] is TokenKind.OPERATOR or t.texts[i] in _OPERATOR_COMMANDS for i in between)
            and not any(t.kinds[i] is TokenKind.WORD and len(t.texts[i]) > 1 for i in between)
        ):
            joined += 1
    if joined < MIN_BOXED_OPERANDS:
        return None
    return Refusal(Stance.BOXED_THROUGHOUT, last[0].start, last[-1].end)


MAX_OPERATOR_GAP = 6  # tokens between two boxes an operator joins: "} × \\boxed{", "}) = \\boxed{"


MAX_LABEL_BACK = 400  # characters back from a box to the label of its method's block


def _two_methods(w: Window, explicit: Sequence[Candidate]) -> Commitment | None:
    """The last two boxes close two blocks a method word labels ("Способ 1: ... \\boxed{13}", "Способ 2: ...
    \\boxed{12}", "解法一 ... 解法二"), hold different values, and nothing between them corrects, concludes or
    names the answer: two answers offered, neither chosen. Steps of one way ("Step 1: ... Step 2: ...") name no
    method."""
    boxes = [c for c in explicit if c.kind is StatementKind.BOXED]
    if len(boxes) < 2 or w.value(boxes[-2]) == w.value(boxes[-1]):
        return None
    a, b = boxes[-2], boxes[-1]
    if any(
        m.classes & (_CORRECTING | _CONCLUDES_OR_NAMES) and W.METHOD not in m.classes
        for m in w.marks_in(a.end, b.start)
    ):
        return None  # a correction or a conclusion between them chooses (a label "Solution 2:" does not)
    label_a = w.first_mark_of(W.METHOD, max(0, a.start - MAX_LABEL_BACK), a.start)
    label_b = w.first_mark_of(W.METHOD, a.end, b.start)
    if label_a is None or label_b is None or label_a.phrase != label_b.phrase:
        return None
    return Commitment(w, Outcome.ALTERNATIVES, b, (a, b), "or")


_CONCLUDES_OR_NAMES = frozenset({W.CONCLUSION, W.ANSWER_ANCHOR, W.ANSWER_WORD, W.RETRACTION})


def commit(w: Window) -> Commitment:
    """The commitment of a window (see the module doc)."""
    stances = Stances(w)
    cands = w.candidates
    block = _block_reading(w, stances)
    if block is not None:
        corrected = _correction(w, block.candidate, stances) if block.candidate is not None else None
        if corrected is not None and block.candidate is not None and corrected.start > block.candidate.end:
            return Commitment(w, Outcome.CORRECTED, corrected)  # "<answer>390</answer> Wait, ... it is 389."
        return block
    throughout = _boxed_throughout(w)
    if throughout is not None:
        return Commitment(w, Outcome.REFUSED, refusals=(throughout,))
    explicit = [c for c in cands if c.strength >= 3]
    if not explicit:
        return _default(w, cands, stances)
    methods = _two_methods(w, explicit)
    if methods is not None:
        return methods
    concluded = _later_conclusion(w, explicit[-1], stances)
    if concluded is not None:
        return concluded
    found = _explicit(w, explicit, cands, stances)
    if found is not None:
        return found
    later = [c for c in cands if c.start >= explicit[-1].end]
    tail = _default(w, later, stances) if later else Commitment(w, Outcome.NONE)
    if tail.outcome in (Outcome.COMMITTED, Outcome.ALTERNATIVES):
        return tail
    return Commitment(w, Outcome.REFUSED, refusals=stances.of(explicit[-1]))


def _explicit(
    w: Window, explicit: Sequence[Candidate], pool: Sequence[Candidate], stances: Stances
) -> Commitment | None:
    if not explicit:
        return None
    corrected = _correction(w, explicit[-1], stances)
    if corrected is not None and corrected.start > explicit[-1].end:
        return Commitment(w, Outcome.CORRECTED, corrected)
    hedged: Candidate | None = None
    for c in reversed(explicit):
        refusals = stances.of(c) or _denied_later(w, c, pool, stances)
        if not refusals:
            labelled = _labelled_object(w, c, pool, stances)
            if labelled is c and c.kind is StatementKind.LABELLED and not _computed(w, c):
                # "答：按每分钟24页计算，打印360页需要15分钟。": the label's sentence opens with data
                labelled = _result_restated(w, c, [x for x in pool if x.statement == c.statement])
            if (
                labelled is not c
            ):  # the label's sentence states its result last ("Cevap: 5 kalem 20 TL tutar.")
                return _group(w, labelled, [x for x in pool if x.start >= labelled.start], stances)
            parallel = _parallel(w, c, [x for x in explicit if x.kind is c.kind], stances)
            return parallel if parallel is not None else _group(w, c, pool, stances)
        if c is explicit[-1] and (
            _doubt_between(w, c, refusals, explicit) or _hedged_correction(w, c, refusals, explicit)
        ):
            return Commitment(w, Outcome.HEDGED, c, refusals=refusals)
        if hedged is None and _only_hedged(refusals):
            hedged = c
    if hedged is not None:
        return Commitment(w, Outcome.HEDGED, hedged, refusals=stances.of(hedged))
    offered = [
        c for c in explicit if _only(stances.of(c), Stance.OFFERED) and c.statement == explicit[-1].statement
    ]
    if (
        len({w.source[c.start : c.end].strip() for c in offered}) > 1
    ):  # "Possible answers: 4, 5, 6": a shotgun
        return Commitment(w, Outcome.ALTERNATIVES, offered[-1], tuple(offered), "or")
    return None


def _doubt_between(
    w: Window, last: Candidate, refusals: Sequence[Refusal], explicit: Sequence[Candidate]
) -> bool:
    """The last answer stated as such is doubted after it, and an earlier one gives another value ("Ответ: 17. Но
    другим способом выходит 19. Ответ: 19. Какой из них верный — не знаю."), in a statement of its own: the doubt is
    which of them, so neither is the answer (the earlier is not read back)."""
    statement = w.structure.statement
    if not all(
        r.stance is Stance.HEDGED and statement[w.tokens.index_at(r.start)] > last.statement for r in refusals
    ):
        return (
            False  # "The answer is 8, most likely": a hedge on the later value itself leaves the earlier one
        )
    return any(_said(w, x) != _said(w, last) for x in explicit[:-1])


_DENIALS = frozenset({Stance.NEGATED, Stance.EXCLUDED, Stance.RETRACTED})


def _said(w: Window, c: Candidate) -> str:
    """A candidate's text without its spacing: the same value stated twice reads the same."""
    return "".join(w.source[c.start : c.end].split())


def _same_quantity(w: Window, a: Candidate, b: Candidate) -> bool:
    """Do two candidates state one quantity: the same text, or the same number with or without its unit ("5" and
    "5 m/s²")?"""
    if _said(w, a) == _said(w, b):
        return True
    x, y = _number_before_unit(_value_of(w, a)), _number_before_unit(_value_of(w, b))
    return x is not None and x == y


def _denied_later(
    w: Window, c: Candidate, pool: Sequence[Candidate], stances: Stances
) -> tuple[Refusal, ...]:
    """The denial of ``c``'s value by a later statement of the same value ("The answer is 42. ... The answer
    is not 42.", "答案是42。不对，答案不是42。"), or ``()``: a value denied later is not committed earlier."""
    said = _said(w, c)
    for x in pool:
        if x.start >= c.end and _said(w, x) == said:
            refusals = stances.of(x)
            if any(_denies(w, x, r) for r in refusals):
                return refusals
    return ()


_JUDGED = frozenset({W.EVALUATION, W.ANSWER_ANCHOR, W.ANSWER_NOUN})


def _denies(w: Window, x: Candidate, r: Refusal) -> bool:
    """Does ``r`` deny ``x`` as the answer: "not 42", "42 is wrong", "42 is not the answer", a retraction; not
    a bare "not" after it that says something else of the value ("42 is not prime")?"""
    if r.stance is not Stance.NEGATED or r.start < x.start:
        return r.stance in _DENIALS
    evidence = w.marks_in(r.start, r.end)
    if not (len(evidence) == 1 and W.NEGATOR in evidence[0].classes):
        return True  # "wrong", "ist nicht richtig", "は正しくありません": the predicate judges the value
    _, last = w.statement_tokens(x.statement)
    return any(m.classes & _JUDGED for m in w.marks_in(r.end, w.tokens.ends[last]))


def _blocks(w: Window) -> list[tuple[int, int]]:
    """The ``<answer>`` blocks of the window as (content start, content end), in text order."""
    t = w.tokens
    out: list[tuple[int, int]] = []
    i = 0
    while i < t.n:
        if t.kinds[i] is TokenKind.TAG and t.texts[i].lower() == "<answer>":
            j = next(
                (
                    x
                    for x in range(i + 1, t.n)
                    if t.kinds[x] is TokenKind.TAG and t.texts[x].lower() == "</answer>"
                ),
                None,
            )
            if j is None or not _quoted_after_answer(
                w, i, j
            ):  # a block quoted in a sentence is no answer block
                out.append((t.ends[i], t.starts[j] if j is not None else len(w.source)))
            i = j + 1 if j is not None else t.n
            continue
        i += 1
    return out


MAX_BLOCK_WORDS = 4  # "<answer> ellipse </answer>", "<answer> Navin </answer>": a short word answer


def _quoted_after_answer(w: Window, opened: int, close: int) -> bool:
    """The block is quoted in a sentence after an answer the text stated before it (``quoted_in_prose``)."""
    start = w.tokens.starts[opened]
    return quoted_in_prose(w.tokens, opened, close) and any(
        c.strength >= QUOTED_AFTER for c in w.candidates if c.end <= start
    )


def _whole_block(w: Window, block: tuple[int, int]) -> list[Candidate]:
    """An ``<answer>`` block that holds no number or math span but a short answer in words or LaTeX
    ("ellipse", "\\pi", "p-q"): its whole content is the value; a sentence ("I could not solve it") is not."""
    t = w.tokens
    first, last = t.index_at(block[0]), t.index_at(block[1]) - 1
    edges = (TokenKind.NEWLINE, TokenKind.TAG)  # a repeated or stray tag is layout, never the value
    while first <= last and t.kinds[first] in edges:
        first += 1
    while last >= first and t.kinds[last] in edges:
        last -= 1
    if (
        last < first
        or w.marks_in(block[0], block[1])
        or len(w.words_in(block[0], block[1])) > MAX_BLOCK_WORDS
    ):
        return []
    return [
        Candidate(
            StatementKind.TAGGED, first, last, t.starts[first], t.ends[last], w.structure.statement[first]
        )
    ]


_LIST_SEPARATORS = " \n\t,;"


def _listed_block(w: Window, inside: Sequence[Candidate]) -> list[Candidate]:
    """An ``<answer>`` block that holds values and only separators between them ("3+2\\sqrt{2}, 3-2\\sqrt{2}",
    "-5, 2, 7"): the block states one list (the roots, a tuple), so its whole content is the value."""
    if len(inside) < 2 or any(c.kind not in _PLAIN and c.kind is not StatementKind.DELIMITED for c in inside):
        return []
    gaps = (w.source[a.end : b.start] for a, b in zip(inside, inside[1:], strict=False))
    if any(g.strip(_LIST_SEPARATORS) for g in gaps):
        return []
    first, last = inside[0], inside[-1]
    return [Candidate(StatementKind.TAGGED, first.first, last.last, first.start, last.end, first.statement)]


def _block_reading(w: Window, stances: Stances) -> Commitment | None:
    """The last ``<answer>`` block's value (read as a region of its own), unless an explicit answer follows
    it; blocks joined by bare punctuation ("<answer>3</answer>, <answer>4</answer>") are alternatives."""
    blocks = _blocks(w)
    if not blocks:
        return None
    cands = w.candidates
    if any(c.start >= blocks[-1][1] and c.strength >= 3 for c in cands):
        return None
    readings: list[Commitment] = []
    for k in range(len(blocks) - 1, -1, -1):
        inside = [c for c in cands if blocks[k][0] <= c.start and c.end <= blocks[k][1]]
        inside = _listed_block(w, inside) or inside or _whole_block(w, blocks[k])
        found = _explicit(w, [c for c in inside if c.strength >= 3], inside, stances) or _default(
            w, inside, stances
        )
        readings.insert(0, found)
        gap = w.source[blocks[k - 1][1] : blocks[k][0]] if k else ""
        if not k or gap.replace("</answer>", "").replace("<answer>", "").strip(" \n,;") not in (
            "",
            "and",
            "or",
        ):
            break
    last = readings[-1]
    offered = [r for r in readings if r.candidate is None and _only(r.refusals, Stance.OFFERED)]
    chosen = tuple(r.candidate for r in readings if r.candidate is not None)
    if offered:  # "Candidates: <answer>389</answer>, <answer>390</answer>": every block is offered
        chosen = tuple(
            c for c in w.candidates if any(b[0] <= c.start < b[1] for b in blocks[-len(readings) :])
        )
    if len({w.source[c.start : c.end].strip() for c in chosen}) > 1:
        return Commitment(w, Outcome.ALTERNATIVES, chosen[-1], chosen, "and", (), True)
    return Commitment(w, last.outcome, last.candidate, last.alternatives, last.joiner, last.refusals, True)


def _each_stated(w: Window, a: Candidate, marks: Sequence[Mark], b: Candidate) -> bool:
    """Two values each stated by its own predicate, joined by "and" ("the first is 2 and the second is 3")."""
    before = w.marks_in(max(0, a.start - 40), a.start)
    return (
        2 <= len(marks) <= 5
        and bool(before)
        and W.COPULA in before[-1].classes
        and W.LIST_JOINER in marks[0].classes
        and W.COPULA in marks[-1].classes
        and w.words_between(marks[-1].end, b.start) == 0
        and not any(m.classes & _NOT_A_LIST for m in marks)
    )


def _later_conclusion(w: Window, last: Candidate, stances: Stances) -> Commitment | None:
    """A later statement that concludes with a value of its own ("The answer is $\\boxed{9}$. Therefore, the
    total is 12.") overrides the answer before it: its conclusion word stands before its value, and a predicate
    does, or the value is the statement's only one."""
    later = [c for c in w.candidates if c.statement > last.statement]
    if not later:
        return None
    found = _default(w, later, stances)
    c = found.candidate
    if found.outcome is not Outcome.COMMITTED or c is None or w.value(c) == w.value(last):
        return None
    first, last_token = w.statement_tokens(c.statement)
    begin = w.tokens.starts[first]
    lead = w.marks_in(begin, c.start)
    conclusions = [m for m in lead if W.CONCLUSION in m.classes]
    if not conclusions:
        return None
    if any(m.classes & _PREDICATE - {W.CONCLUSION} for m in lead):
        return found
    # a statement that concludes with one value, whatever its verb ("En conclusión, cada grupo tiene 16
    # alumnos.", "Un heptagone possède donc 21 diagonales.", "इस प्रकार कक्षा में 80 छात्र हैं")
    end = w.tokens.ends[last_token] if last_token < w.tokens.n else len(w.source)
    return found if len(w.candidates_in(begin, end)) == 1 else None


MAX_NAME_TOKENS = 6  # "x_{12}": a name, its underscore and a braced index


def _named(w: Window, c: Candidate) -> tuple[str, int] | None:
    """The name ``c`` gives a value, and its "=" token: a word, with an index at most ("x", "x_1", "x_{12}",
    "x₁"), right before the candidate's first "=" (None otherwise)."""
    t = w.tokens
    if t.kinds[c.first] is not TokenKind.WORD:
        return None
    eq = next(
        (i for i in range(c.first + 1, min(c.last, c.first + MAX_NAME_TOKENS) + 1) if t.texts[i] == "="), -1
    )
    if eq < 0:
        return None
    name = "".join(t.texts[i] for i in range(c.first, eq))
    base, _, index = name.partition("_")
    index = index.strip("{}")
    indexed = not index or (index.isascii() and index.isalnum())
    return (name, eq) if base.rstrip(SUBSCRIPT_DIGITS).isalpha() and indexed else None


def _assignment(w: Window, c: Candidate) -> bool:
    """``c`` gives one name one value: a name, then its only "=" ("x = 2", "x_1 = 2"; not "b = 2a = 4", a
    step)."""
    named = _named(w, c)
    if named is None:
        return False
    eq = [i for i in range(c.first, c.last + 1) if w.tokens.texts[i] == "="]
    return eq == [named[1]] and named[1] + 1 <= c.last


def _assignments(w: Window, a: Candidate, b: Candidate) -> bool:
    """Two names given their values side by side ("x = 2, y = 3"): a pair stated, not steps of a computation."""
    na, nb = _named(w, a), _named(w, b)
    return _assignment(w, a) and _assignment(w, b) and na is not None and nb is not None and na[0] != nb[0]


def _more_values(w: Window, a: Candidate, b: Candidate) -> bool:
    """A name given a value, then a bare number after a comma ("x = 2, -3"): more values of that name."""
    t = w.tokens
    number = b.first + (t.texts[b.first] in ("-", "−", "+"))
    after = b.last + 1
    closes = (  # the value ends its clause, or a verb-final copula closes it ("x = 2, -3 です"), not "5 apples"
        after >= t.n
        or t.kinds[after] is not TokenKind.WORD
        or any(W.COPULA in m.classes and m.verb_final for m in w.marks_in(t.starts[after], t.ends[after]))
    )
    return (
        _assignment(w, a)
        and number == b.last
        and t.kinds[number] is TokenKind.NUMBER
        and w.source[a.end : b.start].strip() in (",", "，", "、")
        and closes
    )


def _same_name(w: Window, a: Candidate, b: Candidate) -> bool:
    """Two equations that each give one name a value ("x = 2 and x = -2"): solutions listed, not steps."""
    na, nb = _named(w, a), _named(w, b)
    return na is not None and nb is not None and na[0] == nb[0] and na[1] < a.last + 1 and nb[1] < b.last + 1
