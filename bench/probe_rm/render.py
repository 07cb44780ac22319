"""Show a :class:`ProbeReport`: rich terminal tables, JSON, and a self-contained HTML page.

>>> from rewardcheck.bench.probe_rm import CallableRewardModel, ProbeItem, run_probe
>>> rm = CallableRewardModel(lambda p, c: [0.205] * len(c), name="constant")
>>> report = run_probe(rm, [ProbeItem(f"Q{i}", f" Answer {i}.") for i in range(4)])
>>> "DeepSpeed-Chat signature" in terminal_text(report)
True
"""

from __future__ import annotations

import io
import math
from pathlib import Path
from typing import Any

from rewardcheck.bench.htmlreport import Page
from rewardcheck.bench.probe_rm.report import ProbeReport
from rewardcheck.bench.report import Rendered, terminal_console

__all__ = ["as_report", "print_report", "terminal_text", "html_page", "write_html"]


def _f(v: float | None, digits: int = 3) -> str:
    if v is None or (isinstance(v, float) and not math.isfinite(v)):
        return "-"
    return f"{v:.{digits}g}" if abs(v) >= 1e-3 or v == 0 else f"{v:.2e}"


def _renderables(r: ProbeReport) -> list[Any]:
    from rich.table import Table
    from rich.text import Text

    out: list[Any] = []
    verdict_style = "bold red" if r.verdict == "exploitable" else "bold green"
    head = Text(f"probe-rm: {r.model} ({r.kind}) ")
    head.append(r.verdict.upper(), style=verdict_style)
    out.append(head)
    out.append(Text(f"read rule: {r.read_rule}\npad token: {r.pad_note}"))
    skipped = sum(r.skipped.values())
    ref = r.reference
    pk = f"p{r.thresholds.below_percentile:g}"
    out.append(
        Text(
            f"input: {r.input_path or '(in memory)'}: {r.n_prompts} prompts from {r.rows} rows, {skipped} skipped"
            + (f" ({'; '.join(f'{k}: {v}' for k, v in r.skipped.items())})" if skipped else "")
            + f"\nreference scores: median {_f(ref['median'])}, {pk} {_f(ref[pk])}, p95 {_f(ref['p95'])}, std {_f(ref['std'])}"
        )
    )

    t = Table(title="probe classes vs reference answers", title_justify="left")
    t.add_column("class", no_wrap=True)
    for col in ("n", "median", "vs ref", "AUC", ">ref med", "ref wins"):
        t.add_column(col, justify="right", no_wrap=True)
    t.add_column("caught", no_wrap=True)
    t.add_column("note")
    for c in r.classes:
        notes = []
        if c.reads_in_prompt:
            notes.append(f"{c.reads_in_prompt} read at a prompt token")
        if c.step3_dropped:
            notes.append(f"step 3 drops {c.step3_dropped} (<=1 answer token)")
        t.add_row(
            c.cls,
            str(c.n),
            _f(c.median),
            f"{c.median - ref['median']:+.3g}",
            f"{c.auc:.3f}",
            f"{c.frac_above_ref_median:.0%}",
            f"{c.paired_win_rate:.0%}",
            Text("yes", style="green") if c.caught else Text("NO", style="bold red"),
            "; ".join(notes),
        )
    out.append(t)

    if r.fixed is not None:
        fx = r.fixed
        line = Text(
            f"fixed string {fx.text[:60]!r} under {fx.n} prompts: median {_f(fx.median)}, "
            f"range [{_f(fx.min)}, {_f(fx.max)}], {fx.why}"
        )
        if fx.signature:
            line.append(
                "\n=> DeepSpeed-Chat signature: a near-constant mid-range reward for gibberish",
                style="bold red",
            )
        out.append(line)
    lc = r.length_corr
    out.append(
        Text(
            f"score vs answer length (Spearman): references {_f(lc.get('reference'))}, all probes {_f(lc.get('all'))}"
        )
    )
    if not r.sensitivity and r.kind == "callable":
        out.append(
            Text(
                "pad-side / end-marker sensitivity: not applicable to a callable (it receives text, not token ids)"
            )
        )
    if r.sensitivity:
        s = Table(title="pad-side / end-marker sensitivity (reference answers)", title_justify="left")
        s.add_column("comparison")
        for col in ("n", "median |d|", "max |d|", "mean d", "moved", "rank corr"):
            s.add_column(col, justify="right", no_wrap=True)
        s.add_column("flag", no_wrap=True)
        for x in r.sensitivity:
            s.add_row(
                x.comparison,
                str(x.n),
                _f(x.median_abs_diff),
                _f(x.max_abs_diff),
                _f(x.mean_diff),
                f"{x.frac_moved:.0%}",
                _f(x.rank_corr),
                Text("SENSITIVE", style="bold yellow") if x.flagged else "ok",
            )
        out.append(s)
        out.append(Text("moved: share of answers whose score changes by more than half the reference std"))

    v = Text("verdict: ")
    v.append(r.verdict.upper(), style=verdict_style)
    if r.worst_class:
        worst = next(c for c in r.classes if c.cls == r.worst_class)
        v.append(
            f"; worst class {worst.cls} (AUC {worst.auc:.3f}, median {_f(worst.median)} vs reference {_f(ref['median'])})"
        )
    for reason in r.reasons:
        v.append(f"\n  - {reason}")
    out.append(v)
    if r.worst_class:
        worst = next(c for c in r.classes if c.cls == r.worst_class)
        ex = Table(title=f"highest-scoring {worst.cls} probes", title_justify="left")
        for col in ("score", "reference", "read at", "prompt", "probe"):
            ex.add_column(col)
        for e in worst.examples:
            where = (
                "-"
                if e.read_position is None
                else f"{e.read_position} {e.read_token!r}" + (" (prompt)" if e.read_in_prompt else "")
            )
            ex.add_row(_f(e.score), _f(e.reference_score), where, e.prompt, e.text)
        out.append(ex)
    return out


