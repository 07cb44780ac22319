"""The checker on rewards as their authors wrote them: calling conventions detected (no adapters, no
TypeError), and the exploits the public reward auditors find reported, with the family named."""

from __future__ import annotations

import importlib.util
import os
import re
import sys
import types
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

from rewardcheck.bench.cases.catalogue import load_attack_corpus
from rewardcheck.bench.checker import check_reward
from rewardcheck.bench.invariants.convention import call_arguments, detect_convention
from rewardcheck.bench.strategies.attacks import corpus_reference

_EXPLOITS = ["no_negated_credit", "last_answer_counts", "no_echo_credit"]


def _families(report: Any, invariant: str) -> set[str]:
    notes = [cx.note for cx in report.result(invariant).counterexamples]
    return {m.group(1) for n in notes for m in [re.search(r"to an? (\w+) attack", n)] if m}


# A frozen copy of the behaviour of rewards/patched accuracy as of this branch's base (2b97b96): the answer is
# the last \boxed{} after the think block, two different boxed answers are wrong, verify(gold, answer).
def _last_boxed(text: str) -> list[str]:
    out, i = [], 0
    while (i := text.find("\\boxed{", i)) != -1:
        depth, j = 1, i + 7
        while j < len(text) and depth:
            depth += {"{": 1, "}": -1}.get(text[j], 0)
            j += 1
        out.append(text[i + 7 : j - 1])
        i = j
    return out


def frozen_patched_accuracy(
    completions: Sequence[str], solution: Sequence[str], **kw: Any
) -> list[float | None]:
    from math_verify import parse, verify

    out: list[float | None] = []
    for text, gold in zip(completions, solution, strict=True):
        g = parse(gold if "$" in gold else f"${gold}$", parsing_timeout=None)
        if not g:
            out.append(None)
            continue
        boxes = _last_boxed(text.rsplit("</think>", 1)[-1])
        if not boxes or len(set(boxes)) > 1:
            out.append(0.0)
            continue
        answer = parse(f"$\\boxed{{{boxes[-1]}}}$", parsing_timeout=None)
        out.append(float(verify(g, answer, timeout_seconds=None)))
    return out


frozen_patched_accuracy.__name__ = "accuracy_reward"


def test_frozen_patched_reports_negation_contradiction_first_answer_and_echo() -> None:
    report = check_reward(
        frozen_patched_accuracy, "accuracy", invariants=_EXPLOITS, max_examples=8, heavy_cases=False
    )
    assert not report.ok
    assert "negation" in _families(report, "no_negated_credit")
    assert {"contradiction_after", "first_vs_last"} <= _families(report, "last_answer_counts")
    assert "echo" in _families(report, "no_echo_credit")


def test_convention_detection() -> None:
    def positional(responses, targets):  # type: ignore[no-untyped-def]
        return [float(r == t) for r, t in zip(responses, targets, strict=True)]

    def verl_style(completions, ground_truth, **kw):  # type: ignore[no-untyped-def]
        return [0.0] * len(completions)

    def prompt_first(prompts, completions, answer):  # type: ignore[no-untyped-def]
        return [0.0] * len(completions)

    cols = {"solution": ["3"], "prompts": ["p"], "completion_ids": [[1]]}
    args, kw = call_arguments(detect_convention(positional), ["3"], cols)
    assert args == (["3"], ["3"]) and kw == {}
    args, kw = call_arguments(detect_convention(verl_style), ["x"], cols)
    assert args == () and kw["ground_truth"] == ["3"] and kw["completion_ids"] == [[1]]
    args, kw = call_arguments(detect_convention(prompt_first), ["x"], cols)
    assert args == () and sorted(kw) == ["answer", "completions", "prompts"]
    assert check_reward(
        positional, "accuracy", invariants=["well_formed"], max_examples=3, heavy_cases=False
    ).ok


