"""No completion can hang the judge: every pumped case (each piece repeated to 30,000 characters at each place
the reader tells apart) returns, and gets the verdict the completion gets with the piece once, or a no-answer
or wrong verdict whose reason says why. A hard kill of the whole process (60 s, generous: a case takes well
under a second) is the only clock: it trips on a blow-up, never on a slow machine."""

from __future__ import annotations

import cProfile
import faulthandler
import json
import pstats
import subprocess
import sys
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager

import pytest
from hypothesis import given, settings

from rewardcheck.bench.strategies.pumped import CASES, MAX_PUMP_CHARS, PumpCase, pumped_completions
from rewardcheck.rewards.engine import judge

KILL_S = 60
ALLOWED_CHANGES = {
    "no_answer",
    "wrong",
    "truncated",
}  # a run of content (digits, words, anchors) may change it

_RUN_ONE_PROCESS = r"""
import json, sys
from rewardcheck.bench.strategies.pumped import CASES
from rewardcheck.rewards.engine import judge
out = []
for i in map(int, sys.argv[1:]):
    c = CASES[i]
    plain, pumped = judge(c.plain, c.gold), judge(c.pumped(30000), c.gold)
    out.append([i, plain.verdict.value, pumped.verdict.value, pumped.reason])
print(json.dumps(out))
"""


@contextmanager
def _hard_kill(seconds: int) -> Iterator[None]:
    faulthandler.dump_traceback_later(seconds, exit=True)  # kills this process: a hang cannot pass quietly
    try:
        yield
    finally:
        faulthandler.cancel_dump_traceback_later()


@pytest.mark.parametrize("part", range(4))
def test_every_pumped_case_returns_with_its_verdict(part: int) -> None:
    indices = [str(i) for i in range(part, len(CASES), 4)]
    done = subprocess.run(
        [sys.executable, "-c", _RUN_ONE_PROCESS, *indices], capture_output=True, text=True, timeout=KILL_S
    )
    assert done.returncode == 0, done.stderr[-2000:]
    changed: Counter[str] = Counter()
    for i, plain, pumped, reason in json.loads(done.stdout):
        case = CASES[i]
        if case.neutral:
            assert pumped == plain, (
                f"{case.name}: {plain} with the piece once, {pumped} with a run ({reason})"
            )
        elif pumped != plain:
            assert pumped in ALLOWED_CHANGES, f"{case.name}: {plain} -> {pumped} ({reason})"
            changed[pumped] += 1
    assert sum(changed.values()) < len(indices)  # most cases keep their verdict; the rest are counted


@settings(max_examples=25, deadline=None, derandomize=True)
@given(drawn=pumped_completions(max_chars=MAX_PUMP_CHARS))
def test_a_run_of_layout_is_read_as_the_piece_once(drawn: tuple) -> None:
    case, text = drawn
    with _hard_kill(KILL_S):
        pumped = judge(text, case.gold)
        plain = judge(case.plain, case.gold)
    if case.neutral:
        assert pumped.verdict == plain.verdict, (case.name, len(text), pumped.reason)
    else:
        assert pumped.verdict == plain.verdict or pumped.verdict.value in ALLOWED_CHANGES


def test_the_bounded_read_is_a_count_of_characters_and_says_so() -> None:
    long_reasoning = "We try again. " * 3000
    text = "The answer is \\boxed{7}.\n" + long_reasoning + "\nNo answer here."
    j = judge(text, "7")
    assert j.verdict.value in ("no_answer", "truncated") and j.unread > 0
    assert "EngineConfig.max_read_chars" in j.reason and f"{j.unread:,}" in j.reason
    near = judge(long_reasoning + "\nThe answer is \\boxed{7}.", "7")
    assert near.verdict.value == "correct" and near.unread > 0


_WORK_PLACES = ("after_answer", "after_sentence", "between_answers", "inside_clause")


def _calls(text: str, gold: str) -> int:
    profiler = cProfile.Profile()
    profiler.runcall(judge, text, gold)
    return pstats.Stats(profiler).total_calls  # type: ignore[attr-defined]


