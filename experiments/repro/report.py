"""CSV and HTML/SVG output of the reproduction: one CSV per GRPO run and a report comparing them.

>>> rows = [{"step": 1.0, "reward": 0.5}, {"step": 2.0, "reward": 0.7, "kl": 0.01}]
>>> import io; buf = io.StringIO(); write_csv_to(buf, rows); buf.getvalue().splitlines()[0]
'step,reward,kl'
"""

from __future__ import annotations

import csv
import json
import math
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import IO, Any

from rewardcheck.bench.htmlreport import Page

__all__ = ["write_csv", "write_csv_to", "read_csv", "CHARTS", "write_report", "run_summary"]

# (title, y label, column prefixes or names); a name ending in "/" matches every column under it.
CHARTS: tuple[tuple[str, str, tuple[str, ...]], ...] = (
    ("Total reward", "reward", ("reward",)),
    ("Reward std (across the batch)", "reward_std", ("reward_std",)),
    ("Fraction of groups with zero reward std", "fraction", ("frac_reward_zero_std",)),
    ("Exact-match accuracy of sampled completions", "accuracy", ("repro/accuracy",)),
    ("Completions with \\boxed{}", "fraction", ("repro/boxed_rate",)),
    ("Mean completion length", "tokens", ("completions/mean_length",)),
    (
        "Length of correct vs wrong completions",
        "tokens",
        ("repro/mean_length_correct", "repro/mean_length_wrong"),
    ),
    ("Clipped (truncated) ratio", "fraction", ("completions/clipped_ratio",)),
    ("KL to the reference", "kl", ("kl",)),
)
KEY_COLUMNS = (
    "step",
    "reward",
    "reward_std",
    "frac_reward_zero_std",
    "completions/mean_length",
    "completions/clipped_ratio",
    "kl",
)


def write_csv_to(handle: IO[str], rows: Sequence[Mapping[str, Any]]) -> None:
    columns: list[str] = []
    for row in rows:
        columns += [k for k in row if k not in columns]
    writer = csv.DictWriter(handle, fieldnames=columns)
    writer.writeheader()
    writer.writerows(rows)


def write_csv(path: Path, rows: Sequence[Mapping[str, Any]]) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("w", newline="") as handle:
        write_csv_to(handle, rows)
    return path


def read_csv(path: Path) -> list[dict[str, float]]:
    with path.open(newline="") as handle:
        return [
            {k: float(v) if v not in ("", None) else math.nan for k, v in row.items()}
            for row in csv.DictReader(handle)
        ]


def _window_mean(rows: Sequence[Mapping[str, float]], key: str, last: int) -> float:
    values = [r[key] for r in rows[-last:] if key in r and not math.isnan(r[key])]
    return sum(values) / len(values) if values else math.nan


def run_summary(rows: Sequence[Mapping[str, float]], window: int = 10) -> dict[str, float]:
    """Means over the first and last ``window`` steps of every column (``first/<col>``, ``last/<col>``)."""
    summary: dict[str, float] = {"steps": float(len(rows))}
    columns = sorted({k for r in rows for k in r if k not in ("step", "seconds")})
    for key in columns:
        summary[f"first/{key}"] = _window_mean(rows[:window], key, window)
        summary[f"last/{key}"] = _window_mean(rows, key, window)
    return summary


def _series(rows: Sequence[Mapping[str, float]], key: str) -> list[tuple[float, float]]:
    return [(r["step"], r[key]) for r in rows if key in r and not math.isnan(r[key])]


def write_report(
    out: Path, runs: Mapping[str, Sequence[Mapping[str, float]]], notes: Mapping[str, Any]
) -> Path:
    """``report.html`` in ``out``: settings, a summary table and one chart per metric comparing the runs."""
    page = Page("Tiny-LM GRPO reproduction: open-r1 seed rewards vs patched")
    page.heading("Settings")
    page.pre(json.dumps(notes, indent=2, default=str))
    page.heading("First vs last 10 steps")
    keys = [k for k in KEY_COLUMNS if k != "step"] + [
        "repro/accuracy",
        "repro/boxed_rate",
        "repro/mean_length_wrong",
    ]
    table = []
    for name, rows in runs.items():
        s = run_summary(rows)
        table.append(
            [name, int(s["steps"])]
            + [f"{s.get(f'first/{k}', math.nan):.3f} -> {s.get(f'last/{k}', math.nan):.3f}" for k in keys]
        )
    page.table(["run", "steps", *keys], table)
    for title, y_label, keys_ in CHARTS:
        series: dict[str, list[tuple[float, float]]] = {}
        for name, rows in runs.items():
            for key in keys_:
                label = name if len(keys_) == 1 else f"{name}: {key.split('/')[-1]}"
                points = _series(rows, key)
                if points:
                    series[label] = points
        if series:
            page.line_chart(series, title, "GRPO step", y_label)
    for name, rows in runs.items():
        reward_keys = sorted({k for r in rows for k in r if k.startswith("rewards/") and k.endswith("/mean")})
        series = {k.split("/")[1]: _series(rows, k) for k in reward_keys}
        if series:
            page.line_chart(series, f"Per-reward means: {name}", "GRPO step", "mean reward")
    return page.write(out / "report.html")
