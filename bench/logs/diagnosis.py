"""Map detector signals to likely causes and fixes, citing rewardcheck's own rewards and commands.

>>> from rewardcheck.bench.logs.records import TrainingLog
>>> rows = [{"step": float(i), "reward": 0.2061 + 0.0005 * (-1) ** i} for i in range(10)]
>>> d = diagnose(TrainingLog("demo", "deepspeed-chat", rows))
>>> d.collapsed, d.onset_step, d.causes[0].title
(True, 0.0, 'a learned reward model scores every output the same')
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .detectors import Signal, detect, fmt
from .records import TrainingLog

__all__ = ["Cause", "Diagnosis", "Diagnoses", "diagnose"]

CHECK = "`rewardcheck check CONFIG` (what each reward pays degenerate and truncated outputs)"
SIMULATE = "`rewardcheck simulate CONFIG` (where the reward config drives a GRPO policy, before training)"
PROBE = (
    "`rewardcheck probe-rm MODEL` (score spread of the reward model on real, shuffled and gibberish answers)"
)

# What the patched profile changes, per upstream reward; used to name the fix for a dominating reward.
PATCHED_FIX = {
    "reasoning_steps": "patched `reasoning_steps` pays step markers only with a final \\boxed answer and no truncation",
    "cosine": (
        "patched `cosine` counts tokens, clamps progress, gives wrong answers a flat -0.5 (no length gradient), "
        "truncated completions -0.75 and answerless ones -1.0"
    ),
    "format": "patched `format` pays the shape only to a real attempt (final answer, not truncated, non-empty think)",
    "tag_count": "patched `tag_count` pays the tags only to a real attempt (final answer, not truncated, non-empty think)",
}


@dataclass(frozen=True)
class Cause:
    title: str
    signals: tuple[str, ...]
    explanation: str
    fixes: tuple[str, ...]

    def to_dict(self) -> dict[str, Any]:
        return {
            "title": self.title,
            "signals": list(self.signals),
            "explanation": self.explanation,
            "fixes": list(self.fixes),
        }


@dataclass
class Diagnosis:
    log: TrainingLog
    signals: list[Signal]
    causes: list[Cause] = field(default_factory=list)

    @property
    def collapsed(self) -> bool:
        return any(s.critical for s in self.signals)

    @property
    def verdict(self) -> str:
        """``collapsed``; ``shaping-gamed`` when the only critical signal is :func:`shaping_gamed` (a template
        paid for form while accuracy stays flat: not a healthy run, though nothing is exactly 0 or constant);
        else ``healthy``."""
        critical = {s.name for s in self.signals if s.critical}
        if not critical:
            return "healthy"
        return "shaping-gamed" if critical == {"shaping_gamed"} else "collapsed"

    @property
    def onset_step(self) -> float | None:
        steps = [s.step for s in self.signals if s.critical and s.step is not None]
        return min(steps) if steps else None

    def signal(self, name: str) -> Signal | None:
        return next((s for s in self.signals if s.name == name), None)

    def to_dict(self) -> dict[str, Any]:
        last = self.log.records[-1]
        return {
            "log": self.log.source,
            "format": self.log.format,
            "records": len(self.log.records),
            "unknown_lines": self.log.unknown_lines,
            "ignored": dict(self.log.ignored),
            "step_is_record_index": self.log.step_is_index,
            "collapsed": self.collapsed,
            "verdict": self.verdict,
            "onset_step": self.onset_step,
            "signals": [s.to_dict() for s in self.signals],
            "causes": [c.to_dict() for c in self.causes],
            "final": {k: v for k, v in last.items()},
        }


@dataclass
class Diagnoses:
    """``rewardcheck logs``' result: one :class:`Diagnosis` per log, in the order given."""

    items: list[Diagnosis]

    @property
    def collapsed(self) -> bool:
        return any(d.collapsed for d in self.items)

    def to_dict(self) -> dict[str, Any]:
        """One log: its diagnosis object; several: ``{"collapsed": any, "logs": [...]}``."""
        if len(self.items) == 1:
            return self.items[0].to_dict()
        return {"collapsed": self.collapsed, "logs": [d.to_dict() for d in self.items]}


def diagnose(log: TrainingLog) -> Diagnosis:
    signals = detect(log)
    d = Diagnosis(log, signals)
    d.causes = _causes(d)
    return d


