"""What ``rewardcheck check`` finds about a config, and how it is shown (terminal and HTML).

The invariants come from :func:`bench.checker.check_composite`; the exploit comparison (and the invariant
``no_collapse`` it decides) from :mod:`bench.scan.composite`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from rich.console import Console
from rich.markup import escape
from rich.table import Table

from bench.config import TrainingConfig
from bench.htmlreport import Page

from .composite import Comparison, build_composite, compare, standard_probes
from .profiles import ProfileUnavailable
from .quiet import quiet_upstream_logs

__all__ = ["InvariantRow", "CheckOutcome", "run_check", "print_check", "html_check"]


@dataclass
class InvariantRow:
    name: str
    description: str
    holds: bool
    message: str
    examples_run: int | None = None
    counterexample: dict[str, Any] | None = None


@dataclass
class CheckOutcome:
    config: TrainingConfig
    profile: str
    invariants: dict[str, list[InvariantRow]]  # profile -> results
    comparisons: dict[str, Comparison]  # profile -> exploit comparison
    notes: list[str] = field(default_factory=list)

    @property
    def failed(self) -> list[InvariantRow]:
        return [r for r in self.invariants.get(self.profile, []) if not r.holds]

    @property
    def exit_status(self) -> int:
        return 1 if self.failed else 0

    def to_dict(self) -> dict[str, Any]:
        c = self.config
        return {
            "config": {
                "source": c.source,
                "reward_funcs": list(c.reward_funcs),
                "weights": list(c.weights),
                "max_completion_length": c.max_completion_length,
                "num_generations": c.num_generations,
                "prefills_think": c.prefills_think,
            },
            "profile": self.profile,
            "ok": not self.failed,
            "failed": [r.name for r in self.failed],
            "invariants": {p: [vars(r) for r in rows] for p, rows in self.invariants.items()},
            "comparisons": {p: comp.to_dict() for p, comp in self.comparisons.items()},
            "notes": self.notes,
            "exit_status": self.exit_status,
        }


def _jsonable(v: Any) -> Any:
    if isinstance(v, dict):
        return {str(k): _jsonable(x) for k, x in v.items()}
    if isinstance(v, list | tuple):
        return [_jsonable(x) for x in v]
    if v is None or isinstance(v, str | int | float | bool):
        return v
    return str(v)


def _counterexample(ce: Any) -> dict[str, Any] | None:
    if ce is None:
        return None
    if hasattr(ce, "to_dict"):
        return _jsonable(ce.to_dict())  # type: ignore[no-any-return]
    keys = ("completions", "solution", "solutions", "scores", "total", "note")
    return {k: _jsonable(getattr(ce, k)) for k in keys if hasattr(ce, k)}


def _invariants(
    composite: Any, config: TrainingConfig, tokenizer: Any, max_examples: int
) -> tuple[list[InvariantRow], str | None]:
    try:
        from bench.checker import check_composite
    except ImportError as exc:
        return [], f"invariant checker unavailable ({exc}); only the exploit comparison ran"
    report = check_composite(
        [f for _, f in composite.funcs],
        list(composite.weights),
        max_completion_length=config.max_completion_length,
        prefill_think=config.prefills_think,
        tokenizer=tokenizer,
        max_examples=max_examples,
    )
    rows = [
        InvariantRow(
            name=r.name,
            description=getattr(r, "description", ""),
            holds=bool(r.holds),
            message=getattr(r, "message", "") or "",
            examples_run=getattr(r, "examples_run", None),
            counterexample=_counterexample(getattr(r, "counterexample", None)),
        )
        for r in report.results
    ]
    return rows, None


def _collapse_row(comp: Comparison) -> InvariantRow:
    best, cut = comp.best_exploit, comp.truncated
    return InvariantRow(
        name="no_collapse",
        description="a short output with no answer earns less than a genuine attempt cut at max_completion_length",
        holds=not comp.collapse_risk,
        message="; ".join(comp.messages)
        if comp.collapse_risk
        else f"best exploit {best.total} < truncated attempt {cut.total}",
        examples_run=len(comp.scores),
        counterexample={
            "completions": [best.probe.text, cut.probe.text],
            "scores": {k: [v, cut.scores.get(k)] for k, v in best.scores.items()},
            "total": [best.total, cut.total],
            "labels": [
                f"cheapest exploit: {best.probe.name}",
                "genuine attempt cut at max_completion_length",
            ],
            "token_counts": [
                len(best.probe.ids) if best.probe.ids is not None else None,
                len(cut.probe.ids) if cut.probe.ids is not None else None,
            ],
            "note": f"{best.probe.name} earns {best.total} >= {cut.total} for the truncated attempt",
        }
        if comp.collapse_risk
        else None,
    )


def run_check(
    config: TrainingConfig,
    profile: str,
    *,
    tokenizer: Any = None,
    with_patched: bool = True,
    run_invariants: bool = True,
    max_examples: int = 20,
) -> CheckOutcome:
    quiet_upstream_logs()
    composite = build_composite(config, profile, tokenizer)
    outcome = CheckOutcome(config, composite.profile, {}, {})
    probes = standard_probes(config, tokenizer)
    profiles = [composite]
    if with_patched and composite.profile != "patched":
        try:
            profiles.append(build_composite(config, "patched", tokenizer))
        except ProfileUnavailable as exc:
            outcome.notes.append(f"{exc}; no side-by-side column")
    for comp in profiles:
        comparison = compare(comp, probes, config.num_generations)
        outcome.comparisons[comp.profile] = comparison
        rows: list[InvariantRow] = []
        if run_invariants:
            rows, note = _invariants(comp, config, tokenizer, max_examples)
            if note and note not in outcome.notes:
                outcome.notes.append(note)
        rows.append(_collapse_row(comparison))
        outcome.invariants[comp.profile] = rows
        if comp.note:
            outcome.notes.append(comp.note)
    return outcome


def _fmt(v: Any) -> str:
    return "-" if v is None else (f"{v:.3f}" if isinstance(v, float) else str(v))


def _flat(text: str, n: int = 70) -> str:
    flat = text.replace("\n", "\\n")
    return flat if len(flat) <= n else flat[: n - 1] + "…"


def _ends(text: str, head: int = 40, tail: int = 30) -> str:
    flat = text.replace("\n", "\\n")
    return flat if len(flat) <= head + tail + 3 else flat[:head] + " … " + flat[-tail:]


def print_check(outcome: CheckOutcome, console: Console) -> None:
    c = outcome.config
    console.print(
        f"[bold]rewardcheck check[/bold] {escape(c.source)}: {' + '.join(f'{w:g}*{f}' for f, w in zip(c.reward_funcs, c.weights, strict=True))}; "
        f"max_completion_length {c.max_completion_length}, num_generations {c.num_generations}, "
        f"chat template {'pre-fills' if c.prefills_think else 'does not pre-fill'} <think>; profile {outcome.profile}"
    )
    for note in outcome.notes:
        console.print(f"  note: {escape(note)}", style="dim")
    profiles = list(outcome.invariants)
    table = Table(title="Invariants", title_justify="left")
    table.add_column("invariant")
    for p in profiles:
        table.add_column(p)
    names = list(dict.fromkeys(r.name for rows in outcome.invariants.values() for r in rows))
    for name in names:
        cells = []
        for p in profiles:
            row = next((r for r in outcome.invariants[p] if r.name == name), None)
            cells.append(
                "-" if row is None else ("[green]holds[/green]" if row.holds else "[red]FAILS[/red]")
            )
        table.add_row(name, *cells)
    console.print(table)

    comps = list(outcome.comparisons.values())
    main = outcome.comparisons[outcome.profile]
    probes = Table(
        title=f"What each output earns under {main.profile} (per-reward) and side by side (totals)",
        title_justify="left",
    )
    probes.add_column("probe", no_wrap=True)
    probes.add_column("kind", no_wrap=True)
    probes.add_column("completion", no_wrap=True, max_width=22, overflow="ellipsis")
    short = {
        "reasoning_steps": "steps",
        "repetition_penalty": "repet.",
        "soft_overlong_punishment": "overlong",
        "tag_count": "tags",
    }
    names = list(main.scores[0].scores)
    for name in names:
        probes.add_column(short.get(name, name), justify="right")
    for comp in comps:
        probes.add_column(f"total\n{comp.profile}", justify="right")
    for i, s in enumerate(main.scores):
        cells = [s.probe.name, s.probe.kind, escape(repr(_flat(s.probe.text, 22)))]
        cells += [_fmt(s.scores[n]) for n in names]
        cells += [f"[bold]{_fmt(comp.scores[i].total)}[/bold]" for comp in comps]
        probes.add_row(*cells)
    console.print(probes)

    for row in outcome.failed:
        console.print(f"[red]FAILS[/red] [bold]{row.name}[/bold]: {escape(row.description)}")
        if row.message and row.name != "no_collapse":  # the collapse messages follow below
            console.print(f"  {escape(row.message)}", highlight=False)
        ce = row.counterexample or {}
        labels = ce.get("labels") or []
        counts = ce.get("token_counts") or []
        for j, text in enumerate(ce.get("completions", [])[:4]):
            scores = {
                k: v[j] if isinstance(v, list) and j < len(v) else v
                for k, v in (ce.get("scores") or {}).items()
            }
            total = ce.get("total")
            total_j = total[j] if isinstance(total, list) and j < len(total) else total
            label = labels[j] if j < len(labels) else f"#{j}"
            size = f"{len(str(text))} chars" + (
                f", {counts[j]} tokens" if j < len(counts) and counts[j] is not None else ""
            )
            console.print(
                f"  {escape(f'[{label}]')} {escape(repr(_ends(str(text))))} ({size}): "
                + ", ".join(f"{k.removesuffix('_reward')} {_fmt(v)}" for k, v in scores.items())
                + f"; [bold]total {_fmt(total_j)}[/bold]",
                highlight=False,
            )
    console.print(
        f"genuine attempts under {main.profile}: correct {_fmt(main.correct.total)}, wrong {_fmt(main.wrong.total)}, "
        f"truncated at {outcome.config.max_completion_length} tokens {_fmt(main.truncated.total)}; "
        f"best-paid exploit {main.best_exploit.probe.name!r} {_fmt(main.best_exploit.total)}"
    )
    for p, comp in outcome.comparisons.items():
        for m in comp.messages:
            console.print(f"  [{'red' if p == outcome.profile else 'yellow'}]{escape(p)}[/]: {escape(m)}")
    if outcome.failed:
        console.print(
            f"[red]FAIL[/red]: {len(outcome.failed)} invariant(s) fail under {outcome.profile}: {', '.join(r.name for r in outcome.failed)}"
        )
    else:
        console.print(f"[green]ok[/green]: every invariant holds under {outcome.profile}")


def html_check(outcome: CheckOutcome) -> Page:
    c = outcome.config
    page = Page(f"rewardcheck check: {c.source}")
    page.paragraph(
        f"Composite {' + '.join(f'{w:g}*{f}' for f, w in zip(c.reward_funcs, c.weights, strict=True))}; "
        f"max_completion_length {c.max_completion_length}; num_generations {c.num_generations}; "
        f"chat template pre-fills <think>: {c.prefills_think}; profile {outcome.profile}."
    )
    for note in outcome.notes:
        page.paragraph(f"Note: {note}")
    page.heading("Invariants")
    profiles = list(outcome.invariants)
    names = list(dict.fromkeys(r.name for rows in outcome.invariants.values() for r in rows))
    rows: list[Sequence[Any]] = []
    for name in names:
        row: list[Any] = [name]
        for p in profiles:
            r = next((x for x in outcome.invariants[p] if x.name == name), None)
            row.append("-" if r is None else ("holds" if r.holds else f"FAILS: {r.message}"))
        rows.append(row)
    page.table(["invariant", *profiles], rows)
    page.heading("Exploits vs genuine attempts")
    for p, comp in outcome.comparisons.items():
        page.heading(p, level=3)
        names_r = list(comp.scores[0].scores)
        page.table(
            ["probe", "kind", "completion", *names_r, "total"],
            [
                [
                    s.probe.name,
                    s.probe.kind,
                    _flat(s.probe.text, 160),
                    *[_fmt(s.scores[n]) for n in names_r],
                    _fmt(s.total),
                ]
                for s in comp.scores
            ],
        )
        for m in comp.messages:
            page.paragraph(m, css_class="bad" if p == outcome.profile else None)
    page.histogram(
        {p: [s.total for s in comp.scores if s.total is not None] for p, comp in outcome.comparisons.items()},
        "Totals of the probe outputs per profile",
        bins=12,
    )
    page.line_chart(
        {
            p: [(float(i), s.total) for i, s in enumerate(comp.scores) if s.total is not None]
            for p, comp in outcome.comparisons.items()
        },
        "Total per probe (x = probe index in the table above)",
        "probe",
        "total",
    )
    failed = outcome.failed
    if failed:
        page.heading("Counterexamples")
        for r in failed:
            page.heading(f"{r.name}: {r.description}", level=3)
            page.paragraph(r.message)
            if r.counterexample:
                import json

                page.pre(json.dumps(r.counterexample, indent=1, default=str)[:4000])
    return page
