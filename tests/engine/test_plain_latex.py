"""A value in plain LaTeX read without the LaTeX grammar (:mod:`rewardcheck.rewards.engine.plain_latex`,
used by ``mathcore``'s value parse) must give math-verify's own value node for node: the same classes, the same
arguments in the same order, the same assumptions on every variable, the same printed form. Each test
compares the fast reading with math-verify's parse of the same string in the same process.
"""

from __future__ import annotations

import itertools
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rewardcheck.rewards.engine import mathcore
from rewardcheck.rewards.engine.plain_latex import LETTERS, plain_value

ROOT = Path(__file__).resolve().parents[2]


def _same(a: Any, b: Any) -> bool:
    """Node for node: class, argument order, a variable's assumptions."""
    if type(a) is not type(b):
        return False
    if a.is_Symbol:
        return bool(a == b) and a.assumptions0 == b.assumptions0
    if a.is_Atom:
        return bool(a == b)
    return len(a.args) == len(b.args) and all(_same(x, y) for x, y in zip(a.args, b.args, strict=True))


def _math_verify_parse(expr: str, monkeypatch: pytest.MonkeyPatch) -> mathcore.Parsed:
    with monkeypatch.context() as m:
        m.setattr(mathcore, "_plain", lambda expr: None)
        return mathcore._parse_value(expr)


def _agrees(expr: str, monkeypatch: pytest.MonkeyPatch) -> bool | None:
    """None when the fast reader leaves ``expr`` to math-verify; else whether both give the same value."""
    fast = mathcore._plain(expr)
    if fast is None:
        return None
    slow = _math_verify_parse(expr, monkeypatch)
    return (
        slow.ok
        and len(slow.values) == len(fast.values) == 1
        and _same(slow.values[0], fast.values[0])
        and slow.matched == fast.matched
    )


# Values composed from small named pieces, spelled the ways models write them: polynomials, fractions,
# roots, pi, brackets, mixed numbers, powers of any of them, with and without spaces.
_integer = st.one_of(st.integers(0, 99).map(str), st.integers(100, 10**9 - 1).map(str))
_letter = st.sampled_from(sorted(LETTERS))
_small_exponent = st.one_of(
    st.integers(0, 9).map(str),
    st.integers(0, 99).map(lambda n: f"{{{n}}}"),
    st.integers(1, 9).map(lambda n: f"{{-{n}}}"),
    _letter.map(lambda v: f"{{{v}}}"),
)
_space = st.sampled_from(["", "", " "])


def _values(inner: st.SearchStrategy[str]) -> st.SearchStrategy[str]:
    two = st.tuples(inner, inner)
    return st.one_of(
        two.map(lambda p: f"\\frac{{{p[0]}}}{{{p[1]}}}"),
        inner.map(lambda a: f"\\sqrt{{{a}}}"),
        st.tuples(st.integers(2, 5), inner).map(lambda p: f"\\sqrt[{p[0]}]{{{p[1]}}}"),
        inner.map(lambda a: f"({a})"),
        st.tuples(inner, _small_exponent).map(lambda p: f"({p[0]})^{p[1]}"),
        st.tuples(inner, _space, inner).map("".join),  # side by side
        st.tuples(inner, st.sampled_from([" + ", " - ", "+", "-"]), inner).map("".join),
        inner.map(lambda a: f"-{a}"),
    )


