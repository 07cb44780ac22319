r"""Wording grammar: final-answer statements composed from small named pieces, each with its expected verdict.

A *statement* says a value in some wording; its *stance* is committed, hedged, negated, questioned,
alternatives or retracted. A *composition* puts statements in a position (alone, a mid-text correction, a
negation beside a commitment, a remark or a follow-up after the answer) and its expected verdict follows from
one rule (issue 29): the answer is the last committed statement about the answer; a later committed statement
with another value overrides an earlier one; a hedged, negated, questioned or alternative statement, or one
taken back, asserts nothing; a remark about another quantity is not an answer. So a composition is paid
(``expected_paid``) exactly when its last committed value equals the gold.

Stance words come from one of two pools:

* ``lexicon``: the phrases of the engine's lexicon (``rewardcheck.rewards.engine.lexicon``), read at import,
  each placed in the frame its grammatical shape fits (:func:`lexicon_pool`);
* ``heldout``: natural paraphrases the lexicon does not list (:data:`HELDOUT`): no held-out phrase contains a
  lexicon phrase of a stance class (``tests/engine/test_wording_grammar.py`` asserts it), so a rule that only
  matches listed words cannot pass them.

Values render as plain text, inline LaTeX, a display block on lines of its own, a box, ``\(..\)``, bold, a
unicode minus, number words, and fractions as ``\frac``, ``\dfrac``, ``a/b``, a unicode vulgar fraction or a
terminating decimal.

>>> import random
>>> w = sample("lexicon", 1, seed=0)[0]
>>> w.pool, isinstance(w.expected_paid, bool), w.region.strip() != ""
('lexicon', True, True)
>>> committed_text = compose_with(random.Random(1), pool("heldout"), kind="committed", right=True)
>>> committed_text.expected_paid, committed_text.kind
(True, 'committed')
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from typing import Any, TypeVar

from hypothesis import strategies as st

from rewardcheck.rewards.engine.lexicon import WordClass, phrases

__all__ = [
    "Wording",
    "Pool",
    "KINDS",
    "STANCE_CLASSES",
    "HELDOUT",
    "HELDOUT_B",
    "pool",
    "lexicon_pool",
    "render_value",
    "compose_with",
    "sample",
    "wordings",
    "completion",
    "THINK",
]

T = TypeVar("T")
THINK = "<think>\nLet me work through this carefully and check each step.\n</think>\n"

# The lexicon classes a stance phrase may come from; a held-out phrase matches none of them.
STANCE_CLASSES: tuple[WordClass, ...] = (
    WordClass.NEGATOR,
    WordClass.NEGATED_PREDICATE,
    WordClass.EXCLUDER,
    WordClass.HEDGE,
    WordClass.HEDGE_SYMBOL,
    WordClass.RETRACTION,
    WordClass.CORRECTION,
    WordClass.ERROR_MENTION,
    WordClass.QUESTION,
    WordClass.ALTERNATIVE,
    WordClass.CONCLUSION,
)


@dataclass(frozen=True)
class Wording:
    """One composed final-answer region: ``region`` after a think block is the completion (:func:`completion`).

    ``kind`` names the composition, ``pieces`` the named pieces drawn (for reports), ``expected_paid`` whether
    the accuracy reward must pay it (its last committed value equals ``gold``)."""

    region: str
    gold: str
    expected_paid: bool
    kind: str
    pool: str
    pieces: tuple[str, ...]


@dataclass(frozen=True)
class Pool:
    """Frames for each stance, as ``str.format`` templates over ``{v}`` (a value) or ``{a}``/``{b}``.

    ``committed``: statements that assert ``{v}`` as the answer; ``hedged``/``negated``/``questioned``:
    statements about ``{v}`` that assert nothing; ``alternatives``: ``{a}`` and ``{b}`` offered as a choice;
    ``retraction``: a sentence taking back what came before; ``correction``: a committed statement of ``{v}``
    that corrects an earlier one."""

    name: str
    committed: tuple[str, ...]
    hedged: tuple[str, ...]
    negated: tuple[str, ...]
    questioned: tuple[str, ...]
    alternatives: tuple[str, ...]
    retraction: tuple[str, ...]
    correction: tuple[str, ...]


def _cap(s: str) -> str:
    return s[:1].upper() + s[1:]


def _hedge_frames(p: str) -> list[str]:
    """The frames a hedge phrase fits, by its shape (a verb phrase ending in "be"/"is", a first-person
    clause, an adverb or adverbial)."""
    if p.endswith(" be") or p.endswith(" is"):
        return [f"The answer {p} {{v}}."] if not p.startswith("my ") else [f"{_cap(p)} {{v}}."]
    if p.startswith("i "):
        return [f"{_cap(p)} the answer is {{v}}."]
    if p in ("not sure", "unsure"):
        return [f"I am {p}, but the answer could be {{v}}.", f"I am {p} whether the answer is {{v}}."]
    if p == "guess":
        return ["Best guess: {v}.", "My guess: {v}."]
    if " or " in p or p == "give or take":
        return [f"The answer is {{v}}, {p}."]
    if p.endswith("ly") or p in ("maybe", "perhaps"):  # a sentence adverb may also follow the value
        return [f"The answer is {p} {{v}}.", f"The answer is {{v}}, {p}."]
    return [f"The answer is {p} {{v}}."]


def _negated_frames(neg: Sequence[str], pred: Sequence[str], excl: Sequence[str]) -> list[str]:
    out = []
    for p in pred:
        if p == "not":
            out += ["The answer is not {v}.", "{v} is not the answer."]
        else:
            out.append(f"{{v}} is {p}.")
    for p in excl:
        if p.endswith(" that"):
            out.append(f"It is {p} the answer is {{v}}.")
        elif p.endswith("ing") or p in ("except", "rather than", "instead of", "other than"):
            continue  # these set a value aside beside another one, not a statement of their own
        else:
            out.append(f"This {p} {{v}}." if p.split()[0].endswith("s") else f"We {p} {{v}}.")
    for p in neg:
        if p in ("not", "never"):
            out.append(f"The answer is {p} {{v}}.")
        elif p in ("isn't", "wasn't"):
            out.append(f"The answer {p} {{v}}.")
        elif p in ("aren't", "weren't"):
            out.append(f"The answers {p} {{v}}.")
        elif p in ("cannot", "can't", "won't", "wouldn't", "shouldn't"):
            out.append(f"The answer {p} be {{v}}.")
        elif p == "doesn't":
            out.append(f"The answer {p} equal {{v}}.")
        elif p in ("don't", "didn't"):
            out.append(f"We {p} get {{v}} as the answer.")
        elif p == "neither":
            out.append("The answer is neither {v} nor anything near it.")
    return [f for f in out if f]


def _question_frames(qs: Sequence[str]) -> list[str]:
    out = []
    for q in qs:
        if q == "right?":
            out.append("The answer is {v}, right?")
        elif q.startswith(("is the answer", "or is it")):
            out.append(f"{_cap(q)} {{v}}?")
        elif q == "what if":
            out.append("What if the answer is {v}?")
        else:
            out.append(f"{_cap(q)} {{v}}?")
    return out


def _correction_frames(cs: Sequence[str]) -> list[str]:
    out = []
    for c in cs:
        if c.startswith("should"):
            out.append(f"The answer {c} {{v}}.")
        elif c.startswith("the "):
            out.append(f"{_cap(c)} answer is {{v}}.")
        elif c in ("corrected", "revised", "updated"):
            out.append(f"{_cap(c)} answer: {{v}}.")
        elif c in ("instead", "rather"):
            out.append(f"The answer is {{v}} {c}.")
        else:
            out.append(f"{_cap(c)}, the answer is {{v}}.")
    return out


def _alternative_frames(alts: Sequence[str]) -> list[str]:
    out = []
    for a in alts:
        if a.startswith("\\"):
            continue  # LaTeX operators: a value of its own (\pm), not wording
        if a == "between":
            out.append("The answer is between {a} and {b}.")
        elif a == "either":
            out.append("The answer is either {a} or {b}.")
        elif a == "otherwise":
            out.append("The answer is {a}, otherwise {b}.")
        else:
            out.append(f"The answer is {{a}} {a} {{b}}.")
    return out


@cache
def lexicon_pool() -> Pool:
    """The in-lexicon pool: every stance phrase of the engine's lexicon in the frames its shape fits."""
    conclusions = phrases(WordClass.CONCLUSION)
    anchors = [a for a in phrases(WordClass.ANSWER_ANCHOR) if a not in ("answer", "same answer")]
    committed = [f"{_cap(c)}, the answer is {{v}}." for c in conclusions]
    committed += [
        f"{_cap(a)} is {{v}}." if a.startswith(("the ", "my ", "our ")) else f"The {a} is {{v}}."
        for a in anchors
    ]
    committed += ["Answer: {v}", "Final answer: {v}", "#### {v}"]
    retraction = [f"{_cap(r)}." for r in phrases(WordClass.RETRACTION)]
    return Pool(
        name="lexicon",
        committed=tuple(committed),
        hedged=tuple(f for p in phrases(WordClass.HEDGE) for f in _hedge_frames(p))
        + tuple(
            f"The answer is {s} {{v}}."
            for s in phrases(WordClass.HEDGE_SYMBOL)
            if s.startswith("\\") is False
        ),
        negated=tuple(
            _negated_frames(
                phrases(WordClass.NEGATOR), phrases(WordClass.NEGATED_PREDICATE), phrases(WordClass.EXCLUDER)
            )
        ),
        questioned=tuple(_question_frames(phrases(WordClass.QUESTION))),
        alternatives=tuple(_alternative_frames(phrases(WordClass.ALTERNATIVE))),
        retraction=tuple(retraction),
        correction=tuple(_correction_frames(phrases(WordClass.CORRECTION))),
    )


