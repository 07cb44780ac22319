r"""Pure string work on completions: the final-answer region, boxed answers, answer anchors, normalisation.

Nothing here calls sympy, so it is cheap and cannot hang on adversarial input (linear scans only).

>>> layout = split_layout("<think>\nlet me see\n</think>\nSo \\boxed{3}.")
>>> layout.reasoning.strip(), layout.final.strip()
('let me see', 'So \\boxed{3}.')
>>> extract_answer(layout.final).answer
'3'
>>> extract_answer("It is \\boxed{3} or \\boxed{4}.").alternatives
('3', '4')
>>> normalise(" \\dfrac{1}{2} ."), normalise("\\left( 1,2 \\right)")
('\\frac{1}{2}', '(1,2)')
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

__all__ = [
    "Layout",
    "AnswerSpan",
    "split_layout",
    "extract_answer",
    "boxed_contents",
    "normalise",
    "strip_math_delimiters",
]

THINK_OPEN = "<think>"
THINK_CLOSE = "</think>"
SKY_OPEN = "<|begin_of_thought|>"
SKY_CLOSE = "<|end_of_thought|>"


@dataclass(frozen=True)
class Layout:
    """Where the reasoning ends and the final answer begins.

    ``final`` is ``None`` when the completion ends inside an open reasoning block (no final-answer region).
    ``reasoning`` is the think-block content (``None`` when the completion has no think block at all);
    ``prefilled`` is True when the completion closes a think block it never opened (the chat template opened it).
    ``think_blocks`` is 0, 1 or 2 (two or more closing tags), so a second think block can be refused.
    """

    reasoning: str | None
    final: str | None
    prefilled: bool = False
    think_blocks: int = 0
    style: str = "plain"


def split_layout(text: str, think_prefilled: bool = False) -> Layout:
    if SKY_OPEN in text or SKY_CLOSE in text:
        start = text.find(SKY_OPEN)
        end = text.rfind(SKY_CLOSE)
        if end < 0:
            return Layout(text[start + len(SKY_OPEN) :], None, style="sky_t1")
        begin = start + len(SKY_OPEN) if 0 <= start < end else 0
        return Layout(
            text[begin:end],
            text[end + len(SKY_CLOSE) :],
            prefilled=start < 0,
            think_blocks=1 if text.find(SKY_CLOSE) == end else 2,
            style="sky_t1",
        )
    close = text.rfind(THINK_CLOSE)
    if close < 0:
        open_at = text.find(THINK_OPEN)
        if open_at >= 0:
            return Layout(text[open_at + len(THINK_OPEN) :], None, style="think")
        if think_prefilled:
            return Layout(text, None, prefilled=True, style="think")
        return Layout(None, text)
    first_close = text.find(THINK_CLOSE)
    open_at = text.find(THINK_OPEN)
    prefilled = open_at < 0 or open_at > first_close
    begin = 0 if prefilled else open_at + len(THINK_OPEN)
    return Layout(
        text[begin:first_close],
        text[close + len(THINK_CLOSE) :],
        prefilled=prefilled,
        think_blocks=1 if first_close == close else 2,
        style="think",
    )


_BOXED_AT = re.compile(r"\\(?:boxed|fbox)\s*(?:(\{)|(?<=boxed) +([^\s${}\\]+))")
_BRACE = re.compile(r"[{}]")
MAX_BOXES = (
    16  # boxes looked at from the end (a looping model writes thousands; the answer is in the last few)
)
MAX_BOX_CHARS = 2000  # a box whose braces do not close within this many characters is not an answer


def _box_at(text: str, i: int) -> tuple[int, int, str] | None:
    m = _BOXED_AT.match(text, i)
    if m is None:
        return None
    if m.group(2) is not None:
        return (i, m.end(), m.group(2))
    depth = 0
    for b in _BRACE.finditer(text, m.start(1), m.start(1) + MAX_BOX_CHARS):
        depth += 1 if b.group() == "{" else -1
        if depth == 0:
            return (i, b.end(), text[m.end(1) : b.end() - 1])
    return None  # unbalanced (an unfinished box is no answer) or implausibly long


def boxed_contents(text: str, limit: int = MAX_BOXES) -> list[tuple[int, int, str]]:
    """The last ``limit`` ``\\boxed{...}`` / ``\\fbox{...}`` (and ``\\boxed 5``) as (start, end, content), in
    text order, braces balanced. Scans backwards from the end, so cost does not grow with earlier boxes."""
    found: list[tuple[int, int, str]] = []
    pos = len(text)
    fbox = text.rfind("\\fbox")  # rare: found once, then only searched again once we pass it
    for _ in range(limit):
        if fbox >= pos:
            fbox = text.rfind("\\fbox", 0, pos)
        i = max(text.rfind("\\boxed", 0, pos), fbox)
        if i < 0:
            break
        box = _box_at(text, i)
        if box is not None and (not found or box[1] <= found[-1][0]):
            found.append(box)
        pos = i
    found.reverse()
    return found


@dataclass(frozen=True)
class AnswerSpan:
    """The final answer as written, how it was found, and competing alternatives when there are some."""

    answer: str | None
    how: str
    alternatives: tuple[str, ...] = ()


# Text that joins two boxed answers offered as alternatives: a bare conjunction or punctuation.
_JOINER = re.compile(
    r"^[\s$.,;:/\\()\[\]]*(?:or|and|,|;|/|\\text\{\s*(?:or|and)\s*\}|\\(?:quad|qquad|lor|vee))?[\s$.,;:\\()\[\]]*$",
    re.IGNORECASE,
)
_ANSWER_TAG = re.compile(r"<answer>(.*?)(?:</answer>|$)", re.DOTALL)
_ANSWER_IS = re.compile(
    r"(?:final answer|the answer|same answer)\s*(?:is|:|=)\s*(?:indeed|still|clearly|simply|just|exactly)?\s*:?\s*(.+)",
    re.IGNORECASE,
)
_PROSE_WORD = re.compile(r"\s+[A-Za-z]{3,}\b")
_ANSWER_LINE = re.compile(r"[ \t]*(?:(?:Answer|A)[ \t]*:|####)[ \t]*(.+)")
ANCHOR_TAIL = 3000  # an "answer is" sentence is looked for near the end only


_ANSWER_IS_PREFIXES = ("final ", "the ", "same ")


def _answer_is_matches(region: str) -> list[re.Match[str]]:
    """What ``_ANSWER_IS.finditer(region)`` finds, without its slow case-insensitive scan of every position:
    a match can only start a prefix's length before an occurrence of "answer", found with ``str.find``."""
    low = region.lower()
    starts: set[int] = set()
    i = low.find("answer")
    while i >= 0:
        starts.update(
            i - len(p) for p in _ANSWER_IS_PREFIXES if i >= len(p) and low.startswith(p, i - len(p))
        )
        i = low.find("answer", i + 1)
    found: list[re.Match[str]] = []
    end = 0
    for start in sorted(starts):
        if start < end:
            continue  # inside the previous match, as finditer would skip it
        m = _ANSWER_IS.match(region, start)
        if m is not None:
            found.append(m)
            end = max(m.end(), start + 1)
    return found


