r"""A strict shim of TRL's reward tests, run against ``trl.rewards`` (installed) and ``rewardcheck.trl``.

TRL's own ``tests/test_rewards.py`` is not in the wheel, so each case here is re-expressed (our code) from what
TRL 1.16.0 documents in ``trl/rewards/*.py``: the docstring examples, the stated rules (None for an unparseable
gold, 0.0 for reasoning that never ends, the cosine formula in tokens with the bounds it names, the n-gram
penalty, DAPO's soft punishment, ``soft_punish_cache=0``, ``max_penalty`` non-positive) and the call shapes
(``f(completions, solution)``, ``f(completions, solution, completion_ids)``, ``f(completion_ids)``, every
column by keyword as ``GRPOTrainer`` passes them). A few cases follow from TRL's rule "the answer math-verify
parses is verified" on inputs the patched engine refuses (a negated box, an echoed expression).

Every case must pass against ``trl.rewards`` (so it is TRL's behaviour, not ours). Against
``rewardcheck.trl`` a case either passes or is listed in ``BY_DESIGN`` with the reason and the value ours
pays instead: that case is a strict xfail (it must differ) and ``test_by_design_value`` pins our value.
"""

from __future__ import annotations

import importlib
import inspect
import math
import pickle
from collections.abc import Callable
from dataclasses import dataclass
from types import ModuleType
from typing import Any

import pytest

trl_rewards = pytest.importorskip("trl.rewards")  # the grpo extra; CI installs it

TRL_VERSION = "1.16.0"
FRAC = r"\frac{1}{3}"


def conv(*texts: str) -> list[list[dict[str, str]]]:
    return [[{"role": "assistant", "content": t}] for t in texts]


def impl(name: str) -> ModuleType:
    return importlib.import_module(name)


@dataclass(frozen=True)
class Case:
    id: str
    call: Callable[[ModuleType], Any]
    expected: Any  # a value, or an exception type the call must raise


def _log_keys(m: ModuleType) -> list[str]:
    seen: dict[str, list[Any]] = {}
    m.accuracy_reward(conv(rf"\boxed{{{FRAC}}}"), [FRAC], log_extra=lambda k, v: seen.setdefault(k, v))
    return sorted(seen)


REASONING = conv(
    rf"<think> Reasoning content </think> The final answer is \boxed{{{FRAC}}}",
    r"<think> Reasoning content </think> The final answer is \boxed{\frac{1}{2}}",
    rf"<think> Reasoning content with partial answers \boxed{{{FRAC}}} but no final answer",
)
THINK_DOC = [
    [{"content": "<think>\nThis is my reasoning.\n</think>\nThis is my answer."}],
    [{"content": "<think>\nThis is my reasoning.\nThis is my answer."}],
]
COSINE_DOC = [[{"content": rf"\boxed{{{FRAC}}}"}], [{"content": r"\boxed{\frac{1}{2}}"}]]


def _cos(m: ModuleType, n: int, **factory: Any) -> list[float | None]:
    f = m.get_cosine_scaled_reward(**{"max_len": 100, **factory})
    return list(f(COSINE_DOC, [FRAC, FRAC], [[1] * n, [1] * n]))