@pytest.mark.parametrize("case", [c for c in CASES if c.position.name in _WORK_PLACES], ids=lambda c: c.name)
def test_the_work_of_a_read_grows_at_most_linearly_with_the_run(case: PumpCase) -> None:
    # a count of function calls, not a clock: the same on any machine and load. A reader that weighs every
    # value of a statement against every other (each "(C)" of a run checked for a retraction after it) does
    # four times the work for twice the run
    judge(case.plain, case.gold)  # warm the caches
    small, large = _calls(case.pumped(4_000), case.gold), _calls(case.pumped(8_000), case.gold)
    assert large <= 2.5 * small + 2_000, (case.name, small, large)


class _CountingList(list):  # type: ignore[type-arg]
    reads = 0

    def __getitem__(self, i):  # type: ignore[no-untyped-def]
        _CountingList.reads += 1
        return super().__getitem__(i)


def _layout_reads(text: str) -> int:
    from rewardcheck.rewards.engine.read.structure import layout_of
    from rewardcheck.rewards.engine.read.tokens import tokenize

    t = tokenize(text)
    object.__setattr__(t, "kinds", _CountingList(t.kinds))
    _CountingList.reads = 0
    layout_of(t)
    return _CountingList.reads


@pytest.mark.parametrize("head", ["The answer is:", "approximately:", "答え："])
def test_line_breaks_after_a_colon_are_looked_past_a_few_at_a_time(head: str) -> None:
    """A colon announces the box after a blank line; a pumped run of line breaks is not walked once per break
    (the layout's token reads grow linearly with the run, counted, not timed)."""
    small = _layout_reads(head + "\n" * 1_000 + "\\boxed{5}")
    large = _layout_reads(head + "\n" * 2_000 + "\\boxed{5}")
    assert large <= 2.5 * small, (small, large)


