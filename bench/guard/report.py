"""The guard's report: ``guard.json`` (findings with the step each fired, the actions, detector errors, the
guard's own cost, and the full ``rewardcheck logs`` diagnosis) and ``guard.html`` (the logs report page).

>>> from rewardcheck.bench.guard.monitor import Guard
>>> g = Guard(); _ = [g.observe({"reward": 0.2 * i, "reward_std": 0.3}, float(i)) for i in range(3)]
>>> guard_document(g)["findings"], guard_document(g)["records"]
([], 3)
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from rewardcheck.bench.logs.report import html_page

from .monitor import Guard

__all__ = ["guard_document", "write_guard_report"]


def guard_document(
    guard: Guard, stopped_at: float | None = None, train_seconds: float = 0.0
) -> dict[str, Any]:
    first = guard.first_stop
    doc: dict[str, Any] = {
        "config": {k: list(v) if isinstance(v, tuple) else v for k, v in vars(guard.config).items()},
        "records": len(guard.log.records),
        "first_finding": guard.findings[0].to_dict() if guard.findings else None,
        "first_stop": first.to_dict() if first else None,
        "stopped_at": stopped_at,
        "findings": [f.to_dict() for f in guard.findings],
        "errors": dict(guard.errors),
        "cost": {
            "guard_seconds": guard.seconds,
            "observed_logs": guard.observed,
            "ms_per_log": 1000 * guard.seconds / guard.observed if guard.observed else None,
            "train_seconds": train_seconds or None,
            "fraction_of_training": guard.seconds / train_seconds if train_seconds else None,
        },
    }
    if guard.log.records:
        doc["diagnosis"] = guard.diagnosis().to_dict()
    return doc


def write_guard_report(
    guard: Guard, out_dir: Path, stopped_at: float | None = None, train_seconds: float = 0.0
) -> list[Path]:
    out_dir.mkdir(parents=True, exist_ok=True)
    json_path, html_path = out_dir / "guard.json", out_dir / "guard.html"
    json_path.write_text(
        json.dumps(guard_document(guard, stopped_at, train_seconds), indent=2, default=str) + "\n"
    )
    if guard.log.records:
        html_page([guard.diagnosis()]).write(str(html_path))
        return [json_path, html_path]
    return [json_path]
