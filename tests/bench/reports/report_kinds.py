"""Every kind of HTML report the repository writes, built once per test session from its bundled data.

A kind is prepared once (the command or the experiment's summary runs) and then rendered twice: as users get it,
and as a machine without matplotlib gets it (``plots_available`` patched to False). The commands run in this
process through ``rewardcheck.cli.main`` with ``OutputOptions.emit`` replaced, so each hands back its report
object instead of printing it.
"""

from __future__ import annotations

import functools
import json
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

import rewardcheck.bench.htmlreport as htmlreport
from rewardcheck.bench.report import Report
from rewardcheck.cli import main
from rewardcheck.commands.output import OutputOptions

ROOT = Path(__file__).resolve().parents[3]

# Where each report kind's page is built: a module that calls ``Page(...)`` and is not listed here is a report
# kind this file does not render (tests/bench/reports/test_report_pages.py fails on it).
SOURCES = {
    "bench/scan/render.py": "scan",
    "bench/configcheck/render.py": "check",
    "bench/diff/render.py": "diff",
    "bench/logs/report.py": "logs",  # the live guard's guard.html is this page too
    "bench/simulate/report.py": "simulate",
    "bench/probe_rm/render.py": "probe-rm",
    "bench/checker.py": "check_reward",
    "experiments/repro/report.py": "repro-report",
    "experiments/repro/simcompare.py": "repro-simcompare",
    "experiments/dschat/summarize.py": "dschat-summary",
    "experiments/cure/summarize.py": "cure-summary",
}

# The fewest charts each kind draws from its data below, read from the code that draws them: a kind that
# silently lost its charts fails.
MIN_CHARTS = {
    "scan": 6,  # totals histogram, totals vs length, truncation, mean total per step for each of 3 profiles
    "check": 2,  # totals histogram, total per output
    "diff": 0,
    "logs": 6,  # at least a reward curve for each of the six logs
    "simulate": 4,  # reward, per-reward means, length, fractions
    "probe-rm": 2,  # score histogram, score vs length
    "probe-rm-constant": 2,
    "check_reward": 0,
    "repro-report": 9,  # one per metric of experiments.repro.report.CHARTS
    "repro-simcompare": 18,  # three per run, six runs
    "dschat-summary": 8,  # its eight metrics
    "cure-summary": 2,  # at least one GRPO and one DeepSpeed-Chat curve
}

EXAMPLES = "rewardcheck.bench.probe_rm.examples"
LOGS = [
    "fixtures/logs/open-r1-grpo-accuracy-reward-zero.txt",
    "fixtures/logs/deepspeed-chat-step3-reward-collapse.txt",
    "fixtures/logs/synthetic/healthy-trainer_state.json",
    "fixtures/logs/synthetic/concise-trl.jsonl",
    "fixtures/logs/synthetic/truncation-wandb-history.jsonl",
    "fixtures/logs/tensorboard/grpo-collapse",
]


@dataclass(frozen=True)
class Built:
    """One report kind's page, with matplotlib (``html``) and as rendered without it (``bare``); ``render``
    renders it again."""

    kind: str
    html: str
    bare: str
    render: Callable[[], str]


def _cli(*argv: str) -> Report:
    """Run ``rewardcheck ARGV`` and return the report it would have printed and written."""
    caught: list[Report] = []

    def keep(self: OutputOptions, args: Any, report: Report, console: Any = None) -> None:
        caught.append(report)

    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(OutputOptions, "emit", keep)
        main([a if not a.startswith(("fixtures/", "bench/")) else str(ROOT / a) for a in argv])
    assert caught, f"rewardcheck {' '.join(argv)} produced no report"
    return caught[-1]


def _page(report: Report) -> Callable[[], str]:
    return lambda: report.html_page().render()


def _written(write: Callable[[Path], Path]) -> Callable[[], str]:
    """A renderer for an experiment's summary, which writes its page to a file."""

    def render() -> str:
        with tempfile.TemporaryDirectory() as tmp:
            return write(Path(tmp)).read_text(encoding="utf-8")

    return render


def _check_reward() -> Callable[[], str]:
    from rewardcheck import check_reward
    from rewardcheck.rewards.upstream.openr1_e4ac3ae import accuracy_reward

    report = check_reward(accuracy_reward, "accuracy", invariants=["no_negated_credit"], max_examples=5)
    return _page(report)


def _repro_report() -> Callable[[], str]:
    from experiments.repro.report import read_csv, write_report

    root = ROOT / "fixtures/runs/repro/sft300"
    runs = {
        d.name: read_csv(d / "metrics.csv") for d in sorted(root.iterdir()) if (d / "metrics.csv").is_file()
    }
    return _written(lambda out: write_report(out, runs, {"settings": "fixtures/runs/repro/sft300"}))


def _repro_simcompare() -> Callable[[], str]:
    from experiments.repro.simcompare import html_page

    runs = json.loads((ROOT / "fixtures/runs/repro/simcompare.json").read_text())["runs"]
    return lambda: html_page(runs).render()


def _dschat_summary() -> Callable[[], str]:
    from experiments.dschat.summarize import load_runs, write_html

    root = ROOT / "fixtures/runs/dschat"
    runs = load_runs(root)
    return _written(lambda out: write_html(root, runs, "summary", out / "report.html"))


def _cure_summary() -> Callable[[], str]:
    from experiments.cure.summarize import collect, markdown_table, write_html

    data = collect(ROOT / "fixtures/runs/cure")
    return _written(lambda out: write_html(data, out / "report.html", markdown_table(data)))


def _preparers() -> dict[str, Callable[[], Callable[[], str]]]:
    probe = ("--input", "bench/data/rm_prompts.jsonl", "--no-progress")
    return {
        # a dump of two steps and no truncation: the truncation chart of issue 44 (a 1e-12 axis, steps 0.95-2.05)
        "scan": lambda: _page(_cli("scan", "fixtures/dumps/completions.jsonl")),
        "check": lambda: _page(_cli("check", "fixtures/configs/openr1-seed.yaml", "--skip-invariants")),
        "diff": lambda: _page(_cli("diff", "--no-dumps", "--verifiers", "patched,openr1@e4ac3ae")),
        "logs": lambda: _page(_cli("logs", *LOGS)),
        "simulate": lambda: _page(_cli("simulate", "fixtures/configs/openr1-seed.yaml", "--steps", "12")),
        # a reward model that pays words, and one that pays 0.205 for everything (every histogram degenerate)
        "probe-rm": lambda: _page(_cli("probe-rm", "--callable", f"{EXAMPLES}:length_reward", *probe)),
        "probe-rm-constant": lambda: _page(_cli("probe-rm", "--callable", f"{EXAMPLES}:flat_reward", *probe)),
        "check_reward": _check_reward,
        "repro-report": _repro_report,
        "repro-simcompare": _repro_simcompare,
        "dschat-summary": _dschat_summary,
        "cure-summary": _cure_summary,
    }


@functools.cache
def built() -> dict[str, Built]:
    """Every kind's page, built once per session (the slowest kinds run a command of a few seconds)."""
    out = {}
    for kind, prepare in _preparers().items():
        render = prepare()
        with pytest.MonkeyPatch.context() as mp:
            mp.setattr(htmlreport, "plots_available", lambda: False)
            bare = render()
        out[kind] = Built(kind, render(), bare, render)
    return out


KINDS = tuple(MIN_CHARTS)
