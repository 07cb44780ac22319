"""docs/reports.md is the page tools/make_report_screenshots.py writes, and shows one small screenshot per
report kind, each a PNG in docs/img that exists."""

from __future__ import annotations

from report_kinds import ROOT

from tools.make_report_screenshots import DOC, IMG, MAX_BYTES, REPORTS, document

PNG_MAGIC = b"\x89PNG\r\n\x1a\n"


def test_the_doc_is_the_one_the_tool_writes() -> None:
    # a report kind added to REPORTS, or a command changed, without `python -m tools.make_report_screenshots`
    assert DOC.read_text(encoding="utf-8") == document(), "run: python -m tools.make_report_screenshots"


def test_every_kind_has_one_small_screenshot_and_no_other_is_left() -> None:
    shown = {r.name for r in REPORTS}
    assert {p.stem for p in IMG.glob("*.png")} == shown
    for name in shown:
        png = IMG / f"{name}.png"
        assert png.read_bytes()[:8] == PNG_MAGIC
        assert png.stat().st_size <= MAX_BYTES, f"{png.relative_to(ROOT)} is over {MAX_BYTES // 1000} kB"
