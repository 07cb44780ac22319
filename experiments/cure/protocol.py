"""The cure protocol's fixed definitions as code (``experiments/cure/PROTOCOL.md`` is the text): the constants,
the one collapse rule and its accuracy-only co-outcome, and the statistics the decisions use.

>>> collapsed([{"repro/accuracy": 0.4, "reward_std": 0.8}] * 20 + [{"repro/accuracy": 0.0, "reward_std": 0.1}] * 20)
True
>>> accuracy_dead([{"repro/accuracy": 0.4, "reward_std": 0.8}] * 20 + [{"repro/accuracy": 0.04, "reward_std": 0.8}] * 20)
True
>>> wilson(3, 10)[0] > 0, round(wilson(0, 10)[1], 3)
(True, 0.278)
"""

from __future__ import annotations

import hashlib
import math
import re
from collections.abc import Mapping, Sequence
from pathlib import Path

__all__ = [
    "PROTOCOL_FILE",
    "FROZEN_SHA256",
    "FROZEN_PATHS",
    "DECISION_PATHS",
    "WINDOW",
    "COLLAPSE_RATE",
    "SWEEP_RATES",
    "SWEEP_SEEDS",
    "MAIN_SEEDS",
    "STARTS",
    "ALPHA",
    "frozen_block",
    "frozen_unchanged",
    "collapsed",
    "accuracy_dead",
    "wilson",
    "newcombe",
    "fisher_exact",
    "choose_lr",
]

PROTOCOL_FILE = Path(__file__).with_name("PROTOCOL.md")
# sha256 of the text between the FROZEN lines of PROTOCOL.md, as committed with it (amendment 1, issue 41).
# The commit that brought this value in is "the protocol commit" (provenance.protocol_commit).
FROZEN_SHA256 = "89a4a7aeba4dd6fd0616ae538d534693526f692fe883cb28c0fb53097d7db446"
# The code a protocol run executes (the rule, the decisions, the reward sets, the tasks, the trainers, the
# engine, the pins): every run's commit must hold these exactly as the protocol commit does.
FROZEN_PATHS = (
    "experiments/cure",
    "experiments/repro",
    "experiments/dschat",
    "rewards",
    "bench",
    "rewardcheck",
    "pyproject.toml",
    "constraints.txt",
)
# The code that turns runs into decisions: the checkout that runs the summary must hold these as the protocol
# commit does (the engine may move on; the decisions may not).
DECISION_PATHS = (
    "experiments/cure/PROTOCOL.md",
    "experiments/cure/protocol.py",
    "experiments/cure/plan.py",
    "experiments/cure/provenance.py",
    "experiments/cure/decisions.py",
    "experiments/cure/dschat_reading.py",
    "experiments/cure/protocol_summary.py",
    "experiments/dschat/judge.py",
    "experiments/repro/report.py",
)
WINDOW = 20
COLLAPSE_RATE = 3e-4
SWEEP_RATES = (5e-5, 1e-4, 3e-4)
SWEEP_SEEDS = (100, 101, 102)
MAIN_SEEDS = tuple(range(10, 20))  # amendment 1: seeds 0-2 on start A would replay the first campaign's runs
STARTS = {"A": 0, "B": 1}  # start name -> SFT seed
TIE = 0.005
ALPHA = 0.05
DEAD_ACCURACY = 0.05


def frozen_block(text: str | None = None) -> str:
    text = PROTOCOL_FILE.read_text() if text is None else text
    m = re.search(r"<!-- FROZEN: begin -->\n(.*?)<!-- FROZEN: end -->", text, re.S)
    if m is None:
        raise ValueError(f"{PROTOCOL_FILE}: no FROZEN block")
    return m.group(1)


def frozen_unchanged(text: str | None = None) -> bool:
    return hashlib.sha256(frozen_block(text).encode()).hexdigest() == FROZEN_SHA256


def _mean(rows: Sequence[Mapping[str, float]], key: str) -> float:
    vals = [float(r[key]) for r in rows if key in r and not math.isnan(float(r[key]))]
    return sum(vals) / len(vals) if vals else float("nan")


def collapsed(rows: Sequence[Mapping[str, float]]) -> bool | None:
    """The one collapse rule (PROTOCOL.md, 5); None for a run shorter than two windows."""
    if len(rows) < 2 * WINDOW:
        return None
    first, last = rows[:WINDOW], rows[-WINDOW:]
    return bool(
        _mean(last, "repro/accuracy") <= DEAD_ACCURACY
        and _mean(last, "reward_std") <= 0.5 * _mean(first, "reward_std")
    )


def accuracy_dead(rows: Sequence[Mapping[str, float]]) -> bool | None:
    """The accuracy-only co-outcome (PROTOCOL.md, 5): the last window's mean batch accuracy <= 0.05, whatever
    the reward's spread (a reward set that pays wrong answers unequally keeps its std while accuracy dies)."""
    if len(rows) < 2 * WINDOW:
        return None
    return bool(_mean(rows[-WINDOW:], "repro/accuracy") <= DEAD_ACCURACY)


def wilson(k: int, n: int, z: float = 1.959964) -> tuple[float, float]:
    """Wilson 95% interval of a share k/n."""
    if n == 0:
        return (0.0, 1.0)
    p = k / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def newcombe(a: int, n1: int, b: int, n2: int) -> tuple[float, float, float]:
    """a/n1 - b/n2 with Newcombe's hybrid score 95% interval (from the two Wilson intervals).

    >>> [round(x, 3) for x in newcombe(5, 10, 0, 10)]
    [0.5, 0.117, 0.763]
    """
    p1, p2 = a / n1 if n1 else 0.0, b / n2 if n2 else 0.0
    l1, u1 = wilson(a, n1)
    l2, u2 = wilson(b, n2)
    d = p1 - p2
    return (
        d,
        d - math.sqrt((p1 - l1) ** 2 + (u2 - p2) ** 2),
        d + math.sqrt((u1 - p1) ** 2 + (p2 - l2) ** 2),
    )


def fisher_exact(a: int, n1: int, b: int, n2: int) -> float:
    """Two-sided Fisher exact p of a/n1 against b/n2 (the probabilities no larger than the observed one)."""
    total, k = n1 + n2, a + b
    if total == 0:
        return 1.0

    def p(x: int) -> float:
        return math.comb(n1, x) * math.comb(n2, k - x) / math.comb(total, k)

    observed = p(a)
    return min(1.0, sum(p(x) for x in range(max(0, k - n2), min(k, n1) + 1) if p(x) <= observed * (1 + 1e-9)))


def choose_lr(sweep: Mapping[float, Sequence[tuple[float, bool]]]) -> float:
    """The chosen lr (PROTOCOL.md, 4): ``sweep`` maps a rate to its runs' (end validation accuracy, collapsed)."""
    clean = {lr: runs for lr, runs in sweep.items() if runs and not any(c for _, c in runs)}
    pool = clean or {lr: runs for lr, runs in sweep.items() if runs}
    means = {lr: sum(a for a, _ in runs) / len(runs) for lr, runs in pool.items()}
    best = max(means.values())
    return min(lr for lr, m in means.items() if m >= best - TIE)
