"""The reader's per-token shortcuts answer as the long way does: a token kind looked up by its text, the
first-word gate of the phrase search and the number-word gate of the foreign number finder skip only what
the full test would reject."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rewardcheck.rewards.engine.lexicon import LANGUAGE_ROWS
from rewardcheck.rewards.engine.number_phrases import compound_number
from rewardcheck.rewards.engine.numerals import suffixed_number
from rewardcheck.rewards.engine.read import finders, marks, tokens
from rewardcheck.rewards.engine.read.tokens import tokenize

_PIECES = st.sampled_from(
    [
        "the answer is",
        " ",
        "\n",
        "12",
        "3.5",
        "e.g.",
        "5! = 120",
        "Done!",
        "*",
        "**",
        "x_1",
        "2 * 3",
        "\\boxed{",
        "}",
        "$",
        "<answer>",
        "答案是",
        "。",
        "vs.",
        "approx.",
        "_",
        "?",
        "ответ",
        "١٢",
    ]
)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(_PIECES, max_size=12).map("".join))
def test_a_token_kind_looked_up_by_its_text_is_the_kind_read_in_place(text: str) -> None:
    t = tokenize(text)
    for i in range(t.n):
        s, e = t.starts[i], t.ends[i]
        if " " in t.texts[i]:
            continue  # a spaced thousands group, joined after the kinds were read
        assert t.kinds[i] is tokens._sentence_dot(text, s, e, tokens._kind(text, s, e)), (text, t.texts[i])


def test_every_spaced_phrase_opens_at_a_first_word_of_the_gate() -> None:
    firsts = marks._first_words()
    for phrase in marks.phrase_table():
        if marks.unspaced_word(phrase) or phrase.endswith("*") or phrase.startswith("*"):
            continue
        t = tokenize(phrase)
        assert t.n == 0 or t.texts[0] in firsts, phrase


def _number_words() -> list[str]:
    words = [w for rows in LANGUAGE_ROWS.values() for w in rows.numbers]
    # compounds and suffixed forms the finder reads: a gate that knows only the number rows would fail them
    return [*words, "veintisiete", "siebenundzwanzig", "ventuno", "Yedidir", "일곱입니다", "十二", "四分之三"]


def test_the_number_gate_passes_every_number_word_of_every_language() -> None:
    missed = [w for w in _number_words() if not finders._may_be_number(w)]
    assert not missed


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet="abcdefghijklmnopqrstuvwxyzäöüéñçıdrtz", min_size=1, max_size=14))
def test_a_word_the_number_gate_skips_is_no_number_word(word: str) -> None:
    if not finders._may_be_number(word):
        assert compound_number(word) is None and suffixed_number(word) is None


def test_a_word_ending_of_the_lexicon_marks_any_word_it_ends() -> None:
    endings = [p for p in marks.phrase_table() if p.startswith("*")]
    assert endings  # Korean writes an indirect question as an ending ("-는지")
    for ending in endings:
        for word in (f"만족하{ending[1:]}", ending[1:]):
            found = marks.find_marks(tokenize(f"13이 {word} 확인"))
            assert [m.phrase for m in found if m.phrase == ending] == [ending], word
