r"""Refusals on evidence: the override table. The reader commits to a value by default; each row here names a
reason a candidate is not committed to, and returns the evidence (a :class:`Refusal` with the mark or tokens
it rests on) or ``None``. Every row reads tokens and marks, never the raw text; each is evaluated at most once
per candidate (:class:`Stances`).

Rows (a new refusal is one row): a question; a negation on the value's predicate or right after the value;
an excluder before it; a hedge in its clause, or an approximator right before it; a supposition or a
counterfactual in its clause; a value attributed to someone else; candidates offered, not chosen; a
retraction after it with no value after the retraction.

>>> from rewardcheck.rewards.engine.read.window import Window
>>> w = Window.of("The answer is not 42.")
>>> [r.stance.value for r in Stances(w).of(w.candidates[-1])]
['negated']
>>> w = Window.of("Maybe 12.")
>>> [r.stance.value for r in Stances(w).of(w.candidates[-1])]
['hedged']
"""

from __future__ import annotations

import bisect
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass

from rewardcheck.rewards.engine import stance as shapes
from rewardcheck.rewards.engine.identity_enum import IdentityEnum
from rewardcheck.rewards.engine.lexicon import WordClass as W
from rewardcheck.rewards.engine.lexicon import is_word

from .finders import STRENGTH, Candidate, StatementKind
from .marks import Mark
from .tokens import TokenKind
from .window import Window

__all__ = ["Stance", "Refusal", "Stances", "OVERRIDES"]


class Stance(IdentityEnum):
    QUESTIONED = "questioned"
    UNFINISHED = "unfinished"  # the text ends on it mid-line: a cut may have left it unfinished
    REASON = "a reason"  # a value in a clause that gives a reason ("because 2 cubed is 8")
    REMARK = "remarked on"  # a value the statement talks about ("12 contradicts the second condition")
    POLAR = "a yes or a no"  # the text closes on a labelled yes or no: the value before it was data
    BOXED_THROUGHOUT = "one box of many"  # every number of the working boxed: no box states the answer
    NEGATED = "negated"
    EXCLUDED = "excluded"
    HEDGED = "hedged"
    SUPPOSED = "supposed"
    ATTRIBUTED = "attributed"
    OFFERED = "offered"
    RETRACTED = "retracted"
    UNDETERMINED = "said to be undetermined"  # a later statement says no answer can be given
    EMPTY = "left empty"  # an answer statement that states no value: "The answer is .", "#### \\text{...}"
    BOUND = "a bound"  # a bound on the value, not the value ("more than 12", "at least 12", "12以上")
    OPERAND = "an operand"  # one side of an operation written in words ("5 times 3", "the square root of 2")


@dataclass(frozen=True, slots=True)
class Refusal:
    stance: Stance
    start: int  # the evidence's character span
    end: int
    approximate: bool = False  # a hedge that only says the value is rounded ("about", "≈"), no doubt word

    def evidence(self, w: Window) -> str:
        return w.source[self.start : self.end]


_QUESTION_ENDS = frozenset("?？؟")
_PREDICATE = frozenset({W.COPULA, W.ANSWER_ANCHOR, W.CONCLUSION, W.RESULT_VERB, W.DERIVATION})
MAX_NEGATOR_GAP = 3  # words between a negator and the value it denies, where no copula says more
MAX_AFTER = 4  # tokens between a value and a negated predicate after it ("42 is wrong", "42ではない")


def _questioned(w: Window, c: Candidate) -> Refusal | None:
    first, last = w.statement_tokens(c.statement)
    end = w.tokens.texts[last] if last >= 0 else ""
    if end and end[-1] in _QUESTION_ENDS:
        asked = Refusal(Stance.QUESTIONED, w.tokens.starts[last], w.tokens.ends[last])
        return None if _answered_yes(w, c) else asked
    begin = w.tokens.starts[first]
    lead = w.marks_of(W.QUESTION, begin, min(c.start, begin + 13))  # a question word opening the statement
    if lead and not _question_closed(w, lead[0], c):
        return None if _answered_yes(w, c) else Refusal(Stance.QUESTIONED, lead[0].start, lead[0].end)
    # a verb-final language's question particle right after the value asks it ("24 mü 28 mi, karar veremiyorum")
    particle = w.first_mark_of(W.QUESTION, c.end, c.end + MAX_PARTICLE_GAP)
    if particle is not None and particle.verb_final and w.tokens_between(c.end, particle.start) == 0:
        return None if _answered_yes(w, c) else Refusal(Stance.QUESTIONED, particle.start, particle.end)
    return _checked_whether(w, c)


def _question_closed(w: Window, question: Mark, c: Candidate) -> bool:
    """Does a clause after the opening question state the value as the answer ("혹시 다른 값인가 싶었는데, 답은
    4.5입니다.", "I wondered if it was 5, but the answer is 4.5")? A clause end, then an answer phrase before the
    value: the question was the clause before it."""
    anchor = w.first_mark_of(W.ANSWER_ANCHOR, question.end, c.start)
    if anchor is None:
        return False
    i, j = w.tokens.index_at(question.end), w.tokens.index_at(anchor.start)
    end = w.structure.clause_end_after[i] if i < w.tokens.n else -1  # looked up, not scanned for
    return 0 <= end < j


MAX_PARTICLE_GAP = 4  # characters between a value and a question particle written after it ("24 mü", "12'mi")


# what makes a "yes" no plain yes: "Yes, but ...", "Yes, I think so", "Yes? No?", "Yes, not 13"
_NOT_PLAIN_YES = frozenset(
    {W.NEGATOR, W.NEGATED_PREDICATE, W.HEDGE, W.QUESTION, W.CONTRAST, W.RETRACTION, W.CORRECTION}
)
_YES_ENDS = frozenset({TokenKind.CLAUSE_END, TokenKind.SENTENCE_END, TokenKind.NEWLINE, TokenKind.EMPHASIS})


def _answered_yes(w: Window, c: Candidate) -> bool:
    """The question's next statement answers it yes ("Is it 13? Yes.", "13ですか？はい。", "Cevap 13 mü? Evet."): an
    affirmation that opens it as a clause of its own, and no value, doubt, denial or question after it."""
    for start, end in w.statements_after(c, 1):
        yes = w.first_mark_of(W.AFFIRMATION, start, start + 3)  # "**Yes.**": emphasis may open it
        if yes is None or w.source[start : yes.start].strip("* _") or w.candidates_in(start, end):
            return False
        t = w.tokens
        after = t.index_at(yes.end)
        if after < t.n and t.starts[after] < end and t.kinds[after] not in _YES_ENDS:
            return False  # "Yesterday ...", "是不是": the word goes on
        if w.source[start:end].rstrip(" *")[-1:] in _QUESTION_ENDS:
            return False
        if shapes.hedge_shape(w.source[yes.end : end]):
            return False  # "Yes, I think so": a conjecture by its shape
        return not any(m.classes & _NOT_PLAIN_YES for m in w.marks_in(yes.end, end))
    return False


MAX_WHETHER_AFTER = 2  # tokens between a value and a "whether" after it ("13是否", "13が…かどうか": one run)
# in a verb-final language the marker closes the whole embedded clause ("13'ün doğru olup olmadığını", "13이 조건을
# 만족하는지"): its subject, object and verb stand between
MAX_WHETHER_AFTER_VERB_FINAL = 6


