"""``rewardcheck check`` as a library: a training config's reward composite, its invariants under each
profile, and the exploit comparison (cheapest exploit vs genuine attempts, and what GRPO does with them).

>>> from rewardcheck.bench.configcheck import run_check, print_check    # doctest: +SKIP
"""

from __future__ import annotations

from .composite import Comparison, Composite, OutputScore, build_composite, compare, grpo_advantages
from .outcome import CheckOutcome, InvariantRow, run_check
from .render import html_check, print_check

__all__ = [
    "CheckOutcome",
    "Comparison",
    "Composite",
    "InvariantRow",
    "OutputScore",
    "build_composite",
    "compare",
    "grpo_advantages",
    "html_check",
    "print_check",
    "run_check",
]
