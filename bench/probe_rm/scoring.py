"""What every reward model under probe looks like: ``score(prompts, answers, layout) -> list[Score]``.

A plain Python callable ``f(prompts, completions) -> scores`` is wrapped by :class:`CallableRewardModel`;
transformers checkpoints live in :mod:`rewardcheck.bench.probe_rm.loading`.

>>> rm = CallableRewardModel(lambda prompts, completions: [len(c) for c in completions])
>>> [s.value for s in score_in_batches(rm, ["p", "q"], ["ab", "abcd"], batch_size=1)]
[2.0, 4.0]
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from rewardcheck.bench.errors import InputError

__all__ = ["Score", "RewardModel", "CallableRewardModel", "score_in_batches", "LAYOUTS", "load_callable"]

# "default": how the model is scored in training (DeepSpeed-Chat step 3: left-padded prompt, right-padded
# answer; HF/TRL: right-padded). "right"/"left": the whole sequence padded on that side.
LAYOUTS = ("default", "right", "left")


@dataclass(frozen=True)
class Score:
    """One scored (prompt, answer): the value, where in the model input it was read, and the token there."""

    value: float
    read_position: int | None = None
    read_token: str | None = None
    answer_tokens: int | None = None
    read_in_prompt: bool = False  # the value came from a prompt token (empty answer, or pad at answer start)


class RewardModel(Protocol):
    name: str
    kind: str  # "hf", "dschat", "callable"
    eos_text: str | None
    end_marker: str | None
    pad_note: str

    def score(
        self, prompts: Sequence[str], answers: Sequence[str], layout: str = "default"
    ) -> list[Score]: ...

    def random_tokens(self, rng: random.Random, n: int) -> str | None: ...


class CallableRewardModel:
    """A reward model given as ``f(prompts, completions) -> scores``; layouts do not apply to it."""

    kind = "callable"
    pad_note = "not applicable (callable)"

    def __init__(
        self,
        func: Callable[[list[str], list[str]], Any],
        name: str | None = None,
        eos_text: str | None = None,
    ) -> None:
        self.func = func
        self.name = name or getattr(func, "__name__", "callable")
        self.eos_text = eos_text
        self.end_marker = eos_text

    def score(self, prompts: Sequence[str], answers: Sequence[str], layout: str = "default") -> list[Score]:
        values = list(self.func(list(prompts), list(answers)))
        if len(values) != len(answers):
            raise ValueError(f"{self.name} returned {len(values)} scores for {len(answers)} completions")
        return [Score(float(v)) for v in values]

    def random_tokens(self, rng: random.Random, n: int) -> str | None:
        return None


def load_callable(spec: str) -> Callable[[list[str], list[str]], Any]:
    """``package.module:function`` or ``path/to/file.py:function``."""
    import importlib
    import importlib.util
    from pathlib import Path

    target, sep, attr = spec.rpartition(":")
    if not sep or not target or not attr:
        raise InputError(f"--callable {spec!r}: expected module:function or file.py:function")
    if target.endswith(".py"):
        path = Path(target)
        if not path.is_file():
            raise InputError(f"--callable {spec!r}: no such file {path}")
        mod_spec = importlib.util.spec_from_file_location(path.stem, path)
        assert mod_spec is not None and mod_spec.loader is not None
        module = importlib.util.module_from_spec(mod_spec)
        mod_spec.loader.exec_module(module)
    else:
        module = importlib.import_module(target)
    func = getattr(module, attr, None)
    if not callable(func):
        raise InputError(f"--callable {spec!r}: {target} has no callable {attr!r}")
    return func  # type: ignore[no-any-return]


def score_in_batches(
    model: RewardModel,
    prompts: Sequence[str],
    answers: Sequence[str],
    *,
    batch_size: int = 8,
    layout: str = "default",
    progress: Any = None,
) -> list[Score]:
    """Score in batches of ``batch_size``; ``progress`` is ``None`` or a ``(advance: int) -> None`` callback."""
    if len(prompts) != len(answers):
        raise ValueError("prompts and answers differ in length")
    out: list[Score] = []
    for start in range(0, len(answers), max(1, batch_size)):
        stop = start + max(1, batch_size)
        out.extend(model.score(prompts[start:stop], answers[start:stop], layout=layout))
        if progress is not None:
            progress(len(answers[start:stop]))
    return out