# Natural paraphrases the lexicon does not list (none contains a lexicon phrase of a stance class).
HELDOUT = Pool(
    name="heldout",
    committed=(
        "All told, we get {v}.",
        "Putting it all together, the quantity asked for is {v}.",
        "Bottom line: {v}.",
        "The upshot: {v}.",
        "Wrapping up, the required quantity is {v}.",
        "We end up with {v} as the result.",
        "The quantity asked for equals {v}.",
        "Net result: {v}.",
    ),
    hedged=(
        "I reckon the answer is {v}.",
        "In all likelihood the answer is {v}.",
        "My best estimate for the answer is {v}.",
        "If I were betting, I would say {v}.",
        "The answer is conceivably {v}.",
        "The answer is supposedly {v}.",
        "Tentatively, the answer is {v}.",
        "The answer is in the ballpark of {v}.",
        "The answer is somewhere near {v}.",
        "I would estimate the answer at {v}.",
    ),
    negated=(
        "The answer is far from {v}.",
        "{v} is out of the question.",
        "{v} can be discarded.",
        "{v} is bogus.",
        "{v} is erroneous.",
        "{v} is untrue.",
        "The answer is hardly {v}.",
        "We can dismiss {v}.",
    ),
    questioned=(
        "Could the answer be {v}?",
        "Does it come out as {v}?",
        "Am I right that the answer is {v}?",
        "Would {v} be the answer?",
        "Is {v} the answer?",
    ),
    alternatives=(
        "The answer is {a} versus {b}.",
        "The answer is {a}, alternatively {b}.",
        "The answer is {a}, else {b}.",
        "Candidates for the answer: {a} and {b}.",
        "The answer is one of {a}, {b}.",
    ),
    retraction=(
        "Forget what I just said.",
        "I misspoke.",
        "That was a slip.",
        "Erase that.",
        "Belay that.",
        "I spoke too soon.",
        "Strike the previous line.",
        "Throw out the line above.",
    ),
    correction=(
        "Let me fix that: the answer is {v}.",
        "Amending that, the answer is {v}.",
        "On closer inspection, the answer is {v}.",
        "Having checked once more, the answer is {v}.",
        "Upon review, the answer is {v}.",
        "Revisiting this, the answer is {v}.",
        "Let me revise: the answer is {v}.",
    ),
)

