"""One checker core for the pytest plugin and the CLI: run invariants (fixed cases, then hypothesis searches)
on a reward function or a weighted composite and report each failure with a shrunk, readable counterexample.

Before any invariant runs, the check settles how golds are written (``gold_format=``, a sample of your
``golds=``, or detected: :mod:`rewardcheck.bench.invariants.goldchoice`) and every case renders its gold that
way; the report names the rendering used. An invariant that never saw the right answer paid says it *cannot
judge*, never that it holds.

>>> from rewardcheck.rewards import build_registry
>>> steps = build_registry({}, "openr1@e4ac3ae")["reasoning_steps"]
>>> report = check_reward(steps, kind="reasoning_steps", invariants=["no_degenerate_reward"])  # doctest: +SKIP
>>> report.ok                                                                                # doctest: +SKIP
False
"""

from __future__ import annotations

import functools
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from rich.console import Console

from .findings import FaultFinding, finding_lines, findings
from .htmlreport import Page
from .invariants import BY_NAME, INVARIANTS, KINDS, CheckContext, Subject, default_max_examples, run_invariant
from .invariants.calling import Awaiting
from .invariants.context import Depth
from .invariants.goldchoice import GoldChoice, choose_gold
from .invariants.results import Counterexample, InvariantResult, Status
from .strategies.golds import GoldSpec

if TYPE_CHECKING:
    from .diff import DiffReport
from .report import terminal_console
from .strategies.tokens import tokens_for