_leaf = st.one_of(
    _integer,
    _letter,
    st.just("\\pi"),
    st.tuples(_letter, _small_exponent).map(lambda p: f"{p[0]}^{p[1]}"),
    st.tuples(_integer, _letter).map("".join),
)
_value = st.recursive(_leaf, _values, max_leaves=6)
_coefficient = _integer
_exponent = st.one_of(st.integers(0, 9).map(str), st.integers(0, 99).map(lambda n: f"{{{n}}}"))
_power = st.builds(lambda v, e: f"{v}^{e}", _letter, _exponent)
_factor = st.one_of(_letter, _power)
_term = st.one_of(
    _coefficient,
    st.lists(_factor, min_size=1, max_size=3).map("".join),
    st.builds(lambda c, f: c + "".join(f), _coefficient, st.lists(_factor, min_size=1, max_size=3)),
)
_joint = st.sampled_from([" + ", " - ", "+", "-"])
_polynomial = st.builds(
    lambda lead, first, rest: lead + first + "".join(j + t for j, t in rest),
    st.sampled_from(["", "-", "+"]),
    _term,
    st.lists(st.tuples(_joint, _term), max_size=5),
)


@settings(
    max_examples=300,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(expr=_value)
def test_a_generated_value_reads_as_math_verify_parses_it(expr: str, monkeypatch: pytest.MonkeyPatch) -> None:
    assert _agrees(expr, monkeypatch) is not False, expr


@settings(
    max_examples=300,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(expr=_polynomial)
def test_a_generated_polynomial_reads_as_math_verify_parses_it(
    expr: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert _agrees(expr, monkeypatch) is not False, expr


@pytest.mark.parametrize("where", ["{}", "3{}+1", "x^2-{}"])
def test_every_pair_of_letters_reads_as_math_verify_parses_it(
    where: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two letters side by side may spell something math-verify reads otherwise (a unit, "tr"): every pair
    the reader takes, at the start, inside and at the end."""
    taken = differ = 0
    for a, b in itertools.product(sorted(LETTERS), repeat=2):
        agrees = _agrees(where.format(a + b), monkeypatch)
        taken += agrees is not None
        differ += agrees is False
    assert differ == 0
    assert taken >= len(LETTERS) ** 2 // 2  # most pairs are read here, not left to math-verify


def test_every_fixture_polynomial_reads_as_math_verify_parses_it(
    monkeypatch: pytest.MonkeyPatch, labelled_expressions: list[str]
) -> None:
    results = {e: _agrees(e, monkeypatch) for e in labelled_expressions}
    assert [e for e, ok in results.items() if ok is False] == []
    assert sum(ok is True for ok in results.values()) >= 10  # the shape is common among real answers


@pytest.mark.parametrize(
    "expr",
    [
        "5yr",  # a unit math-verify's normalisation drops after a number
        "x + 3c",
        "n^2yr",
        "3m",
        "2x + 5 t",  # a spaced last letter is read as a unit
    ],
)
def test_a_polynomial_math_verify_reads_otherwise_is_left_to_it(
    expr: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert mathcore._plain(expr) is None
    assert _math_verify_parse(expr, monkeypatch).matched != str(plain_value(expr))


@pytest.mark.parametrize(
    "expr",
    [
        r"\sin x",
        "e^2",
        "2i",
        "2.5x",
        "x^y",
        "dx",
        "x^2 + ",
        "",
        "tr",
        r"\frac{1}{0}",
        "x^2^3",
        "1,000",
        r"\dfrac12",
    ],
)
def test_other_shapes_are_not_read_here(expr: str) -> None:
    assert plain_value(expr) is None


@pytest.mark.parametrize(
    "expr",
    [
        "a(0)",  # a letter or pi before a bracket is a function's value there
        "\\pi(0)",
        "x^2(3)",
        "x^{2}(3)",
        "2(3)",  # a mixed number: 2 + 3
        "3(\\frac{1}{2})",
        "2\\frac{1}{2}",
        "-2\\frac{1}{2}x",
        "00",  # lead zeros
        "a^00",  # digits after a one-digit exponent
        "x^23",
        "\\frac{x}{2}(x+1)",
        "\\sqrt[3]{x}^{2}",
    ],
)
def test_shapes_math_verify_reads_its_own_way_agree(expr: str, monkeypatch: pytest.MonkeyPatch) -> None:
    assert _agrees(expr, monkeypatch) is not False, expr
