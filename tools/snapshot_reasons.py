r"""Reasons for the rows whose verdict changed between two engine snapshots, by what changed (issue 42).

    python -m tools.snapshot_reasons OLD.jsonl.gz NEW.jsonl.gz OUT_REASONS.jsonl

Each changed row gets one line ``{id, reason, kind}``: ``kind`` is ``fix`` (issue 44: without token ids a
completion is no longer counted as truncated; its text is read), ``improvement`` (a hand-labelled row the new
verdict agrees with and the old did not), ``regression`` (a hand-labelled row the new verdict disagrees with:
listed, never hidden) or ``change`` (an unlabelled row read differently: the new answer and the engine's own
reason). Hand labels: the ``verdict`` field of ``fixtures/golden``, ``fixtures/labelled``, ``fixtures/reviewed``.

>>> _kind({"verdict": "truncated"}, {"verdict": "no_answer", "reward": 0.0}, None)
'fix'
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from tools.engine_snapshot import load

__all__ = ["reasons", "main"]

ROOT = Path(__file__).resolve().parent.parent
LABELLED = (
    ("fixtures/golden/golden.jsonl", "golden/golden:"),
    ("fixtures/golden/probes.jsonl", "golden/probes:"),
    ("fixtures/labelled/labelled.jsonl", "labelled:"),
    ("fixtures/reviewed/reviewed.jsonl", "reviewed:"),
)


def _labels() -> dict[str, bool]:
    out: dict[str, bool] = {}
    for path, prefix in LABELLED:
        for line in (ROOT / path).read_text(encoding="utf-8").splitlines():
            r = json.loads(line)
            if r.get("verdict") in ("correct", "wrong", "incorrect"):
                out[prefix + r["id"]] = r["verdict"] == "correct"
    return out


def _kind(old: dict[str, Any], new: dict[str, Any], truth: bool | None) -> str:
    if truth is not None and old.get("reward") is not None and new.get("reward") is not None:
        was, now = (old["reward"] == 1.0) == truth, (new["reward"] == 1.0) == truth
        if now and not was:
            return "improvement"
        if was and not now:
            return "regression"
    if old["verdict"] == "truncated" and new["verdict"] != "truncated":
        return "fix"
    return "change"


def _reason(kind: str, old: dict[str, Any], new: dict[str, Any]) -> str:
    read = f"reads {str(new.get('answer'))[:60]!r} ({new.get('rule')})"
    if kind == "fix":
        return f"issue 44: no token ids, so truncation is unknown, never true; the open-world reader {read}"
    if kind == "improvement":
        return f"open-world reader {read}: agrees with the hand label now (was {old['verdict']})"
    if kind == "regression":
        return f"REGRESSION: open-world reader {read}; the hand label says otherwise (was {old['verdict']})"
    return f"open-world reader {read} (was {old['verdict']} {str(old.get('answer'))[:40]!r})"


def reasons(old_path: Path, new_path: Path) -> list[dict[str, str]]:
    old, new, labels = load(old_path), load(new_path), _labels()
    out = []
    for key, o in old.items():
        n = new.get(key)
        if n is None or o["verdict"] == n["verdict"]:
            continue
        kind = _kind(o, n, labels.get(key))
        out.append({"id": key, "reason": _reason(kind, o, n), "kind": kind})
    return out


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 3:
        print(__doc__.split("\n")[2].strip(), file=sys.stderr)
        return 2
    rows = reasons(Path(args[0]), Path(args[1]))
    Path(args[2]).write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    kinds: dict[str, int] = {}
    for r in rows:
        kinds[r["kind"]] = kinds.get(r["kind"], 0) + 1
    print(f"{len(rows)} changed verdicts: {kinds}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
