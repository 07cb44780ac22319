"""Score GRPO groups of dump rows under every profile and flag what a reward designer must look at.

A *group* is the rows that share a prompt and a step: the completions TRL normalised together. Rewards are
called once per group and profile (as TRL calls them per batch), so group-relative rewards see their group.

Row flags: ``truncated``, ``gold_unparseable``, ``answer_unparseable``, ``degenerate``,
``shaping_no_answer`` (a non-accuracy reward paid > 0 to a completion with no final answer),
``paid_unparseable_gold`` (a profile paid > 0 because it could not parse the gold, e.g. e4ac3ae's accuracy),
``disagreement`` (profiles disagree on correctness), ``timeout``, ``reward_error``, ``machine_stalled`` (a
verdict the engine's wall-clock safety net stopped: the machine, not the input; counted apart from timeouts).
Group flags, per profile: ``zero_std_groups`` (identical totals: zero advantage for every member) and
``best_degenerate`` (the best-paid member of the group is degenerate).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from rewardcheck.bench.profiles import LOGGED, ProfileSpec, logged_key
from rewardcheck.bench.quiet import quiet_upstream_logs
from rewardcheck.rewards.degenerate import degenerate_kind
from rewardcheck.rewards.engine import EngineConfig, eos_ids_from
from rewardcheck.rewards.engine.truncation import is_truncated
from rewardcheck.rewards.result import RewardFunc, RewardResult, explain

__all__ = [
    "ROW_FLAGS",
    "GROUP_FLAGS",
    "RowInput",
    "RowScore",
    "GroupScore",
    "ScoreOptions",
    "GroupScorer",
    "accuracy_verdict",
]

ROW_FLAGS = (
    "truncated",
    "gold_unparseable",
    "answer_unparseable",
    "degenerate",
    "shaping_no_answer",
    "paid_unparseable_gold",
    "disagreement",
    "timeout",
    "reward_error",
    "machine_stalled",
)
GROUP_FLAGS = ("zero_std_groups", "best_degenerate")
_NO_ANSWER = ("no_answer", "truncated")


@dataclass
class RowInput:
    """What a worker needs of one row (small and picklable)."""

    index: int
    completion: Any
    text: str
    prompt: str
    gold: str
    ids: list[int] | None = None
    logged: dict[str, float | None] = field(default_factory=dict)
    length: int | None = None  # logged token length (--length-field): the truth when present


@dataclass
class RowScore:
    index: int
    rewards: dict[str, dict[str, float | None]]  # profile -> reward key -> value
    totals: dict[str, float | None]  # profile -> weighted sum (None when every reward skipped the row)
    verdict: str
    answer: str | None
    n_chars: int
    n_tokens: int | None
    truncated: bool
    truncation_basis: str  # "tokens" (ids or tokenizer) or "text" (no length information: unknown)
    degenerate: str | None
    flags: list[str]
    # profiles that paid shaping reward without an answer / because they could not parse the gold
    no_answer_paid: list[str] = field(default_factory=list)
    free_gold_paid: list[str] = field(default_factory=list)
    accuracy: dict[str, float | None] = field(default_factory=dict)
    reasons: dict[str, dict[str, str]] = field(default_factory=dict)  # flagged rows, or every row if asked
    verdicts: dict[str, str] = field(default_factory=dict)  # profile -> its own accuracy verdict
    answers: dict[str, str | None] = field(default_factory=dict)  # profile -> the answer it extracted
    retokenised: int | None = None  # token count from ids or the tokenizer (compared with a logged one)


@dataclass
class GroupScore:
    key: tuple[Any, ...]
    indices: list[int]
    zero_std: dict[str, bool]
    best_degenerate: dict[str, bool]


@dataclass(frozen=True)
class ScoreOptions:
    max_completion_length: int | None = None
    tokenizer: str | None = None
    eos_token_id: int | None = None
    reference: str | None = None  # profile whose accuracy verdict decides answer/gold flags
    degenerate: bool = True  # run the probe classifier on every row (the costliest flag on long completions)
    think_prefilled: bool = False  # the template opened <think>: completions start inside it
    keep_reasons: bool = False  # every row's reasons (for --rows-out), not only flagged rows'


def accuracy_verdict(result: RewardResult | None) -> str:
    """correct | wrong | no_answer | truncated | gold_unparseable | timeout | error, from an accuracy result.

    The verdict is data: the patched and upstream rewards put it in ``details["verdict"]``. A reward without
    one (a foreign function) is read from its value and extracted answer alone.

    >>> accuracy_verdict(RewardResult(None, "anything", details={"verdict": "timeout"}))
    'timeout'
    >>> accuracy_verdict(RewardResult(1.0, "no verdict given")), accuracy_verdict(RewardResult(0.0, "?"))
    ('correct', 'no_answer')
    """
    if result is None:
        return "error"
    verdict = _verdict_field(result)
    if verdict is not None:
        return verdict
    if result.value is not None and result.value >= 0.5:
        return "correct"
    if result.answer is None:
        return "no_answer"
    if result.value is None:
        return "error"
    return "wrong"


def _verdict_field(result: RewardResult) -> str | None:
    details = result.details
    verdict = details.get("verdict") if isinstance(details, Mapping) else None
    return None if verdict is None else str(getattr(verdict, "value", verdict))


def _total(values: Sequence[float | None], weights: Sequence[float]) -> float | None:
    # TRL's nansum: a skipped reward (None -> NaN) adds nothing; a row every reward skipped stays unscored.
    present = [(v, w) for v, w in zip(values, weights, strict=True) if v is not None]
    if not present:
        return None
    return float(sum(v * w for v, w in present))


class GroupScorer:
    """Per-process state: the built reward functions and an optional tokenizer."""

    def __init__(self, specs: Sequence[ProfileSpec], options: ScoreOptions) -> None:
        quiet_upstream_logs()
        self.options = options
        self.tokenizer: Any = None
        self.eos = options.eos_token_id
        if options.tokenizer:
            from rewardcheck.bench.tokenizers import load_tokenizer

            self.tokenizer = load_tokenizer(options.tokenizer)
            if self.eos is None:
                self.eos = getattr(self.tokenizer, "eos_token_id", None)
        limit = options.max_completion_length
        self.cut = EngineConfig(max_completion_length=limit, eos_token_ids=eos_ids_from(self.eos))
        self.cut_by_length = EngineConfig(max_completion_length=limit)
        self.specs = [s for s in specs if s.name != LOGGED]
        self.logged = any(s.name == LOGGED for s in specs)
        self.funcs: dict[str, list[tuple[str, RewardFunc]]] = {
            s.name: s.build(self.tokenizer) for s in self.specs
        }
        self.weights = {s.name: s.weights for s in self.specs}
        names = [s.name for s in self.specs]
        self.reference = options.reference or (
            "patched" if "patched" in names else (names[0] if names else LOGGED)
        )

    def _ids(self, rows: Sequence[RowInput]) -> list[list[int] | None]:
        out: list[list[int] | None] = []
        missing = [r for r in rows if r.ids is None]
        encoded: dict[int, list[int]] = {}
        if missing and self.tokenizer is not None:
            batch = self.tokenizer([r.text for r in missing], add_special_tokens=False)["input_ids"]
            limit = self.options.max_completion_length
            for r, ids in zip(missing, batch, strict=True):
                ids = list(ids)
                # A completion shorter than the limit stopped on EOS (the decoded text no longer shows it).
                if self.eos is not None and (limit is None or len(ids) < limit):
                    ids.append(int(self.eos))
                encoded[r.index] = ids
        for r in rows:
            out.append(r.ids if r.ids is not None else encoded.get(r.index))
        return out

    def _truncated(self, row: RowInput, ids: list[int] | None, verdict: str) -> tuple[bool, str]:
        """Cut by the generation limit? The engine's rule (:func:`rewardcheck.rewards.engine.truncation.is_truncated`),
        on the best evidence the row has, and which evidence that was."""
        if self.cut.max_completion_length is not None:
            if row.length is not None:
                # The trainer's own count is the truth: a length with no ids, so no stop id to look at.
                return is_truncated(range(row.length), self.cut_by_length, has_final_answer=True)[0], (
                    "logged_length"
                )
            if ids is not None:
                return is_truncated(ids, self.cut, has_final_answer=True)[0], "tokens"
        # Text alone cannot tell a stop from a cut (issue 44): unknown, never counted as truncated, unless the
        # reference profile's own verdict says truncated (its rule, reported as its verdict).
        return verdict == "truncated", "text"

    def _call(self, func: RewardFunc, rows: Sequence[RowInput], kwargs: dict[str, Any]) -> list[RewardResult]:
        try:
            results = explain(func, [r.completion for r in rows], **kwargs)
            if len(results) != len(rows):
                raise ValueError(f"returned {len(results)} values for {len(rows)} completions")
            return results
        except Exception as exc:  # noqa: BLE001 - a reward that raises is a finding, not a crash
            if len(rows) == 1:
                return [
                    RewardResult(None, f"error: {type(exc).__name__}: {exc}"[:200], details={"error": True})
                ]
        # Isolate the row at fault: every other row of the group keeps its score.
        out = []
        for i, r in enumerate(rows):
            out.extend(self._call(func, [r], {k: [v[i]] for k, v in kwargs.items()}))
        return out

    def score_group(
        self, key: tuple[Any, ...], rows: Sequence[RowInput]
    ) -> tuple[list[RowScore], GroupScore]:
        ids = self._ids(rows)
        kwargs: dict[str, Any] = {"solution": [r.gold for r in rows], "prompts": [r.prompt for r in rows]}
        if all(i is not None for i in ids):
            kwargs["completion_ids"] = ids
        elif all(r.length is not None for r in rows):
            # the logged length tells a stop from a cut; patched reads it, other rewards ignore the column
            kwargs["completion_length"] = [r.length for r in rows]
        per_profile: dict[str, dict[str, list[RewardResult]]] = {}
        for profile, funcs in self.funcs.items():
            per_profile[profile] = {name: self._call(func, rows, kwargs) for name, func in funcs}
        scores = [self._row(i, r, ids[i], per_profile) for i, r in enumerate(rows)]
        group = self._group(key, scores)
        return scores, group

    def _row(
        self,
        i: int,
        row: RowInput,
        ids: list[int] | None,
        per_profile: dict[str, dict[str, list[RewardResult]]],
    ) -> RowScore:
        rewards: dict[str, dict[str, float | None]] = {}
        totals: dict[str, float | None] = {}
        reasons: dict[str, dict[str, str]] = {}
        errors = False
        timeouts = False
        stalled = False
        free_gold: list[str] = []
        for profile, by_name in per_profile.items():
            rewards[profile] = {name: res[i].value for name, res in by_name.items()}
            reasons[profile] = {name: res[i].reason for name, res in by_name.items()}
            totals[profile] = _total(list(rewards[profile].values()), self.weights[profile])
            for res in by_name.values():
                result = res[i]
                value, field_ = result.value, _verdict_field(result)  # read once per result
                if value is not None and value > 0 and field_ == "gold_unparseable":
                    if profile not in free_gold:
                        free_gold.append(profile)
                errors = errors or bool(result.details.get("error")) or result.reason.startswith("error:")
                timeouts = timeouts or field_ == "timeout"
                stalled = stalled or "machine stalled" in result.reason
        if self.logged and row.logged:
            rewards[LOGGED] = {logged_key(k): v for k, v in row.logged.items()}
            totals[LOGGED] = _total(list(rewards[LOGGED].values()), [1.0] * len(rewards[LOGGED]))
        ref = per_profile.get(self.reference, {}).get("accuracy")
        if ref is None:
            ref = next((by["accuracy"] for by in per_profile.values() if "accuracy" in by), None)
        ref_result = ref[i] if ref is not None else None
        verdict = accuracy_verdict(ref_result) if ref_result is not None else "unknown"
        answer = ref_result.answer if ref_result is not None else None
        verdicts = {
            p: accuracy_verdict(by["accuracy"][i]) for p, by in per_profile.items() if "accuracy" in by
        }
        answers = {p: by["accuracy"][i].answer for p, by in per_profile.items() if "accuracy" in by}
        retokenised = len(ids) if ids is not None else None
        n_tokens = row.length if row.length is not None else retokenised
        truncated, basis = self._truncated(row, ids, verdict)
        stopped = basis != "text" and not truncated
        if stopped:
            # It stopped (EOS, or a logged length under the cap): an open think block is no cut, only
            # an answer that was never given.
            verdict = "no_answer" if verdict == "truncated" else verdict
            verdicts = {p: ("no_answer" if v == "truncated" else v) for p, v in verdicts.items()}
        degenerate = degenerate_kind(row.text, row.prompt) if self.options.degenerate else None
        accuracy = {p: v.get("accuracy") for p, v in rewards.items() if "accuracy" in v}
        no_answer = verdict in _NO_ANSWER or (truncated and answer is None)
        paid = [
            p
            for p, values in rewards.items()
            if no_answer and any(v is not None and v > 0 for k, v in values.items() if k != "accuracy")
        ]
        decided = {round(v) for v in accuracy.values() if v is not None and math.isfinite(v)}
        flags = [
            name
            for name, on in (
                ("truncated", truncated),
                ("gold_unparseable", verdict == "gold_unparseable"),
                ("answer_unparseable", verdict == "no_answer" or (verdict == "truncated" and answer is None)),
                ("degenerate", degenerate is not None),
                ("shaping_no_answer", bool(paid)),
                ("paid_unparseable_gold", bool(free_gold)),
                ("disagreement", len(decided) > 1),
                ("timeout", timeouts or verdict == "timeout"),
                ("reward_error", errors),
                ("machine_stalled", stalled),
            )
            if on
        ]
        keep_reasons = self.options.keep_reasons or bool(
            set(flags)
            & {
                "degenerate",
                "shaping_no_answer",
                "disagreement",
                "timeout",
                "reward_error",
                "machine_stalled",
            }
        )
        return RowScore(
            index=row.index,
            rewards=rewards,
            totals=totals,
            verdict=verdict,
            answer=answer,
            n_chars=len(row.text),
            n_tokens=n_tokens,
            truncated=truncated,
            truncation_basis=basis,
            degenerate=degenerate,
            flags=flags,
            no_answer_paid=paid,
            free_gold_paid=free_gold,
            accuracy=accuracy,
            reasons=reasons if keep_reasons else {},
            verdicts=verdicts,
            answers=answers,
            retokenised=retokenised,
        )

    @staticmethod
    def _group(key: tuple[Any, ...], scores: Sequence[RowScore]) -> GroupScore:
        zero: dict[str, bool] = {}
        best: dict[str, bool] = {}
        profiles = {p for s in scores for p in s.totals}
        for p in sorted(profiles):
            totals = [(s.totals.get(p), s) for s in scores]
            present = [(t, s) for t, s in totals if t is not None]
            if len(present) < 2:
                continue
            values = [t for t, _ in present]
            zero[p] = max(values) - min(values) <= 1e-9
            top = max(values)
            # Only meaningful when the group also holds a real attempt the degenerate output beat (or tied).
            if any(s.degenerate is None for _, s in present):
                best[p] = any(s.degenerate is not None for t, s in present if t >= top - 1e-9)
            else:
                best[p] = False
        return GroupScore(key=key, indices=[s.index for s in scores], zero_std=zero, best_degenerate=best)
