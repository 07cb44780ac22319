"""rewardcheck.rewards.adapters.verl.compute_score, called the ways verl's reward managers call it.

The naive/batch managers call it in the trainer process with keywords; the prime manager submits
``partial(compute_score, data_source, response, ground_truth, extra_info)`` to a ``ProcessPoolExecutor``
through ``loop.run_in_executor``; users also map it over a ``multiprocessing.Pool`` (daemonic workers, which
may not start child processes). None of these may crash or hang, whatever the response holds.
"""

from __future__ import annotations

import asyncio
import inspect
import multiprocessing
import pickle
import time
from concurrent.futures import ProcessPoolExecutor
from functools import partial
from typing import Any

import pytest

from rewardcheck.rewards.adapters.verl import compute_score, score_only

KEYS = {"score", "acc", "scored", "verdict", "pred", "gold", "reason"}
THINK = "<think>\nFirst, add the numbers.\n</think>\n"
# A tower against a symbolic gold: no exact decision by size exists, so admission refuses it (a number gold
# would be decided "wrong" by size, exactly).
HANG = "\\boxed{9^{9^{9^{9}}}}"
HANG_GOLD = "3x"

# (response, ground truth, extra_info, expected verdict, expected score): written by hand.
CASES: list[tuple[str, Any, dict[str, Any] | None, str, float]] = [
    (THINK + "The answer is \\boxed{4}.", "4", None, "correct", 1.0),
    (THINK + "\\boxed{\\frac{1}{2}}", "0.5", None, "correct", 1.0),
    (THINK + "\\boxed{5}", "4", None, "wrong", 0.0),
    (THINK + "\\boxed{3} or \\boxed{4}", "4", None, "wrong", 0.0),
    (THINK + "\\boxed{4}", ["7", "4"], None, "correct", 1.0),
    # no length information: a cut cannot be told from a stop, so truncation is unknown (issue 44), and a
    # reasoning block with no end states no final answer
    ("<think>\nFirst, add the numbers. Then", "4", None, "no_answer", 0.0),
    (THINK + "\\boxed{4}", "4", {"truncated": True}, "truncated", 0.0),
    ("First, add.\n\\boxed{4}", "4", {"think_prefilled": True}, "no_answer", 0.0),
    (THINK + "\\boxed{4}", 4, {"split": "train", "index": 3}, "correct", 1.0),
]


def _naive_manager(items: list[tuple[str, Any, dict[str, Any] | None]]) -> list[Any]:
    """What verl's NaiveRewardManager does per response: keyword call, dict -> score + reward_extra_info."""
    out = []
    for response, gold, extra in items:
        out.append(
            compute_score(
                data_source="openai/gsm8k", solution_str=response, ground_truth=gold, extra_info=extra
            )
        )
    return out


@pytest.mark.parametrize(("response", "gold", "extra", "verdict", "score"), CASES)
def test_keyword_call_like_the_naive_manager(
    response: str, gold: Any, extra: Any, verdict: str, score: float
) -> None:
    (result,) = _naive_manager([(response, gold, extra)])
    assert set(result) == KEYS
    assert result["verdict"] == verdict, result
    assert result["score"] == score and isinstance(result["score"], float)
    assert all(isinstance(v, float | str) for v in result.values())
    assert result["reason"]


def test_every_call_returns_the_same_keys_so_verl_can_stack_extra_info() -> None:
    results = _naive_manager([(r, g, e) for r, g, e, _, _ in CASES])
    assert all(set(r) == KEYS for r in results)


def test_score_only_and_positional_extra_kwargs() -> None:
    assert score_only("math", THINK + "\\boxed{4}", "4") == 1.0
    # verl's default_compute_score forwards sandbox/semaphore/memory arguments to custom functions too.
    r = compute_score(
        "math",
        THINK + "\\boxed{4}",
        "4",
        None,
        sandbox_fusion_url=None,
        concurrent_semaphore=None,
        memory_limit_mb=1024,
    )
    assert r["score"] == 1.0


def test_picklable_for_process_pools() -> None:
    assert pickle.loads(pickle.dumps(compute_score)) is compute_score


def test_a_hanging_verify_times_out_in_process() -> None:
    t0 = time.monotonic()
    r = compute_score("math", THINK + HANG, HANG_GOLD, {"timeout_s": 1.0})
    assert time.monotonic() - t0 < 10
    assert r["score"] == 0.0 and r["scored"] == 0.0 and r["verdict"] in ("timeout", "error", "wrong"), r