CASES: tuple[Case, ...] = (
    # ---- accuracy_reward
    Case(
        "accuracy/docstring",
        lambda m: m.accuracy_reward(
            conv(rf"My answer is \boxed{{{FRAC}}}", r"My answer is \boxed{\frac{1}{2}}"), [FRAC, FRAC]
        ),
        [1.0, 0.0],
    ),
    Case(
        "accuracy/unparseable_gold_is_none",
        lambda m: m.accuracy_reward(conv(r"\boxed{42}"), ["Answer is forty two."]),
        [None],
    ),
    Case(
        "accuracy/keywords_as_the_trainer_passes",
        lambda m: m.accuracy_reward(
            completions=conv(r"\boxed{3}", r"\boxed{4}"),
            solution=["$3$", "$3$"],
            prompts=[conv("q")[0]] * 2,
            completion_ids=[[1, 2], [3]],
            trainer_state=None,
            log_metric=None,
        ),
        [1.0, 0.0],
    ),
    Case("accuracy/log_extra_columns", _log_keys, ["answer_parsed", "gold_parsed", "solution"]),
    Case(
        "accuracy/negated_box",
        lambda m: m.accuracy_reward(conv(r"The answer is not $\boxed{3}$."), ["3"]),
        [1.0],
    ),
    Case(
        "accuracy/echoed_expression",
        lambda m: m.accuracy_reward(conv(r"The answer is $\boxed{17 \cdot 23 - 1}$."), ["390"]),
        [1.0],
    ),
    Case(
        "accuracy/first_box_over_a_correction",
        lambda m: m.accuracy_reward(conv(r"\boxed{3} Wait, I made an error: it is \boxed{4}."), ["4"]),
        [0.0],
    ),
    # ---- reasoning_accuracy_reward
    Case(
        "reasoning_accuracy/docstring",
        lambda m: m.reasoning_accuracy_reward(REASONING, [FRAC] * 3, reasoning_delimiters=["</think>"]),
        [1.0, 0.0, 0.0],
    ),
    Case(
        "reasoning_accuracy/default_delimiter",
        lambda m: m.reasoning_accuracy_reward(REASONING, [FRAC] * 3),
        [1.0, 0.0, 0.0],
    ),
    Case(
        "reasoning_accuracy/custom_delimiter_answer_after_it",
        lambda m: m.reasoning_accuracy_reward(
            conv(
                r"Maybe \boxed{\frac{1}{2}}. <|end_of_thought|> So \boxed{\frac{1}{3}}.",
                r"So \boxed{\frac{1}{3}}. <|end_of_thought|> Hence \boxed{\frac{1}{2}}.",
            ),
            [FRAC, FRAC],
            reasoning_delimiters=["<|end_of_thought|>"],
        ),
        [1.0, 0.0],
    ),
    Case(
        "reasoning_accuracy/unparseable_gold_is_none",
        lambda m: m.reasoning_accuracy_reward(
            conv(r"<think>\nok\n</think>\n\boxed{42}"), ["Answer is forty two."]
        ),
        [None],
    ),
    Case(
        "reasoning_accuracy/incomplete_reasoning_is_zero_not_none",
        lambda m: m.reasoning_accuracy_reward(conv(r"<think>\nstill \boxed{42}"), ["Answer is forty two."]),
        [0.0],
    ),
    # ---- think_format_reward
    Case("think_format/docstring", lambda m: m.think_format_reward(THINK_DOC), [1.0, 0.0]),
    Case(
        "think_format/one_line",
        lambda m: m.think_format_reward(conv("<think>This is my reasoning.</think>This is my answer.")),
        [1.0],
    ),
    Case(
        "think_format/no_tags_tag_inside_nested",
        lambda m: m.think_format_reward(
            conv(
                "This is my reasoning. This is my answer.",
                "This<think>is my reasoning.</think>\nThis is my answer.",
                "<think>This is<think>my reasoning.</think></think>This is my answer.",
            )
        ),
        [0.0, 0.0, 0.0],
    ),
    Case(
        "think_format/no_opening_tag",
        lambda m: m.think_format_reward(conv("This is my reasoning.</think>\nThis is my answer.")),
        [0.0],
    ),
    Case(
        "think_format/empty_think",
        lambda m: m.think_format_reward(conv("<think></think>\nThis is my answer.")),
        [1.0],
    ),
    # ---- get_cosine_scaled_reward
    Case(
        "cosine/docstring",
        lambda m: m.get_cosine_scaled_reward(max_len=100)(COSINE_DOC, [FRAC, FRAC], [[1] * 50, [1] * 50]),
        [0.75, -0.75],
    ),
    Case("cosine/at_max_len_the_long_bounds", lambda m: _cos(m, 100), [0.5, -0.5]),
    Case("cosine/past_max_len_clamped", lambda m: _cos(m, 250), [0.5, -0.5]),
    Case("cosine/shortest", lambda m: _cos(m, 0), [1.0, -1.0]),
    Case(
        "cosine/custom_bounds",
        lambda m: _cos(m, 50, min_value_correct=0.0, max_value_correct=2.0),
        [1.0, -0.75],
    ),
    Case(
        "cosine/unparseable_gold_is_none",
        lambda m: m.get_cosine_scaled_reward(max_len=100)(
            COSINE_DOC[:1], ["Answer is forty two."], [[1] * 5]
        ),
        [None],
    ),
    Case(
        "cosine/keywords_as_the_trainer_passes",
        lambda m: m.get_cosine_scaled_reward(max_len=100)(
            completions=COSINE_DOC, solution=[FRAC, FRAC], completion_ids=[[1] * 50] * 2, prompts=["q", "q"]
        ),
        [0.75, -0.75],
    ),
    Case(
        "cosine/inverted_wrong_branch",
        lambda m: _cos(m, 10, min_value_wrong=0.0, max_value_wrong=-0.5),
        [0.9878, -0.0122],
    ),
    # ---- get_repetition_penalty_reward
    Case(
        "repetition/docstring",
        lambda m: m.get_repetition_penalty_reward(ngram_size=2, max_penalty=-1.0)(
            [[1, 2, 3, 4], [5, 5, 5, 5, 5]]
        ),
        [0.0, -0.75],
    ),
    Case(
        "repetition/defaults_3gram",
        lambda m: m.get_repetition_penalty_reward()([[1, 2, 3, 1, 2, 3]]),
        [-0.25],
    ),
    Case(
        "repetition/shorter_than_ngram",
        lambda m: m.get_repetition_penalty_reward(4, -1.0)([[7, 7, 7], []]),
        [0.0, 0.0],
    ),
    Case(
        "repetition/scaled_by_max_penalty",
        lambda m: m.get_repetition_penalty_reward(2, -0.5)([[5] * 5]),
        [-0.375],
    ),
    Case("repetition/positive_penalty_raises", lambda m: m.get_repetition_penalty_reward(2, 0.5), ValueError),
    Case(
        "repetition/keywords_as_the_trainer_passes",
        lambda m: m.get_repetition_penalty_reward(2, -1.0)(
            prompts=["q"], completions=conv("a"), completion_ids=[[5, 5, 5, 5, 5]], solution=["1"]
        ),
        [-0.75],
    ),
    # ---- get_soft_overlong_punishment
    Case(
        "overlong/docstring",
        lambda m: m.get_soft_overlong_punishment(max_completion_len=100, soft_punish_cache=20)([[1] * 90]),
        [-0.5],
    ),
    Case(
        "overlong/zones",
        lambda m: m.get_soft_overlong_punishment(100, 20)([[1] * 80, [1] * 81, [1] * 100, [1] * 101]),
        [0.0, -0.05, -1.0, -1.0],
    ),
    Case(
        "overlong/cache_zero_no_soft_zone",
        lambda m: m.get_soft_overlong_punishment(100, 0)([[1] * 100, [1] * 101]),
        [0.0, -1.0],
    ),
    Case(
        "overlong/keywords_as_the_trainer_passes",
        lambda m: m.get_soft_overlong_punishment(100, 20)(
            completions=conv("a"), completion_ids=[[1] * 90], prompts=["q"]
        ),
        [-0.5],
    ),
)

