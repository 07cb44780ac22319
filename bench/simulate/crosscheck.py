"""``check`` next to ``simulate`` on the same recipe: when they disagree, say why instead of staying silent.

``check`` compares the cheapest answer-less exploit with a genuine attempt cut at the limit (a static
comparison of rewards); ``simulate`` follows a policy under GRPO. They can disagree for reasons the
simulation can name: the policy never sampled outputs as short as the exploit, or it did but those outputs
scored below their groups (an answer earned more), so GRPO pushed away from them; or, the other way round,
the policy collapsed without an exploit that out-earns a cut attempt (it was walked there by a reward that
pays shorter outputs more at every step).

The check core is reached through the imports below (``rewardcheck.bench.configcheck`` and the sample outputs of
``rewardcheck.bench.cases.outputs``).

>>> Agreement(True, True, "step_markers", "First, Second,", 1.0, 0.8, 8, None).agree
True
"""

from __future__ import annotations

import math
from dataclasses import asdict, dataclass
from typing import Any

import numpy as np

from rewardcheck.bench.cases.outputs import standard_outputs
from rewardcheck.bench.configcheck import (
    composite as check_core,  # the one entry to `check`'s core (see module doc)
)
from rewardcheck.bench.training_config import TrainingConfig

from .engine import SimulationResult

__all__ = ["Agreement", "cross_check"]


@dataclass(frozen=True)
class Agreement:
    check_risk: bool
    simulate_collapsed: bool
    exploit: str
    exploit_text: str
    exploit_total: float | None
    cut_attempt_total: float | None
    exploit_tokens: int | None
    reason: str | None

    @property
    def agree(self) -> bool:
        return self.check_risk == self.simulate_collapsed

    def to_dict(self) -> dict[str, Any]:
        return asdict(self) | {"agree": self.agree}

    def message(self) -> str:
        fmt = lambda v: "n/a" if v is None else f"{v:.3f}"  # noqa: E731
        pay = (
            f"{self.exploit} {self.exploit_text!r} earns {fmt(self.exploit_total)} vs "
            f"{fmt(self.cut_attempt_total)} for a cut attempt"
        )
        if self.agree:
            verdict = "collapse risk" if self.check_risk else "no collapse risk"
            return f"check and simulate agree: {verdict} ({pay})"
        side = (
            "check says collapse risk, simulate saw no collapse"
            if self.check_risk
            else "simulate collapsed, check found no exploit out-earning a cut attempt"
        )
        return f"{side} ({pay}): {self.reason}"


def _why_no_collapse(result: SimulationResult, exploit_tokens: int | None) -> str:
    h = result.history
    deg = np.array([s.frac_degenerate for s in h])
    peak = int(deg.argmax())
    shortest = min(h, key=lambda s: s.length_tokens)
    size = f"{exploit_tokens} tokens" if exploit_tokens is not None else "a few tokens"
    reached = (
        f"the policy sampled few outputs as short as the exploit ({size}): degenerate share peaked at "
        f"{deg[peak]:.2f} (step {peak}), mean length never went below {shortest.length_tokens:.0f} tokens "
        f"(step {shortest.step}), early-stop probability ended at "
        f"{1 / (1 + math.exp(-result.final.policy.get('short_logit', -30.0))):.3f}"
    )
    adv = [s.degenerate_advantage for s in h if not math.isnan(s.degenerate_advantage)]
    if adv:
        mean_adv = float(np.mean(adv))
        sign = "below" if mean_adv < 0 else "above"
        reached += (
            f"; when sampled they scored {sign} their groups (mean advantage {mean_adv:+.2f} over {len(adv)} steps"
            + (", answers out-earned them, so GRPO pushed away)" if mean_adv < 0 else ")")
        )
    if result.final.accuracy > result.initial.accuracy:
        reached += f"; accuracy rose {result.initial.accuracy:.2f} -> {result.final.accuracy:.2f}, so answers kept paying"
    return reached


def _why_collapse(result: SimulationResult) -> str:
    driver = result.driver or "no single reward"
    push = result.shortening_total.get(driver, float("nan")) if result.driver else float("nan")
    return (
        f"the policy was walked there step by step: {driver} paid shorter outputs more along the way "
        f"(summed push along length {push:+.1f} up to step {result.collapse_step}), so no single exploit had to "
        "out-earn a cut attempt"
    )


def cross_check(config: TrainingConfig, result: SimulationResult, tokenizer: Any = None) -> Agreement:
    """Run check's exploit comparison on ``config`` under the simulated profile and relate it to ``result``."""
    composite = check_core.build_composite(config, result.profile, tokenizer)
    outputs = standard_outputs(config, tokenizer)
    comp = check_core.compare(composite, outputs, config.num_generations)
    best = comp.best_exploit
    tokens = len(best.output.ids) if best.output.ids is not None else None
    risk, collapsed = bool(comp.collapse_risk), result.collapsed
    reason = None
    if risk and not collapsed:
        reason = _why_no_collapse(result, tokens)
    elif collapsed and not risk:
        reason = _why_collapse(result)
    return Agreement(
        risk, collapsed, best.output.name, best.output.text, best.total, comp.truncated.total, tokens, reason
    )
