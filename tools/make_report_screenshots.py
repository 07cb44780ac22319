"""Regenerate the report screenshots of ``docs/reports.md`` (``docs/img/*.png``): one ``--html`` page per report
kind, each made from the repository's bundled data by the command the doc shows, then photographed by headless
Chromium (``tools/browser.py``) and reduced to a small palette PNG.

    python -m tools.make_report_screenshots            # every kind; pages kept in a temporary folder
    python -m tools.make_report_screenshots scan logs  # some kinds
    python -m tools.make_report_screenshots --pages out/  # keep the HTML pages too

Needs the ``plots`` extra (matplotlib, and Pillow with it) and a Chromium-family browser on PATH (Debian:
``apt-get install chromium``).
"""

from __future__ import annotations

import argparse
import os
import shlex
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from tools.browser import element_top, find_browser, screenshot

__all__ = ["DOC", "IMG", "REPORTS", "Report", "document", "main", "make_page", "photograph", "shrink"]

ROOT = Path(__file__).resolve().parent.parent
IMG = ROOT / "docs" / "img"
DOC = ROOT / "docs" / "reports.md"
WIDTH = 1000
# the bundled tokenizer and data only: a screenshot never depends on a hub
_OFFLINE = {"HF_HUB_OFFLINE": "1", "TRANSFORMERS_OFFLINE": "1", "HF_DATASETS_OFFLINE": "1"}
MAX_BYTES = 150_000  # a screenshot in the docs stays small: the repository carries every version of it


@dataclass(frozen=True)
class Report:
    """One report kind: the command that writes its page (``{html}`` stands for the page's path) and what the
    screenshot shows: the top ``head`` pixels of the page, then ``charts`` pixels from its first chart on
    (the two joined where they meet or overlap; a page without charts shows its top only)."""

    name: str
    title: str
    command: tuple[str, ...]
    head: int
    charts: int = 0

    def shown(self, html: str) -> str:
        """The command as the doc shows it, writing ``html``: a shell line, or the Python a ``python -c`` runs."""
        args = [a.replace("{html}", html) for a in self.command]
        return args[2].strip() if args[:2] == ["python", "-c"] else shlex.join(args)

    @property
    def language(self) -> str:
        """The doc's code-block language for :meth:`shown`."""
        return "python" if self.command[:2] == ("python", "-c") else "sh"


_CHECK_REWARD = """\
from rewardcheck import check_reward
from rewardcheck.rewards.upstream.openr1_e4ac3ae import accuracy_reward

check_reward(accuracy_reward, "accuracy", max_examples=10).html_page().write("{html}")
"""

REPORTS: tuple[Report, ...] = (
    Report(
        "scan",
        "A completion dump scored under every reward profile: the distribution of the total reward, reward "
        "against length, truncation and the mean total per step, the flags raised and what to do about them",
        ("rewardcheck", "scan", "fixtures/dumps/completions.jsonl", "--html", "{html}"),
        head=225,
        charts=1060,
    ),
    Report(
        "check",
        "An open-r1 training config's reward composite: the invariants that hold or fail, and the cheapest "
        "exploits against genuine attempts, scored under the config's profile and under `patched`",
        (
            "rewardcheck",
            "check",
            "fixtures/configs/openr1-seed.yaml",
            "--max-examples",
            "5",
            "--html",
            "{html}",
        ),
        head=235,
        charts=640,
    ),
    Report(
        "diff",
        "The same inputs through several verifiers: where they disagree, clustered by attack family, each "
        "cluster shown next to its minimal pair",
        ("rewardcheck", "diff", "--verifiers", "patched,openr1@e4ac3ae,math-verify", "--html", "{html}"),
        head=900,
    ),
    Report(
        "logs",
        "A training log diagnosed: the signals that fired and from which record, and every metric's curve "
        "with the collapse onset marked",
        ("rewardcheck", "logs", "fixtures/logs/open-r1-grpo-accuracy-reward-zero.txt", "--html", "{html}"),
        head=480,
        charts=590,
    ),
    Report(
        "simulate",
        "Where a reward config drives a simulated GRPO policy: reward, per-reward means, completion length "
        "and the shares of degenerate, truncated and answered outputs at each step",
        (
            "rewardcheck",
            "simulate",
            "fixtures/configs/openr1-seed.yaml",
            "--steps",
            "150",
            "--html",
            "{html}",
        ),
        head=150,
        charts=1250,
    ),
    Report(
        "probe-rm",
        "Degenerate answers through a reward model (here the bundled example that pays words): each probe "
        "class against the reference answers, score histograms and score against length",
        (
            "rewardcheck",
            "probe-rm",
            "--callable",
            "rewardcheck.bench.probe_rm.examples:length_reward",
            "--input",
            "bench/data/rm_prompts.jsonl",
            "--html",
            "{html}",
        ),
        head=300,
        charts=640,
    ),
    Report(
        "check_reward",
        "One reward function against the invariants, from Python: the findings, worst first, each with "
        "its smallest counterexample (this report has no charts)",
        ("python", "-c", _CHECK_REWARD),
        head=800,
    ),
)


def make_page(report: Report, html: Path) -> Path:
    """Run ``report``'s command (from the repository root, with this interpreter) to write ``html``."""
    argv = [a.replace("{html}", str(html)) for a in report.command]
    if argv[0] == "rewardcheck":
        argv = [sys.executable, "-m", "rewardcheck.cli", *argv[1:]]
    elif argv[0] == "python":
        argv = [sys.executable, *argv[1:]]
    html.unlink(missing_ok=True)
    env = {**os.environ, **_OFFLINE}
    proc = subprocess.run(argv, cwd=ROOT, capture_output=True, text=True, check=False, env=env)
    if not html.is_file():  # exit status 1 is a finding (a collapse, an exploit), not a failure
        raise RuntimeError(f"{report.name}: no page written (exit {proc.returncode}):\n{proc.stderr[-3000:]}")
    return html


