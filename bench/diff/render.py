"""How a diff is shown: the disagreement table in the terminal and a self-contained HTML page.

>>> print_diff(report, Console())      # doctest: +SKIP
"""

from __future__ import annotations

from typing import Any

from rich.console import Console
from rich.markup import escape
from rich.table import Table

from rewardcheck.bench.htmlreport import Page
from rewardcheck.bench.legend import print_legend
from rewardcheck.bench.report import Rendered
from rewardcheck.bench.strategies.attacks import FAMILIES

from .run import DiffReport

__all__ = ["as_report", "print_diff", "html_diff"]

_STYLE = {"correct": "green", "wrong": "red", "skip": "yellow", "error": "magenta"}


def _flat(text: str, n: int) -> str:
    flat = text.replace("\n", "\\n")
    return flat if len(flat) <= n else flat[: n - 1] + "…"


def _tail(text: str, n: int) -> str:
    flat = text.replace("\n", "\\n")
    return flat if len(flat) <= n else "…" + flat[-(n - 1) :]


def print_diff(report: DiffReport, console: Console, limit: int = 40) -> None:
    console.print(
        f"[bold]rewardcheck diff[/bold]: {len(report.inputs)} inputs through {len(report.verifiers)} verifiers; "
        f"{report.disagreements} disagree, in {len(report.clusters)} clusters"
    )
    for name, how in report.calling.items():
        console.print(f"  {escape(name)} called with {escape(how)}", style="dim")
    for name, err in report.errors.items():
        console.print(f"  [red]{escape(name)}[/red] {escape(err)}")
    if report.skipped:
        console.print(
            f"  {len(report.skipped)} input row(s) skipped, e.g. {escape(report.skipped[0])}", style="dim"
        )
    table = Table(
        title="Disagreements (one row per cluster: its shortest member; pair = same template, right answer)",
        title_justify="left",
    )
    table.add_column("family", no_wrap=True, max_width=19)
    table.add_column("n", justify="right", min_width=2, no_wrap=True)
    table.add_column("example (end of completion)", max_width=40, overflow="ellipsis", no_wrap=True)
    table.add_column("gold", no_wrap=True, max_width=10)
    for name in report.verifiers:
        table.add_column(name, no_wrap=True, min_width=len(name))
    for c in report.clusters[:limit]:
        ex = c.example
        cells = [c.family, str(len(c.members)), escape(_tail(ex.completion, 40)), escape(_flat(ex.gold, 10))]
        cells += [f"[{_STYLE.get(v, 'white')}]{v}[/]" for v in c.verdicts.values()]
        table.add_row(*cells)
    console.print(table)
    if len(report.clusters) > limit:
        console.print(f"  ... {len(report.clusters) - limit} more clusters (see --json)", style="dim")
    names = report.verifiers
    pairs = [f"{a} vs {b} {report.agreement(a, b):.0%}" for i, a in enumerate(names) for b in names[i + 1 :]]
    console.print("agreement: " + ", ".join(pairs))
    families = [c.family for c in report.clusters[:limit]]
    print_legend(console, [*names, *families], _described(names, families))


def _described(verifiers: list[str], families: list[str]) -> dict[str, str]:
    """What the legend falls back to: an attack family's own reason, and a verifier the user passed."""
    described = {f: FAMILIES[f].reason for f in families if f in FAMILIES}
    described.update(
        {f: "an attack of the corpus (bench/data/attacks.jsonl)" for f in families if f not in described}
    )
    described.update({v: "a verifier named by --verifiers" for v in verifiers})
    return described


def html_diff(report: DiffReport) -> Page:
    page = Page("rewardcheck diff")
    page.paragraph(
        f"{len(report.inputs)} inputs through {', '.join(report.verifiers)}; {report.disagreements} disagree, "
        f"in {len(report.clusters)} clusters."
    )
    for name, how in report.calling.items():
        page.paragraph(f"{name} called with {how}")
    rows: list[list[Any]] = []
    for c in report.clusters:
        ex = c.example
        rows.append([c.family, len(c.members), _tail(ex.completion, 200), ex.gold, *c.verdicts.values()])
        if c.pair is not None:
            rows.append(
                [
                    f"  pair: {c.pair.id}",
                    "",
                    _tail(c.pair.completion, 200),
                    c.pair.gold,
                    *c.pair_verdicts.values(),
                ]
            )
    page.heading("Disagreements")
    page.table(["family", "n", "example", "gold", *report.verifiers], rows)
    return page


def as_report(report: DiffReport, limit: int = 40) -> Rendered[DiffReport]:
    """``rewardcheck diff``'s result as a :class:`~rewardcheck.bench.report.Report` (``limit`` clusters shown)."""
    return Rendered(report, DiffReport.to_dict, lambda r, console: print_diff(r, console, limit), html_diff)
