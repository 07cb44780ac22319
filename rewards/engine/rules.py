"""The judge's rules, one named row each: every :class:`~.verdict.Judgement` carries the id of the rule that
decided it (``Judgement.rule``), so scan, the tests and a person can tell decisions apart without reading
reason text. Ids are stable: a rule may change how it decides, never what its id names.

>>> Rule.INTEGER.value, Rule.ECHO.verdict_kind
('compare.integer', 'refusal')
"""

from __future__ import annotations

from enum import StrEnum

__all__ = ["Rule"]


class Rule(StrEnum):
    """``stage.name``: ``gold.*`` (the gold decides: nothing to score), ``read.*`` (what the completion
    states), ``compare.*`` (answer against gold, per gold kind), ``refuse.*`` (an equal value that is not
    paid), ``limit.*`` (time or an error)."""

    GOLD_MISSING = "gold.missing"
    GOLD_UNPARSEABLE = "gold.unparseable"
    READ_ERROR = "read.error"
    READ_TRUNCATED = "read.truncated"
    READ_NO_ANSWER = "read.no_answer"
    READ_HEDGED = "read.hedged"
    READ_ALTERNATIVES = "read.alternatives"
    READ_SELF_CONTRADICTION = "read.self_contradiction"
    READ_OR_INSIDE = "read.or_inside"
    READ_AFTER_ANSWER = "read.after_answer"
    READ_NOT_MATH = "read.not_math"
    CHOICE = "compare.choice"
    CLOCK = "compare.clock"
    PROPOSITION = "compare.proposition"
    BASE = "compare.base_n"
    TEXT = "compare.text"
    SUBJECT = "compare.subject"
    POLAR = "compare.polar"
    RELATION = "compare.relation"
    NORMALISED = "compare.normalised"
    READING = "compare.reading"
    INTEGER = "compare.integer"
    EXACT = "compare.exact"
    ROUNDED = "compare.rounded"
    DECIMAL_NOT_GOLD = "compare.decimal_not_gold"
    INTERVAL = "compare.interval"
    NUMBERS_APART = "compare.numbers_apart"
    COMPLEX = "compare.complex"
    COMMA_DECIMAL = "compare.comma_decimal"
    GROUPED = "compare.grouped"
    PERCENT = "compare.percent"
    ELEMENTWISE = "compare.elementwise"
    SYMBOLIC = "compare.symbolic"
    ISOLATED = "compare.isolated"
    UNREADABLE_ANSWER = "compare.unreadable_answer"
    PROSE_FOR_NUMBER = "compare.prose_for_number"
    ECHO = "refuse.echo"
    UNEVALUATED = "refuse.unevaluated"
    TIMEOUT = "limit.timeout"
    ERROR = "limit.error"

    @property
    def verdict_kind(self) -> str:
        """``refusal`` for a ``refuse.*`` rule, else the stage name."""
        stage = self.value.split(".", 1)[0]
        return "refusal" if stage == "refuse" else stage