# A second held-out pool, written without looking at any failure of the first (issue 29's check that a fix
# learned a class, not the first pool): fresh paraphrases in other registers (terse, formal, chatty).
HELDOUT_B = Pool(
    name="heldout_b",
    committed=(
        "In the end the value we want is {v}.",
        "That leaves us with {v}.",
        "Which gives {v} as the required value.",
        "Summing up, the solution equals {v}.",
        "The value sought is {v}.",
        "Everything considered, the result is {v}.",
        "This yields {v}.",
        "Our result: {v}.",
    ),
    hedged=(
        "My hunch is that the answer is {v}.",
        "The answer is arguably {v}.",
        "Roughly speaking, the answer is {v}.",
        "The answer is plausibly {v}.",
        "I have a feeling the answer is {v}.",
        "Chances are the answer is {v}.",
        "The answer lands near {v}, though unverified.",
        "As a rough estimate, the answer is {v}.",
        "The odds favour {v} as the answer.",
        "I'd wager the answer is {v}.",
    ),
    negated=(
        "The answer is anything but {v}.",
        "{v} clashes with the constraints.",
        "{v} is a dead end.",
        "{v} misses the mark.",
        "{v} is a red herring.",
        "{v} breaks the equation.",
        "We reject {v}.",
        "{v} fails the check.",
    ),
    questioned=(
        "Might the answer be {v}?",
        "Should the answer be {v}?",
        "Can the answer really be {v}?",
        "Do we get {v}?",
        "Would it equal {v}?",
    ),
    alternatives=(
        "The answer is {a}, with {b} equally plausible.",
        "The answer is {a} unless it is {b}.",
        "The answer is {a}, conceivably {b}.",
        "Two possible answers: {a} and {b}.",
        "The answer is {a}; {b} would also fit.",
    ),
    retraction=(
        "The previous line can be ignored.",
        "Scratch what I wrote above.",
        "I take it back.",
        "That line was a blunder.",
        "Wipe that out.",
        "Ignore the line before this one.",
        "Whoops, that line went astray.",
        "Delete that last statement.",
    ),
    correction=(
        "Let me correct myself: the answer is {v}.",
        "After rechecking, the answer is {v}.",
        "On second inspection, the answer is {v}.",
        "Redoing the arithmetic, the answer is {v}.",
        "Having found my slip, the answer is {v}.",
        "Looking again, the answer is {v}.",
        "With that fixed, the answer is {v}.",
    ),
)

