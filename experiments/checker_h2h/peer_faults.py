"""Which planted fault each peer's raw report shows, and which of its findings are false alarms.

A peer reports probes by its own names; a planted fault counts as found when the reward it lives in has a
failing probe that shows that fault (a negated answer paid, a content-free output paid, ...). Rules are per
tool and written out below, so a reader can check every mapping against the tool's own report.

False alarms are findings that are wrong about the reward: a crash reported where GRPOTrainer gets a value
(``None``, an awaited async reward), a right answer reported unpaid that the reward pays once its gold is
written as the reward's data writes it, and format rewards blamed for paying a well-formed think block.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

from .planted import Case

__all__ = ["PEER_FOUND_BY", "peer_false_alarms", "found_by_peer"]

Record = dict[str, Any]


def _numeric(text: str) -> bool:
    try:
        float(str(text).replace("$", "").strip())
        return True
    except ValueError:
        return False


def _ids(
    rec: Record, *prefixes: str, kind: str | None = None, numeric_row: bool | None = None
) -> list[Record]:
    out = []
    for f in rec.get("findings", []):
        if not str(f.get("id", "")).startswith(prefixes):
            continue
        if kind is not None and f.get("kind") != kind:
            continue
        ref = _gold_value(str(f.get("reference", "")))
        if numeric_row is not None and _numeric(ref) != numeric_row:
            continue
        out.append(f)
    return out


def _gold_value(gold: str) -> str:
    gold = gold.rsplit("####", 1)[-1]
    if "\\boxed{" in gold:
        gold = gold.rsplit("\\boxed{", 1)[1].split("}", 1)[0]
    return gold.strip().strip("$")


def _falsepass_free(rec: Record) -> bool:
    """A probe that fails only on the row whose gold is no number: the reward pays whatever is written there."""
    bad = {f["id"] for f in _ids(rec, "P", "A", numeric_row=False) if f.get("expected") == "zero"}
    good = {f["id"] for f in _ids(rec, "P", "A", numeric_row=True)}
    return bool(bad - good)


_FALSEPASS: dict[str, Callable[[Record], bool]] = {
    "negated_box": lambda r: bool(
        _ids(
            r,
            "P15 hedged_in_slot/denied",
            "P15 hedged_in_slot/not_answer",
            "P9 oversized/answer_mentioned",
            numeric_row=True,
        )
    ),  # fmt: skip
    "think_only": lambda r: any("think" in f["id"] for f in r.get("findings", [])),
    "free_reward": _falsepass_free,
    "near_miss": lambda r: bool(_ids(r, "P13 special_numbers/integer_plus", numeric_row=True)),
    "echo": lambda r: bool(_ids(r, "P4 echo_prompt", "P16 field_echo", numeric_row=True)),
    "perturbed_gold": lambda r: bool(_ids(r, "P13 special_numbers/integer_plus", numeric_row=True)),
    "markup": lambda r: bool(_ids(r, "P2 equivalent_forms", "P14 format_mentions")),
    "content_free": lambda r: bool(
        _ids(
            r,
            "P3 empty",
            "P4 echo_prompt",
            "A1 answer_free_spray/letters",
            "A1 answer_free_spray/yes_no",
            numeric_row=True,
        )
    ),  # fmt: skip
    "bare_think": lambda r: bool(_ids(r, "P10 exception_path/only_closers", "P3 empty", "P6 format_only")),
    "empty_tool_call": lambda r: any(
        "tool" in f["id"] and f.get("expected") == "zero" for f in r.get("findings", [])
    ),
    "mixed_number": lambda r: any("mixed" in f["id"] for f in r.get("findings", [])),
    "parse_fragment": lambda r: any("fragment" in f["id"] for f in r.get("findings", [])),
    "async_first_box": lambda r: bool(
        _ids(r, "P9 oversized/correct_then_retracted", "P15 hedged_in_slot/either_or")
    ),
    "unawaited_coroutine": lambda r: "coroutine" in str(r.get("error", "")),
}

_NEAR = ("ne.magnitude.decimal", "ne.off_by_one")
_PERTURBED = ("ne.prefix", "ne.substring", "ne.digit_inside", "ne.transposed", "ne.magnitude.int")

_REWARDLINT: dict[str, Callable[[Record], bool]] = {
    "negated_box": lambda r: bool(_ids(r, "x.negation", kind="fp")),
    "think_only": lambda r: bool(_ids(r, "x.contradiction.wrong_final", "x.empty.think_only", kind="fp")),
    "free_reward": lambda r: bool(_ids(r, "ne.", "x.", kind="fp", numeric_row=False)),
    "near_miss": lambda r: bool(_ids(r, *_NEAR, kind="fp")),
    "echo": lambda r: bool(_ids(r, "x.echo", kind="fp")),
    "perturbed_gold": lambda r: bool(_ids(r, *_PERTURBED, kind="fp")),
    "markup": lambda r: bool(_ids(r, "eq.wrap", kind="fn")) and bool(r.get("accepted_any")),
    "content_free": lambda r: bool(_ids(r, "x.empty", "x.echo.prompt", kind="fp")),
    "bare_think": lambda r: bool(_ids(r, "x.empty.think_only", "x.format.tags_only", kind="fp")),
    "empty_tool_call": lambda r: any("tool" in f["id"] and f["kind"] == "fp" for f in r.get("findings", [])),
    "mixed_number": lambda r: any("mixed" in f["id"] and f["kind"] == "fp" for f in r.get("findings", [])),
    "parse_fragment": lambda r: any(
        "fragment" in f["id"] and f["kind"] == "fp" for f in r.get("findings", [])
    ),
    "async_first_box": lambda r: bool(_ids(r, "x.contradiction", kind="fp")),
    "unawaited_coroutine": lambda r: any(
        f["kind"] == "error" and "coroutine" in str(f.get("detail")) for f in r.get("findings", [])
    ),
}

_GRADECHECK: dict[str, Callable[[Record], bool]] = {
    "free_reward": lambda r: any("(C)" in str(f.get("detail")) for f in r.get("findings", [])),
    "echo": lambda r: bool(_ids(r, "prompt-echo")),
    "content_free": lambda r: any(
        f["id"] in ("empty-completion", "garbage", "prompt-echo") and any("(raw)" in e for e in f["evidence"])
        for f in r.get("findings", [])
    ),
    "bare_think": lambda r: any(
        f["id"] in ("empty-completion", "format-only") and any("(raw)" in e for e in f["evidence"])
        for f in r.get("findings", [])
    ),
}

PEER_FOUND_BY: dict[str, dict[str, Callable[[Record], bool]]] = {
    "falsepass": _FALSEPASS,
    "rewardlint": _REWARDLINT,
    "gradecheck": _GRADECHECK,
}


def found_by_peer(tool: str, case: Case, rec: Record) -> set[str]:
    rules = PEER_FOUND_BY[tool]
    return {fault for fault in case.faults if fault in rules and rules[fault](rec)}


def _pays(case: Case, completion: str, gold: str) -> float | None:
    out = case.func(completions=[completion], solution=[gold], prompts=[""])
    if asyncio.iscoroutine(out):
        out = asyncio.run(out)
    value = list(out)[0]
    return None if value is None else float(value)


def peer_false_alarms(tool: str, case: Case, rec: Record, render: Callable[[str], str] | None) -> list[str]:
    """The peer's findings on ``case`` that are wrong about the reward, one line per kind of mistake."""
    alarms: set[str] = set()
    for f in rec.get("findings", []):
        kind, detail = f.get("kind"), str(f.get("detail", ""))
        if kind == "error" and "NoneType" in detail:
            alarms.add("reads None (TRL's 'skip this sample') as a crash")
        if kind == "error" and "coroutine" in detail and case.name != "coroutine_reward":
            alarms.add("reports a crash on an async reward GRPOTrainer awaits")
        if kind in ("fn", "fail") and f.get("expected", "full") == "full" and render is not None:
            ref = str(f.get("reference", ""))
            try:
                paid = _pays(case, str(f.get("completion", "")), render(_gold_value(ref)))
            except Exception:  # noqa: BLE001 - a completion the reward cannot take is no false alarm of the tool
                continue
            if paid is not None and paid > 0 and (f.get("score") in (None, 0, 0.0)):
                alarms.add("a right answer reported unpaid that the reward pays with its data's gold format")
        if tool == "gradecheck" and case.name in ("think_format_reward", "tool_use_bonus"):
            if any("(formatted)" in e for e in f.get("evidence", [])):
                alarms.add(
                    "a format reward blamed for paying a well-formed think block (its formatted payload)"
                )
    return sorted(alarms)
