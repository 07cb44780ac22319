r"""``RULES``: the compare stage as one ordered table. Each row is a :class:`Check` (its ``Rule`` id, the gold
kinds it is tried for, a function that decides or passes, and the refusals a credit of it must pass) or a
:class:`Rewrite` (a spelling step: the answer as the rows after it read it; it never decides). Rows run in
order, cheapest first, sympy last; the first decision is the verdict. A new comparison is a row here.

>>> [r.rule.value for r in RULES if isinstance(r, Check)][:5]
['compare.choice', 'compare.clock', 'compare.proposition', 'read.self_contradiction', 'compare.grouped']
>>> RULES[-1].rule is Rule.SYMBOLIC
True
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum

from ..goldkind import GoldKind
from ..rules import Rule
from . import answer_value, apart, complex_values, intervals, kinds, symbolic, values
from .case import Case
from .decision import Decision
from .pairing import pair
from .refusals import ECHO, UNEVALUATED, Refusal

__all__ = ["ANY_KIND", "RULES", "Check", "Rewrite", "Step"]

ANY_KIND = frozenset(GoldKind)
_FINAL = (ECHO, UNEVALUATED)  # a credit that is paid only when not an echo and in final form


class Step(StrEnum):
    """The rewrite rows, by name (a name is documentation: nothing decides on it)."""

    UNLABEL = "unlabel"
    BRACED_DECIMALS = "braced_decimals"
    LAYOUT = "layout"
    PAIR = "pair"
    CHAIN = "chain"
    RESTATED_PERCENT = "restated_percent"
    CANONICAL = "canonical"
    NUMBER_WORDS = "number_words"
    DECIMAL_COMMA = "decimal_comma"
    NORMALISE = "normalise"
    EXACT = "exact"
    PARSE = "parse"


@dataclass(frozen=True)
class Check:
    """A comparison row: tried for a gold of one of ``kinds``, ``decide`` returns a decision or ``None``
    (passes); a credit passes ``refusals`` first."""

    rule: Rule
    kinds: frozenset[GoldKind]
    decide: Callable[[Case], Decision | None]
    refusals: tuple[Refusal, ...] = ()


@dataclass(frozen=True)
class Rewrite:
    """A spelling row: for a gold of one of ``kinds``, the case as the rows after it read it."""

    step: Step
    kinds: frozenset[GoldKind]
    apply: Callable[[Case], Case]


def _only(*kinds: GoldKind) -> frozenset[GoldKind]:
    return frozenset(kinds)


RULES: tuple[Check | Rewrite, ...] = (
    # a gold kind compared on its own terms
    Check(Rule.CHOICE, _only(GoldKind.CHOICE), kinds.choice),
    Rewrite(Step.UNLABEL, ANY_KIND - {GoldKind.CHOICE, GoldKind.TEXT}, answer_value.unlabelled),
    Rewrite(Step.BRACED_DECIMALS, ANY_KIND - {GoldKind.CHOICE, GoldKind.TEXT}, answer_value.braced_point),
    Rewrite(Step.LAYOUT, ANY_KIND - {GoldKind.CHOICE, GoldKind.TEXT}, answer_value.laid_out),
    Check(Rule.CLOCK, _only(GoldKind.CLOCK), kinds.clock),
    Check(Rule.PROPOSITION, ANY_KIND, kinds.statement),
    # the answer as a value: paired with the gold, its chain's last member, canonical, number words
    Rewrite(Step.PAIR, ANY_KIND, pair),
    Rewrite(Step.RESTATED_PERCENT, ANY_KIND, answer_value.restated_percent),
    Rewrite(Step.CHAIN, ANY_KIND, answer_value.chained),
    Check(Rule.READ_SELF_CONTRADICTION, ANY_KIND, values.contradiction),
    Rewrite(Step.CANONICAL, ANY_KIND, answer_value.canonical_form),
    Check(Rule.GROUPED, ANY_KIND, values.grouped_number, (ECHO,)),  # before number words drop the commas
    Check(Rule.PERCENT, ANY_KIND, values.percent, (ECHO,)),
    Rewrite(Step.NUMBER_WORDS, ANY_KIND, answer_value.number_words),
    Check(Rule.READING, ANY_KIND, values.counted, (ECHO,)),
    Check(Rule.PROSE_FOR_NUMBER, ANY_KIND, values.prose_for_number),
    Check(Rule.READ_OR_INSIDE, ANY_KIND, values.or_inside),
    Check(Rule.BASE, _only(GoldKind.BASE_N), kinds.base_n),
    Check(Rule.TEXT, _only(GoldKind.TEXT), kinds.word),
    # decimal commas, then the normal form
    Check(Rule.COMMA_DECIMAL, ANY_KIND, values.comma_for_point),
    Rewrite(Step.DECIMAL_COMMA, ANY_KIND, answer_value.point_for_comma),
    Rewrite(Step.NORMALISE, ANY_KIND, answer_value.normalised),
    Check(Rule.NORMALISED, ANY_KIND, values.normal_form),
    # values without sympy: a credit is refused for an echo, or (by policy) an answer not in final form
    Check(Rule.READING, ANY_KIND, values.reading, (ECHO,)),
    Check(Rule.ELEMENTWISE, ANY_KIND, values.elementwise, _FINAL),
    Check(Rule.INTEGER, ANY_KIND, values.integer, _FINAL),
    Check(Rule.ROUNDED, ANY_KIND, values.coarser, _FINAL),
    Rewrite(Step.EXACT, ANY_KIND, answer_value.exact_values),
    Check(Rule.COMMA_DECIMAL, ANY_KIND, values.comma_decimal_equal, _FINAL),
    Check(Rule.EXACT, ANY_KIND, values.exact_equal, _FINAL),
    Check(Rule.ROUNDED, ANY_KIND, values.exact_rounded, _FINAL),
    Check(Rule.DECIMAL_NOT_GOLD, ANY_KIND, values.decimal_not_gold),
    Check(Rule.INTERVAL, _only(GoldKind.INTERVAL), intervals.exact_interval, _FINAL),
    Check(Rule.NUMBERS_APART, ANY_KIND, apart.decimal_apart),
    # sympy: in the worker when risky, else in process
    Check(Rule.GOLD_UNPARSEABLE, ANY_KIND, symbolic.gold_unparseable),
    Check(Rule.UNREADABLE_ANSWER, ANY_KIND, symbolic.operator_run),
    Check(Rule.ISOLATED, ANY_KIND, symbolic.in_worker, _FINAL),
    Rewrite(Step.PARSE, ANY_KIND, symbolic.parse),
    Check(Rule.UNREADABLE_ANSWER, ANY_KIND, symbolic.unparsed_answer),
    Check(Rule.COMPLEX, ANY_KIND, complex_values.complex_equal, _FINAL),
    Check(Rule.NUMBERS_APART, ANY_KIND, apart.numbers_apart),
    Check(Rule.SYMBOLIC, ANY_KIND, symbolic.symbolic, _FINAL),
)