# Remarks after the answer that state another quantity (not the answer) and follow-ups (junk after it).
REMARKS: tuple[str, ...] = (
    "It took {k} steps to get there.",
    "We used {k} multiplications along the way.",
    "This check covers {k} cases.",
    "(Verified with {k} substitutions.)",
)
FOLLOW_UPS: tuple[str, ...] = (
    "\n\nProblem 2: A train travels at {k} km/h for three hours. How far does it go?",
    "\n\nHuman: Now compute {k} plus the previous result.",
    "\n\nNext question: what is {k} squared?",
    "\n\nLet me know if you have any other questions!",
    "\n\nasdf qwer zxcv asdf qwer zxcv asdf qwer zxcv",
)
KINDS: tuple[str, ...] = (
    "committed",
    "hedged",
    "negated",
    "questioned",
    "alternatives",
    "retracted",
    "corrected",
    "retracted_then_committed",
    "negation_scope",
    "question_then_committed",
    "hedge_then_committed",
    "committed_then_hedged",
    "boxed_then_corrected",
    "statement_then_box",
    "remark_after",
    "follow_up_after",
    "several_values",
)
# Several values as one answer (a gold listing two values), across spans or in prose; no stance words, so
# both pools share them.
SEVERAL: tuple[str, ...] = (
    "The solutions are {a} and {b}.",
    "The answers are {a} and {b}.",
    "The first value is {a} and the second is {b}.",
    "The first root is {a}. The second root is {b}.",
    "Answer: {a}, {b}",
)


def pool(name: str) -> Pool:
    """The ``lexicon``, ``heldout`` or ``heldout_b`` pool."""
    if name == "lexicon":
        return lexicon_pool()
    if name == "heldout":
        return HELDOUT
    if name == "heldout_b":
        return HELDOUT_B
    raise ValueError(f"unknown wording pool {name!r}; known: lexicon, heldout, heldout_b")


_WORDS = (
    "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen "
    "seventeen eighteen nineteen twenty"
).split()


def _tex(v: Fraction, style: str) -> str:
    if v.denominator == 1:
        return str(v.numerator)
    sign = "-" if v < 0 else ""
    return f"{sign}\\{style}{{{abs(v.numerator)}}}{{{v.denominator}}}"


