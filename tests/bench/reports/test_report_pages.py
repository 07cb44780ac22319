"""Every HTML report kind, built from the bundled dumps, logs, configs and runs, draws one inline SVG per chart
with axes a reader can use: round ticks on every axis, whole-number ticks for steps, a share on 0-100 %, and
without matplotlib a one-line note per chart in place of the SVG."""

from __future__ import annotations

import ast
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest
from report_kinds import KINDS, MIN_CHARTS, ROOT, SOURCES, built
from svg_axes import charts, round_step_problem, svgs

from rewardcheck.bench.plots.svg import INSTALL_HINT, available

needs_plots = pytest.mark.skipif(not available(), reason="charts need the plots extra: " + INSTALL_HINT)

NOTE = '<p class="note">Chart '
STEP_LABELS = {"step", "record", "output", "GRPO step", "PPO step"}


def _page_building_modules() -> set[str]:
    """The modules of bench/ and experiments/ that call ``Page(...)``."""
    found = set()
    for folder in ("bench", "experiments"):
        for path in (ROOT / folder).rglob("*.py"):
            tree = ast.parse(path.read_text(encoding="utf-8"))
            calls = (n for n in ast.walk(tree) if isinstance(n, ast.Call))
            if any(isinstance(c.func, ast.Name) and c.func.id == "Page" for c in calls):
                found.add(path.relative_to(ROOT).as_posix())
    return found


def test_every_module_that_builds_a_page_is_a_kind_rendered_here() -> None:
    assert _page_building_modules() == set(SOURCES), (
        "add the new report kind to tests/bench/reports/report_kinds.py"
    )
    assert set(SOURCES.values()) <= set(KINDS)


def test_the_docs_show_every_report_a_user_can_write() -> None:
    from tools.make_report_screenshots import REPORTS

    users = {kind for path, kind in SOURCES.items() if path.startswith("bench/")}
    assert {r.name for r in REPORTS} == users


@needs_plots
@pytest.mark.parametrize("kind", KINDS)
def test_one_svg_per_chart_and_a_note_per_chart_without_matplotlib(kind: str) -> None:
    page = built()[kind]
    drawn = page.bare.count(NOTE)  # the charts the report asked for
    assert drawn >= MIN_CHARTS[kind]
    assert (
        page.html.count('<figure class="chart"') == page.html.count("<svg ") == len(svgs(page.html)) == drawn
    )
    assert NOTE not in page.html
    assert "<svg" not in page.bare and page.bare.count(INSTALL_HINT) == drawn
    # the rest of the page does not depend on matplotlib
    assert page.bare.count("<table") == page.html.count("<table")


@needs_plots
@pytest.mark.parametrize("kind", KINDS)
def test_every_axis_has_round_ticks(kind: str) -> None:
    problems = []
    for c in charts(built()[kind].html):
        assert c.title, "every chart is labelled for screen readers"
        for name, axis in (("x", c.x), ("y", c.y)):
            problem = round_step_problem(axis)
            if problem:
                problems.append(f"{c.title!r} {name}: {problem}")
    assert not problems, "\n".join(problems)


@needs_plots
@pytest.mark.parametrize("kind", KINDS)
def test_step_axes_have_whole_number_ticks(kind: str) -> None:
    stepped = [c for c in charts(built()[kind].html) if c.x.label in STEP_LABELS]
    for c in stepped:
        assert all(v.is_integer() for v in c.x.values()), (c.title, c.x.ticks)
        assert all("." not in t for t in c.x.ticks), (c.title, c.x.ticks)


@needs_plots
def test_a_dump_without_truncation_shows_none_of_all_rows_over_its_two_steps() -> None:
    (truncation,) = [c for c in charts(built()["scan"].html) if c.title == "Truncation rate per step"]
    assert truncation.y.ticks[0] == "0%" and truncation.y.ticks[-1] == "100%"
    assert truncation.x.values() == [1.0, 2.0]


@needs_plots
def test_a_constant_reward_model_gets_round_histogram_bins_around_its_score() -> None:
    (hist,) = [c for c in charts(built()["probe-rm-constant"].html) if c.title.startswith("Scores")]
    xs = hist.x.values()
    assert xs[0] < 0.205 < xs[-1] and round_step_problem(hist.x) is None


@needs_plots
@pytest.mark.parametrize("kind", KINDS)
def test_pages_are_self_contained_with_unique_ids(kind: str) -> None:
    html = built()[kind].html
    # nothing to fetch: no script, no source, no address but the SVG and XLink namespace names
    names = html.replace("http://www.w3.org/2000/svg", "").replace("http://www.w3.org/1999/xlink", "")
    assert "<script" not in html and 'src="' not in html and "http" not in names
    assert "<metadata>" not in html and "<?xml" not in html and "<!DOCTYPE svg" not in html
    ids = Counter(part.split('"', 1)[0] for part in html.split(' id="')[1:])
    assert not [i for i, n in ids.items() if n > 1]


@needs_plots
def test_the_same_report_renders_the_same_bytes() -> None:
    page = built()["logs"]
    assert page.render() == page.html  # no date, no random id: a page can be diffed and cached


def test_without_matplotlib_a_page_still_renders(tmp_path: Path) -> None:
    # matplotlib made unimportable in a fresh process, as on a machine without the plots extra
    script = (
        "import sys; sys.modules['matplotlib'] = None\n"
        "from rewardcheck.bench.htmlreport import Page\n"
        "p = Page('t'); p.line_chart({'a': [(0, 1), (1, 2)]}, 'L'); p.histogram({'a': [1.0, 2.0]}, 'H')\n"
        "p.scatter({'a': [(1, 2)]}, 'S'); p.table(['k'], [[1]])\n"
        "print(p.render())\n"
    )
    proc = subprocess.run(
        [sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, check=True
    )
    assert "<svg" not in proc.stdout and "<table>" in proc.stdout
    assert proc.stdout.count(NOTE) == 3 and proc.stdout.count(INSTALL_HINT) == 3


def test_matplotlib_is_imported_only_when_a_chart_is_drawn() -> None:
    # every command imports its render module at start-up; matplotlib (about 0.3 s) waits for --html
    renderers = [
        f"rewardcheck.{path[:-3].replace('/', '.')}" for path in SOURCES if path.startswith("bench/")
    ]
    script = (
        "import importlib, sys\n"
        f"for name in {renderers!r}: importlib.import_module(name)\n"
        "from rewardcheck.bench.htmlreport import Page\n"
        "Page('t').render()\n"
        "print('matplotlib' in sys.modules)\n"
    )
    proc = subprocess.run(
        [sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, check=True
    )
    assert proc.stdout.strip() == "False"
