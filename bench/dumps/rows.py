"""The row and skip records every dump reader produces, and the column mapping that builds them.

A reader turns each line (JSONL, CSV) or row (JSON, parquet, wandb table) into either a :class:`DumpRow`
or a :class:`Skip` that names the file, the line and the reason, so that
``rows_total == rows_scored + sum(rows_skipped)`` holds for every run.

>>> fields = FieldMap()
>>> row = fields.to_row({"prompt": "p", "completion": "c", "solution": "$3$", "accuracy_reward": 1.0}, "d.jsonl", 1)
>>> row.gold, row.logged
('$3$', {'accuracy_reward': 1.0})
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from rewardcheck.bench.jsonl import RowError
from rewardcheck.bench.numbers import as_number
from rewardcheck.rewards.completions import completion_text

__all__ = ["DumpRow", "Skip", "FieldMap", "RowError", "is_reward_column"]

# Columns TRL and open-r1 write that are never reward values.
_NOT_REWARDS = {
    "step",
    "advantage",
    "advantages",
    "id",
    "index",
    "completion_ids",
    "prompt_ids",
    "reward_std",
}


@dataclass(frozen=True)
class Skip:
    """A line or row that was not scored: ``source:line: message``, counted under ``reason``."""

    source: str
    line: int
    reason: str
    message: str

    def __str__(self) -> str:
        return f"{self.source}:{self.line}: {self.message}"


@dataclass
class DumpRow:
    """One completion read from a dump, with where it came from."""

    source: str
    line: int
    prompt: Any
    completion: Any
    gold: str | None = None
    step: int | None = None
    id: str | None = None
    completion_ids: list[int] | None = None
    logged: dict[str, float | None] = field(default_factory=dict)
    advantage: float | None = None
    group: tuple[str, ...] | None = None  # the --group-field values (None: group by prompt and step)
    length: int | None = None  # the logged completion length in tokens (--length-field)

    @property
    def group_key(self) -> tuple[Any, ...]:
        """The GRPO group this row was normalised in: (step, prompt) unless --group-field names it."""
        return self.group if self.group is not None else (self.step, self.prompt_text)

    @property
    def text(self) -> str:
        return completion_text(self.completion)

    @property
    def prompt_text(self) -> str:
        if self.prompt is None:
            return ""
        if isinstance(self.prompt, str):
            return self.prompt
        if isinstance(self.prompt, Sequence):  # a conversation: every message's content, in order
            return "\n".join(completion_text([m]) for m in self.prompt if isinstance(m, Mapping))
        return str(self.prompt)

    @property
    def where(self) -> str:
        return f"{self.source}:{self.line}"


def _logged_value(value: Any) -> float | None:
    """A logged reward value (:func:`~rewardcheck.bench.numbers.as_number`): NaN and None both mean "skipped
    by the trainer"; anything else that is not a number raises ``TypeError``."""
    if value is None:
        return None
    number = as_number(value)
    if number is None:
        raise TypeError(value)
    return None if math.isnan(number) else number


# verl's generation dump logs its reward as ``score`` (and a reward function's ``acc`` beside it); read as
# logged rewards in a row that has verl's ``gts`` gold column, so that another dump's "score" is never taken.
VERL_REWARDS = ("score", "acc")


def is_reward_column(name: str, value: Any) -> bool:
    """Whether a column of a dump is a logged reward (TRL names them after the reward function)."""
    if name in _NOT_REWARDS:
        return False
    if not (name.startswith("rewards/") or name.endswith("_reward") or name == "reward"):
        return False
    try:
        _logged_value(value)
    except TypeError:
        return False
    return True