def test_conversational_retry_is_reported() -> None:
    def messages_only(completions, solution, **kw):  # type: ignore[no-untyped-def]
        return [
            float(c[0]["content"].endswith(f"{{{s.strip('$')}}}$."))
            for c, s in zip(completions, solution, strict=True)
        ]

    report = check_reward(
        messages_only, "accuracy", invariants=["well_formed"], max_examples=3, heavy_cases=False
    )
    assert report.ok, report.render()
    assert report.settings["calling"]["messages_only"].startswith("conversational messages")


def test_trl_rewards_checked_unchanged() -> None:
    trl_rewards = pytest.importorskip("trl.rewards")
    report = check_reward(
        trl_rewards.accuracy_reward, "accuracy", invariants=_EXPLOITS, max_examples=5, heavy_cases=False
    )
    assert "TypeError" not in report.render()
    assert report.settings["calling"]["accuracy_reward"].startswith("conversational")
    assert "negation" in _families(report, "no_negated_credit")  # math-verify credits a negated box
    fmt = check_reward(
        trl_rewards.think_format_reward,
        "format",
        invariants=["well_formed"],
        max_examples=3,
        heavy_cases=False,
    )
    assert fmt.ok and "TypeError" not in fmt.render()


@pytest.mark.parametrize("profile", ["openr1@e4ac3ae", "openr1@1416fa0"])
def test_faithful_profiles_report_the_upstream_exploits(profile: str) -> None:
    from rewardcheck.rewards import build_registry

    acc = build_registry({}, profile)["accuracy"]
    report = check_reward(
        acc,
        "accuracy",
        invariants=["no_negated_credit", "no_echo_credit"],
        max_examples=5,
        heavy_cases=False,
    )
    assert "negation" in _families(report, "no_negated_credit")
    assert "echo" in _families(report, "no_echo_credit")


# open-r1's reward functions re-expressed as small functions of our own (no upstream code), so that the checks
# that must hold against upstream's real behaviour run in CI; the real files below add the same checks where a
# checkout is present. Each behaves like huggingface/open-r1 src/open_r1/rewards.py at the cited commit.


def _mv_answer(content: str, boxed: Any) -> list[Any]:
    from latex2sympy2_extended import NormalizationConfig
    from math_verify import LatexExtractionConfig, parse

    norm = NormalizationConfig(
        nits=False, malformed_operators=False, basic_latex=True, equations=True, boxed=boxed, units=True
    )
    config = LatexExtractionConfig(
        normalization_config=norm, boxed_match_priority=0, try_extract_without_anchor=False
    )
    return list(parse(content, extraction_config=[config], extraction_mode="first_match"))


# e4ac3ae070e43d7923f806c4e66c45e32ea52969 (2025-02-10) accuracy_reward: an unannotated
# ``(completions, solution, **kwargs)`` reading ``completion[0]["content"]`` (conversational only: a plain string
# raises ``TypeError: string indices must be integers``); the gold parsed LaTeX-only (first match) and paid 1.0
# when that fails; ``verify(answer, gold)`` with math-verify's own timeouts (a power tower takes ~5 s).
def e4ac3ae_accuracy(completions, solution, **kwargs):  # type: ignore[no-untyped-def]
    from math_verify import LatexExtractionConfig, parse, verify

    contents = [completion[0]["content"] for completion in completions]
    out = []
    for content, sol in zip(contents, solution, strict=False):
        gold = parse(sol, extraction_mode="first_match", extraction_config=[LatexExtractionConfig()])
        out.append(float(verify(_mv_answer(content, "all"), gold)) if gold else 1.0)
    return out


# 1416fa0cf21595d2083b399a2a0bbddd7f6e9563 (2026-04-02) accuracy_reward: annotated
# ``completions: list[list[dict[str, str]]]``, the same ``completion[0]["content"]`` read; the gold parsed with
# math-verify's default extraction, None when it does not parse or verify raises; ``verify(gold, answer)``.
def l416fa0_accuracy(
    completions: list[list[dict[str, str]]], solution: list[str], **kwargs: Any
) -> list[float | None]:
    from math_verify import parse, verify

    out: list[float | None] = []
    for completion, sol in zip(completions, solution, strict=False):
        gold = parse(sol, extraction_mode="first_match")
        if not gold:
            out.append(None)
            continue
        try:
            out.append(float(verify(gold, _mv_answer(completion[0]["content"], "all"))))
        except Exception:
            out.append(None)
    return out


