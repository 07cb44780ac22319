"""Compare rows: how a read value meets its gold, per gold kind, in several spellings (issue 29)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rewardcheck.rewards.engine import EngineConfig, judge


def verdict(text: str, gold: str, prompt: str | None = None, **config: object) -> str:
    return judge(text, gold, prompt=prompt, config=EngineConfig(**config)).verdict.value  # type: ignore[arg-type]


@pytest.mark.parametrize("box", ["30^\\circ", "30^{\\circ}", "30\\degree", "30^\\degree", "30°"])
@pytest.mark.parametrize("gold", ["30", "30^\\circ", "30^{\\circ}"])
def test_the_degree_sign_in_every_spelling(box: str, gold: str) -> None:
    assert verdict(f"\\boxed{{{box}}}", gold) == "correct"
    assert verdict(f"\\boxed{{{box}}}", "60") == "wrong"


@settings(max_examples=200, deadline=None, derandomize=True)
@given(
    st.integers(-400, 400),
    st.integers(-400, 400),
    st.sampled_from(["^\\circ", "^{\\circ}", "°"]),
    st.booleans(),
)
def test_an_angle_against_an_exact_gold_is_decided_exactly(n: int, m: int, sign: str, on_gold: bool) -> None:
    """Degrees on either side: the number of degrees against the gold's exact value, with no sympy (the rule
    is an exact row), and the reason says how the angle was read."""
    box, gold = (f"{n}", f"{m}{sign}") if on_gold else (f"{n}{sign}", f"{m}")
    j = judge(f"\\boxed{{{box}}}", gold)
    assert j.verdict.value == ("correct" if n == m else "wrong")
    assert j.rule in ("compare.exact", "compare.decimal_not_gold"), j.rule
    assert "degrees" in j.reason


_END = st.one_of(
    st.integers(-50, 50).map(str),
    st.tuples(st.integers(1, 9), st.integers(2, 9)).map(lambda p: f"\\frac{{{p[0]}}}{{{p[1]}}}"),
)


@settings(max_examples=200, deadline=None, derandomize=True)
@given(
    _END,
    _END,
    _END,
    _END,
    st.sampled_from("[("),
    st.sampled_from("])"),
    st.sampled_from("[("),
    st.sampled_from("])"),
)
def test_an_interval_against_an_interval_gold_is_decided_end_by_end(
    a: str, b: str, c: str, d: str, la: str, ra: str, lg: str, rg: str
) -> None:
    """Exact ends on both sides: the same ends and brackets pay, anything else does not, with no sympy."""
    from fractions import Fraction

    from rewardcheck.rewards.engine.exact import exact_value

    ea, eb, ec, ed = (exact_value(x) for x in (a, b, c, d))
    assert None not in (ea, eb, ec, ed)
    if not (ea < eb and ec < ed):  # type: ignore[operator]
        return
    j = judge(f"The solution set is $\\boxed{{{la}{a}, {b}{ra}}}$.", f"{lg}{c},{d}{rg}")
    same = (la, Fraction(ea), Fraction(eb), ra) == (lg, Fraction(ec), Fraction(ed), rg)  # type: ignore[arg-type]
    assert j.verdict.value == ("correct" if same else "wrong"), (j.reason, j.answer)
    assert j.rule in ("compare.interval", "compare.normalised"), j.rule


@pytest.mark.parametrize(
    ("box", "right", "intermediate"),
    [("2+3=5", "5", "3"), ("12 \\times 5 = 60", "60", "12"), ("x = 2 \\cdot 3 = 6", "6", "2")],
)
def test_a_chain_in_the_box_states_its_last_member(box: str, right: str, intermediate: str) -> None:
    assert verdict(f"\\boxed{{{box}}}", right) == "correct"
    assert verdict(f"\\boxed{{{box}}}", intermediate) == "wrong"


@pytest.mark.parametrize(
    ("text", "gold", "expected"),
    [
        ("\\boxed{3,5}", "3.5", "correct"),
        ("\\boxed{3{,}5}", "3.5", "correct"),
        ("The answer is 2,5.", "2.5", "correct"),
        ("\\boxed{0,75}", "0.75", "correct"),
        ("\\boxed{1,000}", "1000", "correct"),
        ("\\boxed{3,5}", "\\{3, 5\\}", "correct"),
        ("\\boxed{3,5}", "35", "wrong"),
        ("\\boxed{3,500}", "35", "wrong"),
    ],
)
def test_comma_decimals_and_thousands(text: str, gold: str, expected: str) -> None:
    assert verdict(text, gold) == expected


@pytest.mark.parametrize(
    ("text", "gold", "expected"),
    [
        # one group of three: either separator could be meant, and the gold decides (issue 42)
        ("\\boxed{1.250}", "1250", "correct"),
        ("\\boxed{1.250}", "1.25", "correct"),
        ("\\boxed{1.250}", "125", "wrong"),
        ("\\boxed{3,500}", "3.5", "correct"),
        ("Le prix total est de 1.250 €.", "1250", "correct"),
        # several groups, or a decimal part after them: the grouping is certain
        ("Antwort: 1.234.567", "1234567", "correct"),
        ("Antwort: 1.234.567", "1.234567", "wrong"),
        ("Answer: 1'234", "1234", "correct"),
        ("Ответ: 1\u2009234,5", "1234.5", "correct"),
        ("Resposta: 1.234,5", "1234.5", "correct"),
        ("Resposta: 1.234,5", "1.2345", "wrong"),
        ("\\boxed{12{,}500.75}", "12500.75", "correct"),
        # mixed separators between groups are not one number
        ("\\boxed{1.234,567.8}", "1234567.8", "wrong"),
        # a percentage: the gold is its number or its value, in any local spelling
        ("\\boxed{25\\%}", "25", "correct"),
        ("\\boxed{12.5\\%}", "12.5", "correct"),
        ("Odpowiedź: 12,5%", "12.5", "correct"),
        ("Odpowiedź: 12,5 %", "0.125", "correct"),
        ("\\boxed{12.5\\%}", "12", "wrong"),
        ("\\boxed{12.5\\%}", "1.25", "wrong"),
    ],
)
def test_numbers_in_groups_of_three_are_read_as_the_gold_decides(text: str, gold: str, expected: str) -> None:
    assert verdict(text, gold) == expected


@pytest.mark.parametrize(
    ("text", "gold"),
    [
        ("$x = 1/3 \\approx 0.33$", "\\frac{1}{3}"),
        ("\\boxed{\\frac{1}{3} \\approx 0.333}", "\\frac{1}{3}"),
        ("The answer is $\\sqrt{2} \\approx 1.414$.", "\\sqrt{2}"),
        ("\\boxed{2\\pi \\approx 6.28}", "2\\pi"),
    ],
)
def test_approx_after_an_exact_value_keeps_the_exact_value(text: str, gold: str) -> None:
    assert verdict(text, gold) == "correct"


@pytest.mark.parametrize(
    "text", ["The answer is $\\approx 0.33$.", "\\boxed{\\approx 0.33}", "The answer is ≈ 0.33."]
)
def test_approx_in_front_of_a_value_is_a_hedge(text: str) -> None:
    assert verdict(text, "\\frac{1}{3}") != "correct"


@pytest.mark.parametrize(
    ("box", "gold"),
    [
        ("x <= 3", "x \\le 3"),
        ("x >= 3", "x \\geq 3"),
        ("x>=-2", "[-2, \\infty)"),
        ("-1 <= x <= 1", "[-1, 1]"),
    ],
)
def test_ascii_inequalities(box: str, gold: str) -> None:
    assert verdict(f"\\boxed{{{box}}}", gold) == "correct"


@pytest.mark.parametrize("box", ["5\\textnormal{ cm}", "5 \\textnormal{cm}", "5\\ \\textnormal{centimeters}"])
def test_textnormal_units(box: str) -> None:
    assert verdict(f"\\boxed{{{box}}}", "5") == "correct"


@pytest.mark.parametrize(
    "gold",
    [
        "The answer is \\boxed{3} or \\boxed{5}",
        "First $x = \\boxed{3}$, so the area is \\boxed{5}",
    ],
)
def test_a_gold_sentence_with_two_boxes_is_not_merged_into_a_set(gold: str) -> None:
    assert verdict("\\boxed{3, 5}", gold) != "correct"
    assert verdict("\\boxed{5}", gold) == "correct"


def test_boxes_joined_in_a_gold_list_stay_one_set() -> None:
    assert verdict("\\boxed{1, 2}", "\\boxed{1} papers and \\boxed{2} bins") == "correct"


@pytest.mark.parametrize(
    ("box", "gold", "prompt"),
    [
        ("\\sqrt{50}", "5\\sqrt{2}", "A square has side 5. How long is its diagonal?"),
        (
            "12 \\cdot 11 \\cdot 10",
            "1320",
            "In how many ways can a president, a VP and a treasurer be chosen from 12?",
        ),
        ("\\binom{6}{3}", "20", "How many 3-element subsets has a 6-element set?"),
    ],
)
def test_equal_but_unevaluated_is_paid_when_it_is_not_the_prompts_own_expression(
    box: str, gold: str, prompt: str
) -> None:
    assert verdict(f"\\boxed{{{box}}}", gold, prompt) == "correct"
    echo = judge(f"\\boxed{{{box}}}", gold, prompt=f"Compute ${box}$.")
    assert echo.verdict.value == "wrong" and echo.rule == "refuse.echo"
    assert verdict(f"\\boxed{{{box}}}", gold, prompt, allow_unevaluated=False) == "wrong"
    # without the prompt an echo cannot be told from work: refused unless allowed outright
    assert verdict(f"\\boxed{{{box}}}", gold) == "wrong"
    assert verdict(f"\\boxed{{{box}}}", gold, None, allow_unevaluated=True) == "correct"


@pytest.mark.parametrize("text", ["\\boxed{5}", "no answer here at all", "<think>\nstill going"])
@pytest.mark.parametrize("gold", ["N/A", "", "\\frac{1}{"])
def test_gold_first_an_unparseable_gold_scores_none_whatever_the_completion(text: str, gold: str) -> None:
    j = judge(text, gold)
    assert j.verdict.value == "gold_unparseable" and j.accuracy is None
    assert j.rule == "gold.unparseable"


@pytest.mark.parametrize(
    ("text", "gold", "rule"),
    [
        ("\\boxed{4}", "4", "compare.normalised"),
        ("\\boxed{04}", "4", "compare.integer"),
        ("\\boxed{0.5}", "\\frac{1}{2}", "compare.exact"),
        ("The answer is probably \\boxed{4}.", "4", "read.hedged"),
        ("\\boxed{3} or \\boxed{4}", "4", "read.alternatives"),
        ("<think>\nstill going", "4", "read.no_answer"),  # no ids: truncation unknown (issue 44)
        ("\\boxed{\\text{Evelyn}}", "Evelyn", "compare.text"),
    ],
)
def test_every_judgement_names_its_rule(text: str, gold: str, rule: str) -> None:
    assert judge(text, gold).rule == rule


@pytest.mark.parametrize(
    ("text", "gold"),
    [
        ("28 percent", "28\\%"),
        ("The rate is 28 pct.", "28\\%"),
        ("$28$ percent", "$28\\%$"),
        ("So the error increases by 100%.", "100\\%"),
    ],
)
def test_percent_in_words_and_after_a_growth_verb(text: str, gold: str) -> None:
    assert verdict(text, gold) == "correct"
    assert verdict(text, "29\\%") == "wrong"


@pytest.mark.parametrize(
    "text",
    [
        "the number is not 10 which is 1,000.99€",
        "it's not 10, it's 1,000.99m²",
        "The total was not 10; it is 1000.99.",
    ],
)
def test_a_negated_clause_does_not_stop_a_later_clause_from_committing(text: str) -> None:
    assert verdict(text, "1000.99") == "correct"
    assert verdict(text, "10") != "correct"


@pytest.mark.parametrize(
    "text",
    [
        "Here is the matrix: $ \\begin{bmatrix}1 & 2 \\\\3 & 4\\end{bmatrix} $",
        "Special matrix: $ \\left[\\begin{array}{cc}1 & 2 \\\\3 & 4\\end{array}\\right] $",
        "So we get $\\begin{pmatrix}1 & 2 \\\\ 3 & 4\\end{pmatrix}$.",
    ],
)
def test_a_matrix_in_any_bracket_spelling_behind_a_label(text: str) -> None:
    assert verdict(text, "\\begin{pmatrix}1 & 2 \\\\ 3 & 4\\end{pmatrix}") == "correct"
    assert verdict(text, "\\begin{pmatrix}1 & 2 \\\\ 3 & 5\\end{pmatrix}") != "correct"


@pytest.mark.parametrize(
    "text",
    [
        "$$\\boxed{(3, 3)} \\text{ for part (a) and } \\boxed{(1, 1)}$$",
        "For the first part \\boxed{(3, 3)}, and for the second \\boxed{(1, 1)}",
    ],
)
def test_several_answer_boxes_joined_by_a_few_words_are_one_list(text: str) -> None:
    assert verdict(text, "(3, 3), (1, 1)") == "correct"
    assert verdict(text, "(1, 1)") != "correct"


@pytest.mark.parametrize(
    ("gold", "answer", "expected"),
    [
        ("$125$ miles", "\\boxed{125\\textnormal{ miles}}", "correct"),
        ("1,22", "The answer is 1.22.", "correct"),
        ("15th Day", "\\boxed{15}", "correct"),
        ("\x0crac{1}{2}", "\\boxed{\\frac{1}{2}}", "correct"),
        ("\\text{infinitely many}", "\\boxed{\\infty}", "correct"),
        ("\\boxed{1} no no no \\boxed{2}", "\\boxed{1, 2}", "wrong"),
        ("(- \\frac {1}{2}, \\sqrt {2}.]", "\\boxed{\\left( -\\frac{1}{2}, \\sqrt{2} \\right]}", "correct"),
        ("x = 5.", "\\boxed{5}", "correct"),
    ],
)
def test_gold_spellings(gold: str, answer: str, expected: str) -> None:
    assert verdict(answer, gold) == expected


@pytest.mark.parametrize(
    ("answer", "gold", "expected"),
    [
        ("1.3\\%", "1.27\\%", "correct"),
        ("165.5", "165.47", "correct"),
        ("118\\%", "117.95\\%", "correct"),
        ("0.3", "0.33", "wrong"),  # one significant digit is a guess
        ("12", "11.6", "wrong"),  # two digits: not read as a rounding
        ("1.2\\%", "1.27\\%", "wrong"),  # not the gold rounded
    ],
)
def test_a_decimal_gold_rounded_to_fewer_decimals(answer: str, gold: str, expected: str) -> None:
    assert verdict(f"\\boxed{{{answer}}}", gold) == expected


@pytest.mark.parametrize(
    ("answer", "gold", "expected"),
    [
        ("$(0.6,2.6667]$", "$(\\frac{3}{5},\\frac{8}{3}]$", "correct"),
        ("$(0.6,2.6667)$", "$(\\frac{3}{5},\\frac{8}{3}]$", "wrong"),  # another bracket: another interval
        ("$(0.6,2.6)$", "$(\\frac{3}{5},\\frac{8}{3})$", "wrong"),  # cut, not rounded
        (
            "$\\begin{pmatrix}0.33\\\\0.2 \\end{pmatrix}$",
            "$(\\begin{pmatrix}\\frac{1}{3}\\\\ \\frac{1}{5} \\end{pmatrix})$",
            "correct",
        ),
        (
            "$\\begin{pmatrix}0.35\\\\0.2 \\end{pmatrix}$",
            "$\\begin{pmatrix}\\frac{1}{3}\\\\ \\frac{1}{5} \\end{pmatrix}$",
            "wrong",
        ),
    ],
)
def test_rounded_elements_of_an_interval_or_matrix(answer: str, gold: str, expected: str) -> None:
    assert verdict(answer, gold) == expected


def test_a_matrix_row_break_before_a_command_is_not_an_escaped_command() -> None:
    """``\\\\\\frac`` is a row break then ``\\frac`` (the snapshot diff found 4 r1-zero rows paid before v4 and
    refused after); ``\\\\frac`` alone is a gold spelling that lost a backslash."""
    from rewardcheck.rewards.engine import Verdict, judge
    from rewardcheck.rewards.engine.forms import tidy

    gold = r"\begin{pmatrix}16/49\\48/49\\24/49\end{pmatrix}"
    for answer in (
        r"<answer> \begin{pmatrix}\frac{16}{49}\\\frac{48}{49}\\\frac{24}{49}\end{pmatrix} </answer>",
        r"\boxed{\begin{pmatrix}\frac{16}{49}\\\frac{48}{49}\\\frac{24}{49}\end{pmatrix}}",
    ):
        assert judge(answer, gold).verdict is Verdict.CORRECT, answer
    assert (
        judge(
            r"\boxed{\begin{pmatrix}\frac{16}{49}\\\frac{48}{49}\\\frac{25}{49}\end{pmatrix}}", gold
        ).accuracy
        == 0.0
    )
    assert tidy(r"\\frac{1}{2}") == r"\frac{1}{2}"


# Two values too far apart for verify's rounding are refused numerically (compare/apart.py): every refusal of
# that row must be one verify itself gives, and the row must decide the plain cases (no simplify).
_RADICAL = st.builds(
    lambda a, b, c: f"\\frac{{{a}\\sqrt{{{b}}}}}{{{c}}}",
    st.integers(1, 60),
    st.integers(2, 30),
    st.integers(1, 60),
)
_DECIMAL = st.builds(lambda n, d: f"{n}.{d}", st.integers(-50, 50), st.integers(0, 999))
_FRACTION = st.builds(lambda p, q: f"\\frac{{{p}}}{{{q}}}", st.integers(-40, 40), st.integers(1, 40))
_VARYING = st.sampled_from(["1 / (1 - x)", "x^2 + 1", "\\frac{x}{x+y}", "2n+1", "\\sqrt{x}+3"])
_VALUE = st.one_of(_RADICAL, _DECIMAL, _FRACTION, _VARYING, st.integers(-99, 99).map(str))


@settings(max_examples=150, deadline=None, derandomize=True)
@given(_VALUE, _VALUE)
def test_a_numeric_refusal_is_one_verify_gives(answer: str, gold: str) -> None:
    from math_verify import parse, verify

    j = judge(f"\\boxed{{{answer}}}", gold)
    if j.rule == "compare.numbers_apart":
        assert j.verdict.value == "wrong"
        assert not verify(parse(f"${gold}$"), parse(f"${answer}$")), (answer, gold)


@pytest.mark.parametrize(
    ("answer", "gold"),
    [
        ("\\frac{3\\sqrt{3}}{1004}", "\\frac{1003\\sqrt{1003}}{1004}"),  # a radical against a radical
        ("7.2", "5.8"),  # an exact answer against a decimal gold
        ("1 / (1 - x)", "\\frac{1017}{1021}"),  # an expression in x against a number
        ("2\\sqrt{2}", "3.14"),
    ],
)
def test_values_far_apart_are_refused_without_simplify(answer: str, gold: str) -> None:
    j = judge(f"\\boxed{{{answer}}}", gold)
    assert (j.verdict.value, j.rule) == ("wrong", "compare.numbers_apart"), j.reason


@pytest.mark.parametrize(
    ("answer", "gold", "expected"),
    [
        ("\\frac{1}{3}", "0.333333", "correct"),  # within verify's six-decimal rounding: not refused
        ("\\sqrt{2}", "1.414214", "correct"),
        ("x - x + 5", "5", "correct"),  # sympy folds the variable away: a number, equal
        ("\\sin^2 x + \\cos^2 x", "1", "correct"),  # constant although it has a variable: simplify proves it
        ("e", "e", "correct"),
        ("2.0000003", "2.0", "correct"),  # verify rounds both to six decimals
        ("5.1234561", "5.123456", "correct"),
    ],
)
def test_values_within_rounding_or_constant_are_left_to_verify(answer: str, gold: str, expected: str) -> None:
    # unevaluated answers allowed, so that verify decides the constant ones
    j = judge(f"\\boxed{{{answer}}}", gold, config=EngineConfig(allow_unevaluated=True))
    assert j.verdict.value == expected, j.reason
    assert j.rule != "compare.numbers_apart"


@settings(max_examples=150, deadline=None, derandomize=True)
@given(st.integers(-9999, 9999), st.integers(1, 6), st.integers(-99, 99))
def test_a_decimal_next_to_its_gold_is_refused_only_when_verify_refuses(
    n: int, places: int, nudge: int
) -> None:
    """A decimal gold and an answer a few units of the seventh decimal away: the numeric row refuses only what
    verify refuses (its six-decimal rounding closes the smallest gaps)."""
    from math_verify import parse, verify

    gold = f"{n / 10**places:.{places}f}"
    answer = f"{n / 10**places + nudge / 10**7:.7f}"
    j = judge(f"\\boxed{{{answer}}}", gold)
    if j.rule == "compare.numbers_apart":
        assert not verify(parse(f"${gold}$"), parse(f"${answer}$")), (answer, gold)


def test_a_bare_letter_is_left_to_verify_symbol_rules() -> None:
    """verify reads the letter e as Euler's number: a bare letter never counts as an expression that varies."""
    from sympy import E, Symbol

    from rewardcheck.rewards.engine.compare.apart import _pair_apart

    assert not _pair_apart(E, Symbol("e"))
    assert _pair_apart(E, Symbol("e") + 1)  # e + 1 varies with e: no number equals it


