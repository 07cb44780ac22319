r"""verl reward function backed by the patched answer engine.

verl's reward managers call ``compute_score(data_source=..., solution_str=..., ground_truth=...,
extra_info=...)`` once per response, in the trainer process (naive / batch managers) or in worker processes
(the prime / process-pool managers). A returned dict's ``score`` is the reward and every other key goes to
``reward_extra_info``, so every call returns the same keys, each a scalar or a string.

verl hands over the decoded response only, so truncation is read from the text (a response that ends inside
an open think block, or without a final answer, was cut); a dataset can say more through ``extra_info``:
``truncated`` (bool, e.g. from the response length), ``think_prefilled`` (the prompt opened ``<think>``),
``timeout_s`` (the hard limit per response, default 2 s).

Point verl at it with ``custom_reward_function.path=<site-packages>/rewards/adapters/verl.py`` (or
``pkg://rewardcheck.rewards.adapters.verl``) and ``custom_reward_function.name=compute_score`` (or ``score_only`` for a
bare float). verl loads that file as a module of its own; it hands out this package's functions. verl's
``batch`` reward manager calls with plural names (``data_sources=``, ``solution_strs=``, ...): the same
``compute_score`` then returns one result per response (:func:`compute_score_batch`).

>>> out = compute_score("openai/gsm8k", "<think>\n2+2\n</think>\n\\boxed{4}", "4")
>>> out["score"], out["acc"], out["verdict"], out["pred"]
(1.0, 1.0, 'correct', '4')
>>> score_only("math", "<think>\nstill going", "4")
0.0
"""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Iterable, Mapping, Sequence, Set
from functools import lru_cache
from typing import Any, overload

from rewardcheck.rewards.engine import EngineConfig, Verdict, judge
from rewardcheck.rewards.parser_cache import note_parses
from rewardcheck.rewards.patched.correctness import safe_gold_text

__all__ = ["compute_score", "compute_score_batch", "score_only", "VerlScore", "SCORES"]

# verl cannot skip a sample: verdicts that say nothing about the policy (gold unparseable, timeout, error)
# score 0.0 like a wrong answer, and ``scored`` = 0.0 lets a user filter them out of metrics.
SCORES: Mapping[Verdict, float] = {Verdict.CORRECT: 1.0}
DEFAULT_TIMEOUT_S = 2.0

VerlScore = dict[str, float | str]


@lru_cache(maxsize=16)
def _config(timeout_s: float, think_prefilled: bool) -> EngineConfig:
    return EngineConfig(timeout_s=timeout_s, think_prefilled=think_prefilled)


def _option(extra_info: Any, key: str, default: Any) -> Any:
    if isinstance(extra_info, Mapping) and extra_info.get(key) is not None:
        return extra_info[key]
    return default


_PLURAL = ("data_sources", "solution_strs", "ground_truths", "extra_infos")


@overload
def compute_score(
    data_source: str | None,
    solution_str: str,
    ground_truth: Any,
    extra_info: Mapping[str, Any] | None = None,
    **kwargs: Any,
) -> VerlScore: ...


@overload
def compute_score(
    *,
    data_sources: Iterable[str | None],
    solution_strs: Iterable[str],
    ground_truths: Iterable[Any],
    extra_infos: Iterable[Mapping[str, Any] | None] | None = None,
    **kwargs: Any,
) -> list[VerlScore]: ...


def compute_score(
    data_source: str | None = None,
    solution_str: str | None = None,
    ground_truth: Any = None,
    extra_info: Mapping[str, Any] | None = None,
    **kwargs: Any,
) -> VerlScore | list[VerlScore]:
    """The reward for one decoded response: ``{"score", "acc", "scored", "verdict", "pred", "gold", "reason"}``.

    ``ground_truth`` may be a string, a number, bytes, or a list/tuple/set/array of acceptable golds (verl's
    math datasets use both; a list column read through pandas is a numpy array); the first gold that the
    response matches wins. A missing (``None``) or mapping gold is verdict ``gold_unparseable``. Never raises
    on odd input: a response or gold that cannot be read becomes a verdict with the reason.

    Called with verl's plural names (``data_sources=, solution_strs=, ground_truths=, extra_infos=``, as
    its ``batch`` reward manager does), it scores the batch: :func:`compute_score_batch`.
    """
    return _dispatch(data_source, solution_str, ground_truth, extra_info, **kwargs)


