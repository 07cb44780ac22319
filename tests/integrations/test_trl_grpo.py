"""TRL's real GRPOTrainer on CPU with our reward profiles plugged in (the `grpo` extra).

A tiny Qwen2-architecture model is built and trained for a moment in a fixture so that, sampled at
temperature 1, it ends about half of its completions with EOS right after ``\\boxed{3}`` and runs the other
half on (``ok ok ...``) until the completion budget cuts it. The text of a cut completion still holds a
closed think block and ``\\boxed{3}``, so only ``completion_ids`` can tell that it was truncated: upstream
accuracy pays it 1.0, the patched profile must pay 0.0.

Each run is one optimisation step with beta > 0 (TRL builds the reference model from the saved folder).
"""

from __future__ import annotations

import asyncio
import functools
import math
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

torch = pytest.importorskip(
    "torch", reason="TRL GRPO tests need torch: pip install -e '.[grpo]' (CI installs it)"
)
trl = pytest.importorskip("trl", reason="TRL GRPO tests need trl: pip install -e '.[grpo]' (CI installs it)")
datasets = pytest.importorskip("datasets", reason="TRL GRPO tests need datasets: pip install -e '.[grpo]'")

from experiments.repro.tokenizer import load_tokenizer, train_tokenizer  # noqa: E402
from rewardcheck.rewards.completions import completion_text  # noqa: E402
from rewardcheck.rewards.registry import build_registry, get_reward_funcs  # noqa: E402
from rewardcheck.rewards.result import RewardResult, explain  # noqa: E402

PROFILES = ("openr1@e4ac3ae", "openr1@1416fa0", "patched")
# open-r1's function names (src/open_r1/rewards.py at both commits): what TRL logs as rewards/<name>/mean.
UPSTREAM_NAMES = {
    "accuracy": "accuracy_reward",
    "format": "format_reward",
    "reasoning_steps": "reasoning_steps_reward",
    "cosine": "cosine_scaled_reward",
    "repetition_penalty": "repetition_penalty_reward",
    "length": "len_reward",
    "tag_count": "tag_count_reward",
    "soft_overlong_punishment": "soft_overlong_punishment_reward",
}
QUESTION = "What is 1 + 2?"
ANSWER_TEXT = "<think>\nFirst, 1 + 2 = 3.\n</think>\n\\boxed{3}"
RUN_ON = " ok" * 40
NUM_GENERATIONS = 4
PROMPTS_PER_STEP = 2


class Tiny:
    """The saved checkpoint folder and what the tests need to judge its completions."""

    def __init__(self, path: Path, tokenizer: Any, max_completion_length: int) -> None:
        self.path = path
        self.tokenizer = tokenizer
        self.eos = int(tokenizer.eos_token_id)
        self.max_completion_length = max_completion_length

    def truncated(self, ids: list[int]) -> bool:
        return len(ids) >= self.max_completion_length and ids[-1] != self.eos


def _train_tiny(path: Path) -> Tiny:
    from transformers import Qwen2Config, Qwen2ForCausalLM

    chat = [{"role": "user", "content": QUESTION}]
    corpus = [QUESTION, ANSWER_TEXT, RUN_ON, "user", "assistant"]
    tok = train_tokenizer(corpus, vocab_size=300)
    tok.save_pretrained(path)
    tok = load_tokenizer(path)
    prompts = [tok.apply_chat_template(chat, tokenize=False, add_generation_prompt=True), QUESTION]
    answer_ids = tok(ANSWER_TEXT, add_special_tokens=False)["input_ids"]
    run_on_ids = tok(RUN_ON, add_special_tokens=False)["input_ids"]
    # The budget cuts the run-on branch a few tokens after the answer; the EOS branch fits with room to spare.
    max_len = len(answer_ids) + 6
    rows = []
    for prompt in prompts:
        p_ids = tok(prompt, add_special_tokens=False)["input_ids"]
        for tail in ([tok.eos_token_id], run_on_ids):
            ids = p_ids + answer_ids + tail
            rows.append((ids, [-100] * len(p_ids) + answer_ids + tail))
    width = max(len(ids) for ids, _ in rows)
    input_ids = torch.tensor([ids + [tok.pad_token_id] * (width - len(ids)) for ids, _ in rows])
    labels = torch.tensor([lab + [-100] * (width - len(lab)) for _, lab in rows])
    mask = (torch.arange(width)[None, :] < torch.tensor([len(ids) for ids, _ in rows])[:, None]).long()
    torch.manual_seed(0)
    config = Qwen2Config(
        vocab_size=len(tok),
        hidden_size=32,
        num_hidden_layers=1,
        num_attention_heads=2,
        num_key_value_heads=1,
        intermediate_size=64,
        max_position_embeddings=256,
        tie_word_embeddings=True,
        eos_token_id=tok.eos_token_id,
        pad_token_id=tok.pad_token_id,
        bos_token_id=tok.bos_token_id,
    )
    model = Qwen2ForCausalLM(config)
    optimizer = torch.optim.AdamW(model.parameters(), lr=1e-2)
    # Trained to a stated margin, not a step count (a seeded run is not bit-identical across CPUs): every
    # labelled token is certain except the EOS-or-run-on branch of each row (ln 2 each), so the loss floor is
    # rows * ln 2 / labelled tokens. Near it, the answer is exact and the budget cuts about half the samples.
    floor = len(rows) * math.log(2) / int((labels[:, 1:] != -100).sum())
    loss = torch.tensor(float("inf"))
    for step in range(1000):
        loss = model(input_ids=input_ids, attention_mask=mask, labels=labels).loss
        if step >= 150 and loss.item() < floor + 0.003:
            break
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
    assert loss.item() < floor + 0.01, (
        f"tiny model did not reach its loss margin: {loss.item():.4f} vs {floor:.4f}"
    )
    model.generation_config.eos_token_id = tok.eos_token_id
    model.generation_config.pad_token_id = tok.pad_token_id
    model.save_pretrained(path)
    return Tiny(path, tok, max_len)


