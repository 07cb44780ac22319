"""How ``rewardcheck check``'s outcome is shown: the terminal tables and the self-contained HTML page.

>>> from rich.console import Console                                      # doctest: +SKIP
>>> print_check(run_check(config, "openr1@e4ac3ae"), Console())           # doctest: +SKIP
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.console import Console
from rich.markup import escape
from rich.table import Table

from rewardcheck.bench.htmlreport import Page
from rewardcheck.bench.legend import print_legend
from rewardcheck.bench.report import Rendered

from .next_step import next_step
from .outcome import CheckOutcome

__all__ = ["as_report", "print_check", "html_check"]


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
    outputs = Table(
        title=f"What each output earns under {main.profile} (per-reward) and side by side (totals)",
        title_justify="left",
    )
    outputs.add_column("output", no_wrap=True)
    outputs.add_column("kind", no_wrap=True)
    outputs.add_column("completion", no_wrap=True, max_width=22, overflow="ellipsis")
    short = {
        "reasoning_steps": "steps",
        "repetition_penalty": "repet.",
        "soft_overlong_punishment": "overlong",
        "tag_count": "tags",
    }
    names = list(main.scores[0].scores)
    for name in names:
        outputs.add_column(short.get(name, name), justify="right")
    for comp in comps:
        outputs.add_column(f"total\n{comp.profile}", justify="right")
    for i, s in enumerate(main.scores):
        cells = [s.output.name, s.output.kind, escape(repr(_flat(s.output.text, 22)))]
        cells += [_fmt(s.scores[n]) for n in names]
        cells += [f"[bold]{_fmt(comp.scores[i].total)}[/bold]" for comp in comps]
        outputs.add_row(*cells)
    console.print(outputs)

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
        f"best-paid exploit {main.best_exploit.output.name!r} {_fmt(main.best_exploit.total)}"
    )
    for p, comp in outcome.comparisons.items():
        for m in comp.messages:
            console.print(f"  [{'red' if p == outcome.profile else 'yellow'}]{escape(p)}[/]: {escape(m)}")
    described = {r.name: r.description for rows in outcome.invariants.values() for r in rows}
    described.update({s.output.name: s.output.description for s in main.scores})
    shown = [*profiles, *described, *(s.output.kind for s in main.scores)]
    print_legend(console, [*shown, *(short[n] for n in names if n in short)], described)
    if outcome.failed:
        console.print(
            f"[red]FAIL[/red]: {len(outcome.failed)} invariant(s) fail under {outcome.profile}: {', '.join(r.name for r in outcome.failed)}"
        )
    else:
        console.print(f"[green]ok[/green]: every invariant holds under {outcome.profile}")
    others = {p: [r.name for r in rows if not r.holds] for p, rows in outcome.invariants.items()}
    ran = any(r.name != "no_collapse" for rows in outcome.invariants.values() for r in rows)
    failed = others.pop(outcome.profile, [])
    console.print(
        next_step(outcome.profile, failed, others, ran), highlight=False, markup=False, soft_wrap=True
    )


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
            ["output", "kind", "completion", *names_r, "total"],
            [
                [
                    s.output.name,
                    s.output.kind,
                    _flat(s.output.text, 160),
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
        "Totals of the sample outputs per profile",
        bins=12,
    )
    page.line_chart(
        {
            p: [(float(i), s.total) for i, s in enumerate(comp.scores) if s.total is not None]
            for p, comp in outcome.comparisons.items()
        },
        "Total per output (x = output index in the table above)",
        "output",
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


def as_report(outcome: CheckOutcome) -> Rendered[CheckOutcome]:
    """``rewardcheck check``'s result as a :class:`~rewardcheck.bench.report.Report`."""
    return Rendered(outcome, CheckOutcome.to_dict, print_check, html_check)