def _dispatch(
    data_source: str | None,
    solution_str: str | None,
    ground_truth: Any,
    extra_info: Mapping[str, Any] | None,
    **kwargs: Any,
) -> VerlScore | list[VerlScore]:
    """One response, or the batch where verl passed the plural names (detected by name, never by type)."""
    plural = {key: kwargs.pop(key) for key in _PLURAL if key in kwargs}
    if plural:
        if any(v is not None for v in (data_source, solution_str, ground_truth, extra_info)):
            raise TypeError(
                "compute_score: pass the singular arguments (one response) or the plural ones (a batch), not both"
            )
        return compute_score_batch(**plural, **kwargs)
    return _score_one(data_source, solution_str, ground_truth, extra_info, **kwargs)


def compute_score_batch(
    data_sources: Iterable[str | None],
    solution_strs: Iterable[str],
    ground_truths: Iterable[Any],
    extra_infos: Iterable[Mapping[str, Any] | None] | None = None,
    **kwargs: Any,
) -> list[VerlScore]:
    """One :func:`compute_score` result per response, in order (verl's batch manager; numpy arrays welcome)."""
    sources, responses, golds = list(data_sources), list(solution_strs), list(ground_truths)
    extras = [None] * len(responses) if extra_infos is None else list(extra_infos)
    if not len(sources) == len(responses) == len(golds) == len(extras):
        raise ValueError(
            f"compute_score_batch: {len(sources)} data_sources, {len(responses)} solution_strs, "
            f"{len(golds)} ground_truths and {len(extras)} extra_infos: one each per response"
        )
    return [
        _score_one(source, response, gold, extra, **kwargs)
        for source, response, gold, extra in zip(sources, responses, golds, extras, strict=True)
    ]


def _gold_text(gold: Any) -> str:
    if isinstance(gold, bytes | bytearray):  # a binary parquet column
        return bytes(gold).decode("utf-8", errors="replace")
    # any type, an int past Python's 4,300-digit str() limit included, as text that never raises (issue 22)
    return safe_gold_text(gold) or "None"


def _golds(ground_truth: Any) -> list[str] | str:
    """The acceptable golds as text, or (a str) why there are none."""
    if ground_truth is None:
        return "ground_truth is None: the row has no reward_model.ground_truth"
    if isinstance(ground_truth, str | bytes | bytearray):
        return [_gold_text(ground_truth)]
    if isinstance(ground_truth, Mapping):
        # str() of a dict parses as a product of letters: refuse it rather than score against nonsense
        keys = ", ".join(map(str, ground_truth))
        return f"ground_truth is a mapping (keys: {keys}), not an answer: pass its answer field"
    if getattr(ground_truth, "ndim", 0) and hasattr(ground_truth, "tolist"):
        ground_truth = ground_truth.tolist()  # numpy array: str() of it would join the items ("['7' '4']")
    if isinstance(ground_truth, Set):
        ground_truth = sorted(ground_truth, key=str)
    if isinstance(ground_truth, Sequence):
        if not ground_truth:
            return "ground_truth is an empty list: nothing to compare"
        return [_gold_text(g) for g in ground_truth]
    return [_gold_text(ground_truth)]


