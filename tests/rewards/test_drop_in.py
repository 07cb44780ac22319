"""Drop-in call shapes, boundary errors and pickling for every profile (what TRL, open-r1's tests, TRL's
async trainer and spawned workers do with a reward function)."""

from __future__ import annotations

import multiprocessing
import pickle
from concurrent.futures import ProcessPoolExecutor
from typing import Any

import pytest

from rewardcheck.rewards import build_registry, explain
from rewardcheck.rewards.patched.registry import get_cosine_scaled_reward as patched_cosine
from rewardcheck.rewards.upstream.openr1_1416fa0 import get_soft_overlong_punishment
from rewardcheck.rewards.upstream.unchanged_rewards import (
    get_cosine_scaled_reward,
    get_repetition_penalty_reward,
)

PROFILES = ("openr1@e4ac3ae", "openr1@1416fa0", "patched")
TEXT = "<think>\nFirst, 1 + 2 = 3 because one plus two is three.\n</think>\nThe answer is \\boxed{3}."
ROWS = [TEXT, "<think>\nno idea\n</think>\n\\boxed{4}"]
COLUMNS: dict[str, Any] = {
    "solution": ["3", "3"],
    "completion_ids": [[1, 2, 3], [1, 2]],
    "prompts": ["q", "q"],
}


def _scores(profile: str) -> dict[str, list[float | None]]:
    return {name: f(completions=ROWS, **COLUMNS) for name, f in build_registry({}, profile).items()}


@pytest.mark.parametrize("profile", PROFILES)
def test_solution_positionally_scores_as_by_keyword(profile: str) -> None:
    for name, f in build_registry({}, profile).items():
        if f.__name__ in ("accuracy_reward", "cosine_scaled_reward", "len_reward"):
            rest = {k: v for k, v in COLUMNS.items() if k != "solution"}
            assert f(ROWS, ["3", "3"], **rest) == f(ROWS, **COLUMNS), name
            with pytest.raises(TypeError, match="multiple values for argument 'solution'"):
                f(ROWS, ["3", "3"], solution=["3", "3"])


def test_soft_overlong_call_shapes() -> None:
    upstream = get_soft_overlong_punishment(10, 4)
    patched = build_registry({"max_completion_len": 10, "soft_punish_cache": 4}, "patched")[
        "soft_overlong_punishment"
    ]
    ids = [[1] * 5, [1] * 8, [1] * 12]
    expected = [0.0, -0.5, -1.0]
    assert upstream(ids) == upstream(completion_ids=ids) == expected
    assert (
        patched(ids)
        == patched(completion_ids=ids)
        == patched(["a", "b", "c"], completion_ids=ids)
        == expected
    )
    with pytest.raises(ValueError, match="needs completion_ids"):
        patched(["a"])


def test_patched_repetition_says_what_upstream_says() -> None:
    with pytest.raises(ValueError, match="max_penalty 1.5 should not be positive"):
        build_registry({"repetition_max_penalty": 1.5}, "patched")


@pytest.mark.parametrize("profile", PROFILES)
@pytest.mark.parametrize(
    ("completions", "message"),
    [
        (["ok", None], r"completions\[1\] is None"),
        ([[{"role": "assistant"}]], r"completions\[0\]: message dict has no 'content'"),
        ([[{"content": None}]], r"completions\[0\]: message content is NoneType"),
        ("a bare string", "completions must be a list"),
        ([3], r"completions\[0\]: cannot read completion text from int"),
    ],
)
def test_wrong_types_name_the_argument_and_row(profile: str, completions: Any, message: str) -> None:
    for f in build_registry({}, profile).values():
        if f.__name__ == "soft_overlong_punishment_reward" and profile != "patched":
            continue  # upstream's takes ids, not completions
        with pytest.raises(TypeError, match=message) as info:
            f(completions, solution=["3"] * 2, completion_ids=[[1]] * 2)
        assert f.__name__ in str(info.value)


def test_ids_of_the_wrong_length_are_a_value_error() -> None:
    with pytest.raises(ValueError, match="completion_ids has 1 rows for 2 completions"):
        build_registry({}, "patched")["accuracy"](ROWS, solution=["3", "3"], completion_ids=[[1]])


def _factories() -> list[Any]:
    return [
        get_cosine_scaled_reward(-1.0, -0.5, 0.5, 1.0, 100),
        get_repetition_penalty_reward(2, -1.0),
        get_soft_overlong_punishment(10, 4),
        patched_cosine(max_len=50, count_chars=True),
    ]