def _anchored(region: str) -> str | None:
    region = region[-ANCHOR_TAIL:]
    value = None
    for m in _answer_is_matches(region):
        value = m.group(1)
    lines = [line for line in region.rsplit("\n", 6)[-6:] if line.strip()]
    for line in lines[-3:]:
        hit = _ANSWER_LINE.match(line)
        if hit is not None:
            inner = _ANSWER_IS.search(hit.group(1))
            value = inner.group(1) if inner else hit.group(1)
    if value is None:
        return None
    value = value.strip()
    math = re.search(r"\$([^$]+)\$|\\\((.+?)\\\)|\\\[(.+?)\\\]", value)
    if math:
        value = next(g for g in math.groups() if g is not None)
    else:
        value = value.split("\n", 1)[0]
        # "9 customers", "28 different pizzas": the answer is the math before the first plain word
        word = _PROSE_WORD.search(value)
        if word is not None and word.start() > 0:
            if value[: word.start()].strip().rstrip(",.:;").isalpha():
                return None  # "so the answer is so the answer is ...": a sentence goes on, no value
            value = value[: word.start()]
    value = value.strip().rstrip(".").strip()
    return value or None


_CONNECTIVE = re.compile(
    r"(?:^|(?<=[.!?])\s+)(?:Therefore|Thus|Hence|So|In conclusion|Finally),?\s", re.MULTILINE
)
_IS = re.compile(r"\s(?:is|equals)(?:\s+(?:indeed|still|clearly|just|exactly))?\s*:?\s*")
_MATH_SPAN = re.compile(r"\s*(?:\$\$(.+?)\$\$|\$([^$]+)\$|\\\((.+?)\\\)|\\\[(.+?)\\\])", re.DOTALL)