def _checked_whether(w: Window, c: Candidate) -> Refusal | None:
    """An indirect question the value stands in ("We need to check whether 13 works", "prüfen, ob 13 passt",
    "13是否满足条件"): the value is still to check, not asserted. The marker opens the value's clause before it,
    or follows it closely in its clause where a language writes it after its subject."""
    m = w.first_mark_of(W.WHETHER, w.clause_start(c), c.start)
    if m is None:  # marks are in text order: only the first one after the value can be close enough
        m = w.first_mark_of(W.WHETHER, c.end, w.clause_end_offset(c))
        limit = MAX_WHETHER_AFTER_VERB_FINAL if m is not None and m.verb_final else MAX_WHETHER_AFTER
        if m is not None and w.tokens_between(c.end, m.start) > limit:
            m = None
    return Refusal(Stance.QUESTIONED, m.start, m.end) if m is not None else None


def _negated(w: Window, c: Candidate) -> Refusal | None:
    found = _denied_before(w, c)
    if found is not None:
        return found
    i = _token_before(w, c)
    if i >= 0 and w.tokens.texts[i] in ("≠", "\\neq", "\\ne"):  # "$x \\neq \\boxed{3}$"
        return Refusal(Stance.NEGATED, w.tokens.starts[i], w.tokens.ends[i])
    clause_start = w.clause_start(c)
    before = w.marks_in(clause_start, c.start)
    predicates = [m for m in before if m.classes & _PREDICATE and W.NEGATOR not in m.classes]
    zone = predicates[-1].start if predicates else clause_start
    for m in reversed(before):
        if W.NEGATOR not in m.classes and W.EXCLUDER not in m.classes:
            continue
        if W.EXCLUDER in m.classes and w.words_between(m.end, c.start) <= MAX_NEGATOR_GAP:
            return Refusal(Stance.EXCLUDED, m.start, m.end)
        if W.NEGATOR not in m.classes:
            continue
        opening = (
            " " in m.phrase and w.words_between(clause_start, m.start) == 0
        )  # "en ningún caso el total es"
        on_predicate = (
            opening or m.start >= zone or (predicates and w.tokens_between(m.end, predicates[-1].start) == 0)
        )
        near = not predicates and w.words_between(m.end, c.start) <= MAX_NEGATOR_GAP
        if _in_subject(w, m, before, clause_start) and not predicates:
            continue  # "Hiçbir sporu oynamayan öğrenci sayısı 4'tür": the negator is in the subject the noun heads
        adverbs = all(p.classes & _PREDICATE <= CONCLUDING for p in predicates)  # "إذن", "所以": no verb
        # "Не сдали зачёт 8 учеников", "لم ينجح 9 طلاب": a negated verb before those it counts (a negator
        # that closes a predicate, Hindi "नहीं", denies what stands before it, not a verb after it)
        before_verb = W.NEGATED_PREDICATE not in m.classes and w.source[m.end : c.start].strip()
        if adverbs and before_verb and _counts_noun(w, c):
            continue
        if on_predicate or near:
            return Refusal(Stance.NEGATED, m.start, m.end)
    after_end = w.clause_end_offset(c)
    for m in w.marks_in(c.end, after_end):
        negates = (
            W.NEGATED_PREDICATE in m.classes
            and w.tokens_between(c.end, m.start) <= MAX_AFTER
            and not _counted_did_not(w, c, m, after_end)
        )
        if negates or _subject_denied(w, c, m, clause_start, before):
            if w.candidates_in(m.end, after_end):
                break  # "12 (not 15)": the negation is on the value after it
            return Refusal(Stance.NEGATED, m.start, m.end)
    turned = _turned_against(w, c)
    if turned is not None:
        return turned
    if shapes.denied_after(w.source[c.end : c.end + 80]):  # "390 is out of the question.", "can be discarded"
        return Refusal(Stance.NEGATED, c.end, min(len(w.source), c.end + 80))
    return None


def _turned_against(w: Window, c: Candidate) -> Refusal | None:
    """The rest of the value's statement turns against it with a contrast and a negator, naming no other value
    after the contrast ("n = 9 fits the first two conditions, but I can't verify the third", "Le cas n = 12 semblait
    prometteur, mais il ne vérifie pas la deuxième condition", "15, che però non soddisfa il vincolo"): the
    value failed a check."""
    _, last = w.statement_tokens(c.statement)
    end = w.tokens.ends[last] if last < w.tokens.n else len(w.source)
    turn = w.first_mark_of(W.CONTRAST, c.end, end)
    if turn is None or w.count_candidates(turn.end, end):
        return None  # "12, but not 15": the negation is on the value after it
    negator = w.first_mark_of(W.NEGATOR, turn.end, end)
    return Refusal(Stance.NEGATED, negator.start, negator.end) if negator is not None else None


_JUDGING = frozenset({W.CORRECTNESS, W.WRONG, W.APPROVAL, W.EVALUATION, W.ANSWER_NOUN, W.ANSWER_ANCHOR})


def _counts_noun(w: Window, c: Candidate) -> bool:
    """Does a noun the value counts follow it at once (a word of no class, or a plural like "people")?"""
    if c.last + 1 >= w.tokens.n or w.tokens.kinds[c.last + 1] is not TokenKind.WORD:
        return False
    after = w.marks_in(c.end, w.tokens.ends[c.last + 1])
    return all(W.IRREGULAR_PLURAL in x.classes for x in after)


def _counted_did_not(w: Window, c: Candidate, m: Mark, end: int) -> bool:
    """A bare negator after a word the value counts and a verb of its own ("So 25 students did not pass."):
    the clause says what the counted did not do, not that the value is wrong. A value right before its verb
    ("25 does not work", "25 is not") is its subject, and a judgement after the negator still denies it ("25
    students is not right", "... not the answer")."""
    if W.NEGATOR not in m.classes or w.words_between(c.end, m.start) < 2:
        return False
    return _counts_noun(w, c) and not any(x.classes & _JUDGING for x in w.marks_in(m.end, end))


MAX_SUBJECT_LEAD = (
    3  # words before a value that opens its clause as its subject: "So", "O sea", "Di sicuro il"
)


def _subject_denied(w: Window, c: Candidate, m: Mark, clause_start: int, before: Sequence[Mark]) -> bool:
    """The value opens its clause as its subject and a negator follows it at once ("So 25 can't be it.", "O
    sea, 40 no cuadra.", "Quindi 25 non può essere.", "x = 5 does not work."): whatever the verb, the clause
    denies the value. Not after a predicate ("the answer is 25, not ..."), nor with a noun between ("25
    students did not pass" counts them)."""
    return (
        W.NEGATOR in m.classes
        and not w.source[c.end : m.start].strip(" *_")  # at once: "25名学生没有通过" counts students
        and w.words_between(clause_start, c.start) <= MAX_SUBJECT_LEAD
        and not any(x.classes & (_PREDICATE - CONCLUDING) for x in before)
    )


def _in_subject(w: Window, negator: Mark, before: Sequence[Mark], clause_start: int) -> bool:
    """In a verb-final language, does ``negator`` open its clause and an answer noun follow it before the value
    (the subject's head: "Hiçbir sporu oynamayan öğrenci sayısı 4'tür", the number of students who play no sport
    is 4)? The predicate, and a negation of it, would follow the value; "لا يمكن أن يكون الناتج 64" denies it."""
    if not negator.verb_final or w.words_between(clause_start, negator.start):
        return False
    return any(W.ANSWER_NOUN in x.classes and x.start >= negator.end for x in before)


def _scope_start(w: Window, c: Candidate) -> int:
    """Where the words that qualify ``c`` start: its clause, and the clause before when that one holds no
    value ("Наверное, 30, а может, и 36": "может" qualifies 36)."""
    start = w.clause_start(c)
    previous = w.previous_clause_start(start)
    if previous is not None and not w.candidates_in(previous, start):
        return previous
    return start


