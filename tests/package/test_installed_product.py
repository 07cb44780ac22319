"""One import name (issue 28): everything lives under ``rewardcheck``, nothing is loaded twice, pickles name
``rewardcheck.rewards.*``, and the old top-level names refuse with the new path instead of loading a copy."""

from __future__ import annotations

import pickle
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from rewardcheck import get_reward_funcs
from rewardcheck.rewards.patched.registry import get_cosine_scaled_reward
from rewardcheck.rewards.result import RewardResult

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("old", ["rewards", "bench"])
def test_the_old_top_level_names_refuse_with_the_new_path(old: str) -> None:
    proc = subprocess.run(
        [sys.executable, "-c", f"import {old}"], cwd=ROOT, capture_output=True, text=True, timeout=120
    )
    assert proc.returncode != 0
    assert f"rewardcheck.{old}" in proc.stderr, proc.stderr[-400:]


def test_no_module_is_loaded_under_two_names() -> None:
    code = textwrap.dedent(
        """
        import sys
        import rewardcheck, rewardcheck.trl
        from rewardcheck import check_reward, get_reward_funcs, judge, guarded, RewardcheckCallback
        import rewardcheck.bench.scan.pipeline, rewardcheck.rewards.adapters.verl, rewardcheck.bench.pytest_plugin
        get_reward_funcs({"reward_funcs": ["accuracy", "format"]})
        tops = sorted({m.split(".")[0] for m in sys.modules if m.split(".")[0] in ("rewards", "bench")})
        assert tops == [], tops
        files = {}
        for name, m in list(sys.modules.items()):
            f = getattr(m, "__file__", None)
            if f and name.startswith("rewardcheck"):
                assert f not in files, (name, files.get(f))
                files[f] = name
        print(len(files))
        """
    )
    proc = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr[-800:]
    assert int(proc.stdout.split()[-1]) > 50


def test_pickles_name_rewardcheck_rewards_and_load_beside_a_users_rewards_module(tmp_path: Path) -> None:
    funcs = get_reward_funcs(
        {"reward_funcs": ["accuracy", "format", "cosine"]}, {"max_completion_length": 64}
    )
    items = [*funcs, get_cosine_scaled_reward(max_len=100), RewardResult(1.0, "ok", "3", "3")]
    blob = pickle.dumps(items)
    assert b"rewardcheck.rewards" in blob
    assert b"\x8c\x07rewards" not in blob and b"\nrewards." not in blob  # no module named plain "rewards"
    (tmp_path / "rewards.py").write_text("def accuracy_reward(completions, **kw):\n    return [0.5]\n")
    (tmp_path / "bench").mkdir()
    (tmp_path / "bench" / "__init__.py").write_text("MINE = True\n")
    (tmp_path / "items.pkl").write_bytes(blob)
    code = textwrap.dedent(
        """
        import pickle, sys
        import rewards, bench  # the user's own modules, first on sys.path (open-r1's rewards.py)
        items = pickle.load(open("items.pkl", "rb"))
        assert rewards.accuracy_reward([""]) == [0.5] and bench.MINE
        acc = items[0]
        print(acc(["The answer is $\\\\boxed{3}$."], solution=["$3$"]), items[-1].reason, acc.__module__)
        """
    )
    proc = subprocess.run(
        [sys.executable, "-c", code], cwd=tmp_path, capture_output=True, text=True, timeout=300
    )
    assert proc.returncode == 0, proc.stderr[-800:]
    assert proc.stdout.split()[:2] == ["[1.0]", "ok"], proc.stdout
    assert "rewardcheck.rewards" in proc.stdout


def test_the_plugin_is_registered_under_the_one_name() -> None:
    from importlib.metadata import entry_points

    plugins = {ep.name: ep.value for ep in entry_points(group="pytest11")}
    assert plugins.get("rewardcheck") == "rewardcheck.bench.pytest_plugin"
