"""Where a command's ``--json`` document goes: a file, or standard output for ``-``.

>>> write_json({"ok": True}, "-")
{
  "ok": true
}
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

__all__ = ["write_json"]


def write_json(document: Any, dest: str | Path) -> None:
    text = json.dumps(document, indent=2, default=str, ensure_ascii=False)
    if str(dest) == "-":
        print(text)
    else:
        Path(dest).write_text(text + "\n", encoding="utf-8")
