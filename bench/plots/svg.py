"""matplotlib as an SVG writer for HTML pages: no GUI, a fixed font, the same bytes for the same chart.

matplotlib is the optional extra ``plots``; :func:`available` says whether it is installed. Nothing imports it
before a page draws its first chart (a command's start-up never pays for it).
"""

from __future__ import annotations

import io
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from matplotlib.figure import Figure
    from matplotlib.typing import RcKeyType

__all__ = ["INSTALL_HINT", "PALETTE", "available", "figure", "to_svg"]

INSTALL_HINT = "pip install 'rewardcheck[plots]'"

# Text stays text (svg.fonttype none: selectable, searchable, small) in DejaVu Sans, the font matplotlib ships,
# so the layout is measured with the same metrics on every machine; the fixed hash salt makes the ids of clip
# paths the same on every run.
RC: dict[RcKeyType, Any] = {
    "svg.fonttype": "none",
    "svg.hashsalt": "rewardcheck",
    "font.family": "sans-serif",
    "font.sans-serif": ["DejaVu Sans"],
    "font.size": 9.0,
    "axes.titlesize": 10.0,
    "axes.spines.top": False,
    "axes.spines.right": False,
    "axes.grid": True,
    "grid.color": "#e6e6e6",
    "grid.linewidth": 0.6,
    "legend.frameon": False,
    "legend.fontsize": 8.0,
    # no "+1.234e3" offset above an axis: each tick says its own value
    "axes.formatter.useoffset": False,
}
PALETTE = ("#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b", "#e377c2", "#17becf", "#7f7f7f")
SIZE = (7.2, 2.9)  # inches; at the browser's 96 px per inch about 690 x 280 px


def available() -> bool:
    """Whether matplotlib (the ``plots`` extra) can be imported."""
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        return False
    return True


@contextmanager
def figure(size: tuple[float, float] = SIZE) -> Iterator[Figure]:
    """A figure under the report's style, on matplotlib's SVG canvas (never pyplot: no GUI backend, no global
    figure registry, the caller's own matplotlib settings untouched)."""
    import matplotlib
    from cycler import cycler
    from matplotlib.backends.backend_svg import FigureCanvasSVG
    from matplotlib.figure import Figure

    rc: dict[RcKeyType, Any] = {**RC, "axes.prop_cycle": cycler(color=list(PALETTE))}
    with matplotlib.rc_context(rc):
        fig = Figure(figsize=size)
        FigureCanvasSVG(fig)
        yield fig


def to_svg(fig: Figure, *, prefix: str, label: str) -> str:
    """``fig`` as an ``<svg>`` element to inline in HTML: no XML declaration or doctype, no metadata (its
    creation date would change every page), every id prefixed with ``prefix`` (ids are unique in a page
    of several charts) and ``label`` as its accessible name. Call it inside :func:`figure`."""
    from html import escape

    buf = io.StringIO()
    fig.savefig(buf, format="svg", bbox_inches="tight", pad_inches=0.05, metadata={"Date": None})
    text = buf.getvalue()
    text = text[text.index("<svg ") :]
    start, end = text.find("<metadata>"), text.find("</metadata>")
    if start >= 0 and end > start:
        text = text[:start].rstrip() + text[end + len("</metadata>") :]
    # plain replacements, no pattern: matplotlib writes ids and references in exactly these three spellings
    for ref in (' id="', "url(#", 'xlink:href="#'):
        text = text.replace(ref, ref + prefix)
    return text.replace("<svg ", f'<svg role="img" aria-label="{escape(label)}" ', 1).strip()
