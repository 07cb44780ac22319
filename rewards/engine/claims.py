r"""What one prose sentence asserts as a value: ``The trail was 52 miles long.`` -> 52.

The rule, one for credits and refusals alike: a sentence asserts the value in *predicate position*, the first
value within a few filler words after its predicate marker (a copula or relational verb: ``is``, ``was``,
``has``, ``gives``...; or ``:`` / ``=``). So "196 has 9 positive divisors" asserts 9 (196 is the subject);
"9 is the number of divisors of 196" has no value after ``is`` and asserts its subject's only value, 9.
A sentence without a predicate marker asserts a value only when it holds exactly one. A negation between the
marker and the value ("was not 52") asserts nothing; a hedge in front of it ("about 52") is kept as the hedge;
two values joined by "or" / "to" / "and" after the marker ("52 or 53") are alternatives, so nothing.

>>> claim("The trail was 52 miles long.").value, claim("196 has 9 positive divisors.").value
('52', '9')
>>> claim("9 is the number of positive divisors of 196.").value, claim("The trail was not 52 miles.").value
('9', None)
>>> claim("It was about 52 miles.").hedge, claim("Correction: 12").value
('about', '12')
"""

from __future__ import annotations

from dataclasses import dataclass

from rewardcheck.rewards import rx

from .lexicon import WordClass, alternation, phrases
from .numwords import ONES, SCALES, TENS, number_from_words

__all__ = ["Claim", "claim", "MAX_CLAIM_CHARS"]

MAX_CLAIM_CHARS = 600  # one sentence; longer text is cut (every scan below is linear in it)

# A value: a math span with something in it that is not a bare variable name, or a written number.
_UNICODE_VALUE = "½⅓⅔¼¾⅕⅖⅗⅘⅙⅚⅛⅜⅝⅞√π∞²³⁰¹⁴⁵⁶⁷⁸⁹"
# A value: a math span; a number (unicode fractions, roots and powers too: "⅓", "2√3", "−5"); a relation of
# one letter written in plain text ("x ≥ 2", "x ∈ [1, 2]"), which states a set, not its bound.
_TOKEN = rx.compile(
    r"\$\$([^$]{1,200})\$\$|\$([^$]{1,200})\$|\\\((.{1,200}?)\\\)"
    r"|((?<![\w.])[A-Za-z][ \t]{0,2}(?:[≤≥<>]=?|∈|<=|>=)[ \t]{0,2}(?:[-+−]?[\d.]+|[\[(][^\])\n]{1,40}[\])])"
    rf"|(?<![\w.])[-+−]?(?:\d[\d,]*(?:\.\d+)?|\.\d+)?[{_UNICODE_VALUE}][\d{_UNICODE_VALUE}]*(?![\w])"
    r"|(?<![\w.])[-+−]?(?:\d[\d,]*(?:\.\d+)?|\.\d+)(?:/\d+)?(?=[a-zA-Z]{1,3}[²³]|[€£¥%]|(?![\w])))"
    r"|(\\(?:times|cdot|div)(?![a-zA-Z])|[×÷·*/+−^]|(?<=\s)-(?=\s))"
    r"|(\\[a-zA-Z]+|[A-Za-z]+(?:'[a-z]+)?)|([:=])"
)
# The closed classes come from the one lexicon: copulas put their object in predicate position, fillers may
# stand between a copula and its value, negators deny, hedges weaken, alternatives offer a choice.
_VERBS = frozenset(phrases(WordClass.COPULA))
_FILLER = frozenset(p for p in phrases(WordClass.FILLER) if " " not in p)
_NEGATION = frozenset(p for p in phrases(WordClass.NEGATOR) if " " not in p)
_HEDGES = frozenset(p for p in phrases(WordClass.HEDGE) + phrases(WordClass.APPROXIMATOR) if " " not in p)
_ALTERNATIVE = frozenset(phrases(WordClass.ALTERNATIVE)) | {"and"}
_NUMBER_WORDS = frozenset(ONES) | frozenset(TENS) | frozenset(SCALES) | {"hundred", "and", "minus"}
_NAME = rx.compile(r"\s*(?:[a-zA-Z](?:_\{?\w{1,8}\}?)?|\\[a-zA-Z]{2,12})\s*")
MAX_FILLER = 3