@pytest.mark.parametrize("piece", ["C입니다 ", "C maybe ", "(C) not "])
def test_a_clause_of_many_values_is_read_a_bounded_way_back_for_each(piece: str) -> None:
    """One statement of thousands of values and phrases after the answer (no sentence end between them): every
    value's clause is read at most ``MAX_CLAUSE_MARKS`` phrases back and forth, not to the statement's start
    (each value read its whole clause: 2.9 s at 7,500 characters; the work is counted, not timed)."""

    def text(n: int) -> str:
        return "The answer is \\boxed{12}. " + (piece * (n // len(piece) + 1))[:n]

    judge(text(200), "12")  # warm the caches
    small, large = _calls(text(3_000), "12"), _calls(text(6_000), "12")
    assert large <= 2.5 * small + 2_000, (small, large)


@pytest.mark.parametrize("piece", ["1万2千 ", "12 + ", "x y z 7 "])
def test_the_text_a_value_s_clause_reads_is_bounded(piece: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """A clause of thousands of values and no phrase at all: each value's clause text (what the shape rules read
    with their patterns) is at most ``MAX_CLAUSE_TOKENS`` tokens, so the characters read grow linearly with the
    run (counted, not timed)."""
    from rewardcheck.rewards.engine import stance as shapes

    read = [0]
    for name in ("hedge_shape", "unasserted"):
        original = getattr(shapes, name)

        def counting(clause: str, _f=original) -> str:  # type: ignore[no-untyped-def]
            read[0] += len(clause)
            return _f(clause)  # type: ignore[no-any-return]

        monkeypatch.setattr(shapes, name, counting)

    def chars(n: int) -> int:
        read[0] = 0
        judge("The answer is \\boxed{12}. " + (piece * (n // len(piece) + 1))[:n], "12")
        return read[0]

    small, large = chars(3_000), chars(6_000)
    assert large <= 2.5 * small + 2_000, (small, large)


_SESSION_SHAPES = {
    # a statement of number words with no digits: whether it states digits is asked once, not per word
    "number_words": lambda n: "La réponse: " + "douze " * n + ".",
    # words before an answer phrase at the end: the opening is checked a bounded way
    "openers": lambda n: "x = 5.\n\n" + "So " * n + "the answer is .",
    # check words through a long statement: only its first words can open a check
    "checks": lambda n: "The answer is 12. " + "Check " * n + "3 = 3.",
    # later statements of the same value and their denials
    "denials": lambda n: "The answer is \\boxed{42}. Not 42. " * n,
    # values, then value-free statements that say the answer is undetermined
    "undetermined": lambda n: "1 " * n + ". " + "cannot be determined. " * n,
    # choice letters, each with a predicate after it that calls it right
    "endorsed_letters": lambda n: "C is correct. " * n,
    # many answer blocks on one line, each quoted in a sentence
    "quoted_blocks": lambda n: "Answer: 42.\n" + "<answer>7</answer> " * n + "is the key.",
    # many addresses to the grader, each after a value
    "addresses": lambda n: "Réponse : 42.\n" + "Note au correcteur : 7. " * n,
    # many ticks
    "ticks": lambda n: "Answer: 42\n" + "3 + 4 = 7 ✓ " * n,
    # fractions with an article for their numerator, and statements that say the work must be done again
    "article_fractions": lambda n: "The answer is " + "a third, " * n + "a third.",
    "redo": lambda n: "x = 42. " + "I have to start over. " * n,
    # one-letter names applied to their arguments in one long chain
    "function_values": lambda n: "So " + "f(2) = " * n + "42.",
    # number words in a clause of their own after digits (what the clause says is asked once), a report
    # before many values, and a times sign between many numbers
    "concluding_number_words": lambda n: (
        "Il y a 3 rangées de 4, donc il y a " + "douze élèves et " * n + "douze."
    ),
    "reported_then_own": lambda n: "My friend said it is 12, and I checked it: " + "12, and I checked: " * n,
    "letter_times": lambda n: "So " + "3 x " * n + "4 = 12.",
    # a long value-free last line that stops on a word
    "cut_line": lambda n: "The total is 40.\n" + "we compute the ratio of " * n + "the",
    # a statement of many mentions of the value after a statement of many values, then a doubt; answers
    # corrected to hedged values again and again; later conclusions of one value each
    "distrust_after": lambda n: "42 " * n + ". " + "42 " * n + ". This value is not reliable.",
    "hedged_corrections": lambda n: (
        "The answer is \\boxed{12}. " + "Actually, the answer is probably 15. " * n
    ),
    "later_conclusions": lambda n: "$\\boxed{42}$\n" + "En conclusión, cada grupo tiene 16 alumnos. " * n,
    # alternatives rejected after a value, one per statement and many in one statement, each word a predicate
    # that also retracts
    "rejected_alternatives": lambda n: "합계는 42입니다. " + "15는 틀렸습니다. " * n,
    # many bold values in one statement
    "bold_values": lambda n: "So " + "**12 apples** and " * n + "30.",
    # many values in one statement, then a conclusion that there is no solution
    "concluded_none": lambda n: "On obtient " + "x = 2, " * n + "donc l'équation n'admet aucune solution.",
    "rejected_in_one_statement": lambda n: "합계는 42입니다. " + "15, " * n + "16는 틀렸습니다. " * 3,
    # values each asked by a question particle after it
    "question_particles": lambda n: "Cevap " + "12 mi 14 mü " * n + "karar veremiyorum.",
    # conditions before the speaker's result, one long and many short
    "condition_as_means": lambda n: (
        "If " + "we add them " * n + "we get 30. " + "If we add them we get 30 " * n
    ),
    # values each followed by a pause that calls something wrong, and one pause before many wrong words
    "paused_wrong": lambda n: "x = 42. Espera, esto está mal. " * n + "42. Espera, " + "mal, falso " * n,
}


@pytest.mark.parametrize("shape", sorted(_SESSION_SHAPES))
def test_the_later_rows_of_the_reader_grow_at_most_linearly(shape: str) -> None:
    """The reader's rows for a value denied later, a check after the answer, an answer left empty, a number
    word in a statement without digits, and an undetermined closing do linear work on a pumped run (counted,
    not timed: `_has_digits` asked per word made a statement of 1,600 number words take 0.26 s)."""
    make = _SESSION_SHAPES[shape]
    judge(make(20), "42")  # warm the caches
    small, large = _calls(make(600), "42"), _calls(make(1_200), "42")
    assert large <= 2.3 * small + 2_000, (shape, small, large)


def test_options_listed_again_and_again_are_read_in_linear_work() -> None:
    """Against a letter gold, an answer given by an option's content looks the options up
    (``read.option_letter``): a pumped listing is read once, in bounded parts."""

    def make(n: int) -> str:
        return "(A) 21 (B) 27 (C) 29 (D) 33 " * n + "\nSo the answer is 29."

    judge(make(20), "C")
    small, large = _calls(make(600), "C"), _calls(make(1_200), "C")
    assert large <= 2.3 * small + 2_000, (small, large)
