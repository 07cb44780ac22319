"""Name the degenerate shape of a completion, or ``None`` for an ordinary one (the bench's degenerate classifier).

Lives in ``rewards`` so reward wrappers (:mod:`rewardcheck.rewards.guarded`) can use it without importing ``bench``;
``rewardcheck.bench.scan.degenerate`` re-exports it for the scan.

>>> [classify_degenerate(t) for t in ["", " \\n", "<think></think>", "First, Finally,", "\\\\boxed{}. " * 8]]
['empty', 'whitespace', 'tags_only', 'markers_only', 'boxed_loop']
>>> classify_degenerate("the " * 40), classify_degenerate("What is 2+2?", prompt="What is 2+2?")
('repetition', 'prompt_echo')
>>> classify_degenerate("We add 2 and 2 to get 4, so the answer is \\\\boxed{4}.") is None
True
"""

from __future__ import annotations

import zlib
from functools import lru_cache

from rewardcheck.rewards import rx
from rewardcheck.rewards.cache_bounds import DEGENERATE_KINDS

__all__ = ["DEGENERATE_LABELS", "classify_degenerate", "degenerate_kind", "states_final_answer"]

DEGENERATE_LABELS = (
    "empty",
    "whitespace",
    "tags_only",
    "markers_only",
    "repetition",
    "prompt_echo",
    "boxed_loop",
    "filler_loop",
)

_TAGS = rx.compile(r"</?think>|</?answer>|<\|[^|>]{1,40}\|>|<\｜[^>]{1,40}\｜>")
_MARKERS = rx.compile(
    r"Step\s*\d+\s*:|\b\d+\.|(?m:^\s*[-*])|\b(?:First|Second|Third|Next|Then|Finally|Lastly)\b\s*,?",
    rx.IGNORECASE,
)
_BOXED = rx.compile(r"\\boxed\s*\{[^{}]{0,20}\}")
_FILLER = rx.compile(r"[\s.,;:!?…\-*]+")
# Shortcuts below prove a slow test cannot fire, so long ordinary completions skip it (scan runs this per row).
_WORD = rx.compile(r"[^\W\d_]{2,}")
_MARKER_WORDS = frozenset({"first", "second", "third", "next", "then", "finally", "lastly", "step"})
_WHITESPACE = " \t\n\r\f\v"


def _norm(text: str) -> str:
    return " ".join(text.split()).lower()


def _may_be_markers_only(untagged: str) -> bool:
    # Marker and filler removal never delete a run of 2+ letters that is not a marker word.
    return all(m.group().lower() in _MARKER_WORDS for m in _WORD.finditer(untagged))


def _non_whitespace_at_most(text: str, bound: float) -> bool:
    # a prefix with more non-whitespace characters than the bound settles it without counting the rest
    head = text[: 4 * int(bound) + 64]
    if len(head) - sum(head.count(c) for c in _WHITESPACE) > bound:
        return False
    return len(text) - sum(text.count(c) for c in _WHITESPACE) <= bound


def _is_repetition(text: str) -> bool:
    words = text.split()
    if len(words) >= 12:
        n = len(words) - 2
        # distinct 3-grams >= distinct words - 2, so many distinct words rule repetition out cheaply
        if (len(set(words)) - 2) / n < 0.25 and len(
            set(zip(words, words[1:], words[2:], strict=False))
        ) / n < 0.25:
            return True
    if len(text) >= 200:
        raw = text.encode("utf-8", errors="replace")
        if len(zlib.compress(raw)) / len(raw) < 0.08:
            return True
    return False


LOOP_WINDOW = 8000  # a loop runs to the generation limit: its tail is enough, and the cost stays bounded
LOOP_MIN_LINES = 6
LOOP_LINE_REPEATS = 0.5  # share of lines that repeat an earlier line of the window
LOOP_MIN_WORDS = 60
LOOP_GRAM = 6
LOOP_GRAM_REPEATS = 0.6  # share of word 6-grams that repeat an earlier one
_LETTERS = rx.compile(r"[^\W\d_](?:.*?[^\W\d_]){2}")  # a line with 3+ letters (not "\[" or "= 4")
# A stated final answer: a closed box with content, "answer is <value>", GSM8K "#### N" or "A: N".
_FINAL = rx.compile(
    r"\\boxed\s*\{(?:[^{}\n]|\{(?:[^{}\n]|\{[^{}\n]*\})*\})+\}|answer is\s*[:$]?\s*[-\d\\(]|####\s*-?\d|^A:\s*-?\d",
    rx.MULTILINE | rx.IGNORECASE,
)


def states_final_answer(text: str) -> bool:
    """Whether ``text`` states a final answer (a closed box with content, "answer is <value>", "#### N", "A: N").

    >>> states_final_answer("So the answer is 7."), states_final_answer("Let me check this again.")
    (True, False)
    """
    return _FINAL.search(text) is not None


AFTER_ANSWER_LINES = 2  # lines with words after the last stated answer: this many, and the loop runs on
_CLOSED = (".", "}", "!", "?", "$", ")", "]", "*")  # how a text that was not cut off mid-line ends
_NUMBER = rx.compile(r"\d+(?:[.,]\d+)*")


