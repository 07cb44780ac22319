"""The verl adapter loaded and called by verl 0.9.1 itself, on CPU ``DataProto`` batches.

verl loads ``custom_reward_function.path`` as a file (a module with no package), wraps it with the
``reward_kwargs``, and hands it to a reward manager. In 0.9.1 the trainer scores through
``RewardLoopManager``: Ray actors (``RewardLoopWorker``) that build the ``naive`` or ``dapo`` manager by name
and call the function once per response with singular keywords. The legacy managers in
``verl.workers.reward_manager`` (``naive``, ``batch``, ``dapo``) still ship; ``batch`` calls it once per
batch with plural keywords. Everything here skips only where verl (or Ray) is not importable; the verl CI
step (``.ci/verl.sh``) installs both.
"""

from __future__ import annotations

import os
import pickle
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

verl = pytest.importorskip("verl", reason="verl is not installed (the verl CI step runs these)")
ray = pytest.importorskip("ray")

import numpy as np  # noqa: E402
import torch  # noqa: E402
from omegaconf import OmegaConf  # noqa: E402

import rewardcheck.rewards.adapters.verl as adapter  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
ADAPTER_PATH = str(ROOT / "rewards" / "adapters" / "verl.py")
THINK = "<think>\nFirst, add the numbers.\n</think>\n"
HANG = "\\boxed{9^{9^{9^{9}}}}"
PROMPT = "What is 2 + 2? Put the answer in \\boxed{}."

# (data_source, response, ground_truth, extra_info, verdict): written by hand
ROWS: list[tuple[str, str, Any, dict[str, Any], str]] = [
    ("openai/gsm8k", THINK + "The answer is \\boxed{4}.", "4", {}, "correct"),
    ("HuggingFaceH4/MATH-500", THINK + "\\boxed{\\frac{1}{2}}", "0.5", {"index": 1}, "correct"),
    ("math_dapo", THINK + "\\boxed{5}", "4", {}, "wrong"),
    ("math", THINK + "\\boxed{4}", ["7", "4"], {}, "correct"),
    # no length information: truncation is unknown (issue 44), and a reasoning block with no end answers nothing
    ("math", "<think>\nFirst, add the numbers. Then", "4", {}, "no_answer"),
    (
        "math",
        "So x ≤ 3 holds.\n</think>\n\\boxed{x \\le 3}",
        "x \\leq 3",
        {"think_prefilled": True},
        "correct",
    ),
]


class ByteTokenizerFactory:
    """A byte-level tokenizer saved like a model's (verl's reward workers load one by path, offline)."""

    PAD, EOS = 0, 1

    @staticmethod
    def save(folder: Path) -> str:
        from tokenizers import Tokenizer, decoders, models, pre_tokenizers
        from transformers import PreTrainedTokenizerFast

        alphabet = sorted(pre_tokenizers.ByteLevel.alphabet())
        vocab = {"<pad>": 0, "<eos>": 1, **{c: i + 2 for i, c in enumerate(alphabet)}}
        tok = Tokenizer(models.BPE(vocab=vocab, merges=[]))
        tok.pre_tokenizer = pre_tokenizers.ByteLevel(add_prefix_space=False, use_regex=False)
        tok.decoder = decoders.ByteLevel()
        fast = PreTrainedTokenizerFast(tokenizer_object=tok, pad_token="<pad>", eos_token="<eos>")
        fast.save_pretrained(str(folder))
        return str(folder)


@pytest.fixture(scope="module")
def tokenizer_path(tmp_path_factory: pytest.TempPathFactory) -> str:
    return ByteTokenizerFactory.save(tmp_path_factory.mktemp("byte_tokenizer"))


@pytest.fixture(scope="module")
def tokenizer(tokenizer_path: str) -> Any:
    from verl.utils import hf_tokenizer

    return hf_tokenizer(tokenizer_path)


