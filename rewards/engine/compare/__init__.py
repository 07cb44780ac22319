"""The compare stage: an answer read from a completion against its parsed gold, as one ordered table of
typed rows (``rules.RULES``), each named by its ``Rule`` id; no row reads a reason string.

Modules by job: ``case`` (what the rows read), ``decision`` (what a row decides, and the judgement it makes),
``answer_value`` (the answer's spelling: rewrites only), ``pairing`` (answer and gold rewritten together),
``kinds`` (gold kinds compared on their own terms), ``values`` (values compared without sympy: ``numbers``,
``readings``, ``elements``, ``rounding``, ``text`` help them), ``symbolic`` and ``isolated`` (sympy, in
process or in the worker), ``refusals`` (an equal value not paid: ``echo``, ``final_form``), ``run``.
"""

from __future__ import annotations

from .case import Case
from .decision import Decision, judgement
from .rules import RULES, Check, Rewrite, Step
from .run import compare, decide

__all__ = ["RULES", "Case", "Check", "Decision", "Rewrite", "Step", "compare", "decide", "judgement"]
