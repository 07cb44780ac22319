"""Render a :class:`Diagnosis`: rich terminal summary, JSON document, HTML page with curves and onset marked.

>>> from rewardcheck.bench.logs.records import TrainingLog
>>> from rewardcheck.bench.logs.diagnosis import diagnose
>>> d = diagnose(TrainingLog("demo", "jsonl", [{"step": float(i), "reward": 0.5} for i in range(5)]))
>>> "reward constant" in html_page([d]).render()
True
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import Console
from rich.table import Table

from rewardcheck.bench.htmlreport import Page
from rewardcheck.bench.report import Rendered, terminal_console

from .detectors import fmt
from .diagnosis import Diagnoses, Diagnosis

__all__ = ["as_report", "print_summary", "html_page", "CURVES"]

# Chart groups: each is drawn when the log has at least one of its metrics.
CURVES: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("Reward", ("reward",)),
    ("Reward std / zero-std groups / clipped ratio", ("reward_std", "frac_reward_zero_std", "clipped_ratio")),
    ("Completion length (tokens)", ("completion_length",)),
    ("KL", ("kl",)),
    ("Gradient norm", ("grad_norm",)),
    ("Losses", ("loss", "act_loss", "cri_loss")),
)


def _onset(d: Diagnosis) -> str:
    return "-" if d.onset_step is None else d.log.step_label(d.onset_step)


def print_summary(diagnoses: Sequence[Diagnosis], console: Console | None = None) -> None:
    console = console or terminal_console()
    for d in diagnoses:
        log = d.log
        state = {
            "collapsed": "[bold red]COLLAPSED[/]",
            "shaping-gamed": "[bold red]SHAPING-GAMED[/] (no hard collapse; the run is paid for form)",
        }.get(d.verdict, "[bold green]no collapse detected[/]")
        console.print(f"[bold]{log.source}[/]: {state}; onset {_onset(d)}")
        console.print(
            f"  read {len(log.records)} records as {log.format}; {log.unknown_lines} unrecognised line(s) ignored"
            + (f"; {sum(log.ignored.values())} value(s) skipped: {dict(log.ignored)}" if log.ignored else "")
        )
        if d.signals:
            table = Table(show_header=True, header_style="bold", box=None, pad_edge=False)
            table.add_column("signal")
            table.add_column("from")
            table.add_column("evidence", overflow="fold")
            for s in d.signals:
                name = f"[red]{s.name}[/]" if s.critical else f"[yellow]{s.name}[/]"
                table.add_row(name, "-" if s.step is None else log.step_label(s.step), s.evidence)
            console.print(table)
        for i, c in enumerate(d.causes, start=1):
            console.print(f"  [bold]cause {i}: {c.title}[/]  [dim]({', '.join(c.signals)})[/]")
            console.print(f"    {c.explanation}")
            for fix in c.fixes:
                console.print(f"    - fix: {fix}")
        console.print()


def html_page(diagnoses: Sequence[Diagnosis]) -> Page:
    page = Page("rewardcheck logs: training-log diagnosis")
    for d in diagnoses:
        log = d.log
        page.heading(log.source)
        verdict = {
            "collapsed": f"COLLAPSED, onset {_onset(d)}",
            "shaping-gamed": f"SHAPING-GAMED (no hard collapse; the run is paid for form), onset {_onset(d)}",
        }.get(d.verdict, "no collapse detected")
        page.paragraph(verdict, "bad" if d.collapsed else "ok")
        page.paragraph(
            f"{len(log.records)} records read as {log.format}; {log.unknown_lines} unrecognised lines ignored."
        )
        if d.signals:
            page.table(
                ["signal", "from", "critical", "evidence"],
                [
                    [s.name, "-" if s.step is None else log.step_label(s.step), s.critical, s.evidence]
                    for s in d.signals
                ],
            )
        markers = [(d.onset_step, "onset")] if d.onset_step is not None else []
        x_label = "record" if log.step_is_index else "step"
        for title, names in CURVES:
            series = {n: log.series(n) for n in names if log.has(n)}
            if series:
                page.line_chart(series, title, x_label, "", markers=markers)
        comps = {f"rewards/{c}": log.series(f"rewards/{c}") for c in log.reward_components}
        if comps:
            page.line_chart(comps, "Per-reward means", x_label, "", markers=markers)
        for c in d.causes:
            page.heading(c.title, level=3)
            page.paragraph(c.explanation)
            page.table(["fix"], [[f] for f in c.fixes])
        if log.records:
            last = log.records[-1]
            page.table(["metric", "last value"], [[k, fmt(v)] for k, v in last.items()])
    return page


def as_report(result: Diagnoses) -> Rendered[Diagnoses]:
    """``rewardcheck logs``' result as a :class:`~rewardcheck.bench.report.Report`."""
    return Rendered(
        result,
        Diagnoses.to_dict,
        lambda r, console: print_summary(r.items, console),
        lambda r: html_page(r.items),
    )
