"""When ``simulate --start-from LOG`` cannot predict the run it started from.

The start is fitted to the log's first records; the rest of the log says how the real run went
(:func:`rewardcheck.bench.logs.diagnose`). When the real run collapsed and the simulation from its own start did not,
:func:`prediction_limit` says so with the measured reason: the real run's last record before the onset and its
first collapsed record (how far apart, in length, accuracy and KL, and whether the log holds the steps
between), and what the simulated policy did instead (its shortest mean length, its peak degenerate share, the
advantage of the short outputs it sampled, its accuracy and its KL).

>>> from rewardcheck.bench.simulate.results import StartLimit
>>> limit = StartLimit("x.txt", "record 5", {"completion_length": 811.0}, {"completion_length": 7.0}, "why")
>>> limit.to_dict()["onset"]
'record 5'
"""

from __future__ import annotations

import math
from pathlib import Path

from .results import SimulationResult, StartLimit

__all__ = ["StartLimit", "prediction_limit"]

KEYS = ("completion_length", "rewards/accuracy", "kl", "reward_std")


def _pick(record: dict[str, float]) -> dict[str, float]:
    return {k: record[k] for k in KEYS if k in record}


def _fmt(v: float | None, digits: int = 3) -> str:
    return "n/a" if v is None or math.isnan(v) else f"{v:.{digits}g}"


def prediction_limit(log_path: str | Path, result: SimulationResult) -> StartLimit | None:
    """The limit when the log's run collapsed and ``result`` (simulated from its start) did not, else None."""
    from rewardcheck.bench.logs import LogFormatError, diagnose, read_log

    if result.collapsed:
        return None
    try:
        log = read_log(log_path)
    except LogFormatError:  # a repro CSV read_start accepts but the log reader does not: nothing to compare
        return None
    d = diagnose(log)
    if not d.collapsed or d.onset_step is None:
        return None
    onset = d.onset_step
    i = next(k for k, r in enumerate(log.records) if r["step"] >= onset)
    if i == 0:
        return None  # collapsed from the first record: the start itself is the collapse
    before, after = log.records[i - 1], log.records[i]
    first = log.records[0]
    gap = (
        "consecutive records of a log without step numbers: it does not say how many steps lie between them"
        if log.step_is_index
        else f"{int(after['step'] - before['step'])} step(s) apart"
    )
    h = result.history
    shortest = min(h, key=lambda s: s.length_tokens)
    peak = max(h, key=lambda s: s.frac_degenerate)
    adv = [s.degenerate_advantage for s in h if not math.isnan(s.degenerate_advantage)]
    f, s0 = result.final, result.initial
    label = log.step_label
    real = (
        f"the real run is healthy up to {label(before['step'])} ({_fmt(before.get('completion_length'))} tokens, "
        f"accuracy {_fmt(before.get('rewards/accuracy'))}, was {_fmt(first.get('rewards/accuracy'))} at "
        f"{label(first['step'])}; KL {_fmt(before.get('kl'))}) and collapsed at {label(after['step'])} "
        f"({_fmt(after.get('completion_length'))} tokens, accuracy {_fmt(after.get('rewards/accuracy'))}, KL "
        f"{_fmt(after.get('kl'))}), {gap}, so the path into the collapse is not in the log to fit"
    )
    # does the simulation move the way the logged records before the onset did?
    same = all(
        (before[k] - first[k]) * (sim_end - sim_start) >= 0
        for k, sim_start, sim_end in (
            ("rewards/accuracy", s0.accuracy, f.accuracy),
            ("completion_length", s0.length_tokens, f.length_tokens),
        )
        if k in before and k in first
    )
    sim = (
        f"from the fitted start the simulated policy moves {'like' if same else 'unlike'} the logged records "
        f"before the onset (accuracy {s0.accuracy:.2f} -> {f.accuracy:.2f}, length {s0.length_tokens:.0f} -> "
        f"{f.length_tokens:.0f} tokens) and never gets near the collapse: its mean length stayed >= {shortest.length_tokens:.0f} tokens (step {shortest.step}), "
        f"the degenerate share peaked at {peak.frac_degenerate:.2f} (step {peak.step})"
    )
    if adv:
        mean_adv = sum(adv) / len(adv)
        sim += f", short outputs scored {'below' if mean_adv < 0 else 'above'} their groups (mean advantage {mean_adv:+.2f})"
    kl_real = after.get("kl")
    p_short = 1 / (1 + math.exp(-f.policy.get("short_logit", -30.0)))
    model = (
        "the real run got there by dynamics the model does not have (in the model, length moves only through one "
        f"shared log-normal tendency and an early-stop mode, which ended at p {p_short:.3f}, and a correct answer "
        "stays as likely as the prompt's real accuracy allows); the simulated KL ended at "
        f"{f.kl:.2f} nats" + (f" against {_fmt(kl_real)} in the real run" if kl_real is not None else "")
    )
    return StartLimit(
        str(log_path),
        label(onset),
        _pick(before),
        _pick(after),
        f"{real}; {sim}; {model}",
    )
