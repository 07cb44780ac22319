"""Re-run open-r1's own reward code from a user's checkout to regenerate the recorded upstream values.

Nothing from open-r1 is stored in this repository. Given a checkout (a work tree or a bare clone) of
https://github.com/huggingface/open-r1, this module reads ``src/open_r1/rewards.py`` at each pinned commit
with ``git show``, loads it with its code-execution imports stubbed (only math/format rewards are called),
and calls every reward the way TRL does: keywords only, conversational completions. The values replace
the ``expected`` / ``outputs`` of the fixtures in place; a rebuild with the same versions of math-verify and
latex2sympy2_extended reproduces the committed files byte for byte.

>>> regenerate(Path("fixtures"), Path("~/src/open-r1").expanduser())   # doctest: +SKIP
"""

from __future__ import annotations

import contextlib
import importlib.util
import io
import subprocess
import sys
import types
from collections import defaultdict
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from tools.fixtures_build import GOLDEN, BuildReport, FixtureError, jsonl_bytes, read_jsonl

__all__ = ["COMMITS", "CASES", "PROBES", "load_rewards", "reward_functions", "regenerate"]

COMMITS = {
    "openr1@e4ac3ae": "e4ac3ae070e43d7923f806c4e66c45e32ea52969",
    "openr1@1416fa0": "1416fa0cf21595d2083b399a2a0bbddd7f6e9563",
}
CASES = Path("upstream/cases.jsonl")
PROBES = Path("golden/probes.jsonl")
QWEN_EOS_ID = 151645
# open-r1's GRPOScriptArguments defaults (the CLI defaults, not get_cosine_scaled_reward's own).
CLI_DEFAULTS: dict[str, Any] = {
    "min_value_wrong": 0.0,
    "max_value_wrong": -0.5,
    "min_value_correct": 0.5,
    "max_value_correct": 1.0,
    "max_len": 1000,
    "ngram_size": 3,
    "max_penalty": -1.0,
    "max_completion_len": 16384,
    "soft_punish_cache": 4096,
}


class _Stub(types.ModuleType):
    """Stands in for open-r1's code-execution helpers, which the math rewards never call."""

    def __getattr__(self, name: str) -> Any:
        if name.startswith("__"):
            raise AttributeError(name)
        return lambda *args, **kwargs: None


def load_rewards(src: Path, commit: str) -> types.ModuleType:
    """``src/open_r1/rewards.py`` at ``commit`` of the checkout ``src``, imported as a throwaway module."""
    try:
        code = subprocess.run(
            ["git", "-C", str(src), "show", f"{commit}:src/open_r1/rewards.py"],
            check=True,
            capture_output=True,
            text=True,
        ).stdout
    except (OSError, subprocess.CalledProcessError) as exc:
        detail = getattr(exc, "stderr", "") or str(exc)
        raise FixtureError(
            f"{src}: cannot read src/open_r1/rewards.py at {commit}: {detail.strip()}"
        ) from None
    package = f"_rewardcheck_upstream_{commit[:7]}"
    for name in (
        package,
        f"{package}.utils",
        f"{package}.utils.code_providers",
        f"{package}.utils.competitive_programming",
    ):
        stub = _Stub(name)
        stub.__path__ = []
        sys.modules[name] = stub
    spec = importlib.util.spec_from_loader(f"{package}.rewards", loader=None)
    assert spec is not None
    module = importlib.util.module_from_spec(spec)
    module.__package__ = package
    sys.modules[spec.name] = module
    exec(compile(code, f"<open-r1 {commit[:7]} src/open_r1/rewards.py>", "exec"), module.__dict__)  # noqa: S102
    return module


def reward_functions(
    module: types.ModuleType, profile: str, max_completion_len: int = 16384, soft_punish_cache: int = 4096
) -> dict[str, Callable[..., Any]]:
    d = CLI_DEFAULTS
    funcs: dict[str, Callable[..., Any]] = {
        "accuracy": module.accuracy_reward,
        "format": module.format_reward,
        "reasoning_steps": module.reasoning_steps_reward,
        "cosine": module.get_cosine_scaled_reward(
            min_value_wrong=d["min_value_wrong"],
            max_value_wrong=d["max_value_wrong"],
            min_value_correct=d["min_value_correct"],
            max_value_correct=d["max_value_correct"],
            max_len=d["max_len"],
        ),
        "repetition_penalty": module.get_repetition_penalty_reward(
            ngram_size=d["ngram_size"], max_penalty=d["max_penalty"]
        ),
    }
    if profile == "openr1@1416fa0":
        funcs["tag_count"] = module.tag_count_reward
        funcs["length"] = module.len_reward
        funcs["soft_overlong_punishment"] = module.get_soft_overlong_punishment(
            max_completion_len=max_completion_len, soft_punish_cache=soft_punish_cache
        )
    return funcs


