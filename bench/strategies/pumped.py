r"""Pumped inputs: one piece repeated up to tens of thousands of characters, at every place a reader tells
apart. A policy under RL writes whatever it is paid for, long runs of one character included, and a
backtracking regex blows up on exactly such a run.

A case is a realistic completion with an answer, a *piece* (a character, a token, a word, a LaTeX command,
an answer anchor) and a *position* (before, inside or after the answer, between two answers, inside a tag,
inside the answer's clause). ``case.pumped(n)`` is the completion with the piece repeated to ``n``
characters at that place; ``case.plain`` is the same completion with the piece once.

>>> case = PumpCase(piece=PIECES["space"], position=POSITIONS["between_answers"])
>>> text = case.pumped(40)
>>> text.count(" ") >= 40, case.plain.count(" ") < 40, case.gold
(True, True, '2')
>>> len(CASES) == len(PIECES) * len(POSITIONS)
True
"""

from __future__ import annotations

from dataclasses import dataclass

from hypothesis import strategies as st

__all__ = [
    "Piece",
    "Position",
    "PumpCase",
    "PIECES",
    "POSITIONS",
    "CASES",
    "FIXED_PUMPS",
    "QUICK_PUMPS",
    "MAX_PUMP_CHARS",
    "pump_cases",
    "pumped_completions",
]

MAX_PUMP_CHARS = 30_000


@dataclass(frozen=True)
class Piece:
    """What is repeated. ``neutral``: a run of it changes no reading (whitespace, repeated punctuation), so a
    reward must give the pumped completion what it gives the plain one."""

    name: str
    text: str
    kind: str  # "character", "token", "word", "latex", "anchor"
    neutral: bool = False


@dataclass(frozen=True)
class Position:
    """Where the run goes: ``template`` holds the completion with ``{run}`` where the run stands; the run of
    a neutral piece there leaves the answer's reading unchanged when ``neutral_ok``."""

    name: str
    template: str
    gold: str
    neutral_ok: bool = True


def _pieces() -> dict[str, Piece]:
    rows = [
        Piece("space", " ", "character", True),
        Piece("tab", "\t", "character", True),
        Piece("newline", "\n", "character", True),
        Piece("nbsp", "\u00a0", "character", True),
        Piece("dollar", "$", "character"),
        Piece("star", "*", "character"),
        Piece("dot", ".", "character", True),
        Piece("comma", ",", "character"),
        Piece("digit", "7", "character"),
        Piece("brace", "}", "character"),
        Piece("backslash_space", "\\ ", "latex", True),
        Piece("bold", "**", "token"),
        Piece("display", "$$", "token"),
        Piece("ellipsis", "...", "token", True),
        Piece("word_wait", "wait ", "word"),
        Piece("word_the", "the ", "word"),
        Piece("word_not", "not ", "word"),
        Piece("quad", "\\quad ", "latex", True),
        Piece("frac", "\\frac{", "latex"),
        Piece("left", "\\left(", "latex"),
        Piece("boxed_open", "\\boxed{", "latex"),
        Piece("boxed_answer", "\\boxed{1} ", "anchor"),
        Piece("answer_mark", "Answer: ", "anchor"),
        Piece("answer_is", "The answer is ", "anchor"),
        Piece("gsm_mark", "#### ", "anchor"),
        Piece("answer_tag", "<answer>", "anchor"),
        Piece("choice_letter", "(C) ", "token"),  # each one a candidate of the same statement
        Piece("choice_hangul", "C입니다 ", "word"),
        Piece("number_word", "twelve ", "word"),
        Piece("cjk_numeral", "十二", "word"),
        Piece("number_phrase", "yirmi yedi ", "word"),  # number words of another language, read as one number
        Piece("compound_word", "veinti", "word"),  # one ever longer word that starts like a compound number
        Piece("relative", ", which is 5", "word"),
        Piece(
            "cjk_places", "1万2千", "token"
        ),  # digits with CJK place signs, read as one number up to a bound
        Piece("factorial", "5! ", "token"),
        Piece("whether", "whether 13 ", "word"),
    ]
    return {p.name: p for p in rows}