# case id -> (why ours pays otherwise, what ours pays)
BY_DESIGN: dict[str, tuple[str, Any]] = {
    "accuracy/negated_box": (
        "by design, because 'The answer is not X' asserts nothing: math-verify parses the box and credits it, "
        "the patched engine reads the negation (no answer)",
        [0.0],
    ),
    "accuracy/echoed_expression": (
        "by design, because boxing the prompt's own expression unevaluated leaves the computation to the "
        "grader; the patched engine refuses unevaluated expressions for an integer gold",
        [0.0],
    ),
    "accuracy/first_box_over_a_correction": (
        "by design, because the last stated answer is the one a completion commits to; TRL's first_match "
        "extraction grades the answer the completion retracted",
        [1.0],
    ),
    "think_format/no_opening_tag": (
        "by design, because R1-style chat templates pre-fill '<think>' in the prompt, so a completion starts "
        "inside its think block; TRL's rule pays 0 to every completion of such a model",
        [1.0],
    ),
    "think_format/empty_think": (
        "by design, because tags around nothing are format without content (the format_needs_content "
        "invariant): an empty think block earns nothing",
        [0.0],
    ),
    "cosine/inverted_wrong_branch": (
        "by design, because a wrong branch that pays the shortest wrong answer the most (min_value_wrong > "
        "max_value_wrong, open-r1's CLI default 0.0 / -0.5) made the open-r1 seed run collapse to answer-less "
        "output: the factory raises ValueError naming the fix",
        ValueError,
    ),
}

IMPLS = ("trl.rewards", "rewardcheck.trl")


def _same(got: Any, want: Any) -> bool:
    if isinstance(want, list) and isinstance(got, list):
        return len(got) == len(want) and all(_same(g, w) for g, w in zip(got, want, strict=True))
    if isinstance(want, float) and isinstance(got, int | float) and not isinstance(got, bool):
        return math.isclose(got, want, abs_tol=1e-4)
    return bool(got == want)


