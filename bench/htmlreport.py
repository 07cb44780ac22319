"""Self-contained HTML reports with inline SVG plots: no scripts, no network, opens in any browser.

Every ``--html`` output of the CLI is a :class:`Page`.

>>> page = Page("demo")
>>> page.line_chart({"reward": [(0, 0.1), (1, 0.5), (2, 0.66)]}, "Reward", "step", "reward", markers=[(1, "onset")])
>>> page.table(["name", "value"], [["reward", 0.66]])
>>> html = page.render()
>>> html.count("<svg"), "<table" in html, "onset" in html
(1, True, True)
"""

from __future__ import annotations

import html
import math
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

__all__ = ["Page"]

_PALETTE = ("#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b", "#e377c2", "#17becf", "#7f7f7f")
_W, _H = 640, 300
_ML, _MR, _MT, _MB = 60, 150, 30, 40  # plot margins; the right one holds the legend

_CSS = """
body{font-family:system-ui,-apple-system,Segoe UI,sans-serif;margin:2rem auto;max-width:1100px;color:#222;padding:0 1rem}
h1{font-size:1.6rem}h2{font-size:1.25rem;margin-top:2rem;border-bottom:1px solid #ddd}
table{border-collapse:collapse;margin:.6rem 0;font-size:.9rem}
th,td{border:1px solid #ccc;padding:.25rem .5rem;text-align:left;vertical-align:top;max-width:520px;overflow-wrap:anywhere}
th{background:#f3f3f3}pre{background:#f7f7f7;padding:.6rem;overflow-x:auto;font-size:.85rem;white-space:pre-wrap}
svg{background:#fff;border:1px solid #eee;margin:.4rem 0}.ok{color:#2a7a2a;font-weight:600}.bad{color:#b00;font-weight:600}
"""


def _fmt(v: float) -> str:
    if v == 0:
        return "0"
    if abs(v) >= 1000 or abs(v) < 0.01:
        return f"{v:.2g}"
    return f"{v:.3g}"


def _finite(values: Iterable[float]) -> list[float]:
    return [float(v) for v in values if v is not None and math.isfinite(float(v))]


class _Axes:
    """Maps data coordinates to SVG pixels inside the plot area.

    ``x_at_data`` spans x exactly over the data (lengths: no padding to impossible values);
    ``y_from_zero`` starts y at 0 (counts and rates: a bar's height is its value).
    """

    def __init__(
        self, xs: Sequence[float], ys: Sequence[float], *, x_at_data: bool = False, y_from_zero: bool = False
    ) -> None:
        self.x0, self.x1 = self._span(xs, pad=not x_at_data)
        self.y0, self.y1 = self._span(ys)
        if y_from_zero and ys and min(ys) >= 0:
            self.y0 = 0.0
            self.y1 = max(max(ys), 1e-12) * 1.05

    @staticmethod
    def _span(values: Sequence[float], pad: bool = True) -> tuple[float, float]:
        if not values:
            return 0.0, 1.0
        lo, hi = min(values), max(values)
        if lo == hi:
            width = abs(lo) * 0.1 or 1.0
            return lo - width, hi + width
        margin = (hi - lo) * 0.05 if pad else 0.0
        return lo - margin, hi + margin

    def px(self, x: float) -> float:
        return _ML + (x - self.x0) / (self.x1 - self.x0) * (_W - _ML - _MR)

    def py(self, y: float) -> float:
        return _H - _MB - (y - self.y0) / (self.y1 - self.y0) * (_H - _MT - _MB)

    def frame(self, title: str, x_label: str, y_label: str) -> list[str]:
        parts = [
            f'<text x="{_W / 2 - _MR / 2:.0f}" y="18" text-anchor="middle" font-size="14">{html.escape(title)}</text>',
            f'<line x1="{_ML}" y1="{_H - _MB}" x2="{_W - _MR}" y2="{_H - _MB}" stroke="#444"/>',
            f'<line x1="{_ML}" y1="{_MT}" x2="{_ML}" y2="{_H - _MB}" stroke="#444"/>',
            f'<text x="{(_ML + _W - _MR) / 2:.0f}" y="{_H - 6}" text-anchor="middle" font-size="12">{html.escape(x_label)}</text>',
            f'<text x="14" y="{(_MT + _H - _MB) / 2:.0f}" text-anchor="middle" font-size="12" '
            f'transform="rotate(-90 14 {(_MT + _H - _MB) / 2:.0f})">{html.escape(y_label)}</text>',
        ]
        for i in range(5):
            xv = self.x0 + (self.x1 - self.x0) * i / 4
            yv = self.y0 + (self.y1 - self.y0) * i / 4
            parts.append(
                f'<text x="{self.px(xv):.1f}" y="{_H - _MB + 14}" text-anchor="middle" font-size="10">{_fmt(xv)}</text>'
            )
            parts.append(
                f'<text x="{_ML - 4}" y="{self.py(yv) + 3:.1f}" text-anchor="end" font-size="10">{_fmt(yv)}</text>'
            )
            parts.append(
                f'<line x1="{_ML}" y1="{self.py(yv):.1f}" x2="{_W - _MR}" y2="{self.py(yv):.1f}" stroke="#eee"/>'
            )
        return parts


def _legend(names: Sequence[str]) -> list[str]:
    parts = []
    for i, name in enumerate(names):
        y = _MT + 14 * i
        color = _PALETTE[i % len(_PALETTE)]
        parts.append(f'<rect x="{_W - _MR + 10}" y="{y}" width="10" height="10" fill="{color}"/>')
        parts.append(f'<text x="{_W - _MR + 24}" y="{y + 9}" font-size="11">{html.escape(name[:22])}</text>')
    return parts


