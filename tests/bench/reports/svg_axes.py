"""Read the charts of a report page back from its inline SVG: title, axis labels and tick labels.

matplotlib writes each axis as a group ``<g id="...matplotlib.axis_1">`` (x; ``axis_2`` is y) holding one group
per tick (``...xtick_N`` / ``...ytick_N``) whose ``<text>`` is the tick label; the axis label is the text
outside the tick groups. Text stays text in these pages (``svg.fonttype`` none), so the labels are readable here.
"""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET
from dataclasses import dataclass

SVG = "{http://www.w3.org/2000/svg}"
NICE = (1.0, 2.0, 2.5, 5.0)


@dataclass(frozen=True)
class Axis:
    label: str
    ticks: tuple[str, ...]

    def values(self) -> list[float]:
        """The tick labels as numbers (matplotlib's minus sign and a percent sign read as such)."""
        return [float(t.replace("\u2212", "-").rstrip("%")) for t in self.ticks]


@dataclass(frozen=True)
class Chart:
    title: str
    x: Axis
    y: Axis


def svgs(page: str) -> list[str]:
    """The ``<svg>...</svg>`` elements of ``page``, in order."""
    out, at = [], page.find("<svg ")
    while at >= 0:
        end = page.index("</svg>", at) + len("</svg>")
        out.append(page[at:end])
        at = page.find("<svg ", end)
    return out


def _texts(node: ET.Element) -> list[str]:
    return ["".join(t.itertext()).strip() for t in node.iter(f"{SVG}text")]


def _axis(root: ET.Element, number: int, tick: str) -> Axis:
    group = next(g for g in root.iter(f"{SVG}g") if g.get("id", "").endswith(f"matplotlib.axis_{number}"))
    ticks, label = [], []
    for child in group:
        texts = _texts(child)
        if tick in child.get("id", ""):
            ticks += texts
        else:
            label += texts
    return Axis(" ".join(t for t in label if t), tuple(t for t in ticks if t))


def chart(svg: str) -> Chart:
    root = ET.fromstring(svg)
    return Chart(root.get("aria-label", ""), _axis(root, 1, "xtick_"), _axis(root, 2, "ytick_"))


def charts(page: str) -> list[Chart]:
    return [chart(s) for s in svgs(page)]


def round_step_problem(axis: Axis) -> str | None:
    """Why ``axis``' ticks are not round (None when they are): at least two, evenly spaced, the spacing 1, 2,
    2.5 or 5 times a power of ten, and each tick a whole multiple of it."""
    values = axis.values()
    if len(values) < 2:
        return f"fewer than two ticks: {axis.ticks}"
    steps = [b - a for a, b in zip(values, values[1:], strict=False)]
    step = steps[0]
    if step <= 0 or any(not math.isclose(s, step, rel_tol=1e-6) for s in steps):
        return f"ticks not evenly spaced: {axis.ticks}"
    mantissa = step / 10 ** math.floor(math.log10(step) + 1e-12)
    if not any(math.isclose(mantissa, m, rel_tol=1e-6) for m in NICE):
        return f"tick spacing {step:g} is not 1, 2, 2.5 or 5 times a power of ten: {axis.ticks}"
    if any(not math.isclose(v / step, round(v / step), abs_tol=1e-6) for v in values):
        return f"ticks are not multiples of their spacing {step:g}: {axis.ticks}"
    return None
