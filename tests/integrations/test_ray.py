"""Reward functions and the verl adapter inside Ray tasks and actors on a local cluster score as in-process;
a sympy bomb comes back as None (verl: a counted timeout) within the limit, never a silent 0.

CI installs the ``ray`` extra (``.ci/run``), so these run there; without Ray they are skipped."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

from rewardcheck.rewards import build_registry
from rewardcheck.rewards.adapters.verl import compute_score

ray = pytest.importorskip("ray")

ROOT = Path(__file__).resolve().parents[2]
ROWS = [
    "<think>\nFirst, 1 + 2 = 3 because one plus two is three.\n</think>\nThe answer is \\boxed{3}.",
    "<think>\nfive factorial times x\n</think>\n\\boxed{5!\\,x}",  # isolated (factorial); symbolic gold
    "<think>\nno idea at all\n</think>\n\\boxed{4}",
]
GOLDS = ["3", "120x", "3"]
BOMB = "<think>\nok then here\n</think>\n\\boxed{9^{9^{9^{9}}}}"
LIMIT_S = 1.5


@pytest.fixture(scope="module")
def cluster() -> Any:
    # the workers import this test module (its helpers) and our packages from the checkout
    env = {
        "PYTHONPATH": os.pathsep.join(
            [str(ROOT), str(Path(__file__).resolve().parent), os.environ.get("PYTHONPATH", "")]
        )
    }
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False, runtime_env={"env_vars": env})
    yield ray
    ray.shutdown()


def _score(funcs: list[Any], rows: list[str], golds: list[str]) -> list[list[float | None]]:
    return [f(completions=rows, solution=golds, completion_ids=[[1] * 5] * len(rows)) for f in funcs]


def test_rewards_in_a_ray_task_score_as_in_process(cluster: Any) -> None:
    funcs = list(build_registry({}, "patched").values()) + list(build_registry({}, "openr1@1416fa0").values())
    funcs = [
        f
        for f in funcs
        if f.__name__ != "soft_overlong_punishment_reward" or f.__module__.endswith("repetition")
    ]
    here = _score(funcs, ROWS, GOLDS)
    task = cluster.remote(_score)
    assert cluster.get(task.remote(funcs, ROWS, GOLDS), timeout=180) == here
    verl_here = [compute_score("math", r, g) for r, g in zip(ROWS, GOLDS, strict=True)]
    verl_task = cluster.remote(
        lambda rows, golds: [compute_score("math", r, g) for r, g in zip(rows, golds, strict=True)]
    )
    assert cluster.get(verl_task.remote(ROWS, GOLDS), timeout=180) == verl_here
    assert [v["score"] for v in verl_here] == [1.0, 1.0, 0.0]


class _Scorer:
    def __init__(self) -> None:
        from rewardcheck.rewards.engine import default_pool

        self.acc = build_registry({"reward_timeout_s": LIMIT_S}, "patched")["accuracy"]
        default_pool().wait_ready(60.0)

    def bomb(self) -> tuple[list[float | None], float, dict[str, Any], int]:
        from rewardcheck.rewards.engine import counters

        before = counters().get("not_admitted", 0)
        value = self.acc([BOMB], solution=["5x"])  # a number gold: wrong by size
        verl = compute_score("math", BOMB, "5x", {"timeout_s": LIMIT_S})
        return value, verl, counters().get("not_admitted", 0) - before

    def ordinary(self) -> list[float | None]:
        return self.acc(ROWS, solution=GOLDS)


def test_an_actor_times_a_bomb_out_and_keeps_scoring(cluster: Any) -> None:
    actor = cluster.remote(_Scorer).remote()
    # Load-proof by construction: the tower is refused by admission, from its text, before any work (no
    # wall-clock assertion: the decision is counted, and the same on any machine at any load).
    value, verl, refused = cluster.get(actor.bomb.remote(), timeout=180)
    assert value == [None]
    assert verl["verdict"] == "timeout" and verl["scored"] == 0.0  # counted, never a silent wrong 0
    assert refused == 2
    assert cluster.get(actor.ordinary.remote(), timeout=120) == [1.0, 1.0, 0.0]
