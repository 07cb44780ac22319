"""What ``rewardcheck check`` finds about a config: the invariants of its composite under each profile and
the exploit comparison.

The invariants come from :func:`rewardcheck.bench.checker.check_composite`; the exploit comparison (and the invariant
``no_collapse`` it decides) from :mod:`rewardcheck.bench.configcheck.composite`; the outputs compared from the catalogue
(:mod:`rewardcheck.bench.cases.outputs`). Rendering is :mod:`rewardcheck.bench.configcheck.render`.

>>> from rewardcheck.bench.training_config import TrainingConfig
>>> cfg = TrainingConfig.from_mapping({"reward_funcs": ["reasoning_steps"], "max_completion_length": 64})
>>> run_check(cfg, "openr1@e4ac3ae", run_invariants=False).failed[0].name
'no_collapse'
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from rewardcheck.bench.cases.outputs import standard_outputs
from rewardcheck.bench.profiles import ProfileUnavailable
from rewardcheck.bench.quiet import quiet_upstream_logs
from rewardcheck.bench.training_config import TrainingConfig

from .composite import Comparison, build_composite, compare

__all__ = ["InvariantRow", "CheckOutcome", "run_check"]


@dataclass
class InvariantRow:
    name: str
    description: str
    holds: bool
    message: str
    examples_run: int | None = None
    counterexample: dict[str, Any] | None = None


@dataclass
class CheckOutcome:
    config: TrainingConfig
    profile: str
    invariants: dict[str, list[InvariantRow]]  # profile -> results
    comparisons: dict[str, Comparison]  # profile -> exploit comparison
    notes: list[str] = field(default_factory=list)

    @property
    def failed(self) -> list[InvariantRow]:
        return [r for r in self.invariants.get(self.profile, []) if not r.holds]

    @property
    def exit_status(self) -> int:
        return 1 if self.failed else 0

    def to_dict(self) -> dict[str, Any]:
        c = self.config
        return {
            "config": {
                "source": c.source,
                "reward_funcs": list(c.reward_funcs),
                "weights": list(c.weights),
                "max_completion_length": c.max_completion_length,
                "num_generations": c.num_generations,
                "prefills_think": c.prefills_think,
            },
            "profile": self.profile,
            "ok": not self.failed,
            "failed": [r.name for r in self.failed],
            "invariants": {p: [vars(r) for r in rows] for p, rows in self.invariants.items()},
            "comparisons": {p: comp.to_dict() for p, comp in self.comparisons.items()},
            "notes": self.notes,
            "exit_status": self.exit_status,
        }


def _jsonable(v: Any) -> Any:
    if isinstance(v, dict):
        return {str(k): _jsonable(x) for k, x in v.items()}
    if isinstance(v, list | tuple):
        return [_jsonable(x) for x in v]
    if v is None or isinstance(v, str | int | float | bool):
        return v
    return str(v)


def _counterexample(ce: Any) -> dict[str, Any] | None:
    if ce is None:
        return None
    if hasattr(ce, "to_dict"):
        return _jsonable(ce.to_dict())  # type: ignore[no-any-return]
    keys = ("completions", "solution", "solutions", "scores", "total", "note")
    return {k: _jsonable(getattr(ce, k)) for k in keys if hasattr(ce, k)}


def _invariants(
    composite: Any, config: TrainingConfig, tokenizer: Any, max_examples: int
) -> tuple[list[InvariantRow], str | None]:
    try:
        from rewardcheck.bench.checker import check_composite
    except ImportError as exc:
        return [], f"invariant checker unavailable ({exc}); only the exploit comparison ran"
    report = check_composite(
        [f for _, f in composite.funcs],
        list(composite.weights),
        max_completion_length=config.max_completion_length,
        prefill_think=config.prefills_think,
        tokenizer=tokenizer,
        max_examples=max_examples,
    )
    rows = [
        InvariantRow(
            name=r.name,
            description=getattr(r, "description", ""),
            holds=bool(r.holds),
            message=getattr(r, "message", "") or "",
            examples_run=getattr(r, "examples_run", None),
            counterexample=_counterexample(getattr(r, "counterexample", None)),
        )
        for r in report.results
    ]
    return rows, None


def _collapse_row(comp: Comparison) -> InvariantRow:
    best, cut = comp.best_exploit, comp.truncated
    return InvariantRow(
        name="no_collapse",
        description="a short output with no answer earns less than a genuine attempt cut at max_completion_length",
        holds=not comp.collapse_risk,
        message="; ".join(comp.messages)
        if comp.collapse_risk
        else f"best exploit {best.total} < truncated attempt {cut.total}",
        examples_run=len(comp.scores),
        counterexample={
            "completions": [best.output.text, cut.output.text],
            "scores": {k: [v, cut.scores.get(k)] for k, v in best.scores.items()},
            "total": [best.total, cut.total],
            "labels": [
                f"cheapest exploit: {best.output.name}",
                "genuine attempt cut at max_completion_length",
            ],
            "token_counts": [
                len(best.output.ids) if best.output.ids is not None else None,
                len(cut.output.ids) if cut.output.ids is not None else None,
            ],
            "note": f"{best.output.name} earns {best.total} >= {cut.total} for the truncated attempt",
        }
        if comp.collapse_risk
        else None,
    )


def run_check(
    config: TrainingConfig,
    profile: str,
    *,
    tokenizer: Any = None,
    with_patched: bool = True,
    run_invariants: bool = True,
    max_examples: int = 20,
) -> CheckOutcome:
    quiet_upstream_logs()
    composite = build_composite(config, profile, tokenizer)
    outcome = CheckOutcome(config, composite.profile, {}, {})
    outputs = standard_outputs(config, tokenizer)
    profiles = [composite]
    if with_patched and composite.profile != "patched":
        try:
            profiles.append(build_composite(config, "patched", tokenizer))
        except ProfileUnavailable as exc:
            outcome.notes.append(f"{exc}; no side-by-side column")
    for comp in profiles:
        comparison = compare(comp, outputs, config.num_generations)
        outcome.comparisons[comp.profile] = comparison
        rows: list[InvariantRow] = []
        if run_invariants:
            rows, note = _invariants(comp, config, tokenizer, max_examples)
            if note and note not in outcome.notes:
                outcome.notes.append(note)
        rows.append(_collapse_row(comparison))
        outcome.invariants[comp.profile] = rows
        if comp.note:
            outcome.notes.append(comp.note)
    return outcome
