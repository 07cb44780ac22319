"""The cure protocol's fixed definitions as code (``experiments/cure/PROTOCOL.md`` is the text), and the checks
the summary runs: the frozen block unchanged, every run at a recorded, clean commit that descends from the
protocol's.

>>> collapsed([{"repro/accuracy": 0.4, "reward_std": 0.8}] * 20 + [{"repro/accuracy": 0.0, "reward_std": 0.1}] * 20)
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
    "WINDOW",
    "COLLAPSE_RATE",
    "SWEEP_RATES",
    "SWEEP_SEEDS",
    "MAIN_SEEDS",
    "STARTS",
    "frozen_block",
    "frozen_unchanged",
    "collapsed",
    "wilson",
    "fisher_exact",
    "choose_lr",
]

PROTOCOL_FILE = Path(__file__).with_name("PROTOCOL.md")
# sha256 of the text between the FROZEN lines of PROTOCOL.md, as committed with it
FROZEN_SHA256 = "f208475c63405bd89ea589e46396a8b837440ece5fcb5390dd9b76a0ba2ed132"
WINDOW = 20
COLLAPSE_RATE = 3e-4
SWEEP_RATES = (5e-5, 1e-4, 3e-4)
SWEEP_SEEDS = (100, 101, 102)
MAIN_SEEDS = tuple(range(10))
STARTS = {"A": 0, "B": 1}  # start name -> SFT seed
TIE = 0.005


def frozen_block(text: str | None = None) -> str:
    text = PROTOCOL_FILE.read_text() if text is None else text
    m = re.search(r"<!-- FROZEN: begin -->\n(.*?)<!-- FROZEN: end -->", text, re.S)
    if m is None:
        raise ValueError(f"{PROTOCOL_FILE}: no FROZEN block")
    return m.group(1)


def frozen_unchanged() -> bool:
    return hashlib.sha256(frozen_block().encode()).hexdigest() == FROZEN_SHA256


def _mean(rows: Sequence[Mapping[str, float]], key: str) -> float:
    vals = [float(r[key]) for r in rows if key in r and not math.isnan(float(r[key]))]
    return sum(vals) / len(vals) if vals else float("nan")


def collapsed(rows: Sequence[Mapping[str, float]]) -> bool | None:
    """The one collapse rule (PROTOCOL.md, 5); None for a run shorter than two windows."""
    if len(rows) < 2 * WINDOW:
        return None
    first, last = rows[:WINDOW], rows[-WINDOW:]
    return bool(
        _mean(last, "repro/accuracy") <= 0.05
        and _mean(last, "reward_std") <= 0.5 * _mean(first, "reward_std")
    )


def wilson(k: int, n: int, z: float = 1.959964) -> tuple[float, float]:
    """Wilson 95% interval of a share k/n."""
    if n == 0:
        return (0.0, 1.0)
    p = k / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def fisher_exact(a: int, n1: int, b: int, n2: int) -> float:
    """Two-sided Fisher exact p of a/n1 against b/n2 (the probabilities no larger than the observed one)."""
    total, k = n1 + n2, a + b

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