def _score_one(
    data_source: str | None,
    solution_str: str | None,
    ground_truth: Any,
    extra_info: Mapping[str, Any] | None = None,
    **kwargs: Any,
) -> VerlScore:
    """:func:`compute_score` for one response (the singular call)."""
    t0 = time.monotonic()
    note_parses()
    timeout_s = float(_option(extra_info, "timeout_s", kwargs.get("timeout_s", DEFAULT_TIMEOUT_S)))
    config = _config(timeout_s, bool(_option(extra_info, "think_prefilled", False)))
    if not isinstance(solution_str, str):
        raise TypeError(
            f"compute_score: solution_str must be the decoded response (str), got {type(solution_str).__name__}"
        )
    text = solution_str
    golds = _golds(ground_truth)
    if isinstance(golds, str):
        return _result(Verdict.GOLD_UNPARSEABLE.value, golds, None, "")
    if bool(_option(extra_info, "truncated", False)):
        return _result(
            Verdict.TRUNCATED.value,
            "truncated: extra_info says the response hit the length limit",
            None,
            golds[0],
        )
    best = None
    for gold in golds:
        # one limit per response, shared by its golds (not a fresh limit per acceptable gold), counted from
        # the caller's side: time queued for a worker is part of it
        remaining = timeout_s - (time.monotonic() - t0)
        if remaining <= 0:
            if best is None or best.verdict is not Verdict.CORRECT:
                return _result(
                    Verdict.TIMEOUT.value,
                    f"{len(golds)} golds not judged within {timeout_s:g} s",
                    None,
                    golds[0],
                )
            break
        cfg = config if remaining >= timeout_s else dataclasses.replace(config, timeout_s=remaining)
        try:
            j = judge(text, gold, config=cfg)
        except Exception as exc:  # the engine already guards; this keeps a worker alive whatever happens
            return _result(Verdict.ERROR.value, f"engine raised {type(exc).__name__}: {exc}", None, gold)
        if best is None or j.verdict is Verdict.CORRECT:
            best = j
        if j.verdict is Verdict.CORRECT or j.verdict is Verdict.TRUNCATED or j.verdict is Verdict.NO_ANSWER:
            break
    assert best is not None
    return _result(
        best.verdict.value, best.reason, best.answer, best.gold if best.gold is not None else golds[0]
    )


def _result(verdict: str, reason: str, pred: str | None, gold: str | None) -> VerlScore:
    v = Verdict(verdict)
    score = SCORES.get(v, 0.0)
    return {
        "score": score,
        "acc": score,
        "scored": 0.0 if v in (Verdict.GOLD_UNPARSEABLE, Verdict.TIMEOUT, Verdict.ERROR) else 1.0,
        "verdict": verdict,
        "pred": pred or "",
        "gold": gold or "",
        "reason": reason,
    }


@overload
def score_only(
    data_source: str | None,
    solution_str: str,
    ground_truth: Any,
    extra_info: Mapping[str, Any] | None = None,
    **kwargs: Any,
) -> float: ...


@overload
def score_only(
    *,
    data_sources: Iterable[str | None],
    solution_strs: Iterable[str],
    ground_truths: Iterable[Any],
    extra_infos: Iterable[Mapping[str, Any] | None] | None = None,
    **kwargs: Any,
) -> list[float]: ...


def score_only(
    data_source: str | None = None,
    solution_str: str | None = None,
    ground_truth: Any = None,
    extra_info: Mapping[str, Any] | None = None,
    **kwargs: Any,
) -> float | list[float]:
    """:func:`compute_score` reduced to the bare float (a list of them for the plural, batch call)."""
    out = _dispatch(data_source, solution_str, ground_truth, extra_info, **kwargs)
    if isinstance(out, list):
        return [float(r["score"]) for r in out]
    return float(out["score"])


if not __package__:
    # Loaded by file path: hand out the package's own objects instead of this module's copies, so there is
    # one copy of every cache, and the functions pickle by reference (verl's process-pool managers pickle
    # the function; this module is in no sys.modules entry).
    from rewardcheck.rewards.adapters import verl as _package_module

    globals().update({name: getattr(_package_module, name) for name in __all__})
