"""What a run records about the code it ran: the commit, whether the work tree differed from it, and when.

>>> sorted(code_record())
['commit', 'dirty', 'time']
"""

from __future__ import annotations

import subprocess
import time
from pathlib import Path
from typing import Any

__all__ = ["code_record", "is_ancestor", "commit_of_file"]

ROOT = Path(__file__).resolve().parents[2]


def _git(*args: str) -> str:
    try:
        return subprocess.run(
            ["git", *args], cwd=ROOT, capture_output=True, text=True, check=True
        ).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return ""


def code_record() -> dict[str, Any]:
    """The checkout's commit and whether tracked files differ from it (``dirty``), at this moment."""
    status = _git("status", "--porcelain", "--untracked-files=no")
    return {
        "commit": _git("rev-parse", "HEAD") or None,
        "dirty": bool(status),
        "time": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
    }


def is_ancestor(older: str, newer: str) -> bool:
    """Does commit ``newer`` descend from ``older`` (or equal it)?"""
    try:
        subprocess.run(
            ["git", "merge-base", "--is-ancestor", older, newer], cwd=ROOT, check=True, capture_output=True
        )
        return True
    except (OSError, subprocess.CalledProcessError):
        return False


def commit_of_file(path: str) -> list[str]:
    """Every commit that changed ``path`` (newest first)."""
    out = _git("log", "--format=%H", "--", path)
    return out.split() if out else []