def _call(
    func: Callable[..., Any], texts: Sequence[str], solutions: Sequence[str], ids: Sequence[Sequence[int]]
) -> list[Any]:
    """One TRL-shaped call; upstream's prints are swallowed, an exception is recorded per case."""
    try:
        with contextlib.redirect_stdout(io.StringIO()):
            return list(
                func(
                    prompts=["" for _ in texts],
                    completions=[[{"role": "assistant", "content": t}] for t in texts],
                    solution=list(solutions),
                    completion_ids=[list(x) for x in ids],
                )
            )
    except Exception as exc:  # recorded, so a faithful profile must raise the same way
        return [{"raises": type(exc).__name__}] * len(texts)


def _fill(
    records: list[dict[str, Any]],
    table: str,
    funcs: dict[str, dict[str, Callable[..., Any]]],
    text: Callable[[dict[str, Any]], str],
    solution: Callable[[dict[str, Any]], str],
    ids: Callable[[dict[str, Any]], Sequence[int]],
    batch: Callable[[dict[str, Any]], Any],
) -> None:
    """Replace ``record[table][profile][reward]`` for every reward already recorded there."""
    for profile, by_name in funcs.items():
        for name, func in by_name.items():
            targets = [r for r in records if r.get(table) and name in r[table].get(profile, {})]
            groups: dict[Any, list[dict[str, Any]]] = defaultdict(list)
            for r in targets:
                groups[batch(r) if name == "length" else id(r)].append(r)
            for group in groups.values():
                values = _call(
                    func, [text(r) for r in group], [solution(r) for r in group], [ids(r) for r in group]
                )
                for r, v in zip(group, values, strict=True):
                    r[table][profile][name] = v


def regenerate(root: Path, src: Path, tokenizer: Any = None) -> BuildReport:
    """Recompute the upstream values of golden.jsonl, probes.jsonl and upstream/cases.jsonl under ``root``."""
    if tokenizer is None:
        from rewardcheck.bench.tokenizers import qwen_tokenizer

        tokenizer = qwen_tokenizer()
    modules = {profile: load_rewards(src, commit) for profile, commit in COMMITS.items()}
    funcs = {p: reward_functions(m, p) for p, m in modules.items()}
    small = {
        "openr1@1416fa0": {
            "soft_overlong_punishment@100/20": reward_functions(
                modules["openr1@1416fa0"], "openr1@1416fa0", 100, 20
            )["soft_overlong_punishment"]
        }
    }
    report = BuildReport()

    golden = read_jsonl(root / GOLDEN)
    golden_ids = {r["id"]: tokenizer(r["completion"], add_special_tokens=False)["input_ids"] for r in golden}
    _fill(
        golden,
        "expected",
        funcs,
        lambda r: r["completion"],
        lambda r: r["gold"],
        lambda r: golden_ids[r["id"]],
        lambda r: r["len_batch"],
    )
    (root / GOLDEN).write_bytes(jsonl_bytes(golden))
    report.written.append(GOLDEN)

    probes = read_jsonl(root / PROBES)
    timed = [p for p in probes if p.get("expected") is None]
    _fill(
        probes,
        "expected",
        funcs,
        lambda r: r["completion"],
        lambda r: r["gold"],
        lambda r: r["completion_ids"],
        lambda r: r["id"],
    )
    (root / PROBES).write_bytes(jsonl_bytes(probes))
    report.written.append(PROBES)
    report.notes.append(
        f"{len(timed)} probe(s) hit math-verify's timeout upstream; their upstream values stay unrecorded"
    )

    cases = read_jsonl(root / CASES)
    for mapping in (funcs, small):
        _fill(
            cases,
            "outputs",
            mapping,
            lambda r: r["completion"],
            lambda r: r["solution"],
            lambda r: r["completion_ids"],
            lambda r: r["batch"],
        )
    (root / CASES).write_bytes(jsonl_bytes(cases))
    report.written.append(CASES)
    return report
