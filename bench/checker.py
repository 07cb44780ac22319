"""One checker core for the pytest plugin and the CLI: run invariants (fixed cases, then hypothesis searches)
on a reward function or a weighted composite and report each failure with a shrunk, readable counterexample.

>>> from rewardcheck.rewards import build_registry
>>> steps = build_registry({}, "openr1@e4ac3ae")["reasoning_steps"]
>>> report = check_reward(steps, kind="reasoning_steps", invariants=["no_degenerate_reward"])  # doctest: +SKIP
>>> report.ok                                                                                # doctest: +SKIP
False
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from rich.console import Console

from .findings import FaultFinding, finding_lines, findings
from .htmlreport import Page
from .invariants import BY_NAME, INVARIANTS, KINDS, CheckContext, Subject, default_max_examples, run_invariant
from .invariants.results import Counterexample, InvariantResult

if TYPE_CHECKING:
    from .diff import DiffReport
from .report import terminal_console
from .strategies.tokens import tokens_for

__all__ = [
    "CheckReport",
    "Counterexample",
    "InvariantResult",
    "check_reward",
    "check_composite",
    "KINDS",
    "kind_of",
]

# The kind of each open-r1 / patched / TRL reward, by the name TRL logs it under.
_KIND_BY_NAME = {
    "accuracy_reward": "accuracy",
    "format_reward": "format",
    "reasoning_steps_reward": "reasoning_steps",
    "cosine_scaled_reward": "cosine",
    "len_reward": "length",
    "tag_count_reward": "shaping",
    "repetition_penalty_reward": "shaping",
    "soft_overlong_punishment_reward": "shaping",
    # trl.rewards (and rewardcheck.trl) names
    "reasoning_accuracy_reward": "accuracy",
    "think_format_reward": "format",
}


def kind_of(func: Callable[..., Any]) -> str:
    """The invariant kind for a known reward name, else ``any``."""
    return _KIND_BY_NAME.get(getattr(func, "__name__", ""), "any")


@dataclass
class CheckReport:
    subject: str
    kind: str
    results: list[InvariantResult]
    settings: dict[str, Any] = field(default_factory=dict)
    seconds: float = 0.0
    diff: DiffReport | None = (
        None  # check_reward(..., against=[...]): the same inputs through other verifiers
    )

    @property
    def ok(self) -> bool:
        return all(r.holds for r in self.results)

    @property
    def failures(self) -> list[InvariantResult]:
        return [r for r in self.results if not r.holds]

    def result(self, name: str) -> InvariantResult:
        for r in self.results:
            if r.name == name:
                return r
        raise KeyError(
            f"no result for invariant {name!r}; checked: {', '.join(r.name for r in self.results)}"
        )

    @property
    def findings(self) -> list[FaultFinding]:
        """The faults found, worst first, each with its smallest counterexample (:mod:`rewardcheck.bench.findings`)."""
        return findings(self.results)

    def render(self) -> str:
        """The report a user reads: the worst fault first, one block per fault, then what holds."""
        found = self.findings
        head = f"rewardcheck: {self.subject} (kind {self.kind}): " + (
            "every invariant holds"
            if self.ok
            else f"{len(self.failures)} of {len(self.results)} invariants fail; "
            f"{len(found)} fault{'s' if len(found) != 1 else ''}, worst first"
        )
        calling = [f"  called as {name}: {how}" for name, how in self.settings.get("calling", {}).items()]
        tokens = (
            [f"  tokens counted by: {self.settings['tokenizer']}"] if "tokenizer" in self.settings else []
        )
        lines = [head, *tokens, *calling, *finding_lines(found)]
        holds = [r.name for r in self.results if r.holds]
        if not self.ok:
            lines.append(f"fails: {', '.join(r.name for r in self.failures)}")
        if holds and not self.ok:
            lines.append(f"holds: {', '.join(holds)}")
        elif holds:
            lines.extend(f"  {r.name}: holds ({r.examples_run} examples)" for r in self.results)
        if self.diff is not None:
            lines.append(
                f"diff against {', '.join(self.diff.verifiers[1:])}: {self.diff.disagreements} of "
                f"{len(self.diff.inputs)} inputs disagree, {len(self.diff.clusters)} clusters"
            )
            for c in self.diff.clusters[:10]:
                verdicts = ", ".join(f"{n} {v}" for n, v in c.verdicts.items())
                lines.append(f"  {c.family} x{len(c.members)}: {c.example.completion!r} -> {verdicts}")
        return "\n".join(lines)

    def print_terminal(self, console: Console | None = None) -> None:
        (console or terminal_console()).print(self.render(), markup=False, highlight=False)

    def html_page(self) -> Page:
        page = Page(f"rewardcheck: {self.subject}")
        page.paragraph(self.render().split("\n", 1)[0], "ok" if self.ok else "bad")
        page.pre(self.render())
        return page

    def assert_ok(self) -> None:
        """Raise ``AssertionError`` naming each failing invariant with its counterexample."""
        __tracebackhide__ = True  # pytest shows the message, not this frame
        if not self.ok:
            raise AssertionError(self.render())

    def to_dict(self) -> dict[str, Any]:
        return {
            "subject": self.subject,
            "kind": self.kind,
            "ok": self.ok,
            "seconds": round(self.seconds, 3),
            "settings": self.settings,
            "findings": [f.to_dict() for f in self.findings],
            "results": [r.to_dict() for r in self.results],
            "diff": self.diff.to_dict() if self.diff is not None else None,
        }


def _select(names: Sequence[str] | None, kind: str, composite: bool) -> list[Any]:
    if names is None:
        return [inv for inv in INVARIANTS if inv.applies(kind, composite)]
    unknown = [n for n in names if n not in BY_NAME]
    if unknown:
        raise ValueError(f"unknown invariant(s) {', '.join(unknown)}; known: {', '.join(BY_NAME)}")
    return [BY_NAME[n] for n in names]


def _run(
    subject: Subject, label: str, kind: str, composite: bool, invariants: Sequence[str] | None, **opts: Any
) -> CheckReport:
    start = time.perf_counter()
    ctx = CheckContext(
        subject=subject,
        kind=kind,
        max_completion_length=int(opts["max_completion_length"]),
        tokens=tokens_for(opts["tokenizer"]),
        prefill_think=bool(opts["prefill_think"]),
        max_examples=int(opts["max_examples"] or default_max_examples()),
        seed=int(opts["seed"]),
        heavy_cases=bool(opts["heavy_cases"]),
        bounds=opts["bounds"],
    )
    results = [run_invariant(ctx, inv) for inv in _select(invariants, kind, composite)]
    settings = {
        "max_completion_length": ctx.max_completion_length,
        "tokenizer": ctx.tokens.name,
        "prefill_think": ctx.prefill_think,
        "max_examples": ctx.max_examples,
        "seed": ctx.seed,
        "time_limit_s": subject.time_limit_s,
        "reward_calls": subject.calls,
        # decided only by a call that returned (bench.invariants.calling); none did -> say so, never guess
        "calling": {
            name: subject.conventions[name].describe()
            if name in subject.conventions
            else "undecided: no call returned"
            for name in subject.funcs
        },
    }
    return CheckReport(label, kind, results, settings, time.perf_counter() - start)


def check_reward(
    func: Callable[..., Any],
    kind: str = "any",
    *,
    invariants: Sequence[str] | None = None,
    max_completion_length: int = 1024,
    tokenizer: Any = None,
    prefill_think: bool = False,
    max_examples: int | None = None,
    seed: int = 0,
    time_limit_s: float = 4.0,
    heavy_cases: bool = True,
    bounds: tuple[float, float] | None = None,
    against: Sequence[str | Callable[..., Any]] | None = None,
) -> CheckReport:
    """Check one TRL-style reward function against the invariants of ``kind``.

    ``kind`` is one of accuracy, format, reasoning_steps, cosine, length, shaping, any. ``tokenizer`` is a
    transformers tokenizer, a local path, or ``None`` for the bundled Qwen tokenizer. ``time_limit_s`` is the
    per-completion wall-clock limit of a call; ``heavy_cases`` runs the power-tower / nested-brace / 1 MB cases.
    ``against`` names other verifiers (``rewardcheck.bench.diff.KNOWN``: patched, openr1@e4ac3ae, openr1@1416fa0,
    math-verify, trl, verl) or callables: the generated attacks, renderings and the attack corpus go through
    all of them and ``report.diff`` holds the disagreements, clustered into minimal pairs.
    """
    if kind not in KINDS:
        raise ValueError(f"unknown kind {kind!r}; choose one of {', '.join(KINDS)}")
    subject = Subject.of([func], time_limit_s=time_limit_s)
    label = getattr(func, "__name__", repr(func))
    report = _run(
        subject,
        label,
        kind,
        False,
        invariants,
        max_completion_length=max_completion_length,
        tokenizer=tokenizer,
        prefill_think=prefill_think,
        max_examples=max_examples,
        seed=seed,
        heavy_cases=heavy_cases,
        bounds=bounds,
    )
    if against:
        from .diff import corpus_inputs, generated_inputs, run_diff

        start = time.perf_counter()
        report.diff = run_diff(
            [func, *against], generated_inputs() + corpus_inputs(), time_limit_s=time_limit_s
        )
        report.seconds += time.perf_counter() - start
    return report


def check_composite(
    funcs: Sequence[Callable[..., Any]],
    weights: Sequence[float] | None = None,
    *,
    max_completion_length: int = 1024,
    prefill_think: bool = False,
    tokenizer: Any = None,
    invariants: Sequence[str] | None = None,
    max_examples: int | None = None,
    seed: int = 0,
    time_limit_s: float = 4.0,
    heavy_cases: bool = False,
    components: bool = False,
) -> CheckReport:
    """Check the weighted sum TRL optimises (``weights`` default to 1 each, as in TRL).

    With ``components`` each function whose name the bench knows (``accuracy_reward``, ``cosine_scaled_reward``,
    ...) is also checked against its kind's invariants; those results are named ``<function>.<invariant>``.
    """
    subject = Subject.of(list(funcs), weights, time_limit_s)
    label = " + ".join(f"{w:g}*{n}" for n, w in subject.weights.items())
    report = _run(
        subject,
        label,
        "composite",
        True,
        invariants,
        max_completion_length=max_completion_length,
        tokenizer=tokenizer,
        prefill_think=prefill_think,
        max_examples=max_examples,
        seed=seed,
        heavy_cases=heavy_cases,
        bounds=None,
    )
    if components:
        start = time.perf_counter()
        for name, func in subject.funcs.items():
            kind = kind_of(func)
            if kind == "any":
                continue
            part = check_reward(
                func,
                kind,
                max_completion_length=max_completion_length,
                tokenizer=tokenizer,
                prefill_think=prefill_think,
                max_examples=max_examples,
                seed=seed,
                time_limit_s=time_limit_s,
                heavy_cases=heavy_cases,
            )
            for r in part.results:
                r.name = f"{name}.{r.name}"
                report.results.append(r)
        report.seconds += time.perf_counter() - start
    return report
