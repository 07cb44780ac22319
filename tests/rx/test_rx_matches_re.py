"""rx runs Python-syntax patterns on RE2 and must find exactly what Python's ``re`` finds (or refuse the pattern at
compile time): random patterns from a small grammar, random texts, every call compared."""

from __future__ import annotations

import re

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from rewardcheck.rewards import rx

ALPHABET = "ab1 \n_\\é"

_atoms = st.sampled_from(
    [
        "a",
        "b",
        "1",
        " ",
        "\\\\",
        "é",
        "[ab]",
        "[^a]",
        "[^a\\s]",
        "\\d",
        "\\w",
        "\\s",
        "\\W",
        ".",
        "[a-z]",
        "[^\\w.]",
    ]
)
_looks = st.sampled_from(
    [
        "(?<![a-z\\\\])",
        "(?<=[ 1])",
        "(?<!\\w)",
        "(?![a-z])",
        "(?=\\w)",
        "(?!\\s)",
        "(?=[b1])",
        "\\b",
        "\\B",
        "^",
        "$",
        "\\A",
        "\\Z",
    ]
)


def _patterns() -> st.SearchStrategy[str]:
    def extend(inner: st.SearchStrategy[str]) -> st.SearchStrategy[str]:
        return st.one_of(
            st.tuples(inner, inner).map("".join),
            st.tuples(inner, inner).map(lambda t: f"(?:{t[0]}|{t[1]})"),
            st.tuples(inner, st.sampled_from(["*", "+", "?", "{0,2}", "{1,3}", "*?", "??", "{2}"])).map(
                lambda t: f"(?:{t[0]}){t[1]}"
            ),
            inner.map(lambda p: f"({p})"),
        )

    return st.recursive(st.one_of(_atoms, _looks), extend, max_leaves=8)


_texts = st.text(alphabet=ALPHABET, max_size=12)
_flags = st.sampled_from([0, re.I, re.M, re.S, re.I | re.M])


def _spans(m: re.Match[str] | rx.Match | None) -> object:
    if m is None:
        return None
    return tuple(m.span(i) for i in range(m.re.groups + 1))


@settings(
    max_examples=int(__import__("os").environ.get("RX_EXAMPLES", "400")),
    deadline=None,
    suppress_health_check=[HealthCheck.filter_too_much, HealthCheck.too_slow],
)
@given(pattern=_patterns(), texts=st.lists(_texts, min_size=1, max_size=4), flags=_flags)
def test_every_call_agrees_with_python(pattern: str, texts: list[str], flags: int) -> None:
    try:
        expected = re.compile(pattern, flags)
    except re.error:
        assume(False)
        return
    try:
        ours = rx.compile(pattern, flags)
    except rx.Untranslatable:
        assume(False)
        return
    for text in texts:
        if "\\B" in pattern:
            text = text or "a"  # Python before 3.14 never matches \B in an empty string; RE2 (and 3.14) do
        assert _spans(ours.search(text)) == _spans(expected.search(text)), (pattern, text)
        for pos in range(len(text) + 1):
            assert _spans(ours.search(text, pos)) == _spans(expected.search(text, pos)), (pattern, text, pos)
            assert _spans(ours.match(text, pos)) == _spans(expected.match(text, pos)), (pattern, text, pos)
            end = len(text) - pos
            if end == 0 and "\\B" in pattern:
                continue
            assert _spans(ours.fullmatch(text, 0, end)) == _spans(expected.fullmatch(text, 0, end)), (
                pattern,
                text,
            )
        if any(m.start() == m.end() for m in expected.finditer(text)):
            continue  # after an empty match rx searches on from the next character (see rx.matching)
        assert [_spans(m) for m in ours.finditer(text)] == [_spans(m) for m in expected.finditer(text)], (
            pattern,
            text,
        )
        assert ours.sub("<\\g<0>>", text) == expected.sub("<\\g<0>>", text), (pattern, text)
        assert ours.split(text) == expected.split(text), (pattern, text)


@pytest.mark.parametrize(
    "pattern, text",
    [
        (r"(?<![A-Za-z\\])or(?![A-Za-z])", "color or \\or or"),
        (r"\bthe\s+answer\b\s*,?", "the answer, the answerx the answer"),
        (r"(?:ab|c,)[^\n.$]{0,4}?\b(?:it|be)", "ab it c,be abit"),
        (r"x(?:(?<!x)a|b)", "xa xb"),
        (r"(?:a(?!b)|c)d", "ad abd cd"),
        (r"\w+(?<!s)\b", "cats dog s"),
    ],
)
def test_moved_lookarounds_agree(pattern: str, text: str) -> None:
    ours, expected = rx.compile(pattern, re.I), re.compile(pattern, re.I)
    assert [_spans(m) for m in ours.finditer(text)] == [_spans(m) for m in expected.finditer(text)]


def test_templates_and_groups_like_python() -> None:
    p, q = rx.compile(r"(?P<n>\d+)-(\w)?"), re.compile(r"(?P<n>\d+)-(\w)?")
    text = "12-a 3- 45-b"
    assert p.sub(r"[\g<n>|\2|\1]", text) == q.sub(r"[\g<n>|\2|\1]", text)
    assert p.findall(text) == q.findall(text)
    m, n = p.search(text), q.search(text)
    assert m is not None and n is not None
    assert (m.groupdict(), m.lastindex, m.lastgroup, m.groups()) == (
        n.groupdict(),
        n.lastindex,
        n.lastgroup,
        n.groups(),
    )


def test_non_ascii_offsets_are_characters() -> None:
    text = "é" * 5 + " réponse finale : 42 " + "中文" * 3 + " 答案 7"
    for pattern in (r"\d+", r"(?<!\w)r\w+", r"答案\s*(\d)", r"\b\w+\b"):
        assert [_spans(m) for m in rx.finditer(pattern, text)] == [
            _spans(m) for m in re.finditer(pattern, text)
        ]


@pytest.mark.parametrize(
    "pattern, why",
    [
        (r"(a)\1", "backreference"),
        (r"(?<=ab)c", "wider than one character"),
        (r"a{2000}", "repeat count"),
        (r"(?>a+)b", "atomic"),
    ],
)
def test_what_needs_backtracking_is_refused(pattern: str, why: str) -> None:
    with pytest.raises(rx.Untranslatable, match=why):
        rx.compile(pattern)
