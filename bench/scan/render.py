"""Show a scan report: a rich summary in the terminal and a self-contained HTML page.

Everything shown here comes from :class:`~bench.scan.report.ScanReport` data and the row scores; nothing is
recomputed.
"""

from __future__ import annotations

from collections import defaultdict
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.table import Table

from rewardcheck.bench.htmlreport import Page
from rewardcheck.bench.legend import print_legend
from rewardcheck.bench.report import Rendered

from .aggregate import ScanAggregate
from .report import ScanReport

__all__ = ["as_report", "print_report", "html_report", "fmt", "shown_names", "ADVICE"]


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
        + f"; {d['groups']['total']} groups"
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
    ln = d.get("lengths", {})
    if ln.get("compared"):
        console.print(
            f"lengths: re-tokenised minus logged {ln['mean_retokenised_minus_logged']:+.1f} tokens on average "
            f"(mean |diff| {ln['mean_abs_difference']:.1f}, max {ln['max_abs_difference']}, "
            f"{ln['rows_differing']}/{ln['compared']} rows differ); the logged length is used"
        )
    print_legend(console, shown_names(d))
    if report.gated:  # the gate's outcome only when --fail-on asked for one
        status = "[red]FAIL[/red] " + "; ".join(report.failures) if report.failures else "[green]ok[/green]"
        console.print(f"fail-on: {status}")
    if d.get("next_step"):
        console.print(d["next_step"], highlight=False, markup=False, soft_wrap=True)  # one line to copy


def shown_names(d: dict[str, Any]) -> list[str]:
    """The profile and flag names the terminal summary shows, in the order it shows them."""
    return [*d["rewards"], *d["flags"], "zero_std_groups", "best_degenerate"]


ADVICE = {
    "truncated": "Completions hit max_completion_length: their answers are cut, so accuracy-style rewards read "
    "them as wrong and length rewards may pay them. Raise max_completion_length, penalise overlong output "
    "(soft_overlong_punishment) or filter cut rows out of the loss.",
    "gold_unparseable": "The gold answer could not be parsed: every completion of that prompt is graded "
    "against nothing. Fix or drop those dataset rows; check that the gold column is the answer, not a "
    "whole solution.",
    "answer_unparseable": "No final answer was found: the model is not following the answer format, or the "
    "parser misses it. Read a few rows; add a format reward or widen the parser.",
    "degenerate": "Empty, tag-only, looping or prompt-echo output: the first sign of a collapsing policy. "
    "If rewards pay it (see shaping_no_answer, best_degenerate), the policy will learn it; stop and fix "
    "the reward.",
    "shaping_no_answer": "A shaping reward (format, steps, cosine, ...) paid a completion that has no "
    "answer: the policy can earn reward without solving. Gate shaping rewards on an answer being present.",
    "paid_unparseable_gold": "A profile paid 1.0 because it could not parse the gold (open-r1 e4ac3ae "
    "skips such rows with a reward of 1): free reward on broken data. Use the patched profile or fix "
    "the data.",
    "disagreement": "Profiles disagree on correctness: this is where parser bugs live. Read the rows "
    "(--rows-out FILE --only disagreements) and decide which grader is right.",
    "timeout": "Grading timed out: those rows get no or a default reward. Check for huge expressions; "
    "the patched engine isolates and bounds them.",
    "reward_error": "A reward function raised: its rows were scored without it. Read the reason in "
    "--rows-out and fix the function or the row.",
    "zero_std_groups": "Every completion of the group got the same total: zero advantage, no learning "
    "signal from it. Many such groups mean a reward that is too coarse or a task too easy or too hard.",
    "best_degenerate": "The best-paid member of a group is degenerate output: GRPO pushes the policy "
    "towards it. Treat any non-zero rate as a bug in the reward.",
}


def html_report(report: ScanReport, agg: ScanAggregate) -> Page:
    d = report.data
    page = Page("rewardcheck scan")
    page.paragraph(
        f"{d['rows_total']} rows read from {len(d['files'])} file(s); {d['rows_scored']} scored, "
        f"{sum(d['rows_skipped'].values())} skipped; {d['groups']['total']} groups."
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
    points = agg.points
    totals: dict[str, list[float]] = defaultdict(list)
    for _, _, by_profile, _, _ in points:
        for p, t in by_profile.items():
            if t is not None:
                totals[p].append(t)
    sampled = (
        f" ({len(points)} of {d['rows_scored']} rows, evenly spaced)"
        if len(points) < d["rows_scored"]
        else ""
    )
    page.histogram(
        dict(totals), f"Total reward distribution per profile{sampled}", bins=20, x_label="total reward"
    )

    page.heading("Reward vs length")
    unit = "tokens" if agg.token_unit else "characters"
    scatter: dict[str, list[tuple[float, float]]] = defaultdict(list)
    for _, length, by_profile, _, _ in points:
        for p, t in by_profile.items():
            if t is not None:
                scatter[p].append((length, t))
    page.scatter(
        dict(scatter),
        f"Total reward vs completion length ({unit})",
        f"length ({unit})",
        "total reward",
        x_at_data=True,
    )
    if d["lengths"].get("compared"):
        ln = d["lengths"]
        page.paragraph(
            f"Re-tokenised vs logged length, {ln['compared']} rows: mean difference "
            f"{ln['mean_retokenised_minus_logged']:+.1f} tokens, mean absolute {ln['mean_abs_difference']:.1f}, "
            f"max {ln['max_abs_difference']}, {ln['rows_differing']} rows differ (the logged length is used)."
        )

    page.heading("Truncation")
    steps = [(int(k), v) for k, v in d["by_step"].items() if int(k) >= 0]
    if steps:
        series = {"truncation rate": [(float(k), v["truncated"] / v["rows"]) for k, v in steps if v["rows"]]}
        page.line_chart(series, "Truncation rate per step", "step", "rows truncated", share=True)
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

    raised = [k for k, v in d["flags"].items() if v] + [
        name for name in ("zero_std_groups", "best_degenerate") if any(d["groups"][name].values())
    ]
    page.heading("Advice")
    if raised:
        page.table(
            ["flag", "what it means for training, and what to do"],
            [[k, ADVICE[k]] for k in raised if k in ADVICE],
        )
    else:
        page.paragraph("No flag was raised on this dump.", css_class="ok")

    if steps:
        profiles = [p["name"] for p in d["profiles"]]
        page.heading("Per step")
        page.table(
            ["step", "rows", "truncated", "zero-std groups", *(f"mean total {p}" for p in profiles), "flags"],
            [
                [
                    k,
                    v["rows"],
                    f"{v['truncated'] / v['rows']:.1%}" if v["rows"] else "-",
                    ", ".join(f"{p} {c}/{v['groups_2_or_more']}" for p, c in v["zero_std_groups"].items())
                    or "-",
                    *(fmt(v["mean_total"].get(p)) for p in profiles),
                    ", ".join(f"{f} {c}" for f, c in v["flags"].items()) or "-",
                ]
                for k, v in steps
            ],
        )
        for p in profiles:
            pts = [(float(k), v["mean_total"][p]) for k, v in steps if v["mean_total"].get(p) is not None]
            if pts:
                page.line_chart({p: pts}, f"Mean total reward per step ({p})", "step", "mean total")

    page.heading("Flagged examples, side by side (one per pattern first)")
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


def as_report(report: ScanReport, agg: ScanAggregate) -> Rendered[ScanReport]:
    """``rewardcheck scan``'s result as a :class:`~rewardcheck.bench.report.Report`."""
    return Rendered(report, ScanReport.to_dict, print_report, lambda r: html_report(r, agg))