def _causes(d: Diagnosis) -> list[Cause]:
    has = {s.name: s for s in d.signals}
    comps = d.log.reward_components
    causes: list[Cause] = []
    learned_rm = (
        not comps
        and ("reward_flatline" in has)
        and (d.log.has("act_loss") or d.log.has("cri_loss") or not d.log.has("reward_std"))
    )
    if "shaping_dominance" in has:
        s = has["shaping_dominance"]
        name = s.values["reward"]
        length = d.log.values("completion_length")
        size = f" to {fmt(length[-1])}-token outputs" if length else ""
        fix = PATCHED_FIX.get(name, f"check what patched `{name}` pays an output without an answer")
        causes.append(
            Cause(
                f"shaping reward `{name}` paid{size} with no correct answer",
                ("shaping_dominance", *(n for n in ("length_collapse", "zero_group_variance") if n in has)),
                f"{s.evidence}. The policy found an output the shaping reward pays without solving anything; "
                "once every completion in a group is that output, GRPO has no advantage left to move it.",
                (
                    f"use the patched rewards (`get_reward_funcs(args, profile='patched')`): {fix}",
                    *([PATCHED_FIX["cosine"]] if "cosine" in comps and name != "cosine" else []),
                    f"see {CHECK}",
                    f"see {SIMULATE}",
                    "restart from a checkpoint before the onset; the collapsed policy cannot recover by itself",
                ),
            )
        )
    if "shaping_gamed" in has and "shaping_dominance" not in has:
        s = has["shaping_gamed"]
        names = s.values["shaping"]
        fixes = [PATCHED_FIX[n] for n in names if n in PATCHED_FIX]
        if "cosine" in comps:
            fixes.append(PATCHED_FIX["cosine"])
        causes.append(
            Cause(
                f"shaping reward{'s' if len(names) > 1 else ''} {', '.join(f'`{n}`' for n in names)} paid for a "
                "short template while accuracy stays flat",
                ("shaping_gamed",),
                f"{s.evidence}. The policy found the shortest output the shaping rewards pay in full and stopped "
                "exploring: an occasional correct answer keeps some group variance, so nothing is exactly 0, "
                "but the advantages rank completions by form, not by correctness."
                + (
                    " If `cosine` is open-r1's (wrong answers 0.0 short / -0.5 long at its CLI defaults), a short "
                    "wrong answer also out-earns a long one, which pushes the length down."
                    if "cosine" in comps
                    else ""
                ),
                (
                    "use the patched rewards (`get_reward_funcs(args, profile='patched')`)"
                    + (f": {'; '.join(fixes)}" if fixes else ""),
                    "lower the shaping rewards' weights (e.g. 0.2) so a correct answer outweighs a well-formed "
                    "wrong one",
                    f"see {CHECK}",
                    f"see {SIMULATE}",
                ),
            )
        )
    if "zero_group_variance" in has:
        causes.append(
            Cause(
                "GRPO groups without reward variance: zero advantage, training is stuck",
                tuple(n for n in ("zero_group_variance", "vanishing_gradient", "kl_blowup") if n in has),
                f"{has['zero_group_variance'].evidence}. With equal rewards in a group, (r - mean) / (std + 1e-4) is 0 "
                "for every sample; only the KL term is left"
                + (f" ({has['vanishing_gradient'].evidence})" if "vanishing_gradient" in has else "")
                + ".",
                (
                    "make the rewards separate degenerate outputs from real attempts (patched profile; "
                    f"{CHECK})",
                    "watch frac_reward_zero_std during training and stop when it passes ~0.5",
                ),
            )
        )
    if "length_collapse" in has and "shaping_dominance" not in has:
        why = (
            "the upstream cosine reward with open-r1's CLI defaults (wrong answers 0.0 short / -0.5 long) pays short "
            "wrong answers the most"
            if "cosine" in comps
            else "the rewards pay short outputs at least as well as long ones"
        )
        causes.append(
            Cause(
                "completion length collapsed",
                ("length_collapse",),
                f"{has['length_collapse'].evidence}; {why}.",
                (f"use the patched `cosine`: {PATCHED_FIX['cosine']}", f"see {SIMULATE}"),
            )
        )
    if "truncation_saturation" in has:
        causes.append(
            Cause(
                "completions truncated before their answer",
                ("truncation_saturation",),
                f"{has['truncation_saturation'].evidence}; accuracy is 0 for every truncated completion.",
                (
                    "raise max_completion_length or add the patched `soft_overlong_punishment`",
                    f"see {CHECK}",
                ),
            )
        )
    if learned_rm:
        flat = has["reward_flatline"]
        causes.append(
            Cause(
                "a learned reward model scores every output the same",
                tuple(n for n in ("reward_flatline", "ppo_no_signal") if n in has),
                f"{flat.evidence}. A batch-average reward that no longer moves means the reward model gives (nearly) "
                "the same score to every output: the policy has drifted to text the model cannot tell apart "
                "(degenerate or out-of-distribution outputs), and PPO gets no signal"
                + (f" ({has['ppo_no_signal'].evidence})" if "ppo_no_signal" in has else "")
                + ".",
                (
                    f"probe the reward model: {PROBE}",
                    "compare with a healthy reference run at the same steps (its reward keeps moving)",
                    "restart from a checkpoint before the flat part with a lower actor learning rate and a stronger KL penalty",
                ),
            )
        )
    elif "reward_flatline" in has and not {
        "zero_group_variance",
        "shaping_dominance",
        "truncation_saturation",
    } & set(has):
        causes.append(
            Cause(
                "reward stopped moving",
                ("reward_flatline",),
                f"{has['reward_flatline'].evidence}.",
                (f"see {CHECK}", f"see {SIMULATE}"),
            )
        )
    kl = has.get("kl_blowup") or has.get("kl_drift")
    if kl is not None and "zero_group_variance" not in has:
        causes.append(
            Cause(
                "policy far from the reference model",
                tuple(n for n in ("kl_blowup", "kl_drift") if n in has),
                f"{kl.evidence}.",
                (
                    "lower the learning rate or raise beta; check which reward the policy is exploiting with "
                    + CHECK,
                ),
            )
        )
    if "entropy_collapse" in has and "shaping_dominance" not in has:
        causes.append(
            Cause(
                "policy entropy collapsed",
                tuple(n for n in ("entropy_collapse", "length_collapse", "kl_drift") if n in has),
                f"{has['entropy_collapse'].evidence}. A policy that samples nearly one output per prompt gives GRPO "
                "groups without variance next.",
                (
                    "lower the learning rate or raise beta; check which output the rewards pay with " + CHECK,
                    "restart from a checkpoint before the onset",
                ),
            )
        )
    clip = has.get("clip_saturation")
    if clip is not None and clip.values.get("kind") == "completion_length":
        causes.append(
            Cause(
                "every completion cut at max_completion_length, none paid",
                ("clip_saturation",),
                f"{clip.evidence}.",
                ("raise max_completion_length (the short-max-length pattern)", f"see {CHECK}"),
            )
        )
    elif clip is not None:
        causes.append(
            Cause(
                "PPO ratio clipping saturated",
                ("clip_saturation",),
                f"{clip.evidence}.",
                ("lower the learning rate, or generate more often (fewer optimisation steps per batch)",),
            )
        )
    if "nonfinite" in has:
        causes.append(
            Cause(
                "NaN/Inf in the training metrics",
                ("nonfinite", *(n for n in ("gradient_spike",) if n in has)),
                f"{has['nonfinite'].evidence}.",
                (
                    "check that every reward function returns finite floats (or None) for every completion",
                    "lower the learning rate, clip gradients (max_grad_norm), train in bf16 rather than fp16",
                ),
            )
        )
    if "variance_share" in has and "shaping_dominance" not in has:
        causes.append(
            Cause(
                f"shaping reward `{has['variance_share'].values['reward']}` carries the reward variance",
                ("variance_share",),
                f"{has['variance_share'].evidence}.",
                (f"see {CHECK}", f"see {SIMULATE}"),
            )
        )
    if "reward_eval_divergence" in has:
        causes.append(
            Cause(
                "training reward rises while the evaluation falls: the reward is being gamed",
                ("reward_eval_divergence",),
                f"{has['reward_eval_divergence'].evidence}.",
                (f"see {CHECK}", "use the patched rewards (`get_reward_funcs(args, profile='patched')`)"),
            )
        )
    if "degenerate_outputs" in has and "shaping_dominance" not in has:
        causes.append(
            Cause(
                "the policy writes degenerate outputs",
                ("degenerate_outputs",),
                f"{has['degenerate_outputs'].evidence}.",
                ("`rewardcheck scan` the logged completions to see which reward pays them", f"see {CHECK}"),
            )
        )
    if "skipped_steps" in has:
        causes.append(
            Cause(
                "fp16 overflow skipped optimizer steps",
                ("skipped_steps",),
                f"{has['skipped_steps'].evidence}. A few skips while the loss scale settles are normal; a count that keeps "
                "rising means unstable updates.",
                ("train in bf16, or lower the learning rate if the skip count keeps rising",),
            )
        )
    return causes
