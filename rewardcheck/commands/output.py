"""The ``--json`` / ``--html`` options every command shares: declared once, written once.

A command states its pair (the help text, and where argparse keeps the values) as an :class:`OutputOptions`,
adds it to its parser, and hands :meth:`OutputOptions.emit` its result as a
:class:`~rewardcheck.bench.report.Report`: the terminal summary is printed (unless ``--quiet``, or ``--json -``
holds standard output), the JSON document and the HTML page written only when their option was given. A ``--json`` of ``-`` writes the document to standard output.

>>> import argparse
>>> parser = argparse.ArgumentParser()
>>> OutputOptions().add_to(parser)
>>> args = parser.parse_args(["--json", "-"])
>>> from rewardcheck.bench.report import Rendered
>>> OutputOptions().emit(args, Rendered(True, lambda ok: {"ok": ok}, print, print))
{
  "ok": true
}
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rich.console import Console

from rewardcheck.bench.report import Report

__all__ = ["OutputOptions", "silence_stdout", "write_json"]


def write_json(document: Any, dest: str | Path) -> None:
    text = json.dumps(document, indent=2, default=str, ensure_ascii=False)
    if str(dest) == "-":
        print(text)
    else:
        path = Path(dest)
        path.parent.mkdir(
            parents=True, exist_ok=True
        )  # as the HTML report does: "--json out/x.json", a new folder
        path.write_text(text + "\n", encoding="utf-8")


@dataclass(frozen=True)
class OutputOptions:
    """One command's ``--json OUT`` and ``--html OUT``: their help and their argparse destinations."""

    json_help: str = "write the report as JSON"
    html_help: str = "write a self-contained HTML report"
    json_dest: str = "json_out"
    html_dest: str = "html_out"

    def add_to(self, parser: argparse.ArgumentParser) -> None:
        parser.add_argument("--json", dest=self.json_dest, metavar="OUT", help=self.json_help)
        parser.add_argument("--html", dest=self.html_dest, metavar="OUT", help=self.html_help)

    def json_path(self, args: argparse.Namespace) -> str | None:
        return getattr(args, self.json_dest, None)

    def html_path(self, args: argparse.Namespace) -> str | None:
        return getattr(args, self.html_dest, None)

    def json_to_stdout(self, args: argparse.Namespace) -> bool:
        """``--json -``: standard output holds the document, so a terminal summary would corrupt it."""
        return self.json_path(args) == "-"

    def emit(self, args: argparse.Namespace, report: Report, console: Console | None = None) -> None:
        """Print ``report`` to the terminal (not with ``--quiet`` or ``--json -``), then write its JSON
        document to ``--json`` and its HTML page to ``--html``."""
        if not getattr(args, "quiet", False) and not self.json_to_stdout(args):
            try:
                report.print_terminal(console)
                sys.stdout.flush()
            except BrokenPipeError:  # ``| head`` read enough: the files below are still written
                silence_stdout()
        json_out, html_out = self.json_path(args), self.html_path(args)
        if json_out:
            write_json(report.to_dict(), json_out)
        if html_out:
            report.html_page().write(html_out)


def silence_stdout() -> None:
    """The reader of standard output has gone (``rewardcheck ... | head``): point the descriptor at devnull so
    that later output and the interpreter's final flush do not fail again (rich would exit with status 1)."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except OSError:  # no real descriptor (captured output: io.UnsupportedOperation): nothing to redirect
        pass
