"""Render a :class:`SimulationResult`: terminal summary, JSON document, HTML page with curves.

The JSON holds every step (``history``), the final state (mean of the last 20 steps), the collapse step,
the driving reward and each reward's summed contribution along the length and answer directions.
"""

from __future__ import annotations

from typing import Any

from rich.console import Console
from rich.table import Table

from rewardcheck.bench.htmlreport import Page
from rewardcheck.bench.report import Rendered, terminal_console

from .engine import SimulationResult, StepStats

__all__ = ["as_report", "print_summary", "html_page"]


def _row(s: StepStats, names: list[str]) -> list[str]:
    return [
        str(s.step),
        f"{s.reward_mean:.3f}",
        f"{s.reward_std:.3f}",
        *[f"{s.rewards[n]:+.3f}" for n in names],
        f"{s.length_tokens:.0f}",
        f"{s.frac_degenerate:.2f}",
        f"{s.frac_zero_std:.2f}",
        f"{s.frac_truncated:.2f}",
        f"{s.frac_answer:.2f}",
    ]


def _headers(names: list[str]) -> list[str]:
    return ["step", "reward", "std", *names, "tokens", "degenerate", "zero-std", "truncated", "answer"]


def _verdict(r: SimulationResult) -> str:
    if r.collapse_step is None:
        return "no collapse"
    return f"COLLAPSE from step {r.collapse_step}, driven by {r.driver}"


def print_summary(r: SimulationResult, every: int | None = None, console: Console | None = None) -> None:
    console = console or terminal_console()
    s = r.settings
    c = r.corpus
    console.print(
        f"[bold]simulate[/] {r.config}: profile {r.profile}, rewards "
        + ", ".join(f"{n} x{w:g}" for n, w in zip(r.reward_names, r.weights, strict=True))
    )
    console.print(
        f"  {s.steps} steps, seed {s.seed}, {s.prompts_per_step} prompts x {r.num_generations} "
        f"generations per step from {s.n_prompts} prompts ({len(c.prompts)} usable of {c.rows_used} golden rows), "
        f"lr {s.lr}, beta {r.beta}; {r.distinct_texts} distinct texts scored in {r.seconds:.1f} s"
    )
    if r.start is not None:
        m = r.start
        console.print(
            f"  start fitted to a real run: {m.target_tokens or float('nan'):.0f} tokens, accuracy "
            f"{m.target_accuracy if m.target_accuracy is not None else float('nan'):.3f} -> median thinking "
            f"{m.median_think_tokens:.0f} tokens, skill x{m.skill_factor:.3f} (expected step 0: "
            f"{m.expected_tokens:.0f} tokens, accuracy {m.expected_accuracy:.3f})"
            + (f"; {m.note}" if m.note else "")
        )
    every = every or max(1, s.steps // 10)
    table = Table(box=None, header_style="bold", pad_edge=False)
    names = r.reward_names
    for h in _headers(names):
        table.add_column(h, justify="right")
    for st in r.history:
        if st.step % every == 0 or st.step == len(r.history) - 1:
            table.add_row(*_row(st, names))
    console.print(table)
    f, i = r.final, r.initial
    state = "[bold red]" + _verdict(r) + "[/]" if r.collapsed else "[bold green]no collapse[/]"
    console.print(f"  {state}")
    if r.start_limit is not None:
        console.print(f"  [bold yellow]{r.start_limit.message}[/]")
    console.print(
        f"  final (mean of last 20 steps): reward {f.reward_mean:.3f} (std {f.reward_std:.4f}), accuracy "
        f"{i.accuracy:.2f} -> {f.accuracy:.2f}, length {i.length_tokens:.0f} -> {f.length_tokens:.1f} tokens, "
        f"zero-std groups {f.frac_zero_std:.2f}, answer written {f.frac_answer:.2f}, markers {f.mean_markers:.1f}, "
        f"KL {f.kl:.2f}"
    )
    window = f"steps 0-{r.collapse_step}" if r.collapsed else "all steps"
    console.print(
        f"  per-reward push along length ({window}; < 0 shortens): "
        + ", ".join(f"{n} {v:+.1f}" for n, v in r.shortening_total.items())
    )
    console.print(
        f"  per-reward push on writing the answer ({window}; < 0 drops it): "
        + ", ".join(f"{n} {v:+.1f}" for n, v in r.answer_total.items())
    )
    if r.examples:
        console.print("  final completions, one group: " + " | ".join(repr(e[:60]) for e in r.examples[:4]))


def html_page(r: SimulationResult) -> Page:
    page = Page(f"rewardcheck simulate: {r.config} ({r.profile})")
    page.paragraph(_verdict(r), "bad" if r.collapsed else "ok")
    if r.start_limit is not None:
        page.paragraph(r.start_limit.message, "bad")
    markers = [(r.collapse_step, "collapse")] if r.collapse_step is not None else []
    h = r.history
    page.line_chart(
        {"reward": [(s.step, s.reward_mean) for s in h], "reward std": [(s.step, s.reward_std) for s in h]},
        "Reward",
        "step",
        "",
        markers,
    )
    page.line_chart(
        {n: [(s.step, s.rewards[n]) for s in h] for n in r.reward_names},
        "Per-reward means",
        "step",
        "",
        markers,
    )
    page.line_chart(
        {"tokens": [(s.step, s.length_tokens) for s in h]},
        "Mean completion length",
        "step",
        "tokens",
        markers,
    )
    page.line_chart(
        {
            "degenerate": [(s.step, s.frac_degenerate) for s in h],
            "zero-std groups": [(s.step, s.frac_zero_std) for s in h],
            "truncated": [(s.step, s.frac_truncated) for s in h],
            "answer written": [(s.step, s.frac_answer) for s in h],
            "accuracy": [(s.step, s.accuracy) for s in h],
        },
        "Fractions",
        "step",
        "",
        markers,
        share=True,
    )
    page.heading("Which reward drives the length")
    page.table(
        ["reward", "push along length (< 0 shortens)", "push on writing the answer (< 0 drops it)"],
        [[n, f"{r.shortening_total[n]:+.2f}", f"{r.answer_total[n]:+.2f}"] for n in r.reward_names],
    )
    page.heading("Final completions (one group)")
    page.pre("\n---\n".join(r.examples[:8]))
    return page


def as_report(r: SimulationResult, agreement: Any = None) -> Rendered[SimulationResult]:
    """``rewardcheck simulate``'s result as a :class:`~rewardcheck.bench.report.Report`; ``agreement`` (the
    cross-check, :class:`~rewardcheck.bench.simulate.crosscheck.Agreement`) adds its line and its ``check``."""

    def document(result: SimulationResult) -> dict[str, Any]:
        doc = result.to_dict()
        if agreement is not None:
            doc["check"] = agreement.to_dict() | {"message": agreement.message()}
        return doc

    def terminal(result: SimulationResult, console: Console) -> None:
        print_summary(result, console=console)
        if agreement is not None:
            console.print(f"  {agreement.message()}", markup=False)

    return Rendered(r, document, terminal, html_page)