def _svg(parts: Sequence[str], label: str) -> str:
    body = "".join(parts)
    return f'<svg xmlns="http://www.w3.org/2000/svg" role="img" aria-label="{html.escape(label)}" width="{_W}" height="{_H}" viewBox="0 0 {_W} {_H}">{body}</svg>'


class Page:
    """An HTML page built from headings, paragraphs, tables, preformatted text and SVG charts."""

    def __init__(self, title: str) -> None:
        self.title = title
        self._parts: list[str] = [f"<h1>{html.escape(title)}</h1>"]

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
    ) -> None:
        """One polyline per series; ``markers`` draw labelled vertical lines (e.g. a collapse onset);
        ``y_from_zero`` for counts and rates."""
        clean = {k: [(float(x), float(y)) for x, y in pts if _ok(x) and _ok(y)] for k, pts in series.items()}
        xs = [x for pts in clean.values() for x, _ in pts] + [float(m[0]) for m in markers]
        ys = [y for pts in clean.values() for _, y in pts]
        ax = _Axes(xs, ys, y_from_zero=y_from_zero)
        parts = ax.frame(title, x_label, y_label)
        for i, (_, pts) in enumerate(clean.items()):
            color = _PALETTE[i % len(_PALETTE)]
            if len(pts) == 1:
                x, y = pts[0]
                parts.append(f'<circle cx="{ax.px(x):.1f}" cy="{ax.py(y):.1f}" r="3" fill="{color}"/>')
            elif pts:
                coords = " ".join(f"{ax.px(x):.1f},{ax.py(y):.1f}" for x, y in pts)
                parts.append(f'<polyline fill="none" stroke="{color}" stroke-width="1.5" points="{coords}"/>')
        for x, label in markers:
            px = ax.px(float(x))
            parts.append(
                f'<line x1="{px:.1f}" y1="{_MT}" x2="{px:.1f}" y2="{_H - _MB}" stroke="#b00" stroke-dasharray="4 3"/>'
            )
            parts.append(
                f'<text x="{px + 3:.1f}" y="{_MT + 10}" font-size="10" fill="#b00">{html.escape(label)}</text>'
            )
        parts += _legend(list(clean))
        self._parts.append(_svg(parts, title))

    def scatter(
        self,
        points: Mapping[str, Sequence[tuple[float, float]]],
        title: str,
        x_label: str = "",
        y_label: str = "",
        x_at_data: bool = False,
    ) -> None:
        """``x_at_data``: the x axis spans the data exactly (e.g. completion lengths)."""
        clean = {k: [(float(x), float(y)) for x, y in pts if _ok(x) and _ok(y)] for k, pts in points.items()}
        ax = _Axes(
            [x for p in clean.values() for x, _ in p],
            [y for p in clean.values() for _, y in p],
            x_at_data=x_at_data,
        )
        parts = ax.frame(title, x_label, y_label)
        for i, (_, pts) in enumerate(clean.items()):
            color = _PALETTE[i % len(_PALETTE)]
            parts += [
                f'<circle cx="{ax.px(x):.1f}" cy="{ax.py(y):.1f}" r="2.5" fill="{color}" fill-opacity="0.6"/>'
                for x, y in pts
            ]
        parts += _legend(list(clean))
        self._parts.append(_svg(parts, title))

    def histogram(
        self, values: Mapping[str, Sequence[float]], title: str, bins: int = 20, x_label: str = ""
    ) -> None:
        """Overlaid histograms (one colour per label) over a shared bin grid."""
        clean = {k: _finite(v) for k, v in values.items()}
        every = [v for vs in clean.values() for v in vs]
        lo, hi = (min(every), max(every)) if every else (0.0, 1.0)
        if lo == hi:
            lo, hi = lo - 0.5, hi + 0.5
        width = (hi - lo) / bins
        counts = {k: [0] * bins for k in clean}
        for k, vs in clean.items():
            for v in vs:
                counts[k][min(int((v - lo) / width), bins - 1)] += 1
        top = max((c for cs in counts.values() for c in cs), default=1) or 1
        ax = _Axes([lo, hi], [0, top], x_at_data=True, y_from_zero=True)  # a count axis starts at zero
        parts = ax.frame(title, x_label, "count")
        n = max(len(counts), 1)
        for i, (_, cs) in enumerate(counts.items()):
            color = _PALETTE[i % len(_PALETTE)]
            for b, c in enumerate(cs):
                if not c:
                    continue
                x_left = ax.px(lo + b * width) + i * (ax.px(lo + width) - ax.px(lo)) / n
                bar_w = max((ax.px(lo + width) - ax.px(lo)) / n - 0.5, 0.5)
                parts.append(
                    f'<rect x="{x_left:.1f}" y="{ax.py(c):.1f}" width="{bar_w:.1f}" height="{ax.py(0) - ax.py(c):.1f}" '
                    f'fill="{color}" fill-opacity="0.75"/>'
                )
        parts += _legend(list(counts))
        self._parts.append(_svg(parts, title))

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


def _ok(v: Any) -> bool:
    try:
        return v is not None and math.isfinite(float(v))
    except (TypeError, ValueError):
        return False


def _cell(c: Any) -> str:
    if isinstance(c, float):
        return _fmt(c) if math.isfinite(c) else str(c)
    return "" if c is None else str(c)
