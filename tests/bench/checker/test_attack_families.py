"""Each attack family: a reward written here that pays it fails the family's invariant with a shrunk
counterexample naming the family; a strict reward that resists every family passes."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Any

import pytest

from rewardcheck.bench.checker import check_reward
from rewardcheck.bench.strategies.attacks import FAMILIES

_MARKS = (
    re.compile(r"The answer is \$\\boxed\{(?P<a>[^{}]*)\}\$\."),
    re.compile(r"<answer>\n(?P<a>.*)\n</answer>"),
    re.compile(r"The answer is (?P<a>[^.$]*)\."),
    re.compile(r"#### (?P<a>.*)"),
)


def _gold(g: str) -> str:
    return g.strip().strip("$").strip()


def _region(text: str) -> str:
    return text.rsplit("</think>", 1)[-1].strip()


def _strict(region: str) -> str | None:
    """The answer when the last paragraph is exactly one marked answer (and nothing else)."""
    last = region.split("\n\n")[-1].strip()
    for m in _MARKS:
        hit = m.fullmatch(last)
        if hit:
            return hit.group("a").strip()
    return None


def _first(region: str) -> str | None:
    hits = [(h.start(), h.group("a").strip()) for m in _MARKS for h in m.finditer(region)]
    return min(hits)[1] if hits else None


def _value(latex: str) -> float | None:
    from latex2sympy2_extended import latex2sympy

    try:
        return float(latex2sympy(latex).evalf())
    except Exception:
        return None


def _loose(loophole: str) -> Callable[..., list[float]]:
    """A strict accuracy reward with one named loophole."""

    def judge(text: str, gold: str) -> bool:
        region = _region(text)
        g = _gold(gold)
        if _strict(region) == g:
            return True
        if loophole == "not":
            return _strict(region.replace("It is not the case that: ", "").replace("not ", "")) == g
        if loophole == "first":
            return _first(region) == g
        if loophole == "any_token":
            return g in re.findall(r"\d+", region.split("\n\n")[-1])
        if loophole == "evaluate":
            a = _strict(region)
            return a is not None and _value(a) is not None and _value(a) == _value(g)
        if loophole == "gold_anywhere":
            return g in region
        if loophole == "prefix":
            a = _strict(region)
            return a is not None and g.startswith(a.replace("\u200b", "").strip())
        if loophole == "letters":
            a = _strict(region)
            return a is not None and sorted(a) == sorted(g)
        if loophole == "leading_number":
            a = _strict(region)
            lead_a, lead_g = (re.match(r"-?\d+", x or "") for x in (a, g))
            return bool(lead_a and lead_g and lead_a.group() == lead_g.group())
        if loophole == "rounded":
            a = _strict(region)
            va, vg = (_value(a) if a else None), _value(g)
            return va is not None and vg is not None and round(va, 6) == round(vg, 6)
        raise AssertionError(loophole)

    def accuracy_reward(completions: Sequence[str], solution: Sequence[str], **kw: Any) -> list[float]:
        return [float(judge(c, s)) for c, s in zip(completions, solution, strict=True)]

    accuracy_reward.__name__ = f"accuracy_with_{loophole}_loophole"
    return accuracy_reward


def strict_accuracy(completions: Sequence[str], solution: Sequence[str], **kw: Any) -> list[float]:
    return [float(_strict(_region(c)) == _gold(s)) for c, s in zip(completions, solution, strict=True)]


def farmed_format(completions: Sequence[str], **kw: Any) -> list[float]:
    """Pays for the answer marker's shape, whatever is (not) inside."""
    return [float(any(m.search(_region(c)) for m in _MARKS) and "</think>" in c) for c in completions]


def strict_format(completions: Sequence[str], **kw: Any) -> list[float]:
    out = []
    for c in completions:
        think = c.split("</think>", 1)[0].replace("<think>", "").strip() if "</think>" in c else ""
        answer = _strict(_region(c)) if "</think>" in c else None
        out.append(float(bool(think) and bool(answer) and bool(answer.replace("\u200b", "").strip())))
    return out


