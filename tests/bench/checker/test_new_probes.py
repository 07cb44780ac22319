"""The probe classes the newest auditors use, each found in a reward that has its fault (in the reward's own
answer format, shrunk) and passed by one that does not: perturbed golds, re-rendered answers, content-free
output (idk, whitespace, the prompt, a bare </think>, an empty tool call), mixed numbers and fragments of a
failed parse."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from rewardcheck.bench.checker import check_reward
from rewardcheck.bench.invariants import Status

FAST: dict[str, Any] = {"max_examples": 6, "heavy_cases": False}
_BOX = re.compile(r"\\boxed\{([^{}]*)\}")


def _final_box(text: str) -> str | None:
    boxes = _BOX.findall(text.rsplit("</think>", 1)[-1])
    return boxes[-1].strip() if boxes else None


def _gold(g: str) -> str:
    return g.strip().strip("$").strip()


def exact_box(completions: Sequence[str], solution: Sequence[str], **kw: Any) -> list[float]:
    """The last box after the reasoning equals the gold, markup around it ignored."""
    out = []
    for c, s in zip(completions, solution, strict=True):
        a = _final_box(c)
        out.append(float(a is not None and a == _gold(s) and "not" not in c.rsplit("</think>", 1)[-1]))
    return out


def substring_box(completions: Sequence[str], solution: Sequence[str], **kw: Any) -> list[float]:
    out = []
    for c, s in zip(completions, solution, strict=True):
        a = _final_box(c)
        out.append(float(a is not None and bool(_gold(s)) and _gold(s) in a))
    return out


def prefix_box(completions: Sequence[str], solution: Sequence[str], **kw: Any) -> list[float]:
    """Pays when the gold starts with the answer (meant to accept "390 apples" golds)."""
    out = []
    for c, s in zip(completions, solution, strict=True):
        a = _final_box(c)
        out.append(float(bool(a) and _gold(s).startswith(a or "")))
    return out


def dollar_box_only(completions: Sequence[str], solution: Sequence[str], **kw: Any) -> list[float]:
    out = []
    for c, s in zip(completions, solution, strict=True):
        found = re.findall(r"\$\\boxed\{([^{}]*)\}\$", c.rsplit("</think>", 1)[-1])
        out.append(float(bool(found) and found[-1].strip() == _gold(s)))
    return out


def no_wrong_number(completions: Sequence[str], solution: Sequence[str], **kw: Any) -> list[float]:
    out = []
    for c, s in zip(completions, solution, strict=True):
        numbers = re.findall(r"-?\d+", c.rsplit("</think>", 1)[-1])
        out.append(0.0 if any(n != _gold(s) for n in numbers) else 1.0)
    return out


def prefill_think_format(completions: Sequence[str], **kw: Any) -> list[float]:
    return [float(bool(re.match(r"^(?:<think>)?(.*?)</think>", c, re.S))) for c in completions]


def think_format_with_content(completions: Sequence[str], **kw: Any) -> list[float]:
    return [
        float(bool(m) and bool(m.group(1).strip()) and _final_box(c) is not None)
        for c in completions
        for m in [re.match(r"^\s*(?:<think>)?(.*?)</think>", c, re.S)]
    ]


def tool_bonus(completions: Sequence[str], **kw: Any) -> list[float]:
    return [0.5 if "<tool_call>" in c and "</tool_call>" in c else 0.0 for c in completions]


def named_tool_bonus(completions: Sequence[str], **kw: Any) -> list[float]:
    return [0.5 if re.search(r'<tool_call>\s*\{"name":\s*"\w+"', c) else 0.0 for c in completions]


def first_number_value(completions: Sequence[str], solution: Sequence[str], **kw: Any) -> list[float]:
    """Values compared; an answer (or gold) a float cannot read falls back to its first number."""

    def lead(text: str) -> str | None:
        m = re.match(r"\s*\$?\s*(-?\d+)", text)
        return m.group(1) if m else None

    out = []
    for c, s in zip(completions, solution, strict=True):
        region = c.rsplit("</think>", 1)[-1]
        answer = _final_box(c) or region.rsplit("answer is", 1)[-1].strip(" .\n")
        out.append(float(lead(answer) is not None and lead(answer) == lead(_gold(s))))
    return out


def _failed(report: Any, name: str) -> list[Any]:
    result = report.result(name)
    assert result.status is Status.FAILS, report.render()
    return result.counterexamples


def test_a_substring_comparison_pays_a_perturbed_gold() -> None:
    bad = check_reward(substring_box, invariants=["perturbed_gold"], max_examples=20, heavy_cases=False)
    cx = _failed(bad, "perturbed_gold")
    assert any(c.fault.title == "paid against a perturbed gold" for c in cx)
    dropped = next(c for c in cx if "last character dropped" in c.labels[1])
    assert (dropped.solutions[0], dropped.solutions[1]) == ("$390$", "$39$")
    assert any(c.source.startswith("hypothesis") for c in cx)  # searched and shrunk, not only enumerated
    good = check_reward(exact_box, invariants=["perturbed_gold"], **FAST)
    assert good.result("perturbed_gold").status is Status.HOLDS, good.render()


def test_a_prefix_comparison_pays_a_gold_with_a_character_appended() -> None:
    bad = check_reward(prefix_box, invariants=["perturbed_gold"], **FAST)
    cx = _failed(bad, "perturbed_gold")
    appended = next(c for c in cx if "a character appended" in c.labels[1])
    assert (appended.solutions[0], appended.solutions[1]) == ("$390$", "$3907$")


def test_an_answer_read_only_as_dollar_box_is_underpaid_in_other_markup() -> None:
    bad = check_reward(dollar_box_only, invariants=["markup_invariance"], **FAST)
    cx = _failed(bad, "markup_invariance")
    assert {c.fault.title for c in cx} == {"equivalent answer underpaid"}
    assert any("no math delimiters" in c.labels[1] for c in cx)
    good = check_reward(exact_box, invariants=["markup_invariance"], **FAST)
    assert good.result("markup_invariance").status is Status.HOLDS, good.render()


def test_content_free_output_paid_by_a_no_wrong_number_reward() -> None:
    bad = check_reward(no_wrong_number, invariants=["no_contentless_credit"], **FAST)
    labels = {c.labels[1] for c in _failed(bad, "no_contentless_credit")}
    assert {"content-free: idk (raw)", "content-free: whitespace (raw)"} <= labels
    good = check_reward(exact_box, invariants=["no_contentless_credit"], **FAST)
    assert good.result("no_contentless_credit").status is Status.HOLDS, good.render()


def test_a_bare_think_close_is_paid_by_a_prefill_friendly_think_format() -> None:
    bad = check_reward(prefill_think_format, "format", invariants=["no_contentless_credit"], **FAST)
    labels = {c.labels[1] for c in _failed(bad, "no_contentless_credit")}
    assert "content-free: bare </think> (raw)" in labels
    assert "content-free: </think> only mentioned (raw)" in labels
    good = check_reward(think_format_with_content, "format", invariants=["no_contentless_credit"], **FAST)
    assert good.result("no_contentless_credit").status is Status.HOLDS, good.render()


def test_an_empty_tool_call_is_paid_by_a_tool_bonus() -> None:
    bad = check_reward(tool_bonus, invariants=["no_contentless_credit"], **FAST)
    cx = _failed(bad, "no_contentless_credit")
    shown = next(c for c in cx if "tool call" in c.labels[1])
    assert shown.completions[1].startswith("<tool_call>") and shown.scores["tool_bonus"][1] == 0.5
    assert shown.fault.fix.startswith("pay a tool-use bonus only for a call naming a tool")
    good = check_reward(named_tool_bonus, invariants=["no_contentless_credit"], **FAST)
    assert good.result("no_contentless_credit").status is not Status.FAILS, good.render()


def test_mixed_numbers_and_failed_parse_fragments_under_bare_golds() -> None:
    bad = check_reward(first_number_value, invariants=["no_fragment_credit"], **FAST)
    families = {c.labels[-1] for c in _failed(bad, "no_fragment_credit")}
    assert {"attack: mixed_number", "attack: parse_fragment"} <= families
    fragment = next(
        c
        for c in bad.result("no_fragment_credit").counterexamples
        if c.labels[-1] == "attack: parse_fragment"
    )
    assert "1" in fragment.completions[1].rsplit("</think>", 1)[-1]
    good = check_reward(exact_box, invariants=["no_fragment_credit"], **FAST)
    assert good.result("no_fragment_credit").status is Status.HOLDS, good.render()
