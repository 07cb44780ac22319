"""What an artefact records about the code that made it: the commit, whether the work tree differed from it
(tracked changes or untracked files), where the imported ``rewardcheck`` package lies, and when.

Every protocol artefact (a start, the pairs, the reward model, the plateau probe, a GRPO or PPO run) appends
one line per session to its own ``code.jsonl`` (:func:`append_code_record`).

>>> sorted(code_record())
['commit', 'dirty', 'package', 'package_in_checkout', 'time']
"""

from __future__ import annotations

import json
import subprocess
import time
from pathlib import Path
from typing import Any

__all__ = ["ROOT", "CODE_FILE", "code_record", "append_code_record", "read_code_records", "git"]

ROOT = Path(__file__).resolve().parents[2]
CODE_FILE = "code.jsonl"


def git(*args: str, root: Path = ROOT) -> str | None:
    """``git ARGS`` in ``root``; None when git is absent or the command fails (callers decide what that means)."""
    try:
        return subprocess.run(
            ["git", *args], cwd=root, capture_output=True, text=True, check=True
        ).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return None


def code_record(root: Path = ROOT) -> dict[str, Any]:
    """The checkout's commit; ``dirty`` when tracked files differ from it or files git does not ignore are
    untracked (either can change what runs), or when git cannot tell; the package actually imported."""
    import rewardcheck

    status = git("status", "--porcelain", "--untracked-files=normal", root=root)
    package = Path(rewardcheck.__file__).resolve().parent
    return {
        "commit": git("rev-parse", "HEAD", root=root) or None,
        "dirty": status is None or bool(status),
        "package": str(package),
        "package_in_checkout": package.is_relative_to(root.resolve()),
        "time": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
    }


def append_code_record(folder: Path, **extra: Any) -> dict[str, Any]:
    """Append this session's record to ``folder/code.jsonl`` and return it."""
    folder.mkdir(parents=True, exist_ok=True)
    record = {**code_record(), **extra}
    with (folder / CODE_FILE).open("a") as handle:
        handle.write(json.dumps(record) + "\n")
    return record


def read_code_records(folder: Path) -> list[dict[str, Any]]:
    path = folder / CODE_FILE
    if not path.is_file():
        return []
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
