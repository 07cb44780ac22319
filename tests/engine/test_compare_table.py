"""The compare stage as one table (issue 42): typed rows in a fixed order, each named by its rule id, and a
gold parse whose decisions are typed fields, never its words."""

from __future__ import annotations

from rewardcheck.rewards.engine import parse_gold
from rewardcheck.rewards.engine.compare import RULES, Check, Rewrite, Step
from rewardcheck.rewards.engine.gold import GoldStatus
from rewardcheck.rewards.engine.goldkind import GoldKind
from rewardcheck.rewards.engine.rules import Rule

ORDER = [
    Rule.CHOICE,
    Step.UNLABEL,
    Step.BRACED_DECIMALS,
    Step.LAYOUT,
    Rule.CLOCK,
    Rule.PROPOSITION,
    Step.PAIR,
    Step.RESTATED_PERCENT,
    Step.CHAIN,
    Rule.READ_SELF_CONTRADICTION,
    Step.CANONICAL,
    Rule.GROUPED,
    Rule.PERCENT,
    Step.NUMBER_WORDS,
    Rule.READING,
    Rule.PROSE_FOR_NUMBER,
    Rule.READ_OR_INSIDE,
    Rule.BASE,
    Rule.TEXT,
    Rule.COMMA_DECIMAL,
    Step.DECIMAL_COMMA,
    Step.NORMALISE,
    Rule.NORMALISED,
    Rule.READING,
    Rule.ELEMENTWISE,
    Rule.INTEGER,
    Rule.ROUNDED,
    Step.EXACT,
    Rule.COMMA_DECIMAL,
    Rule.EXACT,
    Rule.ROUNDED,
    Rule.DECIMAL_NOT_GOLD,
    Rule.INTERVAL,
    Rule.NUMBERS_APART,
    Rule.GOLD_UNPARSEABLE,
    Rule.UNREADABLE_ANSWER,
    Rule.ISOLATED,
    Step.PARSE,
    Rule.UNREADABLE_ANSWER,
    Rule.COMPLEX,
    Rule.NUMBERS_APART,
    Rule.SYMBOLIC,
]


def test_rows_run_in_the_order_of_the_checks() -> None:
    assert [r.rule if isinstance(r, Check) else r.step for r in RULES] == ORDER


def test_a_gold_kind_row_is_tried_for_its_kind_only() -> None:
    only = {r.rule: r.kinds for r in RULES if isinstance(r, Check) and len(r.kinds) == 1}
    assert only == {
        Rule.CHOICE: {GoldKind.CHOICE},
        Rule.CLOCK: {GoldKind.CLOCK},
        Rule.BASE: {GoldKind.BASE_N},
        Rule.TEXT: {GoldKind.TEXT},
        Rule.INTERVAL: {GoldKind.INTERVAL},
    }
    unlabel = next(r for r in RULES if isinstance(r, Rewrite) and r.step is Step.UNLABEL)
    assert GoldKind.CHOICE not in unlabel.kinds and GoldKind.TEXT not in unlabel.kinds


def test_the_last_row_always_decides() -> None:
    last = RULES[-1]
    assert isinstance(last, Check) and last.rule is Rule.SYMBOLIC and len(last.kinds) == len(GoldKind)


def test_gold_parse_decisions_read_typed_fields() -> None:
    base = parse_gold("1101_2")
    assert base.status is GoldStatus.BASE and base.base == 2
    assert parse_gold("12 \\mathrm{cm}^2").units_dropped and not parse_gold("12").units_dropped
    assert all(parse_gold(g).no_value for g in ("", "N/A", "   "))
    assert not parse_gold("a sentence without any value").no_value  # unparseable, but compared by its form
    assert parse_gold("forty-two").status is GoldStatus.OK