@dataclass(frozen=True)
class FieldMap:
    """Which column holds what; ``None`` means "the first of the usual names that is present"."""

    prompt: str | None = None
    completion: str | None = None
    gold: str | None = None
    ids: str | None = None
    id: str | None = None
    step: str | None = None
    group: tuple[str, ...] | None = None
    length: str | None = None
    # A TRL parquet names every reward column after its function; elsewhere we recognise *_reward names.
    reward_columns: tuple[str, ...] | None = None

    PROMPT_NAMES = ("prompt", "problem", "question", "input", "query")
    COMPLETION_NAMES = ("completion", "response", "output", "generation", "completions")
    # ``gts``: verl's generation dump (``input``, ``output``, ``gts``, ``score``)
    GOLD_NAMES = ("solution", "gold", "answer", "ground_truth", "gts", "reference", "target")
    IDS_NAMES = ("completion_ids",)
    ID_NAMES = ("id", "uid", "sample_id")
    STEP_NAMES = ("step", "global_step")

    @staticmethod
    def _pick(record: Mapping[str, Any], chosen: str | None, names: Sequence[str]) -> str | None:
        if chosen is not None:
            return chosen if chosen in record else None
        return next((n for n in names if n in record), None)

    def to_row(self, record: Any, source: str, line: int) -> DumpRow:
        """Build a row from one record, or raise :class:`RowError` naming the field at fault."""
        if not isinstance(record, Mapping):
            raise RowError(
                "not_an_object", f"expected an object with named fields, got {type(record).__name__}"
            )
        key = self._pick(record, self.completion, self.COMPLETION_NAMES)
        if key is None or record.get(key) is None:
            wanted = self.completion or "completion"
            raise RowError(
                "missing_completion",
                f"field {wanted!r} is missing; columns found: {', '.join(map(str, record)) or 'none'} "
                "(use --completion-field to map another column)",
            )
        completion = record[key]
        try:
            completion_text(completion)
        except TypeError:
            raise RowError(
                "bad_completion", f"field {key!r} is neither text nor a conversation: {completion!r:.60}"
            ) from None
        pkey = self._pick(record, self.prompt, self.PROMPT_NAMES)
        if self.prompt is not None and pkey is None:
            raise RowError("missing_prompt", f"field {self.prompt!r} is missing")
        gkey = self._pick(record, self.gold, self.GOLD_NAMES)
        gold = record.get(gkey) if gkey else None
        if gold is not None and not isinstance(gold, str):
            if isinstance(gold, int | float) and not isinstance(gold, bool):
                gold = str(gold)  # a numeric gold column (e.g. GSM8K answers) keeps its value as text
            else:
                raise RowError("bad_gold", f"field {gkey!r} must be text, got {type(gold).__name__}")
        ids = None
        ikey = self._pick(record, self.ids, self.IDS_NAMES)
        if ikey is not None and record.get(ikey) is not None:
            raw_ids = record[ikey]
            if hasattr(raw_ids, "tolist"):  # numpy arrays from parquet cells
                raw_ids = raw_ids.tolist()
            if isinstance(raw_ids, str) or not isinstance(raw_ids, Sequence):
                raise RowError("bad_completion_ids", f"field {ikey!r} must be a list of integer token ids")
            try:
                ids = [int(t) for t in raw_ids]
            except (TypeError, ValueError):
                raise RowError(
                    "bad_completion_ids", f"field {ikey!r} must be a list of integer token ids"
                ) from None
        step = None
        skey = self._pick(record, self.step, self.STEP_NAMES)
        if skey is not None and record.get(skey) is not None:
            try:  # ValueError also covers a number past Python's 4,300-digit int conversion limit
                step = int(record[skey])
            except (TypeError, ValueError, OverflowError):
                raise RowError(
                    "bad_step", f"field {skey!r} must be an integer step, got {record[skey]!r:.40}"
                ) from None
        idkey = self._pick(record, self.id, self.ID_NAMES)
        row_id = None if idkey is None or record.get(idkey) is None else str(record[idkey])
        logged: dict[str, float | None] = {}
        columns = (
            self.reward_columns
            if self.reward_columns is not None
            else [
                k for k in record if is_reward_column(k, record[k]) or (k in VERL_REWARDS and "gts" in record)
            ]
        )
        for name in columns:
            if name in record:
                try:
                    logged[name] = _logged_value(record[name])
                except TypeError:
                    raise RowError(
                        "bad_reward_value", f"logged reward {name!r} is not a number: {record[name]!r:.40}"
                    ) from None
        advantage = None
        if "advantage" in record:
            try:
                advantage = _logged_value(record["advantage"])
            except TypeError:
                raise RowError(
                    "bad_reward_value", f"field 'advantage' is not a number: {record['advantage']!r:.40}"
                ) from None
        length = None
        if self.length is not None and record.get(self.length) is not None:
            length = _length(record[self.length], self.length)
        group = None
        if self.group is not None:
            prompt = record.get(pkey) if pkey else None
            group = tuple(
                _group_value(record, name, prompt if name in ("prompt", pkey) else None)
                for name in self.group
            )
        return DumpRow(
            source=source,
            line=line,
            prompt=record.get(pkey) if pkey else None,
            completion=completion,
            gold=gold,
            step=step,
            id=row_id,
            completion_ids=ids,
            logged=logged,
            advantage=advantage,
            group=group,
            length=length,
        )


def _length(value: Any, name: str) -> int:
    try:
        number = float(value)
        if not math.isfinite(number) or number < 0 or number != int(number):
            raise ValueError(value)
    except (TypeError, ValueError, OverflowError):
        raise RowError(
            "bad_length", f"field {name!r} must be a token count (a whole number), got {value!r:.40}"
        ) from None
    return int(number)


def _group_value(record: Mapping[str, Any], name: str, prompt: Any) -> str:
    if prompt is not None:
        return DumpRow("", 0, prompt, "").prompt_text
    value = record.get(name)
    return "" if value is None else str(value)