def _denied_before(w: Window, c: Candidate) -> Refusal | None:
    """A whole claim denied in front ("It is not the case that: the answer is 390"), or a value set far from
    the answer by a distance and a proximity word ("far from 390", "anything but 390")."""
    lead = w.lead_in(c)
    for m in w.marks_of(W.EXCLUDER, lead, c.start):
        if m.phrase.endswith(" that") and not w.candidates_in(m.end, c.start):
            return Refusal(Stance.NEGATED, m.start, m.end)
    for a in w.marks_of(W.DISTANCE, lead, c.start):
        near = w.marks_in(a.start, c.start)
        k = next(i for i, m in enumerate(near) if m is a)
        b = near[k + 1] if k + 1 < len(near) else None  # the mark right after the distance word
        if (
            b is not None
            and W.PROXIMITY in b.classes
            and w.words_between(a.end, b.start) <= 1
            and w.words_between(b.end, c.start) == 0
        ):
            return Refusal(Stance.NEGATED, a.start, b.end)
    return None


_LAYOUT = (TokenKind.MATH, TokenKind.EMPHASIS, TokenKind.BOX, TokenKind.NEWLINE)


def _token_before(w: Window, c: Candidate) -> int:
    """The last token before the value that is not a math delimiter, emphasis, a box or a line break (-1)."""
    i = c.first - 1
    while i >= 0 and w.tokens.kinds[i] in _LAYOUT:
        i -= 1
    return i


def _relates(w: Window, sign: int) -> bool:
    """The approximation sign at token ``sign`` relates an expression to the value ("... + 184 ≈ \\boxed{104}":
    the value is what the expression comes to) rather than hedging it ("it is ≈ 104")."""
    if sign == 0:
        return False
    kind, text = w.tokens.kinds[sign - 1], w.tokens.texts[sign - 1]
    return kind in (TokenKind.NUMBER, TokenKind.CLOSE) or (kind is TokenKind.WORD and len(text) == 1)


def _hedge_after(w: Window, c: Candidate, limit: int) -> Refusal | None:
    """A hedge word after the value, before ``limit``, that does not turn to the next value."""
    for m in w.marks_in(c.end, limit):
        if W.HEDGE in m.classes and not _turns_to_next(w, m, c):
            return Refusal(Stance.HEDGED, m.start, m.end)
    return None


def _hedged(w: Window, c: Candidate) -> Refusal | None:
    """A hedge word in the value's clause, an approximator or hedge symbol right before it (or, in a verb-final
    language, right after it), a hedge after it with no other value between, or an English hedge shape."""
    clause_start = _scope_start(w, c)
    tail = w.value_free_tail(c)
    anchors = [m.start for m in w.marks_in(c.end, tail) if W.ANSWER_ANCHOR in m.classes]
    limit = (
        anchors[0] if anchors else tail
    )  # "Answer: \\boxed{7} The answer is best guess nine": a new statement
    rounded: Refusal | None = None
    for m in w.marks_in(clause_start, min(w.clause_end_offset(c), limit)):
        if W.HEDGE in m.classes and not _in_relative_clause(w, m, c) and not _turns_to_next(w, m, c):
            return Refusal(Stance.HEDGED, m.start, m.end)
        if rounded is not None or not m.classes & {W.APPROXIMATOR, W.HEDGE_SYMBOL}:
            continue
        before = m.end <= c.start and w.words_between(m.end, c.start) <= 1
        after = (  # "42左右", "42 civarında"; not one that opens the next value ("√3/2, approximately 0.866")
            m.start >= c.end and w.tokens_between(c.end, m.start) <= 2 and not _opens_value(w, m, c)
        )
        opens = c.start <= m.start < c.end and not w.source[c.start : m.start].strip()  # "\\boxed{about 390}"
        if before or after or opens:
            rounded = Refusal(Stance.HEDGED, m.start, m.end, approximate=True)
    if (
        rounded is not None
    ):  # an estimate, unless the text goes on to distrust it ("about 0.5, but I would not
        return _hedge_after(w, c, limit) or rounded  # rely on it")
    i = _token_before(w, c)
    if i >= 0 and is_word(w.tokens.texts[i], W.HEDGE_SYMBOL) and not _relates(w, i):
        return Refusal(Stance.HEDGED, w.tokens.starts[i], w.tokens.ends[i], approximate=True)
    if is_word(w.tokens.texts[c.first], W.HEDGE_SYMBOL):  # the value opens with one: "\\boxed{\\approx 390}"
        return Refusal(Stance.HEDGED, w.tokens.starts[c.first], w.tokens.ends[c.first], approximate=True)
    later = _hedge_after(w, c, limit)  # "The answer is 5, perhaps.", "Final answer: 5 (maybe)."
    if later is not None:
        return later
    trailing = w.source[c.end : limit].strip(" ,.!;:()$*}\\")
    # "The answer is 12, reportedly."; an adverb right before the next value is that value's ("..., roughly 40")
    if (
        trailing
        and " " not in trailing
        and shapes.weak_adverb(trailing)
        and not w.candidates_in(limit, limit + 1)
    ):
        return Refusal(Stance.HEDGED, c.end, limit)
    if shapes.hedge_shape(w.source[clause_start : c.start]):  # "The answer is allegedly", "I'd go with"
        return Refusal(Stance.HEDGED, clause_start, c.start)
    return _doubted_after(w, c)


MAX_NAMED_AGAIN = 2  # mentions of the value itself in a statement that still speaks of it


def _said_after(w: Window, c: Candidate, n: int, word_class: W, stance: Stance) -> Refusal | None:
    """A word of ``word_class`` in one of the ``n`` statements after the value's that state no other value, as a
    refusal of ``stance``; a later value ends the reach (what the text goes on to state is read on its own), the
    same value named again in passing does not ("... 400 आता है। ... 400 पर भरोसा नहीं किया जा सकता।")."""
    for start, end in _free_statements_after(w, c, n):
        found = w.marks_of(word_class, start, end)  # by bisection: a long statement is not scanned per value
        if found:
            return Refusal(stance, found[0].start, found[0].end)
    return None


def _free_statements_after(w: Window, c: Candidate, n: int) -> Iterator[tuple[int, int]]:
    """The spans of the ``n`` statements after the value's, up to one that states a value of its own (the same
    value named again in passing does not end them)."""
    own = w.value(c)
    for start, end in w.statements_after(c, n):
        if w.count_candidates(start, end) > MAX_NAMED_AGAIN or any(
            x.kind is not StatementKind.BARE or w.value(x) != own for x in w.candidates_in(start, end)
        ):
            return  # a value of its own, or the same one stated again as an answer, is read on its own
        yield start, end


def _not_yet_done(w: Window, c: Candidate) -> Refusal | None:
    """A statement after a value not stated as the answer says the asked quantity is not worked out yet ("Lo de
    las chicas todavía no lo tengo.", "Это я ещё не посчитал.", "최솟값은 아직 손도 못 댔습니다"), or a later clause of
    its own statement does ("Quel 3 è il tempo, la velocità non l'ho ancora tirata fuori."): the value was another
    quantity, and the text ends before the answer."""
    if c.strength >= STRENGTH[StatementKind.LABELLED]:
        return None  # a value stated as the answer stays
    _, last = w.statement_tokens(c.statement)
    own_end = w.tokens.ends[last] if last < w.tokens.n else len(w.source)
    rest = [(w.clause_end_offset(c), own_end)] if w.value_free_tail(c) >= own_end else []
    for start, end in rest + list(_free_statements_after(w, c, MAX_REQUEST_STATEMENTS)):
        found = w.first_mark_of(W.NOT_YET, start, end)
        if found is None and w.first_mark_of(W.YET, start, end) is not None:
            found = w.first_mark_of(W.NEGATOR, start, end)  # "noch nicht", "ещё не", "まだ ... ない"
        if found is not None:
            return Refusal(Stance.UNDETERMINED, found.start, found.end)
    return None