def _loop_lines(text: str) -> list[str]:
    """Lines with words, normalised; numbers masked, so that a loop varying only its numbers is still one."""
    return [
        _NUMBER.sub("#", " ".join(line.split()).lower())
        for line in text.splitlines()
        if _LETTERS.search(line)
    ]


def _commits_to_an_answer(tail: str) -> bool:
    """Whether the text ends on a stated final answer it commits to: it ends on the answer's line, or a short
    close follows. It does not when the last answer's line restates an earlier one with another value (a loop
    that mentions answers in passing commits to none of them), when ``AFTER_ANSWER_LINES`` lines of words or one
    said before follow it, or when what follows stops mid-line (a loop cut off at the limit)."""
    window = tail[-2000:]
    matches = list(_FINAL.finditer(window))
    if not matches:
        return False
    lines = [_answer_line(window, m) for m in matches]
    last = lines[-1]
    if any(_shape(line) == _shape(last) and _value(line) != _value(last) for line in lines[:-1]):
        return False
    cut = window.find("\n", matches[-1].end())
    after = [] if cut < 0 else _loop_lines(window[cut:])
    if not after:
        return True  # the text ends on its answer's line
    if len(after) >= AFTER_ANSWER_LINES or not window.rstrip().endswith(_CLOSED):
        return False
    before = tail[: len(tail) - len(window) + matches[-1].start()]
    return not set(after) & set(_loop_lines(before))


def _shape(line: str) -> str:
    return _NUMBER.sub("#", line).rstrip(" .")


def _value(line: str) -> str:
    return line.rstrip(" .")


def _answer_line(window: str, match: rx.Match) -> str:
    start = window.rfind("\n", 0, match.start()) + 1
    stop = window.find("\n", match.end())
    return " ".join(window[start : None if stop < 0 else stop].split()).lower()


def _is_filler_loop(text: str) -> bool:
    """A fluent loop: lines or word 6-grams repeated within one output, and no final answer it commits to
    (:func:`_commits_to_an_answer`).

    Calibrated on ``../shared/realdata`` (9,651 real completions of 5 sources) and on the repro's SFT traces,
    which repeat checking lines by design but end in an answer: the only real completions it flags are cut-off
    loops and ``\\boxed{}. \\boxed{}.`` runs; it flags no SFT trace (``tests/test_degenerate_loops.py``).
    A loop with answers in passing is what the DeepSpeed-Chat guard runs drifted to once a stated answer
    exempted any text (``fixtures/runs/cure/dschat``).
    """
    tail = text[-LOOP_WINDOW:]
    if _commits_to_an_answer(tail):
        return False
    lines = _loop_lines(tail)
    if len(lines) >= LOOP_MIN_LINES and 1 - len(set(lines)) / len(lines) >= LOOP_LINE_REPEATS:
        return True
    words = tail.lower().split()
    if len(words) < LOOP_MIN_WORDS:
        return False
    grams = list(zip(*(words[i:] for i in range(LOOP_GRAM)), strict=False))
    return 1 - len(set(grams)) / len(grams) >= LOOP_GRAM_REPEATS


def echoes_prompt(text: str, prompt: str) -> bool:
    """Does ``text`` only restate ``prompt`` (the whole of it, a sentence of 20+ characters of it, or the prompt
    with at most a tenth more)? Case and spacing are ignored.

    >>> echoes_prompt("Tom has 17 apples and buys 25 more.", "Tom has 17 apples and buys 25 more. How many?")
    True
    >>> echoes_prompt("He has 42 apples.", "Tom has 17 apples and buys 25 more. How many?")
    False
    """
    # every echo rule needs the normalised text no longer than 1.1 x the prompt
    if not _non_whitespace_at_most(text, 1.1 * len(prompt) + 1):
        return False
    t, p = _norm(text), _norm(prompt)
    return bool(t) and (
        t == p or (len(t) >= 20 and t in p) or (len(p) >= 20 and t.startswith(p) and len(t) <= len(p) * 1.1)
    )


def classify_degenerate(text: str, prompt: str | None = None) -> str | None:
    """One of ``DEGENERATE_LABELS`` when ``text`` carries no real attempt, else ``None``."""
    if text == "":
        return "empty"
    if not text.strip():
        return "whitespace"
    untagged = _TAGS.sub("", text) if "<" in text else text
    if not untagged.strip():
        return "tags_only"
    if _may_be_markers_only(untagged) and not _FILLER.sub("", _MARKERS.sub("", untagged)):
        return "markers_only"
    if prompt and echoes_prompt(untagged, prompt):
        return "prompt_echo"
    if (
        untagged.count("\\boxed") >= 5
        and len(_BOXED.findall(untagged)) >= 5
        and len(_FILLER.sub("", _BOXED.sub("", untagged))) <= 0.1 * len(untagged)
    ):
        return "boxed_loop"
    if _is_repetition(untagged):
        return "repetition"
    if _is_filler_loop(untagged):
        return "filler_loop"
    return None


@lru_cache(maxsize=DEGENERATE_KINDS)  # collapsed runs repeat the same degenerate output many times
def degenerate_kind(text: str, prompt: str = "") -> str | None:
    """:func:`classify_degenerate` with a cache and ``""`` meaning "no prompt" (the scan's and the guard's call)."""
    return classify_degenerate(text, prompt or None)