def photograph(report: Report, page: Path, png: Path, browser: str) -> Path:
    """``report``'s screenshot of ``page``: its top, then its charts, as a small palette PNG in ``png``."""
    from PIL import Image, ImageDraw

    top = element_top(page, "chart-1", width=WIDTH, browser=browser) if report.charts else None
    if top is None or top <= report.head:
        height = report.head if top is None else max(report.head, top + report.charts)
        return shrink(screenshot(page, png, width=WIDTH, height=height, browser=browser))
    start = top - 10  # the chart's own margin above its title, not the end of what precedes it
    full = screenshot(page, png, width=WIDTH, height=start + report.charts, browser=browser)
    with Image.open(full) as img:
        head, charts = (
            img.crop((0, 0, WIDTH, report.head)),
            img.crop((0, start, WIDTH, start + report.charts)),
        )
    gap = 24
    joined = Image.new("RGB", (WIDTH, report.head + gap + report.charts), "white")
    joined.paste(head, (0, 0))
    joined.paste(charts, (0, report.head + gap))
    # a dashed rule where page was left out, so the picture does not pass for one screen of it
    line = ImageDraw.Draw(joined)
    for x in range(16, WIDTH - 16, 12):
        line.line([(x, report.head + gap // 2), (x + 6, report.head + gap // 2)], fill="#999999", width=1)
    joined.save(png)
    return shrink(png)


def shrink(png: Path, colours: int = 64) -> Path:
    """Rewrite ``png`` as an optimised palette PNG: a report is flat colours and text, so 64 colours keep it
    readable at a fraction of the size."""
    from PIL import Image

    with Image.open(png) as img:
        small = img.convert("RGB").quantize(colors=colours, method=Image.Quantize.MEDIANCUT)
    small.save(png, optimize=True)
    return png


_INTRO = """\
# HTML reports

Every command writes a self-contained HTML page with `--html OUT`: `scan`, `check`, `diff`, `logs`, `simulate`
and `probe-rm`; the live guard writes the `logs` page as `guard.html`, and `check_reward(...)` returns a report
whose `.html_page()` is one too. A page has no script and loads nothing from the network: open it in any
browser, attach it to an issue, keep it beside the run.

The charts are drawn by matplotlib and inlined as SVG (their text stays text: searchable, copyable). They need
the `plots` extra:

```sh
pip install 'rewardcheck[plots]'
```

Without it every page still renders, with each chart replaced by one line naming the extra. Axes follow the
data: a share (truncated rows, degenerate outputs) is drawn on 0-100 % even when it is zero at every step, steps
get whole-number ticks, a constant series sits mid-axis among round ticks, and histogram bins fall on round
edges (whole numbers get one bin each).

Below, one page of each kind, made from the data bundled in the repository by the command shown (run from a
checkout's root). Where a picture is cut, a dashed rule marks the part of the page left out. `{script}`
regenerates the pictures and this page (it needs the `plots` extra and a Chromium-family browser, e.g.
`apt-get install chromium`).
"""


def document(reports: Sequence[Report] = REPORTS, img: str = "img") -> str:
    """``docs/reports.md``: the introduction, then each kind's command and screenshot."""
    parts = [_INTRO.format(script="python -m tools.make_report_screenshots")]
    for r in reports:
        page = f"{r.name}.html"
        parts.append(
            f"## {r.name}\n\n{r.title}.\n\n```{r.language}\n{r.shown(page)}\n```\n\n"
            f"![{r.name} report]({img}/{r.name}.png)\n"
        )
    return "\n".join(parts)


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument(
        "kinds", nargs="*", help=f"report kinds (default all: {', '.join(r.name for r in REPORTS)})"
    )
    ap.add_argument("--pages", type=Path, help="keep the HTML pages in this folder")
    ap.add_argument("--out", type=Path, default=IMG, help="folder for the PNGs (default docs/img)")
    ap.add_argument(
        "--doc", type=Path, default=DOC, help="the page that shows them (default docs/reports.md)"
    )
    a = ap.parse_args(argv)
    unknown = set(a.kinds) - {r.name for r in REPORTS}
    if unknown:
        ap.error(f"unknown kind(s) {', '.join(sorted(unknown))}")
    browser = find_browser()
    if browser is None:
        print("no Chromium-family browser on PATH (Debian: apt-get install chromium)", file=sys.stderr)
        return 2
    chosen = [r for r in REPORTS if not a.kinds or r.name in a.kinds]
    too_big = []
    with tempfile.TemporaryDirectory(prefix="rewardcheck-pages-") as tmp:
        pages = a.pages or Path(tmp)
        pages.mkdir(parents=True, exist_ok=True)
        for report in chosen:
            page = make_page(report, pages / f"{report.name}.html")
            png = photograph(report, page, a.out / f"{report.name}.png", browser)
            size = png.stat().st_size
            print(f"{png}: {size // 1000} kB")
            if size > MAX_BYTES:
                too_big.append(report.name)
    a.doc.parent.mkdir(parents=True, exist_ok=True)
    a.doc.write_text(document(img=Path(os.path.relpath(a.out, a.doc.parent)).as_posix()), encoding="utf-8")
    print(f"{a.doc}: {len(REPORTS)} report kinds")
    if too_big:
        print(f"over {MAX_BYTES // 1000} kB: {', '.join(too_big)} (show less: head, charts)", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
