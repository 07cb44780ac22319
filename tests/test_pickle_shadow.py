"""Pickled reward functions name the unshadowable ``rewardcheck.rewards.*`` path (issue 21, item 7).

A process started by ``accelerate launch src/open_r1/grpo.py`` has open-r1's ``rewards.py`` first on
``sys.path``; a pickle naming ``rewards.result`` fails there (``ModuleNotFoundError: No module named
'rewards.result'``). These tests pickle every profile's rewards and the factories' products here, then load
and call them in a fresh interpreter whose ``sys.path[0]`` holds such a ``rewards.py``.
"""

from __future__ import annotations

import json
import os
import pickle
import pickletools
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any

import pytest

from rewards import RewardResult, build_registry
from rewards.patched.registry import get_cosine_scaled_reward as patched_cosine
from rewards.patched.repetition import get_repetition_penalty_reward as patched_repetition
from rewards.upstream.openr1_1416fa0 import get_soft_overlong_punishment
from rewards.upstream.unchanged_rewards import get_cosine_scaled_reward, get_repetition_penalty_reward

ROOT = Path(__file__).resolve().parents[1]
PROFILES = ("openr1@e4ac3ae", "openr1@1416fa0", "patched")
ROWS = [
    "<think>\nFirst, 1 + 2 = 3 because one plus two is three.\n</think>\nThe answer is \\boxed{3}.",
    "<think>\nno idea\n</think>\n\\boxed{4}",
]
COLUMNS: dict[str, Any] = {
    "solution": ["3", "3"],
    "completion_ids": [[1, 2, 3], [1, 2]],
    "prompts": ["q", "q"],
}


def _funcs() -> list[Any]:
    funcs: list[Any] = [f for p in PROFILES for f in build_registry({"cosine_max_len": 77}, p).values()]
    funcs += [
        get_cosine_scaled_reward(-1.0, -0.5, 0.5, 1.0, 100),
        get_repetition_penalty_reward(2, -1.0),
        get_soft_overlong_punishment(10, 4),
        patched_cosine(max_len=50, count_chars=True),
        patched_repetition(2, -1.0, language="en"),
        *_trl_shaped(),
    ]
    return funcs


def _trl_shaped() -> list[Any]:
    from rewards import trl_shaped as t

    return [
        t.accuracy_reward,
        t.reasoning_accuracy_reward,
        t.think_format_reward,
        t.get_cosine_scaled_reward(100),
        t.get_repetition_penalty_reward(2, -1.0),
        t.get_soft_overlong_punishment(10, 4),
    ]


def _modules(payload: bytes) -> set[str]:
    """Every module a pickle names (GLOBAL, and the strings STACK_GLOBAL pops: module then attribute)."""
    names: set[str] = set()
    strings: list[str] = []
    for op, arg, _ in pickletools.genops(payload):
        if op.name == "GLOBAL":
            names.add(str(arg).split(" ")[0])
        elif op.name == "STACK_GLOBAL" and len(strings) >= 2:
            names.add(strings[-2])
        if isinstance(arg, str):
            strings.append(arg)
    return names


def test_pickles_name_only_the_unshadowable_path() -> None:
    for f in [*_funcs(), RewardResult(1.0, "ok", "3", "3", {"verdict": "correct"})]:
        mods = _modules(pickle.dumps(f))
        ours = {m for m in mods if m == "rewards" or m.startswith(("rewards.", "rewardcheck"))}
        assert ours and all(m.startswith("rewardcheck.rewards.") for m in ours), (f, mods)
    g = pickle.loads(pickle.dumps(RewardResult(0.5, "half", details={"k": 1})))
    assert g == RewardResult(0.5, "half", details={"k": 1})


def _child(tmp_path: Path, code: str) -> subprocess.CompletedProcess[str]:
    """``code`` run as a script in a folder holding a fake open-r1 ``rewards.py`` (so it is sys.path[0])."""
    shadow = tmp_path / "open_r1"
    shadow.mkdir(exist_ok=True)
    (shadow / "rewards.py").write_text(
        "SHADOW = True\n\ndef accuracy_reward(completions, **kwargs):\n    return []\n"
    )
    script = shadow / "grpo.py"
    script.write_text(textwrap.dedent(code))
    env = dict(os.environ, PYTHONPATH=str(ROOT), HF_HUB_OFFLINE="1", TRANSFORMERS_OFFLINE="1")
    return subprocess.run(
        [sys.executable, str(script)], capture_output=True, text=True, env=env, cwd=shadow, timeout=240
    )


def test_unpickled_in_a_process_where_rewards_is_shadowed(tmp_path: Path) -> None:
    funcs = _funcs()
    here = [f(completions=ROWS, **COLUMNS) for f in funcs]
    (tmp_path / "funcs.pkl").write_bytes(pickle.dumps(funcs))
    (tmp_path / "columns.json").write_text(json.dumps({"rows": ROWS, "columns": COLUMNS}))
    out = _child(
        tmp_path,
        f"""
        import json, pickle, sys
        assert sys.path[0].endswith("open_r1")  # as under `accelerate launch src/open_r1/grpo.py`
        data = json.load(open({str(tmp_path / "columns.json")!r}))
        funcs = pickle.load(open({str(tmp_path / "funcs.pkl")!r}, "rb"))
        import rewards
        assert not hasattr(rewards, "SHADOW"), rewards.__file__  # ours was loaded by file location
        from rewardcheck.trl import accuracy_reward  # the TRL-shaped module reaches ours too
        assert accuracy_reward([[{{"content": "\\\\boxed{{3}}"}}]], ["3"]) == [1.0]
        print(json.dumps([f(completions=data["rows"], **data["columns"]) for f in funcs]))
        """,
    )
    assert out.returncode == 0, out.stderr[-3000:]
    assert json.loads(out.stdout.splitlines()[-1]) == here


def test_a_shadow_already_imported_is_named_not_a_missing_module(tmp_path: Path) -> None:
    (tmp_path / "acc.pkl").write_bytes(pickle.dumps(build_registry({}, "patched")["accuracy"]))
    out = _child(
        tmp_path,
        f"""
        import pickle
        import rewards  # open-r1's own, imported first under the plain name
        try:
            pickle.load(open({str(tmp_path / "acc.pkl")!r}, "rb"))
        except ImportError as exc:
            print(type(exc).__name__, exc)
        """,
    )
    assert out.returncode == 0, out.stderr[-3000:]
    assert out.stdout.startswith("RewardsShadowedError") and "open_r1/rewards.py" in out.stdout


@pytest.mark.skipif(
    __import__("importlib").util.find_spec("jieba") is None,
    reason="jieba not installed (pip install 'rewardcheck[zh]')",
)
def test_zh_repetition_pickles() -> None:
    f = patched_repetition(2, -1.0, language="zh")
    g = pickle.loads(pickle.dumps(f))
    assert g(["这个这个这个这个这个"]) == f(["这个这个这个这个这个"]) == [-0.75]
