"""rewardcheck's checker on the planted-fault rewards: which planted fault each report shows, read from its
typed findings (invariant, fault title, counterexample labels), never from its prose."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from rewardcheck.bench.checker import CheckReport, check_reward

from .planted import Case

__all__ = ["Outcome", "run_ours", "FOUND_BY"]


def _cxs(report: CheckReport, invariant: str | None = None) -> list[Any]:
    return [cx for r in report.failures if invariant in (None, r.name) for cx in r.counterexamples]


def _labelled(report: CheckReport, invariant: str, *prefixes: str) -> bool:
    return any(any(str(label).startswith(prefixes) for label in cx.labels) for cx in _cxs(report, invariant))


def _titled(report: CheckReport, title: str) -> bool:
    return any(cx.fault is not None and cx.fault.title == title for cx in _cxs(report))


def _shown(report: CheckReport, invariant: str, title: str, label: str) -> bool:
    """A counterexample of ``invariant`` whose fault is ``title``, shown by the completion labelled ``label``."""
    return any(
        cx.fault is not None and cx.fault.title == title and label in cx.labels[cx.fault.at]
        for cx in _cxs(report, invariant)
        if 0 <= (cx.fault.at if cx.fault else -1) < len(cx.labels)
    )


_CONTENT = tuple(f"content-free: {k}" for k in ("empty", "whitespace", "idk", "prompt echoed"))

# planted fault -> how a report shows it
FOUND_BY: dict[str, Callable[[CheckReport], bool]] = {
    "negated_box": lambda r: _labelled(r, "no_negated_credit", "attack: negation"),
    "think_only": lambda r: _shown(r, "final_answer", "non-final answer paid", "answer_in_think_only"),
    "free_reward": lambda r: _titled(r, "free reward"),
    "near_miss": lambda r: _titled(r, "near miss paid as the correct answer"),
    "echo": lambda r: _labelled(r, "no_echo_credit", "attack: echo", "attack: unevaluated"),
    "perturbed_gold": lambda r: _titled(r, "paid against a perturbed gold"),
    "markup": lambda r: bool(_cxs(r, "markup_invariance")),
    "content_free": lambda r: _labelled(r, "no_contentless_credit", *_CONTENT),
    "bare_think": lambda r: _labelled(
        r, "no_contentless_credit", "content-free: bare </think>", "content-free: </think> only"
    ),
    "empty_tool_call": lambda r: _labelled(r, "no_contentless_credit", "content-free: tool call"),
    "mixed_number": lambda r: _labelled(r, "no_fragment_credit", "attack: mixed_number"),
    "parse_fragment": lambda r: _labelled(r, "no_fragment_credit", "attack: parse_fragment"),
    "async_first_box": lambda r: bool(_cxs(r, "last_answer_counts")),
    "unawaited_coroutine": lambda r: any(
        cx.fault is not None and "coroutine" in str(cx.fault.paid) for cx in _cxs(r, "well_formed")
    ),
}

# findings that say a right answer went unpaid: a false alarm when the reward pays that completion once its
# gold is written as the case's data writes it (the check used another way of writing it)
_UNPAID = ("correct answer unpaid", "correct final answer unpaid", "equivalent answer underpaid")


@dataclass
class Outcome:
    tool: str
    case: str
    found: set[str]
    seconds: float
    findings: int
    false_alarms: list[str] = field(default_factory=list)
    note: str = ""


def _pays(case: Case, completion: str, gold: str) -> float | None:
    """The reward's pay for one completion, called as GRPOTrainer calls it (awaited when it is async)."""
    import asyncio

    out = case.func(completions=[completion], solution=[gold], prompts=[""])
    if asyncio.iscoroutine(out):
        out = asyncio.run(out)
    value = list(out)[0]
    return None if value is None else float(value)


def _false_alarms(case: Case, report: CheckReport, render: Callable[[str], str] | None) -> list[str]:
    if render is None or not case.golds:
        return []
    from rewardcheck.bench.strategies.golds import value_of

    alarms = []
    for f in report.findings:
        cx = f.example
        if f.fault.title not in _UNPAID or not 0 <= f.fault.at < len(cx.completions):
            continue
        gold = cx.solutions[f.fault.at]
        if gold is None:
            continue
        paid = _pays(case, cx.completions[f.fault.at], render(value_of(gold)))
        try:
            expected = float(f.fault.expected)
        except (TypeError, ValueError):
            expected = 1e-6  # a condition ("> 0"): any positive pay meets it
        if paid is not None and paid >= expected - 1e-6:
            alarms.append(f"{f.fault.title} (paid {paid:g} with the gold written as the data writes it)")
    return alarms


def run_ours(case: Case, given_golds: bool) -> Outcome:
    """Check ``case``'s reward as a user would: with a sample of their golds, or with nothing but the function."""
    from rewardcheck.bench.strategies.golds import gold_format

    kwargs: dict[str, Any] = {"golds": list(case.golds)} if given_golds and case.golds else {}
    start = time.perf_counter()
    report = check_reward(case.func, **kwargs)
    seconds = time.perf_counter() - start
    found = {fault for fault in case.faults if FOUND_BY[fault](report)}
    render = gold_format(case.gold_format).render if case.gold_format else None
    tool = "rewardcheck (golds)" if given_golds else "rewardcheck (auto)"
    return Outcome(
        tool,
        case.name,
        found,
        seconds,
        len(report.findings),
        _false_alarms(case, report, render),
        report.gold.describe() if report.gold is not None else "",
    )