def _deferred(w: Window, c: Candidate) -> Refusal | None:
    """A value in a clause that a step still to take opens ("before I sign off on 360", "prima di mettere la
    firma su 120", "sebelum berani bilang 225"): the text has not stated it yet."""
    if c.kind is not StatementKind.BARE:
        return None
    found = w.last_mark_of(W.BEFORE, w.clause_start(c), c.start)
    if found is None or any(m.classes & _PREDICATE for m in w.marks_in(found.end, c.start)):
        return (
            None  # "the number of marbles before adding more was 16": the main clause's predicate states it
        )
    return Refusal(Stance.UNDETERMINED, found.start, found.end)


# value-free statements after the value a doubt may stand in ("I slipped. I would not trust it.")
MAX_DOUBT_STATEMENTS = 2


def _doubted_after(w: Window, c: Candidate) -> Refusal | None:
    """The statement right after the value's holds no value and doubts ("The answer is 13. But I am not
    sure.", "最终得到13。但我不确定。"): the doubt is about that value."""
    return _said_after(w, c, MAX_DOUBT_STATEMENTS, W.HEDGE, Stance.HEDGED)


MAX_STATEMENTS_AFTER = 4  # value-free statements after a value that "cannot be determined" reaches back over


def _redone(w: Window, c: Candidate) -> Refusal | None:
    """A value-free statement after the value's says the working must be done again ("That was wrong; I have to
    start over.", "Esto está mal y tendría que rehacerlo entero.", "最初からやり直す必要があります。"): the value
    before it was taken back, in any language of the lexicon."""
    return _said_after(w, c, MAX_STATEMENTS_AFTER, W.REDO, Stance.RETRACTED)


def _undetermined(w: Window, c: Candidate) -> Refusal | None:
    """A value-free statement after the value's says no answer can be given ("12 ÷ 4 = 3. However, the speed is
    not given, so the time cannot be determined.", "Jadi, volume kubus belum dapat ditentukan."): the value was a
    step, not the answer."""
    return (
        _said_after(w, c, MAX_STATEMENTS_AFTER, W.UNDETERMINED, Stance.UNDETERMINED)
        or _concluded_none(w, c)
        or _supposition_denied(w, c)
        or _answer_withheld(w, c)
        or _data_requested(w, c)
        or _step_pending(w, c)
    )


def _step_pending(w: Window, c: Candidate) -> Refusal | None:
    """A value-free statement after a value not stated as the answer says a step is still to do ("... 2·(3 + 6)
    = 18 cm. Für den Flächeninhalt fehlt jetzt nur noch die Multiplikation.", "Теперь осталось прибавить ...",
    "Tinggal ditambahkan ..."): the value was an intermediate one, in any language of the lexicon. A value stated
    as the answer stays."""
    if c.kind is not StatementKind.BARE:
        return None
    return _said_after(w, c, MAX_REQUEST_STATEMENTS, W.PENDING, Stance.UNDETERMINED)


MAX_REQUEST_STATEMENTS = 2  # value-free statements after a value that a request for data may stand in


def _data_requested(w: Window, c: Candidate) -> Refusal | None:
    """A value-free statement after a value not stated as the answer asks the reader for data the problem lacks
    ("... le périmètre fait 48 cm. Pourriez-vous préciser la largeur ?", "Können Sie das Volumen nachreichen?",
    "どちらか教えてもらえますか？"): the value was given data, and no answer was reached, in any language of the
    lexicon. A value stated as the answer ("The answer is 12. Could you tell me ...") stays."""
    if c.kind is not StatementKind.BARE:
        return None
    return _said_after(w, c, MAX_REQUEST_STATEMENTS, W.DATA_REQUEST, Stance.UNDETERMINED)


MAX_WITHHELD_GAP = (
    4  # words between a negator and the answer word it withholds ("I will not give a final answer")
)
_NOT_WITHHOLDING = frozenset({W.CONDITIONAL, W.QUESTION, W.HEDGE})  # "if you don't understand the answer"
_ANSWER_WORDS = frozenset({W.ANSWER_WORD, W.ANSWER_ANCHOR})  # "answer", "final answer", "答案", "jawaban"
_WITHHOLDING = frozenset({W.NEGATOR, W.EXCLUDER})  # "not", "不", "а не" (rather than)


def _answer_withheld(w: Window, c: Candidate) -> Refusal | None:
    """The rest of the value's statement, or a value-free statement after it, withholds the answer: a negator a
    few words before an answer word, or a negated predicate right after one ("I will not give a final answer.",
    "这题我不给最终答案。", "Saya tidak akan memberi jawaban.", "17 — это догадка, а не ответ."): the value was no
    answer, in any language of the lexicon. A statement that supposes or asks ("Let me know if you don't
    understand the answer") does not, nor one that states another value ("12, not the answer 13")."""
    own = w.value(c)
    _, last = w.statement_tokens(c.statement)
    rest = (
        c.end,
        w.tokens.ends[last] if last < w.tokens.n else len(w.source),
    )  # "17 — это догадка, а не ответ"
    for start, end in [rest, *w.statements_after(c, MAX_STATEMENTS_AFTER)]:
        if w.count_candidates(start, end) > MAX_NAMED_AGAIN or any(
            x.kind is not StatementKind.BARE or w.value(x) != own for x in w.candidates_in(start, end)
        ):
            return None  # bounded: a statement of many values is read on its own
        found = _withholding(w, start, end)
        if found is not None:
            return found
    return None


MAX_WITHHELD_MARKS = 32  # lexicon words read per statement for a withheld answer: a statement has a few


def _withholding(w: Window, start: int, end: int) -> Refusal | None:
    """The negator and answer word that withhold the answer in ``[start, end)`` (its first marks only)."""
    i = bisect.bisect_left(w.mark_starts, start)
    marks = [m for m in w.marks[i : i + MAX_WITHHELD_MARKS] if m.start < end]
    closing = w.source[start:end].rstrip()[-1:] if end - start < MAX_WITHHELD_CHARS else ""
    if any(m.classes & _NOT_WITHHOLDING for m in marks) or (closing and closing in "?!？！"):
        return (
            None  # a question, or an exclamation that cheers or reminds ("Don't forget to check the answer!")
        )
    for n, m in enumerate(marks):
        if not m.classes & _ANSWER_WORDS:
            continue
        for x in marks[max(0, n - 3) : n]:
            if x.classes & _WITHHOLDING and w.words_between(x.end, m.start) <= MAX_WITHHELD_GAP:
                return Refusal(Stance.UNDETERMINED, x.start, m.end)
        after = marks[n + 1 : n + 3]
        # "答えを出したとは言えません"; not a denied denial ("bu sonuç yanlış değil": not wrong)
        if (
            m.verb_final
            and after
            and after[0].classes & {W.NEGATED_PREDICATE, W.WRONG} == {W.NEGATED_PREDICATE}
        ):
            if len(after) < 2 or W.NEGATED_PREDICATE not in after[1].classes:
                return Refusal(Stance.UNDETERMINED, m.start, after[0].end)
    return None


MAX_WITHHELD_CHARS = 2000  # a statement longer than this is no closing remark: its end is not read