def make_batch(tokenizer: Any, rows: list[tuple[str, str, Any, dict[str, Any], str]]) -> Any:
    """A rollout batch as verl's trainer holds it: left-padded prompts, right-padded responses (+ EOS)."""
    from verl import DataProto

    prompts = [tokenizer.encode(PROMPT, add_special_tokens=False) for _ in rows]
    responses = [
        tokenizer.encode(r, add_special_tokens=False) + [tokenizer.eos_token_id] for _, r, _, _, _ in rows
    ]
    p_len, r_len = max(map(len, prompts)), max(map(len, responses)) + 3  # padding beyond every response
    pad = tokenizer.pad_token_id
    p_ids = torch.tensor([[pad] * (p_len - len(p)) + p for p in prompts])
    r_ids = torch.tensor([r + [pad] * (r_len - len(r)) for r in responses])
    mask = torch.cat(
        [
            torch.tensor([[0] * (p_len - len(p)) + [1] * len(p) for p in prompts]),
            torch.tensor([[1] * len(r) + [0] * (r_len - len(r)) for r in responses]),
        ],
        dim=1,
    )
    return DataProto.from_dict(
        tensors={
            "prompts": p_ids,
            "responses": r_ids,
            "input_ids": torch.cat([p_ids, r_ids], 1),
            "attention_mask": mask,
        },
        non_tensors={
            "data_source": np.array([s for s, _, _, _, _ in rows], dtype=object),
            "reward_model": np.array(
                [{"ground_truth": g, "style": "rule"} for _, _, g, _, _ in rows], dtype=object
            ),
            "extra_info": np.array([dict(e) for _, _, _, e, _ in rows], dtype=object),
        },
    )


def last_token_rewards(reward_tensor: torch.Tensor, batch: Any) -> list[float]:
    """The reward sits on each response's last valid token (its EOS) and nowhere else."""
    r_len = batch.batch["responses"].shape[1]
    lengths = batch.batch["attention_mask"][:, -r_len:].sum(dim=1)
    out = []
    for i, n in enumerate(lengths.tolist()):
        row = reward_tensor[i]
        assert torch.count_nonzero(torch.cat([row[: n - 1], row[n:]])) == 0
        out.append(float(row[n - 1]))
    return out


def config(tokenizer_path: str, manager: str, path: str = ADAPTER_PATH, **reward: Any) -> Any:
    """The part of verl's trainer config that its reward loop reads (``config.reward``, the tokenizer)."""
    return OmegaConf.create(
        {
            "actor_rollout_ref": {"model": {"path": tokenizer_path, "tokenizer_path": tokenizer_path}},
            "reward": {
                "num_workers": 2,
                "custom_reward_function": {
                    "path": path,
                    "name": "compute_score",
                    "reward_kwargs": {"timeout_s": 5.0},
                },
                "reward_manager": {
                    "source": "register",
                    "name": manager,
                    "module": {"path": None, "name": None},
                },
                "reward_model": {"enable": False, "enable_resource_pool": False},
                "sandbox_fusion": None,
                **reward,
            },
        }
    )


# --- how verl loads the file -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "path", [ADAPTER_PATH, "file://" + ADAPTER_PATH, "pkg://rewardcheck.rewards.adapters.verl"]
)
def test_custom_reward_function_loads_by_path(tokenizer_path: str, path: str) -> None:
    """verl's loader executes the file as a module of its own; ours hands out the package's functions."""
    from verl.trainer.ppo.reward import get_custom_reward_fn
    from verl.utils.import_utils import load_extern_object

    fn = get_custom_reward_fn(config(tokenizer_path, "naive", path=path))
    assert fn is not None
    out = fn(data_source="math", solution_str=THINK + "\\boxed{4}", ground_truth="4", extra_info={})
    assert out["verdict"] == "correct" and out["score"] == 1.0
    raw = load_extern_object(module_path=path, object_name="compute_score")
    # the package's own function: one copy of every cache, and it pickles by reference (process pools)
    assert raw is adapter.compute_score
    assert pickle.loads(pickle.dumps(fn)).func is not None
    assert load_extern_object(module_path=path, object_name="score_only") is adapter.score_only