__all__ = [
    "CheckReport",
    "Counterexample",
    "Depth",
    "InvariantResult",
    "Status",
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


def callable_name(func: Callable[..., Any]) -> str:
    """The name TRL logs a reward under: a partial's function's, else ``__name__``, else the class's.

    >>> import functools
    >>> callable_name(functools.partial(len)), callable_name(KeyError())
    ('len', 'KeyError')
    """
    while isinstance(func, functools.partial):
        func = func.func
    return str(getattr(func, "__name__", type(func).__name__))


def kind_of(func: Callable[..., Any]) -> str:
    """The invariant kind for a known reward name, else ``any``."""
    return _KIND_BY_NAME.get(getattr(func, "__name__", ""), "any")


AUTO = "auto"


def inferred_kind(func: Callable[..., Any], choice: GoldChoice) -> tuple[str, str]:
    """The kind ``check_reward(kind="auto")`` checks: a known reward's by its name; else ``accuracy`` when it
    pays the right answer more than a wrong one in some answer template (under the chosen gold format), else
    ``any``. Returns (kind, why)."""
    named = kind_of(func)
    if named != "any":
        return named, f"by its name {getattr(func, '__name__', '')!r}"
    if any(t.accepted for t in choice.trials if t.format == choice.format):
        return "accuracy", "it pays the right answer more than a wrong one"
    return "any", "it pays the right answer no more than a wrong one"


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
    gold: GoldChoice | None = None  # how golds were written, and why

    @property
    def ok(self) -> bool:
        """No invariant fails (one that cannot judge is listed as such, not passed)."""
        return not self.failures

    @property
    def failures(self) -> list[InvariantResult]:
        return [r for r in self.results if r.status is Status.FAILS]

    @property
    def unjudged(self) -> list[InvariantResult]:
        """The invariants that could not judge (the reward never paid the right answer they measure against)."""
        return [r for r in self.results if r.status is Status.CANNOT_JUDGE]

    @property
    def judged(self) -> list[InvariantResult]:
        return [r for r in self.results if r.status is not Status.CANNOT_JUDGE]

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

    def headline(self) -> str:
        """The first line: judged, failed and cannot-judge counts.

        >>> CheckReport("f", "any", []).headline()
        'rewardcheck: f (kind any): 0 invariants judged: 0 fail, 0 hold; 0 cannot judge'
        """
        found = self.findings
        n_judged, n_fail, n_cannot = len(self.judged), len(self.failures), len(self.unjudged)
        inferred = " inferred" if "kind_inferred" in self.settings else ""
        head = (
            f"rewardcheck: {self.subject} (kind {self.kind}{inferred}): {n_judged} invariant{'s' if n_judged != 1 else ''} "
            f"judged: {n_fail} fail, {n_judged - n_fail} hold; {n_cannot} cannot judge"
        )
        if found:
            head += f"; {len(found)} fault{'s' if len(found) != 1 else ''}, worst first"
        return head

    def render(self) -> str:
        """The report a user reads: the worst fault first, one block per fault, then what holds."""
        found = self.findings
        calling = [f"  called as {name}: {how}" for name, how in self.settings.get("calling", {}).items()]
        tokens = (
            [f"  tokens counted by: {self.settings['tokenizer']}"] if "tokenizer" in self.settings else []
        )
        gold = [f"  {self.gold.describe()}"] if self.gold is not None else []
        if "kind_inferred" in self.settings:
            gold.append(f"  kind {self.kind}: {self.settings['kind_inferred']}")
        lines = [self.headline(), *gold, *tokens, *calling, *finding_lines(found)]
        holds = [r.name for r in self.results if r.status is Status.HOLDS]
        if not self.ok:
            lines.append(f"fails: {', '.join(r.name for r in self.failures)}")
        if holds and not self.ok:
            lines.append(f"holds: {', '.join(holds)}")
        elif holds:
            lines.extend(
                f"  {r.name}: holds ({r.examples_run} examples)"
                for r in self.results
                if r.status is Status.HOLDS
            )
        lines.extend(f"cannot judge {r.name}: {r.cannot_judge}" for r in self.unjudged)
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
            "counts": {
                "judged": len(self.judged),
                "fail": len(self.failures),
                "hold": len(self.judged) - len(self.failures),
                "cannot_judge": len(self.unjudged),
            },
            "gold": self.gold.to_dict() if self.gold is not None else None,
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


def _examples(max_examples: int | None, depth: Depth) -> int:
    """Examples per search: as given, else a quick check's few (at most 10) or a deep check's many (30+)."""
    if max_examples:
        return int(max_examples)
    default = default_max_examples()
    return max(30, 3 * default) if depth is Depth.DEEP else max(5, min(10, default))


def _depth(depth: str | Depth) -> Depth:
    try:
        return depth if isinstance(depth, Depth) else Depth(depth)
    except ValueError:
        raise ValueError(f"unknown depth {depth!r}; choose quick or deep") from None


def _how_called(subject: Subject, name: str) -> str:
    if name not in subject.conventions:
        return "undecided: no call returned"
    how = subject.conventions[name].describe()
    awaiting = subject.awaiting.get(name, Awaiting.NO)
    return how if awaiting is Awaiting.NO else f"{how}; {awaiting.value}"


def _run(
    subject: Subject, label: str, kind: str, composite: bool, invariants: Sequence[str] | None, **opts: Any
) -> CheckReport:
    start = time.perf_counter()
    depth = _depth(opts.get("depth", Depth.QUICK))
    ctx = CheckContext(
        subject=subject,
        kind="any" if kind == AUTO else kind,  # the gold trials of an unknown reward accept as `any` does
        max_completion_length=int(opts["max_completion_length"]),
        tokens=tokens_for(opts["tokenizer"]),
        prefill_think=bool(opts["prefill_think"]),
        max_examples=_examples(opts["max_examples"], depth),
        seed=int(opts["seed"]),
        heavy_cases=bool(opts["heavy_cases"]),
        bounds=opts["bounds"],
        depth=depth,
    )
    why_kind = ""
    func = next(iter(subject.funcs.values()))
    if kind == AUTO and kind_of(func) != "any":  # a known reward's kind, before the gold trials read it
        kind, why_kind = kind_of(func), f"by its name {getattr(func, '__name__', '')!r}"
        ctx.kind = kind
    choice = choose_gold(ctx, opts.get("gold_format"), opts.get("golds"))
    if kind == AUTO:
        kind, why_kind = inferred_kind(func, choice)
        ctx.kind = kind
    selected = _select(invariants, kind, composite)
    results = [run_invariant(ctx, inv) for inv in selected]
    settings = {
        "max_completion_length": ctx.max_completion_length,
        "tokenizer": ctx.tokens.name,
        "prefill_think": ctx.prefill_think,
        "max_examples": ctx.max_examples,
        "seed": ctx.seed,
        "time_limit_s": subject.time_limit_s,
        "reward_calls": subject.calls,
        "depth": depth.value,
        "gold_format": ctx.gold_format.name,
        **({"kind_inferred": why_kind} if why_kind else {}),
        # decided only by a call that returned (bench.invariants.calling); none did -> say so, never guess
        "calling": {name: _how_called(subject, name) for name in subject.funcs},
    }
    return CheckReport(label, kind, results, settings, time.perf_counter() - start, gold=choice)


def check_reward(
    func: Callable[..., Any],
    kind: str = AUTO,
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
    gold_format: GoldSpec | None = None,
    golds: Sequence[str] | None = None,
    depth: str | Depth = Depth.QUICK,
) -> CheckReport:
    """Check one TRL-style reward function against the invariants of ``kind``.

    The function is called as TRL's ``GRPOTrainer`` calls it: by keyword, an ``async def`` function or an
    instance with an ``async def __call__`` awaited. ``gold_format`` says how your dataset writes golds
    (``bare``, ``$``, ``\\boxed``, ``####``, ``solution``, or a function that renders a value); ``golds`` is a
    sample of your golds to read it from; with neither, the check finds the format under which the reward pays
    the right answer (``report.gold`` says which and why). ``depth="deep"`` searches further (every pumped
    case, three times the examples).

    ``kind`` is one of accuracy, format, reasoning_steps, cosine, length, shaping, any, or ``auto`` (the
    default: a known reward's kind by its name, else ``accuracy`` when it pays the right answer more than a
    wrong one, else ``any``; ``report.settings["kind_inferred"]`` says why). ``tokenizer`` is a
    transformers tokenizer, a local path, or ``None`` for the bundled Qwen tokenizer. ``time_limit_s`` is the
    per-completion wall-clock limit of a call; ``heavy_cases`` runs the power-tower / nested-brace / 1 MB cases.
    ``against`` names other verifiers (``rewardcheck.bench.diff.KNOWN``: patched, openr1@e4ac3ae, openr1@1416fa0,
    math-verify, trl, verl) or callables: the generated attacks, renderings and the attack corpus go through
    all of them and ``report.diff`` holds the disagreements, clustered into minimal pairs.
    """
    if kind not in KINDS and kind != AUTO:
        raise ValueError(f"unknown kind {kind!r}; choose one of {', '.join(KINDS)}, {AUTO}")
    subject = Subject.of([func], time_limit_s=time_limit_s)
    label = callable_name(func)
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
        gold_format=gold_format,
        golds=golds,
        depth=depth,
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
    gold_format: GoldSpec | None = None,
    golds: Sequence[str] | None = None,
    depth: str | Depth = Depth.QUICK,
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
        gold_format=gold_format,
        golds=golds,
        depth=depth,
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
                gold_format=gold_format,
                golds=golds,
                depth=depth,
            )
            for r in part.results:
                r.name = f"{name}.{r.name}"
                report.results.append(r)
        report.seconds += time.perf_counter() - start
    return report