def _concluded_none(w: Window, c: Candidate) -> Refusal | None:
    """The value's own statement goes on, after a conclusion word and no other value, to say there is no
    answer ("Mais x = 2 annule le dénominateur, donc l'équation n'admet aucune solution.", "..., поэтому
    уравнение не имеет решений."): the value is a premise of that conclusion, in any language of the lexicon."""
    _, last = w.statement_tokens(c.statement)
    found = w.first_mark_of(W.UNDETERMINED, c.end, w.tokens.ends[last])
    if found is None or w.count_candidates(c.end, found.start):
        return None
    i = bisect.bisect_left(w.mark_starts, c.end)  # the first words after the value: bounded
    if not any(
        m.classes & CONCLUDING and m.start < found.start for m in w.marks[i : i + MAX_CONCLUDING_MARKS]
    ):
        return None
    return Refusal(Stance.UNDETERMINED, found.start, found.end)


CONCLUDING = frozenset({W.CONCLUSION, W.RESULT_VERB})  # "donc", "поэтому", German "also", "gives"
MAX_CONCLUDING_MARKS = 32  # lexicon words read after the value for the conclusion word


_OPENS_SUPPOSITION = frozenset({W.CONDITIONAL, W.INVERTED_CONDITIONAL})


def _supposition_denied(w: Window, c: Candidate) -> Refusal | None:
    """The value's statement opens with a supposition and the next statement holds no value and turns against
    it with a negation ("If each bag held 16, we'd have 64. But we don't know how many each bag holds.", "Si la
    vitesse était de 90 km/h, le trajet durerait 2 heures. Mais l'énoncé ne précise pas la vitesse."): the
    value was worked out for a case the problem does not state, in any language of the lexicon."""
    first, _ = w.statement_tokens(c.statement)
    start = w.tokens.starts[first]
    opening = w.marks_in(start, c.start)[:2]
    if not any(m.classes & _OPENS_SUPPOSITION and w.words_between(start, m.start) <= 1 for m in opening):
        return None
    after = w.statements_after(c, 1)
    if not after or w.candidates_in(*after[0]):
        return None
    turn = w.first_mark_of(W.CONTRAST, *after[0])
    denial = w.first_mark_of(W.NEGATOR, *after[0]) or w.first_mark_of(W.NEGATED_PREDICATE, *after[0])
    if turn is None or denial is None:
        return None
    return Refusal(Stance.UNDETERMINED, turn.start, max(turn.end, denial.end))


def _opens_value(w: Window, m: Mark, c: Candidate) -> bool:
    """The approximator ``m`` after ``c`` stands right before a later value of the same statement: it hedges
    that value (a rounded restatement), not ``c``. One written right onto ``c`` is ``c``'s ("40 前後、もしかすると
    42": in an unspaced script the words before the next value are one run)."""
    if not w.source[c.end : m.start].strip():
        return False
    later = w.next_candidate(m.end)
    return later is not None and later.statement == c.statement and w.words_between(m.end, later.start) <= 1


def _turns_to_next(w: Window, hedge: Mark, c: Candidate) -> bool:
    """A hedge after the value (a word between) that a contrast, a subordinator or an answer phrase then turns
    to a value of its own ("Answer: 7 I am unsure, but the answer could be 8", "... unsure whether the
    answer is 8"): it is about that later value, not this one."""
    labels = w.source[hedge.end : hedge.end + 2].lstrip().startswith((":", "："))  # "Best guess: 8"
    if hedge.start < c.end:
        return False
    later = w.next_candidate(hedge.end)
    if later is None or later.statement != c.statement:
        return False
    between = w.marks_in(hedge.end, later.start)
    if not (labels or w.words_between(c.end, hedge.start)):
        # "7 maybe, but 8 ...": a hedge right after the value is on it, unless an answer phrase opens right
        # after the hedge ("Answer: \\(42\\) I guess the answer is **52**": the guess is 52)
        return any(W.ANSWER_ANCHOR in m.classes and w.words_between(hedge.end, m.start) <= 1 for m in between)
    return labels or any(m.classes & _TURNS for m in between)


_TURNS = frozenset({W.CONTRAST, W.SUBORDINATOR, W.ANSWER_ANCHOR})  # "but", "whether", "the answer is"


def _in_relative_clause(w: Window, hedge: Mark, c: Candidate) -> bool:
    """The hedge opens a clause right after a subordinator, and a later copula states the value: it
    describes the subject ("the number of points that could be in the domain is 19"), it does not hedge
    the value ("it might be that the answer is 19" has no subordinator before the hedge)."""
    before = w.marks_in(hedge.start - 16, hedge.start)
    if (
        not before
        or W.SUBORDINATOR not in before[-1].classes
        or w.tokens_between(before[-1].end, hedge.start)
    ):
        return False
    between = w.marks_in(hedge.end, c.start)
    return w.words_between(hedge.end, c.start) > 1 and any(W.COPULA in m.classes for m in between)


_SUPPOSING = frozenset({W.CONDITIONAL, W.COUNTERFACTUAL, W.INVERTED_CONDITIONAL})
_CLAUSE_PUNCTUATION = " \t\n,;:，；：、"
MAX_SUPPOSITION_TAIL = (
    4  # characters after a supposition word in its own clause ("Suppose that,"): no if-clause
)


MAX_SUPPOSED_WORDS = 6  # "If the answer were 42": a supposition about the value is short
MIN_CONDITION_WORDS = 2  # words of a condition before the speaker's result ("se le sommiamo otteniamo 30")


def _condition_closed(w: Window, m: Mark, c: Candidate) -> bool:
    """An English condition that states the problem's own case ("The number of ways if the word must start
    with a consonant and end with a vowel is 12") is closed before the value: too many words follow it."""
    return (
        "en" in m.languages and len(m.languages) == 1 and w.words_between(m.end, c.start) > MAX_SUPPOSED_WORDS
    )


def _supposes(w: Window, m: Mark, c: Candidate, start: int) -> bool:
    """A condition opens a supposition ("if the answer were 42"; an if-clause of its own before the value's
    clause is a means, not a supposition: "If we add them, we get 30", "Si on additionne les deux, on obtient
    30"); an inverted one ("Were the answer 42")
    only where it opens the clause; a counterfactual ("would", "seria") on the value's predicate when the
    statement supposes, or the speaker or the answer is its subject ("we would get 42", "the answer would
    be 42"; not "the car would travel 137 miles")."""
    if W.CONDITIONAL in m.classes and not _condition_closed(w, m, c):
        clause = w.clause_start(c)
        if m.end <= clause:  # an if-clause before the value's: only a supposition word alone reaches over the
            # comma ("Angenommen, x ist 5", "假设，"; not "If we add them,", "如果把两部分相加，")
            return len(w.source[m.end : clause].strip(_CLAUSE_PUNCTUATION)) <= MAX_SUPPOSITION_TAIL
        # "if we add them we get 30", "se le sommiamo otteniamo 30", "यदि हम दोनों को जोड़ें तो 30": the speaker's
        # result or a "then" after the condition's own words opens a derivation's consequent, as a comma does
        # ("if we get 30" supposes)
        return not any(
            w.words_between(m.end, r.start) >= MIN_CONDITION_WORDS
            for r in w.marks_in(m.end, c.start)
            if r.classes & CONCLUDING
        )
    if W.INVERTED_CONDITIONAL in m.classes and w.words_between(start, m.start) == 0:
        return True
    if W.COUNTERFACTUAL in m.classes and w.words_between(m.end, c.start) <= 1:
        first, _ = w.statement_tokens(c.statement)
        statement = w.marks_in(w.tokens.starts[first], m.start)  # a condition earlier in its own statement
        conditioned = any(W.CONDITIONAL in x.classes for x in statement)
        turned = any(W.CONTRAST in x.classes for x in w.marks_in(w.clause_start(c) - 6, m.start))
        # "Der Umfang wäre übrigens 62,8 cm": an aside word in the clause makes it a remark on another quantity
        aside = any(W.ASIDE in x.classes for x in w.marks_in(start, c.start))
        return conditioned or turned or aside or _speaker_or_answer_before(w, m, start)
    return False