def test_signature_takes_the_reward_kwargs(tokenizer_path: str) -> None:
    """``reward_kwargs`` are merged into every call; the hard limit among them reaches the engine."""
    from verl.trainer.ppo.reward import get_custom_reward_fn

    cfg = config(tokenizer_path, "naive")
    cfg.reward.custom_reward_function.reward_kwargs = {"timeout_s": 1.0}
    fn = get_custom_reward_fn(cfg)
    assert fn is not None
    t0 = time.monotonic()
    out = fn(data_source="math", solution_str=THINK + HANG, ground_truth="3", extra_info=None)
    assert time.monotonic() - t0 < 10
    assert out["score"] == 0.0 and out["verdict"] in ("timeout", "error", "wrong"), out


# --- the legacy managers in process -------------------------------------------------------------------------


def _legacy(name: str, tokenizer: Any, fn: Any, **kwargs: Any) -> Any:
    from verl.workers.reward_manager import get_reward_manager_cls

    return get_reward_manager_cls(name)(tokenizer=tokenizer, num_examine=0, compute_score=fn, **kwargs)


def _expected(rows: list[tuple[str, str, Any, dict[str, Any], str]]) -> list[dict[str, Any]]:
    return [adapter.compute_score(s, r, g, dict(e)) for s, r, g, e, _ in rows]


def test_legacy_batch_manager_passes_plural_names(tokenizer: Any, tokenizer_path: str) -> None:
    from verl.trainer.ppo.reward import get_custom_reward_fn

    fn = get_custom_reward_fn(config(tokenizer_path, "batch"))
    batch = make_batch(tokenizer, ROWS)
    out = _legacy("batch", tokenizer, fn)(batch, return_dict=True)
    assert last_token_rewards(out["reward_tensor"], batch) == [
        1.0 if v == "correct" else 0.0 for *_, v in ROWS
    ]
    assert out["reward_extra_info"]["verdict"] == [v for *_, v in ROWS]
    assert set(out["reward_extra_info"]) == set(adapter.compute_score("math", THINK, "4"))


# --- Ray: verl's reward loop workers and an actor for the legacy managers ---------------------------------


@pytest.fixture(scope="module")
def cluster() -> Any:
    env = {
        "PYTHONPATH": os.pathsep.join(
            [str(ROOT), str(Path(__file__).resolve().parent), os.environ.get("PYTHONPATH", "")]
        )
    }
    for key in ("HF_HUB_OFFLINE", "TRANSFORMERS_OFFLINE", "HF_DATASETS_OFFLINE", "HF_HUB_DISABLE_TELEMETRY"):
        env[key] = "1"
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False, runtime_env={"env_vars": env})
    yield ray
    ray.shutdown()


@contextmanager
def reward_loop(manager_cls: Any, cfg: Any) -> Iterator[Any]:
    """A RewardLoopManager whose named worker actors are gone (names free again) when the block ends."""
    manager = manager_cls(cfg)
    try:
        yield manager
    finally:
        names = [f"reward_loop_worker_{i}" for i in range(len(manager.reward_loop_workers))]
        for worker in manager.reward_loop_workers:
            ray.kill(worker)
        deadline = time.monotonic() + 60
        while names and time.monotonic() < deadline:
            try:
                ray.get_actor(names[0])
                time.sleep(0.2)
            except ValueError:
                names.pop(0)


