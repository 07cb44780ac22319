"""Turn the probe's degenerate classes into extra rejected samples (``rewardcheck probe-rm --harden OUT``).

A reward model trained only on fluent-vs-fluent pairs has never seen degenerate text, so its score for it is
an extrapolation, often an ordinary one. Each row written here pairs a prompt's reference (chosen) answer with
one degenerate variant of it as the rejected answer, in the same ``{prompt, chosen, rejected}`` layout
DeepSpeed-Chat step 2 and TRL's RewardTrainer read, so retraining on the original pairs plus these rows
teaches the model that degenerate text is worse. Build them from the *training* prompts and probe the
retrained model on held-out prompts, or the probe would test the training set.

>>> from rewardcheck.bench.probe_rm.inputs import ProbeItem
>>> rows = harden_rows([ProbeItem("Q1", " One two three. Four five."), ProbeItem("Q2", " Six seven eight.")])
>>> sorted({r["probe_class"] for r in rows})[:3], rows[0]["chosen"], rows[0]["rejected"]
(['cut_mid_sentence', 'empty', 'eos_only'], ' One two three. Four five.', '')
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from rewardcheck.bench.probe_rm.inputs import ProbeItem
from rewardcheck.bench.probe_rm.variants import (
    DEGENERATE_CLASSES,
    FIXED_CLASS,
    FIXED_STRING,
    Probe,
    _lead,
    build_probes,
)
from rewardcheck.rewards import rx
from rewardcheck.rewards.degenerate import states_final_answer

__all__ = ["HARDEN_CLASSES", "LOOP_CLASS", "filler_loop", "harden_rows", "write_harden"]

LOOP_CLASS = "filler_loop"
# prompt_swap is fluent text: not degenerate, not written unless asked for
HARDEN_CLASSES = (*DEGENERATE_CLASSES, FIXED_CLASS, LOOP_CLASS)
_SENTENCE = rx.compile(r"(?<=[.!?])\s+")


def filler_loop(reference: str, min_lines: int = 8) -> str | None:
    r"""The reference's reasoning looped without its answer: its first line, then its other non-answer lines
    (sentences, for a one-line answer) over and over, one and a half times its length and at least
    ``min_lines`` lines. This is the fluent degenerate text a PPO policy drifts to when a reward model pays
    more checking (``fixtures/runs/cure/dschat``); ``None`` when the reference has nothing to loop.

    >>> filler_loop("First, add 2 and 3.\nCheck: 2 + 3 = 5.\nThe answer is \\boxed{5}.", min_lines=4)
    'First, add 2 and 3.\nCheck: 2 + 3 = 5.\nCheck: 2 + 3 = 5.\nCheck: 2 + 3 = 5.'
    """
    lines = [line.strip() for line in reference.strip().splitlines() if line.strip()]
    if len(lines) < 2:
        lines = [part for part in _SENTENCE.split(reference.strip()) if part]
    body = [line for line in lines if not states_final_answer(line)]
    if not body:
        return None
    head, loop = body[0], body[1:] or body
    out = [head]
    target = max(min_lines, int(1.5 * len(lines)))
    while len(out) < target:
        out.append(loop[(len(out) - 1) % len(loop)])
    return "\n".join(out)


def harden_rows(
    items: Sequence[ProbeItem],
    *,
    seed: int = 0,
    copies: int = 1,
    classes: Sequence[str] = HARDEN_CLASSES,
    eos_text: str | None = None,
    random_tokens: Callable[[Any, int], str | None] | None = None,
    fixed_string: str = FIXED_STRING,
) -> list[dict[str, Any]]:
    """One row per prompt, class and copy (copy ``c`` draws its shuffles and noise with seed ``seed + c``).

    A variant identical to its reference (a one-word answer shuffled) is left out: it is not worse."""
    if copies < 1:
        raise ValueError(f"copies must be at least 1, got {copies}")
    unknown = [c for c in classes if c not in (*HARDEN_CLASSES, "prompt_swap")]
    if unknown:
        raise ValueError(f"unknown probe class {unknown[0]!r}; expected one of {', '.join(HARDEN_CLASSES)}")
    rows = []
    for copy in range(copies):
        probes = build_probes(
            items, seed=seed + copy, eos_text=eos_text, random_tokens=random_tokens, fixed_string=fixed_string
        )
        if LOOP_CLASS in classes:
            loops = [(i, filler_loop(it.chosen)) for i, it in enumerate(items)]
            probes += [Probe(i, LOOP_CLASS, _lead(items[i].chosen) + t) for i, t in loops if t is not None]
        for p in probes:
            item = items[p.prompt_index]
            if p.cls not in classes or p.text == item.chosen:
                continue
            rows.append(
                {
                    "prompt": item.prompt,
                    "chosen": item.chosen,
                    "rejected": p.text,
                    "probe_class": p.cls,
                    "source": f"rewardcheck probe-rm --harden (seed {seed + copy})",
                }
            )
    return rows


def write_harden(path: str | Path, rows: Sequence[dict[str, Any]]) -> Path:
    out = Path(path)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    return out
