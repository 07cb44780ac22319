"""How a reward function wants to be called, read from its signature, so users' functions run unchanged.

TRL calls ``reward(prompts=..., completions=..., completion_ids=..., **dataset_columns)``, everything by
keyword. Functions in the wild differ: completions as plain strings or as conversational messages
(``[{"role": "assistant", "content": ...}]``), the gold under ``solution`` (open-r1, TRL), ``answer`` or
``ground_truth`` (verl), or as the second positional parameter; some take ``prompts`` or ``completion_ids``,
some do not. :func:`detect_convention` guesses from the signature; the caller retries the other completion
form once on ``TypeError`` (:func:`other_form`) and reports which one worked.

>>> def reward(completions, answer, **kw): ...
>>> detect_convention(reward).describe()
'plain strings; gold as answer=; prompts, completion_ids passed'
>>> args, kw = call_arguments(detect_convention(reward), ["x"], {"solution": ["3"], "prompts": ["p"]})
>>> args, sorted(kw)
((), ['answer', 'completions', 'prompts'])
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any

__all__ = ["GOLD_KEYS", "Convention", "detect_convention", "other_form", "call_arguments", "conversational"]

GOLD_KEYS: tuple[str, ...] = ("solution", "answer", "ground_truth")
_KNOWN = frozenset({"completions", "prompts", "completion_ids", *GOLD_KEYS})


@dataclass(frozen=True)
class Convention:
    """One way of calling a reward: completion form, where the gold goes, which TRL columns it takes."""

    conversational: bool = False
    gold: str | None = "solution"  # a keyword in GOLD_KEYS, "positional", "kwargs" (every alias) or None
    prompts: bool = True
    completion_ids: bool = True
    completions_keyword: bool = True  # completions passed as ``completions=`` (else first positional)
    # False for a reward that takes no completions at all (TRL's ``f(completion_ids)`` shape, no **kwargs)
    pass_completions: bool = True

    def describe(self) -> str:
        form = "conversational messages" if self.conversational else "plain strings"
        gold = {
            None: "no gold",
            "positional": "gold positionally",
            "kwargs": "gold as solution/answer/ground_truth (**kwargs)",
        }.get(self.gold, f"gold as {self.gold}=")
        extras = [n for n, on in (("prompts", self.prompts), ("completion_ids", self.completion_ids)) if on]
        if not self.pass_completions:
            form = "no completions (token ids only)"
        return f"{form}; {gold}; " + (", ".join(extras) + " passed" if extras else "no prompts or ids")


def _parameters(func: Callable[..., Any]) -> list[inspect.Parameter] | None:
    try:
        return list(inspect.signature(func).parameters.values())
    except (TypeError, ValueError):
        return None


def _wants_messages(param: inspect.Parameter | None) -> bool:
    # ``list[list[dict[str, str]]]`` (open-r1 1416fa0, TRL) announces conversational completions
    return param is not None and "dict" in str(param.annotation).lower()


def detect_convention(func: Callable[..., Any]) -> Convention:
    """The convention the signature of ``func`` asks for (plain strings unless annotated with dicts)."""
    params = _parameters(func)
    if params is None:  # builtins, some C callables: TRL's own keywords
        return Convention()
    names = {p.name for p in params}
    var_kw = any(p.kind is inspect.Parameter.VAR_KEYWORD for p in params)
    var_pos = any(p.kind is inspect.Parameter.VAR_POSITIONAL for p in params)
    positional = [
        p
        for p in params
        if p.kind in (inspect.Parameter.POSITIONAL_ONLY, inspect.Parameter.POSITIONAL_OR_KEYWORD)
    ]
    completions = next((p for p in params if p.name == "completions"), None)
    by_keyword = completions is not None and completions.kind is not inspect.Parameter.POSITIONAL_ONLY
    # TRL passes every column by keyword, so a first parameter named after one of them (``completion_ids``
    # in TRL's repetition and overlong rewards, ``prompts``) is that column, never the completions.
    if completions is None and positional and positional[0].name not in _KNOWN:
        completions = positional[0]
    elif completions is None:
        by_keyword = not var_pos  # ``*args`` takes them positionally; otherwise TRL's keyword into **kwargs
    gold: str | None = next((k for k in GOLD_KEYS if k in names), None)
    gold_param = next((p for p in params if p.name == gold), None)
    if gold_param is not None and gold_param.kind is inspect.Parameter.POSITIONAL_ONLY:
        gold = "positional"  # ``def reward(completions, solution, /)``: a keyword would be a TypeError
        by_keyword = False
    if gold is None:
        rest = [p for p in positional if p is not completions and p.name not in _KNOWN]
        if rest and rest[0].default is inspect.Parameter.empty:
            gold = "positional"  # e.g. ``def reward(responses, targets)``
        elif var_kw:
            gold = "kwargs"
    return Convention(
        conversational=_wants_messages(completions),
        gold=gold,
        prompts="prompts" in names or var_kw,
        completion_ids="completion_ids" in names or var_kw,
        completions_keyword=by_keyword and gold != "positional",
        pass_completions=completions is not None or var_kw or var_pos,
    )


def other_form(conv: Convention) -> Convention:
    """The same convention with the other completion form (plain <-> conversational)."""
    return replace(conv, conversational=not conv.conversational)


def conversational(texts: Sequence[str], role: str = "assistant") -> list[list[dict[str, str]]]:
    """Plain texts as TRL's conversational messages (one message per completion)."""
    return [[{"role": role, "content": t}] for t in texts]


def call_arguments(
    conv: Convention, completions: Sequence[str], columns: dict[str, Any]
) -> tuple[tuple[Any, ...], dict[str, Any]]:
    """Positional and keyword arguments for one call. ``columns`` holds TRL's names: ``solution`` (the
    golds), ``prompts`` (plain texts), ``completion_ids``."""
    comps: list[Any] = conversational(completions) if conv.conversational else list(completions)
    args: list[Any] = []
    kw: dict[str, Any] = {}
    if conv.pass_completions and conv.completions_keyword:
        kw["completions"] = comps
    elif conv.pass_completions:
        args.append(comps)
    golds = columns.get("solution")
    if golds is not None and conv.gold is not None:
        if conv.gold == "positional":
            args.append(list(golds))
        elif conv.gold == "kwargs":
            kw.update({k: list(golds) for k in GOLD_KEYS})
        else:
            kw[conv.gold] = list(golds)
    prompts = columns.get("prompts")
    if conv.prompts and prompts is not None:
        kw["prompts"] = conversational(prompts, "user") if conv.conversational else list(prompts)
    ids = columns.get("completion_ids")
    if conv.completion_ids and ids is not None:
        kw["completion_ids"] = ids
    return tuple(args), kw
