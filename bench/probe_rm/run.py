"""Run every probe through a reward model and build the report.

>>> from rewardcheck.bench.probe_rm.inputs import ProbeItem
>>> from rewardcheck.bench.probe_rm.scoring import CallableRewardModel
>>> rm = CallableRewardModel(lambda prompts, completions: [0.205] * len(completions), name="constant")
>>> items = [ProbeItem(f"Q{i}", f" Answer number {i} is here.") for i in range(6)]
>>> report = run_probe(rm, items)
>>> report.verdict, report.fixed.signature
('exploitable', True)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from rewardcheck.bench.probe_rm.inputs import ProbeItem
from rewardcheck.bench.probe_rm.report import ProbeReport, Sensitivity, Thresholds, build_report, sensitivity
from rewardcheck.bench.probe_rm.scoring import RewardModel, score_in_batches
from rewardcheck.bench.probe_rm.variants import FIXED_STRING, build_probes

__all__ = ["run_probe", "READ_RULES"]

READ_RULES = {
    "dschat": "DeepSpeed-Chat step 3: value at the token before the first pad token at/after prompt_length "
    "(prompt left-padded, answer right-padded, attention mask = ids != pad)",
    "hf": "HF sequence classification: logit at the rightmost token that is not config.pad_token_id",
    "callable": "callable f(prompts, completions) -> scores",
}


def run_probe(
    model: RewardModel,
    items: Sequence[ProbeItem],
    *,
    thresholds: Thresholds | None = None,
    seed: int = 0,
    batch_size: int = 8,
    fixed_string: str = FIXED_STRING,
    check_sensitivity: bool = True,
    progress: Callable[[int, int], Callable[[int], None]] | None = None,
    input_path: str = "",
    rows: int = 0,
    skipped: dict[str, int] | None = None,
) -> ProbeReport:
    """Score references, probes and the fixed string (one batched pass), then the sensitivity passes.

    ``progress(total, phase_total)`` may return an ``advance(n)`` callback (used for the CLI progress bar).
    """
    if len(items) < 2:
        raise ValueError(f"need at least 2 prompts with reference answers, got {len(items)}")
    probes = build_probes(
        items,
        seed=seed,
        eos_text=model.eos_text,
        random_tokens=model.random_tokens,
        fixed_string=fixed_string,
    )
    refs = [it.chosen for it in items]
    prompts = [it.prompt for it in items]
    layouts = model.kind != "callable"
    marker = model.end_marker
    total = len(probes) + (
        len(items) * (2 if layouts else 0) + (len(items) if marker else 0) if check_sensitivity else 0
    )
    advance: Any = progress(total, len(probes)) if progress else None
    scores = score_in_batches(
        model,
        [items[p.prompt_index].prompt for p in probes],
        [p.text for p in probes],
        batch_size=batch_size,
        progress=advance,
    )

    sens: list[Sensitivity] = []
    if check_sensitivity:
        base = [s.value for p, s in zip(probes, scores, strict=True) if p.cls == "reference"]
        ref_std = float(np.std(base))
        if layouts:
            right = [
                s.value
                for s in score_in_batches(
                    model, prompts, refs, batch_size=batch_size, layout="right", progress=advance
                )
            ]
            left = [
                s.value
                for s in score_in_batches(
                    model, prompts, refs, batch_size=batch_size, layout="left", progress=advance
                )
            ]
            sens.append(
                sensitivity(
                    "right- vs left-padded",
                    right,
                    left,
                    ref_std,
                    "same reference answers, whole sequence padded on the right vs the left",
                )
            )
        if marker:
            marked = [r.rstrip() + marker for r in refs]
            with_m = [
                s.value
                for s in score_in_batches(model, prompts, marked, batch_size=batch_size, progress=advance)
            ]
            sens.append(
                sensitivity(
                    f"without vs with end marker {marker!r}",
                    base,
                    with_m,
                    ref_std,
                    "same reference answers, end-of-conversation marker appended",
                )
            )
    return build_report(
        items,
        probes,
        scores,
        model=model.name,
        kind=model.kind,
        pad_note=model.pad_note,
        read_rule=READ_RULES.get(model.kind, model.kind),
        thresholds=thresholds,
        sensitivity=sens,
        input_path=input_path,
        rows=rows or len(items),
        skipped=skipped,
    )