@pytest.fixture(scope="module", autouse=True)
def one_thread() -> Any:
    """One intra-op thread: on a shared, oversubscribed CPU a second thread makes tiny matmuls ~50x slower."""
    before = torch.get_num_threads()
    torch.set_num_threads(1)
    yield
    torch.set_num_threads(before)


@pytest.fixture(scope="module")
def tiny(one_thread: None, tmp_path_factory: pytest.TempPathFactory) -> Tiny:
    return _train_tiny(tmp_path_factory.mktemp("tiny-qwen2"))


def _dataset(conversational: bool, solutions: list[str] | None = None) -> Any:
    solutions = solutions or ["$3$"] * PROMPTS_PER_STEP
    prompt: Any = [{"role": "user", "content": QUESTION}] if conversational else QUESTION
    return datasets.Dataset.from_list([{"prompt": prompt, "solution": s} for s in solutions])


def _script_args(profile: str, tiny: Tiny) -> dict[str, Any]:
    return {
        "reward_funcs": sorted(build_registry({}, profile) if profile != "patched" else UPSTREAM_NAMES),
        "max_completion_length": tiny.max_completion_length,
        "max_completion_len": tiny.max_completion_length,
        "soft_punish_cache": 2,
        "num_generations": NUM_GENERATIONS,
        "eos_token_id": tiny.eos,
        "tokenizer": tiny.tokenizer,
    }


class Call:
    def __init__(
        self, completions: list[Any], kwargs: dict[str, Any], values: list[Any], results: list[RewardResult]
    ):
        self.completions = completions
        self.kwargs = kwargs
        self.values = values
        self.results = results


def _spy(func: Callable[..., Any], calls: list[Call]) -> Callable[..., Any]:
    """A plain function with ``func``'s name that records each call, its values and the explained results."""

    @functools.wraps(func)
    def spy(**kwargs: Any) -> list[Any]:
        # TRL passes everything by keyword; open-r1's soft_overlong_punishment_reward takes completion_ids first.
        values = func(**kwargs)
        rest = {k: v for k, v in kwargs.items() if k != "completions"}
        results = explain(func, kwargs["completions"], **rest)
        calls.append(Call(list(kwargs["completions"]), rest, list(values), results))
        return values

    return spy


def _as_async(func: Callable[..., Any], seen: list[tuple[str, list[Any], list[Any]]]) -> Callable[..., Any]:
    """TRL 1.16 treats a coroutine function as an async reward and awaits it on its daemon event-loop thread."""

    async def reward(**kwargs: Any) -> list[Any]:
        await asyncio.sleep(0)
        values = list(func(**kwargs))
        seen.append((threading.current_thread().name, list(kwargs["solution"]), values))
        return values

    reward.__name__ = func.__name__
    return reward


def _trainer(tiny: Tiny, funcs: list[Callable[..., Any]], dataset: Any, out: Path) -> Any:
    config = trl.GRPOConfig(
        output_dir=str(out),
        per_device_train_batch_size=NUM_GENERATIONS * PROMPTS_PER_STEP,
        num_generations=NUM_GENERATIONS,
        max_completion_length=tiny.max_completion_length,
        temperature=1.0,
        beta=0.04,
        learning_rate=1e-4,
        max_steps=1,
        logging_steps=1,
        save_strategy="no",
        report_to="none",
        use_cpu=True,
        bf16=False,
        seed=0,
        disable_tqdm=True,
        model_init_kwargs={"dtype": torch.float32},
    )
    return trl.GRPOTrainer(
        model=str(tiny.path),
        reward_funcs=funcs,
        args=config,
        train_dataset=dataset,
        processing_class=tiny.tokenizer,
    )