def counted_steps(completions: Sequence[str], **kw: Any) -> list[float]:
    return [min(1.0, len(re.findall(r"Step \d:|First,|Next,|Finally,", c)) / 3) for c in completions]


def steps_with_answer(completions: Sequence[str], **kw: Any) -> list[float]:
    """Steps count only with a marked answer after the reasoning."""
    return [
        v if _strict(_region(c)) else 0.0
        for v, c in zip(counted_steps(completions), completions, strict=True)
    ]


# family -> (kind, a reward that pays it, a reward that resists it)
CASES: dict[str, tuple[str, Callable[..., Any], Callable[..., Any]]] = {
    "negation": ("accuracy", _loose("not"), strict_accuracy),
    "retraction": ("accuracy", _loose("first"), strict_accuracy),
    "contradiction_after": ("accuracy", _loose("first"), strict_accuracy),
    "first_vs_last": ("accuracy", _loose("first"), strict_accuracy),
    "hedge": ("accuracy", _loose("any_token"), strict_accuracy),
    "shotgun": ("accuracy", _loose("any_token"), strict_accuracy),
    "echo": ("accuracy", _loose("evaluate"), strict_accuracy),
    "unevaluated": ("accuracy", _loose("evaluate"), strict_accuracy),
    "injection": ("accuracy", _loose("gold_anywhere"), strict_accuracy),
    "empty_confusable": ("accuracy", _loose("prefix"), strict_accuracy),
    "word_anagram": ("accuracy", _loose("letters"), strict_accuracy),
    "round_alike": ("accuracy", _loose("rounded"), strict_accuracy),
    "mixed_number": ("accuracy", _loose("any_token"), strict_accuracy),
    "parse_fragment": ("accuracy", _loose("leading_number"), strict_accuracy),
    "format_farming": ("format", farmed_format, strict_format),
    "filler_steps": ("reasoning_steps", counted_steps, steps_with_answer),
}
# The stance families drawn from the wording grammar's two pools: each region holds the right answer
# somewhere (denied, hedged, asked, offered, taken back or corrected), so a reward that pays the gold anywhere
# in the region pays them all.
CASES.update(
    {
        f"{stance}@{pool}": ("accuracy", _loose("gold_anywhere"), strict_accuracy)
        for stance in ("negation", "retraction", "hedge", "question", "alternatives", "correction")
        for pool in ("lexicon", "heldout")
    }
)


def test_every_family_has_a_case() -> None:
    assert set(CASES) == set(FAMILIES)


@pytest.mark.parametrize("family", sorted(CASES))
def test_family_fails_its_invariant_shrunk_and_named(family: str) -> None:
    kind, pays, resists = CASES[family]
    invariant = FAMILIES[family].invariant
    bad = check_reward(pays, kind, invariants=[invariant], max_examples=8, heavy_cases=False).result(
        invariant
    )
    assert not bad.holds
    searched = [cx for cx in bad.counterexamples if cx.source.startswith("hypothesis")]
    named = [cx for cx in searched if f"a {family} attack" in cx.note]
    assert named, [cx.note for cx in bad.counterexamples]
    assert named[0].labels[-1] == f"attack: {family}"
    good = check_reward(resists, kind, invariants=[invariant], max_examples=8, heavy_cases=False).result(
        invariant
    )
    assert good.holds, good.render()


def test_templates_found_before_attacking() -> None:
    """A reward that reads only ``####`` is attacked inside ``####`` (an unwrapped attack tests nothing)."""

    def hashes_only(completions: Sequence[str], solution: Sequence[str], **kw: Any) -> list[float]:
        out = []
        for c, s in zip(completions, solution, strict=True):
            hits = re.findall(r"#### (\S+)", c)
            out.append(float(bool(hits) and hits[0] == _gold(s)))
        return out

    report = check_reward(
        hashes_only, "accuracy", invariants=["last_answer_counts"], max_examples=8, heavy_cases=False
    )
    result = report.result("last_answer_counts")
    assert not result.holds
    assert any(
        "template hashes+" in cx.note for cx in result.counterexamples if cx.source.startswith("hypothesis")
    )
