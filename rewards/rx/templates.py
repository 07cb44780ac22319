r"""Replacement templates for ``sub``, read as Python's ``re`` reads them: ``\1``, ``\g<2>``, ``\g<name>``
and the character escapes (``\n``, ``\t``, ``\\``).

>>> parse_template(r"<\1|\g<name>>\n", (("name", 2),), 2)
('<', 1, '|', 2, '>\n')
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import lru_cache

from ..cache_bounds import RX_TEMPLATES

__all__ = ["parse_template", "Piece"]

Piece = str | int  # literal text, or a group number

_ESCAPES = {"n": "\n", "t": "\t", "r": "\r", "f": "\f", "v": "\v", "a": "\a", "b": "\b", "\\": "\\"}


@lru_cache(maxsize=RX_TEMPLATES)
def parse_template(template: str, groupindex: tuple[tuple[str, int], ...], groups: int) -> tuple[Piece, ...]:
    """``template`` as literal pieces and group numbers (``groupindex``: the pattern's (name, number) pairs)."""
    names = dict(groupindex)
    out: list[Piece] = []
    text: list[str] = []
    i = 0
    n = len(template)

    def group(ref: int) -> None:
        if ref > groups:
            raise re.error(f"invalid group reference {ref}")
        if text:
            out.append("".join(text))
            text.clear()
        out.append(ref)

    while i < n:
        ch = template[i]
        if ch != "\\" or i + 1 == n:
            if ch == "\\":
                raise re.error("bad escape (end of pattern)")
            text.append(ch)
            i += 1
            continue
        nxt = template[i + 1]
        if nxt == "g":
            close = template.find(">", i + 3)
            if template[i + 2 : i + 3] != "<" or close < 0:
                raise re.error("missing group name")
            name = template[i + 3 : close]
            if name.isdigit():
                group(int(name))
            elif name in names:
                group(names[name])
            else:
                raise IndexError(f"unknown group name {name!r}")
            i = close + 1
        elif nxt.isdigit():
            i = _digits(template, i + 1, text, group)
        elif nxt in _ESCAPES:
            text.append(_ESCAPES[nxt])
            i += 2
        elif nxt.isascii() and nxt.isalpha():
            raise re.error(f"bad escape \\{nxt}")
        else:
            text.append("\\" + nxt)
            i += 2
    if text:
        out.append("".join(text))
    return tuple(out)


_OCTAL = "01234567"


def _digits(template: str, at: int, text: list[str], group: Callable[[int], None]) -> int:
    r"""Read ``\`` + digits at ``at`` as Python does: ``\0`` and three octal digits are a character, one or
    two digits a group number. Returns where reading stops."""
    run = template[at : at + 3]
    if run[0] == "0":
        octal = "0" + _prefix(run[1:], _OCTAL)
        text.append(chr(int(octal, 8)))
        return at + len(octal)
    if len(run) == 3 and all(c in _OCTAL for c in run):
        value = int(run, 8)
        if value > 0o377:
            raise re.error(f"octal escape value \\{run} outside of range 0-0o377")
        text.append(chr(value))
        return at + 3
    width = 2 if len(run) > 1 and run[1].isdigit() else 1
    group(int(run[:width]))
    return at + width


def _prefix(s: str, allowed: str) -> str:
    out = ""
    for c in s[:2]:
        if c not in allowed:
            break
        out += c
    return out