# Two expressions in the same variables that differ at a point are refused numerically too: every such
# refusal is one verify gives, and the plain cases (a polynomial with one coefficient moved, a wrong
# factorisation) are decided without simplify.
_POLY = st.builds(
    lambda a, b, c, v: f"{a}{v}^2 + {b}{v} + {c}",
    st.integers(1, 9),
    st.integers(-20, 20),
    st.integers(-40, 40),
    st.sampled_from(["x", "t", "n"]),
)
_FACTORED = st.builds(
    lambda p, q, v: f"({v}{p:+d})({v}{q:+d})",
    st.integers(-9, 9),
    st.integers(-9, 9),
    st.sampled_from(["x", "t"]),
)
_EXPRESSION = st.one_of(
    _POLY,
    _FACTORED,
    st.sampled_from(
        ["\\frac{x+1}{x-1}", "\\sqrt{x^2+1}", "2x + 3y", "\\frac{a}{b} + 1", "x^{3}", "0.5x + 1"]
    ),
    st.sampled_from(["2i + x", "e^{x}", "x", "\\sin x \\cos x", "\\frac{\\sin 2x}{2}"]),
)


@settings(max_examples=150, deadline=None, derandomize=True)
@given(_EXPRESSION, _EXPRESSION)
def test_an_expression_refused_numerically_is_one_verify_refuses(answer: str, gold: str) -> None:
    from math_verify import parse, verify

    j = judge(f"\\boxed{{{answer}}}", gold, config=EngineConfig(allow_unevaluated=True))
    if j.rule == "compare.numbers_apart":
        assert j.verdict.value == "wrong"
        assert not verify(parse(f"${gold}$"), parse(f"${answer}$")), (answer, gold)