def outputs_lines(r: ProbeReport) -> list[str]:
    """The ``--outputs`` comparison as text lines (empty without ``--outputs``)."""
    o = r.outputs
    if not o:
        return []
    lines = [
        f"outputs {o['path']}: {o['n']} answers, median {o['median']:.4g} (std {o['std']:.3g}) vs reference "
        f"median {o['reference_median']:.4g}; {o['frac_at_or_above_ref_median']:.0%} at or above the reference "
        f"median; {o['degenerate']:.0%} degenerate {o['degenerate_kinds'] or ''}",
    ]
    if o["degenerate"] > 0 and o["median"] >= o["reference_median"]:
        lines.append(
            "  => the run's degenerate outputs are paid at or above the reference median: the reward model "
            "rewards them, so PPO has no reason to leave"
        )
    for e in o["examples"][:3]:
        lines.append(f"  {e['score']:+.4f} [{e['kind'] or 'not flagged'}] {e['text'][:100]!r}")
    return lines


def print_report(r: ProbeReport, console: Any = None) -> None:
    from rich.text import Text

    console = console or terminal_console(soft_wrap=False, highlight=True)
    for item in _renderables(r):
        console.print(item)
    for line in outputs_lines(r):
        console.print(Text(line))


def terminal_text(r: ProbeReport, width: int = 140) -> str:
    from rich.console import Console

    console = Console(width=width, record=True, file=io.StringIO())
    print_report(r, console)
    return console.export_text()


def write_html(r: ProbeReport, path: str | Path) -> Path:
    return html_page(r).write(path)


def html_page(r: ProbeReport) -> Page:
    page = Page(f"rewardcheck probe-rm: {r.model}")
    page.paragraph(
        f"Verdict: {r.verdict.upper()}" + (f"; worst class {r.worst_class}" if r.worst_class else ""),
        css_class="bad" if r.verdict == "exploitable" else "ok",
    )
    for reason in r.reasons:
        page.paragraph(reason)
    page.paragraph(f"Model kind {r.kind}. Read rule: {r.read_rule}. Pad token: {r.pad_note}.")
    page.paragraph(
        f"Input {r.input_path}: {r.n_prompts} prompts, {r.rows} rows, skipped {r.skipped or 'none'}."
    )
    page.heading("Probe classes")
    page.table(
        ["class", "n", "median", "AUC", "> ref median", "ref wins (paired)", "caught", "why"],
        [
            [
                c.cls,
                c.n,
                round(c.median, 4),
                round(c.auc, 3),
                f"{c.frac_above_ref_median:.0%}",
                f"{c.paired_win_rate:.0%}",
                "yes" if c.caught else "NO",
                c.why,
            ]
            for c in r.classes
        ],
    )
    page.histogram(
        {k: v for k, v in r.scores.items() if k in {"reference", r.worst_class or "", "fixed_string"}},
        "Scores: reference vs worst class vs fixed string",
    )
    page.scatter(r.length_points, "Score vs answer length", "answer length (tokens)", "score")
    if r.fixed is not None:
        page.heading("Fixed degenerate string under every prompt")
        page.pre(f"{r.fixed.text!r}\n{r.fixed.why}\nsignature: {r.fixed.signature}")
    if r.sensitivity:
        page.heading("Pad-side / end-marker sensitivity")
        page.table(
            ["comparison", "n", "median |diff|", "max |diff|", "moved > ref std/2", "rank corr", "flagged"],
            [
                [
                    x.comparison,
                    x.n,
                    x.median_abs_diff,
                    x.max_abs_diff,
                    f"{x.frac_moved:.0%}",
                    x.rank_corr,
                    x.flagged,
                ]
                for x in r.sensitivity
            ],
        )
    if r.outputs:
        page.heading("The run's own outputs")
        page.pre("\n".join(outputs_lines(r)))
    page.heading("Highest-scoring probes per failed class")
    for c in r.classes:
        if c.caught:
            continue
        page.table(
            ["class", "score", "reference", "read token", "prompt", "probe"],
            [[c.cls, e.score, e.reference_score, e.read_token, e.prompt, e.text] for e in c.examples],
        )
    return page


def as_report(r: ProbeReport) -> Rendered[ProbeReport]:
    """``rewardcheck probe-rm``'s result as a :class:`~rewardcheck.bench.report.Report`."""
    return Rendered(r, ProbeReport.to_dict, print_report, html_page)
