"""DeepSpeed-Chat's part of the protocol summary (PROTOCOL.md, 7): the plateau probe, D1 (does the seed-era
``forced_length`` regime reproduce the seed's signature, where the #620 settings do not?) and D2 (what cures it,
judged with gold accuracy, an unguarded twin and a healthy run for the guard's false alarms).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import numpy as np

from experiments.repro.report import read_csv

from .decisions import decide_cure
from .plan import D1_FIRST, D1_LATER, D1_SEEDS
from .protocol import MAIN_SEEDS

__all__ = ["signature", "d1_state", "dschat_section", "FLAT_STD"]

FLAT_STD = 0.01


def _json(path: Path) -> Any:
    return json.loads(path.read_text()) if path.is_file() else None


def signature(run: Path) -> dict[str, Any] | None:
    """The seed's signature on one PPO run: the per-step mean reward-model score flat (std over the last 20
    steps <= 0.01) and gibberish by the independent judge; None when the run is unfinished."""
    from experiments.dschat.judge import gibberish

    s = _json(run / "summary.json")
    if s is None or not s.get("judge_start") or not s.get("judge_end"):
        return None
    rows = read_csv(run / "metrics.csv")
    scores = [r["rm_score"] for r in rows[-20:]]
    std = float(np.std(scores)) if len(scores) > 1 else float("nan")
    return {
        "steps": len(rows),
        "score_std_last20": std,
        "score_last": scores[-1] if scores else None,
        "gibberish": gibberish(s["judge_start"], s["judge_end"]),
        "flat": bool(std <= FLAT_STD),
        "accuracy": (s["judge_start"]["accuracy"], s["judge_end"]["accuracy"]),
        "perplexity": (s["judge_start"]["sft_perplexity"], s["judge_end"]["sft_perplexity"]),
        "distinct_4gram": (s["judge_start"].get("distinct_4gram"), s["judge_end"].get("distinct_4gram")),
        "no_answer": (s["judge_start"]["no_answer_share"], s["judge_end"]["no_answer_share"]),
        "stopped_at": s.get("stopped_at"),
    }


def _shows(sig: dict[str, Any] | None) -> bool:
    return bool(sig and sig["flat"] and sig["gibberish"])


def d1_state(out: Path) -> tuple[str | None, bool, dict[str, dict[str, Any] | None]]:
    """(the selected setting or None, whether the first candidates are all finished, every D1 signature)."""
    ds = out / "dschat"
    sigs = {f"{s}-s{seed}": signature(ds / f"d1-{s}-s{seed}") for s in D1_FIRST for seed in D1_SEEDS}
    first_done = all(v is not None for v in sigs.values())
    forced = sum(_shows(sigs[f"forced_length-s{seed}"]) for seed in D1_SEEDS)
    pr620_flat = any(sigs[f"pr620-s{seed}"] and sigs[f"pr620-s{seed}"]["flat"] for seed in D1_SEEDS)  # type: ignore[index]
    if first_done and forced >= 2 and not pr620_flat:
        return "forced_length", True, sigs
    if not first_done:
        return None, False, sigs
    for name in D1_LATER:
        sig = signature(ds / f"d1-{name}-s0")
        sigs[f"{name}-s0"] = sig
        if sig is None:
            return None, True, sigs
        if _shows(sig):
            return name, True, sigs
    return None, True, sigs


def _row(name: str, sig: dict[str, Any]) -> str:
    d = sig["distinct_4gram"]
    return (
        f"| {name} | {sig['steps']} | {sig['score_std_last20']:.4f} | {'yes' if sig['flat'] else 'no'} | "
        f"{'yes' if sig['gibberish'] else 'no'} | {sig['perplexity'][0]:.1f} -> {sig['perplexity'][1]:.1f} | "
        f"{(d[0] or 0):.2f} -> {(d[1] or 0):.2f} | {sig['no_answer'][0]:.2f} -> {sig['no_answer'][1]:.2f} | "
        f"{sig['accuracy'][0]:.3f} -> {sig['accuracy'][1]:.3f} | {sig['stopped_at'] if sig['stopped_at'] is not None else ''} |"
    )


def dschat_section(out: Path) -> tuple[list[str], dict[str, Any]]:
    ds = out / "dschat"
    if not ds.is_dir():
        return [], {}
    lines = ["", "## DeepSpeed-Chat (PROTOCOL.md, 7)", ""]
    doc: dict[str, Any] = {}
    plateau = _json(ds / "plateau" / "plateau.json")
    if plateau:
        lines += ["Plateau probe (reward model read at the last token; EOS as pad):", ""]
        lines += ["| answers | mean score | std | range |", "|---|---|---|---|"]
        for kind, s in plateau["kinds"].items():
            lines.append(
                f"| {kind} | {s['mean']:+.3f} | {s['std']:.3f} | {s['min']:+.3f} .. {s['max']:+.3f} |"
            )
        lines.append("")
        doc["plateau"] = plateau["kinds"]
    header = [
        "| run | steps | score std (last 20) | flat | gibberish | SFT perplexity | distinct 4-grams | no answer | "
        "gold accuracy | stopped at |",
        "|---|---|---|---|---|---|---|---|---|---|",
    ]
    selected, first_done, sigs = d1_state(out)
    lines += ["D1 (validation prompts):", "", *header]
    lines += [_row(f"d1-{name}", sig) for name, sig in sigs.items() if sig is not None]
    forced = [_shows(sigs.get(f"forced_length-s{s}")) for s in D1_SEEDS]
    pr620 = [sigs.get(f"pr620-s{s}") for s in D1_SEEDS]
    reproduced = selected == "forced_length"
    lines += [
        "",
        f"- forced_length shows the seed's signature in {sum(forced)} of {len(D1_SEEDS)} seeds; the #620 settings "
        f"are flat in {sum(bool(p and p['flat']) for p in pr620)} of {len(D1_SEEDS)}: the seed-era regime "
        + (
            "**reproduces** the seed's signature."
            if reproduced
            else ("does **not** reproduce it." if first_done else "(D1 unfinished).")
        ),
        f"- D1 selects: {selected or ('none (no candidate shows the signature)' if first_done else '(pending)')}",
    ]
    doc["D1"] = {
        "selected": selected,
        "finished": first_done,
        "forced_length_reproduces": reproduced,
        "signatures": sigs,
    }
    if selected is None:
        return lines, doc
    twins = {s: sig for s in MAIN_SEEDS if (sig := signature(ds / f"d2-{selected}-s{s}")) is not None}
    healthy = signature(ds / "dh-healthy-guard-s0")
    lines += ["", f"D2 (test prompts, seeds {MAIN_SEEDS[0]}-{MAIN_SEEDS[-1]}):", "", *header]
    for s, sig in twins.items():
        lines.append(_row(f"d2-{selected}-s{s}", sig))
    cures = [(f"{selected}-guard", True)]
    if selected in ("forced_length", "eos_as_pad"):
        cures.append(("pr620-fix", False))
    doc["D2"] = {"twins_with_signature": sum(_shows(t) for t in twins.values()), "twins": len(twins)}
    for tag, guard in cures:
        runs = {s: sig for s in MAIN_SEEDS if (sig := signature(ds / f"d2-{tag}-s{s}")) is not None}
        for s, sig in runs.items():
            lines.append(_row(f"d2-{tag}-s{s}", sig))
        if runs:
            cure = decide_cure(tag, runs, twins, healthy, guard)
            readings = ", ".join(f"s{s}: {r.value}" for s, r in cure.readings.items())
            lines.append(
                f"- cure {tag}: holds in {cure.held} of {cure.seeds} seeds ({readings}): **{cure.verdict}**"
            )
            doc["D2"][tag] = {
                "held": cure.held,
                "seeds": cure.seeds,
                "verdict": cure.verdict,
                "false_alarm": cure.false_alarm,
            }
    lines.append(
        f"- unguarded twins showing the signature on test: {doc['D2']['twins_with_signature']} of {len(twins)}"
    )
    if healthy is not None:
        lines.append(
            f"- healthy run with the guard: stopped at {healthy['stopped_at']}, gold accuracy "
            f"{healthy['accuracy'][0]:.3f} -> {healthy['accuracy'][1]:.3f}, gibberish {healthy['gibberish']}"
        )
    return lines, doc
