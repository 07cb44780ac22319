"""Self-contained HTML reports: no scripts, no network, opens in any browser.

Every ``--html`` output of the CLI is a :class:`Page`. Its charts are drawn by matplotlib (the optional extra
``plots``, :mod:`rewardcheck.bench.plots`) and inlined as SVG; without matplotlib each chart is one line saying
how to install it, and the rest of the page is unchanged.

>>> page = Page("demo")
>>> page.line_chart({"reward": [(0, 0.1), (1, 0.5), (2, 0.66)]}, "Reward", "step", "reward", markers=[(1, "onset")])
>>> page.table(["name", "value"], [["reward", 0.66]])
>>> html = page.render()
>>> "<table" in html, ("<svg" in html) == plots_available()
(True, True)
"""

from __future__ import annotations

import html
import math
from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

from rewardcheck.bench.plots.svg import INSTALL_HINT
from rewardcheck.bench.plots.svg import available as plots_available

__all__ = ["Page", "plots_available"]

_CSS = """
body{font-family:system-ui,-apple-system,Segoe UI,sans-serif;margin:2rem auto;max-width:1100px;color:#222;padding:0 1rem}
h1{font-size:1.6rem}h2{font-size:1.25rem;margin-top:2rem;border-bottom:1px solid #ddd}
table{border-collapse:collapse;margin:.6rem 0;font-size:.9rem}
th,td{border:1px solid #ccc;padding:.25rem .5rem;text-align:left;vertical-align:top;max-width:520px;overflow-wrap:anywhere}
th{background:#f3f3f3}pre{background:#f7f7f7;padding:.6rem;overflow-x:auto;font-size:.85rem;white-space:pre-wrap}
figure.chart{margin:.8rem 0}figure.chart svg{max-width:100%;height:auto;background:#fff}
.ok{color:#2a7a2a;font-weight:600}.bad{color:#b00;font-weight:600}.note{color:#666;font-style:italic}
"""


def _fmt(v: float) -> str:
    if v == 0:
        return "0"
    if abs(v) >= 1000 or abs(v) < 0.01:
        return f"{v:.2g}"
    return f"{v:.3g}"


class Page:
    """An HTML page built from headings, paragraphs, tables, preformatted text and charts (inline SVG)."""

    def __init__(self, title: str) -> None:
        self.title = title
        self._parts: list[str] = [f"<h1>{html.escape(title)}</h1>"]
        self._charts = 0

    def heading(self, text: str, level: int = 2) -> None:
        level = min(max(level, 1), 6)
        self._parts.append(f"<h{level}>{html.escape(text)}</h{level}>")

    def paragraph(self, text: str, css_class: str | None = None) -> None:
        cls = f' class="{html.escape(css_class)}"' if css_class else ""
        self._parts.append(f"<p{cls}>{html.escape(text)}</p>")

    def pre(self, text: str) -> None:
        self._parts.append(f"<pre>{html.escape(text)}</pre>")

    def table(self, headers: Sequence[str], rows: Iterable[Sequence[Any]]) -> None:
        head = "".join(f"<th>{html.escape(str(h))}</th>" for h in headers)
        body = "".join(
            "<tr>" + "".join(f"<td>{html.escape(_cell(c))}</td>" for c in row) + "</tr>" for row in rows
        )
        self._parts.append(f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>")

    def line_chart(
        self,
        series: Mapping[str, Sequence[tuple[float, float]]],
        title: str,
        x_label: str = "",
        y_label: str = "",
        markers: Sequence[tuple[float, str]] = (),
        y_from_zero: bool = False,
        share: bool = False,
    ) -> None:
        """One line per series; ``markers`` draw labelled vertical lines (e.g. a collapse onset);
        ``y_from_zero`` for counts and rates, ``share`` for fractions (the y axis is 0-100 %)."""
        from rewardcheck.bench.plots import charts

        self._chart(
            title,
            lambda prefix: charts.line_chart(
                series,
                title=title,
                prefix=prefix,
                x_label=x_label,
                y_label=y_label,
                markers=markers,
                share=share,
                from_zero=y_from_zero,
            ),
        )

    def scatter(
        self,
        points: Mapping[str, Sequence[tuple[float, float]]],
        title: str,
        x_label: str = "",
        y_label: str = "",
        x_at_data: bool = False,
    ) -> None:
        """``x_at_data``: the x axis spans the data exactly (e.g. completion lengths)."""
        from rewardcheck.bench.plots import charts

        self._chart(
            title,
            lambda prefix: charts.scatter(
                points, title=title, prefix=prefix, x_label=x_label, y_label=y_label, x_at_data=x_at_data
            ),
        )

    def histogram(
        self, values: Mapping[str, Sequence[float]], title: str, bins: int = 20, x_label: str = ""
    ) -> None:
        """Side-by-side histograms (one colour per label) over a shared grid of round bin edges."""
        from rewardcheck.bench.plots import charts

        self._chart(
            title,
            lambda prefix: charts.histogram(values, title=title, prefix=prefix, bins=bins, x_label=x_label),
        )

    def _chart(self, title: str, draw: Callable[[str], str]) -> None:
        """``draw(prefix)`` gives the chart's ``<svg>``; its ids start with ``prefix``, unique in the page.
        Without matplotlib the chart is a one-line note instead."""
        if not plots_available():
            self._parts.append(
                f'<p class="note">Chart "{html.escape(title, quote=False)}" not drawn: matplotlib is not '
                f"installed ({html.escape(INSTALL_HINT, quote=False)}).</p>"
            )
            return
        self._charts += 1
        self._parts.append(
            f'<figure class="chart" id="chart-{self._charts}">{draw(f"c{self._charts}-")}</figure>'
        )

    def render(self) -> str:
        body = "\n".join(self._parts)
        return (
            f'<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8"><title>{html.escape(self.title)}</title>'
            f"<style>{_CSS}</style></head><body>\n{body}\n</body></html>\n"
        )

    def write(self, path: str | Path) -> Path:
        p = Path(path)
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text(self.render(), encoding="utf-8")
        return p


def _cell(c: Any) -> str:
    if isinstance(c, float):
        return _fmt(c) if math.isfinite(c) else str(c)
    return "" if c is None else str(c)
