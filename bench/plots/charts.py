"""The report's three chart kinds, each drawn by matplotlib and returned as an inline ``<svg>`` element.

Axis limits and bins come from :mod:`.limits`; style, canvas and SVG clean-up from :mod:`.svg`. Callers go
through :class:`~rewardcheck.bench.htmlreport.Page`, which checks that matplotlib is installed first.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from .limits import all_integers, finite, histogram_edges, padded, value_span
from .svg import figure, to_svg

if TYPE_CHECKING:
    from matplotlib.axes import Axes

__all__ = ["histogram", "line_chart", "scatter"]

Points = Mapping[str, Sequence[tuple[float, float]]]
_MARKER_COLOR = "#b00000"
_LEGEND_CHARS = 32
_STEPS = [1, 2, 2.5, 5, 10]


def _point(x: float, y: float) -> tuple[float, float] | None:
    fx, fy = finite([x]), finite([y])
    return (fx[0], fy[0]) if fx and fy else None


def _clean(series: Points) -> dict[str, list[tuple[float, float]]]:
    """Each series' points with a finite x and y (a NaN loss or a missing reward is a gap, not a zero)."""
    return {name: [p for x, y in pts if (p := _point(x, y)) is not None] for name, pts in series.items()}


def _axes(
    ax: Axes,
    x_span: tuple[float, float],
    y_span: tuple[float, float],
    *,
    x_integer: bool,
    y_integer: bool,
    x_label: str,
    y_label: str,
    share: bool = False,
    empty: bool = False,
) -> None:
    """Limits, tick locators and labels: whole-number data gets whole-number ticks, a share 0-100 %."""
    from matplotlib.ticker import MaxNLocator, PercentFormatter

    ax.set_xlim(*x_span)
    ax.set_ylim(*y_span)
    # ticks on multiples of 1, 2, 2.5 or 5 times a power of ten (matplotlib's default also allows 3, 4, 6, 8)
    ax.xaxis.set_major_locator(MaxNLocator(nbins=8, steps=_STEPS, integer=x_integer, min_n_ticks=2))
    ax.yaxis.set_major_locator(MaxNLocator(nbins=5, steps=_STEPS, integer=y_integer, min_n_ticks=2))
    if share:
        ax.yaxis.set_major_formatter(PercentFormatter(xmax=1.0, decimals=0))
    ax.set_xlabel(x_label)
    ax.set_ylabel(y_label)
    if empty:
        ax.text(0.5, 0.5, "no data", transform=ax.transAxes, ha="center", va="center", color="#888")


def _legend(ax: Axes, names: Sequence[str]) -> None:
    if names:
        handles, labels = ax.get_legend_handles_labels()
        short = [n if len(n) <= _LEGEND_CHARS else n[: _LEGEND_CHARS - 1] + "…" for n in labels]
        ax.legend(handles, short, loc="upper left", bbox_to_anchor=(1.01, 1.0), borderaxespad=0.0)


def line_chart(
    series: Points,
    *,
    title: str,
    prefix: str,
    x_label: str = "",
    y_label: str = "",
    markers: Sequence[tuple[float, str]] = (),
    share: bool = False,
    from_zero: bool = False,
) -> str:
    """One line per series (with dots where there are few points, so one or two steps still show);
    ``markers`` are labelled dashed verticals (a collapse onset)."""
    clean = _clean(series)
    xs = [x for pts in clean.values() for x, _ in pts]
    ys = [y for pts in clean.values() for _, y in pts]
    marks = [(x, label) for x, label in markers if finite([x])]
    with figure() as fig:
        ax = fig.add_subplot()
        for name, pts in clean.items():
            dots = "o" if len(pts) <= 25 else None
            # clip_on False: a line on a limit (a share of 0 at every step) is drawn whole, not halved
            ax.plot(
                [x for x, _ in pts], [y for _, y in pts], marker=dots, ms=3, lw=1.5, label=name, clip_on=False
            )
        x_all = xs + [float(x) for x, _ in marks]
        x_int, y_int = all_integers(x_all), all_integers(ys) and not share
        _axes(
            ax,
            padded(value_span(x_all, integer=x_int), 0.02),
            padded(value_span(ys, share=share, from_zero=from_zero, integer=y_int)),
            x_integer=x_int,
            y_integer=y_int,
            x_label=x_label,
            y_label=y_label,
            share=share,
            empty=not xs,
        )
        for x, label in marks:
            ax.axvline(float(x), color=_MARKER_COLOR, ls="--", lw=1)
            ax.text(
                float(x), 1.0, f" {label}", transform=ax.get_xaxis_transform(), color=_MARKER_COLOR, va="top"
            )
        ax.set_title(title, loc="left")
        _legend(ax, list(clean))
        return to_svg(fig, prefix=prefix, label=title)


def scatter(
    points: Points, *, title: str, prefix: str, x_label: str = "", y_label: str = "", x_at_data: bool = False
) -> str:
    """One colour per series; ``x_at_data``: the x axis ends at the data (lengths: no room for impossible
    values below the shortest)."""
    clean = _clean(points)
    xs = [x for pts in clean.values() for x, _ in pts]
    ys = [y for pts in clean.values() for _, y in pts]
    with figure() as fig:
        ax = fig.add_subplot()
        for name, pts in clean.items():
            ax.scatter([x for x, _ in pts], [y for _, y in pts], s=9, alpha=0.6, label=name, clip_on=False)
        x_int, y_int = all_integers(xs), all_integers(ys)
        _axes(
            ax,
            padded(value_span(xs, integer=x_int), 0.0 if x_at_data else 0.02),
            padded(value_span(ys, integer=y_int)),
            x_integer=x_int,
            y_integer=y_int,
            x_label=x_label,
            y_label=y_label,
            empty=not xs,
        )
        ax.set_title(title, loc="left")
        _legend(ax, list(clean))
        return to_svg(fig, prefix=prefix, label=title)


def histogram(
    values: Mapping[str, Sequence[float]], *, title: str, prefix: str, bins: int = 20, x_label: str = ""
) -> str:
    """Side-by-side bars per series over one grid of round bin edges (:func:`.limits.histogram_edges`);
    the count axis starts at zero."""
    clean = {name: finite(vs) for name, vs in values.items()}
    named = {name: vs for name, vs in clean.items() if vs}
    edges = histogram_edges([v for vs in named.values() for v in vs], bins)
    with figure() as fig:
        ax = fig.add_subplot()
        tallest = 0.0
        if named:
            n, _, _ = ax.hist(list(named.values()), bins=edges, label=list(named), alpha=0.85, rwidth=0.9)
            tallest = float(max(map(max, n if len(named) > 1 else [n])))
        _axes(
            ax,
            padded((edges[0], edges[-1]), 0.01),
            padded(value_span([tallest], from_zero=True, integer=True), keep_low=True),
            x_integer=all_integers(v for vs in named.values() for v in vs),
            y_integer=True,
            x_label=x_label,
            y_label="count",
            empty=not named,
        )
        ax.set_title(title, loc="left")
        _legend(ax, list(named))
        return to_svg(fig, prefix=prefix, label=title)