def _sentence_value(rest: str) -> str:
    """Text up to the end of its sentence: a period, semicolon or newline, or a comma outside brackets."""
    depth = 0
    for k, ch in enumerate(rest):
        if ch in "([{":
            depth += 1
        elif ch in ")]}":
            depth -= 1
        elif ch == "\n" or (ch in ".;," and depth <= 0 and (k + 1 == len(rest) or rest[k + 1].isspace())):
            return rest[:k]
    return rest


def _concluded(region: str) -> str | None:
    """A conclusion sentence near the end ("Therefore, the value of n is 3."): the value after its last
    "is" / "equals" (or, without one, its last "="), as math when delimited, else up to the sentence end."""
    tail = region[-1500:]
    paras = [m.start() for m in re.finditer(r"\S[^\n]*(?:\n(?!\s*\n)[^\n]*)*", tail)][-3:]
    for start in reversed(paras):
        starts = list(_CONNECTIVE.finditer(tail, start))
        if not starts:
            continue
        sent = tail[starts[-1].end() : starts[-1].end() + 600]
        head, _, after = sent.partition("\n\n")
        sent = head + "\n\n" + after.split("\n\n", 1)[0] if head.rstrip().endswith(":") else head
        hits = list(_IS.finditer(sent))
        if hits:
            rest = sent[hits[-1].end() :]
        elif "=" in sent:
            rest = sent[sent.rfind("=") + 1 :]
        else:
            continue
        m = _MATH_SPAN.match(rest)
        if m is not None:
            value = next(g for g in m.groups() if g is not None)
        elif not re.match(r"\s*[-+(\\\d]", rest):
            continue  # "So this is a hard problem": prose, not a value
        else:
            value = _sentence_value(rest)
            value = value.replace("\\)", "").replace("$", "")
            word = _PROSE_WORD.search(value)
            if word is not None and word.start() > 0:
                value = value[: word.start()]
        value = value.strip().rstrip(".").strip()
        if value and len(value) <= 80:
            return value
    return None


def extract_answer(region: str) -> AnswerSpan:
    """The final answer in a final-answer region: the last boxed answer; alternatives when the last boxes are
    different answers joined by a bare conjunction; else an ``<answer>`` block or an "answer is" anchor."""
    tag = None
    tags = _ANSWER_TAG.findall(region)
    if tags:
        tag = tags[-1]
        region = tag
    boxes = [(s, e, c.strip()) for s, e, c in boxed_contents(region) if c.strip()]
    if boxes:
        last = boxes[-1]
        group = [last[2]]
        for prev, nxt in zip(reversed(boxes[:-1]), reversed(boxes[1:]), strict=False):
            if not _JOINER.match(region[prev[1] : nxt[0]]):
                break
            group.append(prev[2])
        group.reverse()
        distinct = tuple(dict.fromkeys(group))
        if len({normalise(g) for g in distinct}) > 1:
            return AnswerSpan(last[2], "boxed alternatives", distinct)
        return AnswerSpan(last[2], "last boxed answer")
    anchored = _anchored(region)
    if anchored is not None:
        return AnswerSpan(anchored, "answer anchor")
    concluded = _concluded(region)
    if concluded is not None:
        return AnswerSpan(concluded, "conclusion sentence")
    if tag is not None and tag.strip():
        return AnswerSpan(strip_math_delimiters(tag.strip()), "<answer> block")
    return AnswerSpan(None, "no boxed answer or answer anchor in the final-answer region")


def strip_math_delimiters(s: str) -> str:
    s = s.strip()
    for left, right in (("$$", "$$"), ("$", "$"), ("\\(", "\\)"), ("\\[", "\\]")):
        if s.startswith(left) and s.endswith(right) and len(s) >= len(left) + len(right):
            return s[len(left) : len(s) - len(right)].strip()
    return s


_SPACING = re.compile(r"\\left|\\right|\\displaystyle|\\[,!;: ]|~|\s+")
_WRAPPER = re.compile(r"^\\(?:text|textbf|mathrm|mbox|mathbf)\{(.*)\}$")


@lru_cache(maxsize=65536)
def normalise(s: str) -> str:
    """A canonical spelling for the string fast path; two answers with equal normal forms are equal."""
    s = strip_math_delimiters(s)
    s = _SPACING.sub("", s)
    s = s.replace("\\dfrac", "\\frac").replace("\\tfrac", "\\frac").replace("\\$", "")
    s = s.rstrip(".")
    while True:
        m = _WRAPPER.match(s)
        if m is None or "}" in m.group(1) and "{" not in m.group(1):
            break
        s = m.group(1)
    if s.startswith("{") and s.endswith("}") and "}" not in s[1:-1] and "{" not in s[1:-1]:
        s = s[1:-1]
    return s