def _outcome(case: Case, module: ModuleType, want: Any) -> None:
    if isinstance(want, type) and issubclass(want, BaseException):
        with pytest.raises(want):
            case.call(module)
        return
    got = case.call(module)
    assert _same(got, want), f"{case.id}: got {got!r}, documented {want!r}"


def _params() -> list[Any]:
    out = []
    for name in IMPLS:
        for case in CASES:
            marks = []
            if name == "rewardcheck.trl" and case.id in BY_DESIGN:
                marks.append(pytest.mark.xfail(strict=True, reason=BY_DESIGN[case.id][0]))
            out.append(pytest.param(name, case, id=f"{name}:{case.id}", marks=marks))
    return out


def test_installed_trl_is_the_documented_version() -> None:
    from importlib.metadata import version

    from rewardcheck.trl import TRL_VERSION as MIRRORED

    assert version("trl") == TRL_VERSION == MIRRORED


@pytest.mark.parametrize(("name", "case"), _params())
def test_trl_case(name: str, case: Case) -> None:
    _outcome(case, impl(name), case.expected)


@pytest.mark.parametrize("case_id", sorted(BY_DESIGN))
def test_by_design_value(case_id: str) -> None:
    """What ours pays where it differs on purpose (so a difference is never an accident)."""
    case = next(c for c in CASES if c.id == case_id)
    _outcome(case, impl("rewardcheck.trl"), BY_DESIGN[case_id][1])


def _products(m: ModuleType) -> dict[str, Any]:
    return {
        "accuracy_reward": m.accuracy_reward,
        "reasoning_accuracy_reward": m.reasoning_accuracy_reward,
        "think_format_reward": m.think_format_reward,
        "get_cosine_scaled_reward": m.get_cosine_scaled_reward(max_len=100),
        "get_repetition_penalty_reward": m.get_repetition_penalty_reward(),
        "get_soft_overlong_punishment": m.get_soft_overlong_punishment(100, 20),
    }


def _names(func: Any) -> list[str]:
    return [p.name for p in inspect.signature(func).parameters.values()]


def test_same_names_signatures_and_argument_orders() -> None:
    ours = impl("rewardcheck.trl")
    functions = [n for n in trl_rewards.__all__ if not n.endswith("_rewards")]  # less its submodules
    assert sorted(n for n in ours.__all__ if n != "TRL_VERSION") == sorted(functions)
    theirs_products, ours_products = _products(trl_rewards), _products(ours)
    for key, theirs in theirs_products.items():
        mine = ours_products[key]
        assert mine.__name__ == theirs.__name__, key  # TRL logs rewards/<__name__>/mean
        assert _names(mine) == _names(theirs), key
        if key.startswith("get_"):
            assert _names(getattr(ours, key)) == _names(getattr(trl_rewards, key)), key  # factory arguments
            assert [p.default for p in inspect.signature(getattr(ours, key)).parameters.values()] == [
                p.default for p in inspect.signature(getattr(trl_rewards, key)).parameters.values()
            ], key


def test_products_pickle_like_trls() -> None:
    """TRL's factories return callable classes so the async trainer can pickle them; ours pickle too."""
    for key, f in _products(impl("rewardcheck.trl")).items():
        g = pickle.loads(pickle.dumps(f))
        assert g.__name__ == f.__name__, key
    f = impl("rewardcheck.trl").get_repetition_penalty_reward(2, -1.0)
    assert pickle.loads(pickle.dumps(f))([[5, 5, 5, 5, 5]]) == [-0.75]


def test_checker_knows_the_trl_names_and_calls_ours_right() -> None:
    from rewardcheck.bench.checker import check_reward, kind_of

    ours = impl("rewardcheck.trl")
    assert [kind_of(f) for f in (ours.think_format_reward, trl_rewards.reasoning_accuracy_reward)] == [
        "format",
        "accuracy",
    ]
    report = check_reward(
        ours.accuracy_reward,
        "accuracy",
        invariants=["well_formed", "no_negated_credit"],
        max_examples=3,
        heavy_cases=False,
    )
    assert report.ok, report.render()  # the patched engine refuses the negated box TRL's math-verify credits
    assert report.settings["calling"]["accuracy_reward"].startswith("conversational")
