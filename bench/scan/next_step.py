"""The one thing to do after a scan, read from what it found: the line ``rewardcheck scan`` ends with.

In order: a profile that pays for what it should not (switch to ``patched``, or rescore under it), then
truncation that could not be counted in tokens (pass the config and a tokenizer), then flagged rows to read
(the ``--rows-out`` filter that writes them), else nothing to do.

>>> data = {"profiles": [{"name": "patched"}], "paid_unparseable_gold_by_profile": {"patched": 0},
...         "shaping_no_answer_by_profile": {"patched": 0}, "groups": {"best_degenerate": {"patched": 0}},
...         "truncation_basis": {"tokens": 4}, "flags": {"disagreement": 0}}
>>> next_step(data, ScanSettings(("d.jsonl",)))
'next: nothing to do: no row was flagged'
>>> data["flags"]["disagreement"] = 2
>>> next_step(data, ScanSettings(("d.jsonl",)))
'next: read the flagged rows: rerun with --rows-out rows.jsonl --only disagreements'
"""

from __future__ import annotations

from typing import Any

from .settings import ScanSettings

__all__ = ["next_step"]

PATCHED = "patched"
# Row flags worth reading row by row, most telling first, with the --only filter that keeps them.
_READ = (
    ("disagreement", "disagreements"),
    ("degenerate", "flag:degenerate"),
    ("shaping_no_answer", "flag:shaping_no_answer"),
    ("answer_unparseable", "flag:answer_unparseable"),
    ("gold_unparseable", "flag:gold_unparseable"),
    ("truncated", "flag:truncated"),
)


def _pays_wrongly(data: dict[str, Any], profile: str) -> list[str]:
    """The flags under which ``profile`` pays what no reward should."""
    counts = {
        "paid_unparseable_gold": data["paid_unparseable_gold_by_profile"].get(profile, 0),
        "shaping_no_answer": data["shaping_no_answer_by_profile"].get(profile, 0),
        "best_degenerate": data["groups"]["best_degenerate"].get(profile, 0),
    }
    return [flag for flag, n in counts.items() if n]


def next_step(data: dict[str, Any], settings: ScanSettings) -> str:
    """The next-step line for a scan's report ``data`` run with ``settings``."""
    profiles = [p["name"] for p in data["profiles"]]
    faulty = {p: _pays_wrongly(data, p) for p in profiles if p != PATCHED}
    faulty = {p: flags for p, flags in faulty.items() if flags}
    if faulty:
        names = ", ".join(faulty)
        flags = ", ".join(dict.fromkeys(f for fs in faulty.values() for f in fs))
        # patched is left out only when --profile chose: keep the user's choice, add patched beside it
        if PATCHED not in profiles:
            chosen = " ".join(f"--profile {p}" for p in (*settings.profiles, PATCHED))
            return f"next: {names} pay for {flags}: see what patched pays: rerun with {chosen}"
        if not _pays_wrongly(data, PATCHED):
            return f"next: use the patched profile: {names} pay for {flags}, patched does not"
    if data["truncation_basis"].get("text"):
        if settings.max_completion_length or settings.config:
            return "next: count truncation in tokens: rerun with --tokenizer qwen (or your model's) or --length-field COLUMN"
        return "next: count truncation in tokens: rerun with --config RECIPE.yaml --tokenizer qwen (or your model's)"
    for flag, only in _READ:
        if data["flags"].get(flag):
            if settings.rows_out:
                return f"next: read the flagged rows in {settings.rows_out}"
            return f"next: read the flagged rows: rerun with --rows-out rows.jsonl --only {only}"
    return "next: nothing to do: no row was flagged"