def _speaker_or_answer_before(w: Window, m: Mark, start: int) -> bool:
    """A counterfactual says what the speaker or the answer would be ("we would get", "the answer would be",
    "a resposta seria"), not what the problem's subject would do ("the car would travel")."""
    if any(x.classes & {W.ANSWER_NOUN, W.ANSWER_ANCHOR} for x in w.marks_in(start, m.start)):
        return True
    i = w.tokens.index_at(m.start) - 1
    return i >= 0 and is_word(w.tokens.texts[i].casefold(), W.FIRST_PERSON)


def _last_predicate(w: Window, c: Candidate) -> Mark | None:
    preds = [
        x
        for x in w.marks_in(w.clause_start(c), c.start)
        if x.classes & {W.COPULA, W.RESULT_VERB, W.ANSWER_ANCHOR}
    ]
    return preds[-1] if preds else None


def _supposed(w: Window, c: Candidate) -> Refusal | None:
    """A supposition or counterfactual in the value's clause; one opening a clause that holds no value
    ("Angenommen, x ist 5") reaches into the next; in a verb-final language it may follow the value."""
    start = _scope_start(w, c)
    for m in w.marks_in(start, c.start):
        if _supposes(w, m, c, start):
            return Refusal(Stance.SUPPOSED, m.start, m.end)
    example = _example_before(w, c)
    if example is not None:
        return Refusal(Stance.SUPPOSED, example.start, example.end)
    why = shapes.unasserted(w.source[w.clause_start(c) : c.start])  # "Were the answer", "the key says"
    if why:
        return Refusal(Stance.SUPPOSED if why == "supposed" else Stance.ATTRIBUTED, start, c.start)
    for m in w.marks_in(c.end, w.clause_end_offset(c)):
        if m.classes & _SUPPOSING and m.verb_final:
            return Refusal(Stance.SUPPOSED, m.start, m.end)
    return None


def _example_before(w: Window, c: Candidate) -> Mark | None:
    """An example word before the value in its statement ("For example, with n = 10 the sum is 55.", "比如n=10时，
    和就是55。", "Por poner un ejemplo, con B = 8 ... saldría 30."): the value illustrates with data of its own. A
    contrast after the example word turns back to the speaker's own ("For example 12 fails, but 15 works")."""
    first, _ = w.statement_tokens(c.statement)
    begin = w.tokens.starts[first] if first < w.tokens.n else w.start
    turn = w.last_mark_of(W.CONTRAST, begin, c.start)
    return w.last_mark_of(W.EXAMPLE, turn.end if turn is not None else begin, c.start)


MIN_TURN_WORDS = (
    2  # words between a reported value and a later one in a clause of its own ("12, 13 or 14" is a list)
)


def _attributed(w: Window, c: Candidate) -> Refusal | None:
    """A third party and a report verb around the value ("my friend says 42", "친구는 42라고 했어요")."""
    first, last = w.statement_tokens(c.statement)
    begin, end = w.tokens.starts[first], w.tokens.ends[last] if last < w.tokens.n else len(w.source)
    for m in w.marks_of(W.CONTRAST, begin, c.start):
        if w.candidates_in(begin, m.start):  # "My friend says 12, but I get 13": the contrast turns away from
            begin = m.end  # the reported value; what follows is the speaker's unless it reports again
    for m in w.marks_of(W.REPORT_VERB, begin, c.start):
        if m.verb_final and w.candidates_in(
            begin, m.start
        ):  # "친구는 12라고 했지만 나는 13을 얻었다": a verb
            begin = m.end  # that follows its value reports that value, not a later one
    earlier = w.candidates_in(begin, c.start)
    own = w.clause_start(c) if earlier else begin  # asked per candidate: only where a value stands before it
    if earlier and earlier[-1].end <= own and w.words_between(earlier[-1].end, c.start) >= MIN_TURN_WORDS:
        # a clause of the speaker's own after the reported value ("My friend said 12, and I checked it: 12",
        # "친구는 9라고 했는데, 제가 계산해 보니 9가 맞습니다"): a report reaches it only when said again
        begin = max(begin, own)

    def around(word_class: W) -> Mark | None:  # before the value, or after it in a verb-final language
        before = w.marks_of(word_class, begin, c.start)
        return (
            before[0]
            if before
            else next((m for m in w.marks_of(word_class, c.end, end) if m.verb_final), None)
        )

    party, verb = around(W.THIRD_PARTY), around(W.REPORT_VERB)
    if party is not None and verb is not None:
        return Refusal(Stance.ATTRIBUTED, min(party.start, verb.start), max(party.end, verb.end))
    return None


MIN_LOOP_DIGITS = 20  # a number the text ends on with this many digits is a loop or an expansion cut short


def _unfinished(w: Window, c: Candidate) -> Refusal | None:
    """A bare value the text ends on, in the middle of its line, whose last number runs to ``MIN_LOOP_DIGITS``
    digits or more ("... = 0.33333333333333333333" where the generation stopped): a loop or an expansion the
    cut left unfinished, never a value (``EngineConfig.unfinished_value="refuse"``). A value alone on its line,
    a box, a labelled or a delimited value, or a short number, is read as usual."""
    if not w.open_end or c.kind not in (StatementKind.BARE, StatementKind.NAMED) or w.source[c.end :].strip():
        return None
    digits = sum(ch.isdigit() for ch in w.tokens.texts[c.last])
    if digits < MIN_LOOP_DIGITS:
        return (
            None  # "So x = 5" ends many finished texts: only a run of digits a loop or a cut left is refused
        )
    first, _ = w.statement_tokens(c.statement)
    if w.tokens.starts[first] >= c.start or not w.source[w.tokens.starts[first] : c.start].strip(" \t*#>-"):
        return None  # alone on its line: a bare final value
    return Refusal(Stance.UNFINISHED, c.start, c.end)


# operators that need a right operand: a text that ends on one stopped inside an expression
DANGLING = frozenset({"=", "+", "-", "−", "×", "÷", "·", "*", "/", "^", "\\cdot", "\\times", "\\div", "\\pm"})
# what may follow a text's last word: layout, no more statement
TRAILING = frozenset({TokenKind.NEWLINE, TokenKind.CLOSE, TokenKind.EMPHASIS, TokenKind.MATH, TokenKind.TAG})
_WRITTEN = frozenset({StatementKind.BARE, StatementKind.NAMED, StatementKind.LABELLED})


def _operand_cut(w: Window, c: Candidate) -> Refusal | None:
    """A value the text ends on, right before an operator sign or an operation word of the lexicon and nothing
    after ("Answer: 100 +", "Il totale è 100 diviso per", "20 çarpı"): the expression was cut before its right
    operand, in any language, whatever the value's label; a value in a box or a tag is closed."""
    t = w.tokens
    after = c.last + 1
    if c.kind not in _WRITTEN or after >= t.n:
        return None
    sign = t.texts[after] in DANGLING and t.kinds[after] in (TokenKind.OPERATOR, TokenKind.LATEX)
    operation = None if sign else w.first_mark_of(W.OPERATION, t.starts[after], t.starts[after] + 1)
    if not sign and operation is None:
        return None
    start, end = (t.starts[after], t.ends[after]) if operation is None else (operation.start, operation.end)
    # nothing but layout after it (read forwards: a value followed by more stops at the next token)
    if all(t.kinds[i] in TRAILING for i in range(t.index_at(end - 1) + 1, t.n)):
        return Refusal(Stance.UNFINISHED, start, end)
    return None