def _logged(trainer: Any) -> dict[str, float]:
    rows = [r for r in trainer.state.log_history if "reward" in r]
    assert rows, f"no reward metrics logged: {trainer.state.log_history}"
    return rows[0]


@pytest.mark.parametrize("conversational", [True, False], ids=["conversational", "plain"])
@pytest.mark.parametrize("profile", PROFILES)
def test_grpo_step_logs_every_reward_under_its_upstream_name(
    tiny: Tiny, profile: str, conversational: bool, tmp_path: Path
) -> None:
    args = _script_args(profile, tiny)
    funcs = get_reward_funcs(args, profile=profile)
    calls: dict[str, list[Call]] = {f.__name__: [] for f in funcs}
    trainer = _trainer(tiny, [_spy(f, calls[f.__name__]) for f in funcs], _dataset(conversational), tmp_path)
    trainer.train()

    logged = _logged(trainer)
    for key, func in zip(args["reward_funcs"], funcs, strict=True):
        assert func.__name__ == UPSTREAM_NAMES[key]
        assert f"rewards/{UPSTREAM_NAMES[key]}/mean" in logged, sorted(logged)
    n = NUM_GENERATIONS * PROMPTS_PER_STEP
    for name, seen in calls.items():
        assert len(seen) == 1, f"{name} called {len(seen)} times for one step"
        call = seen[0]
        ids = call.kwargs.get("completion_ids")
        assert ids is not None and len(ids) == n, f"{name} got no completion_ids"
        assert all(isinstance(i, int) for row in ids for i in row)
        assert list(call.kwargs["solution"]) == ["$3$"] * n
        assert all(isinstance(c, list) == conversational for c in call.completions)
        assert len(call.results) == n and all(r.reason for r in call.results)

    accuracy = calls["accuracy_reward"][0]
    ids = accuracy.kwargs["completion_ids"]
    texts = [completion_text(c) for c in accuracy.completions]
    cut = [i for i, row in enumerate(ids) if tiny.truncated(row) and "\\boxed{3}" in texts[i]]
    whole = [i for i, row in enumerate(ids) if row[-1] == tiny.eos and texts[i].strip() == ANSWER_TEXT]
    assert cut, f"the fixture model produced no cut completion holding \\boxed{{3}}: {texts}"
    assert all(accuracy.values[i] == 1.0 for i in whole)
    if profile == "patched":
        for i in cut:
            assert accuracy.values[i] == 0.0, (texts[i], accuracy.results[i])
            assert "truncat" in accuracy.results[i].reason.lower(), accuracy.results[i]
        # Same text, ids that end with EOS inside the budget: now complete, so the verdict must flip.
        i = cut[0]
        relabelled = [ids[i][: tiny.max_completion_length - 1] + [tiny.eos]]
        again = explain(
            funcs[args["reward_funcs"].index("accuracy")],
            [accuracy.completions[i]],
            solution=["$3$"],
            completion_ids=relabelled,
        )
        assert again[0].value == 1.0, again[0]
    else:
        # Upstream never looks at ids: the cut completion is paid as a correct answer (the fault patched fixes).
        assert all(accuracy.values[i] == 1.0 for i in cut)


@pytest.mark.parametrize("conversational", [True], ids=["conversational"])
def test_async_reward_functions_off_the_main_thread_neither_crash_nor_hang(
    tiny: Tiny, conversational: bool, tmp_path: Path
) -> None:
    args = _script_args("patched", tiny)
    funcs = get_reward_funcs(args, profile="patched")
    # One group's gold is an input sympy never finishes evaluating; the engine must time it out, not hang.
    dataset = _dataset(conversational, ["$3$", "$9^{9^{9^{9}}}$"])
    seen: list[tuple[str, list[Any], list[Any]]] = []
    trainer = _trainer(tiny, [_as_async(f, seen) for f in funcs], dataset, tmp_path)
    assert trainer._has_async_funcs
    errors: list[BaseException] = []

    def train() -> None:
        try:
            trainer.train()
        except BaseException as exc:  # noqa: BLE001 - reported by the assertion below
            errors.append(exc)

    worker = threading.Thread(target=train, daemon=True)
    worker.start()
    worker.join(timeout=90)
    assert not worker.is_alive(), "GRPO step with async patched rewards did not finish within 90 s"
    assert not errors, repr(errors[0]) if errors else ""
    logged = _logged(trainer)
    for key in args["reward_funcs"]:
        assert f"rewards/{UPSTREAM_NAMES[key]}/mean" in logged
    assert len(seen) == len(funcs) and all(thread != "MainThread" for thread, _, _ in seen)
    accuracy = seen[args["reward_funcs"].index("accuracy")]
    for gold, value in zip(accuracy[1], accuracy[2], strict=True):
        if gold == "$9^{9^{9^{9}}}$":
            assert value is None or value == 0.0, value  # skipped (timeout) or wrong, never a crash
        else:
            assert value in (0.0, 1.0)