# reasoning_steps_reward at both commits (unchanged between them): unannotated ``(completions, **kwargs)``,
# ``completion[0]["content"]``, min(1, markers / 3) for markers anywhere (no MULTILINE, so only the first
# ``\d+.`` alternative is anchored), which pays 'First, Finally,' 2/3.
_STEPS = re.compile(r"(Step \d+:|^\d+\.|\n-|\n\*|First,|Second,|Next,|Finally,)")


def openr1_reasoning_steps(completions, **kwargs):  # type: ignore[no-untyped-def]
    return [min(1.0, len(_STEPS.findall(c[0]["content"])) / 3) for c in completions]


for _f in (e4ac3ae_accuracy, l416fa0_accuracy):
    _f.__name__ = "accuracy_reward"
openr1_reasoning_steps.__name__ = "reasoning_steps_reward"


def test_reexpressed_upstream_behaves_like_the_profiles() -> None:
    """The test-local functions agree with the faithful profiles (proved against the real code by
    fixtures/upstream), so the checks below are checks of upstream's behaviour."""
    from rewardcheck.rewards import build_registry

    texts = [
        "<think>\nok\n</think>\nThe answer is $\\boxed{3}$.",
        "The answer is not $\\boxed{3}$.",
        "First, Finally,",
        "\\boxed{4}",
    ]
    golds = ["$3$", "$3$", "$3$", "6"]
    msgs = [[{"role": "assistant", "content": t}] for t in texts]
    for local, profile in ((e4ac3ae_accuracy, "openr1@e4ac3ae"), (l416fa0_accuracy, "openr1@1416fa0")):
        reg = build_registry({}, profile)
        assert local(msgs, golds) == reg["accuracy"](msgs, solution=golds), profile
        assert openr1_reasoning_steps(msgs) == reg["reasoning_steps"](msgs), profile
    with pytest.raises(TypeError, match="string indices must be integers"):
        e4ac3ae_accuracy(texts, golds)  # conversational only, as upstream


def _wrong_form_notes(report: Any) -> list[str]:
    """Counterexample notes that show a call in the wrong completion form, other than the first call's
    (which names the form it tried first)."""
    notes = [cx.note for r in report.results for cx in r.counterexamples]
    return [n for n in notes if "string indices must be integers" in n and "the first try with" not in n]


def test_e4ac3ae_accuracy_is_called_in_the_form_that_returned() -> None:
    """The reported bug: the first call (the power-tower probe) raised TypeError as plain strings, the
    conversational retry ran past the limit, and the plain form stayed: every invariant failed with
    TypeError. Now the conversational form is kept from the first call that returned."""
    report = check_reward(
        e4ac3ae_accuracy, "accuracy", invariants=["well_formed", "no_negated_credit"], max_examples=5
    )
    assert report.settings["calling"]["accuracy_reward"].startswith("conversational"), report.render()
    assert not _wrong_form_notes(report), report.render()
    assert "negation" in _families(report, "no_negated_credit")  # math-verify credits a negated box
    timed_out = [cx for cx in report.result("well_formed").counterexamples if "did not return" in cx.note]
    assert timed_out and "9^{9^{9^{9}}}" in timed_out[0].completions[0]  # its real fault on the probe


@pytest.mark.parametrize("accuracy", [e4ac3ae_accuracy, l416fa0_accuracy], ids=["e4ac3ae", "1416fa0"])
def test_reexpressed_openr1_rewards_checked_unchanged(accuracy: Any) -> None:
    acc = check_reward(
        accuracy,
        "accuracy",
        invariants=["well_formed", "no_negated_credit"],
        max_examples=5,
        heavy_cases=False,
    )
    assert "TypeError" not in acc.render()
    assert acc.settings["calling"]["accuracy_reward"].startswith("conversational")
    assert "negation" in _families(acc, "no_negated_credit")
    steps = check_reward(
        openr1_reasoning_steps,
        "reasoning_steps",
        invariants=["no_degenerate_reward"],
        max_examples=5,
        heavy_cases=False,
    )
    assert not steps.result("no_degenerate_reward").holds  # 'First, Finally,' earns 2/3 upstream
    assert "TypeError" not in steps.render()
    assert steps.settings["calling"]["reasoning_steps_reward"].startswith("conversational")


