"""The one report protocol every command's result implements: ``to_dict()`` (the JSON document: the one name
for it), ``print_terminal(console)`` (the terminal renderer) and ``html_page()`` (the HTML renderer, a
:class:`~rewardcheck.bench.htmlreport.Page`).

A feature's result type holds the data; its render module knows how to draw it. :class:`Rendered` joins the
two without either importing the other in a circle: each render module offers ``as_report(result)`` returning
one, and the CLI's output options (``--json``, ``--html``) take any :class:`Report`.

>>> from rewardcheck.bench.htmlreport import Page
>>> def draw(n: int, console: Console) -> None:
...     console.print(f"n = {n}")
>>> def page(n: int) -> Page:
...     p = Page("n")
...     p.paragraph(str(n))
...     return p
>>> r = Rendered(3, lambda n: {"n": n}, draw, page)
>>> r.to_dict(), terminal_text(r).strip(), "<p>3</p>" in r.html_page().render()
({'n': 3}, 'n = 3', True)
"""

from __future__ import annotations

import io
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Generic, Protocol, TypeVar, runtime_checkable

from rich.console import Console

from .htmlreport import Page

__all__ = ["Report", "Rendered", "terminal_console", "terminal_text"]

R = TypeVar("R")


@runtime_checkable
class Report(Protocol):
    """What every command's result offers: its JSON document and its two renderings."""

    def to_dict(self) -> dict[str, Any]: ...

    def print_terminal(self, console: Console | None = None) -> None: ...

    def html_page(self) -> Page: ...


class _PipeConsole(Console):
    """rich's console, except that a reader who closed the pipe (``| head``) raises ``BrokenPipeError`` instead
    of rich's ``SystemExit(1)``: the command then still writes its files and returns its own exit status."""

    def on_broken_pipe(self) -> None:
        raise BrokenPipeError


def terminal_console(min_width: int | None = None, **options: Any) -> Console:
    """The console a report prints to: the terminal's width (at least ``min_width``), or 130 columns for pipes
    and files (not rich's 80-column fallback). ``options`` go to rich's ``Console``."""
    options = {"highlight": False, "soft_wrap": min_width is None, **options}
    console = _PipeConsole(**options)
    if min_width is not None:
        return _PipeConsole(width=max(console.width, min_width), **options)
    if not console.is_terminal:
        console = _PipeConsole(width=130, **options)
    return console


def terminal_text(report: Report, width: int = 130) -> str:
    """What ``print_terminal`` shows, as plain text (tests, ``--quiet`` callers that log it)."""
    console = Console(width=width, record=True, file=io.StringIO(), highlight=False)
    report.print_terminal(console)
    return console.export_text()


@dataclass(frozen=True)
class Rendered(Generic[R]):
    """A result with its document and renderers: a :class:`Report`."""

    result: R
    document: Callable[[R], dict[str, Any]]
    terminal: Callable[[R, Console], None]
    page: Callable[[R], Page]

    def to_dict(self) -> dict[str, Any]:
        return self.document(self.result)

    def print_terminal(self, console: Console | None = None) -> None:
        self.terminal(self.result, console or terminal_console())

    def html_page(self) -> Page:
        return self.page(self.result)