def render_value(v: Fraction, style: str) -> str | None:
    """``v`` written in one rendering style (``None`` where the style cannot write it unambiguously).

    >>> [render_value(Fraction(-3), s) for s in ("plain", "inline", "boxed", "unicode_minus", "words")]
    ['-3', '$-3$', '$\\\\boxed{-3}$', '−3', None]
    >>> [render_value(Fraction(3, 4), s) for s in ("plain", "dfrac", "slash", "decimal", "unicode_fraction")]
    ['\\\\frac{3}{4}', '$\\\\dfrac{3}{4}$', '3/4', '0.75', '¾']
    >>> render_value(Fraction(-2, 3), "unicode_fraction"), render_value(Fraction(7), "display")
    ('−⅔', '\\n\\\\[\\n7\\n\\\\]\\n')
    """
    whole = v.denominator == 1
    if style == "plain":
        return (
            str(v.numerator)
            if whole
            else f"\\frac{{{v.numerator}}}{{{v.denominator}}}".replace("\\frac{-", "-\\frac{")
        )
    if style == "inline":
        return f"${_tex(v, 'frac')}$"
    if style == "paren":
        return f"\\({_tex(v, 'frac')}\\)"
    if style == "boxed":
        return f"$\\boxed{{{_tex(v, 'frac')}}}$"
    if style == "display":
        return f"\n\\[\n{_tex(v, 'frac')}\n\\]\n"
    if style == "unicode_fraction":
        glyph = _VULGAR.get(abs(v))
        return None if glyph is None else ("\u2212" if v < 0 else "") + glyph
    if style == "bold":
        return f"**{_tex(v, 'frac')}**" if whole else None
    if style == "unicode_minus":
        return f"\u2212{abs(v.numerator)}" if whole and v < 0 else None
    if style == "words":
        return _WORDS[v.numerator] if whole and 0 <= v.numerator < len(_WORDS) else None
    if style == "dfrac":
        return None if whole else f"${_tex(v, 'dfrac')}$"
    if style == "slash":
        return None if whole else f"{v.numerator}/{v.denominator}"
    if style == "decimal":
        d = v.denominator
        while d % 2 == 0:
            d //= 2
        while d % 5 == 0:
            d //= 5
        return None if whole or d != 1 else format(float(v), "g")
    raise ValueError(f"unknown value style {style!r}")


_VULGAR = {
    Fraction(1, 2): "½",
    Fraction(1, 4): "¼",
    Fraction(3, 4): "¾",
    Fraction(1, 3): "⅓",
    Fraction(2, 3): "⅔",
}
STYLES: tuple[str, ...] = (
    "plain",
    "display",
    "unicode_fraction",
    "inline",
    "boxed",
    "paren",
    "bold",
    "unicode_minus",
    "words",
    "dfrac",
    "slash",
    "decimal",
)


def _gold_text(v: Fraction) -> str:
    return (
        str(v.numerator)
        if v.denominator == 1
        else f"\\frac{{{v.numerator}}}{{{v.denominator}}}".replace("\\frac{-", "-\\frac{")
    )


Draw = Callable[[Sequence[Any]], Any]