@pytest.mark.parametrize("profile", PROFILES)
def test_every_reward_pickles_and_scores_the_same(profile: str) -> None:
    for name, f in build_registry({"cosine_max_len": 77}, profile).items():
        g = pickle.loads(pickle.dumps(f))
        assert g.__name__ == f.__name__ and g(completions=ROWS, **COLUMNS) == f(
            completions=ROWS, **COLUMNS
        ), name
        assert [r.reason for r in explain(g, ROWS, **COLUMNS)] == [
            r.reason for r in explain(f, ROWS, **COLUMNS)
        ]
    for f in _factories():
        g = pickle.loads(pickle.dumps(f))
        kwargs = dict(COLUMNS)
        assert g(completions=ROWS, **kwargs) == f(completions=ROWS, **kwargs), f.__name__


def _score_in_child(payload: bytes) -> list[list[float | None]]:
    funcs = pickle.loads(payload)
    return [f(completions=ROWS, **COLUMNS) for f in funcs]


def test_rewards_score_the_same_in_a_spawned_process() -> None:
    funcs = [f for p in PROFILES for f in build_registry({}, p).values()] + _factories()
    here = [f(completions=ROWS, **COLUMNS) for f in funcs]
    with ProcessPoolExecutor(max_workers=1, mp_context=multiprocessing.get_context("spawn")) as ex:
        # the executor pickles the functions themselves as arguments, as TRL's async trainer does
        there = ex.submit(_score_in_child, pickle.dumps(funcs)).result(timeout=180)
        direct = ex.submit(build_registry({}, "patched")["accuracy"], ROWS, solution=["3", "3"]).result(60)
    assert there == here
    assert direct == [1.0, 0.0]


def test_verl_adapter_empty_gold_list_and_one_limit_per_response() -> None:
    from rewardcheck.rewards.adapters.verl import compute_score

    out = compute_score("math", "<think>\nok fine\n</think>\n\\boxed{4}", [])
    assert out["verdict"] == "gold_unparseable" and out["scored"] == 0.0 and "empty" in str(out["reason"])
    from rewardcheck.rewards.engine.isolation import counters

    # Each gold's comparison is refused by admission before any work (no clock read: a load-proof check that
    # three golds cost no more than one response's decision).
    bomb = "<think>\nok fine\n</think>\n\\boxed{9^{9^{9^{9}}}}"
    before = dict(counters())
    out = compute_score("math", bomb, ["5x", "6y", "7z"], {"timeout_s": 1.0})  # symbolic: no decision by size
    after = counters()
    assert out["verdict"] == "timeout" and out["score"] == 0.0 and out["scored"] == 0.0
    assert after.get("not_admitted", 0) - before.get("not_admitted", 0) == 3
    assert after.get("over_budget", 0) == before.get("over_budget", 0)
    with pytest.raises(TypeError, match="solution_str must be the decoded response"):
        compute_score("math", None, "4")  # type: ignore[arg-type]


def test_scan_internal_error_has_its_own_exit_status(monkeypatch: pytest.MonkeyPatch, tmp_path: Any) -> None:
    from pathlib import Path

    import rewardcheck.commands.scan as scan
    from rewardcheck.cli import main

    def broken(*args: Any, **kwargs: Any) -> Any:
        raise RuntimeError("simulated internal failure")

    monkeypatch.setattr("rewardcheck.bench.scan.pipeline.score_blocks", broken)
    dump = Path(__file__).resolve().parents[2] / "fixtures" / "dumps" / "completions.jsonl"
    rc = main(["scan", str(dump), "--profile", "patched", "--quiet"])
    assert rc == scan.EXIT_INTERNAL_ERROR == 3  # not --fail-on's 1, not a usage error's 2


# What open-r1 1416fa0's src/open_r1/rewards.py names in each signature (parameters before **kwargs).
UPSTREAM_PARAMETERS = {
    "accuracy_reward": ["completions", "solution"],
    "cosine_scaled_reward": ["completions", "solution"],
    "len_reward": ["completions", "solution"],
    "soft_overlong_punishment_reward": ["completion_ids"],
}


@pytest.mark.parametrize("profile", PROFILES)
def test_signatures_name_their_columns(profile: str) -> None:
    """Tools that read a signature to find the gold column (rewardlint, rewardprobe, our own checker) see
    upstream's names; the extra TRL columns still go through **kwargs."""
    import inspect

    from rewardcheck.bench.invariants.convention import detect_convention

    trl_extras = {"trainer_state": None, "log_extra": None, "log_metric": None, "problem": ["p", "p"]}
    for f in build_registry({}, profile).values():
        params = list(inspect.signature(f).parameters.values())
        assert [p.name for p in params[:-1]] == UPSTREAM_PARAMETERS.get(f.__name__, ["completions"]), f
        assert params[-1].kind is inspect.Parameter.VAR_KEYWORD
        if "solution" in UPSTREAM_PARAMETERS.get(f.__name__, []):
            assert detect_convention(f).gold == "solution"
        if f.__name__ == "soft_overlong_punishment_reward" and profile != "patched":
            continue  # upstream's takes ids, not completions
        assert f(completions=ROWS, **COLUMNS, **trl_extras) == f(completions=ROWS, **COLUMNS)