def test_reward_loop_naive_in_ray_workers(cluster: Any, tokenizer: Any, tokenizer_path: str) -> None:
    """0.9.1's trainer path: RewardLoopManager -> RewardLoopWorker actors -> naive manager -> our function."""
    from verl.experimental.reward_loop import RewardLoopManager

    batch = make_batch(tokenizer, ROWS)
    with reward_loop(RewardLoopManager, config(tokenizer_path, "naive")) as manager:
        out = manager.compute_rm_score(batch)
    expected = _expected(ROWS)
    assert last_token_rewards(out.batch["rm_scores"], batch) == [e["score"] for e in expected]
    assert list(out.non_tensor_batch["verdict"]) == [v for *_, v in ROWS]
    assert list(out.non_tensor_batch["pred"]) == [e["pred"] for e in expected]
    assert set(out.meta_info["reward_extra_keys"]) == set(expected[0])


def test_reward_loop_dapo_adds_the_overlong_penalty(
    cluster: Any, tokenizer: Any, tokenizer_path: str
) -> None:
    from verl.experimental.reward_loop import RewardLoopManager

    rows = ROWS[:3]
    batch = make_batch(tokenizer, rows)
    lengths = batch.batch["attention_mask"][:, -batch.batch["responses"].shape[1] :].sum(dim=1).tolist()
    buffer_len, max_len = 8, min(lengths) + 4  # every response runs past max_len - buffer_len
    cfg = config(
        tokenizer_path,
        "dapo",
        reward_kwargs={
            "overlong_buffer_cfg": {"enable": True, "len": buffer_len, "penalty_factor": 1.0, "log": True},
            "max_resp_len": max_len,
        },
    )
    with reward_loop(RewardLoopManager, cfg) as manager:
        out = manager.compute_rm_score(batch)
    penalties = [min(-(n - (max_len - buffer_len)) / buffer_len, 0.0) for n in lengths]
    expected = [e["score"] + p for e, p in zip(_expected(rows), penalties, strict=True)]
    assert last_token_rewards(out.batch["rm_scores"], batch) == pytest.approx(expected)
    assert list(out.non_tensor_batch["verdict"]) == [v for *_, v in rows]
    assert all(out.non_tensor_batch["overlong"])


@ray.remote
class LegacyManagers:
    """A Ray worker that scores with verl's legacy managers, loading the function as verl does."""

    def __init__(self, cfg: Any) -> None:
        from verl.trainer.ppo.reward import get_custom_reward_fn
        from verl.utils import hf_tokenizer

        self.tokenizer = hf_tokenizer(cfg.actor_rollout_ref.model.tokenizer_path)
        self.fn = get_custom_reward_fn(cfg)

    def score(self, name: str, rows: list[Any]) -> tuple[list[float], dict[str, list[Any]]]:
        batch = make_batch(self.tokenizer, rows)
        out = _legacy(name, self.tokenizer, self.fn)(batch, return_dict=True)
        return last_token_rewards(out["reward_tensor"], batch), dict(out["reward_extra_info"])


@pytest.fixture(scope="module")
def legacy_actor(cluster: Any, tokenizer_path: str) -> Any:
    actor = LegacyManagers.remote(config(tokenizer_path, "naive"))
    yield actor
    ray.kill(actor)


@pytest.mark.parametrize("name", ["naive", "batch", "dapo"])
def test_legacy_managers_in_a_ray_actor(legacy_actor: Any, name: str) -> None:
    rewards, extra = ray.get(legacy_actor.score.remote(name, ROWS), timeout=180)
    expected = _expected(ROWS)
    assert rewards == [e["score"] for e in expected]
    assert extra["verdict"] == [v for *_, v in ROWS]
    assert extra["scored"] == [e["scored"] for e in expected]


def test_validation_metrics_take_our_extra_info(tokenizer: Any, tokenizer_path: str) -> None:
    """verl's validation metrics average every numeric key and skip the strings (verdict, pred, reason)."""
    from verl.trainer.ppo.metric_utils import process_validation_metrics

    results = _expected(ROWS)
    infos = {k: [r[k] for r in results] for k in results[0]}
    metrics = process_validation_metrics([s for s, *_ in ROWS], [str(i) for i in range(len(ROWS))], infos)
    by_source = metrics["math"]
    assert "score" in by_source and "acc" in by_source and "verdict" not in by_source
