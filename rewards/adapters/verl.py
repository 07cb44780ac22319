r"""verl reward function backed by the patched answer engine.

verl's reward managers call ``compute_score(data_source=..., solution_str=..., ground_truth=...,
extra_info=...)`` once per response, in the trainer process (naive / batch managers) or in worker processes
(the prime / process-pool managers). A returned dict's ``score`` is the reward and every other key goes to
``reward_extra_info``, so every call returns the same keys, each a scalar or a string.

verl hands over the decoded response only, so truncation is read from the text (a response that ends inside
an open think block, or without a final answer, was cut); a dataset can say more through ``extra_info``:
``truncated`` (bool, e.g. from the response length), ``think_prefilled`` (the prompt opened ``<think>``),
``timeout_s`` (the hard limit per response, default 2 s).

Point verl at it with ``custom_reward_function.path=<site-packages>/rewards/adapters/verl.py`` and
``custom_reward_function.name=compute_score`` (or ``score_only`` for a bare float).

>>> out = compute_score("openai/gsm8k", "<think>\n2+2\n</think>\n\\boxed{4}", "4")
>>> out["score"], out["acc"], out["verdict"], out["pred"]
(1.0, 1.0, 'correct', '4')
>>> score_only("math", "<think>\nstill going", "4")
0.0
"""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from ..engine import EngineConfig, Verdict, judge
from ..parser_cache import note_parses
from ..patched.correctness import safe_gold_text

__all__ = ["compute_score", "score_only", "VerlScore", "SCORES"]

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


def compute_score(
    data_source: str | None,
    solution_str: str,
    ground_truth: Any,
    extra_info: Mapping[str, Any] | None = None,
    **kwargs: Any,
) -> VerlScore:
    """The reward for one decoded response: ``{"score", "acc", "scored", "verdict", "pred", "gold", "reason"}``.

    ``ground_truth`` may be a string, a number, or a list/tuple of acceptable golds (verl's math datasets
    use both); the first gold that the response matches wins. Never raises on odd input: a response or gold
    that cannot be read becomes verdict ``error`` with the reason.
    """
    t0 = time.monotonic()
    note_parses()
    timeout_s = float(_option(extra_info, "timeout_s", kwargs.get("timeout_s", DEFAULT_TIMEOUT_S)))
    config = _config(timeout_s, bool(_option(extra_info, "think_prefilled", False)))
    if not isinstance(solution_str, str):
        raise TypeError(
            f"compute_score: solution_str must be the decoded response (str), got {type(solution_str).__name__}"
        )
    text = solution_str
    # a gold of any type, an int of any size included, as text that never raises (issue 22)
    listed = ground_truth if isinstance(ground_truth, list | tuple) else [ground_truth]
    golds = [safe_gold_text(g) or "None" for g in listed]
    if not golds:
        return _result(
            Verdict.GOLD_UNPARSEABLE.value, "ground_truth is an empty list: nothing to compare", None, ""
        )
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


def score_only(
    data_source: str | None,
    solution_str: str,
    ground_truth: Any,
    extra_info: Mapping[str, Any] | None = None,
    **kwargs: Any,
) -> float:
    """:func:`compute_score` reduced to the bare float, for managers that expect one."""
    return float(compute_score(data_source, solution_str, ground_truth, extra_info, **kwargs)["score"])