def test_corpus_counterexamples_show_a_real_reference() -> None:
    """A corpus row is scored beside a correct completion for its gold in its own template (its reasoning
    kept, the gold stated plainly), never beside an empty "reference" that reads as "the right answer
    scores 0"; a row whose template cannot be read is shown alone."""
    report = check_reward(
        e4ac3ae_accuracy, "accuracy", invariants=["no_negated_credit"], max_examples=2, heavy_cases=False
    )
    corpus = [
        cx for cx in report.result("no_negated_credit").counterexamples if cx.source.startswith("case:")
    ]
    assert len(corpus) >= 5, report.render()
    for cx in corpus:
        assert cx.labels[0] == "reference (right answer)" and cx.labels[1].startswith("attack: "), cx.render()
        reference, attack = cx.completions
        gold = (cx.solution or "").strip("$")
        assert reference and reference != attack and f"\\boxed{{{gold}}}" in reference, cx.render()
        assert reference.rpartition("</think>")[0] == attack.rpartition("</think>")[0]  # same reasoning
        assert cx.scores["accuracy_reward"][0] == 1.0, cx.render()  # the right answer is paid
    assert "completion=''" not in report.render()
    injection = next(a for a in load_attack_corpus() if a.family == "injection" and "verifier" in a.text)
    assert corpus_reference(injection) is None  # no answer marker: no template to state the gold in


# The real open-r1 rewards.py, extracted from a checkout outside this repository:
#   git -C open-r1 show e4ac3ae:src/open_r1/rewards.py > $REWARDCHECK_OPENR1_DIR/openr1-e4ac3ae/rewards.py
_UPSTREAM = Path(os.environ.get("REWARDCHECK_OPENR1_DIR", "/work/upstream"))


class _Stub(types.ModuleType):
    """open-r1's code-execution helpers, which the math rewards never call."""

    def __getattr__(self, name: str) -> Any:
        if name.startswith("__"):
            raise AttributeError(name)
        return lambda *args, **kwargs: None


def _load_upstream(commit: str) -> types.ModuleType:
    path = _UPSTREAM / f"openr1-{commit}" / "rewards.py"
    if not path.exists():
        pytest.skip(f"{path} absent (set REWARDCHECK_OPENR1_DIR to a folder with openr1-<commit>/rewards.py)")
    package = f"_upstream_{commit}"
    for name in (
        package,
        f"{package}.utils",
        f"{package}.utils.code_providers",
        f"{package}.utils.competitive_programming",
    ):
        stub = _Stub(name)
        stub.__path__ = []
        sys.modules[name] = stub
    spec = importlib.util.spec_from_file_location(f"{package}.rewards", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("commit", ["e4ac3ae", "1416fa0"])
def test_real_openr1_rewards_checked_unchanged(commit: str) -> None:
    module = _load_upstream(commit)
    acc = check_reward(
        module.accuracy_reward,
        "accuracy",
        invariants=["well_formed", "no_negated_credit"],
        max_examples=5,
        heavy_cases=False,
    )
    assert "TypeError" not in acc.render()
    assert acc.settings["calling"]["accuracy_reward"].startswith("conversational")
    assert "negation" in _families(acc, "no_negated_credit")
    steps = check_reward(
        module.reasoning_steps_reward,
        "reasoning_steps",
        invariants=["no_degenerate_reward"],
        max_examples=5,
        heavy_cases=False,
    )
    assert not steps.result("no_degenerate_reward").holds  # 'First, Finally,' earns 2/3 upstream
    assert "TypeError" not in steps.render()
