"""The engine's LaTeX parses take ANTLR's SLL prediction first and LL only where SLL reports a syntax error
(:mod:`rewardcheck.rewards.two_stage_parse`). What must hold: every parse gives latex2sympy's own value (or
its own error), a parse outside the engine's block is untouched, and the SLL stage never writes the parser
class's DFA cache that LL parses read.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from latex2sympy2_extended.latex2sympy2 import latex2sympy
from sympy import srepr

from rewardcheck.rewards import parser_cache, two_stage_parse
from rewardcheck.rewards.two_stage_parse import sll_first, stages

ROOT = Path(__file__).resolve().parents[2]
MAX_LEN = 200  # long worked solutions add time, not shapes


def _outcome(expr: str) -> tuple[str, str]:
    try:
        return "value", srepr(latex2sympy(expr))
    except Exception as e:  # noqa: BLE001 - latex2sympy's own error is part of what must match
        return "error", f"{type(e).__name__}: {e}"


def _both(expr: str) -> tuple[tuple[str, str], tuple[str, str]]:
    plain = _outcome(expr)
    with sll_first():
        staged = _outcome(expr)
    return plain, staged


def test_every_fixture_expression_parses_to_latex2sympys_own_value_or_error(
    labelled_expressions: list[str],
) -> None:
    fixtures = [e for e in labelled_expressions if len(e) <= MAX_LEN]
    before = stages()
    differ = [(e, *_both(e)) for e in fixtures]
    differ = [d for d in differ if d[1] != d[2]]
    assert differ == []
    after = stages()
    # the SLL stage was really taken, and some inputs really needed the LL retry (so both paths ran)
    assert after["sll"] - before["sll"] >= len(fixtures)
    assert after["sll_then_ll"] - before["sll_then_ll"] >= 1


# Generated expressions: composed from the shapes models and datasets write (numbers, letters, fractions,
# roots, powers, products written side by side, functions, intervals, tuples, sets, relations).
_atom = st.one_of(
    st.integers(-40, 400).map(str),
    st.sampled_from(["x", "y", "a", "n", "e", "i", "\\pi", "\\theta", "0.5", "2.25", "\\infty"]),
)


def _compound(inner: st.SearchStrategy[str]) -> st.SearchStrategy[str]:
    two = st.tuples(inner, inner)
    return st.one_of(
        two.map(lambda p: f"{p[0]}+{p[1]}"),
        two.map(lambda p: f"{p[0]}-{p[1]}"),
        two.map(lambda p: f"{p[0]} {p[1]}"),
        two.map(lambda p: f"{p[0]}{p[1]}"),
        two.map(lambda p: f"{p[0]}\\cdot {p[1]}"),
        two.map(lambda p: f"\\frac{{{p[0]}}}{{{p[1]}}}"),
        two.map(lambda p: f"{p[0]}^{{{p[1]}}}"),
        two.map(lambda p: f"[{p[0]}, {p[1]})"),
        two.map(lambda p: f"({p[0]}, {p[1]})"),
        two.map(lambda p: f"\\{{{p[0]}, {p[1]}\\}}"),
        two.map(lambda p: f"{p[0]} = {p[1]}"),
        two.map(lambda p: f"{p[0]} \\le {p[1]}"),
        two.map(lambda p: f"{p[0]} \\cup {p[1]}"),
        inner.map(lambda a: f"\\sqrt{{{a}}}"),
        inner.map(lambda a: f"\\sqrt[3]{{{a}}}"),
        inner.map(lambda a: f"\\sin {a}"),
        inner.map(lambda a: f"\\log({a})"),
        inner.map(lambda a: f"-({a})"),
        inner.map(lambda a: f"\\left({a}\\right)^2"),
        inner.map(lambda a: f"{a}!"),
        inner.map(lambda a: f"|{a}|"),
    )


_expression = st.recursive(_atom, _compound, max_leaves=6)


@settings(max_examples=300, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(_expression)
def test_generated_expressions_parse_to_latex2sympys_own_value_or_error(expr: str) -> None:
    plain, staged = _both(expr)
    assert staged == plain, expr


def test_a_parse_outside_the_engines_block_takes_latex2sympys_own_path() -> None:
    two_stage_parse.install()
    before = stages()
    latex2sympy(r"\frac{x^2-1}{x+1}")
    assert stages() == before
    with sll_first():
        latex2sympy(r"\frac{x^2-1}{x+1}")
    assert stages()["sll"] == before["sll"] + 1


def _class_dfa_states() -> int:
    """DFA states in the parser classes' own caches (the lexer's are the same in both stages)."""
    parsers = [c for c in parser_cache._generated_classes() if c.__name__.endswith("Parser")]
    return sum(len(d._states) for cls in parsers for d in cls.decisionsToDFA)  # type: ignore[attr-defined]


@pytest.mark.parametrize("expr", [r"\frac{3}{4}", r"2\sqrt{2}", r"\frac{\pi}{4}"])
def test_the_sll_stage_never_writes_the_cache_ll_parses_read(expr: str) -> None:
    parser_cache.reset_dfa_cache()
    before = stages()
    with sll_first():
        latex2sympy(expr)
    assert stages()["sll_then_ll"] == before["sll_then_ll"]  # SLL alone parsed it
    assert _class_dfa_states() == 0
    latex2sympy(expr)  # an LL parse fills the class's own cache
    assert _class_dfa_states() > 0


def test_reset_empties_the_sll_stages_cache() -> None:
    with sll_first():
        latex2sympy(r"\frac{5}{6}")
    assert two_stage_parse._dfa
    parser_cache.reset_dfa_cache()
    assert not two_stage_parse._dfa


def test_an_error_latex2sympy_raises_is_raised_unchanged() -> None:
    plain: Any
    staged: Any
    plain, staged = _both(r"\frac{1}{")
    assert plain[0] == "error" and staged == plain