def test_prime_style_process_pool_executor() -> None:
    """verl's prime manager: run_in_executor(ProcessPoolExecutor, partial(fn, source, response, gold, extra))."""
    items = [
        (THINK + "\\boxed{4}", "4", None),
        (THINK + HANG, HANG_GOLD, {"timeout_s": 1.0}),
        (THINK + "\\boxed{5}", "4", None),
    ]

    async def score_all() -> list[Any]:
        loop = asyncio.get_running_loop()
        with ProcessPoolExecutor(max_workers=2) as pool:
            futures = [
                loop.run_in_executor(pool, partial(compute_score, "math", r, g, e)) for r, g, e in items
            ]
            return await asyncio.wait_for(asyncio.gather(*futures), timeout=60)

    results = asyncio.run(score_all())
    assert [r["score"] for r in results] == [1.0, 0.0, 0.0]
    assert results[0]["verdict"] == "correct" and results[2]["verdict"] == "wrong"
    assert results[1]["scored"] == 0.0


def test_daemonic_multiprocessing_pool() -> None:
    """Pool workers are daemonic and may not start children: a risky input must still come back scored or skipped."""
    items = [("math", THINK + "\\boxed{4}", "4", None), ("math", THINK + HANG, "3", {"timeout_s": 1.0})]
    with multiprocessing.get_context("fork").Pool(2) as pool:
        async_result = pool.starmap_async(compute_score, items)
        results = async_result.get(timeout=60)
    assert results[0]["score"] == 1.0
    assert results[1]["score"] == 0.0 and results[1]["verdict"] in ("timeout", "error", "wrong")


def test_signature_matches_verls_default_compute_score() -> None:
    verl_rs = pytest.importorskip(
        "verl.utils.reward_score", reason="verl is not installed; its signature check is skipped"
    )
    theirs = inspect.signature(verl_rs.default_compute_score)
    ours = inspect.signature(compute_score)
    # Everything verl's default passes (by name) must bind to ours.
    kwargs = {name: None for name in theirs.parameters if name not in ("self", "kwargs")}
    kwargs.update(data_source="math", solution_str=THINK + "\\boxed{4}", ground_truth="4")
    bound = ours.bind(**kwargs)
    assert compute_score(*bound.args, **bound.kwargs)["score"] == 1.0


def test_plural_names_like_the_batch_manager() -> None:
    """verl's BatchRewardManager calls ``compute_score(data_sources=, solution_strs=, ground_truths=, extra_infos=)``
    once per batch (numpy arrays for the sources and extras) and wants one result per response, in order."""
    import numpy as np

    rows = [(r, g, e, v) for r, g, e, v, _ in CASES]
    results = compute_score(
        data_sources=np.array(["openai/gsm8k"] * len(rows), dtype=object),
        solution_strs=[r for r, _, _, _ in rows],
        ground_truths=[g for _, g, _, _ in rows],
        extra_infos=np.array([e if e is not None else {} for _, _, e, _ in rows], dtype=object),
        timeout_s=5.0,  # custom_reward_function.reward_kwargs arrive as keywords
    )
    assert isinstance(results, list) and [r["verdict"] for r in results] == [v for _, _, _, v in rows]
    assert all(set(r) == KEYS for r in results)
    # the batch entry point and score_only take the same plural call
    from rewardcheck.rewards.adapters.verl import compute_score_batch

    assert compute_score_batch(["math"], [THINK + "\\boxed{4}"], ["4"])[0]["score"] == 1.0
    assert score_only(
        data_sources=["math", "math"], solution_strs=[THINK + "\\boxed{4}"] * 2, ground_truths=["4", "5"]
    ) == [
        1.0,
        0.0,
    ]


def test_plural_call_rejects_mixed_or_ragged_arguments() -> None:
    with pytest.raises(TypeError, match="plural"):
        compute_score("math", THINK + "\\boxed{4}", "4", solution_strs=[THINK])
    with pytest.raises(ValueError):
        compute_score(data_sources=["math"], solution_strs=[THINK, THINK], ground_truths=["4", "4"])


@pytest.mark.parametrize(
    ("gold", "verdict"),
    [
        ("numpy-object", "correct"),  # a list column read back through pandas/pyarrow is an ndarray
        ("numpy-str", "correct"),
        (b"4", "correct"),  # a binary parquet column
        (None, "gold_unparseable"),  # the batch manager passes reward_model.get("ground_truth", None)
        ({"target": "4"}, "gold_unparseable"),  # a dict is not a gold: say so, never parse its repr
    ],
)
def test_ground_truth_shapes_from_datasets(gold: Any, verdict: str) -> None:
    import numpy as np

    if gold == "numpy-object":
        gold = np.array(["7", "4"], dtype=object)
    elif gold == "numpy-str":
        gold = np.array(["7", "4"])
    r = compute_score("math", THINK + "\\boxed{4}", gold)
    assert r["verdict"] == verdict, r
    assert r["scored"] == (1.0 if verdict == "correct" else 0.0)
