r"""The answer engine: one decision per (completion, gold), shared by every reward that needs correctness.

Verdicts: correct, wrong, no_answer, truncated, gold_unparseable, timeout, error (see :class:`Verdict`).
A hard wall-clock limit per completion (``EngineConfig.timeout_s``, default 2 s) holds from any thread, an
asyncio task or a pool worker: risky sympy work runs in a killable worker process; ordinary input never does.

>>> from rewardcheck.rewards.engine import judge, EngineConfig
>>> judge("<think>\nok\n</think>\nThe answer is \\boxed{\\dfrac{1}{2}}.", "\\frac{1}{2}").verdict.value
'correct'
>>> j = judge("<think>\nok\n</think>\n\\boxed{0.5}", "\\frac{1}{2}", config=EngineConfig(timeout_s=1.0))
>>> j.verdict.value, j.path
('correct', 'exact')
"""

from __future__ import annotations

from .config import EngineConfig, eos_ids_from
from .gold import GoldParse, GoldStatus, parse_gold
from .isolation import counters, default_pool
from .judge import (
    DEFAULT_CONFIG,
    Analysis,
    analyse,
    clear_caches,
    clear_memos,
    extract_answer,
    judge,
    judge_batch,
)
from .text import normalise, split_layout
from .verdict import UNSCORED, Judgement, Verdict

__all__ = [
    "DEFAULT_CONFIG",
    "UNSCORED",
    "Analysis",
    "EngineConfig",
    "GoldParse",
    "GoldStatus",
    "Judgement",
    "Verdict",
    "analyse",
    "clear_caches",
    "clear_memos",
    "counters",
    "default_pool",
    "eos_ids_from",
    "extract_answer",
    "judge",
    "judge_batch",
    "normalise",
    "parse_gold",
    "split_layout",
    "warm_up",
    "start_lazily",
]


def warm_up() -> None:
    """Start the isolated verify worker in the background (called when a patched registry is built)."""
    default_pool().warm_up()


def start_lazily() -> None:
    """Start no verify worker until a risky input needs one, and do not charge that first start to the
    input's time limit (for short-lived scoring processes that may never see a risky input)."""
    default_pool().first_start_off_clock = True
