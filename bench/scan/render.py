"""Show a scan report: a rich summary in the terminal and a self-contained HTML page.

Everything shown here comes from :class:`~bench.scan.report.ScanReport` data and the row scores; nothing is
recomputed.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.table import Table

from bench.htmlreport import Page

from .loader import Loaded
from .report import ScanReport
from .scoring import RowScore

__all__ = ["print_report", "html_report", "fmt"]


def fmt(v: Any, digits: int = 3) -> str:
    if v is None:
        return "-"
    if isinstance(v, float):
        return f"{v:.{digits}f}"
    return str(v)


def _excerpt(text: str, n: int = 90) -> str:
    flat = " ".join(text.split())
    return flat if len(flat) <= n else flat[: n - 1] + "…"


def print_report(report: ScanReport, console: Console) -> None:
    d = report.data
    skipped = sum(d["rows_skipped"].values())
    console.print(
        f"[bold]rewardcheck scan[/bold]: {d['rows_total']} rows, {d['rows_scored']} scored, {skipped} skipped"
        + (f" ({', '.join(f'{k} {v}' for k, v in d['rows_skipped'].items())})" if skipped else "")
        + f"; {d['groups']['total']} groups (prompt, step)"
    )
    for note in d["notes"] + [p["note"] for p in d["profiles"] if p["note"]]:
        console.print(f"  note: {note}", style="dim", highlight=False, markup=False)

    table = Table(title="Rewards per profile (mean / std / None count)", title_justify="left")
    for col in ("profile", "reward", "mean", "std", "None", "n"):
        table.add_column(col, justify="right" if col not in ("profile", "reward") else "left")
    for profile, by_reward in d["rewards"].items():
        for i, (name, st) in enumerate(by_reward.items()):
            table.add_row(
                profile if i == 0 else "",
                f"[bold]{name}[/bold]" if name == "total" else name,
                fmt(st["mean"]),
                fmt(st["std"]),
                str(st["none"]),
                str(st["n"]),
                end_section=name == "total",
            )
    console.print(table)

    flags = Table(title="Flags", title_justify="left")
    for col in ("flag", "rows", "rate", "detail"):
        flags.add_column(col, justify="right" if col in ("rows", "rate") else "left")
    details = {
        "truncated": ", ".join(f"{k}: {v}" for k, v in d["truncation_basis"].items()) + " basis",
        "degenerate": ", ".join(f"{k} {v}" for k, v in d["degenerate_kinds"].items()),
        "shaping_no_answer": ", ".join(f"{k} {v}" for k, v in d["shaping_no_answer_by_profile"].items() if v),
        "paid_unparseable_gold": ", ".join(
            f"{k} {v}" for k, v in d["paid_unparseable_gold_by_profile"].items() if v
        ),
        "disagreement": ", ".join(f"{k}: {v}" for k, v in d["disagreement_pairs"].items()),
    }
    for name, count in d["flags"].items():
        flags.add_row(name, str(count), f"{d['flag_rates'][name]:.1%}", _excerpt(details.get(name, ""), 70))
    multi = d["groups"]["with_2_or_more"]
    for name in ("zero_std_groups", "best_degenerate"):
        for profile, count in d["groups"][name].items():
            rate = count / multi if multi else 0.0
            flags.add_row(f"{name} @{profile}", f"{count}/{multi}", f"{rate:.1%}", "groups of 2+ completions")
    console.print(flags)

    if d["worst_examples"]:
        worst = Table(
            title="Worst examples (most paid for degenerate / answerless / disputed output)",
            title_justify="left",
        )
        for col in ("where", "completion", "flags", "totals"):
            worst.add_column(col)
        for ex in d["worst_examples"][:5]:
            totals = ", ".join(f"{p}={fmt(t, 2)}" for p, t in ex["totals"].items())
            worst.add_row(
                Path(ex["where"]).name, repr(_excerpt(ex["completion"], 60)), ", ".join(ex["flags"]), totals
            )
        console.print(worst)
    status = "[red]FAIL[/red] " + "; ".join(report.failures) if report.failures else "[green]ok[/green]"
    console.print(f"fail-on: {status}")


def html_report(report: ScanReport, loaded: Loaded, scores: Sequence[RowScore]) -> Page:
    d = report.data
    page = Page("rewardcheck scan")
    page.paragraph(
        f"{d['rows_total']} rows read from {len(d['files'])} file(s); {d['rows_scored']} scored, "
        f"{sum(d['rows_skipped'].values())} skipped; {d['groups']['total']} groups of (prompt, step)."
    )
    page.table(["file", "format"], [[f["path"], f["format"]] for f in d["files"]])
    if d["rows_skipped"]:
        page.heading("Skipped rows")
        page.table(["reason", "rows"], list(d["rows_skipped"].items()))
        page.pre("\n".join(d["skipped_examples"]))
    for note in d["notes"] + [p["note"] for p in d["profiles"] if p["note"]]:
        page.paragraph(f"Note: {note}")

    page.heading("Rewards per profile")
    page.table(
        ["profile", "reward", "mean", "std", "None", "n"],
        [
            [p, name, fmt(st["mean"]), fmt(st["std"]), st["none"], st["n"]]
            for p, by in d["rewards"].items()
            for name, st in by.items()
        ],
    )
    totals: dict[str, list[float]] = defaultdict(list)
    for s in scores:
        for p, t in s.totals.items():
            if t is not None:
                totals[p].append(t)
    page.histogram(dict(totals), "Total reward distribution per profile", bins=20)

    page.heading("Reward vs length")
    unit = "tokens" if any(s.n_tokens is not None for s in scores) else "characters"
    step = max(1, len(scores) // 1500)  # keep the page small on large dumps
    points: dict[str, list[tuple[float, float]]] = defaultdict(list)
    for s in scores[::step]:
        length = s.n_tokens if unit == "tokens" and s.n_tokens is not None else s.n_chars
        for p, t in s.totals.items():
            if t is not None:
                points[p].append((float(length), t))
    page.scatter(
        dict(points), f"Total reward vs completion length ({unit})", f"length ({unit})", "total reward"
    )

    page.heading("Truncation")
    by_step: dict[int, list[bool]] = defaultdict(list)
    for s in scores:
        by_step[loaded.rows[s.index].step or 0].append(s.truncated)
    series = {"truncation rate": [(float(k), sum(v) / len(v)) for k, v in sorted(by_step.items())]}
    page.line_chart(series, "Truncation rate per step", "step", "fraction truncated")
    page.table(["basis", "rows"], list(d["truncation_basis"].items()))

    page.heading("Flags")
    page.table(["flag", "rows", "rate"], [[k, v, f"{d['flag_rates'][k]:.1%}"] for k, v in d["flags"].items()])
    multi = d["groups"]["with_2_or_more"]
    page.table(
        ["group flag", "profile", "groups", "of"],
        [
            [name, p, c, multi]
            for name in ("zero_std_groups", "best_degenerate")
            for p, c in d["groups"][name].items()
        ],
    )
    if d["disagreement_pairs"]:
        page.table(["profiles", "rows where correctness differs"], list(d["disagreement_pairs"].items()))
    if report.failures:
        page.paragraph("fail-on: " + "; ".join(report.failures), css_class="bad")

    page.heading("Flagged examples, side by side")
    profiles = [p["name"] for p in d["profiles"]]
    rows = []
    for ex in d["worst_examples"]:
        cells = []
        for p in profiles:
            rewards = ex["rewards"].get(p)
            if rewards is None:
                cells.append("-")
                continue
            parts = [f"total {fmt(ex['totals'].get(p))}"] + [f"{k} {fmt(v)}" for k, v in rewards.items()]
            cells.append("; ".join(parts))
        rows.append(
            [
                f"{ex['where']}\n{', '.join(ex['flags'])}",
                ex["completion"],
                f"{ex['verdict']} (gold {ex['gold']!s:.40})",
                *cells,
            ]
        )
    page.table(["row", "completion", "verdict", *profiles], rows)
    return page