_ENDS_REASON = frozenset({W.ANSWER_NOUN, W.ANSWER_ANCHOR, W.CONCLUSION, W.CHOICE_VERB})


def _reason(w: Window, c: Candidate) -> Refusal | None:
    """A value in a clause a reason word opens ("It works because we know that 2 cubed is 8"), with no answer
    noun after the reason word."""
    marks = w.marks_in(w.clause_start(c), c.start)
    for n, m in enumerate(marks):
        if W.REASON in m.classes and not any(
            x.classes & _ENDS_REASON for x in marks[n + 1 :]
        ):  # "Vì 2^5 = 32 nên chọn C": a conclusion word after the reason opens the main clause
            return Refusal(Stance.REASON, m.start, m.end)
    return None


def _remark(w: Window, c: Candidate) -> Refusal | None:
    """A value that opens its statement as the subject of a verb that is no copula and names no answer ("12
    contradicts the second condition."): the statement talks about it."""
    first, last = w.statement_tokens(c.statement)
    begin, end = w.tokens.starts[first], w.tokens.ends[last]
    if w.words_between(begin, c.start) or len(w.words_in(c.end, end)) < 2:
        return None
    naming = {W.COPULA, W.RESULT_VERB, W.ANSWER_NOUN, W.ANSWER_ANCHOR, W.CONCLUSION, W.EVALUATION}
    later = w.next_candidate(c.end + 1)
    if any(m.classes & naming for m in w.marks_in(begin, end)) or (
        later is not None and later.statement == c.statement
    ):
        return None
    verb, after = w.words_in(c.end, end)[:2]
    if (
        verb.endswith("s")
        and not verb.endswith("ss")
        and verb[:1].islower()
        and not w.marks_in(c.end, c.end + len(verb) + 2)
        and _opens_object(w, c.end + len(verb), after)
    ):
        return Refusal(Stance.REMARK, c.end, end)
    return None


def _opens_object(w: Window, at: int, word: str) -> bool:
    """Is ``word``, the next after a verb-like word ending at ``at``, an article or a like filler that opens the
    verb's object ("12 contradicts *the* second condition")? A count noun in "s" goes on otherwise ("36 apples
    in all", "12 students passed"): the value counts them."""
    # "42 clashes with the constraints", "12 leads to a contradiction": a preposition that takes the object
    if is_word(word, W.OBJECT_PREPOSITION):
        return True
    start = w.source.find(word, at)
    m = w.first_mark_of(W.FILLER, start, start + 1) if start >= 0 else None
    return m is not None and m.phrase == word.casefold()


def _offered(w: Window, c: Candidate) -> Refusal | None:
    """Values offered as candidates ("Candidates: 389, 390", "possible answers: 4, 5, 6"): a candidate noun
    before the value with no predicate between ("the number of possible values of x is 5" states 5)."""
    start = min(w.lead_in(c), _scope_start(w, c))
    nouns = w.marks_of(W.CANDIDATE, start, c.start)
    if not nouns:
        return None
    marks = w.marks_in(start, c.start)
    for n, m in enumerate(marks):
        if W.CANDIDATE not in m.classes:
            continue
        listed = w.source[m.end : m.end + 2].lstrip().startswith(":")  # "Candidates: the answer is 389, ..."
        if listed or not any(x.classes & _PREDICATE for x in marks[n + 1 :]):
            return Refusal(Stance.OFFERED, m.start, m.end)
    return None


MAX_SHAPED = 4  # statements after a value read for a retraction by shape ("That was a slip.")


def _retracted(w: Window, c: Candidate) -> Refusal | None:
    for m in w.marks_of(W.RETRACTION, c.end, len(w.source)):
        if _judges_another(w, c, m):
            continue  # "12입니다. 15는 틀렸습니다.": the word says 15 was wrong, not 12
        # a later value replaces the retracted one only when it is stated ("Scratch that: it is 391"), not
        # denied or asked ("Scratch that: the answer is not 390")
        if not _stated_after(w, m.end, c):
            return Refusal(Stance.RETRACTED, m.start, m.end)
    # a value of a later statement ends the reach; one of the value's own statement ("\\boxed{210} minutes in
    # 3.5 hours. Wait. That can't be right.") does not: the retraction speaks of the statement
    _, last_token = w.statement_tokens(c.statement)
    later = w.next_candidate(max(c.end, w.tokens.ends[last_token] if last_token < w.tokens.n else c.end))
    nxt = later.start if later is not None else len(w.source)
    tail = w.source[c.end : w.value_free_tail(c)].strip(" $*.)}")
    if tail[:1].isupper() and shapes.retracts_by_shape(tail):  # "#### 390 That was a slip."
        return Refusal(Stance.RETRACTED, c.end, c.end + len(tail))
    paused = False
    for start, end in w.statements_after(c, MAX_SHAPED):
        if start >= nxt:
            break
        marks = w.marks_in(start, end)
        if shapes.retracts_by_shape(w.source[start:end]) or _paused_then_wrong(w, marks, start, end, paused):
            return Refusal(Stance.RETRACTED, start, end)
        # "Espera." said alone; a pause holds over the value-free statements that say what went wrong ("いや、
        # 待ってください。底辺と高さを取り違えていました。この値は誤りです。")
        paused = paused or (bool(marks) and all(W.CORRECTION in m.classes for m in marks))
    return None


_DENIAL = frozenset({W.WRONG, W.NEGATOR, W.NEGATED_PREDICATE, W.ERROR_MENTION})


MAX_JUDGED = 3  # values right before a retraction word that it may judge ("15는 틀렸습니다")


def _judges_another(w: Window, c: Candidate, m: Mark) -> bool:
    """The retraction word ``m`` is a predicate of another value its own statement names before it ("15는
    틀렸습니다", "15 war falsch"): it judges that value, not ``c``."""
    if W.NEGATED_PREDICATE not in m.classes:
        return False
    statement = w.structure.statement[w.tokens.index_at(m.start)]
    i = bisect.bisect_left(w.candidate_starts, m.start)  # the few values right before the word: bounded
    named = [x for x in w.candidates[max(0, i - MAX_JUDGED) : i] if x.statement == statement]
    return bool(named) and all(x.start >= c.end and w.value(x) != w.value(c) for x in named)


def _paused_then_wrong(w: Window, marks: Sequence[Mark], start: int, end: int, paused: bool) -> bool:
    """A value-free statement after the value that opens on a pause or correction word (or follows one said
    alone) and calls something wrong (``WordClass.WRONG``), once: "Espera, esto está mal.", "等等，这样算是错的。",
    "Khoan đã, cách tính trên là sai.", "Tunggu, ini salah.", in any language of the lexicon, whatever names
    what is wrong. A second denial cancels it ("Wait, nothing here is wrong.", "Espera, no está mal."), and a
    question asks ("Wait, is that wrong?"). ``marks``: the statement's, from ``start`` to ``end``."""
    text = w.source[start:end]
    if not marks or "?" in text or "？" in text:
        return False
    # an interjection may come first ("Hmm, actually no — ... so that figure is wrong.")
    opens = marks[0].classes & _OPENING_TURNS and w.words_between(start, marks[0].start) <= 1
    if not (opens or paused):
        return False
    # a negator right before the word cancels it ("Espera, no está mal.", "Wait, nothing here is wrong."); a
    # mistake word ("đọc nhầm", "misread") or a negative particle after it ("không đúng đâu") does not
    wrong = [m for m in marks if W.WRONG in m.classes]
    negators = [m for m in marks if m.classes & _NEGATING and W.WRONG not in m.classes]
    return any(not any(_cancels(w, n, m) for n in negators) for m in wrong)


