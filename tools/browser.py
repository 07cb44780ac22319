"""Headless Chromium screenshots of HTML pages (the report screenshots in docs/ and their test).

Only a browser on ``PATH`` is used; nothing is downloaded. ``find_browser()`` is None where none is installed
(CI has package registries only), and callers skip.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
from pathlib import Path

__all__ = ["BROWSERS", "element_top", "find_browser", "screenshot"]

# Debian's package installs `chromium`; other distributions and Google's builds use the other names.
BROWSERS = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable", "chrome")


def find_browser() -> str | None:
    """The first Chromium-family browser on ``PATH`` (``$REWARDCHECK_BROWSER`` first, when set)."""
    names = [os.environ["REWARDCHECK_BROWSER"]] if os.environ.get("REWARDCHECK_BROWSER") else []
    return next((found for name in (*names, *BROWSERS) if (found := shutil.which(name))), None)


def _run(exe: str, width: int, height: int, *args: str) -> subprocess.CompletedProcess[str]:
    # a throw-away profile: two runs at once never share a profile lock, and no state leaks between pages
    with tempfile.TemporaryDirectory(prefix="rewardcheck-browser-") as profile:
        cmd = [
            exe,
            "--headless",
            "--no-sandbox",  # root in containers and CI; the page is a local file
            "--disable-gpu",
            "--hide-scrollbars",
            "--no-first-run",
            "--force-device-scale-factor=1",
            f"--user-data-dir={profile}",
            f"--window-size={width},{height}",
            *args,
        ]
        return subprocess.run(cmd, capture_output=True, text=True, timeout=120, check=False)


def _browser(browser: str | None) -> str:
    exe = browser or find_browser()
    if exe is None:
        raise RuntimeError(f"no Chromium-family browser on PATH (tried {', '.join(BROWSERS)})")
    return exe


def screenshot(
    page: Path, png: Path, *, width: int = 1000, height: int = 1600, browser: str | None = None
) -> Path:
    """Write a ``width`` x ``height`` screenshot of the top of ``page`` to ``png``; raise ``RuntimeError``
    when the browser fails or writes nothing."""
    exe = _browser(browser)
    png.parent.mkdir(parents=True, exist_ok=True)
    png.unlink(missing_ok=True)
    proc = _run(exe, width, height, f"--screenshot={png.resolve()}", page.resolve().as_uri())
    if proc.returncode != 0 or not png.is_file() or png.stat().st_size == 0:
        raise RuntimeError(f"{exe} wrote no screenshot (exit {proc.returncode}): {proc.stderr[-2000:]}")
    return png


_MEASURE = (
    "<script>const e = document.getElementById({id!r});"
    "document.body.dataset.top = e ? Math.round(e.getBoundingClientRect().top + window.scrollY) : -1;</script>"
)


def element_top(page: Path, element_id: str, *, width: int = 1000, browser: str | None = None) -> int | None:
    """The distance in pixels from the top of ``page`` (laid out ``width`` wide) to the element with id
    ``element_id``, or None without one. The page itself has no script: a copy with one measuring line is
    laid out (the layout depends on the width only), and the browser's ``--dump-dom`` reports the answer.
    A screenshot cannot simply start there: headless Chromium paints nothing after a jump to an anchor."""
    exe = _browser(browser)
    text = page.read_text(encoding="utf-8")
    probe = text.replace("</body>", _MEASURE.format(id=element_id) + "</body>", 1)
    with tempfile.TemporaryDirectory(prefix="rewardcheck-measure-") as tmp:
        copy = Path(tmp) / page.name
        copy.write_text(probe, encoding="utf-8")
        proc = _run(exe, width, 800, "--dump-dom", copy.as_uri())
    marker = 'data-top="'
    at = proc.stdout.find(marker)
    if proc.returncode != 0 or at < 0:
        raise RuntimeError(f"{exe} could not lay out {page} (exit {proc.returncode}): {proc.stderr[-2000:]}")
    top = int(proc.stdout[at + len(marker) : proc.stdout.index('"', at + len(marker))])
    return None if top < 0 else top
