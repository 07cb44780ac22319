"""Every report kind, opened in headless Chromium, paints a page: text, and where the page has charts, the
charts' colours. Skipped where no Chromium-family browser is installed (CI has package registries only);
Debian: ``apt-get install chromium``."""

from __future__ import annotations

from pathlib import Path

import pytest
from report_kinds import KINDS, built

from rewardcheck.bench.plots.svg import INSTALL_HINT, PALETTE, available
from tools.browser import BROWSERS, find_browser, screenshot

BROWSER = find_browser()
pytestmark = [
    pytest.mark.skipif(BROWSER is None, reason=f"no Chromium-family browser on PATH ({', '.join(BROWSERS)})"),
    pytest.mark.skipif(not available(), reason="charts need the plots extra: " + INSTALL_HINT),
]
WIDTH, HEIGHT = 1000, 6000  # tall enough to reach every kind's first charts


def _rgb(hex_colour: str) -> tuple[int, int, int]:
    return int(hex_colour[1:3], 16), int(hex_colour[3:5], 16), int(hex_colour[5:7], 16)


def _near(a: tuple[int, ...], b: tuple[int, int, int], tolerance: int = 40) -> bool:
    return all(abs(x - y) <= tolerance for x, y in zip(a, b, strict=False))


@pytest.mark.parametrize("kind", KINDS)
def test_each_page_paints_its_text_and_charts(kind: str, tmp_path: Path) -> None:
    image_module = pytest.importorskip("PIL.Image", reason="Pillow comes with the plots extra")
    page = tmp_path / f"{kind}.html"
    page.write_text(built()[kind].html, encoding="utf-8")
    png = screenshot(page, tmp_path / f"{kind}.png", width=WIDTH, height=HEIGHT, browser=BROWSER)
    with image_module.open(png) as img:
        assert img.size == (WIDTH, HEIGHT)
        colours = img.convert("RGB").getcolors(maxcolors=1 << 24)  # each colour and how many pixels show it
    assert colours is not None
    total = sum(n for n, _ in colours)
    inked = sum(n for n, c in colours if not _near(c, (255, 255, 255), 8))
    assert inked > total * 0.002, f"{kind}: the page is blank ({inked} of {total} pixels not white)"
    if "<svg" in built()[kind].html:
        # the first series' colour fills lines, dots or bars: the browser drew the inline SVG
        line = sum(n for n, c in colours if _near(c, _rgb(PALETTE[0])))
        assert line > 20, f"{kind}: no chart colour on the page ({line} pixels near {PALETTE[0]})"