@dataclass(frozen=True)
class Claim:
    """``value``: what the sentence asserts (``None``: nothing); ``values``: every value in it, in order;
    ``negated``: the assertion is denied; ``hedge``: the hedge word in front of the value; ``remark``: the
    sentence talks about its value instead of stating it ("We used 6 multiplications.", "7 is bogus.")."""

    value: str | None
    values: tuple[str, ...] = ()
    negated: bool = False
    hedge: str = ""
    remark: bool = False


def _math_value(span: str) -> str | None:
    """A math span's value: its last right-hand side when it is ``name = value``; ``None`` for a bare name."""
    s = span.strip()
    if not s or _NAME.fullmatch(s):
        return None
    if "=" in s:
        s = s.rsplit("=", 1)[1].strip()
    return s or None


def _spelled_numbers(tokens: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """Runs of number words ("twelve", "one hundred and five") as one value token (a lone "one" stays a
    word: "one of the roots")."""
    if not any(k == "word" and (t in ONES or t in TENS) for k, t in tokens):
        return tokens
    out: list[tuple[str, str]] = []
    i = 0
    while i < len(tokens):
        j = i
        while j < len(tokens) and tokens[j][0] == "word" and tokens[j][1] in _NUMBER_WORDS:
            j += 1
        while j > i and tokens[j - 1][1] == "and":
            j -= 1
        run = " ".join(t for _, t in tokens[i:j])
        n = number_from_words(run) if j > i and run != "one" else None
        if n is not None:
            out.append(("value", str(n)))
            i = j
        else:
            out.append(tokens[i])
            i += 1
    return out


def _expressions(tokens: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """Values joined by operators as one value ("4 × 5", "12 + 30 - 7"); an operator not between two values
    is dropped (a unit's power "cm^2", a dash)."""
    out: list[tuple[str, str]] = []
    for kind, text in tokens:
        if kind == "value" and len(out) >= 2 and out[-1][0] == "op" and out[-2][0] == "value":
            op = out.pop()[1]
            out[-1] = ("value", f"{out[-1][1]} {op} {text}")
        else:
            out.append((kind, text))
    return [t for t in out if t[0] != "op"]


def _chain_end(tokens: list[tuple[str, str]], j: int) -> int:
    """Where a computation that starts at the value ``tokens[j]`` ends: its last right-hand side, following
    "=" ("4 × 5 = 20") and a next step that starts where the last one ended ("= 7, 7 × 2 = 14")."""
    while True:
        if j + 2 < len(tokens) and tokens[j + 1] == ("mark", "=") and tokens[j + 2][0] == "value":
            j += 2
        elif (
            j + 3 < len(tokens)
            and tokens[j + 1][0] == "value"
            and tokens[j + 1][1].split(" ", 1)[0] == tokens[j][1]
            and tokens[j + 2] == ("mark", "=")
            and tokens[j + 3][0] == "value"
        ):
            j += 3
        else:
            return j


def _negated_before(tokens: list[tuple[str, str]], i: int) -> bool:
    """A negator right before the copula at ``i`` ("doesn't equal", "would not be", "cannot be"); never
    before a ``:`` / ``=`` ("Hmm, no: 12" corrects, it does not deny)."""
    if tokens[i][0] == "mark":
        return False
    for k in range(i - 1, max(-1, i - 3), -1):
        kind, text = tokens[k]
        if kind == "word" and (text in _NEGATION or text.endswith("n't")):
            return True
        if kind != "word" or text not in _MODALS:
            return False
    return False


_MODALS = frozenset({"would", "will", "should", "must", "could", "can", "may", "might", "does", "do", "did"})


def _listed(tokens: list[tuple[str, str]], j: int) -> list[str] | None:
    """The values from ``tokens[j]`` on joined by "and" or written one after another ("3, 4 and 5"), when
    they are two or more and the run does not go on with "or" (then they are alternatives)."""
    out = [tokens[j][1]]
    k = j + 1
    while k < len(tokens):
        kind, text = tokens[k]
        if kind == "value":
            out.append(text)
            k += 1
        elif text == "and" and k + 1 < len(tokens) and tokens[k + 1][0] == "value":
            out.append(tokens[k + 1][1])
            k += 2
        else:
            break
    if len(out) < 2 or (k < len(tokens) and tokens[k][1] in _ALTERNATIVE - {"and"}):
        return None
    return out


_PREDICATE_NAMES_ANSWER = frozenset(
    p for c in (WordClass.ANSWER_NOUN, WordClass.FILLER) for p in phrases(c) if " " not in p
) | frozenset({"correct", "right", "true", "final", "it", "confirmed", "verified", "valid"})
_RESULT = frozenset(p for p in phrases(WordClass.RESULT_VERB) if " " not in p) | _VERBS
_LINKS = frozenset({"with", "at", "as", "to", "of", "is", "are", "up", "on", "for", "by"}) | frozenset(
    p for p in phrases(WordClass.SUBORDINATOR) if " " not in p
)  # "We find that $x < 3$": the value stands in the clause the verb introduces
_SPEAKERS = frozenset({"i", "we"})


def _remark_on_value(tokens: list[tuple[str, str]], first: int, first_verb: int | None) -> bool:
    """Does a one-value sentence talk *about* its value instead of stating it as the answer? Its value is
    the subject and the predicate names no answer ("7 is bogus.", "7 can be set aside."), or it is the object
    of a speaker's verb that states no result ("We can dismiss 7.", but "We get 7.")."""
    words = [t for k, t in tokens if k == "word"]
    if first_verb is not None and first < first_verb:  # the value is the subject
        predicate = [t for k, t in tokens[first_verb + 1 :] if k == "word"]
        return bool(predicate) and not (set(predicate[:3]) & _PREDICATE_NAMES_ANSWER)
    if first == 0 and len(words) >= 2 and first_verb is None:
        return True  # "7 fails the check.": a value followed by a verb phrase that is no copula
    if words[:1] and words[0] in _SPEAKERS and first > 0:
        before = next((t for k, t in reversed(tokens[:first]) if k == "word" and t not in _FILLER), "")
        return before not in _RESULT and before not in _LINKS and before not in _SPEAKERS
    return False


_CONTRAST = rx.compile(alternation(WordClass.CONTRAST), rx.IGNORECASE)
_REVISES = rx.compile(
    alternation(WordClass.RESULT_VERB, WordClass.DERIVATION, WordClass.CONCLUSION, WordClass.ANSWER_NOUN),
    rx.IGNORECASE,
)
_UNREAL = rx.compile(alternation(WordClass.COUNTERFACTUAL, WordClass.CONDITIONAL), rx.IGNORECASE)


def claim(sentence: str) -> Claim:
    """The value ``sentence`` asserts (see the module docstring for the rule). A value stated first and then
    turned against ("We had 15, but that counted one twice; removing it gives 12.") gives way to the value
    the turn states as a result; a turn that only supposes ("but 15 would be ...") changes nothing.

    >>> claim("We had 15 at first, but that counted a corner twice; removing it gives 12.").value
    '12'
    >>> claim("The total is 15, but it would be 12 without the fee.").value
    '15'
    """
    first = _claim(sentence)
    if first.value is None or first.negated:
        return first
    turns = [m for m in _CONTRAST.finditer(sentence[:MAX_CLAIM_CHARS])]
    if not turns:
        return first
    rest = sentence[turns[-1].end() : MAX_CLAIM_CHARS]
    if first.value not in sentence[: turns[-1].start()] or not _REVISES.search(rest) or _UNREAL.search(rest):
        return first
    later = _claim(rest)
    if later.value is None or later.negated or later.remark:
        return first
    return Claim(later.value, first.values, hedge=later.hedge)


def _claim(sentence: str) -> Claim:
    tokens: list[tuple[str, str]] = []  # (kind, text): kind "value", "word" or "mark"
    denied_at = 0
    for m in _TOKEN.finditer(sentence[:MAX_CLAIM_CHARS]):
        span = m.group(1) or m.group(2) or m.group(3)
        if span is not None:
            value = _math_value(span)
            tokens.append(("value", value) if value is not None else ("word", "$name$"))
        elif m.group(4) is not None:
            tokens.append(("value", m.group(4).rstrip(",")))
        elif m.group(5) is not None:
            tokens.append(("op", m.group(5)))
        elif m.group(6) is not None:
            tokens.append(("word", m.group(6).lower()))
        else:
            tokens.append(("mark", m.group(7)))
    tokens = _expressions(_spelled_numbers(tokens))
    values = tuple(t for k, t in tokens if k == "value")
    if not values:
        return Claim(None)
    denied: Claim | None = None  # a negated predicate covers its own clause: a later one may still commit
    for i, (kind, text) in enumerate(tokens):
        if not (kind == "mark" or (kind == "word" and (text in _VERBS or text.endswith("'s")))):
            continue
        if denied is not None and i < denied_at:
            continue
        negated, hedge = _negated_before(tokens, i), ""
        for j in range(i + 1, min(len(tokens), i + 2 + MAX_FILLER)):
            k, t = tokens[j]
            if k == "value":
                if _chain_end(tokens, j) != j:
                    j = _chain_end(tokens, j)  # "Area = 4 × 5 = 20 cm²": a computation asserts its result
                    k, t = tokens[j]
                nxt = tokens[j + 1] if j + 1 < len(tokens) else None
                listed = _listed(tokens, j)
                if listed is not None:
                    if negated:
                        denied, denied_at = Claim(None, values, negated=True), j + 1
                        break
                    return Claim(", ".join(listed), values, hedge=hedge)  # "3 and 5", "$x=3$, $x=5$": a list
                if (
                    nxt is not None
                    and nxt[1] in _ALTERNATIVE
                    and any(k2 == "value" for k2, _ in tokens[j + 2 : j + 4])
                ):
                    return Claim(None, values)  # "52 or 53", "between 3 and 5": alternatives, no assertion
                if negated:  # "is not 10, it's 1,000.99": the denial ends with its value
                    denied, denied_at = Claim(None, values, negated=True), j + 1
                    break
                return Claim(t, values, hedge=hedge)
            if t in _NEGATION or t.endswith("n't"):
                negated = True
            elif t in _HEDGES:
                hedge = t
            elif t not in _FILLER:
                break
    if denied is not None:
        return denied
    first_verb = next((i for i, (k, t) in enumerate(tokens) if k == "word" and t in _VERBS), None)
    subject = [t for k, t in tokens[: first_verb or 0] if k == "value"]
    if len(subject) == 1 and len(values) > 1:
        values = (subject[0],)  # "9 is the number of divisors of 196": the subject's only value
    if len(values) == 1:
        words = {t for k, t in tokens if k == "word"}
        if words & _NEGATION or any(w.endswith("n't") for w in words):
            return Claim(None, values, negated=True)
        first = next(i for i, (k, _) in enumerate(tokens) if k == "value")
        if _remark_on_value(tokens, first, first_verb):
            return Claim(None, values, remark=True)
        hedge = next((t for _, t in tokens[max(0, first - 2) : first] if t in _HEDGES), "")
        return Claim(values[0], values, hedge=hedge)
    return Claim(None, tuple(t for k, t in tokens if k == "value"))