def _cancels(w: Window, negator: Mark, wrong: Mark) -> bool:
    """Does ``negator`` deny ``wrong``: right before it, or right after it where the language puts its
    negation last ("yanlış değil")?"""
    if negator.end <= wrong.start:
        return w.words_between(negator.end, wrong.start) <= MAX_CANCEL_GAP
    return (
        negator.verb_final and negator.start >= wrong.end and w.words_between(wrong.end, negator.start) == 0
    )


_OPENING_TURNS = frozenset({W.CORRECTION, W.CONTRAST})  # "Wait, this is wrong.", "Ama ... bu sonuç yanlış."
_NEGATING = frozenset({W.NEGATOR, W.NEGATED_PREDICATE})
MAX_CANCEL_GAP = 2  # words between a negator and the word it cancels ("nothing here is wrong")


def _stated_after(w: Window, offset: int, c: Candidate) -> bool:
    """Some value after ``offset`` other than ``c``'s is stated: neither denied, asked nor hedged ("Please
    don't rely on the 42 above" names the retracted value again, and states nothing)."""
    own = w.value(c)
    return any(
        w.value(x) != own and _negated(w, x) is None and _questioned(w, x) is None and _hedged(w, x) is None
        for x in w.candidates_in(offset, len(w.source))
    )


Override = Callable[[Window, Candidate], Refusal | None]


_ENDS_COMMON_ERROR = frozenset({W.ANSWER_ANCHOR, W.CORRECTION, W.CONCLUSION})


def _ends_common_error(m: Mark) -> bool:
    """An answer phrase, a correction or a conclusion; not the bare word "answer" ("a common mistake is to
    answer 10")."""
    return bool(m.classes & _ENDS_COMMON_ERROR) and W.ANSWER_WORD not in m.classes


def _common_error(w: Window, c: Candidate) -> Refusal | None:
    """A value its statement names as an answer others often give wrongly ("The classic error is to answer 10
    ...", "Частая ошибка — ответить 90", "很多人第一反应是 0.1 元"): set aside, up to an answer, correction or
    conclusion word that states the right one ("A common mistake is to forget the carry; so the total is 125")."""
    first, _ = w.statement_tokens(c.statement)
    m = w.last_mark_of(W.COMMON_ERROR, w.tokens.starts[first], c.start)
    if m is None or any(_ends_common_error(x) for x in w.marks_in(m.end, c.start)):
        return None
    return Refusal(Stance.EXCLUDED, m.start, m.end)


# the override table, in the order a reason is reported
def _blank(w: Window, start: int, end: int) -> bool:
    """Is the text from ``start`` to ``end`` only spaces and emphasis (a value and a word beside it)?"""
    return not w.source[start:end].strip(" *")


_AFTER_VALUE = frozenset({W.OPERATION, W.POWER_AFTER})
_BEFORE_VALUE = frozenset({W.OPERATION, W.ROOT_BEFORE})
MAX_OPERATION_GAP = 5  # characters between a value and an operation word: spaces, "the", emphasis


def _operand(w: Window, c: Candidate) -> Refusal | None:
    """A lone value written next to an operation in words ("5 times 3", "3 squared", "the square root of 2",
    "3 au carré"): an operand of an expression the text does not evaluate, not the value it states. A value
    that is itself an equation ("3 = 15") states its result and is read."""
    if c.first != c.last and any(w.tokens.texts[i] in ("=", "＝") for i in range(c.first, c.last + 1)):
        return None
    for m in w.marks_in(c.end, c.end + MAX_OPERATION_GAP):
        if m.classes & _AFTER_VALUE and _blank(w, c.end, m.start):
            # an operation between two values needs its other operand ("12 times." counts, it multiplies nothing)
            if W.POWER_AFTER in m.classes or _value_after(w, m.end):
                return Refusal(Stance.OPERAND, m.start, m.end)
    for m in w.marks_in(max(0, c.start - 40), c.start):
        if m.classes & _BEFORE_VALUE and _blank(w, m.end, c.start):
            if W.ROOT_BEFORE in m.classes or _value_before(w, m.start):
                return Refusal(Stance.OPERAND, m.start, m.end)
    return None


def _bounded(w: Window, c: Candidate) -> Refusal | None:
    """A value a bound word stands right next to ("more than 12", "at least 12", "höchstens 12", "12 以上",
    "12 이상", "12 से अधिक", "12'den fazla"): the statement bounds the answer and states no value. A bound word
    after a value in front of it is the operation or the comparison ("3 over 4", "5 is less than 12")."""
    for m in w.marks_of(W.BOUND_BEFORE, max(0, c.start - 40), c.start):
        if _copula_or_nothing(w, m.end, c.start) and not _value_before(w, m.start):
            return Refusal(Stance.BOUND, m.start, m.end)
    for m in w.marks_of(W.BOUND_AFTER, c.end, c.end + MAX_OPERATION_GAP):
        if _blank(w, c.end, m.start):
            return Refusal(Stance.BOUND, m.start, m.end)
    return None


def _copula_or_nothing(w: Window, start: int, end: int) -> bool:
    """Is the text from ``start`` to ``end`` only spaces and emphasis, or a copula ("至少是12": "is at least 12")?"""
    if _blank(w, start, end):
        return True
    return any(_blank(w, start, m.start) and _blank(w, m.end, end) for m in w.marks_of(W.COPULA, start, end))


def _value_after(w: Window, at: int) -> bool:
    """Does a value start right after offset ``at`` (spaces and emphasis between)?"""
    nxt = w.next_candidate(at)
    return nxt is not None and _blank(w, at, nxt.start)


def _value_before(w: Window, at: int) -> bool:
    """Does a value end right before offset ``at`` (spaces and emphasis between)?"""
    before = [x for x in w.candidates_in(max(0, at - 200), at) if x.end <= at]
    return bool(before) and _blank(w, before[-1].end, at)


OVERRIDES: tuple[tuple[Stance, Override], ...] = (
    (Stance.QUESTIONED, _questioned),
    (Stance.UNFINISHED, _unfinished),
    (Stance.UNFINISHED, _operand_cut),
    (Stance.NEGATED, _negated),
    (Stance.HEDGED, _hedged),
    (Stance.SUPPOSED, _supposed),
    (Stance.ATTRIBUTED, _attributed),
    (Stance.OFFERED, _offered),
    (Stance.REASON, _reason),
    (Stance.REMARK, _remark),
    (Stance.RETRACTED, _retracted),
    (Stance.RETRACTED, _redone),
    (Stance.UNDETERMINED, _undetermined),
    (Stance.UNDETERMINED, _not_yet_done),
    (Stance.UNDETERMINED, _deferred),
    (Stance.OPERAND, _operand),
    (Stance.EXCLUDED, _common_error),
    (Stance.BOUND, _bounded),
)


class Stances:
    """The refusals of each candidate of a window, evaluated once per candidate."""

    __slots__ = ("window", "_memo")

    def __init__(self, window: Window) -> None:
        self.window = window
        self._memo: dict[int, tuple[Refusal, ...]] = {}

    def of(self, c: Candidate) -> tuple[Refusal, ...]:
        hit = self._memo.get(c.start)
        if hit is None:
            found = (row(self.window, c) for _, row in OVERRIDES)
            hit = self._memo[c.start] = tuple(r for r in found if r is not None)
        return hit

    def committed(self, c: Candidate) -> bool:
        return not self.of(c)
