"""Whole GRPO groups at a fixed interval: every completion of one step with each reward's value, the weighted
total and the advantage, so that a reader can see what the policy was paid for and how hard it was pushed.

The advantage is the one TRL 1.16's GRPOTrainer computes with ``scale_rewards="group"`` (our code, read from
its ``_generate_and_score_completions``): the weighted sum of the rewards (None counts as 0, as its nansum),
minus the group mean, divided by the group's standard deviation (n - 1) plus 1e-4.

>>> log = GroupLog(None, ["a", "b"], [1.0, 1.0], group_size=2, every=1)
>>> fa, fb = log.wrap(0, lambda completions, **kw: [1.0, 0.0]), log.wrap(1, lambda completions, **kw: [0.0, 0.0])
>>> _ = fa(["x", "y"], prompts=["p", "p"]); _ = fb(["x", "y"])
>>> [round(a, 3) for a in log.last["advantages"]]
[0.707, -0.707]
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from rewardcheck.rewards.completions import completion_texts

__all__ = ["GroupLog", "advantages"]


def advantages(totals: Sequence[float], group_size: int) -> list[float]:
    out: list[float] = []
    for i in range(0, len(totals), group_size):
        g = list(totals[i : i + group_size])
        mean = sum(g) / len(g)
        std = math.sqrt(sum((x - mean) ** 2 for x in g) / (len(g) - 1)) if len(g) > 1 else 0.0
        out.extend((x - mean) / (std + 1e-4) for x in g)
    return out


class GroupLog:
    """Wraps each reward function of a run; every ``every`` steps (and the first) writes one JSON line of the
    step's groups to ``path``."""

    def __init__(
        self, path: Path | None, names: Sequence[str], weights: Sequence[float], group_size: int, every: int
    ) -> None:
        self.path, self.names, self.weights = path, list(names), list(weights)
        self.group_size, self.every = group_size, every
        self.step = 0
        self.values: dict[int, list[float | None]] = {}
        self.batch: dict[str, Any] = {}
        self.last: dict[str, Any] = {}

    def wrap(self, index: int, func: Callable[..., Any]) -> Callable[..., Any]:
        def recorded(completions: Sequence[Any], **kwargs: Any) -> Any:
            values = func(completions, **kwargs)
            if index == 0:
                self.step += 1
                self.values = {}
                self.batch = {
                    "prompts": [str(p)[-200:] for p in kwargs.get("prompts") or []],
                    "solutions": list(kwargs.get("solution") or []),
                    "completions": completion_texts(completions),
                }
            self.values[index] = [None if v is None else float(v) for v in values]
            if index == len(self.names) - 1:
                self._finish()
            return values

        recorded.__name__ = getattr(func, "__name__", f"reward_{index}")
        return recorded

    def _finish(self) -> None:
        n = len(self.batch.get("completions", []))
        totals = [
            sum(w * (self.values[i][k] or 0.0) for i, w in enumerate(self.weights) if i in self.values)
            for k in range(n)
        ]
        self.last = {
            "step": self.step,
            **self.batch,
            "rewards": {name: self.values.get(i) for i, name in enumerate(self.names)},
            "total": totals,
            "advantages": advantages(totals, self.group_size) if n else [],
        }
        if self.path is not None and (self.step == 1 or self.step % self.every == 0):
            with self.path.open("a") as handle:
                handle.write(json.dumps(self.last) + "\n")