def _positions() -> dict[str, Position]:
    think = "<think>\nWe add the numbers: 1 + 1 = 2, so the total is 2.\n</think>\n"
    rows = [
        Position(
            "before_answer", "<think>\nWe add 1 and 1.{run}\n</think>\nThe answer is $\\boxed{2}$.", "2"
        ),
        Position("inside_answer", think + "The answer is $\\boxed{2{run}}$.", "2", neutral_ok=False),
        Position("after_answer", think + "The answer is $\\boxed{2}$.{run}", "2"),
        # a run that is a statement of its own after the answer's (each of its values read in one clause)
        Position("after_sentence", think + "The answer is $\\boxed{2}$. {run}", "2"),
        Position(
            "between_answers",
            think
            + "I first wrote \\boxed{1}.{run}\nWait, that was a slip: 1 + 1 = 2, so the answer is \\boxed{2}.",
            "2",
        ),
        Position("inside_tag", "<think>\nWe add 1 and 1.\n</think>\n<answer>{run}\\boxed{2}</answer>", "2"),
        Position("inside_clause", think + "So the final answer is{run} $\\boxed{2}$.", "2"),
        Position("no_tags", "We add 1 and 1 to get 2.{run}\nThe answer is \\boxed{2}", "2"),
    ]
    return {p.name: p for p in rows}


PIECES: dict[str, Piece] = _pieces()
POSITIONS: dict[str, Position] = _positions()


@dataclass(frozen=True)
class PumpCase:
    piece: Piece
    position: Position

    @property
    def name(self) -> str:
        return f"{self.piece.name}@{self.position.name}"

    @property
    def gold(self) -> str:
        return self.position.gold

    @property
    def plain(self) -> str:
        """The same completion with the piece once where the run stands."""
        return self.position.template.replace("{run}", self.piece.text)

    @property
    def neutral(self) -> bool:
        """A reward must pay the pumped completion what it pays the plain one."""
        return self.piece.neutral and self.position.neutral_ok

    def pumped(self, n: int) -> str:
        """The completion with the piece repeated to (at least) ``n`` characters at the position."""
        reps = max(1, -(-n // len(self.piece.text)))
        return self.position.template.replace("{run}", self.piece.text * reps)


CASES: tuple[PumpCase, ...] = tuple(PumpCase(p, q) for p in PIECES.values() for q in POSITIONS.values())

# The pieces found to hang a backtracking reader between two answers, at the places they were found: the
# checker's fixed cases (the search draws from every case)
_HANGING = ("space", "tab", "dollar", "star", "digit", "dot", "comma", "nbsp", "backslash_space")
FIXED_PUMPS: tuple[PumpCase, ...] = tuple(
    PumpCase(PIECES[p], POSITIONS[q])
    for q in ("between_answers", "inside_tag", "inside_answer")
    for p in _HANGING
)


# A quick check runs the fixed cases between two answers only (where the backtracking readers were found to
# hang); a deep one runs them all.
QUICK_PUMPS: tuple[PumpCase, ...] = tuple(c for c in FIXED_PUMPS if c.position.name == "between_answers")


def pump_cases() -> st.SearchStrategy[PumpCase]:
    """Any (piece, position) case; shrinks toward the first piece and position."""
    return st.sampled_from(CASES)


@st.composite
def pumped_completions(draw: st.DrawFn, max_chars: int = MAX_PUMP_CHARS) -> tuple[PumpCase, str]:
    """A case and its completion pumped to a drawn length (up to ``max_chars``; shrinks toward short runs)."""
    case = draw(pump_cases())
    n = draw(st.integers(1, max_chars))
    return case, case.pumped(n)