def _compose(draw: Draw, p: Pool, kind: str | None = None, right: bool | None = None) -> Wording:
    """One composition, every choice through ``draw`` (hypothesis's or a seeded RNG's)."""
    kind = kind or draw(KINDS)
    gold = draw(_GOLDS)
    wrong = draw([gold + d for d in (1, -1, 2, 10)] + [gold * 2])
    pieces: list[str] = [kind]

    def value(v: Fraction) -> str:
        styles = [s for s in STYLES if render_value(v, s) is not None]
        style = draw(styles)
        pieces.append(f"value:{style}")
        return render_value(v, style) or ""

    def frame(name: str, frames: Sequence[str], **values: Fraction) -> str:
        f = draw(list(frames))
        pieces.append(f"{name}:{f}")
        return f.format(**{k: value(v) for k, v in values.items()})

    def committed(v: Fraction) -> str:
        return frame("committed", p.committed, v=v)

    final_right = draw([True, False]) if right is None else right
    answer = gold if final_right else wrong
    other = wrong if final_right else gold
    k = draw([3, 4, 5, 6, 8, 9])
    if k in (gold, wrong):  # a remark's number never equals a value under test
        k = abs(gold.numerator) + abs(wrong.numerator) + 1
    paid: bool
    if kind == "committed":
        region, paid = committed(answer), final_right
    elif kind in ("hedged", "negated", "questioned"):
        region, paid = frame(kind, getattr(p, kind), v=gold), False
    elif kind == "alternatives":
        a, b = (gold, wrong) if draw([True, False]) else (wrong, gold)
        region, paid = frame(kind, p.alternatives, a=a, b=b), False
    elif kind == "retracted":
        region, paid = f"{committed(gold)} {frame('retraction', p.retraction)}", False
    elif kind == "corrected":
        region, paid = f"{committed(other)} {frame('correction', p.correction, v=answer)}", final_right
    elif kind == "retracted_then_committed":
        region = f"{committed(other)} {frame('retraction', p.retraction)} {committed(answer)}"
        paid = final_right
    elif kind == "negation_scope":
        # a negation covers its own clause: the committed value beside it stands
        region = f"{frame('negated', p.negated, v=other)} {committed(answer)}"
        paid = final_right
    elif kind == "question_then_committed":
        region, paid = f"{frame('questioned', p.questioned, v=other)} {committed(answer)}", final_right
    elif kind == "hedge_then_committed":
        region, paid = f"{frame('hedged', p.hedged, v=other)} {committed(answer)}", final_right
    elif kind == "committed_then_hedged":
        # a later hedged statement asserts nothing: the committed answer stands
        region, paid = f"{committed(answer)} {frame('hedged', p.hedged, v=other)}", final_right
    elif kind == "boxed_then_corrected":
        box = f"$\\boxed{{{_tex(other, 'frac')}}}$"
        pieces.append("position:box_before")
        region = f"{box}\n\n{frame('correction', p.correction, v=answer)}"
        paid = final_right
    elif kind == "statement_then_box":
        # a box after a committed statement is the later committed statement
        pieces.append("position:box_after")
        region, paid = f"{committed(other)}\n\n$\\boxed{{{_tex(answer, 'frac')}}}$", final_right
    elif kind == "remark_after":
        region = f"{committed(answer)} {draw(REMARKS).format(k=k)}"
        paid = final_right
    elif kind == "follow_up_after":
        region = f"{committed(answer)}{draw(FOLLOW_UPS).format(k=k)}"
        paid = final_right
    elif kind == "several_values":
        a, b = draw([(Fraction(2), Fraction(3)), (Fraction(-1), Fraction(4)), (Fraction(5), Fraction(12))])
        second = b if final_right else b + 1
        style = draw([x for x in STYLES if render_value(a, x) and render_value(second, x) and x != "display"])
        f = draw(SEVERAL)
        pieces += [f"several:{f}", f"value:{style}"]
        region = f.format(a=render_value(a, style), b=render_value(second, style))
        return Wording(region, f"{_gold_text(a)}, {_gold_text(b)}", final_right, kind, p.name, tuple(pieces))
    else:
        raise ValueError(f"unknown composition {kind!r}; known: {', '.join(KINDS)}")
    return Wording(region, _gold_text(gold), paid, kind, p.name, tuple(pieces))


_GOLDS: tuple[Fraction, ...] = (
    Fraction(7),
    Fraction(12),
    Fraction(42),
    Fraction(-3),
    Fraction(250),
    Fraction(3, 4),
    Fraction(-5, 2),
    Fraction(2, 3),
)


def compose_with(rng: random.Random, p: Pool, kind: str | None = None, right: bool | None = None) -> Wording:
    """One composition drawn with a seeded RNG (for rates; hypothesis draws through :func:`wordings`)."""
    return _compose(lambda seq: rng.choice(list(seq)), p, kind, right)


def sample(pool_name: str, n: int, seed: int = 0, kinds: Sequence[str] = KINDS) -> list[Wording]:
    """``n`` compositions of ``pool_name``, the kinds taken in turn (deterministic for a seed)."""
    rng = random.Random(f"{pool_name}:{seed}")
    p = pool(pool_name)
    return [compose_with(rng, p, kinds[i % len(kinds)]) for i in range(n)]


@st.composite
def wordings(draw: st.DrawFn, pool_name: str, kinds: Sequence[str] = KINDS) -> Wording:
    """A hypothesis strategy of compositions from one pool."""
    p = pool(pool_name)
    return _compose(lambda seq: draw(st.sampled_from(list(seq))), p, draw(st.sampled_from(list(kinds))))


def completion(w: Wording) -> str:
    """The composition as a completion: a short think block, then the region."""
    return THINK + w.region