@pytest.mark.parametrize(
    ("answer", "gold"),
    [
        ("x^2 + 5x + 6", "x^2 + 5x + 7"),  # one coefficient moved
        ("(x+2)(x+4)", "x^2 + 5x + 6"),  # a wrong factorisation
        ("\\frac{x+1}{x-1}", "\\frac{x-1}{x+1}"),
        ("2a + 3b", "3a + 2b"),
        ("2y + 1", "2x + 1"),  # different variables (verify compares variables strictly)
    ],
)
def test_expressions_that_differ_at_a_point_are_refused_without_simplify(answer: str, gold: str) -> None:
    j = judge(f"\\boxed{{{answer}}}", gold, config=EngineConfig(allow_unevaluated=True))
    assert (j.verdict.value, j.rule) == ("wrong", "compare.numbers_apart"), j.reason


@pytest.mark.parametrize(
    ("answer", "gold", "expected"),
    [
        ("(x+2)(x+3)", "x^2 + 5x + 6", "correct"),  # equal: proved by simplify, never refused numerically
        ("\\frac{\\sin 2x}{2}", "\\sin x \\cos x", "correct"),
        ("0.5x + 1", "\\frac{x}{2} + 1", "correct"),  # a float: verify's own rounding decides
        ("2y", "\\frac{2yx}{x}", "correct"),  # x cancels on one side only: one value per name, not per side
        ("\\frac{2yx}{x}", "2y", "correct"),
    ],
)
def test_equal_expressions_and_verifys_own_cases_are_left_to_verify(
    answer: str, gold: str, expected: str
) -> None:
    j = judge(f"\\boxed{{{answer}}}", gold, config=EngineConfig(allow_unevaluated=True))
    assert j.verdict.value == expected, j.reason
    assert j.rule != "compare.numbers_apart"
